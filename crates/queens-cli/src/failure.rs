//! Every way a run can end without an answer, the one line each prints on
//! stderr, and the exit status it ends with.
//!
//! The statuses are one list, [`Status`]: what each means is written there
//! once, `queens --help` prints it ([`exit_statuses`]), and a test checks
//! that the README says the same.

use std::io::{self, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use queens_core::{Attack, Finds, Problem, Solver, format};
use queens_shards::RecountError;

use crate::guard::{PastLimit, Refusal};
use crate::placement::Malformed;
use crate::task::Task;

/// How a run of `queens` ends: every exit status the tool uses, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// Answered.
    Answered,
    /// No answer to give: no solution, an attack.
    NoAnswer,
    /// Bad input.
    BadInput,
    /// A budget spent without an answer.
    Budget,
    /// A merge with shards missing.
    Incomplete,
    /// Output that could not be written.
    Output,
    /// Stopped by Ctrl-C.
    Interrupted,
}

impl Status {
    /// Every status, in the order of their numbers.
    pub(crate) const ALL: [Status; 7] = [
        Status::Answered,
        Status::NoAnswer,
        Status::BadInput,
        Status::Budget,
        Status::Incomplete,
        Status::Output,
        Status::Interrupted,
    ];

    /// Its number.
    pub(crate) const fn code(self) -> u8 {
        match self {
            Status::Answered => 0,
            Status::NoAnswer => 1,
            Status::BadInput => 2,
            Status::Budget => 3,
            Status::Incomplete => 4,
            Status::Output => queens_toolkit::files::EXIT_IO,
            // 128 + SIGINT, as shells report it.
            Status::Interrupted => 130,
        }
    }

    /// When a run ends with it, as `--help` and the README say.
    pub(crate) const fn when(self) -> &'static str {
        match self {
            Status::Answered => {
                "when answered (a count of 0 included), or the reader of the output went away"
            }
            Status::NoAnswer => {
                "when `first` finds no solution (or a Sudoku puzzle has none), `check` finds two \
                 queens that attack each other, or the counting threads cannot start"
            }
            Status::BadInput => {
                "for bad input: the command line, the problem, an input that cannot be read or is \
                 malformed (a Sudoku line, a placement, shard records refused by `merge`), a path \
                 that cannot be written, a board too large to draw, work refused without `--force`"
            }
            Status::Budget => {
                "when a search places its budget of queens or Sudoku digits (`--budget`) without \
                 an answer"
            }
            Status::Incomplete => "when `merge` finds shards missing, and names them",
            Status::Output => {
                "when the output cannot be written: stdout closed (`>&-`) or failing \
                 (`>/dev/full`), or a file after the work (`EX_IOERR`, the same in every tool of \
                 the workspace)"
            }
            Status::Interrupted => "when Ctrl-C stops a search or a recount",
        }
    }
}

/// How to run a refused trace: a `--limit`, or one no larger than the
/// budget when the one given (`unbounding`: it and the budget) is past it,
/// or `--force`.
fn trace_remedy(unbounding: Option<(u64, u64)>) -> String {
    let force = "or --force to trace it all";
    match unbounding {
        None => format!("pass --limit STEPS to trace its beginning, {force}"),
        Some((limit, budget)) => format!(
            "--limit {} bounds it no more than its budget of {} queens placed does, since a \
             step is at least a queen; pass a --limit of at most {budget} to trace its \
             beginning, {force}",
            format::thousands(u128::from(limit)),
            format::thousands(u128::from(budget))
        ),
    }
}

/// The exit statuses as one paragraph, from [`Status`]: what `--help`
/// prints and the README quotes.
pub(crate) fn exit_statuses() -> String {
    let each: Vec<String> = Status::ALL
        .iter()
        .map(|status| format!("{} {}", status.code(), status.when()))
        .collect();
    format!("Exit status: {}.", each.join("; "))
}

