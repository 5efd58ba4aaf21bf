//! A buggy submission (recursive row-by-row search with free column and
//! diagonal arrays); deliberate fault: it keeps an array for the `\`
//! diagonals only, so two queens on one `/` diagonal are never noticed.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> OneDiagonal {
    OneDiagonal
}

/// Row-by-row backtracking with lookup arrays.
pub struct OneDiagonal;

impl Search for OneDiagonal {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-one-diagonal",
        title: "row-by-row search with lookup arrays",
        seeds: "004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 32,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        let mut state = State {
            queens: vec![0; n],
            column_taken: vec![false; n],
            // `\` diagonals, numbered row + (n - 1) - col: 2n - 1 of them.
            diagonal_taken: vec![false; 2 * n],
        };
        let _ = state.solve_row(problem, 0, observer);
    }
}

struct State {
    queens: Vec<usize>,
    column_taken: Vec<bool>,
    diagonal_taken: Vec<bool>,
}

impl State {
    fn diagonal(&self, row: usize, col: usize) -> usize {
        row + self.queens.len() - 1 - col
    }

    fn solve_row<O: Observer>(
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
            // Deliberate fault: the `/` diagonal (row + col) is not checked.
            let conflict = if self.column_taken[col] {
                Some(Line::Column)
            } else if self.diagonal_taken[self.diagonal(row, col)] {
                Some(Line::Diagonal)
            } else {
                None
            };
            observer.checked(square, 2, conflict);
            if conflict.is_none() {
                let d = self.diagonal(row, col);
                self.queens[row] = col;
                self.column_taken[col] = true;
                self.diagonal_taken[d] = true;
                observer.placed(square)?;
                self.solve_row(problem, row + 1, observer)?;
                observer.removed(square);
                self.column_taken[col] = false;
                self.diagonal_taken[d] = false;
            }
            if row == 0 {
                observer.progressed(col + 1 - first, end - first);
            }
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }
}
