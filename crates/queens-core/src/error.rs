//! The errors of the model: every way a request can be refused, as values,
//! so that no solver, mode or tool ever needs to panic on bad input.

use crate::problem::ProblemError;

/// Why a problem could not be solved as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The problem itself is malformed.
    #[error(transparent)]
    Problem(#[from] ProblemError),
    /// The board is larger than the solver accepts.
    #[error("n = {n} is too large for the {solver} solver, which accepts n up to {max_n}")]
    TooLarge {
        /// The solver's short name.
        solver: &'static str,
        /// The board size asked for.
        n: usize,
        /// The largest board it accepts.
        max_n: usize,
    },
    /// Fundamental solutions were asked for a board with pre-placed queens.
    /// A rotation or reflection moves the pre-placed queens, so the classes
    /// of solutions are not defined there.
    #[error(
        "fundamental solutions are defined only for an empty board: rotations and reflections move pre-placed queens"
    )]
    UniqueWithPreplaced,
    /// Counting or listing was asked of a solver that finds one solution.
    #[error(
        "the {solver} solver finds one solution, not all of them: it cannot count or list; ask \
         for the first solution, or use a backtracking solver"
    )]
    FindsOne {
        /// The solver's short name.
        solver: &'static str,
    },
    /// Pre-placed queens were given to a solver that cannot keep them.
    #[error("the {solver} solver cannot keep pre-placed queens; use another solver")]
    PreplacedUnsupported {
        /// The solver's short name.
        solver: &'static str,
    },
    /// The search placed as many queens as its budget allowed and was
    /// stopped before it could answer.
    #[error(
        "the search was stopped after {placed} queens placed, its budget, with {found} solutions found"
    )]
    OverBudget {
        /// Queens placed when it was stopped.
        placed: u64,
        /// Solutions found by then.
        found: u64,
    },
    /// The search was stopped by its flag (Ctrl-C) before it could answer.
    #[error(
        "the search was interrupted after {placed} queens placed, with {found} solutions found"
    )]
    Interrupted {
        /// Queens placed when it was stopped.
        placed: u64,
        /// Solutions found by then.
        found: u64,
    },
}
