//! lookup-array branch and bound (seeds 003, 004). Stub: the search is being written.

use queens_core::{Observer, Order, Problem, Search, SolverInfo};

/// The lookup-array branch and bound solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct BranchAndBound;

impl Search for BranchAndBound {
    const INFO: SolverInfo = SolverInfo {
        name: "bnb",
        title: "lookup-array branch and bound",
        seeds: "003, 004",
        order: Order::RowMajor,
        max_n: 64,
        practical_n: 15,
        workload: None,
    };

    fn search<O: Observer>(&self, _problem: &Problem, _observer: &mut O) {}
}
