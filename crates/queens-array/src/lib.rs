//! 1-D array backtracking, after seed 001.
//!
//! # The idea
//!
//! A solution has exactly one queen per row, so a board needs no matrix: one
//! array `board[row] = col` holds every queen, and "two queens in one row"
//! cannot even be written down. The search fills rows from the top. In each
//! row it tries the columns from left to right; a candidate is safe when no
//! earlier row's queen shares its column or either diagonal, which seed 001
//! tests by comparing the candidate with every earlier row:
//!
//! - the same column: `board[row] == board[previous]`;
//! - the `\` diagonal: `board[row] - board[previous] == row - previous`;
//! - the `/` diagonal: `board[previous] - board[row] == row - previous`.
//!
//! When a row has no safe column left, the search goes back to the row above
//! and moves that queen on: backtracking.
//!
//! # Order and cost
//!
//! Rows top to bottom, columns left to right: solutions come out in
//! lexicographic order of `board` ([`Order::RowMajor`]). A safety check in
//! row `r` reads the `r` earlier entries, so it costs O(n) where the lookup
//! arrays of seed 004 cost O(1); the number of search nodes is the same as
//! theirs, since both prune exactly the attacked squares. The search needs
//! O(n) memory and, being a loop rather than recursion, no stack to speak of.
//!
//! # Every earlier row
//!
//! Seed 001 returns at the first earlier queen that attacks the candidate.
//! This crate compares the candidate with every earlier row and combines the
//! comparisons with `|`, so that a check makes no jump that depends on where
//! the attacking queen stands, which a processor cannot guess. Those wrong
//! guesses cost more than the entries saved: `cargo xtask peers` times the
//! search against the seed's own C, the workspace's generated
//! `docs/peers.md` gives the last run's ratios (timings move with the
//! machine, so this essay quotes none), and its `docs/algorithms.md`, "Why
//! the checks read on", explains them.
//! The answer is the seed's;
//! *cells read* counts every earlier row, which is what this check reads.
//!
//! # Errata
//!
//! What the seed gets wrong, and what this crate corrects, is listed once
//! for every seed in the workspace's `docs/algorithms.md`, section
//! "Errata".

use queens_core::observer::report_top_level;
use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// A column number as the board array stores it. Narrower than `usize`, it
/// keeps the array small and the comparisons cheap; `max_n` keeps it in range.
type Column = u32;

/// The 1-D array backtracking solver of seed 001.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArrayBacktracking;

impl Search for ArrayBacktracking {
    const INFO: SolverInfo = SolverInfo {
        name: "array",
        title: "1-D array backtracking",
        seeds: "001",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 4096,
        practical_n: 14,
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
        let columns: Vec<(Column, Column)> = (0..n)
            .map(|row| {
                let (first, end) = problem.columns_to_try(row);
                (first as Column, end as Column)
            })
            .collect();
        let first_row = (columns[0].0 as usize, columns[0].1 as usize);
        let mut board: Vec<Column> = vec![0; n];
        // The placement handed out with each solution, in the model's `usize`.
        let mut queens = vec![0usize; n];
        let mut row = 0;
        let mut col = columns[0].0;
        loop {
            match next_safe_column(&board[..row], col, columns[row].1, observer) {
                Some(safe) => {
                    board[row] = safe;
                    if observer.placed(Square::new(row, safe as usize)).is_break() {
                        return;
                    }
                    if row + 1 < n {
                        row += 1;
                        col = columns[row].0;
                        continue;
                    }
                    for (queen, &col) in queens.iter_mut().zip(&board) {
                        *queen = col as usize;
                    }
                    if observer.solution(&queens).is_break() {
                        return;
                    }
                    observer.removed(Square::new(row, safe as usize));
                    report_top_level(observer, row, safe as usize, first_row);
                    col = safe + 1;
                }
                None => {
                    // No column left in this row: go back to the row above
                    // and move its queen on.
                    observer.exhausted(row);
                    if row == 0 {
                        return;
                    }
                    row -= 1;
                    observer.removed(Square::new(row, board[row] as usize));
                    report_top_level(observer, row, board[row] as usize, first_row);
                    col = board[row] + 1;
                }
            }
        }
    }
}

/// Tries the columns `from..to` of the row below `earlier`, left to right,
/// and returns the first safe one. This inner loop is where the search spends
/// its time, so it touches nothing but the earlier rows.
#[inline(always)]
fn next_safe_column<O: Observer>(
    earlier: &[Column],
    from: Column,
    to: Column,
    observer: &mut O,
) -> Option<Column> {
    (from..to).find(|&col| {
        let safe = !attacked(earlier, col);
        // Naming the attack is work for a tracer only: for the timed
        // observer, which ignores it, the compiler drops it.
        observer.checked(
            Square::new(earlier.len(), col as usize),
            earlier.len() as u64,
            first_attack(earlier, col),
        );
        safe
    })
}

