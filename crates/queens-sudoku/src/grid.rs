//! The Sudoku grid: 81 cells read from one line or from nine, printed back
//! in either layout, and checked on the way in so that a [`Grid`] never holds
//! two equal givens in one row, column or box.
//!
//! Errors name the place, counting from 1 as a person does: the character
//! position in a line, the text line and character in a grid, the row,
//! column or box (boxes in reading order) of a clash. Parsing reads
//! characters, not bytes, so any string, whatever it holds, gets an error
//! rather than a panic.

use std::fmt;
use std::str::FromStr;

/// Cells of a grid.
pub const CELLS: usize = 81;

/// The three kinds of house a digit may appear in only once.
///
/// Each carries its number, 1 to 9; boxes are numbered in reading order,
/// box 1 top left, box 3 top right, box 7 bottom left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row, 1 (top) to 9.
    Row(u8),
    /// A column, 1 (left) to 9.
    Column(u8),
    /// A 3×3 box, 1 to 9 in reading order.
    Box(u8),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(n) => write!(f, "row {n}"),
            Unit::Column(n) => write!(f, "column {n}"),
            Unit::Box(n) => write!(f, "box {n}"),
        }
    }
}

/// Why a text or an array is not a Sudoku grid.
///
/// The checks run in a fixed order: the shape first (length, or rows and
/// their cells), then each character, then clashing givens, so the error is
/// the first problem met in that order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A line that starts with a byte-order mark (U+FEFF), which some
    /// editors put at the head of a file: it is no cell, and would
    /// otherwise be counted as one.
    #[error(
        "the line starts with a byte-order mark (U+FEFF), which is not a cell; save the file as \
         UTF-8 without one"
    )]
    ByteOrderMark,
    /// A one-line puzzle whose length is not 81 characters.
    #[error("expected 81 cells, got {got}")]
    WrongLength {
        /// Characters on the line, surrounding whitespace left out.
        got: usize,
    },
    /// A one-line puzzle with a character other than `1`-`9`, `0` or `.`.
    #[error(
        "bad character {character:?} at position {position} (counting from 1); expected 1-9, 0 or ."
    )]
    BadCharacter {
        /// The character found.
        character: char,
        /// Its position on the line, counting from 1.
        position: usize,
    },
    /// A grid whose number of non-blank lines is not 9.
    #[error("expected 9 rows, got {got}")]
    WrongRows {
        /// Non-blank lines in the text.
        got: usize,
    },
    /// A row of a grid that does not hold 9 cells.
    #[error("line {line}: expected 9 cells, got {got}")]
    WrongRowLength {
        /// The text line, counting from 1 (blank lines included).
        line: usize,
        /// Cells on that line.
        got: usize,
    },
    /// A grid with a character that is neither a cell nor a space or tab.
    #[error(
        "bad character {character:?} at line {line}, character {position} (counting from 1); expected 1-9, 0 or ."
    )]
    BadCharacterInGrid {
        /// The character found.
        character: char,
        /// The text line, counting from 1 (blank lines included).
        line: usize,
        /// Its position on that line, counting from 1.
        position: usize,
    },
    /// An array cell outside 0-9 (only [`Grid::new`] can meet one).
    #[error("bad value {value} at position {position} (counting from 1); expected 0-9")]
    BadValue {
        /// The value found.
        value: u8,
        /// The cell, counting from 1 in reading order.
        position: usize,
    },
    /// The same digit given twice in one house.
    #[error("two {digit}s in {unit}")]
    Clash {
        /// The repeated digit.
        digit: u8,
        /// The first house, in the order rows, columns, boxes, that repeats it.
        unit: Unit,
    },
}

