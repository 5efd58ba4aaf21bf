//! `cargo xtask peers`: its options, and the glue that hands them to the
//! duels ([`queens_peers`]) and prints or writes what comes back.

use std::path::PathBuf;

use queens_peers::Duels;

use crate::error::Error;
use crate::output::{print_out, write_files};
use crate::paths::{target_dir, workspace_root};

/// The options of `cargo xtask peers`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The folder of the seeds' C programs (default: ../shared/peers beside
    /// the workspace).
    #[arg(long, value_name = "DIR")]
    pub peers: Option<PathBuf>,
    /// Runs of each side; the table shows the best of each [default: 5, or
    /// 1 with --counter, where one run of the C peer alone takes about 25 s
    /// on two cores].
    #[arg(long, value_parser = queens_lab::measuring::parse_runs)]
    pub runs: Option<u32>,
    /// Measures the fast counter (queens-bitboard) instead of the seeds'
    /// solvers: n = 17 on one thread and on every core against the C
    /// textbook bitboard counter (bitboard_mirror.c), and n = 18, 19 and 20
    /// on every core against 14 s, 2 minutes and 5 minutes of wall time.
    #[arg(long)]
    pub counter: bool,
    /// With --counter or --write-docs: a checkout of NQueensFAF (its
    /// develop branch, github.com/olepoeschl/NQueensFAF), built with javac
    /// and timed against the counter at n = 17 and 18; the task fetches
    /// nothing, and without it says so.
    #[arg(long, value_name = "DIR")]
    pub faf: Option<PathBuf>,
    /// Regenerates docs/peers.md: both duels, the seeds' and --counter's,
    /// each with its default runs (minutes: the C counter's n = 17 and the
    /// counter's n = 19 are the long ones).
    #[arg(long, conflicts_with_all = ["runs", "counter"])]
    pub write_docs: bool,
}

/// Runs `cargo xtask peers`: the C programs are built into `target/peers/`.
pub(crate) fn run(args: &Args) -> Result<(), Error> {
    let folder = args
        .peers
        .clone()
        .unwrap_or_else(|| workspace_root().join("../shared/peers"));
    let build = target_dir().join("peers");
    if args.write_docs {
        let written = queens_peers::docs::run(&folder, &build, args.faf.as_deref())?;
        write_files(&workspace_root(), &written.files)?;
        print_out(&written.terminal)?;
        eprintln!("wrote {}", queens_peers::docs::PAGE);
        return Ok(());
    }
    let duels = match (args.counter, args.faf.as_deref()) {
        (true, faf) => Duels::Counter { faf },
        (false, None) => Duels::Seeds,
        (false, Some(_)) => {
            return Err(Error::BadInput(
                "--faf goes with --counter or --write-docs".to_owned(),
            ));
        }
    };
    let text = queens_peers::run(&folder, &build, args.runs, duels)?;
    print_out(&text)
}
