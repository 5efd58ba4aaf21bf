//! Min-conflicts local search (Minton, Johnston, Philips and Laird 1992;
//! Sosic and Gu 1990 and 1991): one solution for a board far too large for
//! any search tree.
//!
//! # The method
//!
//! Backtracking builds a solution queen by queen and undoes what fails; past
//! n ≈ 30 its tree is too large to wander in. A local search instead keeps a
//! *complete* placement, one queen in every row, and repairs it: while some
//! queen is attacked, it moves a queen so that fewer pairs attack. It never
//! walks a tree, so its cost follows the number of repairs, not the size of
//! the tree.
//!
//! The placement is a permutation: row `r` holds column `queens[r]`, and no
//! two rows share a column, so only diagonals can clash. Two arrays count
//! the queens on each `/` anti-diagonal (`row + col`) and each `\` diagonal
//! (`row - col`, shifted to be non-negative), `2n - 1` of each. Whether a
//! queen is attacked is then two reads, and so is whether a square is free,
//! whatever `n` is.
//!
//! 1. **A greedy start** (Sosic and Gu). Row by row, each row takes one of
//!    the columns still unused: it tries up to 32 of them at random and
//!    takes the first on two empty diagonals, or the last one tried if none
//!    was. The unused columns sit at the end of the permutation itself, so
//!    taking one is a swap. Early rows find a free column at once; only the
//!    last rows, with few columns left, settle for attacked squares. The
//!    start leaves a handful of attacking pairs up to n = 1,000 and one for
//!    every thousand rows or more beyond (6 pairs at n = 1,000, 78 at 10⁵,
//!    663 at 10⁶, with the default seed), which a test of the crate
//!    (`tests/start.rs`) counts and holds this essay to: the pairs show in a
//!    trace's first `repair` line, which no command prints quickly at 10⁶.
//! 2. **Repairs by swaps** (Sosic and Gu's, rather than Minton's move). An
//!    attacked queen's row swaps its column with a random other row's, so
//!    the placement stays a permutation and columns never clash. A swap is
//!    *clean* when both queens land on diagonals no other queen stands on:
//!    their attacks vanish and no other queen gains one. Each attacked row
//!    tries up to 64 random partners for a clean swap, then 64 more for any
//!    swap that lowers the number of attacking pairs (on small boards clean
//!    swaps may not exist). The attacked rows are kept in a list, filled by
//!    one scan of the board; a queen found unattacked when its turn comes is
//!    dropped from it, and when it runs dry while pairs remain (a swap that
//!    was not clean attacked a queen it did not name) a scan refills it.
//!
//! Here is a repair on an 8×8 board. Rows 5 and 6 attack each other along
//! a `\` diagonal, and row 6 is picked; swapping its column with row 2's
//! lands both queens on empty diagonals, a clean swap, and the board is
//! solved:
//!
//! ```text
//!     before: 1 attacking pair          after swapping rows 2 and 6
//!   0  Q . . . . . . .                   Q . . . . . . .
//!   1  . . . . Q . . .                   . . . . Q . . .
//!   2  . Q . . . . . .   <- partner      . . . . . . . Q
//!   3  . . . . . Q . .                   . . . . . Q . .
//!   4  . . Q . . . . .                   . . Q . . . . .
//!   5  . . . . . . X .   attacked        . . . . . . Q .
//!   6  . . . . . . . X   <- picked       . Q . . . . . .
//!   7  . . . Q . . . .                   . . . Q . . . .
//! ```
//!
//! # Why swaps, and why it is fast
//!
//! Minton's min-conflicts moves the attacked queen to the column of its row
//! with the fewest attacks: that scans `n` columns per move, and the moved
//! queen then shares its new column with another, so column conflicts must
//! be repaired too. A swap costs O(1) (eight counter updates, undone when
//! the swap does not help) and keeps every column used once. After the
//! greedy start, a diagonal is empty with a probability that does not
//! depend on `n`, so a random partner gives a clean swap with a fixed
//! chance (about one try in a hundred, as the search's own counts below
//! say): each repair removes an attack in O(1) expected tries. The start
//! costs O(n) tries, about three per row (319,480 safety checks at n = 10⁵,
//! the repairs' included), and the scan O(n) reads; the repairs, about one
//! per pair the start left, cost less than either. The whole search is O(n)
//! expected time for large `n` (its time at n = 10⁶ is in the generated
//! `docs/comparison.md`, "find the first solution, n = 8, …"), and O(n)
//! memory: three arrays of `u32`, 20 bytes per row, plus the solution
//! handed on, 8 bytes per row.
//! <!-- checked: queens first 100000 --algo min-conflicts --json | .stats.safety_checks = 319,480 -->
//!
//! # Randomness
//!
//! Every random choice comes from one small generator seeded with the
//! solver's seed ([`MinConflicts::with_seed`]; [`MinConflicts::DEFAULT_SEED`]
//! by default), so a run repeats exactly: the same seed gives the same
//! solution, and another seed usually another one.
//!
//! # What its trace says
//!
//! A local search rules no square out, so its trace has no `reject`. Each
//! square it weighs is a `try`, free or attacked (a safety check of two
//! diagonal counters, in the statistics); the greedy start `settle`s for an
//! attacked square when its 32 tries found none free; the repairs say
//! which attacked row they `repair` and how many attacking pairs are left,
//! then `swap` two rows (clean, or merely with fewer attacks) before the
//! two queens come off and go down; `restart` says why every free queen
//! comes off. A queen is never put on a square its last try found attacked
//! without a `settle` or a `swap` saying why (a test checks it).
//!
//! When it ends, solved or out of steps, it tells its own counts, which the
//! model's three statistics have no place for ([`Observer::own_counts`]):
//! its `tries` (partners drawn for a swap, what its limit of steps counts),
//! its `swaps` and its `restarts`. `queens first --json` prints them as
//! `solver_stats`: at n = 10⁵, 77 swaps in 7,028 tries, 0.011 of them,
//! about one in a hundred, as [`search`](mod@search) expects of a large
//! board.
//! <!-- checked: queens first 100000 --algo min-conflicts --json | .solver_stats.swaps = 77 -->
//! <!-- checked: queens first 100000 --algo min-conflicts --json | .solver_stats.tries = 7,028 -->
//! <!-- checked: queens first 100000 --algo min-conflicts --json | .solver_stats.swaps / queens first 100000 --algo min-conflicts --json | .solver_stats.tries = 0.011 -->
//!
//! # Limits
//!
//! A local search proves nothing: when it finds no solution, it does not
//! know that none exists. On small boards it can sink into a local minimum,
//! where no swap lowers the attacks; after `2n + 4096` tries without a
//! helpful swap it starts again from a new greedy start (the pre-placed
//! queens stay). After `100n + 1,000,000` tries in all it gives up and
//! returns without a solution, so it never runs forever: that is what it
//! does for n = 2 and 3 (at once) and for pre-placed queens no solution
//! can keep. Pre-placed queens keep their rows and columns: the others are
//! a permutation of the columns left, and no swap touches a pre-placed row.
//!
//! # Where each part lives
//!
//! [`board`]: one queen per row and the queens on each diagonal, so that
//! whether a square is attacked, and what a swap would change, costs a few
//! array reads; [`search`](mod@search): the greedy start, the repairs, the
//! restarts and the end of the steps, told to an observer.