/// A Sudoku grid: 81 cells in reading order, `0` for an empty cell.
///
/// Every `Grid` built by [`Grid::new`] or parsed has digits 0-9 only and no
/// digit twice in a row, column or box; [`Grid::is_completion_of`] checks a
/// solver's answer against the rules again rather than trusting that.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Grid {
    /// The grid with every cell empty.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// The grid of `cells` (reading order, 0 = empty), checked.
    pub fn new(cells: [u8; CELLS]) -> Result<Grid, ParseError> {
        if let Some(position) = cells.iter().position(|&value| value > 9) {
            let value = cells[position];
            let position = position + 1;
            return Err(ParseError::BadValue { value, position });
        }
        let grid = Grid { cells };
        match grid.first_clash() {
            Some((digit, unit)) => Err(ParseError::Clash { digit, unit }),
            None => Ok(grid),
        }
    }

    /// A grid a solver filled in. Not checked here: the search keeps the rules
    /// by construction, and checking every answer would tax the fast solver
    /// by several per cent; the tests and the benchmark check each answer
    /// with [`Grid::is_completion_of`].
    pub(crate) fn from_solver(cells: [u8; CELLS]) -> Grid {
        debug_assert!(Grid::new(cells).is_ok(), "a solver broke the rules");
        Grid { cells }
    }

    /// Parses the one-line layout: 81 characters, `1`-`9` for a given, `0` or
    /// `.` for an empty cell; whitespace around the line is ignored.
    pub fn parse_line(text: &str) -> Result<Grid, ParseError> {
        let line = text.trim();
        if line.starts_with(BYTE_ORDER_MARK) {
            return Err(ParseError::ByteOrderMark);
        }
        let got = line.chars().count();
        if got != CELLS {
            return Err(ParseError::WrongLength { got });
        }
        let mut cells = [0; CELLS];
        for (index, character) in line.chars().enumerate() {
            cells[index] = cell_value(character).ok_or(ParseError::BadCharacter {
                character,
                position: index + 1,
            })?;
        }
        Grid::new(cells)
    }

    /// Parses the seed's nine-line layout: one row per line, cells as in
    /// [`Grid::parse_line`], spaces or tabs allowed between them (the seed
    /// prints `3 0 6 5 0 8 4 0 0`); blank lines are ignored.
    pub fn parse_grid(text: &str) -> Result<Grid, ParseError> {
        let rows: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .collect();
        if rows.len() != 9 {
            return Err(ParseError::WrongRows { got: rows.len() });
        }
        let mut cells = [0; CELLS];
        for (row, &(index, line)) in rows.iter().enumerate() {
            let values = parse_row(line, index + 1)?;
            cells[row * 9..row * 9 + 9].copy_from_slice(&values);
        }
        Grid::new(cells)
    }

    /// The cells in reading order, `0` for an empty cell.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// How many cells hold a digit.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&value| value != 0).count()
    }

    /// Whether every cell holds a digit (and so, with no clash, the grid is a
    /// solved Sudoku).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&value| value != 0)
    }

    /// Whether `self` is a valid solution of `puzzle`: every cell filled,
    /// every row, column and box holding 1 to 9 once each (checked here, not
    /// assumed), and every given of `puzzle` kept.
    pub fn is_completion_of(&self, puzzle: &Grid) -> bool {
        let keeps_givens = puzzle
            .cells
            .iter()
            .zip(&self.cells)
            .all(|(&given, &value)| given == 0 || given == value);
        keeps_givens
            && self.is_full()
            && self.cells.iter().all(|&v| v <= 9)
            && self.first_clash().is_none()
    }

    /// The one-line layout: 81 characters, `.` for an empty cell.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&value| cell_char(value, '.'))
            .collect()
    }

    /// The seed's nine-line layout: digits separated by single spaces, `0`
    /// for an empty cell, each row ending with a newline.
    pub fn to_grid_string(&self) -> String {
        let mut text = String::with_capacity(9 * 18);
        for row in self.cells.chunks(9) {
            let digits: Vec<String> = row.iter().map(|&v| cell_char(v, '0').to_string()).collect();
            text.push_str(&digits.join(" "));
            text.push('\n');
        }
        text
    }

    /// The first repeated digit, looking through rows 1-9, then columns,
    /// then boxes, each house read in its own order. One pass in reading
    /// order meets the cells of every house in that house's order, so it
    /// finds each house's first repeat at once. Cells must hold 0 to 9.
    fn first_clash(&self) -> Option<(u8, Unit)> {
        let mut seen = [0u16; 27];
        let mut repeated = [0u8; 27];
        for (index, &value) in self.cells.iter().enumerate().filter(|(_, v)| **v != 0) {
            for house in houses(index) {
                if seen[house] >> value & 1 != 0 && repeated[house] == 0 {
                    repeated[house] = value;
                }
                seen[house] |= 1 << value;
            }
        }
        let house = repeated.iter().position(|&digit| digit != 0)?;
        Some((repeated[house], unit(house)))
    }
}

/// The houses of cell `index`: its row (0-8), its column (9-17) and its box
/// (18-26).
fn houses(index: usize) -> [usize; 3] {
    [
        index / 9,
        9 + index % 9,
        18 + index / 27 * 3 + index % 9 / 3,
    ]
}

/// The [`Unit`] of a house numbered as [`houses`] numbers them.
fn unit(house: usize) -> Unit {
    let number = (house % 9 + 1) as u8;
    match house / 9 {
        0 => Unit::Row(number),
        1 => Unit::Column(number),
        _ => Unit::Box(number),
    }
}

/// The byte-order mark, U+FEFF, which no cell is.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// One row of the nine-line layout, `line` being its text line number.
fn parse_row(text: &str, line: usize) -> Result<[u8; 9], ParseError> {
    if text.trim_start().starts_with(BYTE_ORDER_MARK) {
        return Err(ParseError::ByteOrderMark);
    }
    let mut values = Vec::with_capacity(9);
    for (index, character) in text.chars().enumerate() {
        if character == ' ' || character == '\t' || character == '\r' {
            continue;
        }
        let position = index + 1;
        let value = cell_value(character).ok_or(ParseError::BadCharacterInGrid {
            character,
            line,
            position,
        })?;
        values.push(value);
    }
    <[u8; 9]>::try_from(values.as_slice()).map_err(|_| ParseError::WrongRowLength {
        line,
        got: values.len(),
    })
}

/// The value of a cell character: `1`-`9` a digit, `0` or `.` empty.
fn cell_value(character: char) -> Option<u8> {
    match character {
        '.' | '0' => Some(0),
        '1'..='9' => Some(character as u8 - b'0'),
        _ => None,
    }
}

/// The character of a cell value, `empty` for 0.
fn cell_char(value: u8, empty: char) -> char {
    match value {
        1..=9 => char::from(b'0' + value),
        _ => empty,
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    /// Either layout: text with more than one non-blank line is read as a
    /// grid ([`Grid::parse_grid`]), anything else as a line
    /// ([`Grid::parse_line`]).
    fn from_str(text: &str) -> Result<Grid, ParseError> {
        if text.trim().contains('\n') {
            Grid::parse_grid(text)
        } else {
            Grid::parse_line(text)
        }
    }
}

impl fmt::Display for Grid {
    /// The one-line layout; the alternate form (`{:#}`) is the nine-line one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&self.to_grid_string())
        } else {
            f.write_str(&self.to_line())
        }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}
