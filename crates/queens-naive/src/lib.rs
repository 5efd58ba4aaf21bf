//! Naive combination generation, after seed 002 ("Generate All Possible
//! Placement").
//!
//! # The idea
//!
//! Forget everything about chess except the rules, and try every way to put
//! `n` queens on the `n²` cells of the board. Number the cells row by row,
//! `cell = row * n + col`; a placement is a *set* of `n` cells, so seed 002
//! generates each set once by choosing its cells in increasing order: the
//! first queen goes on any cell that leaves room for the other `n - 1`, each
//! next queen on a later cell, and so on until all `n` stand. Only then is the
//! placement tested, and it is a solution when no two of its queens share a
//! row, a column or a diagonal.
//!
//! Nothing is pruned: a placement with two queens side by side in the top row
//! is completed in every possible way and each completion tested. That is the
//! lesson of this solver. The backtracking solvers test each queen as it is
//! placed and abandon a partial placement at the first attack; this one pays
//! for every combination.
//!
//! # Order and cost
//!
//! Every combination's cells increase, so a solution, which has one queen per
//! row, lists its queens row by row, and the generator meets the combinations
//! in lexicographic order: solutions come out in lexicographic order of
//! `queens` ([`Order::RowMajor`]), like the row-by-row backtracking solvers'.
//!
//! The generator tests `C(n², n)` placements: 1,820 for `n = 4`, 85,900,584
//! for `n = 7`, 4,426,165,368 for `n = 8` and 260,887,834,350 for `n = 9`,
//! which is why [`SolverInfo::workload`] announces the number before a run and
//! the practical limit is `n = 7`. The test here is cheap: every cell carries
//! the four lines through it (row, column, diagonal, anti-diagonal) as bits,
//! worked out once before the search; the test reads the cells of the
//! combination in increasing order, keeps the lines taken so far, and stops at
//! the first cell that shares one with an earlier cell. It costs O(n) at most
//! and usually two or three reads, where the seed's costs O(n²). The bits of
//! the `2n - 1` diagonals must fit in 64, which sets the largest board
//! accepted, `max_n`, at 32; nobody will wait for the `C(1024, 32)` tests it
//! would take. Memory is O(n²) for the list of cells, and the generator is a
//! loop rather than recursion.
//! <!-- checked: queens count 4 --algo naive --json | .stats.safety_checks = 1,820 -->
//! <!-- checked: queens count 7 --algo naive --json | .stats.safety_checks = 85,900,584 -->
//! <!-- checked: queens count 8 --algo naive | stderr = 4,426,165,368 -->
//! <!-- checked: queens count 9 --algo naive | stderr = 260,887,834,350 -->
//! <!-- checked: queens count 33 --algo naive | stderr = 32 -->
//!
//! # Pre-placed queens
//!
//! A problem with `k` pre-placed queens is solved by the same generation over
//! a smaller set: the generator chooses the other `n - k` cells, in increasing
//! order, from the cells that hold no pre-placed queen, and each combination
//! tested is those cells together with the pre-placed ones, sorted. Only
//! combinations that contain every pre-placed queen are therefore tested, and
//! still in increasing order, so the solutions keep row-major order. Cells
//! attacked by a pre-placed queen are *not* left out: that would be pruning.
//! The pre-placed queens are reported placed once, before the generation
//! starts, and stay on the board throughout.
//!
//! # The generator on its own
//!
//! The loop that chooses the cells knows nothing of boards: it chooses `k`
//! of the numbers `0..items`, in increasing order, and tells what it does
//! to whoever drives it. The search drives it with the free cells and the
//! test; [`for_each_combination`] drives it with a listener that only
//! collects the numbers, which answers the second half of seed 002's
//! homework, "print all possible combinations of 1,2,3,4" (the
//! `queens-permutation` crate prints both halves). The innermost loop, over
//! the last queen's cells, is the search's own, over slices: the same steps
//! by index cost a bounds check per cell.
//!
//! # Errata
//!
//! What the seed gets wrong, and what this crate corrects, is listed once
//! for every seed in the workspace's `docs/algorithms.md`, section
//! "Errata".

use queens_core::combinatorics::binomial;
use queens_core::generate::{Listing, Steps};
use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square, Workload};
use std::ops::{ControlFlow, Range};

/// The naive combination generation solver of seed 002.
#[derive(Clone, Copy, Debug, Default)]
pub struct NaiveCombinations;

