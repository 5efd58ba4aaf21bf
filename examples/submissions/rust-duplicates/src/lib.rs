//! A buggy submission (recursive row-by-row search with free column and
//! diagonal arrays); deliberate fault: every solution is emitted twice, once
//! when its last queen is placed and again when the search reaches the row
//! past the board.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> Duplicates {
    Duplicates
}

/// Row-by-row backtracking.
pub struct Duplicates;

impl Search for Duplicates {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-duplicates",
        title: "row-by-row search with free column and diagonal arrays",
        seeds: "004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 32,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        let mut queens = Queens {
            col_of: vec![0; n],
            col_free: vec![true; n],
            up_free: vec![true; 2 * n],
            down_free: vec![true; 2 * n],
        };
        let _ = queens.add_queen(problem, 0, observer);
    }
}

struct Queens {
    col_of: Vec<usize>,
    col_free: Vec<bool>,
    up_free: Vec<bool>,
    down_free: Vec<bool>,
}

impl Queens {
    fn add_queen<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = self.col_of.len();
        if row == n {
            return observer.solution(&self.col_of);
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
                self.col_of[row] = col;
                self.col_free[col] = false;
                self.up_free[up] = false;
                self.down_free[down] = false;
                observer.placed(square)?;
                if row == n - 1 {
                    // Deliberate fault: the call below reports this
                    // solution too.
                    observer.solution(&self.col_of)?;
                }
                self.add_queen(problem, row + 1, observer)?;
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
