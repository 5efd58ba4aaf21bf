//! The registry's worked example: how a solver joins every tool of the
//! workspace with its crate and one entry of `queens-solvers`.
//!
//! # The idea
//!
//! Deliberately plain: a recursive backtracking search, one call a row, that
//! tries each row's columns from right to left and compares a candidate
//! with the queen of every earlier row, stopping at the first that attacks
//! it. It is correct (the conformance suite below proves it), slower than
//! the workspace's solvers, and no seed's: it is here to be registered, not
//! studied.
//!
//! # Registered by one entry
//!
//! `queens-solvers` lists it behind its feature `example-solver`, one entry
//! of its `ENTRIES`. The default build leaves it out, so the tools hold the
//! workspace's eight solvers; with the feature on, `queens count --algo
//! example`, `queens race` and `queens trace --algo example` run it, and
//! the registry's cross-check compares it with every other solver, with
//! no other edit anywhere (`.ci/run` runs those tests with the feature on).
//! The registry's essay says why the feature is turned on only there.
//!
//! # Order and cost
//!
//! Columns right to left: the solutions come in decreasing lexicographic
//! order of `queens`, which is none of the orders the model names, so it
//! declares [`Order::Unspecified`] and is checked on sets. A check reads
//! the earlier rows up to the first that attacks, O(n); the recursion goes
//! one call deep per row, which [`MAX_N`] keeps shallow.

use std::ops::ControlFlow;

use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

/// The largest board accepted: the recursion goes one call deep per row,
/// and 32 rows are far past any board it counts.
pub const MAX_N: usize = 32;

/// Recursive backtracking, columns right to left: the registry's example.
#[derive(Clone, Copy, Debug, Default)]
pub struct Example;

impl Search for Example {
    const INFO: SolverInfo = SolverInfo {
        name: "example",
        title: "the registry's example: backtracking right to left",
        seeds: "none",
        order: Order::Unspecified,
        levels: Levels::Rows,
        max_n: MAX_N,
        practical_n: 13,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let mut queens = vec![0; problem.n()];
        let _ = fill(problem, &mut queens, 0, observer);
    }
}

/// Fills the rows from `row` down, below the queens of `queens[..row]`,
/// each row's columns right to left; `Break` when the observer stops the
/// search.
fn fill<O: Observer>(
    problem: &Problem,
    queens: &mut [usize],
    row: usize,
    observer: &mut O,
) -> ControlFlow<()> {
    if row == queens.len() {
        return observer.solution(queens);
    }
    let (first, end) = problem.columns_to_try(row);
    for col in (first..end).rev() {
        let square = Square::new(row, col);
        let (cells_read, attack) = first_attack(&queens[..row], square);
        observer.checked(square, cells_read, attack);
        if attack.is_some() {
            continue;
        }
        queens[row] = col;
        observer.placed(square)?;
        fill(problem, queens, row + 1, observer)?;
        observer.removed(square);
        if row == 0 {
            observer.progressed(end - col, end - first);
        }
    }
    observer.exhausted(row);
    ControlFlow::Continue(())
}

/// The line along which the first earlier queen, from the top, attacks
/// `square`, if any, with the earlier rows read to find it: the model's
/// [`Square::shared_line`], asked of each earlier queen in turn.
fn first_attack(earlier: &[usize], square: Square) -> (u64, Option<Line>) {
    earlier
        .iter()
        .enumerate()
        .find_map(|(row, &col)| {
            let line = Square::new(row, col).shared_line(square)?;
            Some((row as u64 + 1, Some(line)))
        })
        .unwrap_or((earlier.len() as u64, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::modes;
    use queens_core::observer::Collect;

    #[test]
    fn the_solutions_come_right_to_left() {
        let mut solutions = Vec::new();
        Example.search(&Problem::new(4), &mut Collect(&mut solutions));
        assert_eq!(solutions, [[2, 0, 3, 1], [1, 3, 0, 2]]);
        assert_eq!(modes::count(&Example, &Problem::new(8)), Ok(92));
    }

    #[test]
    fn a_check_reads_the_rows_down_to_the_first_attack() {
        let square = Square::new(2, 0);
        assert_eq!(first_attack(&[1, 3], square), (2, None));
        assert_eq!(first_attack(&[0, 3], square), (1, Some(Line::Column)));
        assert_eq!(first_attack(&[3, 1], square), (2, Some(Line::AntiDiagonal)));
        assert_eq!(
            first_attack(&[3, 1], Square::new(2, 2)),
            (2, Some(Line::Diagonal))
        );
    }
}

#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    Example
);
