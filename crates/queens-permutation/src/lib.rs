//! Permutation generation, after the homework that closes seed 002: "print
//! all possible permutations of 1,2,3,4".
//!
//! # The idea
//!
//! A solution has exactly one queen in each row and one in each column, so
//! reading its columns row by row gives every column once: a solution is a
//! *permutation* of the columns, `queens[row] = perm[row]`. This solver
//! takes that as its representation and generates every permutation of the
//! columns `0..n`, in lexicographic order, as the homework generates those of
//! 1, 2, 3, 4. Two queens in one row or one column cannot even be written
//! down; only the diagonals are left to test, and each permutation is tested
//! once, when it is complete. A solution is a permutation whose test finds no
//! two queens on one diagonal.
//!
//! It is the rung between the two lessons of seed 002. The naive generator
//! (the `queens-naive` crate) knows nothing about chess and tests every set
//! of `n` cells; backtracking tests each queen as it is
//! placed and abandons a partial placement at the first attack. This solver
//! keeps the naive generator's "generate, then test" and changes only what
//! it generates: a better representation alone takes eight queens from
//! 4,426,165,368 tests to 40,320.
//! <!-- checked: queens count 8 --algo naive | stderr = 4,426,165,368 -->
//! <!-- checked: queens count 8 --algo permutation --json | .stats.safety_checks = 40,320 -->
//!
//! # Generation: the homework's recursion, made a loop
//!
//! The homework's recursion puts each value not yet used in the first place
//! and permutes the rest behind it; trying the values in increasing order
//! gives the permutations in lexicographic order. Here the recursion is a
//! loop, like the naive crate's: `depth` is the row being filled, `choice`
//! holds the value taken at each depth, and a 64-bit mask of the values not
//! yet used gives the next value to try with one `trailing_zeros`. Nothing is
//! allocated once the loop runs, and no recursion grows the stack.
//!
//! This is still "generate, then test". Skipping a column that an earlier
//! row already holds is not a question asked of the board: it is what makes
//! the sequence a permutation, as choosing cells in increasing order is what
//! makes the naive generator's sequence a combination, and neither is
//! counted as a safety check. The one question about attacks, "do two queens
//! share a diagonal?", is asked only of a complete permutation. A placement
//! whose first two queens stand diagonally side by side is still completed
//! in all `(n - 2)!` ways, and every one of them is tested.
//!
//! The next-permutation algorithm (Narayana Pandita's: find the last rise
//! `perm[i] < perm[i + 1]`, swap `perm[i]` with the last larger value after
//! it, reverse the tail) yields the same sequence and would put the same
//! queens: from one permutation to the next it rewrites rows `i..n`, exactly
//! the rows on which the loop here puts new queens. It is generate-then-test
//! just as well, since it too tests only complete permutations. The loop is
//! kept because it is the homework's own recursion, and because its levels
//! are rows, which a trace can narrate.
//!
//! # Order and cost
//!
//! Lexicographic order of permutations is lexicographic order of `queens`,
//! so solutions come out row-major ([`Order::RowMajor`]), like those of the
//! naive generator and the row-by-row backtracking solvers.
//!
//! The generator tests `n!` permutations: 24 for `n = 4`, 40,320 for
//! `n = 8`, and 6,227,020,800 for `n = 13`, which
//! is why [`SolverInfo::workload`] announces the number before a run and the
//! `queens` tool refuses `n = 13` without `--force`. Against the naive
//! generator's `C(n², n)` (4,426,165,368 at `n = 8`) that is a saving of five
//! orders of magnitude at eight queens, and it grows with `n`; against
//! backtracking it is still a loss (15,720 safety checks at `n = 8`, and
//! backtracking counts `n = 12` in milliseconds, as the generated
//! `docs/growth.md` times), because nothing is pruned. The queens placed,
//! the nodes of the permutation tree, number
//! `n!/(n-1)! + n!/(n-2)! + ... + n!/0!`, about `e · n!` (109,600 at
//! `n = 8`).
//! <!-- checked: queens count 4 --algo permutation --json | .stats.safety_checks = 24 -->
//! <!-- checked: queens count 8 --algo permutation --json | .stats.safety_checks = 40,320 -->
//! <!-- checked: queens count 13 --algo permutation | stderr = 6,227,020,800 -->
//! <!-- checked: queens count 8 --algo naive | stderr = 4,426,165,368 -->
//! <!-- checked: queens count 8 --algo lookup --json | .stats.safety_checks = 15,720 -->
//! <!-- checked: queens count 8 --algo permutation --json | .stats.queens_placed = 109,600 -->
//!
//! The test reads the permutation row by row from the top, keeps the
//! diagonals taken so far as bits (the `\` diagonal of a queen is numbered
//! `row - col + n - 1`, the `/` anti-diagonal `row + col`), and stops at the
//! first row whose queen shares one with an earlier row: O(n) at most, and
//! about 3.5 rows on average at `n = 8` (140,756 cells read in 40,320
//! tests). Rows and columns need no test. The `2n - 1` diagonals of each
//! kind must fit in 64 bits, which sets the largest board accepted,
//! [`SolverInfo::max_n`], at 32; only a board whose queens are nearly all
//! pre-placed is in reach there.
//! <!-- checked: queens count 8 --algo permutation --json | .stats.cells_read / queens count 8 --algo permutation --json | .stats.safety_checks = 3.5 -->
//! <!-- checked: queens count 8 --algo permutation --json | .stats.cells_read = 140,756 -->
//! <!-- checked: queens count 8 --algo permutation --json | .stats.safety_checks = 40,320 -->
//! <!-- checked: queens count 33 --algo permutation | stderr = 32 -->
//!
//! # Pre-placed queens
//!
//! A permutation that moves a pre-placed queen is never generated: the rows
//! of pre-placed queens keep their columns, and the generator permutes the
//! other columns over the other rows, top to bottom and left to right. With
//! `k` queens pre-placed it generates `(n - k)!` permutations, every one of
//! them containing the pre-placed queens, still in lexicographic order.
//! Generating all `n!` and throwing away those that move a pre-placed queen
//! would be equally faithful, and pay for every permutation thrown away.
//! Columns that a pre-placed queen attacks along a diagonal are *not* left
//! out: that would be pruning, and the test at the end still reads every
//! row, the pre-placed ones included. The pre-placed queens are reported
//! placed once, before the generation starts, and stay on the board
//! throughout, as in the naive crate.
//!
//! # The homework
//!
//! [`for_each_permutation`] runs this crate's generator with a listener that
//! only collects the permutations, and `queens_naive::for_each_combination`
//! runs the naive crate's. "Combinations of 1,2,3,4" is read as the
//! combinations of each size `k`, the naive generator's own question (`k` of
//! the `n²` cells): `C(4, k)` of them for `k = 0..=4`, sixteen in all, which
//! are also the sixteen subsets of `{1, 2, 3, 4}`.
//!
//! ```
//! use std::ops::ControlFlow;
//!
//! // 0-based positions written as the homework's numbers 1 to 4.
//! fn spelled(positions: &[usize], separator: &str) -> String {
//!     let numbers: Vec<String> = positions.iter().map(|&p| (p + 1).to_string()).collect();
//!     numbers.join(separator)
//! }
//!
//! let mut permutations = Vec::new();
//! queens_permutation::for_each_permutation(4, |permutation| {
//!     permutations.push(spelled(permutation, ""));
//!     ControlFlow::Continue(())
//! })?;
//! let mut lines = vec![format!("permutations of 1,2,3,4: {}", permutations.len())];
//! lines.extend(permutations.chunks(6).map(|six| six.join(" ")));
//!
//! let mut sizes = Vec::new();
//! let mut of_each_size = Vec::new();
//! for k in 0..=4 {
//!     let mut combinations = Vec::new();
//!     queens_naive::for_each_combination(4, k, |combination| {
//!         combinations.push(format!("{{{}}}", spelled(combination, ",")));
//!         ControlFlow::Continue(())
//!     });
//!     sizes.push(combinations.len().to_string());
//!     of_each_size.push(format!("k = {k}: {}", combinations.join(" ")));
//! }
//! lines.push(format!("combinations of 1,2,3,4: {}", sizes.join(" + ")));
//! lines.extend(of_each_size);
//!
//! assert_eq!(lines.join("\n"), "\
//! permutations of 1,2,3,4: 24
//! 1234 1243 1324 1342 1423 1432
//! 2134 2143 2314 2341 2413 2431
//! 3124 3142 3214 3241 3412 3421
//! 4123 4132 4213 4231 4312 4321
//! combinations of 1,2,3,4: 1 + 4 + 6 + 4 + 1
//! k = 0: {}
//! k = 1: {1} {2} {3} {4}
//! k = 2: {1,2} {1,3} {1,4} {2,3} {2,4} {3,4}
//! k = 3: {1,2,3} {1,2,4} {1,3,4} {2,3,4}
//! k = 4: {1,2,3,4}");
//! # Ok::<(), queens_core::Error>(())
//! ```
//!
//! # Seed 002
//!
//! - The slides say a placement is a combination of cells, "Not
//!   permutation": `(p, q, r, s)` and `(q, p, r, s)` name the same four
//!   cells. That is true of the order in which queens are *listed*, and it
//!   is why the naive generator chooses cells in increasing order. It is not
//!   an argument against permuting the *columns*: a permutation of the
//!   columns lists each row's queen once, in row order, and no two
//!   permutations name the same placement.
//! - The homework does not say how large the combinations of 1,2,3,4 are;
//!   the example above answers every size.
//! - "Efficiency??" goes unanswered on the slides; for the permutations the
//!   answer is `n!` tests, given above. The errata of the slides' code are
//!   in the naive crate.

