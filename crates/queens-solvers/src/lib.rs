//! The registry: the one list of every solver in the workspace, and the one
//! place that knows what each can be asked besides its search.
//!
//! The command-line tool, `cargo xtask compare`, the benches and the
//! cross-checking tests all take their solvers from here: [`ENTRIES`], one
//! row per solver, and the lists made from it, [`FINDS_ALL`] (the solvers
//! that count, list and are compared number for number), [`every()`] and
//! [`names()`], so a solver added here appears everywhere at once. The list
//! runs from the slowest idea to the fastest, the order in which a student
//! meets them: first the solvers that find every solution, then those
//! that find one solution of boards no search tree reaches.
//!
//! No tool compares solver names to decide what a solver can do: it asks
//! here. A solver's row, its [`Entry`], holds what the tools know of it
//! besides what it says of itself: its pace ([`queens_per_second`]), so
//! that a budget of queens costs every solver about the same time; why its
//! largest board is where it is ([`largest_board`]); the names it went by
//! before; and, for a solver with random choices, how to build it with
//! another seed, which [`configure`] does, so a tool never constructs a
//! solver type itself. The parallel counter, which a count of a plain
//! board runs instead of a search, is reached here too, as [`COUNTER`].
//!
//! Each solver has one name, its [`SolverInfo::name`](queens_core::SolverInfo),
//! used alike by `--algo`, the tables of `cargo xtask compare`, the docs and
//! its crate (`lookup`, `queens-lookup`). Names a solver went by before stay
//! as its [`Entry::aliases`], so that scripts written against them keep
//! working.
//!
//! # Adding a solver
//!
//! A solver is its crate plus one entry here:
//!
//! 1. its crate under `crates/`, implementing
//!    [`Search`](queens_core::Search) and running the conformance suite
//!    (`queens_conformance::suite!`) in its tests, like every solver's
//!    (and, like every crate, a row in the root `Cargo.toml`'s
//!    `[workspace.dependencies]` and in the README's table of crates);
//! 2. the crate as a dependency of this one (`Cargo.toml`), and one entry
//!    in [`ENTRIES`], where its idea falls among the others:
//!    `Entry::new(&TheSolver, queens_per_second, "why its largest board")`
//!    (its pace as [`Entry::queens_per_second`] says to measure it).
//!
//! Nothing else changes: `--algo` and `--help`, `queens count`, `first`,
//! `all`, `race` and `trace`, the guard's rules, `cargo xtask compare`, the
//! benches and this crate's cross-check take their lists from here.
//!
//! `crates/queens-example-solver` shows it done. Its solver is registered
//! by the last entry of the solvers that find every solution, behind this
//! crate's feature `example-solver`, which no package of the workspace
//! turns on: cargo unifies features over a whole invocation, so a
//! dev-dependency turning it on for one package's tests would turn it on
//! for every package `cargo test --workspace` builds, and the lists that
//! the docs and the tools' outputs are checked against would hold nine
//! solvers. The default build holds the workspace's eight; `.ci/run` runs
//! this crate's tests, and the `queens` command's tests of every
//! registered solver (its `tests/cli/registry.rs`) and the lab's test of
//! a comparison (`queens-lab`'s `tests/registry.rs`), again with the
//! feature on. They take their lists from here, so they pass with the
//! example registered too: it is counted, listed, first found,
//! cross-checked, raced, traced and compared with no other edit.
//!
//! # Where each part lives
//!
//! - [`entry`]: one row of the registry, a solver and what the tools know
//!   of it;
//! - [`counter`]: the parallel counter, and the types of its answers.

// The essay above maps the private modules too, for whoever reads the code
// (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

mod counter;
mod entry;

use std::sync::LazyLock;

use queens_array::ArrayBacktracking;
use queens_bitboard::Bitboard;
use queens_construct::Construction;
use queens_core::{Finds, Solver};
use queens_lookup::LookupArrays;
use queens_matrix::MatrixBacktracking;
use queens_minconflicts::MinConflicts;
use queens_naive::NaiveCombinations;
use queens_permutation::Permutations;

