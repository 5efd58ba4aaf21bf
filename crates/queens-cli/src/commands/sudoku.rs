//! `queens sudoku`: Sudoku puzzles solved by seed 002's backtracking or by
//! the fast solver of `queens-sudoku`, one puzzle after another as they are
//! read.
//!
//! Input holds one puzzle per line (81 characters, `0` or `.` for an empty
//! cell, the format of the usual puzzle collections), or the seed's layout:
//! nine lines of nine cells, spaces between them allowed. Blank lines and
//! lines starting with `#` are skipped, so a file of solutions printed with
//! `--stats` (whose statistics lines start with `#`) reads back as puzzles.
//!
//! A batch streams: each puzzle is answered as soon as it is read. A line
//! that is not a puzzle (not UTF-8, a byte-order mark, a malformed grid),
//! or a puzzle without a solution, is reported on stderr with its line
//! number, and the next puzzle is still solved; a line past a few
//! kilobytes is reported and ends the batch, which reads no line whole
//! before it knows its length. The
//! exit status says at the end that something failed (2 for malformed
//! input, 3 for a search stopped at its budget, 1 for a puzzle without a
//! solution). Every search asks for two solutions, so that a puzzle with
//! more than one is printed with a warning line.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use clap::Args;
use clap::builder::PossibleValuesParser;
use queens_sudoku::{Grid, Outcome, ParseError, SudokuSolver};

use crate::failure::{self, Failure};

/// The options of `sudoku`.
#[derive(Args)]
pub(crate) struct SudokuOptions {
    /// The file of puzzles; standard input when absent or `-`.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

    /// The solver: `seed`, the seed's backtracking (first empty cell,
    /// digits 1 to 9, `isSafe` scanning row, column and box), or `fast`
    /// (candidate bitmasks, singles, the most constrained cell first).
    #[arg(long, value_name = "NAME", default_value = "fast",
          value_parser = PossibleValuesParser::new(queens_sudoku::ALL.map(|solver| solver.info().name)))]
    algo: String,

    /// Print the number of solutions of each puzzle instead of a solution,
    /// counted up to 2: `0`, `1`, or `2+` for more than one.
    #[arg(long)]
    count: bool,

    /// How to print a solution: `line` (81 digits) or `grid` (the seed's
    /// nine lines, a blank line after each grid).
    #[arg(long, value_name = "FORMAT", default_value = "line",
          value_parser = PossibleValuesParser::new(["line", "grid"]))]
    format: String,

    /// After each answer, a line of the search's statistics, starting with
    /// `#` so that the output reads back as input.
    #[arg(long)]
    stats: bool,

    /// The most digits one puzzle's search may write before it stops, and
    /// the puzzle is reported as stopped (exit status 3). The seed's blind
    /// backtracking writes some 3 × 10^7 digits a second and needs 1.8 × 10^9
    /// for the first of the 17-clue puzzles; the fast solver checks the
    /// budget before each guess and never comes near it.
    #[arg(long, value_name = "PLACEMENTS", default_value_t = SUDOKU_BUDGET,
          value_parser = clap::value_parser!(u64).range(1..))]
    budget: u64,

    /// Search every puzzle to its end, whatever its budget.
    #[arg(long)]
    force: bool,
}

/// The budget of placements of one puzzle when none is given: about three
/// seconds of the seed's solver (it writes the 769 digits of the seed's
/// puzzle in about 22 µs, as `cargo xtask compare --sudoku` times it).
const SUDOKU_BUDGET: u64 = 100_000_000;

/// Runs `queens sudoku`.
pub(crate) fn run(options: &SudokuOptions) -> Result<(), Failure> {
    let solver = queens_sudoku::by_name(&options.algo)
        .ok_or_else(|| Failure::UnknownSudokuSolver(options.algo.clone()))?;
    let input: Box<dyn BufRead> = match options.file.as_deref() {
        None => Box::new(io::stdin().lock()),
        Some(path) if path.as_os_str() == "-" => Box::new(io::stdin().lock()),
        Some(path) => Box::new(BufReader::new(
            File::open(path).map_err(failure::path("read", path))?,
        )),
    };
    let mut tally = Tally::default();
    crate::output::with_stdout(|out| {
        for puzzle in Puzzles::new(input) {
            let (line, grid) = puzzle?;
            match grid {
                Ok(grid) => answer(solver, options, &grid, line, &mut tally, out)?,
                Err(error) => {
                    tally.malformed += 1;
                    failure::report_line(&format!("line {line}: {error}"));
                }
            }
        }
        Ok(())
    })?;
    if tally.puzzles + tally.malformed == 0 {
        return Err(Failure::NoPuzzle);
    }
    tally.verdict()
}

