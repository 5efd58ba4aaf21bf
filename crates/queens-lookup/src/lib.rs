//! Lookup-array backtracking (seed 003 calls it "branch and bound"), after
//! seeds 003 and 004.
//!
//! # The idea
//!
//! The matrix and array solvers find out whether a square is attacked by
//! looking at the queens already placed, which costs O(n) reads per square.
//! This solver remembers instead which lines are taken. Besides the
//! placement `queens[row] = col` (seed 004's `queencol`) it keeps three
//! boolean lookup arrays:
//!
//! - `column_free[col]`: no queen stands in column `col` (seed 004's
//!   `colfree`);
//! - `up_free[row + col]`: no queen stands on that `/` anti-diagonal, along
//!   which `row + col` is constant (seed 004's `upfree`, seed 003's
//!   `slashDiagnolLook`);
//! - `down_free[row - col + 63]`: no queen stands on that `\` diagonal, along
//!   which `row - col` is constant (seed 004's `downfree`, seed 003's
//!   `backSlashDiagnolLook`). Adding an offset keeps the index non-negative:
//!   seed 004's `DOWNOFFSET`, 7 for its 8×8 board. Like the seed, this crate
//!   sizes the three arrays for the largest board it accepts, 64×64, so its
//!   offset is 63 whatever `n` is; `n - 1` would do as well, but a constant
//!   offset leaves the search one more register.
//!
//! A square is safe when all three entries say "free", so the check reads
//! three entries whatever `n` is: seed 004's
//! `colfree[col] && upfree[row + col] && downfree[row - col + DOWNOFFSET]`.
//! The seed's `&&` stops at the first taken line; this crate reads all three
//! and combines them with `&`, so that a check makes one jump, on its answer,
//! instead of one per entry on whether that line is taken, which a processor
//! cannot guess. Those wrong guesses cost far more than the reads saved:
//! `cargo xtask peers` times the search against the seed's own C, the
//! workspace's generated `docs/peers.md` gives the last run's ratios
//! (timings move with the machine, so this essay quotes none), and its
//! `docs/algorithms.md`, "Why the checks read on", explains them. Placing
//! a queen marks its three lines taken; removing it marks them free again.
//! The "bound" of the name is this pruning: a partial placement is abandoned
//! as soon as a row has no free square, exactly as in the other backtracking
//! solvers.
//!
//! # Order and cost
//!
//! This crate follows seed 004: rows top to bottom, columns left to right in
//! each, so solutions come out in lexicographic order of `queens`
//! ([`Order::RowMajor`]) and seed 004's "user placed first queen in col X"
//! boards are the first solutions with a queen pre-placed in row 0. Seed 003
//! describes the same idea transposed: it fills columns left to right and
//! keeps a `rowLook` array instead of a column one. Both versions visit the
//! same number of search nodes as the matrix and array solvers, since all of
//! them prune exactly the attacked squares; only the cost of a check differs,
//! O(1) here against O(n) there. The whole search is still exponential, but
//! the cells read fall from tens per check to three. Memory is
//! O(n), a few hundred bytes on the stack for the largest board, and the
//! search is a loop rather than recursion, so no board size can overflow the
//! stack.
//!
//! # Errata
//!
//! What the seed gets wrong, and what this crate corrects, is listed once
//! for every seed in the workspace's `docs/algorithms.md`, section
//! "Errata".

use queens_core::observer::report_top_level;
use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The largest board accepted. Like seed 004's `BOARDSize` and `DIAGONAL`,
/// it sizes the lookup arrays, which then live on the stack.
const MAX_N: usize = 64;

/// The number of diagonals in each direction on the largest board.
const DIAGONALS: usize = 2 * MAX_N - 1;

/// The lookup-array backtracking solver of seeds 003 and 004 (seed 003's
/// "branch and bound").
#[derive(Clone, Copy, Debug, Default)]
pub struct LookupArrays;

