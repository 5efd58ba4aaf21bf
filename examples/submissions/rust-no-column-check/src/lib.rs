//! A buggy submission (seed 001's search, row by row, each new queen checked
//! against the queens of the rows above); deliberate fault: the safety test
//! checks the two diagonals but forgets the column.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> NoColumnCheck {
    NoColumnCheck
}

/// Places the queens row by row; `board[row] = col`.
pub struct NoColumnCheck;

impl Search for NoColumnCheck {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-no-column-check",
        title: "row-by-row search checking the queens above (seed 001)",
        seeds: "001",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 32,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let mut board = vec![0; problem.n()];
        let _ = place_all_queens(problem, &mut board, 0, observer);
    }
}

/// Whether a queen of the rows above attacks the queen at `board[row]`, and
/// along which line; also how many of those rows were read.
fn is_placing_safe(board: &[usize], row: usize) -> (Option<Line>, u64) {
    let col = board[row];
    for previous in 0..row {
        let other = board[previous];
        let rows_apart = row - previous;
        // Deliberate fault: no `other == col` test, so a column is never a
        // conflict.
        if col > other && col - other == rows_apart {
            return (Some(Line::Diagonal), previous as u64 + 1);
        }
        if other > col && other - col == rows_apart {
            return (Some(Line::AntiDiagonal), previous as u64 + 1);
        }
    }
    (None, row as u64)
}

/// Puts a queen in `row` and in every row below it.
fn place_all_queens<O: Observer>(
    problem: &Problem,
    board: &mut [usize],
    row: usize,
    observer: &mut O,
) -> ControlFlow<()> {
    let n = board.len();
    if row == n {
        return observer.solution(board);
    }
    let (first, end) = problem.columns_to_try(row);
    for col in first..end {
        let square = Square::new(row, col);
        board[row] = col;
        let (attack, rows_read) = is_placing_safe(board, row);
        observer.checked(square, rows_read, attack);
        if attack.is_none() {
            observer.placed(square)?;
            place_all_queens(problem, board, row + 1, observer)?;
            observer.removed(square);
        }
        if row == 0 {
            observer.progressed(col + 1 - first, end - first);
        }
    }
    observer.exhausted(row);
    ControlFlow::Continue(())
}
