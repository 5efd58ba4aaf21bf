//! Solvers that keep their board in the solver object between searches and
//! clear it only on some condition, as students' solvers do: a search the
//! sink stops early leaves its queens on that board, and the next search
//! that does not clear it starts from them. The reuse check must catch each,
//! for every seed.

use std::ops::ControlFlow;
use std::sync::Mutex;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The largest board these solvers take.
const MAX: usize = 16;

/// When a [`KeepsBoard`] clears the board it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reset {
    /// When the board size differs from the last search's.
    WhenNChanges,
    /// Only before the first search.
    OnFirstCallOnly,
    /// When the queen pre-placed in the first row (or its absence) differs
    /// from the last search's.
    WhenFirstRowChanges,
    /// When the problem differs from the last search's.
    WhenProblemChanges,
}

/// A row-by-row search on a board kept in the solver, cleared only as its
/// [`Reset`] says.
#[derive(Debug)]
pub(crate) struct KeepsBoard {
    reset: Reset,
    kept: Mutex<Option<Kept>>,
}

impl KeepsBoard {
    /// A new solver object, its board not yet set up.
    pub(crate) fn new(reset: Reset) -> Self {
        KeepsBoard {
            reset,
            kept: Mutex::new(None),
        }
    }
}

impl Clone for KeepsBoard {
    /// A fresh object: the kept board is the object's own.
    fn clone(&self) -> Self {
        KeepsBoard::new(self.reset)
    }
}

/// The board and the problem of the last search.
#[derive(Debug)]
struct Kept {
    last: Problem,
    queens: [usize; MAX],
    column_used: [bool; MAX],
    /// Indexed by `row + MAX - col`.
    diagonal_used: [bool; 2 * MAX],
    /// Indexed by `row + col`.
    anti_diagonal_used: [bool; 2 * MAX],
}

impl Kept {
    /// A clear board, about to search `problem`.
    fn clear(problem: &Problem) -> Self {
        Kept {
            last: problem.clone(),
            queens: [0; MAX],
            column_used: [false; MAX],
            diagonal_used: [false; 2 * MAX],
            anti_diagonal_used: [false; 2 * MAX],
        }
    }

    /// The line along which a queen on the board attacks `square`, if any.
    fn conflict(&self, square: Square) -> Option<Line> {
        if self.column_used[square.col] {
            Some(Line::Column)
        } else if self.diagonal_used[square.row + MAX - square.col] {
            Some(Line::Diagonal)
        } else if self.anti_diagonal_used[square.row + square.col] {
            Some(Line::AntiDiagonal)
        } else {
            None
        }
    }

    /// Marks the lines of `square` used or free.
    fn mark(&mut self, square: Square, used: bool) {
        self.column_used[square.col] = used;
        self.diagonal_used[square.row + MAX - square.col] = used;
        self.anti_diagonal_used[square.row + square.col] = used;
    }

    /// Places a queen in `row` and every row below; returns `Break`, the
    /// queens left on the board, when the observer asks to stop.
    fn place_row<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = problem.n();
        if row == n {
            return observer.solution(&self.queens[..n]);
        }
        let (first, end) = problem.columns_to_try(row);
        for col in first..end {
            let square = Square::new(row, col);
            let conflict = self.conflict(square);
            observer.checked(square, 3, conflict);
            if conflict.is_none() {
                self.queens[row] = col;
                self.mark(square, true);
                observer.placed(square)?;
                self.place_row(problem, row + 1, observer)?;
                observer.removed(square);
                self.mark(square, false);
            }
        }
        ControlFlow::Continue(())
    }
}

impl Search for KeepsBoard {
    const INFO: SolverInfo = SolverInfo {
        name: "keeps-board",
        title: "row-by-row search on a board kept between searches",
        seeds: "",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: MAX,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let clear = match (kept.as_ref(), self.reset) {
            (None, _) => true,
            (Some(_), Reset::OnFirstCallOnly) => false,
            (Some(last), Reset::WhenNChanges) => last.last.n() != problem.n(),
            (Some(last), Reset::WhenFirstRowChanges) => {
                let first_row =
                    |problem: &Problem| (problem.n() > 0).then(|| problem.column_in_row(0));
                first_row(&last.last) != first_row(problem)
            }
            (Some(last), Reset::WhenProblemChanges) => last.last != *problem,
        };
        let board = kept.get_or_insert_with(|| Kept::clear(problem));
        if clear {
            *board = Kept::clear(problem);
        }
        board.last = problem.clone();
        let _ = board.place_row(problem, 0, observer);
    }
}
