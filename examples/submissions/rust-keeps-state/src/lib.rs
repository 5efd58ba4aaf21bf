//! A buggy submission (recursive row-by-row search with free column and
//! diagonal arrays kept in the solver object, like seed 004's globals);
//! deliberate fault: a search stopped early returns without taking its
//! queens off, and the next call starts from those leftover marks.

use std::ops::ControlFlow;
use std::sync::Mutex;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

const MAX: usize = 32;

/// The solver the grader asks for.
pub fn solver() -> KeepsState {
    KeepsState {
        board: Mutex::new(Board {
            queencol: [0; MAX],
            colfree: [true; MAX],
            upfree: [true; 2 * MAX],
            downfree: [true; 2 * MAX],
        }),
    }
}

/// Row-by-row backtracking on a board that belongs to the solver, set up
/// once when the solver is made.
pub struct KeepsState {
    board: Mutex<Board>,
}

/// The arrays of seed 004, for boards up to `MAX`. A search leaves them as it
/// found them, as long as it runs to the end.
struct Board {
    queencol: [usize; MAX],
    colfree: [bool; MAX],
    /// `/` diagonals: row + col.
    upfree: [bool; 2 * MAX],
    /// `\` diagonals: row + MAX - col.
    downfree: [bool; 2 * MAX],
}

impl Search for KeepsState {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-keeps-state",
        title: "row-by-row search on the solver's own board",
        seeds: "004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: MAX,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let mut board = self
            .board
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // Deliberate fault: the board is not cleared here, and add_queen
        // below leaves its marks behind when the observer says Break.
        let _ = board.add_queen(problem, 0, observer);
    }
}

impl Board {
    fn add_queen<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = problem.n();
        if row == n {
            return observer.solution(&self.queencol[..n]);
        }
        let (first, end) = problem.columns_to_try(row);
        for col in first..end {
            let square = Square::new(row, col);
            let (up, down) = (row + col, row + MAX - col);
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
