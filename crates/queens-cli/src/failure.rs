//! Every way a run can end without an answer, the one line each prints on
//! stderr, and the exit status it ends with.
//!
//! | status | when |
//! |--------|------|
//! | 0 | answered (a count of 0 included), or the reader of the output went away |
//! | 1 | `first` found no solution; the output could not be written |
//! | 2 | bad input: the command line, the problem, or work refused without `--force` |
//!
//! Clap reports a usage error on several lines (the error, a tip, the usage,
//! a pointer to `--help`); [`Failure::from_clap`] keeps the error itself, on
//! one line, so that every bad input reads the same way.

use std::error::Error as _;
use std::io::{self, Write as _};
use std::process::ExitCode;

use queens_core::Problem;

use crate::args::ValueError;
use crate::guard::Refusal;

/// The exit statuses, as `--help` tells them.
pub(crate) const EXIT_STATUS: &str = "Exit status: 0 when answered (a count of 0 included), \
    1 when `first` finds no solution, 2 for bad input or work refused without --force.";

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
    Model(#[from] queens_core::Error),
    /// The work would take hours and `--force` was not given.
    #[error("error: {0}; pass --force to run it anyway")]
    Refused(Refusal),
    /// `first` found no solution.
    #[error("no solution for {0}")]
    NoSolution(Problem),
    /// The output could not be written.
    #[error("error: cannot write the output: {0}")]
    Output(#[from] io::Error),
}

impl Failure {
    /// The one-line failure for a clap error that is not a request for help
    /// or the version.
    pub(crate) fn from_clap(error: &clap::Error) -> Failure {
        Failure::Usage(one_line(error))
    }

    /// The exit status the failure ends the program with.
    fn exit_status(&self) -> u8 {
        match self {
            Failure::Usage(_) | Failure::Model(_) | Failure::Refused(_) => 2,
            Failure::NoSolution(_) | Failure::Output(_) => 1,
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
