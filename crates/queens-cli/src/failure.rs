//! Every way a run can end without an answer, the one line each prints on
//! stderr, and the exit status it ends with.
//!
//! | status | when |
//! |--------|------|
//! | 0 | answered (a count of 0 included), or the reader of the output went away |
//! | 1 | `first` found no solution, or a Sudoku puzzle had none; `check` found two queens that attack each other; the counting threads could not start |
//! | 2 | bad input: an input that cannot be read (a directory, a FIFO among records, too long), the command line (`--threads` out of 1..=256 or without the counter included), the problem, a malformed Sudoku line or placement, a path found unwritable before the work, a board too large to draw, work refused without `--force`, shard records that are malformed, unsigned under `--key-file` or false under `--verify` |
//! | 3 | a search placed its budget of queens, or of Sudoku digits (`--budget`), without an answer |
//! | 4 | `merge` found shards without a record: incomplete, with the shards to run again |
//! | 74 | the output could not be written: stdout closed (`>&-`) or failing (`>/dev/full`), or a file written after the work (`EX_IOERR`, [`queens_files::EXIT_IO`], the same in every tool) |
//! | 130 | a search or a recount stopped by Ctrl-C (128 + SIGINT, as a shell reports a process killed by it) |
//!
//! Clap reports a usage error on several lines (the error, a tip, the usage,
//! a pointer to `--help`); [`Failure::from_clap`] keeps the error itself, on
//! one line, so that every bad input reads the same way.

