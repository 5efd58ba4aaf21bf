//! Exit statuses: every way a run ends, with the status the help lists, and
//! bad input on one line with status 2.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Exit statuses

#[test]
fn first_without_a_solution_exits_1() {
    let run = queens(&["first", "3", "--algo", "array"]);
    run.assert_status(1);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "no solution for n = 3\n");

    let run = queens(&["first", "3", "--algo", "array", "--json"]);
    run.assert_status(1);
    let record = parse_json(&run.stdout);
    assert_eq!(record["queens"], Value::Null);
    assert_eq!(run.stderr, "no solution for n = 3\n");

    let run = queens(&["first", "4", "--algo", "array", "--queen", "0:0"]);
    run.assert_status(1);
    assert_eq!(
        run.stderr,
        "no solution for n = 4 with queens at (row 0, col 0)\n"
    );
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["count", "x"],
            "error: invalid value 'x' for N: expected a whole number",
        ),
        (
            &["count", "4.5"],
            "error: invalid value '4.5' for N: expected a whole number",
        ),
        (
            &["count", "-3"],
            "error: invalid value '-3' for N: a board size cannot be negative",
        ),
        (
            &["first", "99999999999999999999999"],
            "error: invalid value '99999999999999999999999' for N: the number is too large",
        ),
        (
            &["count", "5000", "--algo", "array"],
            "error: n = 5,000 is past the array solver's largest board, n = 4,096 (a bound far \
             past the n = 14 it counts in seconds, which keeps its arrays small); no solver \
             counts every solution of a board that large in reasonable time, but queens first \
             5000 with --algo construct or --algo min-conflicts finds one solution",
        ),
        (
            &["first", "18446744073709551615", "--algo", "array"],
            "error: n = 18,446,744,073,709,551,615 is past the array solver's largest board, \
             n = 4,096 (a bound far past the n = 14 it counts in seconds, which keeps its arrays \
             small); no solver of the workspace finds one solution of a board that large \
             without --force",
        ),
        (
            &["first", "4", "--queen", "4:0"],
            "error: the pre-placed queen at (row 4, col 0) is off the 4×4 board",
        ),
        (
            &["first", "4", "--queen", "1"],
            "error: invalid value '1' for --queen: expected ROW:COL, two whole numbers counted from 0, such as 0:2",
        ),
        (
            &["first", "4", "--queen", "a:b"],
            "error: invalid value 'a:b' for --queen: expected ROW:COL, two whole numbers counted from 0, such as 0:2",
        ),
        (
            &["first", "4", "--queen", "-1:2"],
            "error: invalid value '-1:2' for --queen: expected ROW:COL, two whole numbers counted from 0, such as 0:2",
        ),
        (
            &["first", "8", "--queen", "1:3", "--queen", "2:4"],
            "error: pre-placed queens at (row 1, col 3) and (row 2, col 4) share a diagonal",
        ),
        (
            &["count", "8", "--queen", "0:0", "--queen", "5:0"],
            "error: pre-placed queens at (row 0, col 0) and (row 5, col 0) share a column",
        ),
        (
            &["all", "8", "--queen", "2:4", "--queen", "2:4"],
            "error: pre-placed queens at (row 2, col 4) and (row 2, col 4) stand on the same square",
        ),
        (
            &["count", "8", "--unique", "--queen", "0:0"],
            "error: fundamental solutions are defined only for an empty board: rotations and reflections move pre-placed queens",
        ),
        (
            &["count"],
            "error: the following required arguments were not provided: <N>",
        ),
        (
            &["count", "4", "--bogus"],
            "error: unexpected argument '--bogus' found",
        ),
        (
            &["frobnicate", "4"],
            "error: unrecognized subcommand 'frobnicate'",
        ),
        (
            &[],
            "error: name a subcommand: count, first, all, check, trace, merge, plan, sudoku, race",
        ),
    ];
    for (args, message) in cases {
        assert_eq!(queens(args).rejected(), *message, "queens {args:?}");
    }
    assert_eq!(
        queens(&["count", "4", "--algo", "foo"]).rejected(),
        "error: unknown algorithm 'foo' (expected one of naive, permutation, matrix, array, \
         lookup, bnb, bitboard, construct, min-conflicts)"
    );
}

#[test]
fn help_and_version_succeed() {
    let help = queens(&["--help"]);
    assert!(help.answered().contains("Usage: queens <COMMAND>"));
    assert!(help.stdout.contains("unless --force is given"));
    let count_help = queens(&["count", "--help"]);
    assert!(
        count_help
            .answered()
            .contains("- matrix:      matrix isSafe backtracking")
    );
    let version = queens(&["--version"]);
    assert_eq!(
        version.answered(),
        format!("queens {}\n", env!("CARGO_PKG_VERSION"))
    );
}
