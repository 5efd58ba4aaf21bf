//! A correct submission that implements `Solver` by hand: an iterative
//! column-by-column search with an explicit stack, and no statistics.

use std::ops::ControlFlow;

use queens_core::{Error, Levels, Observer, Order, Problem, Sink, Solver, SolverInfo, Stats};

const NAME: &str = "rust-by-hand";
const MAX_N: usize = 32;

/// The solver the grader asks for.
pub fn solver() -> ByHand {
    ByHand
}

/// Fills the board column by column, left to right, trying the rows of each
/// column from top to bottom. It keeps a stack of the rows chosen so far
/// instead of recursing.
pub struct ByHand;

impl ByHand {
    /// Refuses boards larger than `MAX_N`.
    fn check_size(problem: &Problem) -> Result<(), Error> {
        if problem.n() > MAX_N {
            Err(Error::TooLarge {
                solver: NAME,
                n: problem.n(),
                max_n: MAX_N,
            })
        } else {
            Ok(())
        }
    }

    /// Runs the search, handing each solution (`queens[row] = col`) to
    /// `emit`, and stops as soon as `emit` answers `Break`.
    fn run(problem: &Problem, emit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) {
        let n = problem.n();
        if n == 0 {
            // The empty board has one solution: no queens at all.
            let _ = emit(&[]);
            return;
        }
        // The rows a column may use: the pre-placed queen's row, or all.
        let rows_of = |col: usize| match problem.row_in_column(col) {
            Some(row) => (row, row + 1),
            None => (0, n),
        };

        let mut row_free = vec![true; n];
        let mut up_free = vec![true; 2 * n]; // row + col
        let mut down_free = vec![true; 2 * n]; // row + n - 1 - col
        let mut queens = vec![0; n]; // queens[row] = col, for the caller

        // stack[col] is the row of the queen in column col (for the columns
        // already filled), or the next row to try (for the column on top).
        let mut stack = vec![0; n];
        let mut col = 0;
        stack[0] = rows_of(0).0;
        loop {
            let end = rows_of(col).1;
            // Look for a free row in this column, from stack[col] down.
            while stack[col] < end {
                let row = stack[col];
                if row_free[row] && up_free[row + col] && down_free[row + n - 1 - col] {
                    break;
                }
                stack[col] += 1;
            }
            if stack[col] < end {
                let row = stack[col];
                if col + 1 == n {
                    // The last column is filled: a solution.
                    queens[row] = col;
                    if emit(&queens).is_break() {
                        return;
                    }
                    stack[col] += 1; // try the next row of the last column
                } else {
                    // Put the queen down and go on to the next column.
                    queens[row] = col;
                    row_free[row] = false;
                    up_free[row + col] = false;
                    down_free[row + n - 1 - col] = false;
                    col += 1;
                    stack[col] = rows_of(col).0;
                }
            } else {
                // No row left in this column: back to the previous one.
                if col == 0 {
                    return;
                }
                col -= 1;
                let row = stack[col];
                row_free[row] = true;
                up_free[row + col] = true;
                down_free[row + n - 1 - col] = true;
                stack[col] += 1;
            }
        }
    }
}

impl Solver for ByHand {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: NAME,
            title: "iterative column-by-column search with an explicit stack",
            seeds: "000",
            order: Order::ColumnMajor,
            levels: Levels::Columns,
            max_n: MAX_N,
            practical_n: 14,
            workload: None,
        }
    }

    fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
        Self::check_size(problem)?;
        Self::run(problem, sink);
        Ok(())
    }

    /// This solver counts nothing, so its statistics are all zero.
    fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
        Self::check_size(problem)?;
        Self::run(problem, sink);
        Ok(Stats::default())
    }

    /// Only the solutions are reported to the observer.
    fn solve_observed(
        &self,
        problem: &Problem,
        observer: &mut dyn Observer,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        Self::check_size(problem)?;
        Self::run(problem, &mut |queens: &[usize]| {
            observer.solution(queens)?;
            sink(queens)
        });
        Ok(())
    }
}
