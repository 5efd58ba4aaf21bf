//! A placement read back from text, as `queens check` takes it: the
//! notations the tool itself prints, told apart by their first characters.
//!
//! - JSON, when the text starts with `[` or `{`: a bare array of 0-based
//!   columns, or the object `first --json` prints, whose `"queens"` holds
//!   them (and whose `"n"`, when present, must be their number);
//! - seed 004's table line, when the first line holds several numbers:
//!   what `first --format rows` prints, the 1-based column of each row's
//!   queen, one placement on one line;
//! - otherwise one 0-based column per line.
//!
//! A single number alone is read as a table line, so that `queens first 1
//! --format rows | queens check` holds. A UTF-8 byte-order mark at the head
//! of the input, which Windows editors write when they save "UTF-8", is
//! skipped: it says how the file is encoded, not what it holds, so refusing
//! it would send the user back to their editor for nothing (JSON's standard
//! lets a reader ignore it too). Every column, in JSON as in text, is read
//! as written by one function, so that both name a fault in the same words
//! and a number past the largest column is quoted as such, not as the
//! floating-point number a JSON reader would make of it. The board size is the number of
//! queens read, so a column can only be checked against the board once the
//! whole placement is read: every number is parsed first, then every column
//! checked against the board. Reading is one pass over the bytes, without a
//! string per line, so that ten million queens take a fraction of a second.

use std::cell::Cell;
use std::fmt;

use queens_core::Square;
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde_json::value::RawValue;

/// The most queens a placement may hold: the checker,
/// [`queens_core::first_attack`], stores rows as `u32`, which halves its
/// memory, and `u32::MAX` marks a line without a queen.
pub(crate) const MOST_QUEENS: usize = u32::MAX as usize - 1;

/// How long a quoted piece of bad input may be in a message, in characters.
const QUOTED: usize = 20;

/// The UTF-8 byte-order mark, U+FEFF, skipped at the head of the input.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Where a queen was read: the line of the input (none for JSON) and the
/// row, 0-based, as the attacking pairs name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct At {
    line: Option<usize>,
    row: usize,
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}, row {}", self.row),
            None => write!(f, "row {}", self.row),
        }
    }
}

/// Why a text is not a placement.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Malformed {
    /// No queen at all.
    #[error(
        "the input holds no queens: expected the line of `first --format rows`, the JSON of \
         `first --json`, or one 0-based column per line"
    )]
    Empty,
    /// A row without its number: a blank line among the columns.
    #[error("{at}: a blank line; expected a column number")]
    Blank {
        /// Where.
        at: At,
    },
    /// Something that is not a whole number.
    #[error("{at}: expected a column number, found '{text}'")]
    NotANumber {
        /// Where.
        at: At,
        /// What stands there, cut to a few characters.
        text: String,
    },
    /// A number too large for any board.
    #[error("{at}: the column {text} is too large")]
    TooLarge {
        /// Where.
        at: At,
        /// The number as written.
        text: String,
    },
    /// A column outside the board of the placement's size.
    #[error("{at}: {}", off_board(*number, *n, *notation, at.row))]
    OffBoard {
        /// Where.
        at: At,
        /// The number as written.
        number: usize,
        /// The number of queens read.
        n: usize,
        /// The notation it was written in, which says where columns start.
        notation: Notation,
    },
    /// More after the one line of the rows format (`all --format rows`
    /// prints a table of placements).
    #[error(
        "line {line}: the rows format holds one placement on one line; check one placement at a time"
    )]
    SecondPlacement {
        /// The line where more text stands.
        line: usize,
    },
    /// JSON that does not parse, or not as a placement.
    #[error("malformed JSON: {0}")]
    Json(String),
    /// A JSON object without its `"queens"` (`first --json` prints `null`
    /// when it found no solution).
    #[error("the JSON object holds no placement: \"queens\" is missing or null")]
    NoQueens,
    /// A JSON record whose `"n"` is not the number of its queens.
    #[error("the JSON object says n = {n} but its \"queens\" has length {queens}")]
    Short {
        /// The board size the record states.
        n: usize,
        /// The queens it holds.
        queens: usize,
    },
    /// More queens than the checker stores.
    #[error("{n} queens are more than check takes (at most {MOST_QUEENS})")]
    TooMany {
        /// The queens read.
        n: usize,
    },
}