use std::ops::ControlFlow;

use queens_core::generate::{Listing, Steps};
use queens_core::{
    Error, Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square, Workload,
};

/// The permutation generation solver of seed 002's homework.
#[derive(Clone, Copy, Debug, Default)]
pub struct Permutations;

impl Search for Permutations {
    const INFO: SolverInfo = SolverInfo {
        name: "permutation",
        title: "permutation generation",
        seeds: "002",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 32,
        practical_n: 12,
        workload: Some(permutations_tested),
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let mut generation = Generation::new(problem, observer);
        for &square in problem.preplaced() {
            if generation.observer.placed(square).is_break() {
                return;
            }
        }
        generate(generation.columns.len(), &mut generation);
    }
}

/// Calls `visit` with every permutation of `0..n`, in lexicographic order,
/// until it answers `Break`: the homework, answered by the solver's own
/// generator (see the [crate documentation](crate#the-homework)). Each
/// permutation lists a position for each place, `permutation[i]` in `0..n`.
///
/// Refuses `n` past the solver's `max_n`, 32, with [`Error::TooLarge`]:
/// `33!` permutations would outlast any caller.
pub fn for_each_permutation(
    n: usize,
    visit: impl FnMut(&[usize]) -> ControlFlow<()>,
) -> Result<(), Error> {
    Permutations::INFO.check_size(n)?;
    generate(n, &mut Listing::new(n, visit));
    Ok(())
}

