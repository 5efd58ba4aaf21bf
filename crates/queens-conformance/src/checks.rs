//! The checks of the suite, one function each.
//!
//! Every check takes the solver under test and returns a
//! [`Finding`](crate::Finding): `Ok` with a line saying what it checked, or
//! `Err` with a message naming the first fault it found and the problem it
//! found it on. The list of checks, in the order they run, is
//! [`crate::CHECKS`]; the [`crate::suite!`] macro turns the same list into
//! one `#[test]` per check.
//!
//! How far the checks go is the teacher's [`Scope`](crate::Scope), not the
//! solver's, for the checks that must go far; the others stay within what
//! the solver declares it can do in seconds,
//! [`practical_n`](queens_core::SolverInfo::practical_n):
//!
//! - counts (all and fundamental) go up to the scope's `counts_to` (13 by
//!   default), and sets of solutions against the reference up to its
//!   `sets_to` (8): a solver that declares a smaller `practical_n` or
//!   `max_n` fails these checks with a message that says so, never has its
//!   range shortened to what it declares;
//! - every other check reads representative boards up to
//!   `min(8, practical_n - 1)`, random problems up to `min(9, practical_n - 1)`
//!   and statistics up to `min(6, practical_n - 1)`. One board below
//!   `practical_n` costs a small fraction of it (for the naive solver, 1.9
//!   million placements at n = 6 against 85.9 million at n = 7).
//!
//! The checks for a solver that finds one solution ([`queens_core::Finds`])
//! ask no counts or sets, so no scope bounds them: they ask for one
//! solution of every board to 200 queens and of a few far larger ones,
//! which such a solver exists to reach, checked in linear time by
//! [`crate::linear`].
//!
//! # Where each check lives
//!
//! One module per kind of question, each check re-exported here under its
//! name in [`crate::CHECKS`]:
//!
//! - [`listing`]: whole streams held to the reference (valid, no
//!   duplicates, the set, the order, seed 004's first-queen boards,
//!   pre-placed queens at the edges, random problems, a reused object);
//! - [`counting`]: counts against OEIS and seed 004's fundamental
//!   solutions;
//! - [`interface`]: how the solver answers rather than what (the form of
//!   its answers, the exact error for bad input, stopping when the sink
//!   asks);
//! - [`finds_one`]: what a solver that finds one solution is asked
//!   instead of lists and counts;
//! - [`instrumentation`]: stopping at any node, progress and statistics;
//! - [`problems`]: the problems and the questions they all ask.

mod counting;
mod finds_one;
mod instrumentation;
mod interface;
mod listing;
mod problems;

pub use counting::{counts_match_oeis, fundamental_solutions_match, unique_counts_match_oeis};
pub use finds_one::{
    counting_and_listing_are_refused, first_solution_is_valid, preplaced_queens_kept_or_refused,
    small_boards_as_the_model_says,
};
pub use instrumentation::{progress_reaches_the_end, statistics_are_consistent, stops_at_any_node};
pub use interface::{bad_input_is_refused, output_format, stops_when_asked};
pub use listing::{
    first_queen_fixed_boards, no_duplicates, order_is_documented, preplaced_edge_cases,
    random_problems_match_reference, reused_solver_agrees, solution_sets_match_reference,
    solutions_are_valid,
};