/// The placement written in `text`, `columns[row] = column`, 0-based, every
/// column on the board of its size; or the first fault found.
pub(crate) fn read(text: &[u8]) -> Result<Vec<usize>, Malformed> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let start = text
        .iter()
        .position(|byte| !byte.is_ascii_whitespace())
        .ok_or(Malformed::Empty)?;
    // Line numbers count the blank lines before the placement.
    let line = 1 + text[..start].iter().filter(|&&byte| byte == b'\n').count();
    let (notation, numbers) = match text[start] {
        b'[' | b'{' => (Notation::Json, from_json(&text[start..])?),
        _ => from_text(&text[start..], line)?,
    };
    columns(notation, numbers)
}

/// Which notation a placement was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Notation {
    /// JSON, 0-based.
    Json,
    /// The rows format on the given line, 1-based.
    Rows { line: usize },
    /// One column per line from the given line, 0-based.
    Lines { first: usize },
}

impl Notation {
    /// Where the queen of `row` was read.
    fn at(self, row: usize) -> At {
        let line = match self {
            Notation::Json => None,
            Notation::Rows { line } => Some(line),
            Notation::Lines { first } => Some(first + row),
        };
        At { line, row }
    }

    /// The number of the first column.
    fn origin(self) -> usize {
        match self {
            Notation::Rows { .. } => 1,
            Notation::Json | Notation::Lines { .. } => 0,
        }
    }

    /// Its name in a message.
    fn name(self) -> &'static str {
        match self {
            Notation::Rows { .. } => "the rows format",
            Notation::Json => "JSON",
            Notation::Lines { .. } => "one column per line",
        }
    }
}

/// Why `number`, read in `notation` for `row` of an `n`-queens placement,
/// is no column of the board: the number quoted as written, the square it
/// would name counted from 0 as every message names squares, and how the
/// notation numbers the columns, since the rows format counts from 1.
fn off_board(number: usize, n: usize, notation: Notation, row: usize) -> String {
    let origin = notation.origin();
    let numbering = format!(
        "{} numbers columns {origin} to {}",
        notation.name(),
        origin + n - 1
    );
    match number.checked_sub(origin) {
        Some(col) => format!(
            "'{number}' would put the queen at {}, off the {n}×{n} board; {numbering}",
            Square::new(row, col)
        ),
        None => format!("'{number}' is no column; {numbering}"),
    }
}

/// The numbers as read, turned into 0-based columns, each checked against
/// the board of their number.
fn columns(notation: Notation, mut numbers: Vec<usize>) -> Result<Vec<usize>, Malformed> {
    let n = numbers.len();
    if n == 0 {
        return Err(Malformed::Empty);
    }
    if n > MOST_QUEENS {
        return Err(Malformed::TooMany { n });
    }
    let origin = notation.origin();
    for (row, number) in numbers.iter_mut().enumerate() {
        match number.checked_sub(origin) {
            Some(column) if column < n => *number = column,
            _ => {
                return Err(Malformed::OffBoard {
                    at: notation.at(row),
                    number: *number,
                    n,
                    notation,
                });
            }
        }
    }
    Ok(numbers)
}

/// The fields of `first --json` that matter here; the others are ignored.
/// `Q` is how the queens are read: as numbers, or as written.
#[derive(Deserialize)]
struct Record<Q> {
    n: Option<usize>,
    queens: Option<Q>,
}

/// The JSON forms: a bare array, or an object with `"queens"`. serde_json
/// reads a placement fastest as whole numbers; only when it refuses one is
/// the text read again, each column as written, to name the fault
/// ([`column_fault`]).
fn from_json(text: &[u8]) -> Result<Vec<usize>, Malformed> {
    let (n, queens) = read_json::<Vec<usize>>(text).map_err(|error| {
        column_fault(text).unwrap_or_else(|| Malformed::Json(error.to_string()))
    })?;
    let queens = queens.ok_or(Malformed::NoQueens)?;
    match n {
        Some(n) if n != queens.len() => Err(Malformed::Short {
            n,
            queens: queens.len(),
        }),
        _ => Ok(queens),
    }
}

/// The board size, if stated, and the queens of the JSON `text`, a bare
/// array (`text` starts with `[`) or a record.
fn read_json<'a, Q: Deserialize<'a>>(
    text: &'a [u8],
) -> serde_json::Result<(Option<usize>, Option<Q>)> {
    if text[0] == b'[' {
        return serde_json::from_slice(text).map(|queens| (None, Some(queens)));
    }
    serde_json::from_slice(text).map(|record: Record<Q>| (record.n, record.queens))
}

/// The first of the JSON `text`'s queens that is no column as [`number`]
/// reads it (`-3`, `2.5`, a number past the largest, quoted as written
/// rather than as the float serde_json makes of it), with its row; `None`
/// when the fault lies elsewhere, which serde_json's words name best.
fn column_fault(text: &[u8]) -> Option<Malformed> {
    let (_, queens) = read_json::<&RawValue>(text).ok()?;
    let fault = Cell::new(None);
    let mut reader = serde_json::Deserializer::from_slice(queens?.get().as_bytes());
    // Whatever else stops the reading, only a column's fault is wanted.
    let _ = Columns { fault: &fault }.deserialize(&mut reader);
    fault.take()
}

