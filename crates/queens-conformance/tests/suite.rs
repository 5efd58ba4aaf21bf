//! Tests of the suite itself: a correct solver passes every check, saying
//! what each checked, and each deliberately broken solver fails exactly the
//! checks that should catch its fault, with the exact message.
//!
//! The solvers are in `support`: a small correct search, correct variants of
//! it in the other orders and with a small practical range, and broken ones.

mod support;

use std::panic::{AssertUnwindSafe, catch_unwind};

use queens_conformance::{CHECKS, CheckOutcome, assert_passes, checks, find_check, run_all};
use queens_core::Solver;
use support::{RowByRow, TableOfAnswers, Variant, Wrapped};

// The macro as an algorithm crate uses it, and with a module name of its own.
queens_conformance::suite!(RowByRow);
queens_conformance::suite!(column_major_conformance => Wrapped(Variant::ColumnMajor));

/// The names of the checks, in order, written out so that removing or
/// renaming one is a deliberate change.
const NAMES: [&str; 15] = [
    "solutions_are_valid",
    "no_duplicates",
    "counts_match_oeis",
    "solution_sets_match_reference",
    "unique_counts_match_oeis",
    "fundamental_solutions_match",
    "order_is_documented",
    "first_queen_fixed_boards",
    "preplaced_edge_cases",
    "bad_input_is_refused",
    "stops_when_asked",
    "stops_at_any_node",
    "progress_reaches_the_end",
    "statistics_are_consistent",
    "random_problems_match_reference",
];

#[test]
fn the_macro_and_the_runner_list_the_same_checks() {
    let runner: Vec<&str> = CHECKS.iter().map(|check| check.name).collect();
    assert_eq!(runner, NAMES);
    assert_eq!(conformance::CHECK_NAMES, NAMES);
    assert_eq!(column_major_conformance::CHECK_NAMES, NAMES);
}

#[test]
fn checks_are_found_by_name() {
    let check = find_check("counts_match_oeis").unwrap();
    assert_eq!(
        check.description,
        "The number of solutions equals OEIS A000170 for n = 0..=min(12, practical_n)."
    );
    assert!(find_check("no_such_check").is_none());
}

#[test]
fn a_macro_test_fails_with_the_checks_message() {
    let failed = catch_unwind(AssertUnwindSafe(|| {
        assert_passes(
            "counts_match_oeis",
            "",
            checks::counts_match_oeis,
            &Wrapped(Variant::DropsEveryOther),
        );
    }))
    .unwrap_err();
    assert_eq!(
        failed.downcast_ref::<String>().map(String::as_str),
        Some("n = 4: expected 2 solutions, got 1")
    );
}

/// Each check's name and message, all of which must have passed.
fn passed(solver: &dyn Solver) -> Vec<(&'static str, String)> {
    let outcomes = run_all(solver);
    let failed: Vec<&CheckOutcome> = outcomes.iter().filter(|outcome| !outcome.passed).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    outcomes
        .into_iter()
        .map(|outcome| (outcome.name, outcome.message))
        .collect()
}

/// The checks that failed, with their messages.
fn failures(solver: &dyn Solver) -> Vec<(&'static str, String)> {
    run_all(solver)
        .into_iter()
        .filter(|outcome| !outcome.passed)
        .map(|outcome| (outcome.name, outcome.message))
        .collect()
}

/// Pairs of names and messages, for comparing with [`failures`].
fn expected(pairs: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    pairs
        .iter()
        .map(|&(name, message)| (name, message.to_owned()))
        .collect()
}

