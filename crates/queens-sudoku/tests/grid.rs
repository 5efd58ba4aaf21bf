//! The grid model: both layouts read and written, every error message
//! exactly, and no input that makes the parsers panic.

mod common;

use common::{seed_puzzle, seed_section, seed_solution};
use proptest::prelude::*;
use queens_sudoku::{Grid, ParseError, Unit};

/// The seed's puzzle in the one-line layout, `0` for an empty cell.
const SEED_LINE: &str =
    "306508400520000000087000031003010080900863005050090600130000250000000074005206300";

/// A valid line with `replacement` written over position `position`
/// (counting from 1).
fn line_with(position: usize, replacement: char) -> String {
    let mut line: Vec<char> = ".".repeat(81).chars().collect();
    line[position - 1] = replacement;
    line.into_iter().collect()
}

/// An empty grid with digits at (row, column) places, both counting from 1.
fn line_with_digits(digits: &[(usize, usize, char)]) -> String {
    let mut line: Vec<char> = ".".repeat(81).chars().collect();
    for &(row, col, digit) in digits {
        line[(row - 1) * 9 + col - 1] = digit;
    }
    line.into_iter().collect()
}

/// The error message of parsing `text` as a line.
fn line_error(text: &str) -> String {
    Grid::parse_line(text).expect_err("an error").to_string()
}

#[test]
fn the_seed_layout_and_the_line_read_the_same_grid() {
    let puzzle = seed_puzzle();
    assert_eq!(Grid::parse_line(SEED_LINE), Ok(puzzle));
    assert_eq!(SEED_LINE.parse::<Grid>(), Ok(puzzle));
    assert_eq!(seed_section("puzzle:").parse::<Grid>(), Ok(puzzle));
    assert_eq!(puzzle.givens(), 32);
    assert_eq!(puzzle.cells()[..9], [3, 0, 6, 5, 0, 8, 4, 0, 0]);
}

#[test]
fn printing_gives_both_layouts_back() {
    let puzzle = seed_puzzle();
    let line = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..";
    assert_eq!(puzzle.to_line(), line);
    assert_eq!(puzzle.to_string(), line);
    assert_eq!(puzzle.to_grid_string(), seed_section("puzzle:"));
    assert_eq!(format!("{puzzle:#}"), seed_section("puzzle:"));
    assert_eq!(seed_solution().to_grid_string(), seed_section("solution:"));
    assert_eq!(format!("{puzzle:?}"), format!("Grid({line})"));
}

#[test]
fn a_grid_may_be_written_without_spaces_and_with_dots_and_blank_lines() {
    let compact: String = seed_section("puzzle:").replace(' ', "").replace('0', ".");
    assert_eq!(
        Grid::parse_grid(&format!("\n{compact}\n\n")),
        Ok(seed_puzzle())
    );
    let tabs = seed_section("puzzle:")
        .replace(' ', "\t")
        .replace('\n', "\r\n");
    assert_eq!(Grid::parse_grid(&tabs), Ok(seed_puzzle()));
}

#[test]
fn a_line_of_the_wrong_length_says_how_long_it_is() {
    assert_eq!(line_error(&SEED_LINE[..80]), "expected 81 cells, got 80");
    assert_eq!(
        line_error(&format!("{SEED_LINE}0")),
        "expected 81 cells, got 82"
    );
    assert_eq!(line_error(""), "expected 81 cells, got 0");
    assert_eq!(line_error(&"é".repeat(80)), "expected 81 cells, got 80");
    assert_eq!(
        Grid::parse_line(" \t"),
        Err(ParseError::WrongLength { got: 0 })
    );
}

#[test]
fn a_byte_order_mark_is_named_as_one_not_counted_as_a_cell() {
    let expected = "the line starts with a byte-order mark (U+FEFF), which is not a cell; save \
                    the file as UTF-8 without one";
    assert_eq!(line_error(&format!("\u{feff}{SEED_LINE}")), expected);
    let grid = format!("\u{feff}{}", seed_section("puzzle:"));
    assert_eq!(
        Grid::parse_grid(&grid).unwrap_err(),
        ParseError::ByteOrderMark
    );
    assert_eq!(grid.parse::<Grid>().unwrap_err().to_string(), expected);
    // Anywhere else it is a bad character like any other.
    assert_eq!(
        line_error(&line_with(5, '\u{feff}')),
        "bad character '\\u{feff}' at position 5 (counting from 1); expected 1-9, 0 or ."
    );
}

#[test]
fn a_bad_character_is_named_with_its_position_from_1() {
    assert_eq!(
        line_error(&line_with(5, 'x')),
        "bad character 'x' at position 5 (counting from 1); expected 1-9, 0 or ."
    );
    assert_eq!(
        Grid::parse_line(&line_with(1, 'é')),
        Err(ParseError::BadCharacter {
            character: 'é',
            position: 1
        })
    );
    assert_eq!(
        line_error(&line_with(81, ' ')),
        "expected 81 cells, got 80",
        "whitespace around a line is trimmed before it is measured"
    );
    assert_eq!(
        line_error(&line_with(40, ' ')),
        "bad character ' ' at position 40 (counting from 1); expected 1-9, 0 or ."
    );
}