/// Why a run ends without an answer.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Failure {
    /// `sudoku --algo` names no Sudoku solver.
    #[error("error: unknown Sudoku solver '{0}'")]
    UnknownSudokuSolver(String),
    /// The model refused the problem: a pre-placed queen off the board, two
    /// attacking each other, a board too large for the solver, fundamental
    /// solutions asked with pre-placed queens.
    #[error("error: {0}")]
    Model(queens_core::Error),
    /// A board past the solver's largest, with the solvers that reach it.
    #[error("error: {0}")]
    PastLimit(PastLimit),
    /// The work would take hours and `--force` was not given.
    #[error("error: {0}; pass --force to run it anyway")]
    Refused(Refusal),
    /// `count --stats` would place more queens than its budget, and says
    /// how to lift it: `--force` for the default budget, a larger
    /// `--budget` for one given, which `--force` does not lift.
    #[error("error: {refusal}; {remedy}")]
    StatsRefused {
        /// What the search would place, and its budget.
        refusal: Refusal,
        /// The flag that runs it.
        remedy: &'static str,
    },
    /// A trace would take hours and neither a `--limit` within its budget
    /// nor `--force` was given.
    #[error("error: {refusal}; {}", trace_remedy(*.unbounding))]
    TraceRefused {
        /// Why the whole trace is refused.
        refusal: Refusal,
        /// The `--limit` given past the budget, and the budget: a limit
        /// that bounds nothing the budget does not.
        unbounding: Option<(u64, u64)>,
    },
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
    /// A board drawn cell by cell past the most rows output draws.
    #[error(
        "error: a drawn board of n = {} would be {} cells (boards are drawn up to n = {}); \
         use --format rows or --json",
        format::thousands(*n as u128),
        format::thousands((*n as u128).pow(2)),
        format::thousands(*most as u128)
    )]
    TooLargeToDraw {
        /// The board size.
        n: usize,
        /// The largest board drawn cell by cell.
        most: usize,
    },
    /// `check` read no placement.
    #[error("error: {0}")]
    Malformed(#[from] Malformed),
    /// `check` found two queens that attack each other.
    #[error("invalid: {0}")]
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
    Threads(queens_solvers::ThreadPoolBuildError),
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
    #[error("error: --seed: {0}")]
    Options(#[from] queens_solvers::OptionsError),
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

impl From<PastLimit> for Failure {
    fn from(past: PastLimit) -> Self {
        Failure::PastLimit(past)
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

    /// The exit status the failure ends the program with.
    fn status(&self) -> Status {
        match self {
            Failure::UnknownSudokuSolver(_)
            | Failure::Model(_)
            | Failure::PastLimit(_)
            | Failure::Refused(_)
            | Failure::StatsRefused { .. }
            | Failure::TraceRefused { .. }
            | Failure::NothingToTrace(_)
            | Failure::SvgNeedsOut
            | Failure::OutWithoutSvg
            | Failure::PageTooLong { .. }
            | Failure::Path { .. }
            | Failure::ThreadsWithoutCounter
            | Failure::Options(_)
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
            | Failure::Malformed(_) => Status::BadInput,
            Failure::Sudoku { malformed, .. } if *malformed > 0 => Status::BadInput,
            Failure::Sudoku { stopped, .. } if *stopped > 0 => Status::Budget,
            Failure::NoSolution(_)
            | Failure::NotFound { .. }
            | Failure::Threads(_)
            | Failure::Recount(RecountError::Threads(_))
            | Failure::Attack(_)
            | Failure::Sudoku { .. } => Status::NoAnswer,
            Failure::OverBudget { .. } => Status::Budget,
            Failure::Incomplete { .. } => Status::Incomplete,
            Failure::Output(_) | Failure::WriteFailed { .. } => Status::Output,
            Failure::Interrupted { .. }
            | Failure::RaceInterrupted { .. }
            | Failure::Recount(RecountError::Stopped { .. }) => Status::Interrupted,
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
        ExitCode::from(self.status().code())
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

/// A failure to write `path` (`-`: stdout) after the work, which loses the
/// output; or, when `path` leads through a symbolic link someone else may
/// have planted, a path that cannot be written, as it is before the work.
pub(crate) fn written(path: &std::path::Path) -> impl FnOnce(io::Error) -> Failure {
    let path = path.to_owned();
    move |error| {
        if queens_toolkit::files::is_stdout(&path) {
            Failure::Output(error)
        } else if queens_toolkit::files::is_planted_link(&error) {
            Failure::Path {
                action: "write",
                path,
                error,
            }
        } else {
            Failure::WriteFailed { path, error }
        }
    }
}

/// Checks before any work that `path` (`-`: stdout) can be written: a path
/// that cannot is bad input, a closed stdout an output that would be lost.
pub(crate) fn writable(path: &std::path::Path) -> Result<(), Failure> {
    if queens_toolkit::files::is_stdout(path) {
        return Ok(queens_toolkit::files::check_stdout()?);
    }
    queens_toolkit::files::check_writable(path).map_err(self::path("write", path))
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
        error: queens_toolkit::files::name_loop(error),
    }
}

#[cfg(test)]
mod tests {
    use queens_core::{Line, Square};

    use super::*;

    #[test]
    fn the_readme_says_the_exit_statuses_as_help_does() {
        let readme = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
        let readme = std::fs::read_to_string(readme).expect("the README reads");
        assert!(
            readme.contains(&exit_statuses()),
            "README.md is stale: paste the \"Exit status\" paragraph of `queens --help`"
        );
        let codes: Vec<u8> = Status::ALL.iter().map(|status| status.code()).collect();
        assert_eq!(codes, [0, 1, 2, 3, 4, 74, 130]);
    }

    #[test]
    fn an_interrupted_count_says_how_many_it_found() {
        let line = |solutions| Failure::Interrupted { solutions }.to_string();
        assert_eq!(
            line(1_234),
            "interrupted: 1,234 solutions found before Ctrl-C"
        );
        assert_eq!(line(1), "interrupted: 1 solution found before Ctrl-C");
        assert_eq!(Failure::Interrupted { solutions: 0 }.status().code(), 130);
    }

    #[test]
    fn a_board_too_large_to_draw_says_its_size() {
        let refusal = Failure::TooLargeToDraw {
            n: 1_000_000,
            most: 1_000,
        };
        assert_eq!(
            refusal.to_string(),
            "error: a drawn board of n = 1,000,000 would be 1,000,000,000,000 cells \
             (boards are drawn up to n = 1,000); use --format rows or --json"
        );
        assert_eq!(refusal.status().code(), 2);
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
            "invalid: queens at (row 3, col 5) and (row 7, col 1) share an anti-diagonal"
        );
        assert_eq!(
            attack(Square::new(0, 0), Square::new(2, 2), Line::Diagonal),
            "invalid: queens at (row 0, col 0) and (row 2, col 2) share a diagonal"
        );
        assert_eq!(
            Failure::Attack(Attack {
                first: Square::new(0, 1),
                second: Square::new(4, 1),
                line: Line::Column
            })
            .status()
            .code(),
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
            .status()
            .code(),
            3
        );
    }

    #[test]
    fn a_link_someone_planted_is_bad_input_even_when_found_after_the_work() {
        use std::os::unix::fs::PermissionsExt;
        let folder = std::env::temp_dir().join(format!("queens-planted-{}", std::process::id()));
        std::fs::create_dir(&folder).unwrap();
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o777)).unwrap();
        let link = folder.join("solution-0001.svg");
        std::os::unix::fs::symlink("victim", &link).unwrap();
        let given = std::os::unix::fs::lchown(&link, Some(1001), None);
        let written = queens_toolkit::files::write_whole(&link, b"<svg/>");
        std::fs::remove_dir_all(&folder).unwrap();
        if given.is_err() {
            eprintln!("skipped: giving a symbolic link to another user needs root");
            return;
        }
        let failure = written.map_err(super::written(&link)).unwrap_err();
        assert!(
            matches!(&failure, Failure::Path { action: "write", path, .. } if *path == link),
            "{failure:?}"
        );
        assert_eq!(failure.status(), Status::BadInput);
    }

    #[test]
    fn output_that_cannot_be_written_is_its_own_status() {
        let closed = io::Error::new(io::ErrorKind::NotConnected, "stdout is closed");
        let failure = Failure::Output(closed);
        assert_eq!(failure.status().code(), 74);
        assert_eq!(
            failure.to_string(),
            "error: cannot write the output: stdout is closed"
        );
        let full = Failure::WriteFailed {
            path: PathBuf::from("/dev/full"),
            error: io::Error::new(io::ErrorKind::StorageFull, "No space left on device"),
        };
        assert_eq!(full.status().code(), 74);
        assert_eq!(
            full.to_string(),
            "error: cannot write '/dev/full': No space left on device"
        );
    }
}