#[test]
fn a_correct_solver_passes_and_says_what_was_checked() {
    assert_eq!(
        passed(&RowByRow),
        expected(&[
            ("solutions_are_valid", "24 problems up to n = 8"),
            ("no_duplicates", "24 problems up to n = 8"),
            ("counts_match_oeis", "n = 0..=12"),
            ("solution_sets_match_reference", "n = 0..=8"),
            ("unique_counts_match_oeis", "n = 0..=12"),
            (
                "fundamental_solutions_match",
                "n = 8 against seed 004's table"
            ),
            ("order_is_documented", "row-major order, n = 0..=8"),
            (
                "first_queen_fixed_boards",
                "seed 004's eight boards of eight queens"
            ),
            ("preplaced_edge_cases", "9 problems up to n = 8"),
            (
                "bad_input_is_refused",
                "7 inconsistent sets of pre-placed queens; n = 17 past max_n refused"
            ),
            (
                "stops_when_asked",
                "n = 8, stopping after [1, 2, 3, 5] solutions"
            ),
            ("stops_at_any_node", "n = 8, stopping at queens [1, 5, 17]"),
            ("progress_reaches_the_end", "n = 1..=8"),
            ("statistics_are_consistent", "7 problems up to n = 6"),
            (
                "random_problems_match_reference",
                "48 random problems, n = 0..=9 with up to 3 pre-placed queens"
            ),
        ])
    );
}

#[test]
fn other_orders_are_judged_by_their_own_key() {
    let column_major = passed(&Wrapped(Variant::ColumnMajor));
    assert_eq!(
        column_major[6],
        (
            "order_is_documented",
            "column-major order, n = 0..=8".into()
        )
    );
    let unordered = passed(&Wrapped(Variant::Unordered));
    assert_eq!(
        unordered[6],
        (
            "order_is_documented",
            "no order declared: solutions are checked as sets".into()
        )
    );
}

#[test]
fn a_slow_solver_is_asked_only_up_to_its_practical_n() {
    assert_eq!(
        passed(&Wrapped(Variant::PracticalSeven)),
        expected(&[
            ("solutions_are_valid", "20 problems up to n = 6"),
            ("no_duplicates", "20 problems up to n = 6"),
            ("counts_match_oeis", "n = 0..=7"),
            ("solution_sets_match_reference", "n = 0..=7"),
            ("unique_counts_match_oeis", "n = 0..=7"),
            (
                "fundamental_solutions_match",
                "n = 6 against the reference's classes"
            ),
            ("order_is_documented", "row-major order, n = 0..=6"),
            (
                "first_queen_fixed_boards",
                "the 6 boards of n = 6 (seed 004's boards of eight need practical_n >= 9)"
            ),
            ("preplaced_edge_cases", "7 problems up to n = 6"),
            (
                "bad_input_is_refused",
                "7 inconsistent sets of pre-placed queens; n = 17 past max_n refused"
            ),
            (
                "stops_when_asked",
                "n = 6, stopping after [1, 2, 3] solutions"
            ),
            ("stops_at_any_node", "n = 6, stopping at queens [1, 5, 17]"),
            ("progress_reaches_the_end", "n = 1..=6"),
            ("statistics_are_consistent", "7 problems up to n = 6"),
            (
                "random_problems_match_reference",
                "48 random problems, n = 0..=6 with up to 3 pre-placed queens"
            ),
        ])
    );
}

#[test]
fn a_table_of_answers_is_caught_past_eight_queens() {
    assert_eq!(
        failures(&TableOfAnswers),
        expected(&[
            ("counts_match_oeis", "n = 9: expected 352 solutions, got 0"),
            (
                "unique_counts_match_oeis",
                "n = 9: expected 46 fundamental solutions, got 0"
            ),
            (
                "progress_reaches_the_end",
                "n = 1: no progress was reported"
            ),
            (
                "random_problems_match_reference",
                "n = 9: [0, 2, 5, 7, 1, 3, 8, 6, 4] was not emitted (352 of 352 missing) \
                 (the smallest failing case proptest found among 48 random problems)"
            ),
        ])
    );
}

