//! Matrix `isSafe` backtracking, after seed 000 (and the backtracking slides
//! of seed 002).
//!
//! # The idea
//!
//! The board is what a person would draw: an `n`×`n` matrix of 0s and 1s, a
//! 1 where a queen stands. The search fills it one column at a time, from the
//! left. In each column it tries the rows from the top; seed 000's `isSafe`
//! accepts a square when no queen attacks it from the left, and it looks in
//! three directions, in this order:
//!
//! 1. the row, from column 0 up to the square;
//! 2. the `\` diagonal going up and to the left;
//! 3. the `/` anti-diagonal going down and to the left.
//!
//! Nothing to the right needs looking at, because those columns are still
//! empty, and the column itself holds no queen yet. When a column has no safe
//! row left, the search takes the queen of the column before off the board and
//! moves it down: backtracking.
//!
//! # Order and cost
//!
//! Columns left to right, rows top to bottom in each: solutions come out in
//! lexicographic order of the transposed placement `rows[col] = row`
//! ([`Order::ColumnMajor`]), and they are emitted as the model's
//! `queens[row] = col`, which the search keeps up to date as it places. A
//! check reads up to `col` cells of the row and up to `col` cells of each
//! diagonal, so it costs O(n); the number of search nodes is the same as the
//! array and lookup solvers', since all of them prune exactly the attacked
//! squares. The board takes O(n²) memory, and the search is a loop rather
//! than recursion, so no board size can overflow the stack.
//!
//! # Whole lines
//!
//! Seed 000's loops stop at the first queen they meet. This crate reads each
//! line to its end, combining its cells with `|`, and stops after the first
//! line that holds a queen. The answer, and the line named, are the seed's;
//! what changes is that a check makes no jump that depends on where in a
//! line the queen stands, which a processor cannot guess. Those wrong
//! guesses cost more than the cells saved: `cargo xtask peers` times the
//! search against the seed's own C, the workspace's generated
//! `docs/peers.md` gives the last run's ratios (timings move with the
//! machine, so this essay quotes none), and its `docs/algorithms.md`, "Why
//! the checks read on", explains them.
//! *Cells read*
//! counts the cells this check reads, whole lines included.
//!
//! # Errata
//!
//! What the seed gets wrong, and what this crate corrects, is listed once
//! for every seed in the workspace's `docs/algorithms.md`, section
//! "Errata".

use queens_core::observer::report_top_level;
use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The largest board accepted: the search's bookkeeping arrays are sized
/// for it, so they live on the stack.
const MAX_N: usize = 64;

/// The matrix `isSafe` backtracking solver of seed 000.
#[derive(Clone, Copy, Debug, Default)]
pub struct MatrixBacktracking;

impl Search for MatrixBacktracking {
    const INFO: SolverInfo = SolverInfo {
        name: "matrix",
        title: "matrix isSafe backtracking",
        seeds: "000",
        order: Order::ColumnMajor,
        levels: Levels::Columns,
        max_n: MAX_N,
        practical_n: 13,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        if n == 0 {
            // The empty board has one solution: no queens at all.
            let _ = observer.solution(&[]);
            return;
        }
        // The rows each column may try, worked out before the loop so that the
        // loop allocates nothing: every row, or only the pre-placed one.
        let mut rows = [(0, 0); MAX_N];
        for (col, range) in rows[..n].iter_mut().enumerate() {
            *range = problem.rows_to_try(col);
        }
        let mut board = Board::new(n);
        // `queens[row] = col`, the placement handed out with each solution.
        let mut queens = [0usize; MAX_N];
        // `row_in_column[col]`: where the queen of each filled column stands,
        // so that backtracking knows which cell to clear.
        let mut row_in_column = [0usize; MAX_N];
        let mut col = 0;
        let mut row = rows[0].0;
        loop {
            if row < rows[col].1 {
                if check(&board, row, col, observer).is_some() {
                    row += 1;
                    continue;
                }
                board.set(row, col, 1);
                queens[row] = col;
                row_in_column[col] = row;
                if observer.placed(Square::new(row, col)).is_break() {
                    return;
                }
                if col + 1 < n {
                    col += 1;
                    row = rows[col].0;
                    continue;
                }
                if observer.solution(&queens[..n]).is_break() {
                    return;
                }
                board.set(row, col, 0);
                observer.removed(Square::new(row, col));
                report_top_level(observer, col, row, rows[0]);
                row += 1;
            } else {
                // No row left in this column: go back to the column on the
                // left and move its queen down.
                observer.exhausted(col);
                if col == 0 {
                    return;
                }
                col -= 1;
                row = row_in_column[col];
                board.set(row, col, 0);
                observer.removed(Square::new(row, col));
                report_top_level(observer, col, row, rows[0]);
                row += 1;
            }
        }
    }
}

