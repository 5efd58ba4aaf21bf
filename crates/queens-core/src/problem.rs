//! A problem: the board size `n` and the queens placed on it beforehand.
//!
//! Seed 004 lets the user fix the first queen; the workspace generalises that
//! to any set of pre-placed queens. A [`Problem`] can only be built valid (every
//! pre-placed queen on the board, no two attacking), so solvers never have to
//! check it again and can never be handed something that would make them
//! index out of bounds.

use std::fmt;

use crate::board::{Attack, Invalid, Square, find_attack, validate};

/// Why a set of pre-placed queens does not make a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemError {
    /// A pre-placed queen stands outside the board.
    #[error("the pre-placed queen at {} is off the {n}×{n} board", square)]
    OffBoard {
        /// The board size.
        n: usize,
        /// Where the queen was asked to stand.
        square: Square,
    },
    /// Two pre-placed queens attack each other (or stand on one square).
    #[error("pre-placed {0}")]
    Attack(Attack),
}

/// An `n`-queens problem with optional pre-placed queens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    n: usize,
    preplaced: Vec<Square>,
    /// `column_in_row[row]` is the column of the queen pre-placed in `row`.
    column_in_row: Vec<Option<usize>>,
    /// `row_in_column[col]` is the row of the queen pre-placed in `col`.
    row_in_column: Vec<Option<usize>>,
}

impl Problem {
    /// The plain problem: an empty `n`×`n` board.
    pub fn new(n: usize) -> Self {
        Problem {
            n,
            preplaced: Vec::new(),
            column_in_row: vec![None; n],
            row_in_column: vec![None; n],
        }
    }

    /// A problem with `preplaced` queens already on the board. They must all
    /// be on the board and no two may attack each other.
    pub fn with_queens(
        n: usize,
        preplaced: impl IntoIterator<Item = Square>,
    ) -> Result<Self, ProblemError> {
        let mut preplaced: Vec<Square> = preplaced.into_iter().collect();
        if let Some(&square) = preplaced
            .iter()
            .find(|square| square.row >= n || square.col >= n)
        {
            return Err(ProblemError::OffBoard { n, square });
        }
        if let Some(attack) = find_attack(&preplaced) {
            return Err(ProblemError::Attack(attack));
        }
        preplaced.sort();
        let mut problem = Problem::new(n);
        for square in &preplaced {
            problem.column_in_row[square.row] = Some(square.col);
            problem.row_in_column[square.col] = Some(square.row);
        }
        problem.preplaced = preplaced;
        Ok(problem)
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The pre-placed queens, sorted by row.
    pub fn preplaced(&self) -> &[Square] {
        &self.preplaced
    }

    /// Whether the problem has no pre-placed queens.
    pub fn is_plain(&self) -> bool {
        self.preplaced.is_empty()
    }

    /// The column of the queen pre-placed in `row`, if any. A row-by-row
    /// solver tries only this column in that row.
    pub fn column_in_row(&self, row: usize) -> Option<usize> {
        self.column_in_row[row]
    }

    /// The row of the queen pre-placed in `col`, if any. A column-by-column
    /// solver tries only this row in that column.
    pub fn row_in_column(&self, col: usize) -> Option<usize> {
        self.row_in_column[col]
    }

    /// Checks that `queens` is a solution of this problem: a solution of the
    /// plain board that keeps every pre-placed queen where it was put.
    pub fn validate(&self, queens: &[usize]) -> Result<(), Invalid> {
        validate(self.n, queens)?;
        match self.first_moved(queens) {
            Some(square) => Err(Invalid::MissingPreplaced(square)),
            None => Ok(()),
        }
    }

    /// The columns a row-by-row search tries in `row`, as `(first, end)`:
    /// only the pre-placed queen's column when the row has one, every column
    /// otherwise.
    pub fn columns_to_try(&self, row: usize) -> (usize, usize) {
        self.column_in_row(row)
            .map_or((0, self.n), |col| (col, col + 1))
    }

    /// The rows a column-by-column search tries in `col`, as `(first, end)`:
    /// only the pre-placed queen's row when the column has one, every row
    /// otherwise.
    pub fn rows_to_try(&self, col: usize) -> (usize, usize) {
        self.row_in_column(col)
            .map_or((0, self.n), |row| (row, row + 1))
    }

    /// Whether the placement `queens` keeps every pre-placed queen where it
    /// was put. Returns the first one it moved.
    pub fn first_moved(&self, queens: &[usize]) -> Option<Square> {
        self.preplaced
            .iter()
            .copied()
            .find(|square| queens.get(square.row) != Some(&square.col))
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n = {}", self.n)?;
        if !self.preplaced.is_empty() {
            let queens: Vec<String> = self
                .preplaced
                .iter()
                .map(|square| square.to_string())
                .collect();
            write!(f, " with queens at {}", queens.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preplaced_queens_are_indexed_both_ways() {
        let problem = Problem::with_queens(8, [Square::new(3, 5), Square::new(0, 0)]).unwrap();
        assert_eq!(problem.preplaced(), &[Square::new(0, 0), Square::new(3, 5)]);
        assert_eq!(problem.column_in_row(3), Some(5));
        assert_eq!(problem.row_in_column(5), Some(3));
        assert_eq!(problem.column_in_row(1), None);
        assert_eq!(
            problem.to_string(),
            "n = 8 with queens at (row 0, col 0), (row 3, col 5)"
        );
    }

    #[test]
    fn off_board_and_attacking_queens_are_errors() {
        assert_eq!(
            Problem::with_queens(4, [Square::new(4, 0)])
                .unwrap_err()
                .to_string(),
            "the pre-placed queen at (row 4, col 0) is off the 4×4 board"
        );
        assert_eq!(
            Problem::with_queens(8, [Square::new(2, 4), Square::new(1, 3)])
                .unwrap_err()
                .to_string(),
            "pre-placed queens at (row 1, col 3) and (row 2, col 4) share a diagonal"
        );
        assert_eq!(
            Problem::with_queens(8, [Square::new(2, 4), Square::new(2, 4)])
                .unwrap_err()
                .to_string(),
            "pre-placed queens at (row 2, col 4) and (row 2, col 4) stand on the same square"
        );
    }

    #[test]
    fn validate_checks_the_board_and_the_preplaced_queens() {
        let problem = Problem::with_queens(4, [Square::new(0, 1)]).unwrap();
        assert_eq!(problem.validate(&[1, 3, 0, 2]), Ok(()));
        assert_eq!(
            problem.validate(&[2, 0, 3, 1]).unwrap_err().to_string(),
            "the pre-placed queen at (row 0, col 1) is not in the placement"
        );
        assert_eq!(
            problem.validate(&[1, 3, 0]).unwrap_err().to_string(),
            "expected 4 queens, one per row, got 3"
        );
    }

    #[test]
    fn a_preplaced_queen_is_the_only_candidate_of_its_row_and_column() {
        let problem = Problem::with_queens(8, [Square::new(3, 5)]).unwrap();
        assert_eq!(problem.columns_to_try(3), (5, 6));
        assert_eq!(problem.columns_to_try(0), (0, 8));
        assert_eq!(problem.rows_to_try(5), (3, 4));
        assert_eq!(problem.rows_to_try(3), (0, 8));
    }

    #[test]
    fn first_moved_finds_a_dropped_queen() {
        let problem = Problem::with_queens(4, [Square::new(0, 1)]).unwrap();
        assert_eq!(problem.first_moved(&[1, 3, 0, 2]), None);
        assert_eq!(problem.first_moved(&[2, 0, 3, 1]), Some(Square::new(0, 1)));
    }
}
