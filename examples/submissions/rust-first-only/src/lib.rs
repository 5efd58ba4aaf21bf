//! A buggy submission (recursive row-by-row search with free column and
//! diagonal arrays); deliberate fault: like seed 001's `System.exit`, it stops
//! the whole search after the first solution, whether or not the caller
//! wants more.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> FirstOnly {
    FirstOnly
}

/// Row-by-row backtracking.
pub struct FirstOnly;

impl Search for FirstOnly {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-first-only",
        title: "row-by-row search with free column and diagonal arrays",
        seeds: "001, 004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 32,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        let mut board = Board {
            queen: vec![0; n],
            col_free: vec![true; n],
            up_free: vec![true; 2 * n],
            down_free: vec![true; 2 * n],
        };
        let _ = board.place(problem, 0, observer);
    }
}

struct Board {
    queen: Vec<usize>,
    col_free: Vec<bool>,
    up_free: Vec<bool>,
    down_free: Vec<bool>,
}

impl Board {
    fn place<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = self.queen.len();
        if row == n {
            observer.solution(&self.queen)?;
            // Deliberate fault: one solution is enough, stop everything.
            return ControlFlow::Break(());
        }
        let (first, end) = problem.columns_to_try(row);
        for col in first..end {
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
                self.place(problem, row + 1, observer)?;
                observer.removed(square);
                self.col_free[col] = true;
                self.up_free[up] = true;
                self.down_free[down] = true;
            }
            if row == 0 {
                observer.progressed(col + 1 - first, end - first);
            }
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }
}