/// Reads a JSON array of columns, each as written, until [`number`]
/// refuses one, which is left in `fault` and stops the reading.
struct Columns<'f> {
    fault: &'f Cell<Option<Malformed>>,
}

impl<'de> DeserializeSeed<'de> for Columns<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, reader: D) -> Result<(), D::Error> {
        reader.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Columns<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of column numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<(), A::Error> {
        let mut row = 0;
        while let Some(item) = items.next_element::<&RawValue>()? {
            let at = At { line: None, row };
            if let Err(fault) = number(item.get().as_bytes(), at) {
                self.fault.set(Some(fault));
                return Err(de::Error::custom("not a column"));
            }
            row += 1;
        }
        Ok(())
    }
}

/// The text forms, `text` starting with a number on line `line`: the rows
/// format when its first line holds several numbers, or nothing follows
/// it; one column per line otherwise.
fn from_text(text: &[u8], line: usize) -> Result<(Notation, Vec<usize>), Malformed> {
    let end = text
        .iter()
        .position(|&byte| byte == b'\n')
        .unwrap_or(text.len());
    let (first, rest) = text.split_at(end);
    let rest_blank = rest.iter().all(u8::is_ascii_whitespace);
    if rest_blank || words(first).nth(1).is_some() {
        let notation = Notation::Rows { line };
        let numbers = words(first)
            .enumerate()
            .map(|(row, word)| number(word, notation.at(row)))
            .collect::<Result<_, _>>()?;
        if !rest_blank {
            return Err(Malformed::SecondPlacement { line: line + 1 });
        }
        return Ok((notation, numbers));
    }
    let notation = Notation::Lines { first: line };
    // Blank lines may end the input, not interrupt it.
    let end = text.len()
        - text
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
    let numbers = text[..end]
        .split(|&byte| byte == b'\n')
        .enumerate()
        .map(|(row, word)| number(word, notation.at(row)))
        .collect::<Result<_, _>>()?;
    Ok((notation, numbers))
}

/// The words of a line, between spaces or tabs.
fn words(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(u8::is_ascii_whitespace)
        .filter(|word| !word.is_empty())
}

/// The whole number `word`, spaces (and a Windows line's `\r`) around it
/// ignored, read at `at`.
fn number(word: &[u8], at: At) -> Result<usize, Malformed> {
    let word = word.trim_ascii();
    if word.is_empty() {
        return Err(Malformed::Blank { at });
    }
    let mut value: usize = 0;
    for &byte in word {
        if !byte.is_ascii_digit() {
            return Err(Malformed::NotANumber {
                at,
                text: quoted(word),
            });
        }
        value = value
            .checked_mul(10)
            .and_then(|value| value.checked_add(usize::from(byte - b'0')))
            .ok_or_else(|| Malformed::TooLarge {
                at,
                text: quoted(word),
            })?;
    }
    Ok(value)
}

