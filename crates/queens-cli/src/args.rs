//! The arguments the commands share, declared with clap derive (the
//! problem, the solver, the budget, how boards are drawn), and the value
//! parsers that turn each argument into a model value. Each command declares
//! its own options beside its code, in the `commands` modules.
//!
//! The parsers word their errors as the whole line the user will read, so
//! that the `failure` module can print exactly that line instead of clap's
//! several-line report. The algorithm names are never written here: the
//! parser of `--algo` looks them up in the registry, `queens_solvers`, and
//! so lists and accepts whatever solvers it holds. The board formats are the
//! model's, [`TextFormat::ALL`], plus `svg`.

use std::ffi::OsStr;
use std::num::IntErrorKind;
use std::path::PathBuf;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Arg, Args};
use queens_core::{Mode, Solver, Square, TextFormat};

use crate::guard;

/// The problem every command solves, and the solver to solve it with.
#[derive(Args)]
pub(crate) struct ProblemOptions {
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
        value_parser = ALGORITHM,
        default_value = queens_solvers::fastest().info().name
    )]
    pub(crate) algo: &'static dyn Solver,

    /// A queen placed before the search starts, at ROW:COL counted from 0
    /// (repeatable). Every solution keeps it there.
    #[arg(
        long = "queen",
        value_name = "ROW:COL",
        allow_hyphen_values = true,
        value_parser = parse_square
    )]
    pub(crate) queens: Vec<Square>,

    /// The most queens a search may place before it stops, with exit
    /// status 3. It bounds the work that cannot be predicted from N (a
    /// first solution, which pre-placed queens or --unique may make long):
    /// by default about twenty seconds of the solver's own pace, from
    /// 6.3 × 10^7 queens for the matrix solver to 1.4 × 10^9 for the
    /// bitboard. Counts, listings and traces, whose work the refusal rules
    /// predict, have it as a backstop: 10^10 by default. --force lifts the
    /// default; a budget given with --force still holds.
    #[arg(
        long,
        value_name = "QUEENS",
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub(crate) budget: Option<u64>,

    /// The seed of the min-conflicts solver's random choices: the same seed
    /// finds the same solution (default: its fixed seed).
    #[arg(long, value_name = "SEED")]
    pub(crate) seed: Option<u64>,
}

impl ProblemOptions {
    /// The budget of a search for `mode` (a trace's is a count's): the one
    /// given, even under `force`, or else the default for the mode, unless
    /// `force`.
    pub(crate) fn budget(&self, mode: Mode, force: bool) -> Option<u64> {
        let default = match mode {
            Mode::First => first_budget(self.algo),
            Mode::Count | Mode::All => BACKSTOP_BUDGET,
        };
        self.budget.or((!force).then_some(default))
    }
}

/// About how many seconds a first solution may search by default: its
/// budget is this many seconds of the solver's pace on the reference
/// machine ([`queens_solvers::queens_per_second`]), so that every solver
/// gives up after about the same time, not after one number of queens,
/// which took the bitboard 15 s and the matrix solver five minutes. It is
/// far past any first solution the refusal rules let through without a
/// budget (the bitboard finds n = 32's after 8.7 × 10^7 queens, 1.3 s; the
/// matrix solver n = 26's after 4.0 × 10^5), far short of hours.
const FIRST_SECONDS: u64 = 20;

/// The budget of a first solution by `solver` when none is given:
/// [`FIRST_SECONDS`] of its pace.
fn first_budget(solver: &dyn Solver) -> u64 {
    queens_solvers::queens_per_second(solver).saturating_mul(FIRST_SECONDS)
}

/// The budget of counts, listings and traces when none is given: a
/// backstop for a search the refusal rules let through that places more
/// queens than they foresaw, such as a listing of the bitboard's n = 18;
/// `count --stats` refuses beforehand a search it would stop
/// ([`crate::tree`]).
pub(crate) const BACKSTOP_BUDGET: u64 = 10_000_000_000;

/// The options `count`, `first` and `all` share.
#[derive(Args)]
pub(crate) struct Options {
    /// The problem and the solver.
    #[command(flatten)]
    pub(crate) problem: ProblemOptions,

    /// Only fundamental solutions: one per class of solutions under the
    /// eight rotations and reflections of the board, each in its canonical
    /// (lexicographically smallest) form. Not with --queen.
    #[arg(long)]
    pub(crate) unique: bool,

