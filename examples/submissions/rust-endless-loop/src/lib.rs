//! A buggy submission (an iterative row-by-row search with free column and
//! diagonal arrays); deliberate fault: when a square is attacked it forgets
//! to move on to the next column, so at the first attacked square (on every
//! empty board from n = 2 up) it checks that same square forever.

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The solver the grader asks for.
pub fn solver() -> EndlessLoop {
    EndlessLoop
}

/// Row-by-row backtracking with a loop instead of recursion.
pub struct EndlessLoop;

impl Search for EndlessLoop {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-endless-loop",
        title: "iterative row-by-row search with free column and diagonal arrays",
        seeds: "004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 32,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        if n == 0 {
            let _ = observer.solution(&[]);
            return;
        }
        let columns = |row: usize| problem.columns_to_try(row);
        let mut queens = vec![0; n];
        let mut col_free = vec![true; n];
        let mut up_free = vec![true; 2 * n]; // row + col
        let mut down_free = vec![true; 2 * n]; // row + n - col

        let mut row = 0;
        let mut col = columns(0).0;
        loop {
            let (first, end) = columns(row);
            if row == 0 && col > first {
                // The branches of row 0 before `col` are finished.
                observer.progressed(col - first, end - first);
            }
            if col < end {
                let square = Square::new(row, col);
                let conflict = if !col_free[col] {
                    Some(Line::Column)
                } else if !down_free[row + n - col] {
                    Some(Line::Diagonal)
                } else if !up_free[row + col] {
                    Some(Line::AntiDiagonal)
                } else {
                    None
                };
                observer.checked(square, 3, conflict);
                if conflict.is_some() {
                    // Deliberate fault: missing `col += 1;` here.
                    continue;
                }
                queens[row] = col;
                col_free[col] = false;
                down_free[row + n - col] = false;
                up_free[row + col] = false;
                if observer.placed(square).is_break() {
                    return;
                }
                if row + 1 < n {
                    row += 1;
                    col = columns(row).0;
                    continue;
                }
                // The last row is filled: a solution. Take the queen off and
                // try the next column of the last row.
                if observer.solution(&queens).is_break() {
                    return;
                }
                observer.removed(square);
                col_free[col] = true;
                down_free[row + n - col] = true;
                up_free[row + col] = true;
                col += 1;
            } else {
                // Every column of this row is tried: go back a row.
                observer.exhausted(row);
                if row == 0 {
                    return;
                }
                row -= 1;
                col = queens[row];
                observer.removed(Square::new(row, col));
                col_free[col] = true;
                down_free[row + n - col] = true;
                up_free[row + col] = true;
                col += 1;
            }
        }
    }
}
