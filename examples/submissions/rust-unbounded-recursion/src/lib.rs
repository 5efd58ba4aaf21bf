//! A buggy submission (a search that recurses on every square, handing each
//! call its own copy of the board); deliberate fault: the next column is
//! `(col + 1) % n`, so the end-of-row stop `col == end` is never met and
//! the recursion goes round the row until the stack overflows (any n >= 1).

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

const MAX: usize = 32;

/// The solver the grader asks for.
pub fn solver() -> Unbounded {
    Unbounded
}

/// Square-by-square recursion: one call per square tried.
pub struct Unbounded;

impl Search for Unbounded {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-unbounded-recursion",
        title: "square-by-square recursion with a copied board",
        seeds: "004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: MAX,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let board = Board {
            n: problem.n(),
            queens: [0; MAX],
            col_used: [false; MAX],
            up_used: [false; 2 * MAX],
            down_used: [false; 2 * MAX],
        };
        let first = first_col(problem, 0);
        let _ = try_square(problem, board, 0, first, observer);
    }
}

/// A board small enough to copy: each call works on its own, so nothing has
/// to be taken off again when a call returns.
#[derive(Clone, Copy)]
struct Board {
    n: usize,
    queens: [usize; MAX],
    col_used: [bool; MAX],
    /// `/` diagonals: row + col.
    up_used: [bool; 2 * MAX],
    /// `\` diagonals: row + MAX - col.
    down_used: [bool; 2 * MAX],
}

/// The first column to try in `row`: the pre-placed queen's, or 0.
fn first_col(problem: &Problem, row: usize) -> usize {
    if row < problem.n() {
        problem.columns_to_try(row).0
    } else {
        0
    }
}

/// Tries the square (row, col), then the next column of the same row.
fn try_square<O: Observer>(
    problem: &Problem,
    board: Board,
    row: usize,
    col: usize,
    observer: &mut O,
) -> ControlFlow<()> {
    let n = board.n;
    if row == n {
        return observer.solution(&board.queens[..n]);
    }
    let (first, end) = problem.columns_to_try(row);
    if col == end {
        // Every column of the row is tried.
        observer.exhausted(row);
        return ControlFlow::Continue(());
    }
    let square = Square::new(row, col);
    let conflict = if board.col_used[col] {
        Some(Line::Column)
    } else if board.down_used[row + MAX - col] {
        Some(Line::Diagonal)
    } else if board.up_used[row + col] {
        Some(Line::AntiDiagonal)
    } else {
        None
    };
    observer.checked(square, 3, conflict);
    if conflict.is_none() {
        let mut next = board;
        next.queens[row] = col;
        next.col_used[col] = true;
        next.down_used[row + MAX - col] = true;
        next.up_used[row + col] = true;
        observer.placed(square)?;
        try_square(
            problem,
            next,
            row + 1,
            first_col(problem, row + 1),
            observer,
        )?;
        observer.removed(square);
    }
    if row == 0 {
        observer.progressed(col + 1 - first, end - first);
    }
    // Deliberate fault: should be `col + 1`; with `% n` the column never
    // reaches `end`.
    try_square(problem, board, row, (col + 1) % n, observer)
}
