//! A correct submission: a recursive row-by-row search with free column and
//! diagonal arrays (as in seed 004), reporting every event to the observer.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> Recursive {
    Recursive
}

/// Places one queen per row, top to bottom, trying the columns of each row
/// from left to right, so the solutions come out in lexicographic order.
pub struct Recursive;

impl Search for Recursive {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-recursive",
        title: "recursive row-by-row search with free column and diagonal arrays",
        seeds: "004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 32,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let mut board = Board::new(problem.n());
        let _ = board.add_queen(problem, 0, observer);
    }
}

/// The board: `queen_col[row] = col`, and which columns and diagonals are
/// still free of queens.
struct Board {
    n: usize,
    queen_col: Vec<usize>,
    col_free: Vec<bool>,
    /// `/` diagonals, numbered `row + col`.
    up_free: Vec<bool>,
    /// `\` diagonals, numbered `row - col + n - 1`.
    down_free: Vec<bool>,
}

impl Board {
    fn new(n: usize) -> Board {
        // 2n - 1 diagonals each way; `2 * n` keeps n = 0 from going below 0.
        Board {
            n,
            queen_col: vec![0; n],
            col_free: vec![true; n],
            up_free: vec![true; 2 * n],
            down_free: vec![true; 2 * n],
        }
    }

    /// Which line an earlier queen attacks (row, col) along, if any.
    fn attacked(&self, row: usize, col: usize) -> Option<Line> {
        if !self.col_free[col] {
            Some(Line::Column)
        } else if !self.down_free[row + self.n - 1 - col] {
            Some(Line::Diagonal)
        } else if !self.up_free[row + col] {
            Some(Line::AntiDiagonal)
        } else {
            None
        }
    }

    /// Marks the column and diagonals of (row, col) as taken (`free = false`)
    /// or free again.
    fn set(&mut self, row: usize, col: usize, free: bool) {
        self.col_free[col] = free;
        self.down_free[row + self.n - 1 - col] = free;
        self.up_free[row + col] = free;
    }

    /// Puts a queen in `row`, then in every row below it. Returns `Break` when
    /// the observer wants the search to stop.
    fn add_queen<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        if row == self.n {
            return observer.solution(&self.queen_col);
        }
        // A pre-placed queen leaves only its own column to try in its row.
        let (first, end) = match problem.column_in_row(row) {
            Some(col) => (col, col + 1),
            None => (0, self.n),
        };
        for col in first..end {
            let square = Square::new(row, col);
            let attack = self.attacked(row, col);
            observer.checked(square, 3, attack);
            if attack.is_none() {
                self.queen_col[row] = col;
                self.set(row, col, false);
                observer.placed(square)?;
                self.add_queen(problem, row + 1, observer)?;
                observer.removed(square);
                self.set(row, col, true);
            }
            if row == 0 {
                observer.progressed(col + 1 - first, end - first);
            }
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }
}