pub use counter::{COUNTER, Classes, Counter, Tallied, ThreadPoolBuildError, WorkUnits};
pub use entry::{Entry, SeedProgram};

/// Why the generators' largest board is where it is.
const DIAGONAL_WORD: &str = "the bits of its 2n − 1 diagonals fill a 64-bit word";

/// The boards a backtracking seed's solver and its C program both count,
/// each in about a second.
const SEED_SIZES: &[usize] = &[12, 13];

/// Why the two that find one solution stop where they do.
const GIGABYTES: &str = "about 32 bytes a queen: 3 GB at its largest board";

/// Every solver of the workspace, one row each, slowest idea first: the
/// solvers that find every solution, then those that find one.
pub static ENTRIES: &[Entry] = &[
    // The naive solver must beat its seed's program fivefold: it runs the
    // same 85,900,584 tests at n = 7 with a cheaper test.
    Entry::new(&NaiveCombinations, 112_000_000, DIAGONAL_WORD).seed_program(SeedProgram {
        file: "seed002_naive.c",
        sizes: &[7],
        target: 0.2,
    }),
    Entry::new(&Permutations, 139_000_000, DIAGONAL_WORD),
    Entry::new(
        &MatrixBacktracking,
        3_160_000,
        "its bookkeeping arrays are sized for 64 rows, on the stack",
    )
    .seed_program(SeedProgram {
        file: "seed000_matrix.c",
        sizes: SEED_SIZES,
        target: 1.0,
    }),
    Entry::new(
        &ArrayBacktracking,
        3_340_000,
        "a bound far past the n = 14 it counts in seconds, which keeps its arrays small",
    )
    .seed_program(SeedProgram {
        file: "seed001_array.c",
        sizes: SEED_SIZES,
        target: 1.0,
    }),
    // Seed 003's "branch and bound" gave the lookup solver its first name.
    Entry::new(
        &LookupArrays,
        20_000_000,
        "its lookup arrays are sized for 64, like seed 004's, on the stack",
    )
    .aliases(&["bnb"])
    .seed_program(SeedProgram {
        file: "seed004_lookup.c",
        sizes: SEED_SIZES,
        target: 1.0,
    }),
    Entry::new(&Bitboard, 67_900_000, "one bit per column of a 64-bit word"),
    #[cfg(feature = "example-solver")]
    Entry::new(
        &queens_example_solver::Example,
        13_000_000,
        "its recursion, one call a row, stays shallow",
    ),
    Entry::new(&Construction, 20_000_000, GIGABYTES),
    Entry::new(&MIN_CONFLICTS, 2_440_000, GIGABYTES)
        .seeded(|seed| Box::new(MinConflicts::with_seed(seed))),
];

/// Min-conflicts as the tools run it by default: with its fixed seed, so
/// that a run repeats.
const MIN_CONFLICTS: MinConflicts = MinConflicts::with_seed(MinConflicts::DEFAULT_SEED);

/// Every solver that finds all solutions, slowest idea first: the ones
/// that count, list and are compared number for number.
pub static FINDS_ALL: LazyLock<Vec<&'static dyn Solver>> = LazyLock::new(|| {
    every()
        .filter(|solver| solver.finds() == Finds::All)
        .collect()
});

/// Every solver of the workspace, in the order of [`ENTRIES`].
pub fn every() -> impl Iterator<Item = &'static dyn Solver> {
    ENTRIES.iter().map(|entry| entry.solver)
}

/// The short names of every solver, in registry order.
pub fn names() -> Vec<&'static str> {
    every().map(|solver| solver.info().name).collect()
}

/// Every name [`by_name`] answers to: each solver's, then the other names
/// it answers to ([`aliases`]), so that a list of what is accepted is
/// whole.
pub fn every_name() -> Vec<&'static str> {
    every()
        .flat_map(|solver| {
            std::iter::once(solver.info().name).chain(aliases(solver).iter().copied())
        })
        .collect()
}

/// The solver used when none is named: the fastest, whose counts the
/// parallel counter answers.
pub fn fastest() -> &'static dyn Solver {
    COUNTER.solver
}

