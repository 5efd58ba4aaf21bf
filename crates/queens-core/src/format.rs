//! Text output written once for every solver and tool: numbers with
//! thousands separators, estimates to the digits they know, spans of time
//! in the unit that suits them (from nanoseconds for a search of four
//! queens to years for a count of twenty-seven), and boards in the
//! notations of the seeds.
//!
//! | format   | from      | a queen | an empty square | a pre-placed queen |
//! |----------|-----------|---------|-----------------|--------------------|
//! | `matrix` | seed 000  | ` 1 `   | ` 0 `           | ` 1 `              |
//! | `hash`   | seed 001  | `# `    | `_ `            | `# `               |
//! | `stars`  | seed 004  | `Q`     | `*`             | `U`                |
//! | `rows`   | seed 004  | its 1-based column, one number per row       |||
//! | `dots`   | LeetCode  | `Q`     | `.`             | `Q`                |
//!
//! Every board ends with a newline; several boards are separated by a blank
//! line, except in `rows`, where each board is one line of a table.

use std::fmt::{self, Write as _};

use serde::Serialize;

use crate::board::{Square, squares};

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
        let on_board: Vec<Square> = squares(queens).collect();
        self.render_squares(queens.len(), &on_board, preplaced)
    }

    /// Renders an `n`×`n` board holding the queens `on_board`, which need not
    /// be a placement: in the middle of a search some rows are empty, and the
    /// naive solver may put two queens in one row. A complete placement comes
    /// out exactly as [`render`](Self::render) draws it; `rows` shows `-` for
    /// a row without a queen and `1,3` for a row holding two.
    pub fn render_squares(self, n: usize, on_board: &[Square], preplaced: &[Square]) -> String {
        if self == TextFormat::Rows {
            return rows(n, on_board);
        }
        let mut text = String::new();
        for row in 0..n {
            let cells: Vec<&str> = (0..n)
                .map(|col| self.spell(cell(Square::new(row, col), on_board, preplaced)))
                .collect();
            text.push_str(&cells.join(self.separator()));
            text.push('\n');
        }
        text
    }

    /// The symbol of one cell in a notation drawn cell by cell.
    fn spell(self, cell: Cell) -> &'static str {
        match (self, cell) {
            (TextFormat::Matrix, Cell::Empty) => " 0 ",
            (TextFormat::Matrix, _) => " 1 ",
            (TextFormat::Hash, Cell::Empty) => "_ ",
            (TextFormat::Hash, _) => "# ",
            (TextFormat::Stars, Cell::Empty) => "*",
            (TextFormat::Stars, Cell::Queen) => "Q",
            (TextFormat::Stars, Cell::Preplaced) => "U",
            (TextFormat::Dots | TextFormat::Rows, Cell::Empty) => ".",
            (TextFormat::Dots | TextFormat::Rows, _) => "Q",
        }
    }

    /// What stands between two cells of a row: seed 004's single space for
    /// `stars`, nothing for the others, whose symbols carry their spacing.
    fn separator(self) -> &'static str {
        if self == TextFormat::Stars { " " } else { "" }
    }

    /// What stands between two boards of a listing: nothing for `rows`,
    /// whose boards are the lines of one table, a blank line for the others.
    pub const fn board_separator(self) -> &'static str {
        match self {
            TextFormat::Rows => "",
            _ => "\n",
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

/// What stands on `square`.
fn cell(square: Square, on_board: &[Square], preplaced: &[Square]) -> Cell {
    if !on_board.contains(&square) {
        Cell::Empty
    } else if preplaced.contains(&square) {
        Cell::Preplaced
    } else {
        Cell::Queen
    }
}

/// Seed 004's table line: the 1-based column of each row's queen, `-` for a
/// row without one, columns joined by `,` in a row holding several.
fn rows(n: usize, on_board: &[Square]) -> String {
    let rows: Vec<String> = (0..n)
        .map(|row| {
            let mut columns: Vec<usize> = on_board
                .iter()
                .filter(|queen| queen.row == row)
                .map(|queen| queen.col + 1)
                .collect();
            columns.sort_unstable();
            if columns.is_empty() {
                "-".to_owned()
            } else {
                let columns: Vec<String> = columns.iter().map(ToString::to_string).collect();
                columns.join(",")
            }
        })
        .collect();
    rows.join(" ") + "\n"
}

/// `n` with a comma between each group of three digits: `85,900,584`.
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// `seconds` with three significant digits in the unit that suits it:
/// `3.21 ns`, `789 µs`, `45.6 ms`, `1.23 s`, and for the lengths that
/// estimates reach, `36.3 min`, `4.20 h`, `1.64 days`, `27.0 years`. Past
/// a billion years (an infinite estimate too) it says `more than a billion
/// years`: an estimate so far out means only "never", and a figure such as
/// `3.9e33 years` would claim a precision it does not have.
pub fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 60.0 * MINUTE;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    if seconds >= 1e9 * YEAR {
        return "more than a billion years".to_owned();
    }
    let (scaled, unit) = if seconds >= YEAR {
        (seconds / YEAR, "years")
    } else if seconds >= DAY {
        (seconds / DAY, "days")
    } else if seconds >= HOUR {
        (seconds / HOUR, "h")
    } else if seconds >= MINUTE {
        (seconds / MINUTE, "min")
    } else if seconds >= 1.0 {
        (seconds, "s")
    } else if seconds >= 1e-3 {
        (seconds * 1e3, "ms")
    } else if seconds >= 1e-6 {
        (seconds * 1e6, "µs")
    } else {
        (seconds * 1e9, "ns")
    };
    if scaled >= 1e6 {
        return format!("{scaled:.1e} {unit}");
    }
    if scaled >= 1000.0 {
        return format!("{} {unit}", thousands(scaled.round() as u128));
    }
    // Three significant digits after rounding: 99.96 is "100", not "100.0".
    let decimals = if scaled >= 99.95 {
        0
    } else if scaled >= 9.995 {
        1
    } else {
        2
    };
    format!("{scaled:.decimals$} {unit}")
}

