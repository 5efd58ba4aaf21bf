//! Tests of the suite itself: a correct solver passes every check, saying
//! what each checked, and each deliberately broken solver fails exactly the
//! checks that should catch its fault, with the exact message.
//!
//! The solvers are in `support`: a small correct search, correct variants of
//! it in the other orders and with a small practical range, and broken ones.

mod support;

use std::panic::{AssertUnwindSafe, catch_unwind};

use queens_conformance::{
    Applies, CHECKS, CheckOutcome, Group, Scope, Verdict, assert_passes, find_check, run_all,
};
use queens_core::{Finds, Solver};
use support::{
    Formula, KeepsBoard, Leaky, OneVariant, Reset, RowByRow, TableOfAnswers, Variant, Wrapped,
};

/// The seed of these tests' random problems, fixed so that the messages of
/// shrunk failures can be asserted exactly.
const SEED: u64 = 2026;

// The macro as an algorithm crate uses it, and with a module name of its own.
queens_conformance::suite!(
    #[instrumentation]
    RowByRow
);
queens_conformance::suite!(#[instrumentation] column_major_conformance => Wrapped(Variant::ColumnMajor));
queens_conformance::suite!(#[instrumentation] finds_one_conformance => Formula::<true>(OneVariant::Correct));
// Without the attribute the instrumentation checks are ignored: this solver
// reports no statistics and would fail them, as a student's hand-written
// solver does while the default assignment gives it full marks.
queens_conformance::suite!(uninstrumented_conformance => Wrapped(Variant::NoStatistics));

/// The names of the checks, in order, written out so that removing or
/// renaming one is a deliberate change.
const NAMES: [&str; 21] = [
    "solutions_are_valid",
    "no_duplicates",
    "output_format",
    "counts_match_oeis",
    "solution_sets_match_reference",
    "unique_counts_match_oeis",
    "fundamental_solutions_match",
    "order_is_documented",
    "first_queen_fixed_boards",
    "preplaced_edge_cases",
    "bad_input_is_refused",
    "stops_when_asked",
    "random_problems_match_reference",
    "reused_solver_agrees",
    "first_solution_is_valid",
    "small_boards_as_the_model_says",
    "counting_and_listing_are_refused",
    "preplaced_queens_kept_or_refused",
    "stops_at_any_node",
    "progress_reaches_the_end",
    "statistics_are_consistent",
];

/// The checks that apply only to solvers that find one solution.
const FINDS_ONE: [&str; 4] = [
    "first_solution_is_valid",
    "small_boards_as_the_model_says",
    "counting_and_listing_are_refused",
    "preplaced_queens_kept_or_refused",
];

/// The checks that apply to every solver; every other applies only to
/// solvers that find all solutions.
const EVERY: [&str; 3] = ["output_format", "bad_input_is_refused", "stops_at_any_node"];

/// The checks of the instrumentation group; every other is correctness.
const INSTRUMENTATION: [&str; 3] = [
    "stops_at_any_node",
    "progress_reaches_the_end",
    "statistics_are_consistent",
];

#[test]
fn checks_fall_into_two_groups() {
    for check in CHECKS {
        let expected = if INSTRUMENTATION.contains(&check.name) {
            Group::Instrumentation
        } else {
            Group::Correctness
        };
        assert_eq!(check.group, expected, "{}", check.name);
    }
}

#[test]
fn checks_say_which_solvers_they_apply_to() {
    for check in CHECKS {
        let expected = if FINDS_ONE.contains(&check.name) {
            Applies::FindsOne
        } else if EVERY.contains(&check.name) {
            Applies::Every
        } else {
            Applies::FindsAll
        };
        assert_eq!(check.applies, expected, "{}", check.name);
    }
    let one = Finds::One { preplaced: false };
    assert!(Applies::Every.to(Finds::All) && Applies::Every.to(one));
    assert!(Applies::FindsAll.to(Finds::All) && !Applies::FindsAll.to(one));
    assert!(!Applies::FindsOne.to(Finds::All) && Applies::FindsOne.to(one));
}

#[test]
fn the_macro_and_the_runner_list_the_same_checks() {
    let runner: Vec<&str> = CHECKS.iter().map(|check| check.name).collect();
    assert_eq!(runner, NAMES);
    assert_eq!(conformance::CHECK_NAMES, NAMES);
    assert_eq!(column_major_conformance::CHECK_NAMES, NAMES);
    assert_eq!(finds_one_conformance::CHECK_NAMES, NAMES);
}

#[test]
fn checks_are_found_by_name() {
    let check = find_check("counts_match_oeis").unwrap();
    assert_eq!(
        check.description,
        "The number of solutions equals OEIS A000170 for n = 0..=counts_to."
    );
    assert!(find_check("no_such_check").is_none());
}

#[test]
fn a_macro_test_fails_with_the_checks_message() {
    let failed = catch_unwind(AssertUnwindSafe(|| {
        assert_passes(
            find_check("counts_match_oeis").unwrap(),
            &|| Box::new(Wrapped(Variant::DropsEveryOther)),
            &Scope::with_seed(SEED),
        );
    }))
    .unwrap_err();
    assert_eq!(
        failed.downcast_ref::<String>().map(String::as_str),
        Some("n = 4: expected 2 solutions, got 1")
    );
}

/// Every check of `solver` within `scope`.
fn outcomes_in<S: Solver + Clone + 'static>(solver: S, scope: Scope) -> Vec<CheckOutcome> {
    run_all(&move || Box::new(solver.clone()), &scope)
}

/// Every check of `solver` within the default range and the tests' seed.
fn outcomes<S: Solver + Clone + 'static>(solver: S) -> Vec<CheckOutcome> {
    outcomes_in(solver, Scope::with_seed(SEED))
}

