//! A stream of puzzles read from any [`BufRead`]: one per line (81 cells,
//! the layout of the usual puzzle collections) or the seed's nine-line
//! layout, blank lines and lines starting with `#` skipped, so that a file
//! of solutions printed with their statistics (`#` lines) reads back as
//! puzzles.
//!
//! A line that is not a puzzle (not UTF-8, a byte-order mark, a malformed
//! grid) is one [`ReadError`], numbered, and the next puzzle is still read;
//! a line past [`MOST_LINE_BYTES`] is reported and ends the stream, which
//! reads no line whole before it knows its length. Only a failed read of
//! the input is an [`io::Error`].

use std::io::{self, BufRead, Read};

use crate::grid::{Grid, ParseError};

/// The most bytes a line of a puzzle file may hold: a puzzle line is 81
/// cells, a grid row or a statistics line some dozens of characters, so a
/// few kilobytes leave room for any comment. A longer line (a binary file,
/// `/dev/zero`'s one endless line) is reported and ends the stream: where it
/// ends cannot be known without reading it all.
pub const MOST_LINE_BYTES: usize = 4096;

/// Why a line, or the puzzle that starts on it, is no puzzle.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The puzzle does not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The line is not UTF-8 text.
    #[error("not UTF-8 text (an invalid byte at position {position}, counting from 1)")]
    NotUtf8 {
        /// Where the first invalid byte is.
        position: usize,
    },
    /// The line is longer than [`MOST_LINE_BYTES`].
    #[error(
        "longer than {} bytes, far more than a puzzle; the rest of the input is not read",
        queens_core::format::thousands(MOST_LINE_BYTES as u128)
    )]
    TooLong,
}

/// A line as read: its text, or why it has none.
type Line = Result<String, ReadError>;

/// The lines of an input, numbered from 1, each read only up to
/// [`MOST_LINE_BYTES`]; a line that is not UTF-8 is one bad line, and the
/// next is read as usual.
struct Lines<R> {
    input: R,
    number: usize,
    /// Whether a line too long, or a failed read, has ended the input.
    ended: bool,
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<(usize, Line)>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        let mut bytes = Vec::new();
        let most = MOST_LINE_BYTES as u64 + 1;
        match (&mut self.input).take(most).read_until(b'\n', &mut bytes) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(error) => {
                self.ended = true;
                return Some(Err(error));
            }
        }
        self.number += 1;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        } else if bytes.len() > MOST_LINE_BYTES {
            self.ended = true;
            return Some(Ok((self.number, Err(ReadError::TooLong))));
        }
        let line = String::from_utf8(bytes).map_err(|error| ReadError::NotUtf8 {
            position: error.utf8_error().valid_up_to() + 1,
        });
        Some(Ok((self.number, line)))
    }
}

/// The puzzles of an input, each with the number of the line it starts on:
/// a one-line puzzle, or nine grid rows read as one.
pub struct Puzzles<R> {
    lines: Lines<R>,
    /// A line read past the end of a short grid, to be read again as the
    /// start of the next puzzle.
    pending: Option<(usize, Line)>,
}

impl<R: BufRead> Puzzles<R> {
    /// The puzzles of `input`, read as they are asked for.
    pub fn new(input: R) -> Self {
        Puzzles {
            lines: Lines {
                input,
                number: 0,
                ended: false,
            },
            pending: None,
        }
    }

    /// The next line that holds something (or is bad), with its number.
    fn next_content(&mut self) -> Option<io::Result<(usize, Line)>> {
        if let Some(pending) = self.pending.take() {
            return Some(Ok(pending));
        }
        self.lines.by_ref().find(|line| match line {
            Ok((_, Ok(text))) => {
                let trimmed = text.trim();
                !trimmed.is_empty() && !trimmed.starts_with('#')
            }
            Ok((_, Err(_))) | Err(_) => true,
        })
    }

    /// The grid whose first row is `first`: eight more rows. A grid cut
    /// short is malformed, and the line that cut it starts the next puzzle.
    fn grid(&mut self, first: String) -> io::Result<Result<Grid, ParseError>> {
        let mut rows = vec![first];
        while rows.len() < 9 {
            match self.next_content().transpose()? {
                Some((_, Ok(row))) if is_grid_row(&row) => rows.push(row),
                other => {
                    self.pending = other;
                    return Ok(Err(ParseError::WrongRows { got: rows.len() }));
                }
            }
        }
        Ok(Grid::parse_grid(&rows.join("\n")))
    }
}