/// Seed 000's `board[N][N]`: 1 where a queen stands, 0 elsewhere, stored row
/// after row in one flat vector.
struct Board {
    /// `cells[row * n + col]`.
    cells: Vec<u8>,
    /// The board size.
    n: usize,
}

impl Board {
    /// An empty `n`×`n` board.
    fn new(n: usize) -> Self {
        Board {
            cells: vec![0; n * n],
            n,
        }
    }

    /// Writes `value` (1 for a queen, 0 for none) into `(row, col)`.
    #[inline(always)]
    fn set(&mut self, row: usize, col: usize, value: u8) {
        self.cells[row * self.n + col] = value;
    }

    /// Seed 000's `isSafe` for `(row, col)`, whose column and everything to
    /// its right are still empty: scans the row to the left, then the `\`
    /// diagonal up and to the left, then the `/` anti-diagonal down and to the
    /// left, and stops after the first of these lines that holds a queen.
    /// Returns that line, if any, and how many cells were read.
    ///
    /// Unlike the seed, each line is read to its end before it is judged,
    /// its cells combined with `|`, rather than left at its first queen, and
    /// the compiler can read the row, whose cells are adjacent, several at a
    /// time (the crate documentation, *Whole lines*, says why and what it
    /// gains). Which line attacks, and so the answer, is the seed's.
    #[inline(always)]
    fn first_attack(&self, row: usize, col: usize) -> (Option<Line>, u64) {
        let n = self.n;
        let square = row * n + col;
        // The row to the left: the contiguous cells (row, 0) .. (row, col - 1).
        let left = &self.cells[square - col..square];
        let mut cells_read = col as u64;
        if left.iter().fold(0, |queens, &cell| queens | cell) != 0 {
            return (Some(Line::Row), cells_read);
        }
        // Up and to the left: (row - 1, col - 1), (row - 2, col - 2), ...,
        // each `n + 1` cells before the last in the flat vector.
        let up = row.min(col);
        cells_read += up as u64;
        if self.line_holds_queen(square, up, |index| index - (n + 1)) {
            return (Some(Line::Diagonal), cells_read);
        }
        // Down and to the left: (row + 1, col - 1), (row + 2, col - 2), ...,
        // each `n - 1` cells after the last.
        let down = (n - 1 - row).min(col);
        cells_read += down as u64;
        if self.line_holds_queen(square, down, |index| index + (n - 1)) {
            return (Some(Line::AntiDiagonal), cells_read);
        }
        (None, cells_read)
    }

    /// Whether any of the `length` cells that follow `square` along a line,
    /// each reached from the last by `step`, holds a queen. Reads them all.
    #[inline(always)]
    fn line_holds_queen(
        &self,
        square: usize,
        length: usize,
        step: impl Fn(usize) -> usize,
    ) -> bool {
        let mut index = square;
        let mut queens = 0;
        for _ in 0..length {
            index = step(index);
            queens |= self.cells[index];
        }
        queens != 0
    }
}