/// Each check's name and message, all of which must have passed, but the
/// checks that do not apply, left out.
fn passed(outcomes: Vec<CheckOutcome>) -> Vec<(&'static str, String)> {
    let failed: Vec<&CheckOutcome> = outcomes.iter().filter(|outcome| outcome.failed()).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    outcomes
        .into_iter()
        .filter(CheckOutcome::passed)
        .map(|outcome| (outcome.name, outcome.message))
        .collect()
}

/// The names of the checks in `outcomes` that did not apply.
fn not_applicable(outcomes: &[CheckOutcome]) -> Vec<&'static str> {
    outcomes
        .iter()
        .filter(|outcome| outcome.verdict == Verdict::NotApplicable)
        .map(|outcome| outcome.name)
        .collect()
}

/// The checks of `solver` that failed, with their messages.
fn failures<S: Solver + Clone + 'static>(solver: S) -> Vec<(&'static str, String)> {
    outcomes(solver)
        .into_iter()
        .filter(CheckOutcome::failed)
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
        passed(outcomes(RowByRow)),
        expected(&[
            ("solutions_are_valid", "24 problems up to n = 8"),
            ("no_duplicates", "24 problems up to n = 8"),
            (
                "output_format",
                "n = 0..=8: 9 answered, nothing written but the answers"
            ),
            ("counts_match_oeis", "n = 0..=13"),
            ("solution_sets_match_reference", "n = 0..=8"),
            ("unique_counts_match_oeis", "n = 0..=13"),
            (
                "fundamental_solutions_match",
                "n = 8 against the 12 fundamental solutions of eight queens"
            ),
            ("order_is_documented", "row-major order, n = 0..=8"),
            (
                "first_queen_fixed_boards",
                "the eight boards of eight queens, one per column of the first queen"
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
            (
                "random_problems_match_reference",
                "48 random problems, n = 0..=10 with up to 3 pre-placed queens, seed 2026"
            ),
            (
                "reused_solver_agrees",
                "92 problems asked of one object, 20 of them stopped early and each followed \
                 by problems of its size, seed 2026"
            ),
            ("stops_at_any_node", "n = 8, stopping at queens [1, 5, 17]"),
            ("progress_reaches_the_end", "n = 1..=8"),
            ("statistics_are_consistent", "7 problems up to n = 6"),
        ])
    );
}

#[test]
fn other_orders_are_judged_by_their_own_key() {
    let column_major = passed(outcomes(Wrapped(Variant::ColumnMajor)));
    assert_eq!(
        column_major[7],
        (
            "order_is_documented",
            "column-major order, n = 0..=8".into()
        )
    );
    let unordered = passed(outcomes(Wrapped(Variant::Unordered)));
    assert_eq!(
        unordered[7],
        (
            "order_is_documented",
            "no order declared or required: solutions are checked as sets".into()
        )
    );
}