impl Search for NaiveCombinations {
    const INFO: SolverInfo = SolverInfo {
        name: "naive",
        title: "naive combination generation",
        seeds: "002",
        order: Order::RowMajor,
        levels: Levels::Queens,
        max_n: 32,
        practical_n: 7,
        workload: Some(placements_tested),
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        let preplaced = problem.preplaced();
        // The cells the generator chooses from, in increasing order: every
        // cell but the pre-placed ones.
        let free = Cells::from_squares(
            n,
            (0..n)
                .flat_map(|row| (0..n).map(move |col| Square::new(row, col)))
                .filter(|square| !preplaced.contains(square)),
        );
        let to_choose = n - preplaced.len();
        let leaf = Leaf::new(n, preplaced);
        for &square in preplaced {
            if observer.placed(square).is_break() {
                return;
            }
        }
        let mut placements = Placements {
            // `chosen` holds the cell of each queen of the combination.
            chosen: Cells::from_squares(n, std::iter::repeat_n(Square::new(0, 0), to_choose)),
            free,
            leaf,
            observer,
        };
        generate(placements.free.len(), to_choose, &mut placements);
    }
}

/// Calls `visit` with every combination of `k` of the numbers `0..items`,
/// each in increasing order and the combinations in lexicographic order,
/// until it answers `Break`: seed 002's generation, run by the solver's own
/// loop with a listener that only collects the numbers, where the search
/// chooses `n` of the `n²` cells. There is one combination of none (the
/// empty one) and none of more than `items`.
///
/// ```
/// use std::ops::ControlFlow;
///
/// let mut pairs = Vec::new();
/// queens_naive::for_each_combination(4, 2, |pair| {
///     pairs.push(pair.to_vec());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(pairs, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
/// ```
pub fn for_each_combination(
    items: usize,
    k: usize,
    visit: impl FnMut(&[usize]) -> ControlFlow<()>,
) {
    if k <= items {
        generate(items, k, &mut Listing::new(k, visit));
    }
}

/// Seed 002's `generate`, made a loop: every combination of `k` of the
/// items `0..items`, `k <= items`, each in increasing order, told to
/// `steps`. `choice[depth]` is the item of choice number `depth`.
#[inline(always)]
fn generate<S: Steps>(items: usize, k: usize, steps: &mut S) {
    if k == 0 {
        // One combination of nothing: the empty one (for the search, the
        // pre-placed queens alone, or the empty board).
        let _ = steps.complete();
        return;
    }
    let mut choice = vec![0usize; k];
    // The seed's bound `i <= N*N - (N - count - 1)`: choice `depth` may go
    // no further than `last_first + depth`, which leaves an item for each
    // choice after it.
    let last_first = items - k;
    let last = k - 1;
    let mut depth = 0;
    let mut next = 0;
    loop {
        if depth == last {
            // The last choice completes a combination on each item left.
            if steps
                .complete_on_each(last, next..last_first + k)
                .is_break()
            {
                return;
            }
            // With one choice to make, this loop was the top level: report
            // it once, whole, rather than test for that at every leaf.
            if depth == 0 {
                steps.progressed(last_first + 1, last_first + 1);
            }
        } else if next <= last_first + depth {
            choice[depth] = next;
            if steps.put(depth, next).is_break() {
                return;
            }
            depth += 1;
            next += 1;
            continue;
        }
        // No item left for this choice: give the one before it back and
        // move it on to its next item.
        steps.exhausted(depth);
        if depth == 0 {
            return;
        }
        depth -= 1;
        steps.take_off(depth, choice[depth]);
        if depth == 0 {
            steps.progressed(choice[0] + 1, last_first + 1);
        }
        next = choice[depth] + 1;
    }
}

/// The search's side of the generation: the cells it chooses from, the
/// combination chosen so far, its test, and the observer that hears them.
struct Placements<'o, O> {
    /// The cells the generator chooses from, in increasing order: item `i`
    /// is cell `i` of this list.
    free: Cells,
    chosen: Cells,
    leaf: Leaf,
    observer: &'o mut O,
}