/// The work announced before a run: one test for each permutation of the
/// `n - k` columns not pre-placed over the `n - k` rows left, `n!` on an
/// empty board.
fn permutations_tested(problem: &Problem) -> Workload {
    let free = problem.n() - problem.preplaced().len();
    Workload {
        formula: format!("{free}!"),
        amount: (1..=free as u128).try_fold(1u128, u128::checked_mul),
        unit: "permutations",
    }
}

/// The homework's recursion made a loop: every permutation of `0..items`,
/// in lexicographic order, told to `steps`. `items` is at most 32, so that
/// the mask of unused items and its shifts stay within 64 bits.
///
/// The recursion "for each item not yet used, in increasing order: take it,
/// permute the rest behind it, give it back" keeps, per level, the item it
/// took; `choice` is that stack and `unused` the items no level holds.
#[inline(always)]
fn generate<S: Steps>(items: usize, steps: &mut S) {
    debug_assert!(items <= 32, "{items} items do not fit the mask");
    if items == 0 {
        // One permutation of nothing: the empty one (the empty board, or a
        // board whose queens are all pre-placed).
        let _ = steps.complete();
        return;
    }
    let mut unused: u64 = (1 << items) - 1;
    let mut choice = vec![0usize; items];
    let last = items - 1;
    let mut depth = 0;
    // The smallest item this level may still take: past the one it gave
    // back, or 0 on first arriving at the level.
    let mut from = 0;
    loop {
        if depth == last {
            // One item is left unused, and it completes a permutation: take
            // it and test the placement.
            let item = unused.trailing_zeros() as usize;
            if steps.put(last, item).is_break() || steps.complete().is_break() {
                return;
            }
            steps.take_off(last, item);
            if depth == 0 {
                // With one item in all, this was the top level.
                steps.progressed(1, 1);
            }
        } else {
            let candidates = unused & (u64::MAX << from);
            if candidates != 0 {
                let item = candidates.trailing_zeros() as usize;
                choice[depth] = item;
                unused &= !(1 << item);
                if steps.put(depth, item).is_break() {
                    return;
                }
                depth += 1;
                from = 0;
                continue;
            }
        }
        // No item left for this level: go back one and move it on.
        steps.exhausted(depth);
        if depth == 0 {
            return;
        }
        depth -= 1;
        let item = choice[depth];
        unused |= 1 << item;
        steps.take_off(depth, item);
        if depth == 0 {
            steps.progressed(item + 1, items);
        }
        from = item + 1;
    }
}

