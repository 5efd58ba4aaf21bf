//! naive combination generation (seeds 002). Stub: the search is being written.

use queens_core::{Observer, Order, Problem, Search, SolverInfo};

/// The naive combination generation solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct NaiveCombinations;

impl Search for NaiveCombinations {
    const INFO: SolverInfo = SolverInfo {
        name: "naive",
        title: "naive combination generation",
        seeds: "002",
        order: Order::RowMajor,
        max_n: 64,
        practical_n: 7,
        workload: None,
    };

    fn search<O: Observer>(&self, _problem: &Problem, _observer: &mut O) {}
}