/// The solver every speed-up of `cargo xtask compare` is measured against:
/// the lookup arrays of seeds 003 and 004, the fastest idea the seeds
/// teach.
pub fn baseline() -> &'static dyn Solver {
    &LookupArrays
}

/// The solver whose trace a student reads first, and a page shows when
/// none is named: seed 001's 1-D array backtracking, a queen per row tried
/// left to right.
pub fn first_read() -> &'static dyn Solver {
    &ArrayBacktracking
}

/// The solver whose short name, or one of whose aliases, is `name`.
pub fn by_name(name: &str) -> Option<&'static dyn Solver> {
    ENTRIES
        .iter()
        .find(|entry| entry.answers_to(name))
        .map(|entry| entry.solver)
}

/// The row of `solver`, which may have been built with another seed;
/// `None` for a solver outside the registry.
pub fn entry_of(solver: &dyn Solver) -> Option<&'static Entry> {
    ENTRIES.iter().find(|entry| entry.holds(solver))
}

/// The other names `--algo` accepts for `solver`, its [`Entry::aliases`],
/// so that a help listing the solvers lists them too; none for a solver
/// outside the registry.
pub fn aliases(solver: &dyn Solver) -> &'static [&'static str] {
    entry_of(solver).map_or(&[], |entry| entry.aliases)
}

/// How many queens `solver` places a second: its
/// [`Entry::queens_per_second`]. For a solver outside the registry, the
/// slowest pace of the registry's, so that a budget scaled by it is never
/// the longer.
pub fn queens_per_second(solver: &dyn Solver) -> u64 {
    entry_of(solver).map_or_else(slowest_pace, |entry| entry.queens_per_second)
}

/// The slowest pace of the registry's solvers.
fn slowest_pace() -> u64 {
    ENTRIES
        .iter()
        .map(|entry| entry.queens_per_second)
        .min()
        .unwrap_or(1)
}

/// Why `solver` accepts no board larger than its `max_n`: its
/// [`Entry::largest_board`]; `None` for a solver outside the registry,
/// which says nothing of itself but its limit.
pub fn largest_board(solver: &dyn Solver) -> Option<&'static str> {
    entry_of(solver).map(|entry| entry.largest_board)
}

/// The options only some solvers take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The seed of a solver with random choices; its own fixed seed when
    /// `None`, so that a run repeats.
    pub seed: Option<u64>,
}

/// Why a solver cannot be built with the options asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A seed for a solver that makes no random choice.
    #[error("the {solver} solver makes no random choice, so a seed means nothing to it; {random}")]
    NoRandomChoices {
        /// The solver's short name.
        solver: &'static str,
        /// Which solvers take a seed: "min-conflicts is the solver with
        /// random choices".
        random: String,
    },
}

/// A solver of the registry as a tool runs it: the registry's own, or one
/// built with options of the run's. It derefs to the solver.
pub enum Configured {
    /// The registry's solver, as it is.
    Registered(&'static dyn Solver),
    /// A solver with random choices, with the run's seed.
    Seeded(Box<dyn Solver>),
}

impl std::ops::Deref for Configured {
    type Target = dyn Solver;

