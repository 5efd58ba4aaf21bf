//! Text output written once for every solver: numbers with thousands
//! separators and boards in the notations of the seeds.
//!
//! | format   | from      | a queen | an empty square | a pre-placed queen |
//! |----------|-----------|---------|-----------------|--------------------|
//! | `matrix` | seed 000  | ` 1 `   | ` 0 `           | ` 1 `              |
//! | `hash`   | seed 001  | `# `    | `_ `            | `# `               |
//! | `stars`  | seed 004  | `Q`     | `*`             | `U`                |
//! | `rows`   | seed 004  | its 1-based column, one number per row       |||
//! | `dots`   | LeetCode  | `Q`     | `.`             | `Q`                |
//!
//! Every board ends with a newline; printing several boards, the caller puts
//! a blank line between them.

use std::fmt::{self, Write as _};

use serde::Serialize;

use crate::board::Square;

/// A text notation for a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextFormat {
    /// Seed 000's 0/1 matrix, each cell printed as ` %d `.
    Matrix,
    /// Seed 001's `# ` for a queen and `_ ` for an empty square.
    Hash,
    /// Seed 004's `Q` and `*`, with `U` for a queen the user pre-placed,
    /// separated by single spaces.
    Stars,
    /// Seed 004's table line: the 1-based column of each row's queen.
    Rows,
    /// The `.Q..` strings that LeetCode and TheAlgorithms use.
    Dots,
}

impl TextFormat {
    /// All formats, in the order documented above.
    pub const ALL: [TextFormat; 5] = [
        TextFormat::Matrix,
        TextFormat::Hash,
        TextFormat::Stars,
        TextFormat::Rows,
        TextFormat::Dots,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            TextFormat::Matrix => "matrix",
            TextFormat::Hash => "hash",
            TextFormat::Stars => "stars",
            TextFormat::Rows => "rows",
            TextFormat::Dots => "dots",
        }
    }

    /// Renders the placement `queens[row] = column`, marking the squares of
    /// `preplaced` where the notation can.
    pub fn render(self, queens: &[usize], preplaced: &[Square]) -> String {
        match self {
            TextFormat::Matrix => render_cells(queens, |cell| match cell {
                Cell::Empty => " 0 ",
                Cell::Queen | Cell::Preplaced => " 1 ",
            }),
            TextFormat::Hash => render_cells(queens, |cell| match cell {
                Cell::Empty => "_ ",
                Cell::Queen | Cell::Preplaced => "# ",
            }),
            TextFormat::Stars => stars(queens, preplaced),
            TextFormat::Rows => rows(queens),
            TextFormat::Dots => render_cells(queens, |cell| match cell {
                Cell::Empty => ".",
                Cell::Queen | Cell::Preplaced => "Q",
            }),
        }
    }
}

impl fmt::Display for TextFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What stands on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Queen,
    Preplaced,
}

/// The cells of each row, left to right.
fn cells<'a>(
    queens: &'a [usize],
    preplaced: &'a [Square],
) -> impl Iterator<Item = impl Iterator<Item = Cell> + 'a> + 'a {
    let n = queens.len();
    queens.iter().enumerate().map(move |(row, &queen_col)| {
        (0..n).map(move |col| {
            if col != queen_col {
                Cell::Empty
            } else if preplaced.contains(&Square::new(row, col)) {
                Cell::Preplaced
            } else {
                Cell::Queen
            }
        })
    })
}

/// One line per row, each cell spelled by `spell`, concatenated.
fn render_cells(queens: &[usize], spell: impl Fn(Cell) -> &'static str) -> String {
    let mut text = String::new();
    for row in cells(queens, &[]) {
        row.for_each(|cell| text.push_str(spell(cell)));
        text.push('\n');
    }
    text
}

/// Seed 004's board: `Q`, `*` and `U`, separated by single spaces.
fn stars(queens: &[usize], preplaced: &[Square]) -> String {
    let mut text = String::new();
    for row in cells(queens, preplaced) {
        let symbols: Vec<&str> = row
            .map(|cell| match cell {
                Cell::Empty => "*",
                Cell::Queen => "Q",
                Cell::Preplaced => "U",
            })
            .collect();
        text.push_str(&symbols.join(" "));
        text.push('\n');
    }
    text
}

/// Seed 004's table line: 1-based columns separated by spaces.
fn rows(queens: &[usize]) -> String {
    let columns: Vec<String> = queens.iter().map(|col| (col + 1).to_string()).collect();
    columns.join(" ") + "\n"
}

/// `n` with a comma between each group of three digits: `85,900,584`.
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// Seed 000's 0/1 matrix: one line per row, each cell ` 1 ` for a queen and
/// ` 0 ` for an empty square, exactly as its `printSolution` prints.
pub fn matrix(queens: &[usize]) -> String {
    TextFormat::Matrix.render(queens, &[])
}

/// Writes `boards` in `format`, a blank line between two boards.
pub fn render_all<'a>(
    format: TextFormat,
    boards: impl IntoIterator<Item = &'a [usize]>,
    preplaced: &[Square],
) -> String {
    let mut text = String::new();
    for (index, queens) in boards.into_iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        let _ = write!(text, "{}", format.render(queens, preplaced));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(85_900_584), "85,900,584");
        assert_eq!(thousands(260_887_834_350), "260,887,834,350");
    }

    #[test]
    fn matrix_prints_seed_000s_four_queens() {
        assert_eq!(
            matrix(&[2, 0, 3, 1]),
            " 0  0  1  0 \n 1  0  0  0 \n 0  0  0  1 \n 0  1  0  0 \n"
        );
        assert_eq!(matrix(&[]), "");
    }

    #[test]
    fn every_format_of_four_queens() {
        let queens = [1, 3, 0, 2];
        let preplaced = [Square::new(0, 1)];
        let render = |format: TextFormat| format.render(&queens, &preplaced);
        assert_eq!(
            render(TextFormat::Hash),
            "_ # _ _ \n_ _ _ # \n# _ _ _ \n_ _ # _ \n"
        );
        assert_eq!(
            render(TextFormat::Stars),
            "* U * *\n* * * Q\nQ * * *\n* * Q *\n"
        );
        assert_eq!(render(TextFormat::Rows), "2 4 1 3\n");
        assert_eq!(render(TextFormat::Dots), ".Q..\n...Q\nQ...\n..Q.\n");
    }

    #[test]
    fn seed_004s_first_fundamental_solution() {
        let queens = [0, 4, 7, 5, 2, 6, 1, 3];
        assert_eq!(TextFormat::Rows.render(&queens, &[]), "1 5 8 6 3 7 2 4\n");
        assert_eq!(
            TextFormat::Stars.render(&queens, &[Square::new(0, 0)]),
            "U * * * * * * *\n\
             * * * * Q * * *\n\
             * * * * * * * Q\n\
             * * * * * Q * *\n\
             * * Q * * * * *\n\
             * * * * * * Q *\n\
             * Q * * * * * *\n\
             * * * Q * * * *\n"
        );
    }

    #[test]
    fn boards_are_separated_by_a_blank_line() {
        let boards: [&[usize]; 2] = [&[1, 3, 0, 2], &[2, 0, 3, 1]];
        assert_eq!(
            render_all(TextFormat::Rows, boards, &[]),
            "2 4 1 3\n\n3 1 4 2\n"
        );
    }
}