#[test]
fn dropped_solutions_are_named() {
    assert_eq!(
        failures(&Wrapped(Variant::DropsEveryOther)),
        expected(&[
            ("counts_match_oeis", "n = 4: expected 2 solutions, got 1"),
            (
                "solution_sets_match_reference",
                "n = 4: [2, 0, 3, 1] was not emitted (1 of 2 missing)"
            ),
            (
                "unique_counts_match_oeis",
                "n = 5: expected 2 fundamental solutions, got 1"
            ),
            (
                "fundamental_solutions_match",
                "n = 8: [0, 5, 7, 2, 6, 3, 1, 4] of seed 004's table is not among the fundamental solutions found"
            ),
            (
                "first_queen_fixed_boards",
                "n = 8 with queens at (0, 0): [0, 5, 7, 2, 6, 3, 1, 4] was not emitted (2 of 4 missing)"
            ),
            (
                "preplaced_edge_cases",
                "n = 5 with queens at (4, 4): [2, 0, 3, 1, 4] was not emitted (1 of 2 missing)"
            ),
            (
                "random_problems_match_reference",
                "n = 4: [2, 0, 3, 1] was not emitted (1 of 2 missing) \
                 (the smallest failing case proptest found among 48 random problems)"
            ),
        ])
    );
}

#[test]
fn a_duplicate_is_named() {
    assert_eq!(
        failures(&Wrapped(Variant::DuplicatesFirst)),
        expected(&[
            ("no_duplicates", "n = 5: [0, 2, 4, 1, 3] emitted twice"),
            ("counts_match_oeis", "n = 5: expected 10 solutions, got 11"),
            (
                "unique_counts_match_oeis",
                "n = 5: expected 2 fundamental solutions, got 3"
            ),
            (
                "fundamental_solutions_match",
                "n = 8: the fundamental solution [0, 4, 7, 5, 2, 6, 1, 3] was found twice"
            ),
            (
                "first_queen_fixed_boards",
                "n = 8 with queens at (0, 0): [0, 4, 7, 5, 2, 6, 1, 3] emitted twice"
            ),
            (
                "preplaced_edge_cases",
                "n = 5 with queens at (4, 4): [1, 3, 0, 2, 4] emitted twice"
            ),
            (
                "random_problems_match_reference",
                "n = 5: [0, 2, 4, 1, 3] emitted twice \
                 (the smallest failing case proptest found among 48 random problems)"
            ),
        ])
    );
}

#[test]
fn an_invalid_board_is_named_with_its_attack() {
    let attack = "[0, 3, 4, 1, 3] is not a solution: queens at (1, 3) and (2, 4) share a diagonal";
    assert_eq!(
        failures(&Wrapped(Variant::CorruptsOne)),
        vec![
            ("solutions_are_valid", format!("n = 5: {attack}")),
            ("solution_sets_match_reference", format!("n = 5: {attack}")),
            (
                "order_is_documented",
                "n = 5: the first solution is [0, 3, 4, 1, 3], \
                 but [0, 2, 4, 1, 3] comes first in row-major order"
                    .to_owned()
            ),
            (
                "random_problems_match_reference",
                format!(
                    "n = 5: {attack} \
                     (the smallest failing case proptest found among 48 random problems)"
                )
            ),
        ]
    );
}

#[test]
fn a_wrong_first_solution_is_named() {
    assert_eq!(
        failures(&Wrapped(Variant::Reversed)),
        expected(&[
            (
                "order_is_documented",
                "n = 4: the first solution is [2, 0, 3, 1], but [1, 3, 0, 2] comes first in row-major order"
            ),
            (
                "first_queen_fixed_boards",
                "n = 8 with queens at (0, 0): the first solution is [0, 6, 4, 7, 1, 3, 5, 2], \
                 seed 004 finds [0, 4, 7, 5, 2, 6, 1, 3]"
            ),
            (
                "preplaced_edge_cases",
                "n = 5 with queens at (4, 4): the first solution is [2, 0, 3, 1, 4], \
                 but [1, 3, 0, 2, 4] comes first in row-major order"
            ),
            (
                "random_problems_match_reference",
                "n = 4: the first solution is [2, 0, 3, 1], but [1, 3, 0, 2] comes first in row-major order \
                 (the smallest failing case proptest found among 48 random problems)"
            ),
        ])
    );
}

