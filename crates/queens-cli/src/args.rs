//! The command line, declared with clap derive: the three commands, the
//! options they share, and the value parsers that turn each argument into a
//! model value.
//!
//! The parsers word their errors as the whole line the user will read, so
//! that [`crate::failure`] can print exactly that line instead of clap's
//! several-line report. The algorithm names are never written here: the
//! parser of `--algo` looks them up in the registry, `queens_solvers`, and
//! so lists and accepts whatever solvers it holds.

use std::ffi::OsStr;
use std::num::IntErrorKind;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};
use queens_core::{Mode, Solver, Square};

use crate::{failure, guard};

/// Count, find or list the solutions of the N-Queens problem with any solver
/// of the workspace.
#[derive(Parser)]
#[command(
    name = "queens",
    version,
    arg_required_else_help = false,
    after_long_help = format!("{}\n{}", guard::rules(), failure::EXIT_STATUS)
)]
pub(crate) struct Cli {
    /// What to ask.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The three questions the tool answers.
#[derive(Subcommand)]
pub(crate) enum Command {
    /// Print the number of solutions.
    Count(Options),
    /// Print the first solution in the solver's order, as a 0/1 board.
    First(Options),
    /// Print every solution in the solver's order, boards separated by a
    /// blank line.
    All(Options),
}

impl Command {
    /// The question asked, and the options it was asked with.
    pub(crate) fn into_parts(self) -> (Mode, Options) {
        match self {
            Command::Count(options) => (Mode::Count, options),
            Command::First(options) => (Mode::First, options),
            Command::All(options) => (Mode::All, options),
        }
    }
}

/// The options every command takes.
#[derive(Args)]
pub(crate) struct Options {
    /// The board size: N queens on an N×N board.
    #[arg(
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = parse_board_size
    )]
    pub(crate) n: usize,

    /// The solver.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = AlgorithmParser,
        default_value = queens_solvers::fastest().info().name
    )]
    pub(crate) algo: &'static dyn Solver,

    /// Only fundamental solutions: one per class of solutions under the
    /// eight rotations and reflections of the board, each in its canonical
    /// (lexicographically smallest) form. Not with --queen.
    #[arg(long)]
    pub(crate) unique: bool,

    /// A queen placed before the search starts, at ROW:COL counted from 0
    /// (repeatable). Every solution keeps it there.
    #[arg(
        long = "queen",
        value_name = "ROW:COL",
        allow_hyphen_values = true,
        value_parser = parse_square
    )]
    pub(crate) queens: Vec<Square>,

    /// Print JSON: one object for count and first, one line per solution for
    /// all.
    #[arg(long)]
    pub(crate) json: bool,

    /// Run work that would take hours instead of refusing it.
    #[arg(long, long_help = guard::force_help())]
    pub(crate) force: bool,
}

/// A value on the command line that does not parse, worded as the line the
/// user reads after `error: `.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ValueError {
    /// A value of the wrong form.
    #[error("invalid value '{value}' for {argument}: {reason}")]
    Invalid {
        /// The argument as the user knows it: `N`, `--queen`.
        argument: &'static str,
        /// What the user wrote.
        value: String,
        /// What was expected instead.
        reason: &'static str,
    },
    /// A name that is not in the registry.
    #[error(
        "unknown algorithm '{name}' (expected one of {})",
        queens_solvers::names().join(", ")
    )]
    UnknownAlgorithm {
        /// What the user wrote.
        name: String,
    },
}

/// Parses the board size `N`: a whole number, 0 or more.
fn parse_board_size(text: &str) -> Result<usize, ValueError> {
    text.parse().map_err(|error: std::num::ParseIntError| {
        let reason = if *error.kind() == IntErrorKind::PosOverflow {
            "the number is too large"
        } else if is_negative_number(text) {
            "a board size cannot be negative"
        } else {
            "expected a whole number"
        };
        ValueError::Invalid {
            argument: "N",
            value: text.to_owned(),
            reason,
        }
    })
}

/// Whether `text` is a minus sign followed by digits.
fn is_negative_number(text: &str) -> bool {
    text.strip_prefix('-')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Parses a pre-placed queen, `ROW:COL`. Whether the square is on the board
/// is the problem's to say, once `N` is known.
fn parse_square(text: &str) -> Result<Square, ValueError> {
    let invalid = || ValueError::Invalid {
        argument: "--queen",
        value: text.to_owned(),
        reason: "expected ROW:COL, two whole numbers counted from 0, such as 0:2",
    };
    let (row, col) = text.split_once(':').ok_or_else(invalid)?;
    let number = |part: &str| part.parse::<usize>().map_err(|_| invalid());
    Ok(Square::new(number(row)?, number(col)?))
}

/// Parses `--algo` by looking the name up in the registry, and tells clap
/// the registry's names, so that `--help` lists every solver with its title.
#[derive(Clone, Copy)]
struct AlgorithmParser;

impl TypedValueParser for AlgorithmParser {
    type Value = &'static dyn Solver;

    fn parse_ref(
        &self,
        command: &clap::Command,
        _argument: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let name = value.to_string_lossy();
        queens_solvers::by_name(&name).ok_or_else(|| {
            let error = ValueError::UnknownAlgorithm {
                name: name.into_owned(),
            };
            clap::Error::raw(ErrorKind::InvalidValue, error).with_cmd(command)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(queens_solvers::ALL.iter().map(|solver| {
            let info = solver.info();
            PossibleValue::new(info.name).help(info.title)
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_parse_or_say_why_not() {
        assert_eq!(parse_board_size("12").ok(), Some(12));
        let reason = |text| parse_board_size(text).unwrap_err().to_string();
        assert_eq!(
            reason("x"),
            "invalid value 'x' for N: expected a whole number"
        );
        assert_eq!(
            reason("-3"),
            "invalid value '-3' for N: a board size cannot be negative"
        );
        assert_eq!(
            reason("99999999999999999999999"),
            "invalid value '99999999999999999999999' for N: the number is too large"
        );
    }

    #[test]
    fn squares_parse_as_row_colon_column() {
        assert_eq!(parse_square("3:5").ok(), Some(Square::new(3, 5)));
        for malformed in ["3", "3:", ":5", "a:b", "-1:2", "1:2:3"] {
            assert_eq!(
                parse_square(malformed).unwrap_err().to_string(),
                format!(
                    "invalid value '{malformed}' for --queen: expected ROW:COL, two whole numbers counted from 0, such as 0:2"
                )
            );
        }
    }

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
