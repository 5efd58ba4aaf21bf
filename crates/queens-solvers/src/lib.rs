//! The registry: the one list of every solver in the workspace.
//!
//! The command-line tool, `cargo xtask compare`, the benches and the
//! cross-checking tests all take their solvers from [`ALL`], so a solver added
//! here appears everywhere at once. The list runs from the slowest idea to the
//! fastest, the order in which a student meets them.

use queens_array::ArrayBacktracking;
use queens_bnb::BranchAndBound;
use queens_core::Solver;
use queens_matrix::MatrixBacktracking;
use queens_naive::NaiveCombinations;
use queens_permutation::Permutations;

/// Every solver, slowest idea first.
pub static ALL: [&dyn Solver; 5] = [
    &NaiveCombinations,
    &Permutations,
    &MatrixBacktracking,
    &ArrayBacktracking,
    &BranchAndBound,
];

/// The solver used when none is named: the fastest.
pub fn fastest() -> &'static dyn Solver {
    &BranchAndBound
}

/// The solver whose short name is `name`, if any.
pub fn by_name(name: &str) -> Option<&'static dyn Solver> {
    ALL.iter()
        .copied()
        .find(|solver| solver.info().name == name)
}

/// The short names of all solvers, in registry order.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|solver| solver.info().name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        assert_eq!(names(), ["naive", "permutation", "matrix", "array", "bnb"]);
        assert_eq!(by_name("array").map(|s| s.info().name), Some("array"));
        assert_eq!(
            by_name("permutation").map(|s| s.info().title),
            Some("permutation generation")
        );
        assert!(by_name("bitboard").is_none());
        assert_eq!(fastest().info().name, "bnb");
    }
}