    /// Print JSON: one object for count and first, one line per solution for
    /// all. Not with --format.
    #[arg(long)]
    pub(crate) json: bool,

    /// Run work that would take hours instead of refusing it.
    #[arg(long, long_help = guard::force_help())]
    pub(crate) force: bool,

    /// Show no progress bar, even on a terminal.
    #[arg(long, short)]
    pub(crate) quiet: bool,
}

/// The options of `first` and `all`: what `count` takes, and how to draw
/// the boards.
#[derive(Args)]
pub(crate) struct DrawOptions {
    /// What every command takes.
    #[command(flatten)]
    pub(crate) options: Options,

    /// How to print each board: seed 000's 0/1 `matrix` (the default), seed
    /// 001's `hash` (`# ` and `_ `), seed 004's `stars` (`Q`, `*`, and `U` for
    /// a pre-placed queen), seed 004's table line `rows` (the 1-based column
    /// of each row's queen), LeetCode's `dots` (`.Q..`), or a drawn `svg`
    /// chessboard.
    #[arg(
        long,
        value_name = "FORMAT",
        value_parser = BOARD_FORMAT,
        conflicts_with = "json"
    )]
    pub(crate) format: Option<BoardFormat>,

    /// With --format svg: where the drawings go; `first` and `all` each
    /// say how in their help.
    #[arg(long, value_name = "PATH")]
    pub(crate) out: Option<PathBuf>,
}

/// How boards are drawn: one of the model's text notations, or SVG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoardFormat {
    /// A text notation, [`TextFormat::render`].
    Text(TextFormat),
    /// A drawn chessboard, [`queens_core::svg::board`].
    Svg,
}

impl BoardFormat {
    /// The name of the SVG format on the command line.
    const SVG: &'static str = "svg";

    /// Every format, text ones first, in the model's order.
    fn all() -> impl Iterator<Item = BoardFormat> {
        TextFormat::ALL
            .into_iter()
            .map(BoardFormat::Text)
            .chain([BoardFormat::Svg])
    }

    /// The name used on the command line.
    fn name(self) -> &'static str {
        match self {
            BoardFormat::Text(format) => format.name(),
            BoardFormat::Svg => Self::SVG,
        }
    }
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
    /// A format that is not one of the tool's.
    #[error("invalid value '{value}' for --format: expected one of {expected}")]
    UnknownFormat {
        /// What the user wrote.
        value: String,
        /// The names accepted, comma-separated.
        expected: String,
    },
    /// `trace --format svg`: a trace draws its boards as text.
    #[error(
        "invalid value 'svg' for --format: trace draws its boards as text; \
         use --html FILE for a drawn replay"
    )]
    SvgTrace,
    /// A name that is not in the registry.
    #[error(
        "unknown algorithm '{name}' (expected one of {})",
        queens_solvers::every_name().join(", ")
    )]
    UnknownAlgorithm {
        /// What the user wrote.
        name: String,
    },
    /// `count --seed` or `all --seed`: no solver that finds every solution
    /// makes random choices.
    #[error(
        "--seed is for first and trace: no solver that finds every solution makes random \
         choices, so count and all take no seed"
    )]
    Seedless,
}

