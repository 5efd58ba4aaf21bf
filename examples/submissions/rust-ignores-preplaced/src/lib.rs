//! A buggy submission (recursive row-by-row search with free column and
//! diagonal arrays); deliberate fault: it never asks the problem for its
//! pre-placed queens, so it solves the empty board whatever was placed.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> IgnoresPreplaced {
    IgnoresPreplaced
}

/// Row-by-row backtracking.
pub struct IgnoresPreplaced;

impl Search for IgnoresPreplaced {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-ignores-preplaced",
        title: "row-by-row search with free column and diagonal arrays",
        seeds: "004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 32,
        practical_n: 14,
        workload: None,
    };

    // Deliberate fault: `problem` is used for its size only.
    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        let mut board = Board {
            queen: vec![0; n],
            col_free: vec![true; n],
            up_free: vec![true; 2 * n],
            down_free: vec![true; 2 * n],
        };
        let _ = board.place(0, observer);
    }
}

struct Board {
    queen: Vec<usize>,
    col_free: Vec<bool>,
    up_free: Vec<bool>,
    down_free: Vec<bool>,
}

impl Board {
    fn place<O: Observer>(&mut self, row: usize, observer: &mut O) -> ControlFlow<()> {
        let n = self.queen.len();
        if row == n {
            return observer.solution(&self.queen);
        }
        for col in 0..n {
            let square = Square::new(row, col);
            let (up, down) = (row + col, row + n - col);
            let conflict = if !self.col_free[col] {
                Some(Line::Column)
            } else if !self.down_free[down] {
                Some(Line::Diagonal)
            } else if !self.up_free[up] {
                Some(Line::AntiDiagonal)
            } else {
                None
            };
            observer.checked(square, 3, conflict);
            if conflict.is_none() {
                self.queen[row] = col;
                self.col_free[col] = false;
                self.up_free[up] = false;
                self.down_free[down] = false;
                observer.placed(square)?;
                self.place(row + 1, observer)?;
                observer.removed(square);
                self.col_free[col] = true;
                self.up_free[up] = true;
                self.down_free[down] = true;
            }
            if row == 0 {
                observer.progressed(col + 1, n);
            }
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }
}