use std::error::Error as _;
use std::io::{self, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use queens_core::{Attack, Finds, Line, Mode, Problem, Solver, format};
use queens_shards::RecountError;

use crate::args::ValueError;
use crate::guard::Refusal;
use crate::output::MOST_DRAWN;
use crate::placement::Malformed;

/// The exit statuses, as `--help` tells them.
pub(crate) const EXIT_STATUS: &str = "Exit status: 0 when answered (a count of 0 included), \
    1 when `first` finds no solution (or a Sudoku puzzle has none) or `check` finds two \
    queens that attack each other, 2 for bad input (a malformed Sudoku line or placement, an \
    unreadable input, shard records refused by merge included), a path that cannot be \
    written, a board too large to draw or work refused without --force, 3 when a search \
    places its budget of queens or Sudoku digits (--budget) without an answer, 4 when `merge` \
    finds shards missing, 74 when the output cannot be written (stdout closed or failing, or a \
    file after the work), 130 when Ctrl-C stops a search.";

/// Why a run ends without an answer.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Failure {
    /// The command line does not parse; the line to print, `error: ` included.
    #[error("{0}")]
    Usage(String),
    /// The model refused the problem: a pre-placed queen off the board, two
    /// attacking each other, a board too large for the solver, fundamental
    /// solutions asked with pre-placed queens.
    #[error("error: {0}")]
    Model(queens_core::Error),
    /// The work would take hours and `--force` was not given.
    #[error("error: {0}; pass --force to run it anyway")]
    Refused(Refusal),
    /// A trace would take hours and neither `--limit` nor `--force` was given.
    #[error("error: {0}; pass --limit STEPS to trace its beginning, or --force to trace it all")]
    TraceRefused(Refusal),
    /// `first` found no solution.
    #[error("no solution for {0}")]
    NoSolution(Problem),
    /// A solver that finds one solution gave up: no proof that none exists.
    #[error(
        "the {solver} solver found no solution for {problem} within its limit of steps; it \
         cannot prove that none exists (a backtracking solver can)"
    )]
    NotFound {
        /// The solver's short name.
        solver: &'static str,
        /// The problem.
        problem: Problem,
    },
    /// `trace` was asked for a problem without a solution.
    #[error("error: no solution for {0}: nothing to trace")]
    NothingToTrace(Problem),
    /// A board drawn cell by cell past [`MOST_DRAWN`] rows.
    #[error(
        "error: a drawn board of n = {} would be {} cells (boards are drawn up to n = {}); \
         use --format rows or --json",
        format::thousands(*n as u128),
        format::thousands((*n as u128).pow(2)),
        format::thousands(MOST_DRAWN as u128)
    )]
    TooLargeToDraw {
        /// The board size.
        n: usize,
    },
    /// `check` read no placement.
    #[error("error: {0}")]
    Malformed(#[from] Malformed),
    /// `check` found two queens that attack each other.
    #[error(
        "invalid: the queens at {} and {} share {}",
        .0.first,
        .0.second,
        line_phrase(.0.line)
    )]
    Attack(Attack),
    /// `all --format svg` without a directory to write the files into.
    #[error("error: all --format svg writes one file per solution: give --out DIR")]
    SvgNeedsOut,
    /// `--out` with a text format.
    #[error("error: --out is for --format svg; redirect stdout to keep text boards")]
    OutWithoutSvg,
    /// A trace too long for one page, without a `--limit` that fits.
    #[error(
        "error: the trace has more than {} steps, more than one page holds; pass --limit {most} or less",
        format::thousands(u128::from(*most))
    )]
    PageTooLong {
        /// The most steps one page holds.
        most: u64,
    },
    /// A file or directory named on the command line cannot be written or
    /// read, found before any work.
    #[error("error: cannot {action} '{}': {error}", path.display())]
    Path {
        /// What was tried: "write", "create the directory".
        action: &'static str,
        /// The path.
        path: PathBuf,
        /// Why it failed.
        error: io::Error,
    },
    /// A file could not be written after the work: the output is lost.
    #[error("error: cannot write '{}': {error}", path.display())]
    WriteFailed {
        /// The path.
        path: PathBuf,
        /// Why it failed.
        error: io::Error,
    },
    /// Ctrl-C stopped a search.
    #[error(
        "interrupted: {} solution{} found before Ctrl-C",
        format::thousands(u128::from(*solutions)),
        if *solutions == 1 { "" } else { "s" }
    )]
    Interrupted {
        /// The solutions counted until then.
        solutions: u64,
    },
    /// `--threads` or `--shard` given to a count the bitboard's counter
    /// does not run.
    #[error(
        "error: --threads and --shard are for the bitboard counter, which counts boards without \
         --queen, --budget or another --algo"
    )]
    ThreadsWithoutCounter,
    /// The counter's threads could not be started.
    #[error("error: cannot start the counting threads: {0}")]
    Threads(queens_bitboard::ThreadPoolBuildError),
    /// `--shard` names no shard of the board.
    #[error("error: {0}")]
    Shard(#[from] queens_shards::SchemeError),
    /// Files given to `merge` that are not shard records, or not signed
    /// with the key, each reported on its own line already.
    #[error(
        "error: {files} {} refused; nothing merged",
        if *files == 1 { "file" } else { "files" }
    )]
    BadRecords {
        /// How many files.
        files: usize,
    },
    /// Shard records that do not add up.
    #[error("error: {0}")]
    Merge(queens_shards::MergeError),
    /// `merge --verify` found a unit that recounts otherwise, or could not
    /// finish its recount.
    #[error("{}", recount_line(.0))]
    Recount(queens_shards::RecountError),
    /// Some shards have no record: the merge is incomplete.
    #[error(
        "incomplete: {count} of {of} shards missing: {missing}; run them again \
         (sbatch --array={missing} ...) and merge again"
    )]
    Incomplete {
        /// The missing shards, as `sbatch --array=` takes them.
        missing: String,
        /// How many.
        count: usize,
        /// The number of shards.
        of: usize,
    },
    /// An input longer than any placement a solver can make.
    #[error(
        "error: the input is longer than {} bytes, more than any placement a solver makes",
        format::thousands(u128::from(*most))
    )]
    InputTooLarge {
        /// The most bytes read.
        most: u64,
    },
    /// `--seed` given to a solver without random choices.
    #[error("error: --seed is for the min-conflicts solver, the one with random choices")]
    SeedWithoutRandomness,
    /// `sudoku` read no puzzle at all.
    #[error("error: the input holds no puzzle (one per line, 81 cells, or nine rows of nine)")]
    NoPuzzle,
    /// The input could not be read.
    #[error("error: cannot read the input: {0}")]
    Input(io::Error),
    /// Some puzzles of a Sudoku batch were malformed or had no solution;
    /// each was reported on its own line already.
    #[error(
        "error: of {puzzles} puzzle{} read, {malformed} malformed, {unsolved} without a solution, \
         {stopped} stopped at the budget",
        if *puzzles == 1 { "" } else { "s" }
    )]
    Sudoku {
        /// Puzzles read, malformed ones included.
        puzzles: usize,
        /// Lines that were not puzzles.
        malformed: usize,
        /// Puzzles without a solution.
        unsolved: usize,
        /// Puzzles stopped at their budget.
        stopped: usize,
    },
    /// The output could not be written.
    #[error("error: cannot write the output: {0}")]
    Output(#[from] io::Error),
    /// A race on a board larger than its boards are drawn.
    #[error("error: a race draws boards up to n = {most}; n = {n} is larger")]
    RaceTooLarge {
        /// The board size asked for.
        n: usize,
        /// The largest board a race draws.
        most: usize,
    },
    /// One solver named twice in a race.
    #[error("error: --algo {0} is given twice; each solver races once")]
    RaceTwice(&'static str),
    /// Ctrl-C stopped a race drawn on the terminal.
    #[error("interrupted: the race stopped by Ctrl-C at {reading}")]
    RaceInterrupted {
        /// The clock's reading then.
        reading: String,
    },
    /// A search placed its budget of queens without an answer.
    #[error(
        "error: {}; pass --force without --budget to search on",
        over_budget(task, *placed, *found)
    )]
    OverBudget {
        /// What was stopped.
        task: Task,
        /// The queens placed when it was stopped.
        placed: u64,
        /// The solutions found by then.
        found: u64,
    },
}