/// Parses the board size `N`: a whole number, 0 or more.
pub(crate) fn parse_board_size(text: &str) -> Result<usize, ValueError> {
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

/// Parses `--limit`: a whole number of steps, 1 or more.
pub(crate) fn parse_limit(text: &str) -> Result<u64, ValueError> {
    parse_positive("--limit", text)
}

/// Parses `--every`: a whole number of steps, 1 or more.
pub(crate) fn parse_every(text: &str) -> Result<u64, ValueError> {
    parse_positive("--every", text)
}

/// Parses a count of steps for `argument`: a whole number, 1 or more.
fn parse_positive(argument: &'static str, text: &str) -> Result<u64, ValueError> {
    match text.parse::<u64>() {
        Ok(steps) if steps > 0 => Ok(steps),
        _ => Err(ValueError::Invalid {
            argument,
            value: text.to_owned(),
            reason: "expected a whole number of steps, 1 or more",
        }),
    }
}

/// Whether `text` is a minus sign followed by digits.
fn is_negative_number(text: &str) -> bool {
    text.strip_prefix('-')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Parses a pre-placed queen, `ROW:COL`. Whether the square is on the board
/// is the problem's to say, once `N` is known.
pub(crate) fn parse_square(text: &str) -> Result<Square, ValueError> {
    let invalid = || ValueError::Invalid {
        argument: "--queen",
        value: text.to_owned(),
        reason: "expected ROW:COL, two whole numbers counted from 0, such as 0:2",
    };
    let (row, col) = text.split_once(':').ok_or_else(invalid)?;
    let number = |part: &str| part.parse::<usize>().map_err(|_| invalid());
    Ok(Square::new(number(row)?, number(col)?))
}

/// The solver `--algo` names, looked up in the registry.
fn parse_algorithm(name: &str) -> Result<&'static dyn Solver, ValueError> {
    queens_solvers::by_name(name).ok_or_else(|| ValueError::UnknownAlgorithm {
        name: name.to_owned(),
    })
}

/// The registry's solvers, each with its title, so that `--help` lists them.
fn algorithm_values() -> Vec<PossibleValue> {
    values_of(queens_solvers::every())
}

/// The solvers that find every solution, each with its title.
fn finding_all_values() -> Vec<PossibleValue> {
    values_of(queens_solvers::FINDS_ALL.iter().copied())
}

/// `solvers` as `--help` lists them: each name with its title, and the
/// other names it answers to, from the registry (`lookup-array
/// backtracking (also: bnb)`), since `--algo` accepts those too; each of
/// those is a value of its own after it (`another name for lookup`), so
/// that `-h`, which lists only the names, names them too.
fn values_of(solvers: impl Iterator<Item = &'static dyn Solver>) -> Vec<PossibleValue> {
    solvers
        .flat_map(|solver| {
            let info = solver.info();
            let aliases = queens_solvers::aliases(solver);
            let help = if aliases.is_empty() {
                info.title.to_owned()
            } else {
                format!("{} (also: {})", info.title, aliases.join(", "))
            };
            let others = aliases.iter().map(move |alias| {
                PossibleValue::new(*alias).help(format!("another name for {}", info.name))
            });
            std::iter::once(PossibleValue::new(info.name).help(help)).chain(others)
        })
        .collect()
}

/// The text formats a trace accepts, by name.
fn parse_text_format(name: &str) -> Result<TextFormat, ValueError> {
    TextFormat::ALL
        .into_iter()
        .find(|format| format.name() == name)
        .ok_or_else(|| {
            if name == BoardFormat::SVG {
                ValueError::SvgTrace
            } else {
                unknown_format(name, text_format_names())
            }
        })
}

/// The formats `first` and `all` accept, by name.
fn parse_board_format(name: &str) -> Result<BoardFormat, ValueError> {
    BoardFormat::all()
        .find(|format| format.name() == name)
        .ok_or_else(|| unknown_format(name, board_format_names()))
}

/// The names of the text formats, in the model's order.
fn text_format_names() -> Vec<&'static str> {
    TextFormat::ALL.into_iter().map(TextFormat::name).collect()
}

/// The text formats, as clap lists them.
fn text_format_values() -> Vec<PossibleValue> {
    text_format_names()
        .into_iter()
        .map(PossibleValue::new)
        .collect()
}

/// The names of every format, `svg` last.
fn board_format_names() -> Vec<&'static str> {
    BoardFormat::all().map(BoardFormat::name).collect()
}

/// Every format, as clap lists them.
fn board_format_values() -> Vec<PossibleValue> {
    board_format_names()
        .into_iter()
        .map(PossibleValue::new)
        .collect()
}

/// The error for a format name that is none of `expected`.
fn unknown_format(name: &str, expected: Vec<&str>) -> ValueError {
    ValueError::UnknownFormat {
        value: name.to_owned(),
        expected: expected.join(", "),
    }
}

/// Parses an argument that names one of a fixed list into `T`, and tells
/// clap the list, so that `--help` shows it: the solvers of `--algo`, the
/// formats of `--format`. Its errors are one line, like every error here.
#[derive(Clone, Copy)]
pub(crate) struct ListParser<T> {
    /// The value named by the argument, or the line that says why not.
    parse: fn(&str) -> Result<T, ValueError>,
    /// The values accepted, as `--help` lists them.
    values: fn() -> Vec<PossibleValue>,
}