#[test]
fn a_narrower_scope_asks_only_that_far() {
    assert_eq!(
        passed(outcomes_in(
            Wrapped(Variant::PracticalSeven),
            Scope::with_seed(SEED).counting_to(7).listing_to(7)
        )),
        expected(&[
            ("solutions_are_valid", "20 problems up to n = 6"),
            ("no_duplicates", "20 problems up to n = 6"),
            (
                "output_format",
                "n = 0..=6: 7 answered, nothing written but the answers"
            ),
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
                "the 6 boards of n = 6, one per column of the first queen (the eight boards of \
                 eight queens need counts_to >= 9)"
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
            (
                "random_problems_match_reference",
                "48 random problems, n = 0..=6 with up to 3 pre-placed queens, seed 2026"
            ),
            (
                "reused_solver_agrees",
                "64 problems asked of one object, 12 of them stopped early and each followed \
                 by problems of its size, seed 2026"
            ),
            ("stops_at_any_node", "n = 6, stopping at queens [1, 5, 17]"),
            ("progress_reaches_the_end", "n = 1..=6"),
            ("statistics_are_consistent", "7 problems up to n = 6"),
        ])
    );
}

#[test]
fn a_table_of_answers_is_caught_past_eight_queens() {
    assert_eq!(
        failures(TableOfAnswers),
        expected(&[
            ("counts_match_oeis", "n = 9: expected 352 solutions, got 0"),
            (
                "unique_counts_match_oeis",
                "n = 9: expected 46 fundamental solutions, got 0"
            ),
            (
                "random_problems_match_reference",
                "n = 9: [0, 2, 5, 7, 1, 3, 8, 6, 4] was not emitted (352 of 352 missing) \
                 (the smallest failing case proptest found among 48 random problems; seed 2026; QUEENS_SEED=2026 repeats it)"
            ),
            (
                "progress_reaches_the_end",
                "n = 1: no progress was reported"
            ),
        ])
    );
}

#[test]
fn dropped_solutions_are_named() {
    assert_eq!(
        failures(Wrapped(Variant::DropsEveryOther)),
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
                "n = 8: [0, 5, 7, 2, 6, 3, 1, 4], one of the 12 fundamental solutions of eight queens, is not among the fundamental solutions found"
            ),
            (
                "first_queen_fixed_boards",
                "n = 8 with queens at (row 0, col 0): [0, 5, 7, 2, 6, 3, 1, 4] was not emitted (2 of 4 missing)"
            ),
            (
                "preplaced_edge_cases",
                "n = 5 with queens at (row 4, col 4): [2, 0, 3, 1, 4] was not emitted (1 of 2 missing)"
            ),
            (
                "random_problems_match_reference",
                "n = 4: [2, 0, 3, 1] was not emitted (1 of 2 missing) \
                 (the smallest failing case proptest found among 48 random problems; seed 2026; QUEENS_SEED=2026 repeats it)"
            ),
        ])
    );
}

#[test]
fn a_duplicate_is_named() {
    assert_eq!(
        failures(Wrapped(Variant::DuplicatesFirst)),
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
                "n = 8 with queens at (row 0, col 0): [0, 4, 7, 5, 2, 6, 1, 3] emitted twice"
            ),
            (
                "preplaced_edge_cases",
                "n = 5 with queens at (row 4, col 4): [1, 3, 0, 2, 4] emitted twice"
            ),
            (
                "random_problems_match_reference",
                "n = 5: [0, 2, 4, 1, 3] emitted twice \
                 (the smallest failing case proptest found among 48 random problems; seed 2026; QUEENS_SEED=2026 repeats it)"
            ),
        ])
    );
}

#[test]
fn an_invalid_board_is_named_with_its_attack() {
    // Every check reads each solution before it counts it, so the one
    // invalid placement fails every check that comes to n = 5, each naming it.
    let attack = "[0, 3, 4, 1, 3] is not a solution: queens at (row 1, col 3) and (row 2, col 4) share a diagonal";
    let asked = |what: &str| format!("n = 5, {what}: {attack}");
    assert_eq!(
        failures(Wrapped(Variant::CorruptsOne)),
        vec![
            ("solutions_are_valid", asked("asked for every solution")),
            ("no_duplicates", asked("asked for every solution")),
            ("counts_match_oeis", asked("asked to count its solutions")),
            (
                "solution_sets_match_reference",
                asked("asked for every solution")
            ),
            (
                "unique_counts_match_oeis",
                asked("asked to count its fundamental solutions")
            ),
            ("order_is_documented", asked("asked for every solution")),
            ("reused_solver_agrees", asked("asked for every solution")),
            (
                "progress_reaches_the_end",
                asked("asked for every solution, reporting progress")
            ),
            (
                "statistics_are_consistent",
                asked("asked for every solution")
            ),
        ]
    );
}