impl<O: Observer> Steps for Placements<'_, O> {
    #[inline(always)]
    fn put(&mut self, depth: usize, item: usize) -> ControlFlow<()> {
        let square = self.free.squares[item];
        self.chosen.set(depth, square, self.free.lines[item]);
        self.observer.placed(square)
    }

    #[inline(always)]
    fn complete(&mut self) -> ControlFlow<()> {
        self.leaf.test(&self.chosen, self.observer)
    }

    #[inline(always)]
    fn take_off(&mut self, _depth: usize, item: usize) {
        self.observer.removed(self.free.squares[item]);
    }

    #[inline(always)]
    fn exhausted(&mut self, depth: usize) {
        self.observer.exhausted(depth);
    }

    #[inline(always)]
    fn progressed(&mut self, done: usize, of: usize) {
        self.observer.progressed(done, of);
    }

    /// The same steps as the default, over slices of the free cells rather
    /// than by index: this loop is where the search spends its time, and
    /// the slices spare it the bounds checks of every cell (by index, the
    /// whole run of `cargo xtask compare --n 6 --algo naive` took 6% more
    /// instructions under callgrind).
    #[inline(always)]
    fn complete_on_each(&mut self, last: usize, items: Range<usize>) -> ControlFlow<()> {
        let squares = &self.free.squares[items.clone()];
        for (&square, &lines) in squares.iter().zip(&self.free.lines[items]) {
            self.chosen.set(last, square, lines);
            self.observer.placed(square)?;
            self.leaf.test(&self.chosen, self.observer)?;
            self.observer.removed(square);
        }
        ControlFlow::Continue(())
    }
}

/// The work announced before a run: the generator tests every placement of
/// the `n - k` queens not pre-placed on the `n² - k` cells left, `C(n², n)`
/// on an empty board.
fn placements_tested(problem: &Problem) -> Workload {
    let n = problem.n() as u128;
    let preplaced = problem.preplaced().len() as u128;
    let cells = n * n - preplaced;
    let queens = n - preplaced;
    Workload {
        formula: format!("C({cells}, {queens})"),
        amount: binomial(cells, queens),
        unit: "placements",
    }
}

/// A list of cells in increasing order: their squares, which the observer
/// is shown, and beside them the lines through each, which the test reads.
#[derive(Debug, Default)]
struct Cells {
    squares: Vec<Square>,
    lines: Vec<Lines>,
}

impl Cells {
    /// The cells of `squares` on an `n`×`n` board.
    fn from_squares(n: usize, squares: impl Iterator<Item = Square>) -> Self {
        let squares: Vec<Square> = squares.collect();
        let lines = squares
            .iter()
            .map(|&square| Lines::through(square, n))
            .collect();
        Cells { squares, lines }
    }

    fn len(&self) -> usize {
        self.squares.len()
    }

    fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// Makes cell `index` the one on `square`, through `lines`.
    #[inline(always)]
    fn set(&mut self, index: usize, square: Square, lines: Lines) {
        self.squares[index] = square;
        self.lines[index] = lines;
    }

    /// Makes this list the cells of `a` and `b`, both in increasing order,
    /// merged in increasing order. Needs no allocation once the list has
    /// room for both.
    fn merge(&mut self, a: &Cells, b: &Cells) {
        self.squares.clear();
        self.lines.clear();
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let take_a = j == b.len() || (i < a.len() && a.squares[i] < b.squares[j]);
            let (from, index) = if take_a { (a, &mut i) } else { (b, &mut j) };
            self.squares.push(from.squares[*index]);
            self.lines.push(from.lines[*index]);
            *index += 1;
        }
    }
}

/// The four lines through a cell, one bit each, so that a few `and`s tell
/// whether a queen there shares a line with earlier ones. The row takes one
/// of bits 0 to 31 of `rows_and_columns` and the column one of bits 32 to 63;
/// the `\` diagonal is numbered `row - col + n - 1` and the `/` anti-diagonal
/// `row + col`, both below `2n - 1 <= 63`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Lines {
    rows_and_columns: u64,
    diagonals: u64,
    anti_diagonals: u64,
}

/// The bits of [`Lines::rows_and_columns`] that stand for rows.
const ROW_BITS: u64 = u32::MAX as u64;

impl Lines {
    /// The lines through `square` on an `n`×`n` board, `n <= 32`.
    fn through(square: Square, n: usize) -> Self {
        Lines {
            rows_and_columns: (1 << square.row) | (1 << (32 + square.col)),
            diagonals: 1 << (square.row + n - 1 - square.col),
            anti_diagonals: 1 << (square.row + square.col),
        }
    }