/// What went wrong over a batch.
#[derive(Debug, Default)]
struct Tally {
    /// Puzzles read, malformed ones included.
    puzzles: usize,
    /// Lines that were not puzzles.
    malformed: usize,
    /// Puzzles without a solution (not counted with `--count`, where 0 is an
    /// answer).
    unsolved: usize,
    /// Puzzles whose search stopped at its budget.
    stopped: usize,
}

impl Tally {
    /// The run's ending: success, or the failure that sums up the batch.
    fn verdict(&self) -> Result<(), Failure> {
        if self.malformed + self.unsolved + self.stopped == 0 {
            return Ok(());
        }
        Err(Failure::Sudoku {
            puzzles: self.puzzles + self.malformed,
            malformed: self.malformed,
            unsolved: self.unsolved,
            stopped: self.stopped,
        })
    }
}

/// Solves or counts `grid`, read at `line`, and prints the answer.
fn answer(
    solver: &dyn SudokuSolver,
    options: &SudokuOptions,
    grid: &Grid,
    line: usize,
    tally: &mut Tally,
    out: &mut impl Write,
) -> Result<(), Failure> {
    tally.puzzles += 1;
    let budget = if options.force {
        u64::MAX
    } else {
        options.budget
    };
    // Two solutions are asked for either way: a puzzle with more than one
    // is no proper Sudoku, which the user should hear.
    let outcome = solver.solve_within(grid, 2, budget);
    if outcome.over_budget {
        tally.stopped += 1;
        failure::report_line(&format!(
            "line {line}: stopped after {} placements, its budget; pass --force to search on",
            queens_core::format::thousands(u128::from(outcome.stats.placements))
        ));
    } else if options.count {
        writeln!(out, "{}", count_of(&outcome))?;
    } else if let Some(solution) = outcome.solutions.first() {
        if outcome.solutions.len() > 1 {
            failure::report_line(&format!(
                "line {line}: more than one solution; the first is printed"
            ));
        }
        if options.format == "grid" {
            writeln!(out, "{}", solution.to_grid_string().trim_end())?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", solution.to_line())?;
        }
    } else {
        tally.unsolved += 1;
        failure::report_line(&format!("line {line}: no solution"));
    }
    if options.stats {
        let stats = outcome.stats;
        writeln!(
            out,
            "# placements {}, guesses {}, backtracks {}, checks {} ({})",
            stats.placements,
            stats.guesses,
            stats.backtracks,
            stats.checks,
            solver.info().checks
        )?;
    }
    Ok(())
}

/// The count `--count` prints: the solutions found, `2+` when the search
/// stopped at its limit of two.
fn count_of(outcome: &Outcome) -> String {
    match (outcome.solutions.len(), outcome.exhausted) {
        (found, true) => found.to_string(),
        (found, false) => format!("{found}+"),
    }
}

/// The most bytes a line of a puzzle file may hold: a puzzle line is 81
/// cells, a grid row or a `--stats` line some dozens of characters, so a
/// few kilobytes leave room for any comment. A longer line (a binary file,
/// `/dev/zero`'s one endless line) is reported and ends the batch: where it
/// ends cannot be known without reading it all.
const MOST_LINE_BYTES: usize = 4096;

/// Why a line, or the puzzle that starts on it, is no puzzle.
#[derive(Debug, thiserror::Error)]
enum Bad {
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
type Line = Result<String, Bad>;

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
            return Some(Ok((self.number, Err(Bad::TooLong))));
        }
        let line = String::from_utf8(bytes).map_err(|error| Bad::NotUtf8 {
            position: error.utf8_error().valid_up_to() + 1,
        });
        Some(Ok((self.number, line)))
    }
}

/// The puzzles of an input, each with the number of the line it starts on:
/// a one-line puzzle, or nine grid rows read as one.
struct Puzzles<R> {
    lines: Lines<R>,
    /// A line read past the end of a short grid, to be read again as the
    /// start of the next puzzle.
    pending: Option<(usize, Line)>,
}

impl<R: BufRead> Puzzles<R> {
    fn new(input: R) -> Self {
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
    type Item = Result<(usize, Result<Grid, Bad>), Failure>;

    fn next(&mut self) -> Option<Self::Item> {
        let (line, text) = match self.next_content()? {
            Ok(content) => content,
            Err(error) => return Some(Err(Failure::Input(error))),
        };
        let text = match text {
            Ok(text) => text,
            Err(bad) => return Some(Ok((line, Err(bad)))),
        };
        if !is_grid_row(&text) {
            return Some(Ok((line, Grid::parse_line(&text).map_err(Bad::from))));
        }
        Some(
            self.grid(text)
                .map(|grid| (line, grid.map_err(Bad::from)))
                .map_err(Failure::Input),
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