#[test]
fn a_wrong_first_solution_is_named() {
    assert_eq!(
        failures(Wrapped(Variant::Reversed)),
        expected(&[
            (
                "order_is_documented",
                "n = 4: the first solution is [2, 0, 3, 1], but [1, 3, 0, 2] comes first in row-major order"
            ),
            (
                "first_queen_fixed_boards",
                "n = 8 with queens at (row 0, col 0): the first solution is [0, 6, 4, 7, 1, 3, 5, 2], \
                 but the first solution in row-major order is [0, 4, 7, 5, 2, 6, 1, 3]"
            ),
            (
                "preplaced_edge_cases",
                "n = 5 with queens at (row 4, col 4): the first solution is [2, 0, 3, 1, 4], \
                 but [1, 3, 0, 2, 4] comes first in row-major order"
            ),
            (
                "random_problems_match_reference",
                "n = 4: the first solution is [2, 0, 3, 1], but [1, 3, 0, 2] comes first in row-major order \
                 (the smallest failing case proptest found among 48 random problems; seed 2026; QUEENS_SEED=2026 repeats it)"
            ),
        ])
    );
}

#[test]
fn a_solution_out_of_order_is_named() {
    assert_eq!(
        failures(Wrapped(Variant::SwapsSecondAndThird)),
        expected(&[
            (
                "order_is_documented",
                "n = 5: [0, 3, 1, 4, 2] came after [1, 3, 0, 2, 4], out of row-major order"
            ),
            (
                "first_queen_fixed_boards",
                "n = 8 with queens at (row 0, col 0): [0, 5, 7, 2, 6, 3, 1, 4] came after \
                 [0, 6, 3, 5, 7, 1, 4, 2], out of row-major order"
            ),
            (
                "preplaced_edge_cases",
                "n = 8 with queens at (row 3, col 0), (row 4, col 7): [5, 3, 6, 0, 7, 1, 4, 2] came after \
                 [6, 1, 3, 0, 7, 4, 2, 5], out of row-major order"
            ),
            (
                "random_problems_match_reference",
                "n = 5: [0, 3, 1, 4, 2] came after [1, 3, 0, 2, 4], out of row-major order \
                 (the smallest failing case proptest found among 48 random problems; seed 2026; QUEENS_SEED=2026 repeats it)"
            ),
        ])
    );
}

#[test]
fn a_moved_preplaced_queen_is_named() {
    let moved = |problem: &str, what: &str, queens: &str| {
        format!(
            "{problem}, {what}: {queens} is not a solution: \
             the pre-placed queen at {} is not in the placement",
            &problem[problem.find("at ").unwrap() + 3..]
        )
    };
    let every = "asked for every solution";
    let six = "n = 6 with queens at (row 0, col 0)";
    let four = moved("n = 4 with queens at (row 0, col 0)", every, "[1, 3, 0, 2]");
    assert_eq!(
        failures(Wrapped(Variant::IgnoresPreplaced)),
        vec![
            (
                "solutions_are_valid",
                moved(six, every, "[1, 3, 5, 0, 2, 4]")
            ),
            ("no_duplicates", moved(six, every, "[1, 3, 5, 0, 2, 4]")),
            (
                "first_queen_fixed_boards",
                moved(
                    "n = 8 with queens at (row 0, col 0)",
                    every,
                    "[1, 3, 5, 7, 2, 0, 6, 4]"
                )
            ),
            ("preplaced_edge_cases", four.clone()),
            (
                "random_problems_match_reference",
                format!(
                    "{four} (the smallest failing case proptest found among 48 random problems; \
                     seed 2026; QUEENS_SEED=2026 repeats it)"
                )
            ),
            (
                "reused_solver_agrees",
                moved(
                    "n = 8 with queens at (row 3, col 7)",
                    "asked to stop after 2 solutions",
                    "[0, 4, 7, 5, 2, 6, 1, 3]"
                )
            ),
            (
                "statistics_are_consistent",
                moved(
                    "n = 6 with queens at (row 0, col 1)",
                    every,
                    "[2, 5, 1, 4, 0, 3]"
                )
            ),
        ]
    );
}

