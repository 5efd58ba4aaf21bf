//! Squares, the four lines a queen attacks along, and the validation that
//! names exactly which two queens attack each other.
//!
//! A placement is written `queens[row] = column`, both 0-based. Validation is
//! the one place that decides what "a solution" means, so the conformance
//! suite, the command-line tool and every solver's tests all call it:
//! [`validate`] compares every pair, the clearest proof; [`first_attack`]
//! finds the first attacking pair of a placement of millions of queens in
//! linear time.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One square of the board, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    /// The row, counted from the top.
    pub row: usize,
    /// The column, counted from the left.
    pub col: usize,
}

impl Square {
    /// The square at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Square { row, col }
    }

    /// The line along which a queen here and a queen at `other` attack each
    /// other, or `None` when they do not. Two queens on the same square share
    /// every line; that case reports [`Line::Row`], the first one tested.
    pub fn shared_line(self, other: Square) -> Option<Line> {
        if self.row == other.row {
            Some(Line::Row)
        } else if self.col == other.col {
            Some(Line::Column)
        } else if self.row.abs_diff(other.row) == self.col.abs_diff(other.col) {
            // Equal distance in rows and columns: the same diagonal. Which of
            // the two depends on whether both distances have the same sign.
            if (self.row < other.row) == (self.col < other.col) {
                Some(Line::Diagonal)
            } else {
                Some(Line::AntiDiagonal)
            }
        } else {
            None
        }
    }
}

/// The square as every message, trace, race and document names it:
/// `(row 2, col 4)`, counted from 0 like the seeds' `board[row] = col` and
/// `--queen 2:4`, so that no reader has to guess which number is which or
/// where they start. The attacker of a rejection is written the same way;
/// this is the one place that spells a square.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(row {}, col {})", self.row, self.col)
    }
}

/// A line along which queens attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Line {
    /// The same row.
    Row,
    /// The same column.
    Column,
    /// The same `\` diagonal, running down and to the right: `row - col` is
    /// constant along it.
    Diagonal,
    /// The same `/` diagonal, running down and to the left: `row + col` is
    /// constant along it.
    AntiDiagonal,
}

impl Line {
    /// The noun phrase used in messages: "a row", "a diagonal", ...
    pub const fn with_article(self) -> &'static str {
        match self {
            Line::Row => "a row",
            Line::Column => "a column",
            Line::Diagonal => "a diagonal",
            Line::AntiDiagonal => "an anti-diagonal",
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Line::Row => "row",
            Line::Column => "column",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        })
    }
}

/// Two queens that attack each other, and the line they share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    /// The earlier of the two queens (smaller row, then smaller column).
    pub first: Square,
    /// The later of the two queens.
    pub second: Square,
    /// The line both stand on.
    pub line: Line,
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.second {
            write!(
                f,
                "queens at {} and {} stand on the same square",
                self.first, self.second
            )
        } else {
            write!(
                f,
                "queens at {} and {} share {}",
                self.first,
                self.second,
                self.line.with_article()
            )
        }
    }
}

/// Returns the first attacking pair among `squares`, in the order the pairs
/// are met scanning `(i, j)` with `i < j`, or `None` when no two attack.
pub fn find_attack(squares: &[Square]) -> Option<Attack> {
    squares.iter().enumerate().find_map(|(i, &a)| {
        squares[i + 1..].iter().find_map(|&b| {
            a.shared_line(b).map(|line| {
                let (first, second) = if a <= b { (a, b) } else { (b, a) };
                Attack {
                    first,
                    second,
                    line,
                }
            })
        })
    })
}

/// The row no queen has taken yet, in the tables of [`first_attack`].
const FREE: u32 = u32::MAX;

/// The first two queens of `columns` (`columns[row] = column`) that attack
/// each other: the pair whose later queen has the smallest row, and among
/// those, the earliest other queen. Linear in time and memory, so that any
/// solver's answer for a million queens can be checked: one pass over the
/// rows, with three tables, one slot per column, per `\`
/// diagonal and per `/` diagonal, each holding the row of the queen already
/// there. Storing the row rather than a flag is what lets a conflict name
/// both queens.
///
/// # Panics
///
/// When a column is not below `columns.len()`, or there are `u32::MAX`
/// queens or more: the rows are kept as `u32`, which halves the tables.
pub fn first_attack(columns: &[usize]) -> Option<Attack> {
    let n = columns.len();
    assert!(n < FREE as usize, "{n} queens: rows past u32 are not kept");
    // Rows as u32 halve the tables: 200 MB for ten million queens, not 400.
    let mut by_column = vec![FREE; n];
    // Row − column + n − 1 along a `\` diagonal, row + column along a `/`.
    let mut by_diagonal = vec![FREE; 2 * n];
    let mut by_anti_diagonal = vec![FREE; 2 * n];
    for (row, &col) in columns.iter().enumerate() {
        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);
        // FREE is the largest u32, so the smallest is the earliest queen
        // this one attacks, if any.
        let earliest = by_column[col]
            .min(by_diagonal[diagonal])
            .min(by_anti_diagonal[anti_diagonal]);
        if earliest != FREE {
            let first = earliest as usize;
            return attack(Square::new(first, columns[first]), Square::new(row, col));
        }
        // Fewer queens than FREE, as asserted, so the row fits.
        let row = row as u32;
        by_column[col] = row;
        by_diagonal[diagonal] = row;
        by_anti_diagonal[anti_diagonal] = row;
    }
    None
}