#[test]
fn clashing_givens_name_the_digit_and_the_house() {
    let row = line_with_digits(&[(3, 1, '5'), (3, 9, '5')]);
    assert_eq!(line_error(&row), "two 5s in row 3");
    let column = line_with_digits(&[(1, 2, '8'), (5, 2, '8')]);
    assert_eq!(line_error(&column), "two 8s in column 2");
    let in_box = line_with_digits(&[(7, 1, '8'), (8, 2, '8')]);
    assert_eq!(line_error(&in_box), "two 8s in box 7");
    assert_eq!(
        Grid::parse_line(&in_box),
        Err(ParseError::Clash {
            digit: 8,
            unit: Unit::Box(7)
        })
    );
    let row_and_column = line_with_digits(&[(9, 9, '1'), (9, 1, '1'), (1, 9, '1')]);
    assert_eq!(
        line_error(&row_and_column),
        "two 1s in row 9",
        "rows are checked first"
    );
}

#[test]
fn a_grid_of_the_wrong_shape_says_where() {
    let puzzle = seed_section("puzzle:");
    let eight_rows: String = puzzle
        .lines()
        .skip(1)
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(
        Grid::parse_grid(&eight_rows).unwrap_err().to_string(),
        "expected 9 rows, got 8"
    );
    let short_row = puzzle.replacen("5 2 0 0 0 0 0 0 0", "5 2 0 0 0 0 0 0", 1);
    assert_eq!(
        Grid::parse_grid(&short_row).unwrap_err().to_string(),
        "line 2: expected 9 cells, got 8"
    );
    let after_blank = format!("\n{short_row}");
    assert_eq!(
        Grid::parse_grid(&after_blank).unwrap_err().to_string(),
        "line 3: expected 9 cells, got 8"
    );
    let bad = puzzle.replacen("5 2 0 0 0", "5 2 x 0 0", 1);
    assert_eq!(
        Grid::parse_grid(&bad).unwrap_err().to_string(),
        "bad character 'x' at line 2, character 5 (counting from 1); expected 1-9, 0 or ."
    );
    let clash = puzzle.replacen("0 5 0 0 9 0 6 0 0", "0 5 0 0 9 0 6 0 5", 1);
    assert_eq!(
        Grid::parse_grid(&clash).unwrap_err().to_string(),
        "two 5s in row 6"
    );
}

#[test]
fn text_of_several_lines_is_read_as_a_grid_and_one_line_as_a_line() {
    assert_eq!(
        "1\n2".parse::<Grid>(),
        Err(ParseError::WrongRows { got: 2 })
    );
    assert_eq!(
        format!("  {SEED_LINE}\n").parse::<Grid>(),
        Ok(seed_puzzle())
    );
}

#[test]
fn an_array_with_a_value_above_9_is_refused() {
    let mut cells = [0; 81];
    cells[2] = 10;
    let error = Grid::new(cells).unwrap_err();
    assert_eq!(
        error.to_string(),
        "bad value 10 at position 3 (counting from 1); expected 0-9"
    );
    assert_eq!(Grid::new([0; 81]), Ok(Grid::EMPTY));
}

#[test]
fn a_completion_keeps_the_givens_fills_every_cell_and_breaks_no_rule() {
    let (puzzle, solution) = (seed_puzzle(), seed_solution());
    assert!(solution.is_full());
    assert!(!puzzle.is_full());
    assert!(solution.is_completion_of(&puzzle));
    assert!(solution.is_completion_of(&solution));
    assert!(solution.is_completion_of(&Grid::EMPTY));
    assert!(!puzzle.is_completion_of(&puzzle), "not full");
    let mut other_given = *puzzle.cells();
    other_given[1] = 9; // the solution has 1 there
    assert!(!solution.is_completion_of(&Grid::new(other_given).unwrap()));
}

/// A character that may or may not belong in a puzzle.
fn puzzle_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(vec!['0', '1', '5', '9', '.', ' ', '\n', '\t', '\r']),
        1 => any::<char>(),
    ]
}

proptest! {
    #[test]
    fn no_string_makes_a_parser_panic(text in any::<String>()) {
        let _ = Grid::parse_line(&text);
        let _ = Grid::parse_grid(&text);
        let _ = text.parse::<Grid>();
    }

    #[test]
    fn no_near_puzzle_makes_a_parser_panic(chars in prop::collection::vec(puzzle_char(), 0..200)) {
        let text: String = chars.into_iter().collect();
        let parsed = [Grid::parse_line(&text), Grid::parse_grid(&text), text.parse::<Grid>()];
        for grid in parsed.into_iter().flatten() {
            prop_assert_eq!(Grid::parse_line(&grid.to_line()), Ok(grid));
        }
    }

    #[test]
    fn any_subset_of_a_solution_prints_and_reads_back(keep in prop::collection::vec(any::<bool>(), 81)) {
        let mut cells = *seed_solution().cells();
        for (cell, kept) in cells.iter_mut().zip(keep) {
            if !kept {
                *cell = 0;
            }
        }
        let grid = Grid::new(cells).unwrap();
        prop_assert_eq!(Grid::parse_line(&grid.to_line()), Ok(grid));
        prop_assert_eq!(Grid::parse_grid(&grid.to_grid_string()), Ok(grid));
        prop_assert_eq!(grid.to_string().parse::<Grid>(), Ok(grid));
        prop_assert_eq!(format!("{grid:#}").parse::<Grid>(), Ok(grid));
    }

    #[test]
    fn any_array_is_accepted_or_refused_without_panic(cells in prop::array::uniform32(0u8..=12)) {
        let mut all = [0u8; 81];
        all[..32].copy_from_slice(&cells);
        if let Ok(grid) = Grid::new(all) {
            prop_assert_eq!(grid.cells(), &all);
        }
    }
}
