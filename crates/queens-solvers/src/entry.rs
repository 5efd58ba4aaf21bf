//! One row of the registry: a solver, and everything the tools know of it
//! besides what it says of itself in its
//! [`SolverInfo`](queens_core::SolverInfo).
//!
//! A solver's own crate says what any program may ask of it: its name, its
//! order, its largest board. What only the tools ask, its pace on the
//! workspace's machine, a phrase on why its largest board is where it is,
//! the names it went by, a constructor for another seed, lives in its
//! [`Entry`] instead, so that the model's `SolverInfo`, which every
//! student's solver fills in, asks nothing of them that a course does not
//! teach.

use queens_core::Solver;

/// A solver of the registry, with what the tools know of it.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The solver as the tools run it by default (with its own fixed seed,
    /// for one with random choices).
    pub solver: &'static dyn Solver,
    /// How many queens it places a second, measured on one core of the
    /// machine the workspace's figures come from (a two-core AMD EPYC):
    /// the best of three runs of `queens count 20 --algo NAME --budget
    /// 20000000 --force`, and for a solver that finds one solution,
    /// `queens first 1000000 --algo NAME --json` (its queens placed over
    /// its time). A budget of queens costs each solver about the same time
    /// when it is scaled by this pace, which differs fortyfold between the
    /// matrix solver's scans and the naive solver's bare placements.
    pub queens_per_second: u64,
    /// Why it accepts no board larger than its `max_n`, in a phrase that
    /// follows the limit in a message ("n = 64 (one bit per column of a
    /// 64-bit word)").
    pub largest_board: &'static str,
    /// Other names `--algo` accepts for it, names it went by before, so
    /// that scripts written against them keep working.
    pub aliases: &'static [&'static str],
    /// The solver with another seed, for a solver that makes random
    /// choices; `None` for one that makes none.
    pub seeded: Option<fn(u64) -> Box<dyn Solver>>,
    /// Its seed's own C program, which `cargo xtask peers` measures it
    /// against; `None` for a solver no seed wrote in C.
    pub seed_program: Option<SeedProgram>,
}

/// A seed's C program (one of `../shared/peers`, never copied into the
/// workspace) that counts what a solver counts, the boards they are timed
/// on, and the ratio of the solver's time to the program's it must not
/// exceed (issue 2's pairings).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeedProgram {
    /// The program's file, in the peers' folder.
    pub file: &'static str,
    /// The board sizes both count.
    pub sizes: &'static [usize],
    /// The largest ratio solver / program that meets the target.
    pub target: f64,
}

impl Entry {
    /// The entry of `solver`, with its pace and why its largest board is
    /// where it is, no other name and no seed.
    pub const fn new(
        solver: &'static dyn Solver,
        queens_per_second: u64,
        largest_board: &'static str,
    ) -> Entry {
        Entry {
            solver,
            queens_per_second,
            largest_board,
            aliases: &[],
            seeded: None,
            seed_program: None,
        }
    }

    /// The entry, with the other names `--algo` accepts for it.
    pub const fn aliases(self, aliases: &'static [&'static str]) -> Entry {
        Entry { aliases, ..self }
    }

    /// The entry of a solver with random choices, which `seeded` builds
    /// with another seed.
    pub const fn seeded(self, seeded: fn(u64) -> Box<dyn Solver>) -> Entry {
        Entry {
            seeded: Some(seeded),
            ..self
        }
    }

    /// The entry, with its seed's C program it is measured against.
    pub const fn seed_program(self, program: SeedProgram) -> Entry {
        Entry {
            seed_program: Some(program),
            ..self
        }
    }

    /// Whether `solver` is this entry's solver, perhaps with another seed.
    pub fn holds(&self, solver: &dyn Solver) -> bool {
        same_solver(self.solver, solver)
    }

    /// Whether `name` is the solver's own name or one of its aliases.
    pub fn answers_to(&self, name: &str) -> bool {
        self.solver.info().name == name || self.aliases.contains(&name)
    }
}

/// Whether `a` and `b` are the same solver, perhaps with different seeds: a
/// solver is known by its name, which is unique in the registry (a test
/// says so).
pub(crate) fn same_solver(a: &dyn Solver, b: &dyn Solver) -> bool {
    a.info().name == b.info().name
}
