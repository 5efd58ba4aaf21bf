//! Pre-placed queens (`--queen ROW:COL`): kept where they were put, or
//! refused with the two queens that attack.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Pre-placed queens

#[test]
fn a_fixed_first_queen_gives_seed_004s_board() {
    let expected = [2, 0, 6, 4, 7, 1, 3, 5];
    for algo in ["array", "lookup"] {
        let record = queens(&["first", "8", "--algo", algo, "--queen", "0:2", "--json"]).json();
        assert_eq!(placement(&record["queens"]), expected, "{algo}");
    }
    let board = queens(&["first", "8", "--algo", "array", "--queen", "0:2"]);
    assert_eq!(board.answered(), queens_core::format::matrix(&expected));
}

#[test]
fn the_column_major_solver_keeps_a_fixed_queen_and_its_order() {
    let every = json_lines(&queens(&[
        "all", "8", "--algo", "array", "--queen", "0:2", "--json",
    ]));
    let order = solver(column_major()).info().order;
    let expected = every
        .iter()
        .min_by(|a, b| order.compare(a, b))
        .expect("solutions with a queen at (0, 2)");
    let record = queens(&[
        "first",
        "8",
        "--algo",
        column_major(),
        "--queen",
        "0:2",
        "--json",
    ])
    .json();
    assert_eq!(&placement(&record["queens"]), expected);
}

#[test]
fn several_queens_narrow_the_count() {
    for algo in backtracking() {
        let one = queens(&["count", "8", "--algo", algo, "--queen", "0:0"]);
        assert_eq!(one.answered(), "4\n", "{algo}");
        let two = queens(&[
            "count", "8", "--algo", algo, "--queen", "0:0", "--queen", "1:4",
        ]);
        assert_eq!(two.answered(), "1\n", "{algo}");
    }
}