#[test]
fn an_ignored_break_is_caught() {
    assert_eq!(
        failures(Wrapped(Variant::IgnoresBreak)),
        expected(&[(
            "stops_when_asked",
            "n = 8: asked to stop after 1 solution, solve emitted 92"
        )])
    );
}

#[test]
fn an_ignored_stop_at_a_queen_is_caught() {
    assert_eq!(
        failures(Wrapped(Variant::IgnoresStopAtQueen)),
        expected(&[(
            "stops_at_any_node",
            "n = 8: asked to stop at queen 1, the search went on for 21887 more events"
        )])
    );
}

#[test]
fn missing_statistics_are_caught() {
    assert_eq!(
        failures(Wrapped(Variant::NoStatistics)),
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
        failures(Wrapped(Variant::SkipsSizeCheck)),
        expected(&[(
            "bad_input_is_refused",
            "n = 14: solve accepted a board larger than max_n = 13, \
             expected \"n = 14 is too large for the skips-size-check solver, which accepts n up to 13\""
        )])
    );
}

#[test]
fn a_panic_fails_the_check_with_the_question_being_asked() {
    let panicked = |question: &str| {
        format!("n = 7, {question}: the solver panicked: deliberately broken at n = 7")
    };
    let every = panicked("asked for every solution");
    assert_eq!(
        failures(Wrapped(Variant::PanicsAtSeven)),
        vec![
            ("solutions_are_valid", every.clone()),
            ("no_duplicates", every.clone()),
            (
                "counts_match_oeis",
                panicked("asked to count its solutions")
            ),
            ("solution_sets_match_reference", every.clone()),
            (
                "unique_counts_match_oeis",
                panicked("asked to count its fundamental solutions")
            ),
            ("order_is_documented", every.clone()),
            (
                "preplaced_edge_cases",
                "n = 7 with queens at (row 0, col 0), (row 1, col 2), (row 2, col 4), asked for every solution: \
                 the solver panicked: deliberately broken at n = 7"
                    .to_owned()
            ),
            (
                "random_problems_match_reference",
                format!(
                    "{every} (the smallest failing case proptest found among 48 random problems; seed 2026; QUEENS_SEED=2026 repeats it)"
                )
            ),
            (
                "reused_solver_agrees",
                panicked("asked to stop after 2 solutions")
            ),
            (
                "progress_reaches_the_end",
                panicked("asked for every solution, reporting progress")
            ),
        ]
    );
}

#[test]
fn declaring_less_than_the_scope_asks_fails_the_checks_that_reach_past_it() {
    let counts = "the solver declares it counts only to n = 7; this assignment asks for n = 13";
    assert_eq!(
        failures(Wrapped(Variant::PracticalSeven)),
        expected(&[
            ("counts_match_oeis", counts),
            (
                "solution_sets_match_reference",
                "the solver declares it counts only to n = 7; \
                 this assignment asks for whole sets to n = 8"
            ),
            ("unique_counts_match_oeis", counts),
        ])
    );
}

#[test]
fn a_solver_without_instrumentation_passes_every_correctness_check() {
    let outcomes = outcomes(Wrapped(Variant::NoStatistics));
    let failed: Vec<(&str, Group)> = outcomes
        .iter()
        .filter(|outcome| outcome.failed())
        .map(|outcome| (outcome.name, outcome.group))
        .collect();
    assert_eq!(
        failed,
        [("statistics_are_consistent", Group::Instrumentation)]
    );
}

