//! A buggy submission (recursive row-by-row search with free column and
//! diagonal arrays, sized as in seed 004); deliberate fault: it sizes the
//! diagonal arrays `2 * n - 1`, which for n = 0 goes below zero and panics.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> PanicsAtZero {
    PanicsAtZero
}

/// Row-by-row backtracking.
pub struct PanicsAtZero;

impl Search for PanicsAtZero {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-panics-at-zero",
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
        // Seed 004's DIAGONAL = 2 * BOARDSize - 1. Deliberate fault: for
        // n = 0 this overflows (a panic, or a capacity overflow when the
        // subtraction wraps).
        let diagonals = 2 * n - 1;
        let mut board = Board {
            queencol: vec![0; n],
            colfree: vec![true; n],
            upfree: vec![true; diagonals],
            downfree: vec![true; diagonals],
        };
        let _ = board.add_queen(problem, 0, observer);
    }
}

struct Board {
    queencol: Vec<usize>,
    colfree: Vec<bool>,
    /// `/` diagonals: row + col.
    upfree: Vec<bool>,
    /// `\` diagonals: row - col + n - 1.
    downfree: Vec<bool>,
}

impl Board {
    fn add_queen<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = self.queencol.len();
        if row == n {
            return observer.solution(&self.queencol);
        }
        let (first, end) = problem.columns_to_try(row);
        for col in first..end {
            let square = Square::new(row, col);
            let (up, down) = (row + col, row + n - 1 - col);
            let conflict = if !self.colfree[col] {
                Some(Line::Column)
            } else if !self.downfree[down] {
                Some(Line::Diagonal)
            } else if !self.upfree[up] {
                Some(Line::AntiDiagonal)
            } else {
                None
            };
            observer.checked(square, 3, conflict);
            if conflict.is_none() {
                self.queencol[row] = col;
                self.colfree[col] = false;
                self.upfree[up] = false;
                self.downfree[down] = false;
                observer.placed(square)?;
                self.add_queen(problem, row + 1, observer)?;
                observer.removed(square);
                self.colfree[col] = true;
                self.upfree[up] = true;
                self.downfree[down] = true;
            }
            if row == 0 {
                observer.progressed(col + 1 - first, end - first);
            }
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }
}