    /// Whether these lines and `other` have any line in common.
    #[inline(always)]
    fn meet(self, other: Lines) -> bool {
        (self.rows_and_columns & other.rows_and_columns)
            | (self.diagonals & other.diagonals)
            | (self.anti_diagonals & other.anti_diagonals)
            != 0
    }

    /// The first line, in the order row, column, diagonal, anti-diagonal,
    /// that these lines and `other` have in common.
    fn first_shared(self, other: Lines) -> Option<Line> {
        let rows_and_columns = self.rows_and_columns & other.rows_and_columns;
        if rows_and_columns & ROW_BITS != 0 {
            Some(Line::Row)
        } else if rows_and_columns != 0 {
            Some(Line::Column)
        } else if self.diagonals & other.diagonals != 0 {
            Some(Line::Diagonal)
        } else if self.anti_diagonals & other.anti_diagonals != 0 {
            Some(Line::AntiDiagonal)
        } else {
            None
        }
    }

    /// These lines and `other` together.
    #[inline(always)]
    fn with(self, other: Lines) -> Lines {
        Lines {
            rows_and_columns: self.rows_and_columns | other.rows_and_columns,
            diagonals: self.diagonals | other.diagonals,
            anti_diagonals: self.anti_diagonals | other.anti_diagonals,
        }
    }
}

/// The test at the end of each combination, with the buffers it needs so that
/// the generation loop allocates nothing.
struct Leaf {
    /// The pre-placed queens.
    preplaced: Cells,
    /// The chosen cells and the pre-placed ones, in increasing order: the
    /// combination tested when there are pre-placed queens.
    merged: Cells,
    /// `queens[row] = col`, the placement handed out with a solution.
    queens: Vec<usize>,
}

impl Leaf {
    fn new(n: usize, preplaced: &[Square]) -> Self {
        Leaf {
            preplaced: Cells::from_squares(n, preplaced.iter().copied()),
            merged: Cells {
                squares: Vec::with_capacity(n),
                lines: Vec::with_capacity(n),
            },
            queens: vec![0; n],
        }
    }

    /// Tests the complete combination made of the `chosen` cells and the
    /// pre-placed queens, reports the test, and hands a solution to the
    /// observer.
    #[inline(always)]
    fn test<O: Observer>(&mut self, chosen: &Cells, observer: &mut O) -> ControlFlow<()> {
        let combination = if self.preplaced.is_empty() {
            chosen
        } else {
            self.merged.merge(chosen, &self.preplaced);
            &self.merged
        };
        let (conflict, cells_read) = first_clash(&combination.lines);
        observer.tested(&combination.squares, cells_read, conflict);
        if conflict.is_some() {
            return ControlFlow::Continue(());
        }
        // No two queens share a row, so the `n` queens fill the `n` rows.
        for square in &combination.squares {
            self.queens[square.row] = square.col;
        }
        observer.solution(&self.queens)
    }
}

