//! The numbers of solutions every tool checks a count against: OEIS
//! A000170 (all solutions) and A002562 (fundamental solutions), known for
//! every board up to n = 27.
//!
//! They belong to the model, not to the conformance suite that checks
//! solvers with them, so that a tool that only prints a count beside the
//! known one (`queens plan`, `cargo xtask growth`) does not carry the test
//! suite and its dependencies. The table is copied from the project's
//! shared fixtures into this crate's `data/` and compiled in; its comment
//! header says where it came from. A line that does not parse is a defect
//! of this crate, caught by its own tests, so the reader panics on one.

const COUNTS: &str = include_str!("../data/queens-counts.csv");

/// The counts of one board size from the table: all, fundamental.
fn counts_row(n: usize) -> Option<(u64, u64)> {
    COUNTS
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
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
}