/// Seed 001's `isPlacingSafe`: compares a candidate in column `col` of row
/// `earlier.len()` with the queen of every earlier row, reading each entry of
/// `earlier` once, and tells whether any of them attacks it.
///
/// Unlike the seed, the scan does not stop at the first attacking queen: it
/// reads every earlier row and combines the comparisons with `|`, so that the
/// loop has no jump whose outcome depends on the board, and the compiler can
/// compare several rows at once (the crate documentation, *Every earlier
/// row*, says why and what it gains). The answer is the seed's.
///
/// Seed 001's two diagonal tests are rearranged so that one side of each is
/// fixed for the whole scan: `board[row] - board[previous] == row - previous`
/// holds exactly when `board[previous] - previous == board[row] - row`, and
/// `board[previous] - board[row] == row - previous` exactly when
/// `board[previous] + previous == board[row] + row`.
#[inline(always)]
fn attacked(earlier: &[Column], col: Column) -> bool {
    let row = earlier.len() as Column;
    let diagonal = col.wrapping_sub(row);
    let anti_diagonal = col + row;
    earlier.iter().zip(0..).fold(
        false,
        |attacked, (&previous_col, previous): (&Column, Column)| {
            attacked
                | (previous_col == col)
                | (previous_col.wrapping_sub(previous) == diagonal)
                | (previous_col + previous == anti_diagonal)
        },
    )
}

/// The line along which the first earlier row, from the top, attacks a
/// candidate in column `col` of row `earlier.len()`, in the order of seed
/// 001's tests (column, `\` diagonal, `/` anti-diagonal), if any: what a
/// trace shows for a check that failed.
fn first_attack(earlier: &[Column], col: Column) -> Option<Line> {
    let row = earlier.len() as Column;
    earlier
        .iter()
        .zip(0..)
        .find_map(|(&previous_col, previous): (&Column, Column)| {
            if previous_col == col {
                Some(Line::Column)
            } else if previous_col.abs_diff(col) == row - previous {
                Some(if previous_col < col {
                    Line::Diagonal
                } else {
                    Line::AntiDiagonal
                })
            } else {
                None
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::observer::{Checks, Collect};
    use queens_core::{Stats, modes};

    #[test]
    fn the_check_compares_with_every_earlier_row() {
        // Rows 0 and 1 hold queens in columns 1 and 3; row 2 is tried.
        assert!(!attacked(&[1, 3], 0));
        assert!(attacked(&[1, 3], 1));
        assert!(attacked(&[1, 3], 2));
        assert!(attacked(&[1, 3], 3));
        assert!(attacked(&[0], 1));
        assert!(!attacked(&[], 0));
        // The first earlier row that attacks names the line.
        assert_eq!(first_attack(&[1, 3], 0), None);
        assert_eq!(first_attack(&[1, 3], 1), Some(Line::Column));
        assert_eq!(first_attack(&[1, 3], 2), Some(Line::AntiDiagonal));
        assert_eq!(first_attack(&[1, 3], 3), Some(Line::Diagonal));
        assert_eq!(first_attack(&[0], 1), Some(Line::Diagonal));
        // Column 1 of row 2 is attacked from row 0 along an anti-diagonal
        // and from row 1 along its column: row 0 comes first.
        assert_eq!(first_attack(&[3, 1], 1), Some(Line::AntiDiagonal));
        assert_eq!(first_attack(&[1, 1], 1), Some(Line::Column));
    }

    #[test]
    fn the_line_named_agrees_with_the_verdict() {
        // Every board of up to four earlier rows on five columns, and every
        // candidate: a line is named exactly when the check finds an attack.
        let mut earlier = Vec::new();
        for rows in 0..=4u32 {
            for code in 0..5u32.pow(rows) {
                earlier.clear();
                earlier.extend((0..rows).map(|row| code / 5u32.pow(row) % 5));
                for col in 0..5 {
                    assert_eq!(
                        first_attack(&earlier, col).is_some(),
                        attacked(&earlier, col),
                        "{earlier:?}, column {col}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_check_reads_every_earlier_row() {
        let mut checks = Checks::default();
        assert_eq!(next_safe_column(&[1, 3], 0, 4, &mut checks), Some(0));
        assert_eq!(checks.0, vec![(Square::new(2, 0), 2, None)]);
        let mut checks = Checks::default();
        assert_eq!(next_safe_column(&[0, 2], 0, 4, &mut checks), None);
        assert_eq!(
            checks.0,
            vec![
                (Square::new(2, 0), 2, Some(Line::Column)),
                (Square::new(2, 1), 2, Some(Line::AntiDiagonal)),
                (Square::new(2, 2), 2, Some(Line::Diagonal)),
                (Square::new(2, 3), 2, Some(Line::Diagonal)),
            ]
        );
    }

    #[test]
    fn four_queens_statistics() {
        // The figures come from a direct transcription of seed 001's
        // recursive Java into Python, counting the same three events, each
        // check reading every earlier row.
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        ArrayBacktracking.search(&Problem::new(4), &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert_eq!(stats.queens_placed, 16);
        assert_eq!(stats.safety_checks, 60);
        assert_eq!(stats.cells_read, 112);
        let mut stats = Stats::default();
        ArrayBacktracking.search(&Problem::new(8), &mut stats);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 2056,
                safety_checks: 15720,
                cells_read: 81696
            }
        );
        assert_eq!(modes::count(&ArrayBacktracking, &Problem::new(8)), Ok(92));
    }
}

#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    ArrayBacktracking
);
