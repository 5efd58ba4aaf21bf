//! The trait both solvers implement, what they answer, and the statistics
//! they keep, with one meaning for both wherever the two searches allow it.

use crate::grid::Grid;

/// A Sudoku solver.
///
/// `Sync` so that the registry ([`crate::ALL`]) can be a plain static list
/// shared by every thread.
pub trait SudokuSolver: Sync {
    /// The solver's name and what its statistics count.
    fn info(&self) -> Info;

    /// Searches `grid` for solutions, stopping after `limit` of them.
    ///
    /// Counting up to 2 tells the three possible answers apart: no solution,
    /// a unique one ([`Outcome::is_unique`]), or more than one. None of them
    /// is an error. A `limit` of 0 searches nothing.
    fn solve(&self, grid: &Grid, limit: usize) -> Outcome {
        self.solve_within(grid, limit, u64::MAX)
    }

    /// Searches like [`solve`](SudokuSolver::solve), but stops once it has
    /// written `most_placements` digits ([`Outcome::over_budget`]): the
    /// bound that keeps blind backtracking from running for hours on a
    /// puzzle it happens to search badly.
    fn solve_within(&self, grid: &Grid, limit: usize, most_placements: u64) -> Outcome;
}

/// What a solver says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// The registry name, as [`crate::by_name`] takes it: `seed` or `fast`.
    pub name: &'static str,
    /// One line on the method.
    pub summary: &'static str,
    /// What [`Stats::checks`] counts for this solver, the one statistic
    /// whose unit differs between them.
    pub checks: &'static str,
}

/// The answer to one [`SudokuSolver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The solutions found, in the order found, at most `limit` of them.
    pub solutions: Vec<Grid>,
    /// Whether the search ran to its end rather than stopping at the limit:
    /// then `solutions` holds every solution there is.
    pub exhausted: bool,
    /// Whether the search stopped at its budget of placements, before it
    /// could answer.
    pub over_budget: bool,
    /// The work the search did.
    pub stats: Stats,
}

impl Outcome {
    /// Whether the puzzle is known to have exactly one solution: one was
    /// found and the search ran to its end (so ask for `limit` 2 or more).
    pub fn is_unique(&self) -> bool {
        self.solutions.len() == 1 && self.exhausted
    }
}

/// The work of one search.
///
/// `placements`, `guesses` and `backtracks` mean the same for both solvers;
/// `checks` counts each solver's own unit of inner work, named by
/// [`Info::checks`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Digits written into empty cells, whether chosen or deduced, counting
    /// again a cell filled again after a backtrack.
    pub placements: u64,
    /// Placements that were choices, each of which the search may take
    /// back. Every placement of the seed's solver is a guess; the fast
    /// solver guesses only when deduction stalls.
    pub guesses: u64,
    /// Guesses taken back: a digit that led to no solution, or one the
    /// search went on from after counting a solution below it. A guess on
    /// the way to the last solution of a search stopped by its limit is not
    /// taken back.
    pub backtracks: u64,
    /// The inner work: `isSafe` calls for the seed's solver, updates of one
    /// digit's candidates in one band of three rows for the fast one.
    pub checks: u64,
}

/// A search in progress: the solutions so far, the limit, the statistics.
#[derive(Debug)]
pub(crate) struct Search {
    limit: usize,
    most_placements: u64,
    solutions: Vec<Grid>,
    exhausted: bool,
    over_budget: bool,
    /// The statistics, which the solvers update directly.
    pub(crate) stats: Stats,
}

impl Search {
    /// A search that stops after `limit` solutions, or once it has written
    /// `most_placements` digits.
    pub(crate) fn new(limit: usize, most_placements: u64) -> Search {
        Search {
            limit,
            most_placements,
            over_budget: false,
            // Room for the usual limits, 1 and 2, so that the search itself
            // never allocates; more solutions grow the vector as found.
            solutions: Vec::with_capacity(limit.min(2)),
            exhausted: false,
            stats: Stats::default(),
        }
    }

    /// Records a solution; true when the limit is reached and the search
    /// must stop.
    pub(crate) fn found(&mut self, solution: Grid) -> bool {
        self.solutions.push(solution);
        self.is_done()
    }

    /// Whether the limit is reached, or the budget spent.
    pub(crate) fn is_done(&self) -> bool {
        self.solutions.len() >= self.limit || self.over_budget
    }

    /// Whether the budget of placements is spent, which stops the search.
    pub(crate) fn spent(&mut self) -> bool {
        if self.stats.placements >= self.most_placements {
            self.over_budget = true;
        }
        self.over_budget
    }

    /// Notes that the search ran to its end.
    pub(crate) fn exhausted(&mut self) {
        self.exhausted = true;
    }

    /// The outcome.
    pub(crate) fn finish(self) -> Outcome {
        Outcome {
            solutions: self.solutions,
            exhausted: self.exhausted,
            over_budget: self.over_budget,
            stats: self.stats,
        }
    }
}
