//! The Sudoku solver of seed 002, kept faithful: the first empty cell in
//! reading order, the digits 1 to 9 in order, `isSafe` scanning the row, the
//! column and the box, and the digit taken back when it leads nowhere.
//!
//! The seed recurses once per filled cell. Here the recursion is a loop over
//! an explicit stack of the cells filled so far (at most 81 of them, in a
//! fixed array), so no input can overflow the call stack, and the search
//! visits the same cells, tries the same digits and makes the same checks in
//! the same order as the seed's recursion would.

use crate::grid::{CELLS, Grid};
use crate::{Info, Outcome, Search, Stats, SudokuSolver};

/// The backtracking solver of seed 002.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeedSolver;

impl SudokuSolver for SeedSolver {
    fn info(&self) -> Info {
        Info {
            name: "seed",
            summary: "seed 002: first empty cell, digits 1-9 in order, isSafe scanning row, column and box",
            checks: "isSafe calls, each scanning up to 9 row, 9 column and 9 box cells",
        }
    }

    fn solve_within(&self, grid: &Grid, limit: usize, most_placements: u64) -> Outcome {
        let mut search = Search::new(limit, most_placements);
        if limit > 0 {
            backtrack(*grid.cells(), &mut search);
        }
        search.finish()
    }
}

/// The seed's `SolveSudoku`, its recursion unrolled: `filled[..depth]` are
/// the cells it has filled, deepest last, each holding the digit it tries.
fn backtrack(mut cells: [u8; CELLS], search: &mut Search) {
    let mut filled = [0u8; CELLS];
    let mut depth = 0;
    let mut cell = first_empty(&cells, 0);
    let mut first_digit = 1;
    loop {
        let placed = match cell {
            // No unassigned location: the base case, a solution.
            None => {
                if search.found(Grid::from_solver(cells)) {
                    return;
                }
                false
            }
            Some(at) => match first_safe(&cells, at, first_digit, &mut search.stats) {
                Some(digit) => {
                    cells[at] = digit;
                    search.stats.placements += 1;
                    search.stats.guesses += 1;
                    if search.spent() {
                        return;
                    }
                    filled[depth] = at as u8;
                    depth += 1;
                    // Every cell before `at` is filled, so scanning on from
                    // it finds the first empty cell in reading order, as the
                    // seed's scan from the top does.
                    cell = first_empty(&cells, at + 1);
                    first_digit = 1;
                    true
                }
                None => false,
            },
        };
        if placed {
            continue;
        }
        // Every digit failed here (or a solution was counted and the search
        // goes on): take back the last digit placed and try the next one.
        if depth == 0 {
            search.exhausted();
            return;
        }
        depth -= 1;
        let at = usize::from(filled[depth]);
        first_digit = cells[at] + 1;
        cells[at] = 0;
        search.stats.backtracks += 1;
        cell = Some(at);
    }
}

/// The first empty cell at or after `from`, in reading order.
fn first_empty(cells: &[u8; CELLS], from: usize) -> Option<usize> {
    (from..CELLS).find(|&at| cells[at] == 0)
}

/// The first digit from `first` to 9 that `is_safe` allows at `at`.
fn first_safe(cells: &[u8; CELLS], at: usize, first: u8, stats: &mut Stats) -> Option<u8> {
    (first..=9).find(|&digit| {
        stats.checks += 1;
        is_safe(cells, at / 9, at % 9, digit)
    })
}

/// The seed's `isSafe`: `digit` is not yet in the row, nor in the column,
/// nor in the 3×3 box of (`row`, `col`), each scanned cell by cell and the
/// scans stopping at the first that finds it.
fn is_safe(cells: &[u8; CELLS], row: usize, col: usize, digit: u8) -> bool {
    !used_in_row(cells, row, digit)
        && !used_in_col(cells, col, digit)
        && !used_in_box(cells, row - row % 3, col - col % 3, digit)
}

/// Whether `digit` is in row `row`.
fn used_in_row(cells: &[u8; CELLS], row: usize, digit: u8) -> bool {
    (0..9).any(|col| cells[row * 9 + col] == digit)
}

/// Whether `digit` is in column `col`.
fn used_in_col(cells: &[u8; CELLS], col: usize, digit: u8) -> bool {
    (0..9).any(|row| cells[row * 9 + col] == digit)
}

/// Whether `digit` is in the box whose top left cell is (`top`, `left`).
fn used_in_box(cells: &[u8; CELLS], top: usize, left: usize, digit: u8) -> bool {
    (0..3).any(|row| (0..3).any(|col| cells[(top + row) * 9 + left + col] == digit))
}