/// What a search stopped at its budget was doing, for its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Task {
    /// Looking for a first solution.
    First,
    /// Counting.
    Count,
    /// Listing.
    List,
    /// Tracing.
    Trace,
}

impl From<Mode> for Task {
    fn from(mode: Mode) -> Self {
        match mode {
            Mode::First => Task::First,
            Mode::Count => Task::Count,
            Mode::All => Task::List,
        }
    }
}

impl From<queens_core::Error> for Failure {
    /// A refusal of the model, for `?`. The searches, which alone meet a
    /// budget, say their task through [`Failure::of_search`].
    fn from(error: queens_core::Error) -> Self {
        Failure::of_search(error, Task::First)
    }
}

impl Failure {
    /// The failure of a search for `task` that the model ended with
    /// `error`: its budget, Ctrl-C, or a refusal.
    pub(crate) fn of_search(error: queens_core::Error, task: Task) -> Failure {
        match error {
            queens_core::Error::OverBudget { placed, found } => Failure::OverBudget {
                task,
                placed,
                found,
            },
            queens_core::Error::Interrupted { found, .. } => {
                Failure::Interrupted { solutions: found }
            }
            other => Failure::Model(other),
        }
    }

    /// The one-line failure for a clap error that is not a request for help
    /// or the version.
    pub(crate) fn from_clap(error: &clap::Error) -> Failure {
        Failure::Usage(one_line(error))
    }

    /// The exit status the failure ends the program with.
    fn exit_status(&self) -> u8 {
        match self {
            Failure::Usage(_)
            | Failure::Model(_)
            | Failure::Refused(_)
            | Failure::TraceRefused(_)
            | Failure::NothingToTrace(_)
            | Failure::SvgNeedsOut
            | Failure::OutWithoutSvg
            | Failure::PageTooLong { .. }
            | Failure::Path { .. }
            | Failure::ThreadsWithoutCounter
            | Failure::SeedWithoutRandomness
            | Failure::InputTooLarge { .. }
            | Failure::Shard(_)
            | Failure::BadRecords { .. }
            | Failure::Merge(_)
            | Failure::Recount(RecountError::Differs { .. })
            | Failure::Input(_)
            | Failure::NoPuzzle
            | Failure::TooLargeToDraw { .. }
            | Failure::RaceTooLarge { .. }
            | Failure::RaceTwice(_)
            | Failure::Malformed(_) => 2,
            Failure::Sudoku { malformed, .. } if *malformed > 0 => 2,
            Failure::Sudoku { stopped, .. } if *stopped > 0 => 3,
            Failure::NoSolution(_)
            | Failure::NotFound { .. }
            | Failure::Threads(_)
            | Failure::Recount(RecountError::Threads(_))
            | Failure::Attack(_)
            | Failure::Sudoku { .. } => 1,
            Failure::OverBudget { .. } => 3,
            Failure::Incomplete { .. } => 4,
            Failure::Output(_) | Failure::WriteFailed { .. } => queens_files::EXIT_IO,
            Failure::Interrupted { .. }
            | Failure::RaceInterrupted { .. }
            | Failure::Recount(RecountError::Stopped { .. }) => 130,
        }
    }