impl Search for LookupArrays {
    const INFO: SolverInfo = SolverInfo {
        name: "lookup",
        title: "lookup-array backtracking",
        seeds: "003, 004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: MAX_N,
        practical_n: 15,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        if n == 0 {
            // The empty board has one solution: no queens at all.
            let _ = observer.solution(&[]);
            return;
        }
        // The columns each row may try, worked out before the loop so that the
        // loop allocates nothing: every column, or only the pre-placed one.
        let mut columns = [(0, 0); MAX_N];
        for (row, range) in columns[..n].iter_mut().enumerate() {
            *range = problem.columns_to_try(row);
        }
        let mut lines = FreeLines::new();
        // Seed 004's `queencol`: `queens[row] = col` for the rows filled.
        let mut queens = [0usize; MAX_N];
        let mut row = 0;
        let mut col = columns[0].0;
        loop {
            match lines.next_free_column(row, col, columns[row].1, observer) {
                Some(free) => {
                    queens[row] = free;
                    lines.set(row, free, false);
                    if observer.placed(Square::new(row, free)).is_break() {
                        return;
                    }
                    if row + 1 < n {
                        row += 1;
                        col = columns[row].0;
                        continue;
                    }
                    if observer.solution(&queens[..n]).is_break() {
                        return;
                    }
                    lines.set(row, free, true);
                    observer.removed(Square::new(row, free));
                    report_top_level(observer, row, free, columns[0]);
                    col = free + 1;
                }
                None => {
                    // No column left in this row: go back to the row above
                    // and move its queen on.
                    observer.exhausted(row);
                    if row == 0 {
                        return;
                    }
                    row -= 1;
                    lines.set(row, queens[row], true);
                    observer.removed(Square::new(row, queens[row]));
                    report_top_level(observer, row, queens[row], columns[0]);
                    col = queens[row] + 1;
                }
            }
        }
    }
}

/// Seed 004's three lookup arrays: which columns, `/` anti-diagonals and `\`
/// diagonals are still free of queens. Like the seed's, they are sized for the
/// largest board, so they live on the stack and the `\` diagonal offset is a
/// constant, as seed 004's `DOWNOFFSET` is `BOARDSize - 1`.
struct FreeLines {
    /// `column_free[col]`: seed 004's `colfree`.
    column_free: [bool; MAX_N],
    /// `up_free[row + col]`: seed 004's `upfree`.
    up_free: [bool; DIAGONALS],
    /// `down_free[row - col + DOWN_OFFSET]`: seed 004's `downfree`.
    down_free: [bool; DIAGONALS],
}

/// Seed 004's `DOWNOFFSET`: added to `row - col` so that the `\` diagonal
/// index is never negative on any board up to `MAX_N`.
const DOWN_OFFSET: usize = MAX_N - 1;

impl FreeLines {
    /// An empty board: every line free.
    fn new() -> Self {
        FreeLines {
            column_free: [true; MAX_N],
            up_free: [true; DIAGONALS],
            down_free: [true; DIAGONALS],
        }
    }

    /// Marks the three lines through `(row, col)` free or taken.
    #[inline(always)]
    fn set(&mut self, row: usize, col: usize, free: bool) {
        self.column_free[col] = free;
        self.up_free[row + col] = free;
        self.down_free[row + DOWN_OFFSET - col] = free;
    }

    /// Tries the columns `from..to` of `row`, left to right, and returns the
    /// first whose three lines are free. Each try is one safety check,
    /// reported with the three entries it read.
    #[inline(always)]
    fn next_free_column<O: Observer>(
        &self,
        row: usize,
        from: usize,
        to: usize,
        observer: &mut O,
    ) -> Option<usize> {
        (from..to).find(|&col| {
            let free = self.is_free(row, col);
            // Naming the taken line is work for a tracer only: for the timed
            // observer, which ignores it, the compiler drops it.
            observer.checked(
                Square::new(row, col),
                ENTRIES_PER_CHECK,
                self.first_taken(row, col),
            );
            free
        })
    }

