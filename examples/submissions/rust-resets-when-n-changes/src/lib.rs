//! A buggy submission (recursive row-by-row search with free column and
//! diagonal arrays kept in the solver object, like seed 004's globals, set
//! up afresh whenever the board size changes); deliberate fault: a search
//! stopped early returns without taking its queens off, so the next search
//! of the same size starts from those leftover marks. Only a problem of the
//! same size asked right after a stopped search shows it.

use std::ops::ControlFlow;
use std::sync::Mutex;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

const MAX: usize = 32;

/// The solver the grader asks for.
pub fn solver() -> ResetsWhenNChanges {
    ResetsWhenNChanges {
        board: Mutex::new(Board::clear(0)),
    }
}

/// Row-by-row backtracking on a board that belongs to the solver, set up
/// again each time the board size changes.
pub struct ResetsWhenNChanges {
    board: Mutex<Board>,
}

/// The arrays of seed 004, for boards up to `MAX`, and the size they were
/// set up for. A search leaves them as it found them, as long as it runs to
/// the end.
struct Board {
    n: usize,
    queencol: [usize; MAX],
    colfree: [bool; MAX],
    /// `/` diagonals: row + col.
    upfree: [bool; 2 * MAX],
    /// `\` diagonals: row + MAX - col.
    downfree: [bool; 2 * MAX],
}

impl Search for ResetsWhenNChanges {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-resets-when-n-changes",
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
        // Deliberate fault: the board is cleared only for a new size, and
        // add_queen below leaves its marks behind when the observer says
        // Break.
        if board.n != problem.n() {
            *board = Board::clear(problem.n());
        }
        let _ = board.add_queen(problem, 0, observer);
    }
}

impl Board {
    /// Every square free, for boards of `n`.
    fn clear(n: usize) -> Self {
        Board {
            n,
            queencol: [0; MAX],
            colfree: [true; MAX],
            upfree: [true; 2 * MAX],
            downfree: [true; 2 * MAX],
        }
    }

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
