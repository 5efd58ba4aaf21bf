//! Boards in the middle of a search, drawn in the model's text notations for
//! a trace.
//!
//! Mid-search, some rows have no queen yet, and the naive solver may have put
//! two queens in one row, so a partial board is a set of squares rather than
//! a placement `queens[row] = column`, which is all that
//! [`TextFormat::render`] draws. This module draws any set of squares with
//! the same symbols: a complete board comes out exactly as the model draws
//! it (a test checks every format), and the `rows` notation shows `-` for a
//! row without a queen and `1,3` for a row holding two. It belongs beside
//! `TextFormat::render` in the model, and should move there when the model
//! next changes.

use queens_core::{Square, TextFormat};

/// What stands on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Queen,
    Preplaced,
}

/// Draws the `n`×`n` board holding the queens `on_board` in `format`,
/// marking those of `preplaced` where the notation can.
pub(crate) fn render(
    format: TextFormat,
    n: usize,
    on_board: &[Square],
    preplaced: &[Square],
) -> String {
    if format == TextFormat::Rows {
        return rows(n, on_board);
    }
    let mut text = String::new();
    for row in 0..n {
        let cells: Vec<&str> = (0..n)
            .map(|col| spell(format, cell(Square::new(row, col), on_board, preplaced)))
            .collect();
        text.push_str(&cells.join(separator(format)));
        text.push('\n');
    }
    text
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

/// The symbol of a cell in one of the notations drawn cell by cell, as the
/// model's [`queens_core::format`] documents them.
fn spell(format: TextFormat, cell: Cell) -> &'static str {
    match (format, cell) {
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
/// `stars`, nothing for the others, whose symbols carry their own spacing.
fn separator(format: TextFormat) -> &'static str {
    if format == TextFormat::Stars { " " } else { "" }
}

/// Seed 004's table line for a partial board: the 1-based column of each
/// row's queen, `-` for a row without one, columns joined by `,` in a row
/// holding several.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(queens: &[usize]) -> Vec<Square> {
        queens_core::board::squares(queens).collect()
    }

    #[test]
    fn a_complete_board_is_drawn_as_the_model_draws_it() {
        let boards: [&[usize]; 4] = [&[], &[0], &[1, 3, 0, 2], &[0, 4, 7, 5, 2, 6, 1, 3]];
        for queens in boards {
            let preplaced: Vec<Square> = squares(queens).into_iter().take(1).collect();
            for format in TextFormat::ALL {
                assert_eq!(
                    render(format, queens.len(), &squares(queens), &preplaced),
                    format.render(queens, &preplaced),
                    "{format}, {queens:?}"
                );
            }
        }
    }

    #[test]
    fn rows_without_a_queen_are_empty() {
        let on_board = [Square::new(0, 1), Square::new(2, 0)];
        let preplaced = [Square::new(2, 0)];
        let draw = |format| render(format, 4, &on_board, &preplaced);
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
        assert_eq!(render(TextFormat::Rows, 3, &on_board, &[]), "1,3 2 -\n");
        assert_eq!(
            render(TextFormat::Dots, 3, &on_board, &[]),
            "Q.Q\n.Q.\n...\n"
        );
    }
}