/// The parser of `--algo`.
pub(crate) const ALGORITHM: ListParser<&'static dyn Solver> = ListParser {
    parse: parse_algorithm,
    values: algorithm_values,
};

/// The parser of `--algo` for the commands that need every solution
/// (`count`, `all`, `race`): `--help` lists the solvers that find them all;
/// any solver's name is read, so that one that finds a single solution is
/// refused with the reason, by the command.
pub(crate) const FINDING_ALL: ListParser<&'static dyn Solver> = ListParser {
    parse: parse_algorithm,
    values: finding_all_values,
};

/// `--algo` of `count` and `all`, which need every solution: its help
/// lists the solvers that find them all ([`FINDING_ALL`]).
pub(crate) fn finding_all(arg: Arg) -> Arg {
    arg.value_parser(FINDING_ALL)
        .help("The solver: one that finds every solution")
}

/// The parser of `--seed` where no solver takes one: every value is
/// refused, with the reason.
const SEEDLESS: ListParser<u64> = ListParser {
    parse: |_| Err(ValueError::Seedless),
    values: Vec::new,
};

/// `--seed` of `count` and `all`: no solver that finds every solution makes
/// random choices, so `--help` leaves it out and a seed given is refused
/// with the reason, rather than ignored.
pub(crate) fn seedless(arg: Arg) -> Arg {
    arg.hide(true).value_parser(SEEDLESS)
}

/// The parser of `first --format` and `all --format`.
const BOARD_FORMAT: ListParser<BoardFormat> = ListParser {
    parse: parse_board_format,
    values: board_format_values,
};

/// The parser of `trace --format`.
pub(crate) const TEXT_FORMAT: ListParser<TextFormat> = ListParser {
    parse: parse_text_format,
    values: text_format_values,
};

impl<T: Clone + Send + Sync + 'static> TypedValueParser for ListParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        _argument: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        (self.parse)(&value.to_string_lossy())
            .map_err(|error| clap::Error::raw(ErrorKind::InvalidValue, error).with_cmd(command))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.values)().into_iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_solution_searches_about_twenty_seconds_of_its_solver() {
        let budget = |name| first_budget(queens_solvers::by_name(name).unwrap());
        assert_eq!(budget("matrix"), 63_200_000);
        assert_eq!(budget("lookup"), 400_000_000);
        assert_eq!(budget("bitboard"), 1_358_000_000);
        // Every first solution the refusal rules let through fits in it:
        // the bitboard's n = 32 needs 87,491,425 queens, the lookup
        // solver's n = 30 56,429,619, the array solver's n = 28 3,006,298.
        assert!(budget("bitboard") > 87_491_425);
        assert!(budget("lookup") > 56_429_619);
        assert!(budget("array") > 3_006_298);
    }

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
    fn step_counts_are_one_or_more() {
        assert_eq!(parse_every("3").ok(), Some(3));
        assert_eq!(parse_limit("1").ok(), Some(1));
        for bad in ["0", "-1", "x", ""] {
            assert_eq!(
                parse_every(bad).unwrap_err().to_string(),
                format!(
                    "invalid value '{bad}' for --every: expected a whole number of steps, 1 or more"
                )
            );
        }
    }

    #[test]
    fn formats_parse_by_their_model_names() {
        for format in TextFormat::ALL {
            assert_eq!(
                parse_board_format(format.name()).ok(),
                Some(BoardFormat::Text(format))
            );
            assert_eq!(parse_text_format(format.name()).ok(), Some(format));
        }
        assert_eq!(parse_board_format("svg").ok(), Some(BoardFormat::Svg));
        assert_eq!(
            parse_board_format("png").unwrap_err().to_string(),
            "invalid value 'png' for --format: expected one of matrix, hash, stars, rows, dots, svg"
        );
        assert_eq!(
            parse_text_format("png").unwrap_err().to_string(),
            "invalid value 'png' for --format: expected one of matrix, hash, stars, rows, dots"
        );
        assert_eq!(
            parse_text_format("svg").unwrap_err().to_string(),
            "invalid value 'svg' for --format: trace draws its boards as text; use --html FILE for a drawn replay"
        );
    }
}