// The essay above maps the private modules too, for whoever reads the code
// (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

mod board;
mod search;

use queens_core::{Finds, Levels, Observer, Order, Problem, Search, SolverInfo};

use crate::search::LocalSearch;

/// Min-conflicts local search with Sosic and Gu's greedy start and swaps,
/// seeded so that its runs repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinConflicts {
    seed: u64,
}

impl MinConflicts {
    /// The seed of [`MinConflicts::default`]: fixed, so that two runs of the
    /// command line give the same board. Any number would do; this is the
    /// year of Minton et al.'s paper.
    pub const DEFAULT_SEED: u64 = 1992;

    /// The search whose random choices all follow from `seed`.
    pub const fn with_seed(seed: u64) -> Self {
        MinConflicts { seed }
    }

    /// The seed of this search.
    pub const fn seed(&self) -> u64 {
        self.seed
    }
}

impl Default for MinConflicts {
    fn default() -> Self {
        MinConflicts::with_seed(MinConflicts::DEFAULT_SEED)
    }
}

impl Search for MinConflicts {
    const INFO: SolverInfo = SolverInfo {
        name: "min-conflicts",
        title: "min-conflicts local search",
        seeds: "none",
        // It finds one solution, which one depending on its seed: there is
        // no sequence of solutions to put in an order.
        order: Order::Unspecified,
        // Each row holds one queen, which the repairs move.
        levels: Levels::Rows,
        max_n: 100_000_000,
        practical_n: 10_000_000,
        workload: None,
    };

    const FINDS: Finds = Finds::One { preplaced: true };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        match problem.n() {
            // The empty board is solved by no queens at all.
            0 => {
                let _ = observer.solution(&[]);
            }
            // No placement of 2 or 3 queens is a solution: nothing to search.
            2 | 3 => {}
            _ => {
                if let Some(queens) = LocalSearch::new(problem, self.seed).run(observer) {
                    let _ = observer.solution(&queens);
                }
            }
        }
    }
}

#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    MinConflicts::default()
);