    /// Seed 004's safety check, `colfree[col] && upfree[row + col] &&
    /// downfree[row - col + DOWNOFFSET]`, with `&` for `&&`: it reads all
    /// three entries of `(row, col)` and combines them without a branch.
    ///
    /// The seed's `&&` stops at the first taken line, which saves a read or
    /// two but costs a jump for each entry, and whether an entry is taken is
    /// what a processor cannot guess. Reading all three and jumping once, on
    /// the answer, halves the time of the search (the crate documentation
    /// says more). The answer is the seed's; the reads are always three.
    ///
    /// The entries are combined as bytes: on `bool`s the compiler turns `&`
    /// back into the seed's jumps, which measured 1.5 times slower.
    #[inline(always)]
    fn is_free(&self, row: usize, col: usize) -> bool {
        let column = u8::from(self.column_free[col]);
        let up = u8::from(self.up_free[row + col]);
        let down = u8::from(self.down_free[row + DOWN_OFFSET - col]);
        column & up & down != 0
    }

    /// The first taken line through `(row, col)` in the order of seed 004's
    /// test, column, up, down, if any: what a trace shows for a check that
    /// failed.
    #[inline(always)]
    fn first_taken(&self, row: usize, col: usize) -> Option<Line> {
        if !self.column_free[col] {
            Some(Line::Column)
        } else if !self.up_free[row + col] {
            Some(Line::AntiDiagonal)
        } else if !self.down_free[row + DOWN_OFFSET - col] {
            Some(Line::Diagonal)
        } else {
            None
        }
    }
}