/// The search's side of the generation: the board the permutations are
/// written on, its test, and the observer that hears both. Everything is
/// allocated here, before the generation starts.
struct Generation<'o, O> {
    /// The rows without a pre-placed queen, top to bottom: level `depth`
    /// fills `rows[depth]`.
    rows: Vec<usize>,
    /// The columns without a pre-placed queen, left to right: item `i` is
    /// `columns[i]`.
    columns: Vec<usize>,
    /// `queens[row] = col`: the placement tested, and handed out with a
    /// solution. The pre-placed queens' rows never change.
    queens: Vec<usize>,
    /// The same placement as squares, which the observer is shown.
    squares: Vec<Square>,
    observer: &'o mut O,
}

impl<'o, O: Observer> Generation<'o, O> {
    fn new(problem: &Problem, observer: &'o mut O) -> Self {
        let n = problem.n();
        let mut queens = vec![0; n];
        for square in problem.preplaced() {
            queens[square.row] = square.col;
        }
        Generation {
            rows: (0..n)
                .filter(|&row| problem.column_in_row(row).is_none())
                .collect(),
            columns: (0..n)
                .filter(|&col| problem.row_in_column(col).is_none())
                .collect(),
            squares: queens
                .iter()
                .enumerate()
                .map(|(row, &col)| Square::new(row, col))
                .collect(),
            queens,
            observer,
        }
    }

    /// The square level `depth` puts its queen on when it takes `item`.
    #[inline(always)]
    fn square(&self, depth: usize, item: usize) -> Square {
        Square::new(self.rows[depth], self.columns[item])
    }
}

impl<O: Observer> Steps for Generation<'_, O> {
    #[inline(always)]
    fn put(&mut self, depth: usize, item: usize) -> ControlFlow<()> {
        let square = self.square(depth, item);
        self.queens[square.row] = square.col;
        self.squares[square.row] = square;
        self.observer.placed(square)
    }

    /// Tests the complete permutation, reports the test, and hands a
    /// solution to the observer.
    #[inline(always)]
    fn complete(&mut self) -> ControlFlow<()> {
        let (conflict, cells_read) = first_clash(&self.queens);
        self.observer.tested(&self.squares, cells_read, conflict);
        if conflict.is_some() {
            return ControlFlow::Continue(());
        }
        self.observer.solution(&self.queens)
    }

    #[inline(always)]
    fn take_off(&mut self, depth: usize, item: usize) {
        let square = self.square(depth, item);
        self.observer.removed(square);
    }

    #[inline(always)]
    fn exhausted(&mut self, depth: usize) {
        // The levels are rows: the observer hears the row's number.
        self.observer.exhausted(self.rows[depth]);
    }

    #[inline(always)]
    fn progressed(&mut self, done: usize, of: usize) {
        self.observer.progressed(done, of);
    }
}

