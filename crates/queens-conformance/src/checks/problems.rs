//! What the checks ask, shared by them all: the questions of
//! [`queens_core::modes`] as messages name them; the problems (the plain
//! boards, seed 004's boards with the first queen fixed, the edge cases of
//! pre-placed queens, and the sample the stream checks read); and the words
//! a finding uses for what it read.

use queens_core::{Problem, Square};

use crate::harness::Bounds;

/// The questions of [`queens_core::modes`], as announcements and messages
/// name them.
pub(super) const COUNT: &str = "asked to count its solutions";
pub(super) const COUNT_UNIQUE: &str = "asked to count its fundamental solutions";
pub(super) const UNIQUE: &str = "asked for its fundamental solutions";
pub(super) const FIRST: &str = "asked for its first solution";
pub(super) const ALL: &str = "asked for every solution";

/// The plain boards `n = 0..=max_n`.
pub(super) fn plain_boards(max_n: usize) -> impl Iterator<Item = Problem> {
    (0..=max_n).map(Problem::new)
}

/// The boards of size `n` with the queen of row 0 fixed in each column in
/// turn: seed 004's "user placed first queen in col X" question.
pub(super) fn first_queen_fixed(n: usize) -> Vec<Problem> {
    (0..n)
        .map(|col| {
            Problem::with_queens(n, [Square::new(0, col)]).expect("a single queen is consistent")
        })
        .collect()
}

/// Pre-placed queens where solvers go wrong: in the last row or column
/// (reached only at the bottom of the search), filling the whole board, or
/// leaving no solution. Those larger than `max_n` are left out.
pub(super) fn edge_cases(max_n: usize) -> Vec<Problem> {
    let cases: [(usize, &[(usize, usize)]); 9] = [
        (1, &[(0, 0)]),
        (4, &[(0, 0)]),
        (4, &[(3, 2)]),
        (4, &[(0, 1), (1, 3), (2, 0), (3, 2)]),
        (5, &[(4, 4)]),
        (6, &[(2, 5)]),
        (6, &[(0, 1), (5, 4)]),
        (7, &[(0, 0), (1, 2), (2, 4)]),
        (8, &[(3, 0), (4, 7)]),
    ];
    cases
        .into_iter()
        .filter(|&(n, _)| n <= max_n)
        .map(|(n, queens)| {
            let squares = queens.iter().map(|&(row, col)| Square::new(row, col));
            Problem::with_queens(n, squares).expect("the edge cases are consistent")
        })
        .collect()
}

/// The problems whose whole streams the validity and duplicate checks read:
/// the plain boards up to the representative bound, the first-queen boards
/// of size up to 6, and the edge cases.
pub(super) fn sample_problems(bounds: Bounds) -> Vec<Problem> {
    let mut problems: Vec<Problem> = plain_boards(bounds.representative).collect();
    problems.extend(first_queen_fixed(bounds.representative.min(6)));
    problems.extend(edge_cases(bounds.representative));
    problems
}

/// What a check read: "24 problems up to n = 8".
pub(super) fn summary(problems: &[Problem]) -> String {
    let largest = problems.iter().map(Problem::n).max().unwrap_or(0);
    format!("{} problems up to n = {largest}", problems.len())
}

/// Errs when a solver emitted nothing at all on `problems`, most of which
/// have solutions: an empty stream is valid and has no duplicates, but a
/// check that judged nothing cannot be passed.
pub(super) fn something_to_judge(problems: &[Problem], emitted: usize) -> Result<(), String> {
    if emitted == 0 && problems.iter().any(|problem| problem.n() >= 4) {
        Err(format!(
            "no solution emitted for any of the {} problems, though most have some: nothing to judge",
            problems.len()
        ))
    } else {
        Ok(())
    }
}

/// A first solution for a message: the placement, or "none".
pub(super) fn shown(first: Option<&Vec<usize>>) -> String {
    first.map_or_else(|| "none".to_owned(), |queens| format!("{queens:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;

    #[test]
    fn edge_cases_are_consistent_and_bounded() {
        assert_eq!(edge_cases(8).len(), 9);
        assert_eq!(edge_cases(6).len(), 7);
        assert_eq!(edge_cases(0).len(), 0);
        let full = &edge_cases(4)[3];
        assert_eq!(reference::solutions(full), [[1, 3, 0, 2]]);
        assert!(reference::solutions(&edge_cases(4)[1]).is_empty());
    }
}
