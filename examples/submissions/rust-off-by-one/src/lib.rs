//! A buggy submission (recursive row-by-row search with free column and
//! diagonal arrays); deliberate fault: the loop over the columns of an empty
//! row stops one short, so the last column is never tried.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> OffByOne {
    OffByOne
}

/// Row-by-row backtracking.
pub struct OffByOne;

impl Search for OffByOne {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-off-by-one",
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
        let mut board = Board {
            cols: vec![0; n],
            col_free: vec![true; n],
            up_free: vec![true; 2 * n],
            down_free: vec![true; 2 * n],
        };
        let _ = board.fill(problem, 0, observer);
    }
}

struct Board {
    cols: Vec<usize>,
    col_free: Vec<bool>,
    /// `/` diagonals: row + col.
    up_free: Vec<bool>,
    /// `\` diagonals: row + n - col.
    down_free: Vec<bool>,
}

impl Board {
    /// Fills `row` and the rows below it.
    fn fill<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = self.cols.len();
        if row == n {
            return observer.solution(&self.cols);
        }
        if let Some(col) = problem.column_in_row(row) {
            // A pre-placed queen: only its own column.
            self.try_square(problem, row, col, observer)?;
            if row == 0 {
                observer.progressed(1, 1);
            }
        } else {
            let mut col = 0;
            // Deliberate fault: should be `col < n`.
            while col + 1 < n {
                self.try_square(problem, row, col, observer)?;
                if row == 0 {
                    observer.progressed(col + 1, n);
                }
                col += 1;
            }
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }

    /// Checks (row, col); if no queen attacks it, puts a queen there and goes
    /// on with the next row.
    fn try_square<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        col: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = self.cols.len();
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
            self.cols[row] = col;
            self.col_free[col] = false;
            self.up_free[up] = false;
            self.down_free[down] = false;
            observer.placed(square)?;
            self.fill(problem, row + 1, observer)?;
            observer.removed(square);
            self.col_free[col] = true;
            self.up_free[up] = true;
            self.down_free[down] = true;
        }
        ControlFlow::Continue(())
    }
}
