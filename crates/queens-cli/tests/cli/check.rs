//! `queens check`: a placement read back from every notation the tool prints,
//! and checked.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Checking a placement

/// Seed 004's first eight-queens board, one 0-based column per line.
const EIGHT_QUEENS_LINES: &str = "0\n4\n7\n5\n2\n6\n1\n3\n";

/// The verdict on a valid placement of `n` queens.
fn valid(n: &str) -> String {
    format!("valid: {n} queens, no two attack each other\n")
}

/// Runs `check` on `input` and returns the one line of a placement found
/// invalid, after asserting exit status 1 and nothing on stdout.
#[track_caller]
fn invalid(input: &str) -> String {
    let run = queens_reading(&["check"], input);
    run.assert_status(1);
    assert_eq!(run.stdout, "", "check {input:?}: stdout");
    one_line(&run.args, &run.stderr).to_owned()
}

/// A solution for an even `n` with `n mod 6` of 0 or 4: the odd columns in
/// order, then the even ones.
fn constructed(n: usize) -> Vec<usize> {
    (1..n).step_by(2).chain((0..n).step_by(2)).collect()
}

/// `columns` one per line.
fn column_lines(columns: &[usize]) -> String {
    columns.iter().map(|col| format!("{col}\n")).collect()
}

#[test]
fn check_accepts_eight_queens_in_every_notation_the_tool_prints() {
    let rows = queens(&["first", "8", "--format", "rows"]);
    let json = queens(&["first", "8", "--json"]);
    for input in [
        rows.answered(),
        json.answered(),
        EIGHT_QUEENS_LINES,
        "[0, 4, 7, 5, 2, 6, 1, 3]\n",
    ] {
        let run = queens_reading(&["check"], input);
        assert_eq!(run.answered(), valid("8"), "check {input:?}");
    }
    let dir = scratch("check-file");
    let file = dir.join("eight.txt");
    fs::write(&file, EIGHT_QUEENS_LINES).unwrap();
    assert_eq!(queens(&["check", &arg(&file)]).answered(), valid("8"));
    let dash = queens_reading(&["check", "-"], rows.answered());
    assert_eq!(dash.answered(), valid("8"));
    let one = queens(&["first", "1", "--format", "rows"]);
    let run = queens_reading(&["check"], one.answered());
    assert_eq!(run.answered(), "valid: 1 queen, no two attack each other\n");
}

#[test]
fn check_names_the_first_pair_a_moved_queen_attacks() {
    // Row 3's queen moved from column 5 to 1: it now shares a `\` diagonal
    // with row 4's queen, and a column with row 6's, further down.
    assert_eq!(
        invalid("0\n4\n7\n1\n2\n6\n1\n3\n"),
        "invalid: queens at (row 3, col 1) and (row 4, col 2) share a diagonal"
    );
    // Row 2's queen moved from column 8 to 4 in the rows format (1-based);
    // the pair is named from 0, as --queen takes squares.
    assert_eq!(
        invalid("1 5 4 6 3 7 2 4\n"),
        "invalid: queens at (row 1, col 4) and (row 2, col 3) share an anti-diagonal"
    );
    // Row 7's queen moved from column 3 to 0: it attacks row 0's along the
    // column and row 6's along a diagonal; the earlier queen is named.
    assert_eq!(
        invalid("{\"n\":8,\"queens\":[0,4,7,5,2,6,1,0]}"),
        "invalid: queens at (row 0, col 0) and (row 7, col 0) share a column"
    );
}