/// The attack between two queens found on one line; the model names the
/// line.
fn attack(first: Square, second: Square) -> Option<Attack> {
    first.shared_line(second).map(|line| Attack {
        first,
        second,
        line,
    })
}

/// Why a placement is not a solution of an `n`-queens board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// The placement does not have one queen per row.
    #[error("expected {expected} queens, one per row, got {got}")]
    WrongLength {
        /// The board size `n`.
        expected: usize,
        /// The number of queens in the placement.
        got: usize,
    },
    /// A queen stands outside the board.
    #[error("the queen at {} is off the {n}×{n} board", square)]
    OffBoard {
        /// The board size.
        n: usize,
        /// Where the queen stands.
        square: Square,
    },
    /// Two queens attack each other.
    #[error("{0}")]
    Attack(Attack),
    /// A pre-placed queen of the problem is missing from the placement.
    #[error("the pre-placed queen at {} is not in the placement", .0)]
    MissingPreplaced(Square),
}

/// The squares of a placement `queens[row] = column`.
pub fn squares(queens: &[usize]) -> impl Iterator<Item = Square> + '_ {
    queens
        .iter()
        .enumerate()
        .map(|(row, &col)| Square::new(row, col))
}

/// Checks that `queens` is a solution of the plain `n`-queens problem: one
/// queen per row, every queen on the board, no two attacking. The error names
/// the first fault found.
pub fn validate(n: usize, queens: &[usize]) -> Result<(), Invalid> {
    if queens.len() != n {
        return Err(Invalid::WrongLength {
            expected: n,
            got: queens.len(),
        });
    }
    if let Some(square) = squares(queens).find(|square| square.col >= n) {
        return Err(Invalid::OffBoard { n, square });
    }
    let all: Vec<Square> = squares(queens).collect();
    match find_attack(&all) {
        Some(attack) => Err(Invalid::Attack(attack)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(columns: &[usize]) -> Option<String> {
        first_attack(columns)
            .map(|attack| format!("{} {} {:?}", attack.first, attack.second, attack.line))
    }

    #[test]
    fn a_solution_has_no_attack() {
        assert_eq!(found(&[0, 4, 7, 5, 2, 6, 1, 3]), None);
        assert_eq!(found(&[0]), None);
        assert_eq!(found(&[1, 3, 0, 2]), None);
    }

    #[test]
    fn the_first_pair_in_row_order_is_named_with_its_line() {
        assert_eq!(
            found(&[0, 1]),
            Some("(row 0, col 0) (row 1, col 1) Diagonal".into())
        );
        assert_eq!(
            found(&[1, 0]),
            Some("(row 0, col 1) (row 1, col 0) AntiDiagonal".into())
        );
        assert_eq!(
            found(&[2, 0, 2]),
            Some("(row 0, col 2) (row 2, col 2) Column".into())
        );
        // Row 3's queen attacks row 0's along a `\` diagonal, row 1's
        // along a `/` one and row 2's along a column: the earliest is named.
        assert_eq!(
            found(&[0, 5, 3, 3, 7, 1, 6, 4]),
            Some("(row 0, col 0) (row 3, col 3) Diagonal".into())
        );
    }

    #[test]
    fn shared_line_names_each_line() {
        let centre = Square::new(2, 2);
        assert_eq!(centre.shared_line(Square::new(2, 0)), Some(Line::Row));
        assert_eq!(centre.shared_line(Square::new(4, 2)), Some(Line::Column));
        assert_eq!(centre.shared_line(Square::new(0, 0)), Some(Line::Diagonal));
        assert_eq!(centre.shared_line(Square::new(3, 3)), Some(Line::Diagonal));
        assert_eq!(
            centre.shared_line(Square::new(1, 3)),
            Some(Line::AntiDiagonal)
        );
        assert_eq!(
            centre.shared_line(Square::new(4, 0)),
            Some(Line::AntiDiagonal)
        );
        assert_eq!(centre.shared_line(Square::new(3, 0)), None);
    }

    #[test]
    fn validate_accepts_a_solution() {
        assert_eq!(validate(4, &[1, 3, 0, 2]), Ok(()));
        assert_eq!(validate(0, &[]), Ok(()));
    }

    #[test]
    fn validate_names_the_attacking_pair() {
        let error = validate(5, &[0, 3, 4, 1, 3]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "queens at (row 1, col 3) and (row 2, col 4) share a diagonal"
        );
        let error = validate(4, &[1, 3, 0, 0]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "queens at (row 2, col 0) and (row 3, col 0) share a column"
        );
        let error = validate(4, &[0, 3, 1, 2]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "queens at (row 2, col 1) and (row 3, col 2) share a diagonal"
        );
        let error = validate(4, &[1, 0, 3, 2]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "queens at (row 0, col 1) and (row 1, col 0) share an anti-diagonal"
        );
    }

    #[test]
    fn validate_rejects_wrong_length_and_off_board() {
        assert_eq!(
            validate(4, &[1, 3, 0]).unwrap_err().to_string(),
            "expected 4 queens, one per row, got 3"
        );
        assert_eq!(
            validate(4, &[1, 3, 0, 4]).unwrap_err().to_string(),
            "the queen at (row 3, col 4) is off the 4×4 board"
        );
    }
}