impl<R: BufRead> Iterator for Puzzles<R> {
    /// The number of the line the puzzle starts on, and the puzzle or why
    /// it is none; or the read that failed, after which nothing more is
    /// read.
    type Item = io::Result<(usize, Result<Grid, ReadError>)>;

    fn next(&mut self) -> Option<Self::Item> {
        let (line, text) = match self.next_content()? {
            Ok(content) => content,
            Err(error) => return Some(Err(error)),
        };
        let text = match text {
            Ok(text) => text,
            Err(bad) => return Some(Ok((line, Err(bad)))),
        };
        if !is_grid_row(&text) {
            return Some(Ok((line, Grid::parse_line(&text).map_err(ReadError::from))));
        }
        Some(
            self.grid(text)
                .map(|grid| (line, grid.map_err(ReadError::from))),
        )
    }
}

/// Whether `line` reads as a row of the seed's nine-line layout: nine cells,
/// or cells with spaces between them. Anything else is read as a one-line
/// puzzle, whose errors then say what is wrong with it.
fn is_grid_row(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.chars().count() == 9 || trimmed.contains([' ', '\t'])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's puzzle in the one-line layout.
    const PUZZLE: &str =
        "306508400520000000087000031003010080900863005050090600130000250000000074005206300";

    /// The seed's puzzle in its nine-line layout.
    const GRID: &str = "3 0 6 5 0 8 4 0 0\n5 2 0 0 0 0 0 0 0\n0 8 7 0 0 0 0 3 1\n\
                        0 0 3 0 1 0 0 8 0\n9 0 0 8 6 3 0 0 5\n0 5 0 0 9 0 6 0 0\n\
                        1 3 0 0 0 0 2 5 0\n0 0 0 0 0 0 0 7 4\n0 0 5 2 0 6 3 0 0\n";

    /// Each puzzle of `input` as its starting line and its grid's line, or
    /// the message of its error.
    fn read(input: &[u8]) -> Vec<(usize, String)> {
        Puzzles::new(input)
            .map(|puzzle| {
                let (line, grid) = puzzle.expect("a slice reads");
                (
                    line,
                    grid.map_or_else(|error| error.to_string(), |grid| grid.to_line()),
                )
            })
            .collect()
    }

    fn seed() -> String {
        PUZZLE.parse::<Grid>().unwrap().to_line()
    }

    #[test]
    fn lines_and_grids_are_read_alike_past_blanks_and_comments() {
        let input = format!("# a comment\n\n{PUZZLE}\r\n  \n{GRID}# placements 49\n{PUZZLE}");
        let expected = vec![(3, seed()), (5, seed()), (15, seed())];
        assert_eq!(read(input.as_bytes()), expected);
    }

    #[test]
    fn a_short_grid_is_malformed_and_the_line_that_cut_it_starts_the_next() {
        let input = format!("3 0 6 5 0 8 4 0 0\n5 2 0 0 0 0 0 0 0\n{PUZZLE}\n");
        let expected = vec![(1, "expected 9 rows, got 2".to_owned()), (3, seed())];
        assert_eq!(read(input.as_bytes()), expected);
    }

    #[test]
    fn a_line_not_utf8_is_one_error_and_the_next_is_read() {
        let mut input = b"12\xff\n".to_vec();
        input.extend_from_slice(PUZZLE.as_bytes());
        let expected = vec![
            (
                1,
                "not UTF-8 text (an invalid byte at position 3, counting from 1)".to_owned(),
            ),
            (2, seed()),
        ];
        assert_eq!(read(&input), expected);
    }

    #[test]
    fn a_line_past_the_bound_ends_the_stream() {
        let mut input = format!("{PUZZLE}\n").into_bytes();
        input.extend(std::iter::repeat_n(b'1', MOST_LINE_BYTES + 1));
        input.extend_from_slice(format!("\n{PUZZLE}\n").as_bytes());
        let expected = vec![
            (1, seed()),
            (
                2,
                "longer than 4,096 bytes, far more than a puzzle; the rest of the input is not \
                 read"
                    .to_owned(),
            ),
        ];
        assert_eq!(read(&input), expected);
        // A line of exactly the bound, its newline past it, is still read.
        let mut input = vec![b'1'; MOST_LINE_BYTES];
        input.push(b'\n');
        assert_eq!(
            read(&input),
            vec![(1, "expected 81 cells, got 4096".to_owned())]
        );
    }

    #[test]
    fn a_failed_read_ends_the_stream() {
        /// Input whose every read fails.
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("gone"))
            }
        }
        let mut puzzles = Puzzles::new(io::BufReader::new(Failing));
        assert!(puzzles.next().is_some_and(|puzzle| puzzle.is_err()));
        assert!(puzzles.next().is_none());
    }
}
