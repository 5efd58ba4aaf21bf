//! One convention for squares, checked from outside: every message of
//! every command that names a square names it `(row R, col C)`, counted
//! from 0 (the seeds' `board[row] = col`, `--queen R:C`), and calls the two
//! diagonal directions by the trace's two words, "diagonal" (`\`, down to
//! the right) and "anti-diagonal" (`/`, down to the left).
//!
//! The test runs each command with inputs that make it name squares (a
//! placement with attacking queens or a column off the board, in each
//! notation `check` reads; pre-placed queens off the board, attacking, or
//! refused; a trace), asserts each refusal's exact line, and scans every
//! line printed for a square named any other way: a bare "column 5" or
//! "col 5", a `(row ...` that is not a whole square name, a bare pair
//! `(R, C)` (but in a generator's tested placement, listed as pairs of the
//! board), or another word for a diagonal.

use crate::support::{Run, queens_reading};

/// Words for a diagonal that are not the two the tool uses.
const OTHER_DIAGONAL_WORDS: [&str; 10] = [
    "\\ diagonal",
    "/ diagonal",
    "slash",
    "minor diagonal",
    "major diagonal",
    "up diagonal",
    "down diagonal",
    "antidiagonal",
    "anti diagonal",
    "other diagonal",
];

/// Every fault of `line`, printed for an `n`×`n` board, against the one
/// convention: empty when the line keeps it.
fn faults(line: &str, n: usize) -> Vec<String> {
    let mut faults = Vec::new();
    let lower = line.to_lowercase();
    for word in OTHER_DIAGONAL_WORDS {
        if lower.contains(word) {
            faults.push(format!("says '{word}'"));
        }
    }
    // Every full name is `(row R, col C)`; taking them out leaves no
    // column number standing alone.
    let mut rest = String::new();
    let mut text = line;
    while let Some(start) = text.find("(row ") {
        rest.push_str(&text[..start]);
        let after = &text[start..];
        match full_name(after) {
            Some(length) => text = &after[length..],
            None => {
                faults.push(format!("a '(row' that is not a square's name: {after}"));
                text = &after[5..];
            }
        }
    }
    rest.push_str(text);
    // The column-by-column matrix search backtracks from a level, not a
    // square: "backtrack from column 2", 0-based like "from row 2".
    let rest = rest.replace("backtrack from column ", "backtrack from level ");
    // The bitboard's mask lists the open columns of one named row, 0-based:
    // "mask of row 2: cols 1, 3 open".
    let rest = match rest.split_once("mask of row ") {
        Some((before, _)) => before.to_owned(),
        None => rest,
    };
    for word in ["column ", "col "] {
        for (at, _) in rest.match_indices(word) {
            if rest[at + word.len()..].starts_with(|c: char| c.is_ascii_digit()) {
                faults.push(format!("names a column outside a square: {rest}"));
            }
        }
    }
    // A generator's tested placement is listed as pairs, `test (0, 0)
    // (1, 2) ...: a solution`, where a name for each square would run past
    // any terminal's width; its pairs must be squares of the board. Any
    // other bare pair is a square named without saying which is the row.
    let placement = line.starts_with("test (");
    for (row, col) in short_pairs(&rest) {
        if row >= n || col >= n {
            faults.push(format!("({row}, {col}) is no square of the {n}×{n} board"));
        } else if !placement {
            faults.push(format!(
                "a bare pair ({row}, {col}) where a square's name belongs"
            ));
        }
    }
    faults
}