    /// Prints the failure's line on stderr and returns its exit status. A
    /// reader that closed the pipe (`queens all 10 | head`) wanted no more,
    /// so that ends quietly and successfully.
    pub(crate) fn report(&self) -> ExitCode {
        if matches!(self, Failure::Output(error) if error.kind() == io::ErrorKind::BrokenPipe) {
            return ExitCode::SUCCESS;
        }
        // Nothing is left to tell if stderr itself is closed.
        let _ = writeln!(io::stderr(), "{self}");
        ExitCode::from(self.exit_status())
    }
}

/// The failure of a search of `problem` by `solver` that found no solution:
/// `proved` for a solver that walks its whole tree; for one that finds one
/// solution, finding none is no proof, and [`Failure::NotFound`] says so
/// (n = 2 and 3 excepted, where every solver knows there is none).
pub(crate) fn none_found(
    solver: &dyn Solver,
    problem: Problem,
    proved: impl FnOnce(Problem) -> Failure,
) -> Failure {
    if solver.finds() == Finds::All || problem.n() <= 3 {
        return proved(problem);
    }
    Failure::NotFound {
        solver: solver.info().name,
        problem,
    }
}

/// Prints one line on stderr, as every failure does, for a run that goes on
/// after it (a bad Sudoku line, a file that is no shard record); nothing is
/// left to tell if stderr itself is closed.
pub(crate) fn report_line(line: &str) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// What a search for `task` stopped at its budget had done: for a first
/// solution, that it found none; for a count, a listing or a trace, that it
/// stopped, with the solutions so far.
fn over_budget(task: &Task, placed: u64, found: u64) -> String {
    let placed = match placed {
        1 => "1 queen".to_owned(),
        _ => format!("{} queens", format::thousands(u128::from(placed))),
    };
    let stopped = match task {
        Task::First => return format!("no solution found after {placed} placed"),
        Task::Count => "the count stopped",
        Task::List => "the listing stopped",
        Task::Trace => "the trace stopped",
    };
    let found = match found {
        1 => "1 solution".to_owned(),
        _ => format!("{} solutions", format::thousands(u128::from(found))),
    };
    format!("{stopped} after {placed} placed, its budget, with {found} found so far")
}

/// The line of a recount that does not vouch for the records.
fn recount_line(error: &RecountError) -> String {
    match error {
        RecountError::Stopped { .. } => format!("interrupted: {error} by Ctrl-C; nothing merged"),
        RecountError::Differs { .. } | RecountError::Threads(_) => {
            format!("error: {error}; nothing merged")
        }
    }
}

/// A line two queens share, as `check` names it: `\` and `/` draw the two
/// diagonals, which "diagonal" and "anti-diagonal" leave the reader to
/// remember.
fn line_phrase(line: Line) -> &'static str {
    match line {
        Line::Row => "a row",
        Line::Column => "a column",
        Line::Diagonal => "a \\ diagonal",
        Line::AntiDiagonal => "a / diagonal",
    }
}

/// A failure to write `path` (`-`: stdout) after the work, which loses the
/// output.
pub(crate) fn written(path: &std::path::Path) -> impl FnOnce(io::Error) -> Failure {
    let path = path.to_owned();
    move |error| {
        if queens_files::is_stdout(&path) {
            Failure::Output(error)
        } else {
            Failure::WriteFailed { path, error }
        }
    }
}

/// Checks before any work that `path` (`-`: stdout) can be written: a path
/// that cannot is bad input, a closed stdout an output that would be lost.
pub(crate) fn writable(path: &std::path::Path) -> Result<(), Failure> {
    if queens_files::is_stdout(path) {
        return Ok(queens_files::check_stdout()?);
    }
    queens_files::check_writable(path).map_err(self::path("write", path))
}

/// A failure to write or read `path` before any work, by the action tried
/// on it: bad input. A loop of symbolic links is named as one.
pub(crate) fn path(
    action: &'static str,
    path: &std::path::Path,
) -> impl FnOnce(io::Error) -> Failure {
    let path = path.to_owned();
    move |error| Failure::Path {
        action,
        path,
        error: queens_files::name_loop(error),
    }
}

