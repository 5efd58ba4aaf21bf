//! The registry: the one list of every solver in the workspace, and the one
//! place that knows what each can be asked besides its search.
//!
//! The command-line tool, `cargo xtask compare`, the benches and the
//! cross-checking tests all take their solvers from here: [`FINDS_ALL`]
//! (the solvers that count, list and are compared number for number),
//! [`FINDS_ONE`] (those that find one solution of boards no search tree
//! reaches) and [`every()`], so a solver added here appears everywhere at
//! once. The lists run from the slowest idea to the fastest, the order in
//! which a student meets them.
//!
//! No tool compares solver names to decide what a solver can do: it asks
//! here. [`configure`] builds a solver with the options only some solvers
//! take (the seed of the one with random choices), so a tool never
//! constructs a solver type itself; [`counts_in_parallel`] says which
//! solver has the parallel counter of its own crate; [`queens_per_second`]
//! gives each solver's pace, so that a budget of queens costs every solver
//! about the same time.
//!
//! Each solver has one name, its [`SolverInfo::name`](queens_core::SolverInfo),
//! used alike by `--algo`, the tables of `cargo xtask compare`, the docs and
//! its crate (`lookup`, `queens-lookup`). Names a solver went by before stay
//! as [`ALIASES`], so that scripts written against them keep working.

use queens_array::ArrayBacktracking;
use queens_bitboard::Bitboard;
use queens_construct::Construction;
use queens_core::{Search as _, Solver};
use queens_lookup::LookupArrays;
use queens_matrix::MatrixBacktracking;
use queens_minconflicts::MinConflicts;
use queens_naive::NaiveCombinations;
use queens_permutation::Permutations;

/// Every solver that finds all solutions, slowest idea first: the ones
/// that count, list and are compared number for number.
pub static FINDS_ALL: [&dyn Solver; 6] = [
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

/// Every solver of the workspace: [`FINDS_ALL`], then [`FINDS_ONE`].
pub fn every() -> impl Iterator<Item = &'static dyn Solver> {
    FINDS_ALL.iter().chain(FINDS_ONE.iter()).copied()
}

/// The options only some solvers take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The seed of a solver with random choices; its own fixed seed when
    /// `None`, so that a run repeats.
    pub seed: Option<u64>,
}

/// Why a solver cannot be built with the options asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A seed for a solver that makes no random choice.
    #[error(
        "the {solver} solver makes no random choice, so a seed means nothing to it; \
         min-conflicts is the solver with random choices"
    )]
    NoRandomChoices {
        /// The solver's short name.
        solver: &'static str,
    },
}

/// A solver of the registry as a tool runs it: the registry's own, or one
/// built with options of the run's. It derefs to the solver.
pub enum Configured {
    /// The registry's solver, as it is.
    Registered(&'static dyn Solver),
    /// Min-conflicts with the run's seed.
    Seeded(MinConflicts),
}

impl std::ops::Deref for Configured {
    type Target = dyn Solver;

