//! The one rule for a command line that clap could not turn into a
//! command, shared by every tool of the workspace: help and version go to
//! stdout and succeed; anything else is one line on stderr, exit status 2.
//!
//! Clap reports a usage error on several lines (the error, a tip, the
//! usage, a pointer to `--help`); a tool's user, and a script reading its
//! stderr, want the error itself: clap's first paragraph, which names the
//! argument and the value it refused. A tool whose value parsers return an
//! error type of their own (an unknown solver, a board too large) has those
//! said in the parser's words alone, with [`exit_in_own_words`]. A
//! command line that names no subcommand gets the list of them, not a page
//! of help. Help and version printed to a stdout that is closed or full are
//! a failure to write output, which every tool ends with
//! [`files::EXIT_IO`](crate::files::EXIT_IO); a reader that went away
//! (`| head`) wanted no more, and that succeeds.

use std::convert::Infallible;
use std::error::Error;
use std::io::{self, Write as _};
use std::process::ExitCode;

use clap::error::ErrorKind;

use crate::files::{EXIT_IO, check_stdout};

/// The exit status of a usage error.
pub const EXIT_USAGE: u8 = 2;

/// Ends a run whose command line clap rejected with `error`, as the rule
/// says; `command` is the tool's command, whose subcommands a missing one
/// is told from.
pub fn exit(error: &clap::Error, command: &clap::Command) -> ExitCode {
    exit_in_own_words::<Infallible>(error, command)
}

/// [`exit`], for a tool whose value parsers fail with `Own`: a value they
/// refuse is said in their words alone.
pub fn exit_in_own_words<Own: Error + 'static>(
    error: &clap::Error,
    command: &clap::Command,
) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        return print_to_stdout(error);
    }
    let _ = writeln!(io::stderr(), "{}", line::<Own>(error, command));
    ExitCode::from(EXIT_USAGE)
}

/// The one line of a usage error: the words of a value parser failing with
/// `Own`, the list of subcommands when none was named, or clap's first
/// paragraph.
pub fn line<Own: Error + 'static>(error: &clap::Error, command: &clap::Command) -> String {
    if let Some(own) = error
        .source()
        .and_then(|source| source.downcast_ref::<Own>())
    {
        return format!("error: {own}");
    }
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand
    ) {
        let names: Vec<&str> = command
            .get_subcommands()
            .filter(|subcommand| !subcommand.is_hide_set())
            .map(clap::Command::get_name)
            .collect();
        return format!("error: name a subcommand: {}", names.join(", "));
    }
    let rendered = error.render().to_string();
    let first_paragraph = rendered.split("\n\n").next().unwrap_or_default();
    let words: Vec<&str> = first_paragraph
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    words.join(" ")
}

/// Prints help or version on stdout, and says how that ended.
fn print_to_stdout(error: &clap::Error) -> ExitCode {
    match check_stdout().and_then(|()| error.print()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) if failure.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(failure) => {
            let _ = writeln!(io::stderr(), "error: cannot write to stdout: {failure}");
            ExitCode::from(EXIT_IO)
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::{Arg, Command};

    use super::*;

    fn tool() -> Command {
        Command::new("tool")
            .subcommand_required(true)
            .arg_required_else_help(true)
            .subcommand(Command::new("count").arg(Arg::new("n").required(true)))
            .subcommand(Command::new("first"))
            .subcommand(Command::new("inner").hide(true))
    }

    fn rejected(arguments: &[&str]) -> String {
        let error = tool().try_get_matches_from(arguments).unwrap_err();
        line::<Infallible>(&error, &tool())
    }

    #[test]
    fn a_usage_error_is_one_line() {
        assert_eq!(
            rejected(&["tool", "count"]),
            "error: the following required arguments were not provided: <n>"
        );
        assert_eq!(
            rejected(&["tool", "frobnicate"]),
            "error: unrecognized subcommand 'frobnicate'"
        );
        assert_eq!(
            rejected(&["tool"]),
            "error: name a subcommand: count, first"
        );
        let required = Command::new("tool")
            .subcommand_required(true)
            .subcommand(Command::new("count"));
        let error = required.clone().try_get_matches_from(["tool"]).unwrap_err();
        assert_eq!(
            line::<Infallible>(&error, &required),
            "error: name a subcommand: count"
        );
    }

    #[derive(Debug)]
    struct NotABoardSize(String);

    impl std::fmt::Display for NotABoardSize {
        fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(formatter, "{:?} is not a board size", self.0)
        }
    }

    impl Error for NotABoardSize {}

    #[test]
    fn a_parsers_own_error_keeps_its_words() {
        let tool =
            Command::new("tool").arg(Arg::new("n").long("n").value_parser(|text: &str| {
                text.parse::<u8>().map_err(|_| NotABoardSize(text.into()))
            }));
        let error = tool
            .clone()
            .try_get_matches_from(["tool", "--n", "x"])
            .unwrap_err();
        assert_eq!(
            line::<NotABoardSize>(&error, &tool),
            "error: \"x\" is not a board size"
        );
        assert_eq!(
            line::<Infallible>(&error, &tool),
            "error: invalid value 'x' for '--n <n>': \"x\" is not a board size"
        );
    }
}
