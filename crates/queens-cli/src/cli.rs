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
}