#[test]
fn a_malformed_placement_gets_one_line_and_exit_2() {
    let cases = [
        (
            "0\n4\nseven\n5\n",
            "error: line 3, row 2: expected a column number, found 'seven'",
        ),
        (
            "0\n4\n\n7\n",
            "error: line 3, row 2: a blank line; expected a column number",
        ),
        (
            "1 5 8 6 3 7 2 x\n",
            "error: line 1, row 7: expected a column number, found 'x'",
        ),
        (
            "0\n2\n8\n",
            "error: line 3, row 2: '8' would put the queen at (row 2, col 8), off the 3×3 board; \
             one column per line numbers columns 0 to 2",
        ),
        (
            "1 3 0 4\n",
            "error: line 1, row 2: '0' is no column; the rows format numbers columns 1 to 4",
        ),
        (
            "[0, 4, 7, 5, 2, 6, 1, 8]",
            "error: row 7: '8' would put the queen at (row 7, col 8), off the 8×8 board; JSON \
             numbers columns 0 to 7",
        ),
        (
            "0\n-1\n",
            "error: line 2, row 1: expected a column number, found '-1'",
        ),
        (
            "2 4 1 3\n3 1 4 2\n",
            "error: line 2: the rows format holds one placement on one line; check one placement at a time",
        ),
        (
            "{\"n\":8,\"queens\":[0,4,7]}",
            "error: the JSON object says n = 8 but its \"queens\" has length 3",
        ),
        (
            "{\"n\":3,\"queens\":null}",
            "error: the JSON object holds no placement: \"queens\" is missing or null",
        ),
        (
            "[0, 4,",
            "error: malformed JSON: EOF while parsing a value at line 1 column 6",
        ),
        (
            "{\"queens\":[0],\"queens\":[0]}",
            "error: malformed JSON: duplicate field `queens` at line 1 column 22",
        ),
        (
            "[0, 18446744073709551616]",
            "error: row 1: the column 18446744073709551616 is too large",
        ),
        (
            "{\"n\":2,\"queens\":[0,-1]}",
            "error: row 1: expected a column number, found '-1'",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(
            queens_reading(&["check"], input).rejected(),
            message,
            "check {input:?}"
        );
    }
    let missing = queens(&["check", "no-such-file.txt"]);
    assert_eq!(
        missing.rejected(),
        "error: cannot read 'no-such-file.txt': No such file or directory (os error 2)"
    );
}

#[test]
fn a_byte_order_mark_before_the_placement_is_skipped() {
    // As a Windows editor saves "UTF-8": the mark, then the text.
    let json = queens(&["first", "4", "--json"]);
    let rows = queens(&["first", "4", "--format", "rows"]);
    for input in [json.answered(), rows.answered(), "1\n3\n0\n2\n"] {
        let marked = format!("\u{feff}{input}");
        let run = queens_reading(&["check"], &marked);
        assert_eq!(run.answered(), valid("4"), "check {marked:?}");
    }
    let dir = scratch("check-bom");
    let file = dir.join("four.json");
    fs::write(&file, "\u{feff}[1, 3, 0, 2]\r\n").unwrap();
    assert_eq!(queens(&["check", &arg(&file)]).answered(), valid("4"));
    assert_eq!(
        invalid("\u{feff}[0, 1]"),
        "invalid: queens at (row 0, col 0) and (row 1, col 1) share a diagonal"
    );
}

#[test]
fn an_empty_placement_is_bad_input() {
    for input in ["", "\n \n", "[]"] {
        assert_eq!(
            queens_reading(&["check"], input).rejected(),
            "error: the input holds no queens: expected the line of `first --format rows`, the \
             JSON of `first --json`, or one 0-based column per line",
            "check {input:?}"
        );
    }
}

#[test]
fn check_takes_a_hundred_thousand_queens() {
    let mut columns = constructed(100_000);
    let run = queens_reading(&["check"], &column_lines(&columns));
    assert_eq!(run.answered(), valid("100,000"));
    // The last two rows' queens swapped: row 99,999's, now in column
    // 99,996, is two rows and two columns from row 99,997's.
    columns.swap(99_998, 99_999);
    assert_eq!(
        invalid(&column_lines(&columns)),
        "invalid: queens at (row 99997, col 99994) and (row 99999, col 99996) share a diagonal"
    );
}