/// The lookup-array entries each safety check reads: one in each array.
const ENTRIES_PER_CHECK: u64 = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::observer::{Checks, Collect};
    use queens_core::{Stats, modes};
    use std::ops::ControlFlow;

    #[test]
    fn the_check_reads_three_entries_and_names_the_first_taken() {
        // A queen at (0, 1): column 1, up diagonal 1 and down diagonal
        // 0 - 1 + DOWN_OFFSET are taken.
        let mut lines = FreeLines::new();
        lines.set(0, 1, false);
        assert!(!lines.is_free(3, 1));
        assert_eq!(lines.first_taken(3, 1), Some(Line::Column));
        assert!(!lines.is_free(1, 0));
        assert_eq!(lines.first_taken(1, 0), Some(Line::AntiDiagonal));
        assert!(!lines.is_free(1, 2));
        assert_eq!(lines.first_taken(1, 2), Some(Line::Diagonal));
        assert!(lines.is_free(1, 3));
        assert_eq!(lines.first_taken(1, 3), None);
        assert!(lines.is_free(63, 63));
        // (1, 1) is on the queen's column and its `\` diagonal: the column
        // is named, as the seed tests it first.
        lines.set(0, 0, false);
        assert_eq!(lines.first_taken(1, 1), Some(Line::Column));
        lines.set(0, 0, true);
        lines.set(0, 1, true);
        assert!(lines.is_free(3, 1));
        assert_eq!(lines.first_taken(3, 1), None);
    }

    #[test]
    fn the_line_named_agrees_with_the_verdict() {
        // Every pair of queens on a 5×5 board, and every square: a line is
        // named exactly when one of the square's three entries is taken.
        let squares: Vec<(usize, usize)> = (0..5)
            .flat_map(|row| (0..5).map(move |col| (row, col)))
            .collect();
        for &first in &squares {
            for &second in &squares {
                let mut lines = FreeLines::new();
                lines.set(first.0, first.1, false);
                lines.set(second.0, second.1, false);
                for &(row, col) in &squares {
                    assert_eq!(
                        lines.first_taken(row, col).is_none(),
                        lines.is_free(row, col),
                        "queens at {first:?} and {second:?}, square ({row}, {col})"
                    );
                }
            }
        }
    }

    #[test]
    fn the_row_scan_reads_the_right_entries() {
        // A queen at (0, 1) on a 4×4 board; row 1 tries every column.
        let mut lines = FreeLines::new();
        lines.set(0, 1, false);
        let mut checks = Checks::default();
        assert_eq!(lines.next_free_column(1, 0, 4, &mut checks), Some(3));
        assert_eq!(
            checks.0,
            vec![
                (Square::new(1, 0), 3, Some(Line::AntiDiagonal)),
                (Square::new(1, 1), 3, Some(Line::Column)),
                (Square::new(1, 2), 3, Some(Line::Diagonal)),
                (Square::new(1, 3), 3, None),
            ]
        );
        // Starting after the free column, or in an empty range, finds none.
        assert_eq!(
            lines.next_free_column(1, 0, 3, &mut Checks::default()),
            None
        );
        assert_eq!(
            lines.next_free_column(1, 4, 4, &mut Checks::default()),
            None
        );
        // Freed again, the square below the queen's diagonal is free.
        lines.set(0, 1, true);
        assert_eq!(
            lines.next_free_column(3, 2, 3, &mut Checks::default()),
            Some(2)
        );
    }

    #[test]
    fn statistics_match_the_seed() {
        // The figures come from a direct transcription of seed 004's
        // colfree/upfree/downfree `addQueen` into Python (with its
        // bookkeeping errata fixed), counting one check per candidate and
        // three reads per check, one in each lookup array.
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        LookupArrays.search(&Problem::new(4), &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 16,
                safety_checks: 60,
                cells_read: 180
            }
        );
        let mut stats = Stats::default();
        LookupArrays.search(&Problem::new(8), &mut stats);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 2056,
                safety_checks: 15720,
                cells_read: 47160
            }
        );
    }

    #[test]
    fn a_fixed_first_queen_gives_seed_004s_board() {
        // Seed 004, "User placed first queen in col 3", and the same
        // Python transcription's statistics for that problem.
        let problem = Problem::with_queens(8, [Square::new(0, 3)]).unwrap();
        assert_eq!(
            modes::first(&LookupArrays, &problem),
            Ok(Some(vec![3, 0, 4, 7, 1, 6, 2, 5]))
        );
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        LookupArrays.search(&problem, &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions.len(), 18);
        assert!(solutions.iter().all(|queens| queens[0] == 3));
        assert_eq!(
            stats,
            Stats {
                queens_placed: 271,
                safety_checks: 2025,
                cells_read: 6075
            }
        );
    }

    #[test]
    fn the_largest_board_reaches_every_lookup_entry() {
        // A solution of 64 queens: odd columns in the top half, even ones in
        // the bottom half. With every queen but the last pre-placed, the
        // search checks the corner squares' lines at both ends of each array.
        let solution: Vec<usize> = (0..32)
            .map(|i| 2 * i + 1)
            .chain((0..32).map(|i| 2 * i))
            .collect();
        let problem =
            Problem::with_queens(64, queens_core::board::squares(&solution[..63])).unwrap();
        assert_eq!(modes::all(&LookupArrays, &problem), Ok(vec![solution]));
        assert!(modes::count(&LookupArrays, &Problem::new(65)).is_err());
    }

    #[test]
    fn counts_match_oeis_a000170() {
        let expected = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (n, &count) in expected.iter().enumerate() {
            assert_eq!(
                modes::count(&LookupArrays, &Problem::new(n)),
                Ok(count),
                "n = {n}"
            );
        }
    }

    #[test]
    fn stops_when_asked() {
        let mut solutions = Vec::new();
        LookupArrays.search(&Problem::new(8), &mut StopAfter(3, &mut solutions));
        assert_eq!(
            solutions,
            vec![
                vec![0, 4, 7, 5, 2, 6, 1, 3],
                vec![0, 5, 7, 2, 6, 3, 1, 4],
                vec![0, 6, 3, 5, 7, 1, 4, 2]
            ]
        );
    }

    struct StopAfter<'a>(usize, &'a mut Vec<Vec<usize>>);

    impl Observer for StopAfter<'_> {
        fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
            self.1.push(queens.to_vec());
            if self.1.len() == self.0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }
}

#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    LookupArrays
);