#[test]
fn a_solution_out_of_order_is_named() {
    assert_eq!(
        failures(&Wrapped(Variant::SwapsSecondAndThird)),
        expected(&[
            (
                "order_is_documented",
                "n = 5: [0, 3, 1, 4, 2] came after [1, 3, 0, 2, 4], out of row-major order"
            ),
            (
                "first_queen_fixed_boards",
                "n = 8 with queens at (0, 0): [0, 5, 7, 2, 6, 3, 1, 4] came after \
                 [0, 6, 3, 5, 7, 1, 4, 2], out of row-major order"
            ),
            (
                "preplaced_edge_cases",
                "n = 8 with queens at (3, 0), (4, 7): [5, 3, 6, 0, 7, 1, 4, 2] came after \
                 [6, 1, 3, 0, 7, 4, 2, 5], out of row-major order"
            ),
            (
                "random_problems_match_reference",
                "n = 5: [0, 3, 1, 4, 2] came after [1, 3, 0, 2, 4], out of row-major order \
                 (the smallest failing case proptest found among 48 random problems)"
            ),
        ])
    );
}

#[test]
fn a_moved_preplaced_queen_is_named() {
    let moved = "the pre-placed queen at (0, 0) is not in the placement";
    assert_eq!(
        failures(&Wrapped(Variant::IgnoresPreplaced)),
        vec![
            (
                "solutions_are_valid",
                format!(
                    "n = 6 with queens at (0, 0): [1, 3, 5, 0, 2, 4] is not a solution: {moved}"
                )
            ),
            (
                "first_queen_fixed_boards",
                format!(
                    "n = 8 with queens at (0, 0): [1, 3, 5, 7, 2, 0, 6, 4] is not a solution: {moved}"
                )
            ),
            (
                "preplaced_edge_cases",
                format!("n = 4 with queens at (0, 0): [1, 3, 0, 2] is not a solution: {moved}")
            ),
            (
                "random_problems_match_reference",
                format!(
                    "n = 4 with queens at (0, 0): [1, 3, 0, 2] is not a solution: {moved} \
                     (the smallest failing case proptest found among 48 random problems)"
                )
            ),
        ]
    );
}

#[test]
fn an_ignored_break_is_caught() {
    assert_eq!(
        failures(&Wrapped(Variant::IgnoresBreak)),
        expected(&[(
            "stops_when_asked",
            "n = 8: asked to stop after 1 solution, solve emitted 92"
        )])
    );
}

#[test]
fn an_ignored_stop_at_a_queen_is_caught() {
    assert_eq!(
        failures(&Wrapped(Variant::IgnoresStopAtQueen)),
        expected(&[(
            "stops_at_any_node",
            "n = 8: asked to stop at queen 1, the search went on for 21887 more events"
        )])
    );
}

#[test]
fn missing_statistics_are_caught() {
    assert_eq!(
        failures(&Wrapped(Variant::NoStatistics)),
        expected(&[(
            "statistics_are_consistent",
            "n = 1: solve_counted reported no safety checks; \
             a search checks at least one square or placement"
        )])
    );
}

#[test]
fn a_board_past_max_n_must_be_refused() {
    assert_eq!(
        failures(&Wrapped(Variant::SkipsSizeCheck)),
        expected(&[(
            "bad_input_is_refused",
            "n = 11: solve accepted a board larger than max_n = 10, \
             expected \"n = 11 is too large for the skips-size-check solver, which accepts n up to 10\""
        )])
    );
}

#[test]
fn a_panic_fails_the_check_with_the_problem_being_solved() {
    let panicked = "n = 7: the solver panicked: deliberately broken at n = 7";
    assert_eq!(
        failures(&Wrapped(Variant::PanicsAtSeven)),
        vec![
            ("solutions_are_valid", panicked.to_owned()),
            ("no_duplicates", panicked.to_owned()),
            ("counts_match_oeis", panicked.to_owned()),
            ("solution_sets_match_reference", panicked.to_owned()),
            ("unique_counts_match_oeis", panicked.to_owned()),
            ("order_is_documented", panicked.to_owned()),
            (
                "preplaced_edge_cases",
                "n = 7 with queens at (0, 0), (1, 2), (2, 4): \
                 the solver panicked: deliberately broken at n = 7"
                    .to_owned()
            ),
            ("progress_reaches_the_end", panicked.to_owned()),
            (
                "random_problems_match_reference",
                format!(
                    "{panicked} (the smallest failing case proptest found among 48 random problems)"
                )
            ),
        ]
    );
}
