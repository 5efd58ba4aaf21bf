//! matrix isSafe backtracking (seeds 000). Stub: the search is being written.

use queens_core::{Observer, Order, Problem, Search, SolverInfo};

/// The matrix isSafe backtracking solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct MatrixBacktracking;

impl Search for MatrixBacktracking {
    const INFO: SolverInfo = SolverInfo {
        name: "matrix",
        title: "matrix isSafe backtracking",
        seeds: "000",
        order: Order::ColumnMajor,
        max_n: 64,
        practical_n: 13,
        workload: None,
    };

    fn search<O: Observer>(&self, _problem: &Problem, _observer: &mut O) {}
}