/// The safety check of seed 000: scans the board to the left of the candidate
/// `(row, col)`. Reports the check, with the cells it read, and returns the
/// line of the attack.
#[inline(always)]
fn check<O: Observer>(board: &Board, row: usize, col: usize, observer: &mut O) -> Option<Line> {
    let (conflict, cells_read) = board.first_attack(row, col);
    observer.checked(Square::new(row, col), cells_read, conflict);
    conflict
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::observer::Collect;
    use queens_core::{Stats, modes};

    #[test]
    fn scan_names_the_attack_and_counts_reads() {
        // A 5×5 board with queens at (1, 0) and (4, 1).
        let mut board = Board::new(5);
        board.set(1, 0, 1);
        board.set(4, 1, 1);
        // Row 1: both cells to the left are read, although the first holds
        // the queen.
        assert_eq!(board.first_attack(1, 2), (Some(Line::Row), 2));
        // (3, 2): two empty row cells, then (2, 1) and (1, 0) up the diagonal.
        assert_eq!(board.first_attack(3, 2), (Some(Line::Diagonal), 4));
        // (4, 3): three row cells, of which (4, 1) holds a queen; the
        // diagonals are not read.
        assert_eq!(board.first_attack(4, 3), (Some(Line::Row), 3));
        // (2, 1): one row cell, then (1, 0) up the diagonal.
        assert_eq!(board.first_attack(2, 1), (Some(Line::Diagonal), 2));
        // (2, 2): two row cells, (1, 1) and (0, 0) up the diagonal, (3, 1)
        // and (4, 0) down the anti-diagonal, all empty.
        assert_eq!(board.first_attack(2, 2), (None, 6));
        // (0, 1): one row cell, no cell up and to the left, then (1, 0).
        assert_eq!(board.first_attack(0, 1), (Some(Line::AntiDiagonal), 2));
        // (2, 3): three row cells, (1, 2) and (0, 1), then (3, 2) and (4, 1).
        assert_eq!(board.first_attack(2, 3), (Some(Line::AntiDiagonal), 7));
        // Column 0 has nothing to its left to read.
        assert_eq!(board.first_attack(0, 0), (None, 0));
    }

    #[test]
    fn statistics_match_the_seed() {
        // The figures come from a direct transcription of seed 000's C into
        // Python, made to count every solution, with the diagonal loops
        // starting one column left of the candidate (see the errata) and
        // each line read to its end. The seed's own loops, which stop at the
        // first queen and read the empty candidate square twice, would give
        // 196 and 90,246 cells read.
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        MatrixBacktracking.search(&Problem::new(4), &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![2, 0, 3, 1], vec![1, 3, 0, 2]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 16,
                safety_checks: 60,
                cells_read: 165
            }
        );
        let mut stats = Stats::default();
        MatrixBacktracking.search(&Problem::new(8), &mut stats);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 2056,
                safety_checks: 15720,
                cells_read: 109396
            }
        );
    }

    #[test]
    fn a_preplaced_queen_fixes_its_column() {
        // Same Python transcription, column 2 trying only row 5.
        let problem = Problem::with_queens(8, [Square::new(5, 2)]).unwrap();
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        MatrixBacktracking.search(&problem, &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions.len(), 4);
        assert_eq!(solutions[0], vec![5, 0, 4, 1, 7, 2, 6, 3]);
        assert_eq!(solutions[1], vec![3, 0, 4, 7, 5, 2, 6, 1]);
        assert!(solutions.iter().all(|queens| queens[5] == 2));
        assert_eq!(
            stats,
            Stats {
                queens_placed: 236,
                safety_checks: 1570,
                cells_read: 10574
            }
        );
    }

    #[test]
    fn first_solutions_are_column_major() {
        // `first-solutions.txt`: seed 000 prints the n = 4 one; seed 003
        // prints the n = 8 one.
        assert_eq!(
            modes::first(&MatrixBacktracking, &Problem::new(4)),
            Ok(Some(vec![2, 0, 3, 1]))
        );
        assert_eq!(
            modes::first(&MatrixBacktracking, &Problem::new(8)),
            Ok(Some(vec![0, 6, 4, 7, 1, 3, 5, 2]))
        );
    }

    #[test]
    fn the_largest_board_is_scanned_to_its_edges() {
        // A solution of 64 queens: odd columns in the top half, even ones in
        // the bottom half. With every queen but one pre-placed, the checks
        // scan rows and diagonals that reach the edges of the board.
        let solution: Vec<usize> = (0..32)
            .map(|i| 2 * i + 1)
            .chain((0..32).map(|i| 2 * i))
            .collect();
        let problem =
            Problem::with_queens(64, queens_core::board::squares(&solution).skip(1)).unwrap();
        assert_eq!(
            modes::all(&MatrixBacktracking, &problem),
            Ok(vec![solution])
        );
        assert!(modes::count(&MatrixBacktracking, &Problem::new(65)).is_err());
    }

    #[test]
    fn counts_match_oeis_a000170() {
        let expected = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (n, &count) in expected.iter().enumerate() {
            assert_eq!(
                modes::count(&MatrixBacktracking, &Problem::new(n)),
                Ok(count),
                "n = {n}"
            );
        }
    }
}

#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    MatrixBacktracking
);
