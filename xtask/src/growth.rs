//! `cargo xtask growth`: its options, and the glue that hands them to the
//! lab ([`queens_lab::growth`]) and prints or writes what comes back.

use std::time::Duration;

use queens_lab::growth::measure::growth;
use queens_lab::growth::model::{TOP, parse_to};
use queens_lab::growth::page;

use crate::error::Error;
use crate::output::{print_out, write_files};
use crate::paths::workspace_root;

/// The options of `cargo xtask growth`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The largest board: each solver stops there, or earlier at its own
    /// practical limit or the cap.
    #[arg(long, default_value_t = TOP, value_parser = parse_to)]
    pub to: usize,
    /// The longest one count may be predicted to take, e.g. `60s`; a solver
    /// stops before the first size predicted past it.
    #[arg(long, default_value = "120s", value_parser = queens_lab::measuring::parse_time_limit)]
    pub cap: Duration,
    /// Also writes docs/growth.md and docs/growth.svg (n = 4..=19).
    #[arg(long, conflicts_with = "to")]
    pub write_docs: bool,
}

/// Runs `cargo xtask growth`.
pub(crate) fn run(args: &Args) -> Result<(), Error> {
    if queens_lab::machine::OPT_LEVEL == "0" {
        eprintln!("warning: this build is not optimised, so its times mean little");
    }
    let growth = growth(if args.write_docs { TOP } else { args.to }, args.cap)?;
    if args.write_docs {
        write_files(&workspace_root(), &page::files(&growth)?)?;
        eprintln!("wrote {} and {}", page::PAGE, page::PLOT);
    }
    print_out(&page::terminal(&growth))
}
