//! The parallel counter: what a count of a plain board runs instead of a
//! solver's search, reached through the registry like the solvers, so that
//! no tool names the crate it comes from.
//!
//! It answers one question only, how many solutions and how many
//! fundamental ones, with no statistics and no budget: the board cut into
//! work units (one frame of the edges' queens each), counted on as many
//! threads as asked, many boards abreast (`queens-bitboard`'s frames,
//! lanes and threads). [`COUNTER`] says which solver's counts it answers,
//! how far it counts in seconds, and how it cuts a board; the types of its
//! answers are re-exported here.

use queens_bitboard::{Bitboard, PRACTICAL_N};
use queens_core::{Error, Solver};

use crate::entry::same_solver;

pub use queens_bitboard::{Classes, Tallied, ThreadPoolBuildError, WorkUnits};

/// A counter of every solution of a plain board, faster than any search.
pub struct Counter {
    /// The solver whose counts it answers: a count asked of this solver, of
    /// a board without pre-placed queens (which its symmetries need) and
    /// without a budget (it does not count the queens it places), runs the
    /// counter instead of the solver's search.
    pub solver: &'static dyn Solver,
    /// The largest board it counts in seconds on two cores; each row more
    /// takes about seven times as long.
    pub practical_n: usize,
    /// Cuts the search of an `n`×`n` board into work units, each counted
    /// apart ([`WorkUnits::classify_until`]), numbered the same way on every
    /// machine; an error for a board past the solver's largest.
    pub units: fn(usize) -> Result<WorkUnits, Error>,
}

impl Counter {
    /// Whether a count asked of `solver` may run on this counter.
    pub fn counts_for(&self, solver: &dyn Solver) -> bool {
        same_solver(self.solver, solver)
    }
}

/// The workspace's one counter: the bitboard's.
pub static COUNTER: Counter = Counter {
    solver: &Bitboard,
    practical_n: PRACTICAL_N,
    units: queens_bitboard::units,
};