/// Reads the cells of a combination, given by the lines through each, in
/// order and stops at the first that shares a row, a column, a diagonal or an
/// anti-diagonal, named in that order, with an earlier one. Returns that
/// line, if any, and how many cells were read.
#[inline(always)]
fn first_clash(combination: &[Lines]) -> (Option<Line>, u64) {
    // Every line through a cell read so far.
    let mut taken = Lines::default();
    for (read, &lines) in combination.iter().enumerate() {
        if lines.meet(taken) {
            return (lines.first_shared(taken), read as u64 + 1);
        }
        taken = taken.with(lines);
    }
    (None, combination.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::observer::Collect;
    use queens_core::{Solver, Stats, modes};

    /// The lines through each of `cells` on an `n`×`n` board.
    fn lines(cells: &[(usize, usize)], n: usize) -> Vec<Lines> {
        cells
            .iter()
            .map(|&(row, col)| Lines::through(Square::new(row, col), n))
            .collect()
    }

    #[test]
    fn the_test_names_the_first_clash_and_counts_reads() {
        assert_eq!(first_clash(&[]), (None, 0));
        assert_eq!(
            first_clash(&lines(&[(0, 0), (0, 1), (3, 3)], 4)),
            (Some(Line::Row), 2)
        );
        assert_eq!(
            first_clash(&lines(&[(0, 1), (2, 1)], 4)),
            (Some(Line::Column), 2)
        );
        assert_eq!(
            first_clash(&lines(&[(0, 1), (1, 3), (3, 3)], 4)),
            (Some(Line::Column), 3)
        );
        assert_eq!(
            first_clash(&lines(&[(0, 0), (3, 3)], 4)),
            (Some(Line::Diagonal), 2)
        );
        assert_eq!(
            first_clash(&lines(&[(0, 1), (1, 3), (2, 0), (3, 1)], 4)),
            (Some(Line::Column), 4)
        );
        assert_eq!(
            first_clash(&lines(&[(0, 3), (1, 0), (2, 1)], 4)),
            (Some(Line::Diagonal), 3)
        );
        assert_eq!(
            first_clash(&lines(&[(1, 2), (2, 1)], 4)),
            (Some(Line::AntiDiagonal), 2)
        );
        assert_eq!(
            first_clash(&lines(&[(0, 1), (1, 3), (2, 0), (3, 2)], 4)),
            (None, 4)
        );
        // The largest board: diagonal 62 of (31, 0) and anti-diagonal 62 of
        // (31, 31) still fit in the masks.
        assert_eq!(
            first_clash(&lines(&[(31, 0), (31, 31)], 32)),
            (Some(Line::Row), 2)
        );
        assert_eq!(
            first_clash(&lines(&[(0, 31), (31, 0)], 32)),
            (Some(Line::AntiDiagonal), 2)
        );
    }

    #[test]
    fn every_combination_is_tested_in_increasing_order() {
        // The six pairs of cells of a 2×2 board, each with the line of its
        // clash, found at the second cell read.
        let mut trace = Trace::default();
        NaiveCombinations.search(&Problem::new(2), &mut trace);
        let pair = |a: (usize, usize), b: (usize, usize)| {
            vec![Square::new(a.0, a.1), Square::new(b.0, b.1)]
        };
        assert_eq!(
            trace.tests,
            vec![
                (pair((0, 0), (0, 1)), 2, Some(Line::Row)),
                (pair((0, 0), (1, 0)), 2, Some(Line::Column)),
                (pair((0, 0), (1, 1)), 2, Some(Line::Diagonal)),
                (pair((0, 1), (1, 0)), 2, Some(Line::AntiDiagonal)),
                (pair((0, 1), (1, 1)), 2, Some(Line::Column)),
                (pair((1, 0), (1, 1)), 2, Some(Line::Row)),
            ]
        );
        // Every queen put on a cell was taken off again; the second queen ran
        // out of cells once for each of the first queen's three cells, and
        // the first queen once at the end.
        assert_eq!((trace.placed, trace.removed), (9, 9));
        assert_eq!(trace.exhausted, vec![1, 1, 1, 0]);
    }

    #[test]
    fn statistics_match_the_seed() {
        // The figures come from a direct transcription of seed 002's
        // `generate` into Python, counting one placement per `x[count] = i`
        // and one test per `check_and_print`, whose test reads the cells of
        // the combination until one clashes with an earlier cell (compared
        // pairwise there, not with bit masks).
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        NaiveCombinations.search(&Problem::new(4), &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 2379,
                safety_checks: 1820,
                cells_read: 4146
            }
        );
        let mut stats = Stats::default();
        NaiveCombinations.search(&Problem::new(5), &mut stats);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 65_779,
                safety_checks: 53_130,
                cells_read: 125_170
            }
        );
    }

    #[test]
    fn the_empty_board_is_one_tested_combination() {
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        NaiveCombinations.search(&Problem::new(0), &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![Vec::<usize>::new()]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 0,
                safety_checks: 1,
                cells_read: 0
            }
        );
    }

    #[test]
    fn preplaced_queens_are_in_every_combination() {
        // The same Python transcription, choosing the other cells from those
        // left free: C(24, 4) = 10,626 tests, plus the pre-placed queen once.
        let problem = Problem::with_queens(5, [Square::new(1, 3)]).unwrap();
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        NaiveCombinations.search(&problem, &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![0, 3, 1, 4, 2], vec![1, 3, 0, 2, 4]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 12_650,
                safety_checks: 10_626,
                cells_read: 24_461
            }
        );
        // Two pre-placed queens: C(14, 2) = 91 tests.
        let problem = Problem::with_queens(4, [Square::new(3, 2), Square::new(0, 1)]).unwrap();
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        NaiveCombinations.search(&problem, &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![1, 3, 0, 2]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 106,
                safety_checks: 91,
                cells_read: 206
            }
        );
        // Every queen pre-placed: the one combination is tested once.
        let problem = Problem::with_queens(4, queens_core::board::squares(&[2, 0, 3, 1])).unwrap();
        assert_eq!(
            modes::all(&NaiveCombinations, &problem),
            Ok(vec![vec![2, 0, 3, 1]])
        );
    }

    #[test]
    fn the_largest_board_fits_the_bit_masks() {
        // A solution of 32 queens with all but the first pre-placed: the
        // generator tries the first queen on each of the 1,024 - 31 free
        // cells, and only one completes a solution.
        let solution = [
            1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 2, 0, 6, 8, 10, 12, 14, 16,
            18, 20, 22, 24, 26, 28, 30, 4,
        ];
        let problem =
            Problem::with_queens(32, queens_core::board::squares(&solution).skip(1)).unwrap();
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        NaiveCombinations.search(&problem, &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![solution.to_vec()]);
        assert_eq!(stats.safety_checks, 993);
        assert!(modes::count(&NaiveCombinations, &Problem::new(33)).is_err());
    }

    #[test]
    fn counts_match_oeis_a000170() {
        let expected = [1, 1, 0, 0, 2, 10, 4, 40];
        for (n, &count) in expected.iter().enumerate() {
            assert_eq!(
                modes::count(&NaiveCombinations, &Problem::new(n)),
                Ok(count),
                "n = {n}"
            );
        }
    }

    #[test]
    fn the_workload_is_announced() {
        let workload = NaiveCombinations
            .info()
            .workload
            .map(|workload| workload(&Problem::new(9)));
        assert_eq!(
            workload.map(|workload| workload.to_string()),
            Some("C(81, 9) = 260,887,834,350 placements".to_string())
        );
        assert_eq!(placements_tested(&Problem::new(7)).amount, Some(85_900_584));
        assert_eq!(placements_tested(&Problem::new(32)).formula, "C(1024, 32)");
        assert_eq!(placements_tested(&Problem::new(32)).amount, None);
        let two_queens = Problem::with_queens(8, [Square::new(0, 0), Square::new(1, 2)]).unwrap();
        assert_eq!(
            placements_tested(&two_queens).to_string(),
            "C(62, 6) = 61,474,519 placements"
        );
    }

    #[test]
    fn the_generator_alone_lists_combinations_and_stops_when_asked() {
        let list = |items, k| {
            let mut found = Vec::new();
            for_each_combination(items, k, |combination| {
                found.push(combination.to_vec());
                ControlFlow::Continue(())
            });
            found
        };
        assert_eq!(list(4, 3), [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]);
        assert_eq!(list(3, 1), [[0], [1], [2]]);
        assert_eq!(list(2, 2), [[0, 1]]);
        // One combination of nothing, none of more than there is.
        assert_eq!(list(3, 0), [Vec::<usize>::new()]);
        assert_eq!(list(0, 0), [Vec::<usize>::new()]);
        assert!(list(2, 3).is_empty());
        // C(16, 4) = 1,820, the tests of four queens; stopped at the fifth.
        assert_eq!(list(16, 4).len(), 1820);
        let mut seen = 0;
        for_each_combination(16, 4, |_| {
            seen += 1;
            if seen == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(seen, 5);
    }

    /// Records the tests and counts the other events.
    #[derive(Default)]
    struct Trace {
        tests: Vec<(Vec<Square>, u64, Option<Line>)>,
        placed: usize,
        removed: usize,
        exhausted: Vec<usize>,
    }

    impl Observer for Trace {
        fn placed(&mut self, _square: Square) -> ControlFlow<()> {
            self.placed += 1;
            ControlFlow::Continue(())
        }

        fn removed(&mut self, _square: Square) {
            self.removed += 1;
        }

        fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
            self.tests.push((queens.to_vec(), cells_read, conflict));
        }

        fn exhausted(&mut self, depth: usize) {
            self.exhausted.push(depth);
        }
    }
}

// The naive solver is slow by design: C(n², n) placements put twelve
// queens out of reach (about 10^16 tests), so its own tests count and list
// only as far as its practical_n. A grader's assignment would not.
#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    conformance => NaiveCombinations,
    queens_conformance::Scope::for_this_run()
        .counting_to(NaiveCombinations::INFO.practical_n)
        .listing_to(NaiveCombinations::INFO.practical_n)
);