/// The length of the square name `(row R, col C)` that `text` starts with.
fn full_name(text: &str) -> Option<usize> {
    let inner = text.strip_prefix("(row ")?;
    let (row, rest) = inner.split_once(", col ")?;
    let (col, _) = rest.split_once(')')?;
    let numbers = [row, col];
    numbers
        .iter()
        .all(|number| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        .then(|| "(row , col )".len() + row.len() + col.len())
}

/// The bare pairs `(R, C)` in `text`: a square named without saying which
/// number is the row.
fn short_pairs(text: &str) -> Vec<(usize, usize)> {
    text.split('(')
        .skip(1)
        .filter_map(|piece| {
            let (pair, _) = piece.split_once(')')?;
            let (row, col) = pair.split_once(", ")?;
            Some((row.parse().ok()?, col.parse().ok()?))
        })
        .collect()
}

/// Runs `args` on `input` for an `n`×`n` board and asserts that every line
/// it prints keeps the convention.
fn assert_one_convention(args: &[&str], input: &str, n: usize) -> Run {
    let run = queens_reading(args, input);
    let printed = run.printed();
    assert!(!printed.contains("panicked"), "{args:?}: {printed}");
    for line in printed.lines() {
        let found = faults(line, n);
        assert!(found.is_empty(), "queens {args:?}: {line:?}: {found:?}");
    }
    run
}

#[test]
fn every_message_names_squares_one_way() {
    // (arguments, stdin, board size, the one line on stderr, exit status)
    let refusals: [(&[&str], &str, usize, &str, i32); 13] = [
        (
            &["check"],
            "2 4 1 5",
            4,
            "error: line 1, row 3: '5' would put the queen at (row 3, col 4), off the 4×4 \
             board; the rows format numbers columns 1 to 4",
            2,
        ),
        (
            &["check"],
            "2 0 4 1",
            4,
            "error: line 1, row 1: '0' is no column; the rows format numbers columns 1 to 4",
            2,
        ),
        (
            &["check"],
            "1\n3\n0\n4\n",
            4,
            "error: line 4, row 3: '4' would put the queen at (row 3, col 4), off the 4×4 \
             board; one column per line numbers columns 0 to 3",
            2,
        ),
        (
            &["check"],
            "[1, 3, 0, 9]",
            4,
            "error: row 3: '9' would put the queen at (row 3, col 9), off the 4×4 board; JSON \
             numbers columns 0 to 3",
            2,
        ),
        (
            &["check"],
            "1 2 3 4",
            4,
            "invalid: queens at (row 0, col 0) and (row 1, col 1) share a diagonal",
            1,
        ),
        (
            &["check"],
            "[1, 0, 3, 2]",
            4,
            "invalid: queens at (row 0, col 1) and (row 1, col 0) share an anti-diagonal",
            1,
        ),
        (
            &["check"],
            "2\n0\n2\n",
            3,
            "invalid: queens at (row 0, col 2) and (row 2, col 2) share a column",
            1,
        ),
        (
            &["first", "4", "--queen", "0:9"],
            "",
            4,
            "error: the pre-placed queen at (row 0, col 9) is off the 4×4 board",
            2,
        ),
        (
            &["all", "4", "--queen", "0:1", "--queen", "1:0"],
            "",
            4,
            "error: pre-placed queens at (row 0, col 1) and (row 1, col 0) share an \
             anti-diagonal",
            2,
        ),
        (
            &["count", "8", "--queen", "2:3", "--queen", "5:6"],
            "",
            8,
            "error: pre-placed queens at (row 2, col 3) and (row 5, col 6) share a diagonal",
            2,
        ),
        (
            &["first", "6", "--queen", "0:0"],
            "",
            6,
            "no solution for n = 6 with queens at (row 0, col 0)",
            1,
        ),
        (
            &["trace", "4", "--queen", "0:0"],
            "",
            4,
            "error: no solution for n = 4 with queens at (row 0, col 0): nothing to trace",
            2,
        ),
        (
            &["race", "5", "--queen", "0:0", "--queen", "4:4"],
            "",
            5,
            "error: pre-placed queens at (row 0, col 0) and (row 4, col 4) share a diagonal",
            2,
        ),
    ];
    for (args, input, n, line, status) in refusals {
        let run = assert_one_convention(args, input, n);
        assert_eq!(run.stderr, format!("{line}\n"), "queens {args:?}");
        assert_eq!(run.status, Some(status), "queens {args:?}");
    }
}

#[test]
fn every_trace_names_squares_one_way() {
    for &solver in queens_solvers::FINDS_ALL.iter() {
        let algo = solver.info().name;
        let run = assert_one_convention(&["trace", "4", "--algo", algo], "", 4);
        assert_eq!(run.status, Some(0), "{algo}");
        assert!(run.printed().contains("place (row 0, col 1)\n"), "{algo}");
        let run = assert_one_convention(&["trace", "5", "--algo", algo, "--queen", "2:2"], "", 5);
        assert_eq!(run.status, Some(0), "{algo}");
    }
    // The trace's two diagonal words are the ones `check` uses.
    let trace = queens_reading(&["trace", "4", "--algo", "array"], "").printed();
    assert!(trace.contains("\nreject (row 1, col 1): attacked by (row 0, col 0) on a diagonal\n"));
    assert!(
        trace.contains("\nreject (row 2, col 1): attacked by (row 1, col 2) on an anti-diagonal\n")
    );
}

#[test]
fn the_scan_finds_each_other_way_of_naming_a_square() {
    assert_eq!(faults("place (row 3, col 1)", 4), Vec::<String>::new());
    assert_eq!(
        faults("row 3: column 5 is off the board", 4),
        ["names a column outside a square: row 3: column 5 is off the board"]
    );
    assert_eq!(
        faults("queens at (row 1, col 2) and (3, 4) share a \\ diagonal", 4),
        ["says '\\ diagonal'", "(3, 4) is no square of the 4×4 board"]
    );
    assert_eq!(
        faults("attacked by (1, 2) on a diagonal", 4),
        ["a bare pair (1, 2) where a square's name belongs"]
    );
    assert_eq!(
        faults("at (row 1, 2)", 4),
        ["a '(row' that is not a square's name: (row 1, 2)"]
    );
}
