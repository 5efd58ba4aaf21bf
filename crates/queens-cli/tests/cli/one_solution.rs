//! The solvers that find one solution (construct, min-conflicts): huge
//! boards, seeds, pre-placed queens.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Solvers that find one solution

#[test]
fn huge_boards_get_one_solution_that_check_accepts() {
    for algo in finding_one() {
        let board = queens(&["first", "100000", "--algo", algo, "--format", "rows"]);
        let checked = queens_reading(&["check"], board.answered());
        assert_eq!(
            checked.answered(),
            "valid: 100,000 queens, no two attack each other\n",
            "{algo}"
        );
    }
    let record = queens(&["first", "1000", "--algo", "construct", "--json"]);
    let checked = queens_reading(&["check", "-"], record.answered());
    assert_eq!(
        checked.answered(),
        "valid: 1,000 queens, no two attack each other\n"
    );
}

#[test]
fn a_solver_that_finds_one_refuses_to_count_or_list() {
    let finds_one = |algo: &str| {
        format!(
            "error: the {algo} solver finds one solution, not all of them: it cannot count or \
             list; ask for the first solution, or use a backtracking solver"
        )
    };
    for algo in finding_one() {
        assert_eq!(
            queens(&["count", "8", "--algo", algo]).rejected(),
            finds_one(algo)
        );
        assert_eq!(
            queens(&["all", "8", "--algo", algo]).rejected(),
            finds_one(algo)
        );
        assert_eq!(
            queens(&["first", "8", "--unique", "--algo", algo]).rejected(),
            finds_one(algo)
        );
    }
    assert_eq!(
        queens(&["first", "8", "--algo", "construct", "--queen", "0:0"]).rejected(),
        "error: the construct solver cannot keep pre-placed queens; use another solver"
    );
    // Refused by the memory it would take, before any of it is taken.
    assert_eq!(
        queens(&[
            "first",
            "30000000",
            "--algo",
            "min-conflicts",
            "--format",
            "rows"
        ])
        .rejected(),
        "error: a solution for n = 30,000,000 with the min-conflicts solver would need about 916 \
         MB of memory (32 bytes a queen); it solves n up to 20,000,000 without --force; pass \
         --force to run it anyway"
    );
}

#[test]
fn min_conflicts_repeats_with_its_seed_and_keeps_preplaced_queens() {
    let run = |seed: &str| {
        queens(&[
            "first",
            "40",
            "--algo",
            "min-conflicts",
            "--seed",
            seed,
            "--json",
        ])
        .json()
    };
    assert_eq!(run("5")["queens"], run("5")["queens"]);
    let kept = queens(&[
        "first",
        "8",
        "--algo",
        "min-conflicts",
        "--queen",
        "0:3",
        "--json",
    ]);
    assert_eq!(kept.json()["queens"][0], 3);
    assert_eq!(
        queens(&["first", "8", "--algo", "lookup", "--seed", "5"]).rejected(),
        "error: --seed: the lookup solver makes no random choice, so a seed means nothing to \
         it; min-conflicts is the solver with random choices"
    );
    let none = queens(&["first", "3", "--algo", "min-conflicts"]);
    none.assert_status(1);
    assert_eq!(none.stderr, "no solution for n = 3\n");
    // A trace of it says the same, not that there is nothing to trace.
    let traced = queens(&["trace", "6", "--algo", "min-conflicts", "--queen", "0:0"]);
    traced.assert_status(1);
    assert!(
        traced
            .stderr
            .ends_with("it cannot prove that none exists (a backtracking solver can)\n")
    );
    // Six queens with one in a corner have no solution: the local search
    // gives up and says it proves nothing.
    let gave_up = queens(&["first", "6", "--algo", "min-conflicts", "--queen", "0:0"]);
    gave_up.assert_status(1);
    assert_eq!(
        gave_up.stderr,
        "the min-conflicts solver found no solution for n = 6 with queens at (row 0, col 0) within its \
         limit of steps; it cannot prove that none exists (a backtracking solver can)\n"
    );
}
