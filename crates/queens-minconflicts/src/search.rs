//! The search itself: a greedy start, then repairs, restarted when it
//! stalls and abandoned when its steps run out.
//!
//! It tells an observer what it does in its own terms: each square it
//! weighs is a `tried` check (a try rules nothing out: the search may put
//! a queen there attacked), and each decision a [`Decision`]: settling for
//! an attacked square, picking an attacked row to repair, a swap, a
//! restart. So a trace never shows a queen put on an attacked square
//! without the decision that explains it.

use std::ops::ControlFlow;

use queens_core::{Decision, Observer, Problem, Square};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::board::Board;

/// Swap tries a board of `n` rows may spend, per row, before the search
/// gives up; [`STEPS_BASE`] more let small boards restart often.
const STEPS_PER_QUEEN: u64 = 100;

/// Swap tries every board may spend besides [`STEPS_PER_QUEEN`] per row.
const STEPS_BASE: u64 = 1_000_000;

/// Random columns a row of the greedy start tries before it settles for
/// the last one: enough that only about one queen in 800 starts attacked,
/// few enough that the start costs about `3n` tries.
const GREEDY_TRIES: usize = 32;

/// Partners a conflicted row tries for a clean swap before it accepts one
/// that merely lowers the attacks. On a large board about one partner in
/// a hundred gives a clean swap, so most rows find one; on a small board
/// clean swaps may not exist at all.
const CLEAN_TRIES: usize = 64;

/// Partners a conflicted row tries in all before the search turns to
/// another conflicted row.
const ROW_TRIES: usize = 2 * CLEAN_TRIES;

/// The most conflicted rows remembered at once. The list is a hint (the
/// attacking pairs are the truth), so a cap only means an extra scan, and
/// it keeps the list's memory small on a huge board.
const LIST_CAP: usize = 1 << 16;

/// Why a start ended.
enum End {
    /// The board is a solution.
    Solved,
    /// No swap has helped for too long: a local minimum, start again.
    Stalled,
    /// The steps ran out: give up.
    GaveUp,
    /// The observer asked to stop.
    Stopped,
}

/// The rows the search may move: those without a pre-placed queen.
enum FreeRows {
    /// Every row, `0..n`: the plain problem, with no list to read.
    All(usize),
    /// The rows listed.
    Listed(Vec<u32>),
}

impl FreeRows {
    fn len(&self) -> usize {
        match self {
            FreeRows::All(n) => *n,
            FreeRows::Listed(rows) => rows.len(),
        }
    }

    /// The `k`th free row.
    #[inline(always)]
    fn row(&self, k: usize) -> usize {
        match self {
            FreeRows::All(_) => k,
            FreeRows::Listed(rows) => rows[k] as usize,
        }
    }
}

/// The state of a search on one problem.
pub(crate) struct LocalSearch<'p> {
    problem: &'p Problem,
    board: Board,
    free: FreeRows,
    /// Rows whose queen was attacked when last looked at; some may be
    /// fixed since, and a swap that is not clean may attack rows missing
    /// from it. When it runs dry while pairs remain, a scan refills it.
    conflicted: Vec<u32>,
    rng: SmallRng,
    /// Swap tries left before the search gives up.
    steps_left: u64,
    /// Swap tries in all, for [`STEPS_PER_QUEEN`] and [`STEPS_BASE`]: what
    /// `steps_left` started at.
    steps: u64,
    /// Swaps made.
    swaps: u64,
    /// Starts abandoned for a new one.
    restarts: u64,
    /// Tries since the last swap that helped.
    stall: u64,
    /// Tries without a helpful swap after which a start is abandoned.
    stall_limit: u64,
}

impl<'p> LocalSearch<'p> {
    /// Everything the search will need, allocated now, so that the search
    /// itself allocates nothing. `problem.n()` must be at least 1.
    pub(crate) fn new(problem: &'p Problem, seed: u64) -> Self {
        let n = problem.n();
        let free = if problem.is_plain() {
            FreeRows::All(n)
        } else {
            FreeRows::Listed(
                (0..n)
                    .filter(|&row| problem.column_in_row(row).is_none())
                    .map(|row| row as u32)
                    .collect(),
            )
        };
        // The pool: the free columns, in order, written into the free rows.
        let mut board = Board::new(n, vec![0; n]);
        let free_columns = (0..n).filter(|&col| problem.row_in_column(col).is_none());
        for (k, col) in free_columns.enumerate() {
            board.set_column(free.row(k), col);
        }
        let n = n as u64;
        let steps = STEPS_PER_QUEEN * n + STEPS_BASE;
        LocalSearch {
            problem,
            board,
            conflicted: Vec::with_capacity(free.len().min(LIST_CAP)),
            free,
            rng: SmallRng::seed_from_u64(seed),
            steps_left: steps,
            steps,
            swaps: 0,
            restarts: 0,
            stall: 0,
            stall_limit: 2 * n + 4096,
        }
    }

    /// Runs starts until one is solved, the steps run out or the observer
    /// stops it; returns the solution, if found, after telling the
    /// observer its tries, swaps and restarts when it did not stop it.
    pub(crate) fn run<O: Observer>(mut self, observer: &mut O) -> Option<Vec<usize>> {
        let solution = self.search(observer)?;
        self.tell_counts(observer);
        solution
    }

    /// The search's own counts, as [`Observer::own_counts`] hears them.
    fn tell_counts<O: Observer>(&self, observer: &mut O) {
        observer.own_counts(&[
            ("tries", self.steps - self.steps_left),
            ("swaps", self.swaps),
            ("restarts", self.restarts),
        ]);
    }

