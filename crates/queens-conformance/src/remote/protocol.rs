//! The protocol both ends speak: the [`Question`]s the judge writes, and
//! the [`Answer`]s (an observer's [`Event`]s among them) the solver's side
//! writes after [`MARK`], one line of JSON each; and how a line is read,
//! bounded, and split at its mark.

use std::io::{BufRead, Read};

use queens_core::{Finds, Line, Square, Stats};
use serde::{Deserialize, Serialize};

use super::wire::{WireDecision, WireError, WireInfo};
use crate::harness::Entry;

/// The start of every line the solver's side writes: an ASCII record
/// separator and a word, which no solution or debugging line begins with.
pub const MARK: &str = "\u{1e}queens ";

/// The longest line either side reads, besides eight bytes a queen of the
/// board being asked about (a solution of n = 100,000 is 600 KB).
pub(super) const LINE_BASE: usize = 64 << 10;

/// What the judge asks, one per line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(super) enum Question {
    /// Make a solver object; its number is its place in the order made.
    Make,
    /// Solve a problem with solver object `solver` through `entry`.
    Solve {
        solver: usize,
        entry: Entry,
        n: usize,
        queens: Vec<Square>,
    },
    /// The answer to a callback: go on.
    Go,
    /// The answer to a callback: stop (`ControlFlow::Break`).
    Stop,
}

/// What the solver's side says, one per line after [`MARK`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(super) enum Answer {
    /// A solver object was made.
    Made { info: WireInfo, finds: Finds },
    /// The solver's code panicked; the object may not be used again.
    Panicked { message: String },
    /// A solution for the sink: wait for go or stop.
    Solution { queens: Vec<usize> },
    /// An event for the observer (only under `solve_observed`).
    Event(Event),
    /// The search returned, with its statistics when counted.
    Done { stats: Option<Stats> },
    /// The search refused the problem.
    Refused { error: WireError },
}

/// One call of an [`Observer`](queens_core::Observer) method; `Placed`
/// and `Solution` wait for the judge's go or stop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(super) enum Event {
    Placed(Square),
    Removed(Square),
    Checked(Square, u64, Option<Line>),
    Tested(Vec<Square>, u64, Option<Line>),
    Opened(usize, u64, u64),
    Tried(Square, u64, Option<Line>),
    Decided(WireDecision),
    Exhausted(usize),
    Progressed(usize, usize),
    Solution(Vec<usize>),
}

/// Reads one line of at most `most` bytes into `line` (its end of line
/// dropped). `Ok(false)` at the end of the input; an error names a line
/// that is longer.
pub fn read_line(
    reader: &mut impl BufRead,
    most: usize,
    line: &mut Vec<u8>,
) -> Result<bool, String> {
    line.clear();
    let read = reader
        .take(most as u64 + 1)
        .read_until(b'\n', line)
        .map_err(|error| error.to_string())?;
    if read == 0 {
        return Ok(false);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
    } else if line.len() > most {
        return Err(format!("a line longer than {most} bytes"));
    }
    Ok(true)
}

/// The text after the last [`MARK`] of a line the solver's side wrote, or
/// `None` for a line of the student's own.
pub fn after_mark(line: &[u8]) -> Option<&[u8]> {
    split_at_mark(line).1
}

/// A line the solver's side wrote, split at its last [`MARK`]: the
/// student's own text before it (the whole line when there is none), and
/// the answer after it.
pub(super) fn split_at_mark(line: &[u8]) -> (&[u8], Option<&[u8]>) {
    let mark = MARK.as_bytes();
    match line.windows(mark.len()).rposition(|window| window == mark) {
        Some(start) => (&line[..start], Some(&line[start + mark.len()..])),
        None => (line, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_found_after_the_mark_whatever_precedes_it() {
        assert_eq!(after_mark(b"\x1equeens {}"), Some(&b"{}"[..]));
        assert_eq!(
            after_mark(b"debug: 3\x1equeens {\"done\":{}}"),
            Some(&b"{\"done\":{}}"[..])
        );
        assert_eq!(after_mark(b"1 3 0 2"), None);
    }

    #[test]
    fn lines_longer_than_the_bound_are_refused() {
        let mut line = Vec::new();
        let mut short = &b"abc\ndef"[..];
        assert_eq!(read_line(&mut short, 4, &mut line), Ok(true));
        assert_eq!(line, b"abc");
        assert_eq!(read_line(&mut short, 4, &mut line), Ok(true));
        assert_eq!(line, b"def");
        assert_eq!(read_line(&mut short, 4, &mut line), Ok(false));
        let mut long = &b"abcdefgh\n"[..];
        assert_eq!(
            read_line(&mut long, 4, &mut line),
            Err("a line longer than 4 bytes".to_owned())
        );
    }

    #[test]
    fn the_wire_forms_are_pinned() {
        let question = Question::Solve {
            solver: 0,
            entry: Entry::Counted,
            n: 4,
            queens: vec![Square::new(0, 1)],
        };
        assert_eq!(
            serde_json::to_string(&question).unwrap(),
            r#"{"solve":{"solver":0,"entry":"counted","n":4,"queens":[{"row":0,"col":1}]}}"#
        );
        assert_eq!(serde_json::to_string(&Question::Go).unwrap(), r#""go""#);
        let answer = Answer::Event(Event::Checked(Square::new(1, 2), 3, Some(Line::Diagonal)));
        assert_eq!(
            serde_json::to_string(&answer).unwrap(),
            r#"{"event":{"checked":[{"row":1,"col":2},3,"diagonal"]}}"#
        );
    }
}
