//! docs/views/trace.md against the tool: every example marked
//! `<!-- output of: queens ... -->` is that command's real output, and every
//! step count the page quotes (`` `queens trace 8` has 8,134 steps ``) is
//! the one the trace ends with.

use std::path::Path;
use std::process::Command;

/// The page, read from the workspace.
fn page() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/views/trace.md"))
        .expect("docs/views/trace.md")
}

/// What `queens` prints on stdout for `command` (`queens trace 4 ...`).
fn run(command: &str) -> String {
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let output = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(&args)
        .output()
        .expect("queens runs");
    assert!(output.status.success(), "{command}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Each marked example: the command, and the text block under it.
fn examples(page: &str) -> Vec<(&str, &str)> {
    const MARK: &str = "<!-- output of: ";
    page.match_indices(MARK)
        .map(|(at, _)| {
            let rest = &page[at + MARK.len()..];
            let command = &rest[..rest.find(" -->").expect("the mark's end")];
            let block = rest
                .split_once("```text\n")
                .expect("a text block under the mark")
                .1;
            (
                command,
                &block[..block.find("```").expect("the block's end")],
            )
        })
        .collect()
}

/// Each quoted step count: the command in backticks, and the number after
/// `has`.
fn quoted_steps(page: &str) -> Vec<(&str, u64)> {
    const QUOTE: &str = "`queens trace ";
    page.match_indices(QUOTE)
        .filter_map(|(at, _)| {
            let rest = &page[at + 1..];
            let end = rest.find('`')?;
            let after = rest[end + 1..].strip_prefix(" has ")?;
            let digits: String = after
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == ',')
                .collect();
            Some((&rest[..end], digits.replace(',', "").parse().ok()?))
        })
        .collect()
}

/// The steps a trace says it ended after.
fn steps_of(trace: &str) -> u64 {
    let line = trace
        .lines()
        .find(|line| line.starts_with("the search ended after "))
        .expect("a whole trace");
    line["the search ended after ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .replace(',', "")
        .parse()
        .unwrap()
}

#[test]
fn every_marked_example_is_the_tools_output() {
    let page = page();
    let examples = examples(&page);
    // The array, naive, permutation, matrix and pre-placed examples, and
    // one each for the bitboard, min-conflicts and the construction.
    assert_eq!(examples.len(), 9);
    for (command, shown) in examples {
        assert_eq!(run(command), shown, "{command}");
    }
}

#[test]
fn every_quoted_step_count_is_the_tools() {
    let page = page();
    let quoted = quoted_steps(&page);
    let commands: Vec<&str> = quoted.iter().map(|(command, _)| *command).collect();
    assert_eq!(
        commands,
        [
            "queens trace 8",
            "queens trace 9",
            "queens trace 8 --algo lookup",
            "queens trace 9 --algo lookup",
        ]
    );
    for (command, steps) in quoted {
        assert_eq!(steps_of(&run(command)), steps, "{command}");
    }
}

#[test]
fn the_bitboards_trace_is_not_the_lookup_solvers() {
    for n in ["4", "6"] {
        let bitboard = run(&format!("queens trace {n} --algo bitboard"));
        let lookup = run(&format!("queens trace {n} --algo lookup"));
        assert_ne!(bitboard, lookup, "n = {n}");
        assert!(!bitboard.contains("reject"), "n = {n}");
        assert!(
            bitboard.starts_with("mask of row 0: cols 0, 1, 2, 3"),
            "n = {n}"
        );
        let places = |trace: &str| -> Vec<String> {
            trace
                .lines()
                .filter(|line| line.starts_with("place "))
                .map(str::to_owned)
                .collect()
        };
        // The same queens in the same order: only how each is found differs.
        assert_eq!(places(&bitboard), places(&lookup), "n = {n}");
    }
}
