//! A race: several solvers search the same board, each traced by its own
//! instrumentation, for `queens race` to replay side by side on a page
//! ([`crate::race_page`]) or on a terminal ([`terminal`]).
//!
//! [`Race::run`] runs each solver once under the model's
//! [`Tracer`](queens_core::trace::Tracer), as `queens trace` runs it
//! ([`crate::trace`]), and its events are kept in the compact code of [`compact`],
//! with the counters after each. A lane (one solver's board) keeps at most
//! [`MOST_LANE_STEPS`] steps: the naive solver's search of a 6×6 board has
//! more than six million, and no page could hold them. A lane cut there is
//! kept as far as the race needs it, to the moment the last whole lane
//! finishes by each [`Clock`](clock::Clock), so that it can say how far it had got.
//!
//! Each lane's time comes from its solver's silent path, as `cargo xtask
//! compare` times it: the median of three runs of the whole search (a cut
//! lane: of its search stopped at the queens its trace placed), which gives
//! each step the time it costs on this machine for the time clock.
//!
//! Nothing here can take hours: a trace stops at its budget of steps, and
//! the searches it times are no longer than the traces.
//!
//! This module holds the race, its lanes and their budget, which every view
//! of a race reads: the clocks ([`clock`]), the terminal ([`terminal`]) and
//! the page. Running a race (the private `run` module) and the clocks read
//! this module, and it reads only the code of [`compact`], so that the
//! modules of a race form no circle.

pub mod clock;
pub mod compact;
mod run;
pub mod terminal;

use queens_core::{ReadUnit, SolverInfo, Square, Workload};

use compact::{Counters, Replay};

/// The most steps one lane keeps: a page of six lanes so long still loads
/// in a second or two and stays under a few megabytes.
pub const MOST_LANE_STEPS: u64 = 400_000;

/// One solver's board in the race.
pub struct Lane {
    /// What the solver tells about itself.
    pub(crate) info: SolverInfo,
    /// What its checks read: the unit of its counters' `cells_read`.
    pub(crate) reads: ReadUnit,
    /// The work its whole search does, when the solver can say beforehand.
    pub(crate) workload: Option<Workload>,
    /// The steps kept, in the code of [`compact`].
    pub(crate) code: String,
    /// How many steps the code holds.
    pub(crate) steps: u64,
    /// How many steps were traced before the lane was cut to the race:
    /// more than it holds when the race did not need them all.
    pub(crate) traced: u64,
    /// The cells read after each step, for the clock of cells read.
    pub(crate) cells: Vec<u64>,
    /// The counters after the last step kept.
    pub(crate) end: Counters,
    /// Whether the steps kept are the whole search.
    pub(crate) whole: bool,
    /// The time the steps kept take on the solver's silent path, in
    /// seconds.
    pub(crate) seconds: f64,
}

impl Lane {
    /// The steps of the lane, replayed.
    pub(crate) fn replay(&self, n: usize) -> Replay<'_> {
        Replay::new(&self.code, n, self.info.levels.noun())
    }

    /// The counters after the first `steps` steps.
    pub(crate) fn counters_at(&self, n: usize, steps: u64) -> Counters {
        let mut replay = self.replay(n);
        for _ in 0..steps {
            if replay.next().is_none() {
                break;
            }
        }
        replay.counters()
    }
}

/// Every lane of a race on one board.
pub struct Race {
    /// The board size.
    pub(crate) n: usize,
    /// The queens placed before the search.
    pub(crate) preplaced: Vec<Square>,
    /// One lane per solver, in the order asked.
    pub(crate) lanes: Vec<Lane>,
}

/// The race of the registry's solvers `names` on an empty `n`×`n` board.
#[cfg(test)]
pub(crate) fn raced(n: usize, names: &[&str]) -> Race {
    let solvers: Vec<&dyn queens_core::Solver> = names
        .iter()
        .map(|name| queens_solvers::by_name(name).unwrap())
        .collect();
    let problem = queens_core::Problem::new(n);
    Race::run(
        &solvers,
        &problem,
        &std::sync::atomic::AtomicBool::new(false),
    )
    .unwrap()
}