/// `word` as a message quotes it: at most [`QUOTED`] characters, so that a
/// long line of garbage stays one readable line.
fn quoted(word: &[u8]) -> String {
    let text = String::from_utf8_lossy(word);
    if text.chars().count() <= QUOTED {
        text.into_owned()
    } else {
        text.chars().take(QUOTED).chain(['…']).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        read(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn every_notation_reads_the_same_placement() {
        let eight = vec![0, 4, 7, 5, 2, 6, 1, 3];
        for text in [
            "1 5 8 6 3 7 2 4\n",
            "\n  1 5 8 6 3 7 2 4  \r\n\n",
            "0\n4\n7\n5\n2\n6\n1\n3\n",
            "0\r\n4\r\n7\r\n5\r\n2\r\n6\r\n1\r\n3",
            "[0,4,7,5,2,6,1,3]",
            " {\"n\":8,\"algorithm\":\"bitboard\",\"queens\":[0,4,7,5,2,6,1,3],\"stats\":null}\n",
            "{\"queens\": [0, 4, 7, 5, 2, 6, 1, 3]}",
        ] {
            assert_eq!(read(text.as_bytes()), Ok(eight.clone()), "{text:?}");
        }
    }

    #[test]
    fn a_single_number_is_a_rows_line() {
        assert_eq!(read(b"1\n"), Ok(vec![0]));
        assert_eq!(
            error("0"),
            "line 1, row 0: '0' is no column; the rows format numbers columns 1 to 1"
        );
    }

    #[test]
    fn faults_name_where_they_stand() {
        assert_eq!(
            error("0\n2\nx3\n1\n"),
            "line 3, row 2: expected a column number, found 'x3'"
        );
        assert_eq!(
            error("\n0\n2\n\n1\n"),
            "line 4, row 2: a blank line; expected a column number"
        );
        assert_eq!(
            error("0\n-1\n"),
            "line 2, row 1: expected a column number, found '-1'"
        );
        assert_eq!(
            error("2 4 1 5\n"),
            "line 1, row 3: '5' would put the queen at (row 3, col 4), off the 4×4 board; the \
             rows format numbers columns 1 to 4"
        );
        assert_eq!(
            error("1\n3\n0\n4\n"),
            "line 4, row 3: '4' would put the queen at (row 3, col 4), off the 4×4 board; one \
             column per line numbers columns 0 to 3"
        );
        assert_eq!(
            error("[1,3,0,9]"),
            "row 3: '9' would put the queen at (row 3, col 9), off the 4×4 board; JSON numbers \
             columns 0 to 3"
        );
        assert_eq!(
            error("0\n99999999999999999999\n"),
            "line 2, row 1: the column 99999999999999999999 is too large"
        );
        assert_eq!(
            error("2 4 1 3\n3 1 4 2\n"),
            "line 2: the rows format holds one placement on one line; check one placement at a time"
        );
        assert_eq!(
            error("0\n1\n2\nthe quick brown fox jumps over\n"),
            "line 4, row 3: expected a column number, found 'the quick brown fox …'"
        );
    }

    #[test]
    fn json_must_hold_a_placement_of_its_size() {
        assert_eq!(
            error("{\"n\":8,\"queens\":[0,4]}"),
            "the JSON object says n = 8 but its \"queens\" has length 2"
        );
        assert_eq!(
            error("{\"n\":3,\"queens\":null}"),
            "the JSON object holds no placement: \"queens\" is missing or null"
        );
        assert_eq!(
            error("[1,-3]"),
            "row 1: expected a column number, found '-3'"
        );
        assert_eq!(
            error("{\"queens\":[1, 2.5]}"),
            "row 1: expected a column number, found '2.5'"
        );
        // What is no column's fault is serde_json's to name, where it stands.
        assert_eq!(
            error("{\"queens\":5}"),
            "malformed JSON: invalid type: integer `5`, expected a sequence at line 1 column 11"
        );
        assert_eq!(
            error("{\"n\":1e2,\"queens\":[1,-3]}"),
            "malformed JSON: invalid type: floating point `100.0`, expected usize at line 1 \
             column 8"
        );
        assert!(error("{\"queens\":[1],\"queens\":[1]}").contains("duplicate field `queens`"));
    }

    #[test]
    fn a_column_past_the_largest_is_named_as_written_in_json_as_in_text() {
        let past = u64::MAX as u128 + 1;
        let expected = format!("the column {past} is too large");
        assert_eq!(error(&format!("[0,{past}]")), format!("row 1: {expected}"));
        assert_eq!(
            error(&format!("{{\"n\":2,\"queens\":[{past}, 0]}}")),
            format!("row 0: {expected}")
        );
        assert_eq!(
            error(&format!("0\n{past}\n")),
            format!("line 2, row 1: {expected}")
        );
        // The largest there is reads, and is off any board.
        assert!(error(&format!("[0,{}]", u64::MAX)).contains("off the 2×2 board"));
    }

    #[test]
    fn a_byte_order_mark_at_the_head_is_skipped() {
        let eight = vec![0, 4, 7, 5, 2, 6, 1, 3];
        for text in [
            "\u{feff}1 5 8 6 3 7 2 4\n",
            "\u{feff}\n0\n4\n7\n5\n2\n6\n1\n3\n",
            "\u{feff}[0,4,7,5,2,6,1,3]",
            "\u{feff}{\"queens\":[0,4,7,5,2,6,1,3]}",
        ] {
            assert_eq!(read(text.as_bytes()), Ok(eight.clone()), "{text:?}");
        }
        // Anywhere else it is no column.
        assert_eq!(
            error("0\n\u{feff}2\n"),
            "line 2, row 1: expected a column number, found '\u{feff}2'"
        );
        assert_eq!(read("\u{feff}".as_bytes()), Err(Malformed::Empty));
    }

    #[test]
    fn no_queens_is_no_placement() {
        for empty in ["", " \n\n", "[]", "{\"queens\":[]}"] {
            assert_eq!(read(empty.as_bytes()), Err(Malformed::Empty), "{empty:?}");
        }
    }
}