    fn deref(&self) -> &(dyn Solver + 'static) {
        match self {
            Configured::Registered(solver) => *solver,
            Configured::Seeded(solver) => solver,
        }
    }
}

/// `solver`, one of the registry's, built with `options`: a seed goes to
/// the one solver with random choices (min-conflicts) and is refused by the
/// others.
pub fn configure(
    solver: &'static dyn Solver,
    options: Options,
) -> Result<Configured, OptionsError> {
    let name = solver.info().name;
    match options.seed {
        None => Ok(Configured::Registered(solver)),
        Some(seed) if name == MinConflicts::INFO.name => {
            Ok(Configured::Seeded(MinConflicts::with_seed(seed)))
        }
        Some(_) => Err(OptionsError::NoRandomChoices { solver: name }),
    }
}

/// Whether `solver` has a parallel counter of its own that counts a plain
/// board (the bitboard's: [`queens_bitboard`]'s frames, lanes and threads),
/// which a count runs instead of the model's search.
pub fn counts_in_parallel(solver: &dyn Solver) -> bool {
    solver.info().name == Bitboard::INFO.name
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

/// Each solver's pace, by name: see [`queens_per_second`].
const PACES: [(&str, u64); 8] = [
    ("naive", 112_000_000),
    ("permutation", 139_000_000),
    ("matrix", 3_160_000),
    ("array", 3_340_000),
    ("lookup", 20_000_000),
    ("bitboard", 67_900_000),
    ("construct", 20_000_000),
    ("min-conflicts", 2_440_000),
];

/// How many queens `solver` places a second, measured on one core of the
/// machine the workspace's figures come from (a two-core AMD EPYC): the
/// best of three runs of `queens count 20 --algo NAME --budget 20000000
/// --force`, and for the two that find one solution, `queens first 1000000
/// --algo NAME --json` (its queens placed over its time). A budget of
/// queens costs each solver about the same time when it is scaled by this
/// pace, which differs fortyfold between the matrix solver's scans and the
/// naive solver's bare placements. For a solver outside the registry, the
/// slowest pace, so that a budget scaled by it is never the longer.
pub fn queens_per_second(solver: &dyn Solver) -> u64 {
    let name = solver.info().name;
    PACES
        .iter()
        .find(|(paced, _)| *paced == name)
        .map_or(SLOWEST_PACE, |&(_, pace)| pace)
}

/// The slowest of [`PACES`].
const SLOWEST_PACE: u64 = 2_440_000;

/// Why each solver's largest board, its
/// [`SolverInfo::max_n`](queens_core::SolverInfo), is where it is, by name:
/// see [`largest_board`].
const LARGEST_BOARDS: [(&str, &str); 8] = [
    (
        "naive",
        "the bits of its 2n − 1 diagonals fill a 64-bit word",
    ),
    (
        "permutation",
        "the bits of its 2n − 1 diagonals fill a 64-bit word",
    ),
    (
        "matrix",
        "its bookkeeping arrays are sized for 64 rows, on the stack",
    ),
    (
        "array",
        "a bound far past the n = 14 it counts in seconds, which keeps its arrays small",
    ),
    (
        "lookup",
        "its lookup arrays are sized for 64, like seed 004's, on the stack",
    ),
    ("bitboard", "one bit per column of a 64-bit word"),
    (
        "construct",
        "about 32 bytes a queen: 3 GB at its largest board",
    ),
    (
        "min-conflicts",
        "about 32 bytes a queen: 3 GB at its largest board",
    ),
];

/// Why `solver` accepts no board larger than its `max_n`, in a phrase that
/// follows the limit in a message ("n = 64 (one bit per column of a 64-bit
/// word)"); `None` for a solver outside the registry, which says nothing of
/// itself but its limit.
pub fn largest_board(solver: &dyn Solver) -> Option<&'static str> {
    let name = solver.info().name;
    LARGEST_BOARDS
        .iter()
        .find(|(limited, _)| *limited == name)
        .map(|&(_, why)| why)
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
        assert!(FINDS_ALL.iter().all(|solver| solver.finds() == Finds::All));
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

    #[test]
    fn a_seed_goes_to_the_solver_with_random_choices_only() {
        let seeded = configure(by_name("min-conflicts").unwrap(), Options { seed: Some(7) });
        assert!(matches!(seeded, Ok(Configured::Seeded(_))));
        let plain = configure(by_name("array").unwrap(), Options::default()).unwrap();
        assert_eq!(plain.info().name, "array");
        assert_eq!(
            configure(by_name("array").unwrap(), Options { seed: Some(7) })
                .err()
                .map(|error| error.to_string()),
            Some(
                "the array solver makes no random choice, so a seed means nothing to it; \
                 min-conflicts is the solver with random choices"
                    .to_owned()
            )
        );
        assert!(counts_in_parallel(fastest()));
        assert!(!counts_in_parallel(by_name("lookup").unwrap()));
    }

    #[test]
    fn every_solver_has_its_own_pace() {
        let paced: Vec<&str> = PACES.iter().map(|(name, _)| *name).collect();
        assert_eq!(paced, names());
        assert_eq!(
            Some(SLOWEST_PACE),
            PACES.iter().map(|(_, pace)| *pace).min()
        );
        assert_eq!(queens_per_second(&MatrixBacktracking), 3_160_000);
        assert_eq!(queens_per_second(&Bitboard), 67_900_000);
        let seeded = MinConflicts::with_seed(7);
        assert_eq!(queens_per_second(&seeded), 2_440_000);
    }

    #[test]
    fn every_solver_says_why_its_largest_board_is_where_it_is() {
        let limited: Vec<&str> = LARGEST_BOARDS.iter().map(|(name, _)| *name).collect();
        assert_eq!(limited, names());
        assert_eq!(
            largest_board(&Bitboard),
            Some("one bit per column of a 64-bit word")
        );
        let max_n: Vec<usize> = every().map(|solver| solver.info().max_n).collect();
        assert_eq!(max_n, [32, 32, 64, 4096, 64, 64, 100_000_000, 100_000_000]);
    }
}
