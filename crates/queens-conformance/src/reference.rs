//! The reference solver the suite compares every solver with: obviously
//! correct, and slow on purpose.
//!
//! A solution has one queen in each row and one in each column, so it is a
//! permutation of the columns `0..n`. The reference lists the permutations
//! that put the pre-placed queens where the problem put them (every
//! arrangement of the remaining columns over the remaining rows) and keeps
//! those that [`validate`] accepts. Nothing in it prunes on attacks, orders
//! candidates cleverly or shares code with a solver under test, so a bug in
//! a solver cannot hide behind the same bug here. Ten queens on an empty
//! board (3,628,800 permutations) take about a second in the test profile;
//! one pre-placed queen makes it ten times less.

use itertools::Itertools;
use queens_core::{Order, Problem, validate};

/// The largest board the reference accepts.
pub const MAX_N: usize = 10;

/// Every solution of `problem`, in lexicographic order of `queens`.
///
/// # Panics
///
/// When `problem.n() > MAX_N`: listing `n!` permutations of a larger board
/// would take minutes, and the suite never asks for it.
pub fn solutions(problem: &Problem) -> Vec<Vec<usize>> {
    let n = problem.n();
    assert!(
        n <= MAX_N,
        "the reference solver lists n! placements and stops at n = {MAX_N}; asked for n = {n}"
    );
    let fixed: Vec<Option<usize>> = (0..n).map(|row| problem.column_in_row(row)).collect();
    let free_columns: Vec<usize> = (0..n).filter(|col| !fixed.contains(&Some(*col))).collect();
    let free = free_columns.len();
    let mut solutions: Vec<Vec<usize>> = free_columns
        .into_iter()
        .permutations(free)
        .map(|arrangement| {
            let mut remaining = arrangement.into_iter();
            fixed
                .iter()
                .map(|&col| {
                    col.or_else(|| remaining.next())
                        .expect("one column per free row")
                })
                .collect::<Vec<usize>>()
        })
        .filter(|queens| validate(n, queens).is_ok())
        .collect();
    solutions.sort();
    solutions
}

/// Every solution of `problem`, sorted by `order`'s key; lexicographic when
/// the order is [`Order::Unspecified`].
pub fn solutions_in(problem: &Problem, order: Order) -> Vec<Vec<usize>> {
    let mut solutions = solutions(problem);
    solutions.sort_by_cached_key(|queens| order.key(queens));
    solutions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts;
    use queens_core::{Square, canonical};

    #[test]
    fn counts_equal_oeis_a000170() {
        for n in 0..=MAX_N {
            let count = solutions(&Problem::new(n)).len() as u64;
            assert_eq!(Some(count), facts::solution_count(n), "n = {n}");
        }
    }

    #[test]
    fn classes_equal_oeis_a002562() {
        for n in 0..=MAX_N {
            let classes: Vec<Vec<usize>> = solutions(&Problem::new(n))
                .iter()
                .map(|queens| canonical(queens))
                .sorted()
                .dedup()
                .collect();
            assert_eq!(
                Some(classes.len() as u64),
                facts::fundamental_count(n),
                "n = {n}"
            );
            if n == 8 {
                assert_eq!(classes, facts::eight_queens_fundamental());
            }
        }
    }

    #[test]
    fn small_boards() {
        assert_eq!(solutions(&Problem::new(0)), [Vec::<usize>::new()]);
        assert_eq!(solutions(&Problem::new(1)), [[0]]);
        assert!(solutions(&Problem::new(2)).is_empty());
        assert!(solutions(&Problem::new(3)).is_empty());
        assert_eq!(solutions(&Problem::new(4)), [[1, 3, 0, 2], [2, 0, 3, 1]]);
        assert_eq!(
            solutions_in(&Problem::new(4), Order::ColumnMajor),
            [[2, 0, 3, 1], [1, 3, 0, 2]]
        );
    }

    #[test]
    fn preplaced_queens_are_kept() {
        let problem = Problem::with_queens(6, [Square::new(0, 1)]).unwrap();
        assert_eq!(solutions(&problem), [[1, 3, 5, 0, 2, 4]]);
        let problem = Problem::with_queens(4, [Square::new(0, 0)]).unwrap();
        assert!(solutions(&problem).is_empty());
    }

    #[test]
    fn seed_004_first_queen_fixed_boards_are_the_smallest() {
        for (column, first) in facts::eight_queens_first_queen_fixed() {
            let problem = Problem::with_queens(8, [Square::new(0, column)]).unwrap();
            assert_eq!(solutions(&problem)[0], first, "queen in column {column}");
        }
    }

    #[test]
    fn first_solutions_file_agrees() {
        for (n, order, first) in facts::first_solutions() {
            assert_eq!(solutions_in(&Problem::new(n), order)[0], first, "n = {n}");
        }
    }
}
