//! The top of the command line: the `queens` parser, its help, and the
//! subcommands of [`crate::commands`].

use clap::Parser;

use crate::commands::Command;
use crate::{failure, guard};

/// Count, find, list, draw or trace the solutions of the N-Queens problem
/// with any solver of the workspace.
#[derive(Parser)]
#[command(
    name = "queens",
    version,
    arg_required_else_help = false,
    after_long_help = format!("{}\n{}", guard::rules(), failure::exit_statuses())
)]
pub(crate) struct Cli {
    /// What to ask.
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn the_crate_essay_lists_every_subcommand() {
        use clap::CommandFactory;
        let parsed: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|command| format!("`{}`", command.get_name()))
            .collect();
        let essay: String = include_str!("lib.rs")
            .lines()
            .filter_map(|line| line.strip_prefix("//!"))
            .collect::<Vec<_>>()
            .join(" ");
        let listed = essay
            .split_once("The subcommands: ")
            .and_then(|(_, rest)| rest.split_once(" ("))
            .map(|(list, _)| list.split_whitespace().collect::<Vec<_>>().join(" "))
            .expect("the essay lists the subcommands");
        assert_eq!(listed, parsed.join(", "));
    }
}