#[test]
fn state_kept_between_calls_is_caught() {
    let correctness: Vec<(&str, String)> = outcomes(Leaky::default())
        .into_iter()
        .filter(|outcome| outcome.failed() && outcome.group == Group::Correctness)
        .map(|outcome| (outcome.name, outcome.message))
        .collect();
    // The checks that ask one object twice see it too; only the reuse check
    // says why.
    assert_eq!(
        correctness,
        expected(&[
            (
                "order_is_documented",
                "n = 8: the first solution is [0, 5, 7, 2, 6, 3, 1, 4], \
                 first-solutions.txt gives [0, 4, 7, 5, 2, 6, 1, 3] in row-major order"
            ),
            (
                "first_queen_fixed_boards",
                "n = 8 with queens at (row 0, col 0): [0, 4, 7, 5, 2, 6, 1, 3] was not emitted (1 of 4 missing)"
            ),
            (
                "reused_solver_agrees",
                "n = 8 with queens at (row 3, col 7), asked right after a search of n = 8 with queens at \
                 (row 3, col 7) stopped after 2 solutions: the reused solver missed [0, 6, 4, 7, 1, 3, 5, 2] \
                 (17 solutions instead of 18); a fresh one emits 18 solutions \
                 (seed 2026; QUEENS_SEED=2026 repeats it)"
            ),
        ])
    );
}

#[test]
fn state_kept_between_calls_is_caught_for_every_seed_whatever_resets_it() {
    let reuse = find_check("reused_solver_agrees").unwrap();
    for reset in [
        Reset::WhenNChanges,
        Reset::OnFirstCallOnly,
        Reset::WhenFirstRowChanges,
        Reset::WhenProblemChanges,
    ] {
        for seed in 0..40 {
            let outcome = queens_conformance::run_check(
                reuse,
                &|| Box::new(KeepsBoard::new(reset)),
                &Scope::with_seed(seed),
            );
            assert_eq!(
                outcome.verdict,
                Verdict::Fail,
                "{reset:?}, seed {seed}: {}",
                outcome.message
            );
            assert!(
                outcome.message.contains("the reused solver missed"),
                "{reset:?}, seed {seed}: {}",
                outcome.message
            );
        }
    }
}

#[test]
fn a_solver_that_keeps_no_state_passes_the_reuse_check_for_every_seed() {
    let reuse = find_check("reused_solver_agrees").unwrap();
    for seed in 0..40 {
        let outcome =
            queens_conformance::run_check(reuse, &|| Box::new(RowByRow), &Scope::with_seed(seed));
        assert_eq!(
            outcome.verdict,
            Verdict::Pass,
            "seed {seed}: {}",
            outcome.message
        );
    }
}

#[test]
fn a_panic_is_a_crash_and_a_wrong_answer_a_failure() {
    let verdicts = |outcomes: Vec<CheckOutcome>| -> Vec<(&'static str, Verdict)> {
        outcomes
            .into_iter()
            .filter(|outcome| outcome.failed())
            .map(|outcome| (outcome.name, outcome.verdict))
            .collect()
    };
    assert!(
        verdicts(outcomes(Wrapped(Variant::PanicsAtSeven)))
            .iter()
            .all(|&(_, verdict)| verdict == Verdict::Crash)
    );
    assert_eq!(
        verdicts(outcomes(Wrapped(Variant::DropsEveryOther)))[0],
        ("counts_match_oeis", Verdict::Fail)
    );
}

#[test]
fn the_seed_is_the_runs() {
    let random = |seed| {
        outcomes_in(RowByRow, Scope::with_seed(seed))
            .into_iter()
            .find(|outcome| outcome.name == "random_problems_match_reference")
            .unwrap()
            .message
    };
    assert_eq!(
        random(7),
        "48 random problems, n = 0..=10 with up to 3 pre-placed queens, seed 7"
    );
}

#[test]
fn declaring_one_queen_no_longer_passes() {
    let failed = failures(Wrapped(Variant::DeclaresOne));
    let names: Vec<&str> = failed.iter().map(|(name, _)| *name).collect();
    // Every check asks a board past n = 1, but the refusal of bad input and
    // the check of what is written, which passes over refusals; those for
    // solvers that find one do not apply.
    let expected: Vec<&str> = NAMES
        .into_iter()
        .filter(|&name| {
            !["bad_input_is_refused", "output_format"].contains(&name) && !FINDS_ONE.contains(&name)
        })
        .collect();
    assert_eq!(names, expected);
    assert_eq!(
        failed[2].1,
        "the solver declares max_n = 1; this assignment asks for n = 13"
    );
}