/// The test of a complete permutation, `queens[row] = col` with every column
/// once: reads the rows from the top and stops at the first whose queen
/// shares a `\` diagonal or, failing that, a `/` anti-diagonal with an
/// earlier row's. Returns that line, if any, and how many rows were read.
/// Rows and columns cannot clash in a permutation, so they are not tested.
/// `queens.len()` is at most 32, so that the `2n - 1` diagonals of each kind
/// fit the masks.
#[inline(always)]
fn first_clash(queens: &[usize]) -> (Option<Line>, u64) {
    let n = queens.len();
    // The diagonals and anti-diagonals of the rows read so far.
    let mut diagonals = 0u64;
    let mut anti_diagonals = 0u64;
    for (row, &col) in queens.iter().enumerate() {
        let diagonal = 1u64 << (row + n - 1 - col);
        let anti_diagonal = 1u64 << (row + col);
        if (diagonals & diagonal) | (anti_diagonals & anti_diagonal) != 0 {
            let line = if diagonals & diagonal != 0 {
                Line::Diagonal
            } else {
                Line::AntiDiagonal
            };
            return (Some(line), row as u64 + 1);
        }
        diagonals |= diagonal;
        anti_diagonals |= anti_diagonal;
    }
    (None, n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    use queens_core::observer::Collect;
    use queens_core::{Solver, Stats, format, modes};

    #[test]
    fn the_test_names_the_first_diagonal_clash_and_counts_reads() {
        assert_eq!(first_clash(&[]), (None, 0));
        assert_eq!(first_clash(&[0]), (None, 1));
        // Row 1's queen stands diagonally below row 0's: found at the second
        // row read, whatever follows.
        assert_eq!(first_clash(&[0, 1, 2, 3]), (Some(Line::Diagonal), 2));
        assert_eq!(first_clash(&[1, 0, 3, 2]), (Some(Line::AntiDiagonal), 2));
        // Row 2 meets row 0 on a `\` diagonal two rows down.
        assert_eq!(first_clash(&[0, 3, 2, 1]), (Some(Line::Diagonal), 3));
        // Clashes further down: row 2 with row 1 on a `\` diagonal, row 2
        // with row 1 on a `/` anti-diagonal, row 3 with row 2.
        assert_eq!(first_clash(&[0, 2, 3, 1]), (Some(Line::Diagonal), 3));
        assert_eq!(first_clash(&[3, 1, 0, 2]), (Some(Line::AntiDiagonal), 3));
        assert_eq!(first_clash(&[0, 3, 1, 2]), (Some(Line::Diagonal), 4));
        // The two solutions are read to the end.
        assert_eq!(first_clash(&[1, 3, 0, 2]), (None, 4));
        assert_eq!(first_clash(&[2, 0, 3, 1]), (None, 4));
        // The largest board: a solution with a queen in the corner (31, 0),
        // on diagonal 62, and its mirror image, with one in (31, 31), on
        // anti-diagonal 62, are read to the end without overflowing a mask.
        let corner = [
            23, 18, 13, 24, 31, 2, 26, 3, 14, 16, 10, 6, 1, 5, 22, 27, 21, 7, 28, 20, 8, 30, 25,
            17, 9, 4, 19, 11, 15, 12, 29, 0,
        ];
        assert_eq!(first_clash(&corner), (None, 32));
        let mirrored: Vec<usize> = corner.iter().map(|&col| 31 - col).collect();
        assert_eq!(first_clash(&mirrored), (None, 32));
        // Every queen on one anti-diagonal: the second row clashes.
        let reversed: Vec<usize> = (0..32).rev().collect();
        assert_eq!(first_clash(&reversed), (Some(Line::AntiDiagonal), 2));
    }

    #[test]
    fn every_permutation_is_tested_in_lexicographic_order() {
        // The six permutations of three columns, each complete when tested,
        // each with the line and the row of its first clash.
        let mut trace = Trace::default();
        Permutations.search(&Problem::new(3), &mut trace);
        let tested: Vec<(Vec<usize>, u64, Option<Line>)> = trace
            .tests
            .iter()
            .map(|(squares, read, line)| (squares.iter().map(|s| s.col).collect(), *read, *line))
            .collect();
        assert_eq!(
            tested,
            vec![
                (vec![0, 1, 2], 2, Some(Line::Diagonal)),
                (vec![0, 2, 1], 3, Some(Line::AntiDiagonal)),
                (vec![1, 0, 2], 2, Some(Line::AntiDiagonal)),
                (vec![1, 2, 0], 2, Some(Line::Diagonal)),
                (vec![2, 0, 1], 3, Some(Line::Diagonal)),
                (vec![2, 1, 0], 2, Some(Line::AntiDiagonal)),
            ]
        );
        // Every queen put on the board is taken off again: 3 + 3·2 + 3·2·1
        // nodes. Row 2 runs out after each of its six permutations, row 1
        // after each of row 0's three columns, and row 0 once at the end.
        assert_eq!((trace.placed, trace.removed), (15, 15));
        assert_eq!(trace.exhausted, [2, 2, 1, 2, 2, 1, 2, 2, 1, 0]);
        assert_eq!(trace.progress, [(1, 3), (2, 3), (3, 3)]);
    }

    #[test]
    fn statistics_match_the_homework() {
        // The figures come from a direct transcription of the homework into
        // Python: a recursive generator of the permutations in lexicographic
        // order, one queen placed per value written, one test per complete
        // permutation, whose test reads the rows from the top until one
        // shares a diagonal with an earlier row (compared pairwise there,
        // not with bit masks). For n = 4 by hand: 4 + 4·3 + 4·3·2 + 4! = 64
        // queens; 12 permutations clash at row 1 (columns 1 apart, 2 rows
        // read each), 8 at row 2 (3 each) and 4 are read to the end, the two
        // solutions among them: 24 + 24 + 16 = 64 rows read.
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        Permutations.search(&Problem::new(4), &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 64,
                safety_checks: 24,
                cells_read: 64
            }
        );
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        Permutations.search(&Problem::new(5), &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(
            solutions[..3],
            [
                vec![0, 2, 4, 1, 3],
                vec![0, 3, 1, 4, 2],
                vec![1, 3, 0, 2, 4]
            ]
        );
        assert_eq!(
            stats,
            Stats {
                queens_placed: 325,
                safety_checks: 120,
                cells_read: 352
            }
        );
        // The figures docs/algorithms.md quotes for eight queens.
        assert_eq!(counted(8), EIGHT_QUEENS);
    }

    /// The statistics of counting `n` queens.
    fn counted(n: usize) -> Stats {
        let mut stats = Stats::default();
        Permutations.search(&Problem::new(n), &mut stats);
        stats
    }

    /// Eight queens: 8 + 8·7 + ... + 8! = 109,600 queens placed, 8! tests.
    const EIGHT_QUEENS: Stats = Stats {
        queens_placed: 109_600,
        safety_checks: 40_320,
        cells_read: 140_756,
    };

    #[test]
    fn the_first_solutions_come_in_lexicographic_order() {
        let mut solutions = Vec::new();
        Permutations.search(&Problem::new(8), &mut Collect(&mut solutions));
        assert_eq!(solutions.len(), 92);
        assert_eq!(
            solutions[..4],
            [
                vec![0, 4, 7, 5, 2, 6, 1, 3],
                vec![0, 5, 7, 2, 6, 3, 1, 4],
                vec![0, 6, 3, 5, 7, 1, 4, 2],
                vec![0, 6, 4, 7, 1, 3, 5, 2],
            ]
        );
        assert!(solutions.is_sorted());
        assert_eq!(
            modes::first(&Permutations, &Problem::new(6)),
            Ok(Some(vec![1, 3, 5, 0, 2, 4]))
        );
    }

    #[test]
    fn the_empty_board_is_one_tested_permutation() {
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        Permutations.search(&Problem::new(0), &mut (&mut stats, Collect(&mut solutions)));
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
    fn preplaced_queens_are_in_every_permutation() {
        // The same Python transcription, permuting the free columns over the
        // free rows: 4! = 24 tests, plus the pre-placed queen placed once.
        let problem = Problem::with_queens(5, [Square::new(1, 3)]).unwrap();
        let mut trace = Trace::default();
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        Permutations.search(
            &problem,
            &mut (&mut trace, (&mut stats, Collect(&mut solutions))),
        );
        assert_eq!(solutions, vec![vec![0, 3, 1, 4, 2], vec![1, 3, 0, 2, 4]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 65,
                safety_checks: 24,
                cells_read: 66
            }
        );
        assert!(
            trace
                .tests
                .iter()
                .all(|(squares, _, _)| squares[1] == Square::new(1, 3))
        );
        // The levels are the free rows, and the backtracking names them.
        assert_eq!(trace.exhausted.last(), Some(&0));
        assert!(!trace.exhausted.contains(&1));
        assert_eq!(trace.removed, trace.placed - 1);
        // Two pre-placed queens: 2! = 2 tests.
        let problem = Problem::with_queens(4, [Square::new(3, 2), Square::new(0, 1)]).unwrap();
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        Permutations.search(&problem, &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![1, 3, 0, 2]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 6,
                safety_checks: 2,
                cells_read: 6
            }
        );
        // Every queen pre-placed: the one permutation is tested once.
        let problem = Problem::with_queens(4, queens_core::board::squares(&[2, 0, 3, 1])).unwrap();
        assert_eq!(
            modes::all(&Permutations, &problem),
            Ok(vec![vec![2, 0, 3, 1]])
        );
    }

    #[test]
    fn the_largest_board_fits_the_bit_masks() {
        // A solution of 32 queens with all but the first two pre-placed: the
        // generator tries the two free columns both ways round.
        let solution = [
            1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 2, 0, 6, 8, 10, 12, 14, 16,
            18, 20, 22, 24, 26, 28, 30, 4,
        ];
        let problem =
            Problem::with_queens(32, queens_core::board::squares(&solution).skip(2)).unwrap();
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        Permutations.search(&problem, &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![solution.to_vec()]);
        assert_eq!(stats.safety_checks, 2);
        assert!(modes::count(&Permutations, &Problem::new(33)).is_err());
    }

    #[test]
    fn counts_match_oeis_a000170() {
        let expected = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352];
        for (n, &count) in expected.iter().enumerate() {
            assert_eq!(
                modes::count(&Permutations, &Problem::new(n)),
                Ok(count),
                "n = {n}"
            );
        }
    }

    #[test]
    fn the_workload_is_announced() {
        let workload = Permutations
            .info()
            .workload
            .map(|workload| workload(&Problem::new(12)));
        assert_eq!(
            workload.map(|workload| workload.to_string()),
            Some("12! = 479,001,600 permutations".to_string())
        );
        assert_eq!(
            permutations_tested(&Problem::new(13)).amount,
            Some(6_227_020_800)
        );
        assert_eq!(permutations_tested(&Problem::new(0)).amount, Some(1));
        assert_eq!(
            permutations_tested(&Problem::new(32)).amount,
            Some(263_130_836_933_693_530_167_218_012_160_000_000)
        );
        // 35! no longer fits in 128 bits (the solver never asks: 32 is its
        // largest board).
        assert_eq!(permutations_tested(&Problem::new(35)).amount, None);
        let two_queens = Problem::with_queens(8, [Square::new(0, 0), Square::new(1, 2)]).unwrap();
        assert_eq!(
            permutations_tested(&two_queens).to_string(),
            "6! = 720 permutations"
        );
    }

    #[test]
    fn the_homework_lists_permutations_and_stops_when_asked() {
        let mut all = Vec::new();
        for_each_permutation(3, |permutation| {
            all.push(permutation.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(
            all,
            [
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0]
            ]
        );
        let mut seen = 0;
        for_each_permutation(10, |_| {
            seen += 1;
            if seen == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!(seen, 5);
        let mut empty = Vec::new();
        for_each_permutation(0, |permutation| {
            empty.push(permutation.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(empty, [Vec::<usize>::new()]);
        assert_eq!(
            for_each_permutation(33, |_| ControlFlow::Continue(())),
            Err(Error::TooLarge {
                solver: "permutation",
                n: 33,
                max_n: 32
            })
        );
    }

    /// The homework's answer as the crate documentation's example prints
    /// it, built again here from the two generators.
    fn homework() -> String {
        let spelled = |positions: &[usize], separator: &str| {
            let numbers: Vec<String> = positions.iter().map(|p| (p + 1).to_string()).collect();
            numbers.join(separator)
        };
        let mut permutations = Vec::new();
        for_each_permutation(4, |permutation| {
            permutations.push(spelled(permutation, ""));
            ControlFlow::Continue(())
        })
        .unwrap();
        let mut lines = vec![format!("permutations of 1,2,3,4: {}", permutations.len())];
        lines.extend(permutations.chunks(6).map(|six| six.join(" ")));
        let mut sizes = Vec::new();
        let mut of_each_size = Vec::new();
        for k in 0..=4 {
            let mut combinations = Vec::new();
            queens_naive::for_each_combination(4, k, |combination| {
                combinations.push(format!("{{{}}}", spelled(combination, ",")));
                ControlFlow::Continue(())
            });
            sizes.push(combinations.len().to_string());
            of_each_size.push(format!("k = {k}: {}", combinations.join(" ")));
        }
        lines.push(format!("combinations of 1,2,3,4: {}", sizes.join(" + ")));
        lines.extend(of_each_size);
        lines.join("\n")
    }

    /// The section of docs/algorithms.md on this solver, its runs of
    /// white space (line breaks included) made single spaces, and its one
    /// block of text.
    fn documented() -> (String, String) {
        let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/algorithms.md");
        let page = std::fs::read_to_string(&page).expect("docs/algorithms.md reads");
        let section = page
            .split("\n## 2. Permutation generation")
            .nth(1)
            .and_then(|rest| rest.split("\n## ").next())
            .expect("docs/algorithms.md has a section 2 on permutation generation");
        let block = section
            .split("```text\n")
            .nth(1)
            .and_then(|rest| rest.split("\n```").next())
            .expect("the section quotes the homework in a text block");
        let words: Vec<&str> = section.split_whitespace().collect();
        (words.join(" "), block.to_owned())
    }

    /// The hand-written page quotes only what a test checks: the homework
    /// as the generators print it, and the statistics of eight queens.
    #[test]
    fn the_algorithms_page_quotes_what_the_solver_does() {
        let (section, block) = documented();
        assert_eq!(
            block,
            homework(),
            "docs/algorithms.md quotes another homework"
        );
        let stats = counted(8);
        let figures = format!(
            "At n = 8: {} queens placed, {} safety checks, {} cells read",
            format::thousands(stats.queens_placed.into()),
            format::thousands(stats.safety_checks.into()),
            format::thousands(stats.cells_read.into()),
        );
        assert!(
            section.contains(&figures),
            "docs/algorithms.md should say \"{figures}\""
        );
        assert!(section.contains("the conformance suite stops this solver at n = 11"));
    }

    /// Records the tests and counts the other events.
    #[derive(Default)]
    struct Trace {
        tests: Vec<(Vec<Square>, u64, Option<Line>)>,
        placed: usize,
        removed: usize,
        exhausted: Vec<usize>,
        progress: Vec<(usize, usize)>,
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

        fn progressed(&mut self, done: usize, of: usize) {
            self.progress.push((done, of));
        }
    }
}

// Generate-then-test is slow by design: 12! = 479,001,600 tests, a few
// seconds in an optimised build, would make this crate's tests the slowest
// of the workspace, and the suite counts every board twice (all solutions
// and fundamental ones). So its own tests count only to 11 (39,916,800 tests,
// a fraction of a second); whole sets are listed to the default 8. A
// grader's assignment would not narrow anything.
#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    conformance => Permutations,
    queens_conformance::Scope::for_this_run().counting_to(11)
);
