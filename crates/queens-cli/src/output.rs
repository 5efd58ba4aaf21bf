//! What the tool prints: the JSON records of `--json`, and the printer that
//! writes a stream of solutions as boards or as JSON Lines.
//!
//! The plain board is seed 000's 0/1 matrix, [`queens_core::format::matrix`],
//! written once in the model for every tool. Every JSON record is written on
//! one line, so that `count` and `first` print one JSON value and `all`
//! prints JSON Lines that a reader can take one solution at a time.

use std::io::{self, Write};

use queens_core::Stats;
use queens_core::format;
use serde::Serialize;

/// The answer of `count --json`.
#[derive(Serialize)]
pub(crate) struct CountRecord {
    /// The board size.
    pub(crate) n: usize,
    /// The solver's short name.
    pub(crate) algorithm: &'static str,
    /// Whether only fundamental solutions were counted.
    pub(crate) unique: bool,
    /// The number of solutions.
    pub(crate) count: u64,
    /// The search's statistics.
    pub(crate) stats: Option<Stats>,
    /// The wall-clock time of the counted search, in seconds.
    pub(crate) seconds: f64,
}

/// The answer of `first --json`.
#[derive(Serialize)]
pub(crate) struct FirstRecord<'a> {
    /// The board size.
    pub(crate) n: usize,
    /// The solver's short name.
    pub(crate) algorithm: &'static str,
    /// The first solution, `queens[row] = column`, or `null` when there is
    /// none.
    pub(crate) queens: Option<&'a [usize]>,
    /// The search's statistics, up to the first solution.
    pub(crate) stats: Option<Stats>,
}

/// One line of `all --json`.
#[derive(Serialize)]
struct SolutionRecord<'a> {
    /// A solution, `queens[row] = column`.
    queens: &'a [usize],
}

/// Writes `record` as JSON on one line.
pub(crate) fn json_line(out: &mut impl Write, record: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    writeln!(out)
}

/// Writes solutions one after another as `all` prints them: boards with a
/// blank line between, or one JSON line each.
pub(crate) struct SolutionPrinter {
    json: bool,
    printed: u64,
}

impl SolutionPrinter {
    /// A printer of boards, or of JSON Lines when `json`.
    pub(crate) fn new(json: bool) -> Self {
        SolutionPrinter { json, printed: 0 }
    }

    /// Writes the solution `queens`.
    pub(crate) fn print(&mut self, out: &mut impl Write, queens: &[usize]) -> io::Result<()> {
        if self.json {
            json_line(out, &SolutionRecord { queens })?;
        } else {
            if self.printed > 0 {
                writeln!(out)?;
            }
            out.write_all(format::matrix(queens).as_bytes())?;
        }
        self.printed += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(json: bool, solutions: &[&[usize]]) -> String {
        let mut out = Vec::new();
        let mut printer = SolutionPrinter::new(json);
        for queens in solutions {
            printer.print(&mut out, queens).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn boards_are_separated_by_one_blank_line() {
        assert_eq!(
            printed(false, &[&[1, 0], &[0, 1]]),
            " 0  1 \n 1  0 \n\n 1  0 \n 0  1 \n"
        );
    }

    #[test]
    fn json_lines_hold_one_solution_each() {
        assert_eq!(
            printed(true, &[&[1, 3, 0, 2], &[]]),
            "{\"queens\":[1,3,0,2]}\n{\"queens\":[]}\n"
        );
    }
}
