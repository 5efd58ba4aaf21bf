//! `queens sudoku`: Sudoku puzzles solved by seed 002's backtracking or by
//! the fast solver of `queens-sudoku`, one puzzle after another as they are
//! read.
//!
//! Input holds one puzzle per line (81 characters, `0` or `.` for an empty
//! cell, the format of the usual puzzle collections), or the seed's layout:
//! nine lines of nine cells, spaces between them allowed, read by
//! [`queens_sudoku::Puzzles`]. Blank lines and lines starting with `#` are
//! skipped, so a file of solutions printed with `--stats` (whose statistics
//! lines start with `#`) reads back as puzzles.
//!
//! A batch streams: each puzzle is answered as soon as it is read. A line
//! that is not a puzzle (not UTF-8, a byte-order mark, a malformed grid),
//! or a puzzle without a solution, is reported on stderr with its line
//! number, and the next puzzle is still solved; a line past a few
//! kilobytes is reported and ends the batch. The
//! exit status says at the end that something failed (2 for malformed
//! input, 3 for a search stopped at its budget, 1 for a puzzle without a
//! solution). Every search asks for two solutions, so that a puzzle with
//! more than one is printed with a warning line.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;

use clap::Args;
use clap::builder::PossibleValuesParser;
use queens_sudoku::{Grid, Outcome, Puzzles, SudokuSolver};

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
    /// backtracking needs 1.8 × 10^9 for the first of the 17-clue puzzles;
    /// the fast solver checks the budget before each guess and never comes
    /// near it.
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
            let (line, grid) = puzzle.map_err(Failure::Input)?;
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
