//! What a comparison measures: the cells of its tables, solver by mode by
//! size, as the options ask for them.

use std::time::Duration;

use queens_bitboard::Step;
use queens_core::{Finds, Solver};

use super::report::CompareMode;
use super::sizes::{LARGE_SIZES, check_counted};
use crate::error::Error;

/// What to measure: the cells of the tables, solver by mode by size. (An
/// agenda, not a plan: `Plan` is `queens plan`'s, of shards.)
#[derive(Clone)]
pub struct Agenda {
    /// The solvers, in registry order.
    pub solvers: Vec<&'static dyn Solver>,
    /// The board sizes, smallest first.
    pub sizes: Vec<usize>,
    /// The modes, one table each.
    pub modes: Vec<CompareMode>,
    /// The steps of the counters' ladder, which count every solution, on
    /// the same sizes; none to leave the ladder out.
    pub ladder: Vec<Step>,
    /// Timed runs per cell.
    pub runs: u32,
    /// The most one search may take.
    pub time_limit: Duration,
}

impl Agenda {
    /// How many cells the plan has: the length of the progress bar.
    pub fn cells(&self) -> u64 {
        ((self.solvers.len() * self.modes.len() + self.ladder.len()) * self.sizes.len()) as u64
    }
}

/// What the options of `cargo xtask compare` ask for, before it is planned.
pub struct Request {
    /// The board sizes, smallest first.
    pub sizes: Vec<usize>,
    /// The solvers named (`--algo`); none for every solver.
    pub solvers: Vec<&'static dyn Solver>,
    /// The modes asked for, one table each.
    pub modes: Vec<CompareMode>,
    /// The large boards of `--large`, in `first` mode, instead of `sizes`
    /// and `modes`.
    pub large: bool,
    /// Timed runs per cell.
    pub runs: u32,
    /// The most one search may take.
    pub time_limit: Duration,
}

/// The agenda `request` asks for; the solvers in registry order. The ladder
/// comes with every solver, not with a chosen few, and only where every
/// solution is counted, the one thing its steps do. The solvers that find
/// one solution come only where every mode is `first`, the one they answer:
/// named in another mode, or a board past the counting solvers asked of
/// another mode, the plan is refused with one line.
pub fn plan(request: &Request) -> Result<Agenda, Error> {
    let mut modes = if request.large {
        vec![CompareMode::First]
    } else {
        request.modes.clone()
    };
    modes.dedup();
    let sizes = if request.large {
        LARGE_SIZES.to_vec()
    } else {
        request.sizes.clone()
    };
    let counting = modes.iter().find(|&&mode| mode != CompareMode::First);
    if let Some(mode) = counting {
        if let Some(one) = request
            .solvers
            .iter()
            .find(|solver| solver.finds() != Finds::All)
        {
            return Err(Error::BadInput(format!(
                "--algo {} finds one solution, so it answers --mode first only, not --mode {}",
                one.info().name,
                mode.name()
            )));
        }
        check_counted(&sizes, mode.name()).map_err(Error::BadInput)?;
    }
    let chosen = |solver: &&'static dyn Solver| {
        request.solvers.is_empty()
            || request
                .solvers
                .iter()
                .any(|named| named.info().name == solver.info().name)
    };
    let ladder = if request.solvers.is_empty() && modes.contains(&CompareMode::Count) {
        Step::ALL.to_vec()
    } else {
        Vec::new()
    };
    let candidates: Vec<&'static dyn Solver> = if counting.is_none() {
        queens_solvers::every().collect()
    } else {
        queens_solvers::FINDS_ALL.to_vec()
    };
    Ok(Agenda {
        solvers: candidates.into_iter().filter(chosen).collect(),
        sizes,
        modes,
        ladder,
        runs: request.runs,
        time_limit: request.time_limit,
    })
}
