//! The facts the suite checks solvers against: the numbers of solutions
//! (OEIS A000170 and A002562), seed 004's tables for eight queens, and the
//! first solution in each search order.
//!
//! They are copied from the project's shared fixtures into this crate's
//! `data/` directory and compiled in with `include_str!`, so the suite needs
//! nothing beside the repository. Each file keeps its original comment header
//! and says where it came from. A data line that does not parse is a defect
//! of this crate, caught by its own tests, so the parsers here panic on one
//! rather than pass an error up to every check.

use queens_core::Order;

const COUNTS: &str = include_str!("../data/queens-counts.csv");
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

/// The counts of one board size from `queens-counts.csv`.
fn counts_row(n: usize) -> Option<(u64, u64)> {
    data_lines(COUNTS)
        .skip(1) // the column names
        .find_map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let parse = |index: usize| -> u64 {
                fields[index]
                    .parse()
                    .unwrap_or_else(|_| panic!("malformed line {line:?} in queens-counts.csv"))
            };
            (parse(0) == n as u64).then(|| (parse(1), parse(2)))
        })
}

/// The number of solutions of the plain `n`-queens problem (OEIS A000170),
/// known for `n <= 27`.
pub fn solution_count(n: usize) -> Option<u64> {
    counts_row(n).map(|(all, _)| all)
}

/// The number of fundamental solutions, classes of solutions under the eight
/// symmetries of the square (OEIS A002562 for `n >= 1`; the empty board's one
/// solution is one class), known for `n <= 27`.
pub fn fundamental_count(n: usize) -> Option<u64> {
    counts_row(n).map(|(_, fundamental)| fundamental)
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
    fn counts_are_oeis_a000170_and_a002562() {
        let all: Vec<u64> = (0..=12).map(|n| solution_count(n).unwrap()).collect();
        assert_eq!(all, [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]);
        let fundamental: Vec<u64> = (0..=12).map(|n| fundamental_count(n).unwrap()).collect();
        assert_eq!(fundamental, [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787]);
        assert_eq!(solution_count(27), Some(234_907_967_154_122_528));
        assert_eq!(solution_count(28), None);
    }

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