/// A positive estimate to three significant digits: `95,800,000`, or
/// `2.35e17` past a trillion.
pub fn approximately(value: f64) -> String {
    if value >= 1e12 {
        return format!("{value:.2e}");
    }
    if value < 0.01 && value > 0.0 {
        return format!("{value:.1e}");
    }
    if value < 1.0 {
        return format!("{value:.3}");
    }
    let digits = value.log10().floor() as i32;
    let scale = 10f64.powi((digits - 2).max(0));
    thousands(((value / scale).round() * scale) as u128)
}

/// `±5%`, or nothing when the estimate is exact (every unit timed or no
/// spread).
pub fn plus_minus(relative_error: f64) -> String {
    if relative_error == 0.0 {
        String::new()
    } else {
        format!(" ±{:.0}%", (relative_error * 100.0).max(1.0))
    }
}

/// Seed 000's 0/1 matrix: one line per row, each cell ` 1 ` for a queen and
/// ` 0 ` for an empty square, exactly as its `printSolution` prints.
pub fn matrix(queens: &[usize]) -> String {
    TextFormat::Matrix.render(queens, &[])
}

/// Writes `boards` in `format`, a blank line between two boards (none
/// between the lines of a `rows` table).
pub fn render_all<'a>(
    format: TextFormat,
    boards: impl IntoIterator<Item = &'a [usize]>,
    preplaced: &[Square],
) -> String {
    let mut text = String::new();
    for (index, queens) in boards.into_iter().enumerate() {
        if index > 0 {
            text.push_str(format.board_separator());
        }
        let _ = write!(text, "{}", format.render(queens, preplaced));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_rounded_to_what_the_estimate_knows() {
        assert_eq!(approximately(95_815_104.0), "95,800,000");
        assert_eq!(approximately(2.349e17), "2.35e17");
        assert_eq!(approximately(0.5), "0.500");
        assert_eq!(approximately(0.000_22), "2.2e-4");
        assert_eq!(approximately(7.0), "7");
        assert_eq!(plus_minus(0.0), "");
        assert_eq!(plus_minus(0.042), " ±4%");
    }

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
    fn boards_are_separated_by_a_blank_line_but_rows_make_a_table() {
        let boards: [&[usize]; 2] = [&[1, 3, 0, 2], &[2, 0, 3, 1]];
        assert_eq!(
            render_all(TextFormat::Rows, boards, &[]),
            "2 4 1 3\n3 1 4 2\n"
        );
        assert_eq!(
            render_all(TextFormat::Dots, boards, &[]),
            ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n"
        );
    }

    #[test]
    fn partial_boards_leave_rows_empty() {
        let on_board = [Square::new(0, 1), Square::new(2, 0)];
        let preplaced = [Square::new(2, 0)];
        let draw = |format: TextFormat| format.render_squares(4, &on_board, &preplaced);
        assert_eq!(
            draw(TextFormat::Matrix),
            " 0  1  0  0 \n 0  0  0  0 \n 1  0  0  0 \n 0  0  0  0 \n"
        );
        assert_eq!(
            draw(TextFormat::Hash),
            "_ # _ _ \n_ _ _ _ \n# _ _ _ \n_ _ _ _ \n"
        );
        assert_eq!(
            draw(TextFormat::Stars),
            "* Q * *\n* * * *\nU * * *\n* * * *\n"
        );
        assert_eq!(draw(TextFormat::Dots), ".Q..\n....\nQ...\n....\n");
        assert_eq!(draw(TextFormat::Rows), "2 - 1 -\n");
    }

    #[test]
    fn the_naive_solvers_boards_may_hold_two_queens_in_a_row() {
        let on_board = [Square::new(0, 0), Square::new(0, 2), Square::new(1, 1)];
        assert_eq!(
            TextFormat::Rows.render_squares(3, &on_board, &[]),
            "1,3 2 -\n"
        );
        assert_eq!(
            TextFormat::Dots.render_squares(3, &on_board, &[]),
            "Q.Q\n.Q.\n...\n"
        );
    }

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(duration(99.999_999e-6), "100 µs");
        assert_eq!(duration(9.999e-3), "10.0 ms");
        assert_eq!(duration(142_111.0), "1.64 days");
        assert_eq!(duration(3.21e-9), "3.21 ns");
        assert_eq!(duration(789e-6), "789 µs");
        assert_eq!(duration(0.0456), "45.6 ms");
        assert_eq!(duration(1.234), "1.23 s");
        assert_eq!(duration(99.96), "1.67 min");
        assert_eq!(duration(59.996), "60.0 s");
        assert_eq!(duration(2178.0), "36.3 min");
        assert_eq!(duration(4.2 * 3600.0), "4.20 h");
        assert_eq!(duration(27.0 * 365.25 * 86400.0), "27.0 years");
        assert_eq!(duration(5_190_000.0 * 365.25 * 86400.0), "5.2e6 years");
        assert_eq!(duration(1_234.0 * 365.25 * 86400.0), "1,234 years");
        assert_eq!(duration(9.99e8 * 365.25 * 86400.0), "1.0e9 years");
        assert_eq!(
            duration(1e9 * 365.25 * 86400.0),
            "more than a billion years"
        );
        assert_eq!(
            duration(3.9e33 * 365.25 * 86400.0),
            "more than a billion years"
        );
        assert_eq!(duration(f64::MAX), "more than a billion years");
        assert_eq!(duration(f64::INFINITY), "more than a billion years");
    }
}