/// A clap error on one line. An invalid value reported by one of our own
/// parsers is printed as that parser words it; any other error keeps clap's
/// first paragraph (the error and what it names), joined into one line, and
/// drops the usage and the pointer to `--help` that follow.
fn one_line(error: &clap::Error) -> String {
    if let Some(value_error) = error
        .source()
        .and_then(|source| source.downcast_ref::<ValueError>())
    {
        return format!("error: {value_error}");
    }
    let rendered = error.render().to_string();
    let first_paragraph = rendered.split("\n\n").next().unwrap_or_default();
    let lines: Vec<&str> = first_paragraph
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    lines.join(" ")
}

#[cfg(test)]
mod tests {
    use queens_core::Square;

    use super::*;

    #[test]
    fn an_interrupted_count_says_how_many_it_found() {
        let line = |solutions| Failure::Interrupted { solutions }.to_string();
        assert_eq!(
            line(1_234),
            "interrupted: 1,234 solutions found before Ctrl-C"
        );
        assert_eq!(line(1), "interrupted: 1 solution found before Ctrl-C");
        assert_eq!(Failure::Interrupted { solutions: 0 }.exit_status(), 130);
    }

    #[test]
    fn a_board_too_large_to_draw_says_its_size() {
        let refusal = Failure::TooLargeToDraw { n: 1_000_000 };
        assert_eq!(
            refusal.to_string(),
            "error: a drawn board of n = 1,000,000 would be 1,000,000,000,000 cells \
             (boards are drawn up to n = 1,000); use --format rows or --json"
        );
        assert_eq!(refusal.exit_status(), 2);
    }

    #[test]
    fn an_attack_names_both_queens_and_their_line() {
        let attack = |first, second, line| {
            Failure::Attack(Attack {
                first,
                second,
                line,
            })
            .to_string()
        };
        assert_eq!(
            attack(Square::new(3, 5), Square::new(7, 1), Line::AntiDiagonal),
            "invalid: the queens at (3, 5) and (7, 1) share a / diagonal"
        );
        assert_eq!(
            attack(Square::new(0, 0), Square::new(2, 2), Line::Diagonal),
            "invalid: the queens at (0, 0) and (2, 2) share a \\ diagonal"
        );
        assert_eq!(
            Failure::Attack(Attack {
                first: Square::new(0, 1),
                second: Square::new(4, 1),
                line: Line::Column
            })
            .exit_status(),
            1
        );
    }

    #[test]
    fn a_search_stopped_at_its_budget_says_what_it_had_done() {
        let line = |task, placed, found| {
            Failure::OverBudget {
                task,
                placed,
                found,
            }
            .to_string()
        };
        assert_eq!(
            line(Task::First, 1_000, 0),
            "error: no solution found after 1,000 queens placed; pass --force without --budget to search on"
        );
        assert_eq!(
            line(Task::Count, 2_000, 44),
            "error: the count stopped after 2,000 queens placed, its budget, with 44 solutions \
             found so far; pass --force without --budget to search on"
        );
        assert_eq!(
            line(Task::Count, 1, 0),
            "error: the count stopped after 1 queen placed, its budget, with 0 solutions found \
             so far; pass --force without --budget to search on"
        );
        assert_eq!(
            line(Task::Trace, 10, 1),
            "error: the trace stopped after 10 queens placed, its budget, with 1 solution found \
             so far; pass --force without --budget to search on"
        );
        assert_eq!(
            Failure::OverBudget {
                task: Task::List,
                placed: 1,
                found: 1
            }
            .exit_status(),
            3
        );
    }

    #[test]
    fn output_that_cannot_be_written_is_its_own_status() {
        let closed = io::Error::new(io::ErrorKind::NotConnected, "stdout is closed");
        let failure = Failure::Output(closed);
        assert_eq!(failure.exit_status(), 74);
        assert_eq!(
            failure.to_string(),
            "error: cannot write the output: stdout is closed"
        );
        let full = Failure::WriteFailed {
            path: PathBuf::from("/dev/full"),
            error: io::Error::new(io::ErrorKind::StorageFull, "No space left on device"),
        };
        assert_eq!(full.exit_status(), 74);
        assert_eq!(
            full.to_string(),
            "error: cannot write '/dev/full': No space left on device"
        );
    }
}
