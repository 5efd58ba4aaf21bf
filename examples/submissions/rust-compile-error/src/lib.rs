//! A buggy submission (recursive row-by-row search that counts the queens on
//! each column and diagonal); deliberate fault: it tests a count as C would,
//! `if self.on_col[col]`, a `usize` where Rust wants a `bool`, so the crate
//! does not compile.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> Counting {
    Counting
}

/// Row-by-row backtracking with a count of queens per line.
pub struct Counting;

impl Search for Counting {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-compile-error",
        title: "row-by-row search counting the queens on each line",
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
            queens: vec![0; n],
            on_col: vec![0; n],
            on_up: vec![0; 2 * n],
            on_down: vec![0; 2 * n],
        };
        let _ = board.place(problem, 0, observer);
    }
}

/// How many queens stand on each column and diagonal.
struct Board {
    queens: Vec<usize>,
    on_col: Vec<usize>,
    on_up: Vec<usize>,
    on_down: Vec<usize>,
}

impl Board {
    /// The line along which a queen already on the board attacks (row, col).
    fn conflict(&self, row: usize, col: usize) -> Option<Line> {
        let n = self.queens.len();
        if self.on_col[col] {
            Some(Line::Column)
        } else if self.on_down[row + n - col] > 0 {
            Some(Line::Diagonal)
        } else if self.on_up[row + col] > 0 {
            Some(Line::AntiDiagonal)
        } else {
            None
        }
    }

    /// Adds (`+1`) or removes (`-1`) the queen at (row, col) from the counts.
    fn count(&mut self, row: usize, col: usize, add: bool) {
        let n = self.queens.len();
        for count in [
            &mut self.on_col[col],
            &mut self.on_up[row + col],
            &mut self.on_down[row + n - col],
        ] {
            if add {
                *count += 1;
            } else {
                *count -= 1;
            }
        }
    }

    fn place<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = self.queens.len();
        if row == n {
            return observer.solution(&self.queens);
        }
        let (first, end) = problem.columns_to_try(row);
        for col in first..end {
            let square = Square::new(row, col);
            let conflict = self.conflict(row, col);
            observer.checked(square, 3, conflict);
            if conflict.is_none() {
                self.queens[row] = col;
                self.count(row, col, true);
                observer.placed(square)?;
                self.place(problem, row + 1, observer)?;
                observer.removed(square);
                self.count(row, col, false);
            }
            if row == 0 {
                observer.progressed(col + 1 - first, end - first);
            }
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }
}
