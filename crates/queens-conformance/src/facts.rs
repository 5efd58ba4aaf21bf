//! The facts the suite checks solvers against: the numbers of solutions
//! (OEIS A000170 and A002562, from the model's [`queens_core::oeis`]), seed
//! 004's tables for eight queens, and the first solution in each search
//! order.
//!
//! They are copied from the project's shared fixtures into this crate's
//! `data/` directory (the counts into the model's) and compiled in with
//! `include_str!`, so the suite needs nothing beside the repository. Each file keeps its original comment header
//! and says where it came from. A data line that does not parse is a defect
//! of this crate, caught by its own tests, so the parsers here panic on one
//! rather than pass an error up to every check.

use queens_core::Order;
pub use queens_core::oeis::{fundamental_count, solution_count};

const FUNDAMENTAL: &str = include_str!("../data/eight-queens-fundamental.txt");
const FIRST_QUEEN_FIXED: &str = include_str!("../data/eight-queens-first-queen-fixed.txt");
const FIRST_SOLUTIONS: &str = include_str!("../data/first-solutions.txt");

/// The lines of a data file that carry data: comments (`#`) and blank lines
/// left out.
fn data_lines(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// The whitespace-separated numbers of `text`.
fn numbers(text: &str) -> Vec<usize> {
    text.split_whitespace()
        .map(|word| {
            word.parse()
                .unwrap_or_else(|_| panic!("{word:?} is not a number in a data file"))
        })
        .collect()
}

/// Seed 004's twelve fundamental solutions of eight queens, in its table's
/// order (which is lexicographic), converted to 0-based `queens[row] = column`.
pub fn eight_queens_fundamental() -> Vec<Vec<usize>> {
    data_lines(FUNDAMENTAL)
        .map(|line| numbers(line).into_iter().map(|col| col - 1).collect())
        .collect()
}

/// Seed 004's "user placed first queen in col X" boards: for each column `X`
/// of row 0, the first solution a row-by-row search finds with the queen of
/// row 0 fixed there.
pub fn eight_queens_first_queen_fixed() -> Vec<(usize, Vec<usize>)> {
    data_lines(FIRST_QUEEN_FIXED)
        .map(|line| {
            let (column, queens) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("malformed line {line:?} in the first-queen table"));
            (numbers(column)[0], numbers(queens))
        })
        .collect()
}

/// The first solutions recorded in `first-solutions.txt`: board size, search
/// order and the first solution a search in that order finds.
pub fn first_solutions() -> Vec<(usize, Order, Vec<usize>)> {
    data_lines(FIRST_SOLUTIONS)
        .map(|line| {
            let malformed = || -> ! { panic!("malformed line {line:?} in first-solutions.txt") };
            let (head, queens) = line.split_once(':').unwrap_or_else(|| malformed());
            let (n, order) = head.split_once(' ').unwrap_or_else(|| malformed());
            let order = match order {
                "row-major" => Order::RowMajor,
                "column-major" => Order::ColumnMajor,
                _ => malformed(),
            };
            (numbers(n)[0], order, numbers(queens))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_004_tables_read_0_based() {
        let fundamental = eight_queens_fundamental();
        assert_eq!(fundamental.len(), 12);
        assert_eq!(fundamental[0], [0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(fundamental[11], [2, 5, 1, 4, 7, 0, 6, 3]);
        let fixed = eight_queens_first_queen_fixed();
        assert_eq!(fixed.len(), 8);
        assert_eq!(fixed[3], (3, vec![3, 0, 4, 7, 1, 6, 2, 5]));
        assert!(fixed.iter().all(|(column, queens)| queens[0] == *column));
    }

    #[test]
    fn first_solutions_name_both_orders() {
        assert_eq!(
            first_solutions(),
            [
                (4, Order::RowMajor, vec![1, 3, 0, 2]),
                (4, Order::ColumnMajor, vec![2, 0, 3, 1]),
                (8, Order::RowMajor, vec![0, 4, 7, 5, 2, 6, 1, 3]),
                (8, Order::ColumnMajor, vec![0, 6, 4, 7, 1, 3, 5, 2]),
            ]
        );
    }
}