    /// [`LocalSearch::run`]'s starts: `None` when the observer stopped
    /// the search, `Some(None)` when the steps ran out.
    fn search<O: Observer>(&mut self, observer: &mut O) -> Option<Option<Vec<usize>>> {
        for square in self.problem.preplaced() {
            self.board.put(square.row, square.col);
            if observer.placed(*square).is_break() {
                return None;
            }
        }
        loop {
            if self.greedy_start(observer).is_break() {
                return None;
            }
            match self.repair(observer) {
                End::Solved => return Some(Some(self.board.placement())),
                End::Stalled => self.clear(observer),
                End::GaveUp => return Some(None),
                End::Stopped => return None,
            }
        }
    }

    /// Sosic and Gu's start: each free row in turn takes one of the
    /// columns left, trying a few at random for one on two empty
    /// diagonals, and the last one tried when none is. The columns left
    /// are the pool `k..m` of the free rows' entries, so taking one is a
    /// swap and the placement stays a permutation.
    fn greedy_start<O: Observer>(&mut self, observer: &mut O) -> ControlFlow<()> {
        let m = self.free.len();
        for k in 0..m {
            let row = self.free.row(k);
            let index = self.pick_column(row, k, m, observer);
            let chosen = self.free.row(index);
            let col = self.board.column(chosen);
            self.board.set_column(chosen, self.board.column(row));
            self.board.put(row, col);
            observer.placed(Square::new(row, col))?;
        }
        ControlFlow::Continue(())
    }

    /// The pool index `k..m` of the column `row` takes.
    fn pick_column<O: Observer>(
        &mut self,
        row: usize,
        k: usize,
        m: usize,
        observer: &mut O,
    ) -> usize {
        let mut index = k;
        for _ in 0..GREEDY_TRIES {
            index = self.rng.random_range(k..m);
            let col = self.board.column(self.free.row(index));
            let attack = self.board.attack_on(row, col);
            observer.tried(Square::new(row, col), 2, attack);
            if attack.is_none() {
                return index;
            }
        }
        let col = self.board.column(self.free.row(index));
        observer.decided(Decision::Settle {
            square: Square::new(row, col),
            tries: GREEDY_TRIES,
        });
        index
    }

    /// Repairs until solved, stalled, out of steps or stopped.
    fn repair<O: Observer>(&mut self, observer: &mut O) -> End {
        self.conflicted.clear();
        self.stall = 0;
        loop {
            if self.board.pairs() == 0 {
                return End::Solved;
            }
            if self.conflicted.is_empty() {
                self.scan();
            }
            let index = self.rng.random_range(0..self.conflicted.len());
            let row = self.conflicted[index] as usize;
            if !self.board.attacked(row) {
                self.conflicted.swap_remove(index);
                continue;
            }
            observer.decided(Decision::Repair {
                row,
                pairs: self.board.pairs(),
            });
            if let ControlFlow::Break(end) = self.fix(row, observer) {
                return end;
            }
        }
    }

    /// Refills the list of conflicted rows, up to its capacity. Some row
    /// is attacked whenever pairs remain, since the pre-placed queens
    /// attack none of each other.
    fn scan(&mut self) {
        for k in 0..self.free.len() {
            if self.conflicted.len() == self.conflicted.capacity() {
                break;
            }
            let row = self.free.row(k);
            if self.board.attacked(row) {
                self.conflicted.push(row as u32);
            }
        }
    }

    /// Tries random partners for the attacked queen in `row`: a clean swap
    /// first, then any that lowers the attacks. Continues when a swap was
    /// made or this row gave up for now.
    fn fix<O: Observer>(&mut self, row: usize, observer: &mut O) -> ControlFlow<End> {
        let m = self.free.len();
        for attempt in 0..ROW_TRIES {
            if self.steps_left == 0 {
                return ControlFlow::Break(End::GaveUp);
            }
            if self.stall == self.stall_limit {
                return ControlFlow::Break(End::Stalled);
            }
            self.steps_left -= 1;
            self.stall += 1;
            let partner = self.free.row(self.rng.random_range(0..m));
            if partner == row {
                continue;
            }
            let (a, b) = (self.board.column(row), self.board.column(partner));
            let tried = self.board.try_swap(row, partner, attempt >= CLEAN_TRIES);
            // Each try weighs the two squares the queens would land on,
            // reading their two diagonals each.
            observer.tried(Square::new(row, b), 2, tried.conflicts[0]);
            observer.tried(Square::new(partner, a), 2, tried.conflicts[1]);
            if tried.swapped {
                self.stall = 0;
                self.swaps += 1;
                observer.decided(Decision::Swap {
                    rows: [row, partner],
                    clean: tried.conflicts == [None, None],
                    pairs: self.board.pairs(),
                });
                return report_swap(observer, row, partner, (a, b));
            }
        }
        ControlFlow::Continue(())
    }

    /// Takes every free queen off the board for a new start.
    fn clear<O: Observer>(&mut self, observer: &mut O) {
        self.restarts += 1;
        observer.decided(Decision::Restart { tries: self.stall });
        for k in 0..self.free.len() {
            let row = self.free.row(k);
            let col = self.board.column(row);
            self.board.lift(row, col);
            observer.removed(Square::new(row, col));
        }
    }
}

/// Reports the swap of rows `i` and `j`, whose columns were `(a, b)`: two
/// queens taken off, two put down.
#[inline(always)]
fn report_swap<O: Observer>(
    observer: &mut O,
    i: usize,
    j: usize,
    (a, b): (usize, usize),
) -> ControlFlow<End> {
    observer.removed(Square::new(i, a));
    observer.removed(Square::new(j, b));
    let stopped = observer.placed(Square::new(i, b)).is_break()
        || observer.placed(Square::new(j, a)).is_break();
    if stopped {
        ControlFlow::Break(End::Stopped)
    } else {
        ControlFlow::Continue(())
    }
}