    fn deref(&self) -> &(dyn Solver + 'static) {
        match self {
            Configured::Registered(solver) => *solver,
            Configured::Seeded(solver) => solver.as_ref(),
        }
    }
}

/// `solver`, one of the registry's, built with `options`: a seed goes to
/// a solver with random choices (its [`Entry::seeded`]) and is refused by
/// the others.
pub fn configure(
    solver: &'static dyn Solver,
    options: Options,
) -> Result<Configured, OptionsError> {
    let Some(seed) = options.seed else {
        return Ok(Configured::Registered(solver));
    };
    match entry_of(solver).and_then(|entry| entry.seeded) {
        Some(seeded) => Ok(Configured::Seeded(seeded(seed))),
        None => Err(OptionsError::NoRandomChoices {
            solver: solver.info().name,
            random: random_choosers(),
        }),
    }
}

/// Which solvers take a seed, for [`OptionsError::NoRandomChoices`].
fn random_choosers() -> String {
    let seeded: Vec<&str> = ENTRIES
        .iter()
        .filter(|entry| entry.seeded.is_some())
        .map(|entry| entry.solver.info().name)
        .collect();
    match seeded.as_slice() {
        [one] => format!("{one} is the solver with random choices"),
        many => format!("{} are the solvers with random choices", many.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workspace's solvers.
    const WORKSPACE: [&str; 8] = [
        "naive",
        "permutation",
        "matrix",
        "array",
        "lookup",
        "bitboard",
        "construct",
        "min-conflicts",
    ];

    /// The registry's names: the workspace's, with the example solver's
    /// when its feature registers it.
    fn expected_names() -> Vec<&'static str> {
        let mut names = WORKSPACE.to_vec();
        if cfg!(feature = "example-solver") {
            names.insert(6, "example");
        }
        names
    }

    #[test]
    fn names_are_unique_and_found() {
        assert_eq!(names(), expected_names());
        let finding_all = FINDS_ALL.len();
        assert!(every().take(finding_all).all(|s| s.finds() == Finds::All));
        assert!(every().skip(finding_all).all(|s| s.finds() != Finds::All));
        assert_eq!(by_name("array").map(|s| s.info().name), Some("array"));
        assert_eq!(
            by_name("permutation").map(|s| s.info().title),
            Some("permutation generation")
        );
        assert_eq!(by_name("bnb").map(|s| s.info().name), Some("lookup"));
        assert_eq!(aliases(by_name("lookup").unwrap()), ["bnb"]);
        assert!(aliases(by_name("bitboard").unwrap()).is_empty());
        assert!(by_name("branch").is_none());
        assert_eq!(fastest().info().name, "bitboard");
        let aliases = ENTRIES.iter().flat_map(|entry| entry.aliases);
        assert!(aliases.clone().all(|alias| !names().contains(alias)));
        assert_eq!(aliases.count(), 1);
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
        assert!(COUNTER.counts_for(fastest()));
        assert!(!COUNTER.counts_for(by_name("lookup").unwrap()));
    }

    #[test]
    fn the_roles_and_the_seed_programs_belong_to_the_seeds_solvers() {
        assert_eq!(baseline().info().name, "lookup");
        assert_eq!(first_read().info().name, "array");
        let programs: Vec<(&str, &str)> = ENTRIES
            .iter()
            .filter_map(|entry| Some((entry.solver.info().name, entry.seed_program?.file)))
            .collect();
        assert_eq!(
            programs,
            [
                ("naive", "seed002_naive.c"),
                ("matrix", "seed000_matrix.c"),
                ("array", "seed001_array.c"),
                ("lookup", "seed004_lookup.c"),
            ]
        );
    }

    #[test]
    fn every_solver_has_its_own_pace() {
        assert_eq!(slowest_pace(), 2_440_000);
        assert_eq!(queens_per_second(&MatrixBacktracking), 3_160_000);
        assert_eq!(queens_per_second(&Bitboard), 67_900_000);
        let seeded = MinConflicts::with_seed(7);
        assert_eq!(queens_per_second(&seeded), 2_440_000);
    }

    #[test]
    fn every_solver_says_why_its_largest_board_is_where_it_is() {
        assert_eq!(
            largest_board(&Bitboard),
            Some("one bit per column of a 64-bit word")
        );
        assert!(ENTRIES.iter().all(|entry| !entry.largest_board.is_empty()));
        let max_n = WORKSPACE.map(|name| by_name(name).unwrap().info().max_n);
        assert_eq!(max_n, [32, 32, 64, 4096, 64, 64, 100_000_000, 100_000_000]);
    }

    #[test]
    fn the_counter_cuts_the_boards_of_its_solver() {
        assert_eq!(COUNTER.solver.info().name, "bitboard");
        assert_eq!(COUNTER.practical_n, 19);
        assert_eq!((COUNTER.units)(8).map(|plan| plan.n()), Ok(8));
        assert!((COUNTER.units)(65).is_err());
    }
}
