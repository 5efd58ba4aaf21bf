//! The registry: the one list of every solver in the workspace.
//!
//! The command-line tool, `cargo xtask compare`, the benches and the
//! cross-checking tests all take their solvers from [`ALL`], so a solver added
//! here appears everywhere at once. The list runs from the slowest idea to the
//! fastest, the order in which a student meets them.
//!
//! Each solver has one name, its [`SolverInfo::name`](queens_core::SolverInfo),
//! used alike by `--algo`, the tables of `cargo xtask compare`, the docs and
//! its crate (`lookup`, `queens-lookup`). Names a solver went by before stay
//! as [`ALIASES`], so that scripts written against them keep working.

use queens_array::ArrayBacktracking;
use queens_bitboard::Bitboard;
use queens_construct::Construction;
use queens_core::Solver;
use queens_lookup::LookupArrays;
use queens_matrix::MatrixBacktracking;
use queens_minconflicts::MinConflicts;
use queens_naive::NaiveCombinations;
use queens_permutation::Permutations;

/// Every solver that finds all solutions, slowest idea first: the ones
/// that count, list and are compared number for number.
pub static ALL: [&dyn Solver; 6] = [
    &NaiveCombinations,
    &Permutations,
    &MatrixBacktracking,
    &ArrayBacktracking,
    &LookupArrays,
    &Bitboard,
];

/// The solvers that find one solution of boards far too large for any
/// search tree ([`Finds::One`](queens_core::Finds)): the explicit
/// construction and min-conflicts local search, with its fixed seed.
pub static FINDS_ONE: [&dyn Solver; 2] = [
    &Construction,
    &MinConflicts::with_seed(MinConflicts::DEFAULT_SEED),
];

/// Every solver of the workspace: [`ALL`], then [`FINDS_ONE`].
pub fn every() -> impl Iterator<Item = &'static dyn Solver> {
    ALL.iter().chain(FINDS_ONE.iter()).copied()
}

/// Other names `by_name` accepts, each with the solver's own name: `bnb`,
/// seed 003's "branch and bound", was the lookup solver's first name.
pub const ALIASES: [(&str, &str); 1] = [("bnb", "lookup")];

/// The solver used when none is named: the fastest.
pub fn fastest() -> &'static dyn Solver {
    &Bitboard
}

/// The solver whose short name, or one of whose [`ALIASES`], is `name`.
pub fn by_name(name: &str) -> Option<&'static dyn Solver> {
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == name)
        .map_or(name, |(_, own)| own);
    every().find(|solver| solver.info().name == name)
}

/// The short names of every solver, in registry order.
pub fn names() -> Vec<&'static str> {
    every().map(|solver| solver.info().name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::Finds;

    #[test]
    fn names_are_unique_and_found() {
        assert_eq!(
            names(),
            [
                "naive",
                "permutation",
                "matrix",
                "array",
                "lookup",
                "bitboard",
                "construct",
                "min-conflicts"
            ]
        );
        assert!(ALL.iter().all(|solver| solver.finds() == Finds::All));
        assert!(FINDS_ONE.iter().all(|solver| solver.finds() != Finds::All));
        assert_eq!(by_name("array").map(|s| s.info().name), Some("array"));
        assert_eq!(
            by_name("permutation").map(|s| s.info().title),
            Some("permutation generation")
        );
        assert_eq!(by_name("bnb").map(|s| s.info().name), Some("lookup"));
        assert!(by_name("branch").is_none());
        assert_eq!(fastest().info().name, "bitboard");
    }
}
