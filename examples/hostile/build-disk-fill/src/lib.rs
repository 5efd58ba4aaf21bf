//! Hostile: the build script fills the disk; the crate has no solver, and
//! says how far the build script got if it is ever made.

use queens_core::{Levels, Observer, Order, Problem, Search, SolverInfo};

/// Not a solver: its making panics with the build script's report.
pub struct Never;

impl Search for Never {
    const INFO: SolverInfo = SolverInfo {
        name: "never",
        title: "no solver",
        seeds: "",
        order: Order::Unspecified,
        levels: Levels::Rows,
        max_n: 64,
        practical_n: 64,
        workload: None,
    };

    fn search<O: Observer>(&self, _problem: &Problem, _observer: &mut O) {}
}

/// Panics with the build script's report.
pub fn solver() -> Never {
    panic!("{}", include_str!(concat!(env!("OUT_DIR"), "/report.txt")))
}