#[test]
fn emitting_nothing_passes_nothing_that_judges_what_was_emitted() {
    let failed = failures(Wrapped(Variant::EmitsNothing));
    let message = |name: &str| {
        failed
            .iter()
            .find(|(failed, _)| *failed == name)
            .map(|(_, message)| message.as_str())
    };
    let nothing =
        "no solution emitted for any of the 24 problems, though most have some: nothing to judge";
    assert_eq!(message("solutions_are_valid"), Some(nothing));
    assert_eq!(message("no_duplicates"), Some(nothing));
    assert_eq!(
        message("reused_solver_agrees"),
        Some(
            "fresh solver objects emitted no solution for any of the 72 problems: nothing to compare"
        )
    );
}

#[test]
fn a_panic_while_making_the_solver_is_a_crash() {
    let outcomes = run_all(
        &|| -> Box<dyn Solver> { panic!("cannot make it") },
        &Scope::with_seed(SEED),
    );
    for outcome in outcomes {
        assert_eq!(outcome.verdict, Verdict::Crash, "{}", outcome.name);
        assert_eq!(
            outcome.message,
            "making a solver object: the solver panicked: cannot make it"
        );
    }
}

#[test]
fn a_solver_that_finds_all_passes_by_the_checks_for_one() {
    let outcomes = outcomes(RowByRow);
    assert_eq!(not_applicable(&outcomes), FINDS_ONE);
    let first_valid = outcomes
        .iter()
        .find(|outcome| outcome.name == "first_solution_is_valid")
        .unwrap();
    assert_eq!(
        first_valid.message,
        "does not apply: the check is for solvers that find one"
    );
    assert!(!first_valid.passed() && !first_valid.failed());
}

#[test]
fn a_solver_that_finds_one_is_judged_by_what_applies() {
    let outcomes = outcomes(Formula::<false>(OneVariant::Correct));
    let applying: Vec<&str> = NAMES
        .into_iter()
        .filter(|name| FINDS_ONE.contains(name) || EVERY.contains(name))
        .collect();
    let not_applying: Vec<&str> = NAMES
        .into_iter()
        .filter(|name| !applying.contains(name))
        .collect();
    assert_eq!(not_applicable(&outcomes), not_applying);
    assert_eq!(
        passed(outcomes),
        expected(&[
            (
                "output_format",
                "n = 0..=8: 9 answered, nothing written but the answers"
            ),
            (
                "bad_input_is_refused",
                "7 inconsistent sets of pre-placed queens; \
                 max_n = 1000000 is too large to build the board past it"
            ),
            (
                "first_solution_is_valid",
                "n = 4..=200 and n = [1000, 10007, 100000]"
            ),
            ("small_boards_as_the_model_says", "n = 0..=3"),
            (
                "counting_and_listing_are_refused",
                "n = 4: count, all, unique and count_unique refused"
            ),
            (
                "preplaced_queens_kept_or_refused",
                "16 problems up to n = 8, each refused as the solver declares"
            ),
            ("stops_at_any_node", "n = 8, stopping at queens [1, 5]"),
        ])
    );
}

#[test]
fn a_solver_that_keeps_preplaced_queens_is_asked_to() {
    let kept = passed(outcomes(Formula::<true>(OneVariant::Correct)));
    assert_eq!(
        kept[5],
        (
            "preplaced_queens_kept_or_refused",
            "16 problems up to n = 8, each solved keeping its queens".into()
        )
    );
}

#[test]
fn faults_of_a_solver_that_finds_one_are_named() {
    assert_eq!(
        failures(Formula::<false>(OneVariant::WrongFromAThousand)),
        expected(&[(
            "first_solution_is_valid",
            "n = 1000, asked for its first solution: [3, 3, 5, 7, 9, 11, 13, 15, …, 996, 998] \
             (1000 queens) is not a solution: queens at (row 0, col 3) and (row 1, col 3) share a column"
        )])
    );
    assert_eq!(
        failures(Formula::<false>(OneVariant::SolvesThree)),
        expected(&[(
            "small_boards_as_the_model_says",
            "n = 2, asked for its first solution: [0, 1] is not a solution: \
             queens at (row 0, col 0) and (row 1, col 1) share a diagonal"
        )])
    );
    assert_eq!(
        failures(Formula::<true>(OneVariant::MovesPreplaced)),
        expected(&[(
            "preplaced_queens_kept_or_refused",
            "n = 7 with queens at (row 0, col 0), (row 1, col 2), (row 2, col 4), asked for its first \
             solution: [1, 3, 5, 0, 2, 4, 6] is not a solution: \
             the pre-placed queen at (row 0, col 0) is not in the placement"
        )])
    );
}
