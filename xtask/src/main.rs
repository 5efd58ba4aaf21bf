//! The project's automation, run as `cargo xtask <task>` (the rust-analyzer
//! pattern: a plain Rust program in the workspace, started by the alias in
//! `.cargo/config.toml`, so no tool needs installing).
//!
//! One module per task (a test checks that the tasks named here are the
//! parser's):
//!
//! - [`browser_check`]: `cargo xtask browser-check`, the trace page of
//!   `queens trace --html` opened in a headless Chromium and its counters
//!   checked, then a race page of `queens race --html` played to its end;
//! - [`cluster_check`]: `cargo xtask cluster-check`, the Slurm job-array
//!   script of `examples/slurm` run on a one-node cluster started for it;
//! - [`compare`]: `cargo xtask compare`, every registered solver side by side
//!   over a range of board sizes, as tables, JSON, CSV, a plot and the
//!   generated `docs/comparison.md`;
//! - [`growth`]: `cargo xtask growth`, how the counts and the time to count
//!   them grow with n, a rate fitted per solver, and the generated
//!   `docs/growth.md`;
//! - [`gradescope_check`]: `cargo xtask gradescope-check`, the Gradescope
//!   autograder bundle set up offline in a Gradescope-shaped image without
//!   bubblewrap, and a correct and a buggy submission of each language
//!   graded there, each `results.json` checked;
//! - [`grade`]: `cargo xtask grade`, `cargo xtask new-submission` and
//!   `cargo xtask template-check`, thin aliases to the `queens-grade` crate
//!   (the last makes a student's crate on the newest releases and tests it);
//! - [`peers`]: `cargo xtask peers`, each solver against its seed's C program,
//!   and `cargo xtask peers --counter`, the fast counter against the textbook
//!   C bitboard counter;
//! - [`sandbox_check`]: `cargo xtask sandbox-check`, the grader's walls,
//!   in bubblewrap and without it, attacked by probes and by the hostile
//!   class of `examples/hostile`.
//!
//! A binary crate: this file parses the command line and hands it to the
//! task; every task is a private module, so the compiler sees what no task
//! uses, and each module's tests sit beside it. What the tasks share lives
//! in modules of its own, never in another task's insides: [`measuring`]
//! (how `compare`, `growth` and `peers` time a search and read their common
//! options), [`plotting`] (what the plots of `compare` and `growth` share),
//! [`machine`] (where a timing ran, and how busy it was), [`system`] (what
//! the checks that drive the machine as root share), [`progress`] and
//! [`units`].

// The essay above is a map of the private modules for readers of
// `cargo doc --document-private-items`: its links to them are meant.
#![allow(rustdoc::private_intra_doc_links)]

mod browser_check;
mod cluster_check;
mod compare;
mod grade;
mod gradescope_check;
mod growth;
mod machine;
mod measuring;
mod peers;
mod plotting;
mod progress;
mod sandbox_check;
mod system;
mod units;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The project's automation tasks.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Every solver side by side over a range of n: work, time and a verdict.
    Compare(compare::Args),
    /// How counts and the time to count them grow with n: every solver and
    /// the ladder's steps timed to n = 18, a growth rate fitted per solver.
    Growth(growth::Args),
    /// Each solver against its seed's C program, or with --counter the fast
    /// counter against the textbook C bitboard counter (needs ../shared/peers
    /// and gcc).
    Peers(peers::Args),
    /// The trace page of `queens trace --html` and the race page of `queens
    /// race --html` in headless Chromium: counters checked, screenshots
    /// saved (needs `apt-get install chromium`).
    BrowserCheck(browser_check::Args),
    /// `examples/slurm/count.sbatch` on a one-node Slurm cluster started for
    /// the check: n = 15 in 16 shards, two cancelled, merged, resubmitted,
    /// merged again (needs `apt-get install slurm-wlm munge`).
    ClusterCheck,
    /// Grades submissions with the conformance suite (`queens-grade grade`;
    /// `cargo xtask grade --help` lists its options).
    #[command(disable_help_flag = true)]
    Grade(grade::Passed),
    /// Makes a Rust crate to start a submission from
    /// (`queens-grade new-submission DIR --name NAME --git URL`).
    #[command(disable_help_flag = true)]
    NewSubmission(grade::Passed),
    /// A student's first day with the newest releases: a template crate,
    /// `cargo update`d, compiled, and tested with a correct solver (needs
    /// the network to reach crates.io).
    TemplateCheck(grade::TemplateArgs),
    /// Attacks the grader's sandbox with hostile submissions: secrets,
    /// 3 GiB of shared memory, a full disk, a process left behind (needs
    /// `apt-get install bubblewrap`).
    SandboxCheck(sandbox_check::Args),
    /// The Gradescope autograder end to end: the bundle set up offline in a
    /// Gradescope-shaped image without bubblewrap, a correct and a buggy
    /// submission of each language graded there (root only; needs gcc, g++,
    /// python3, default-jdk and a rustup toolchain).
    GradescopeCheck(gradescope_check::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            use clap::CommandFactory as _;
            return queens_toolkit::usage::exit(&error, &Cli::command());
        }
    };
    let outcome = match cli.task {
        Task::Compare(args) => compare::run(&args),
        Task::Growth(args) => growth::run(&args),
        Task::Peers(args) => peers::run(&args),
        Task::BrowserCheck(args) => browser_check::run(&args),
        Task::ClusterCheck => cluster_check::run(),
        Task::Grade(passed) => grade::grade(&passed),
        Task::NewSubmission(passed) => grade::new_submission(&passed),
        Task::TemplateCheck(args) => grade::template_check(&args),
        Task::SandboxCheck(args) => sandbox_check::run(&args),
        Task::GradescopeCheck(args) => gradescope_check::run(&args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let message = error.to_string();
            if !message.is_empty() {
                eprintln!("error: {message}");
            }
            ExitCode::from(error.exit_code())
        }
    }
}

/// Why a task stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request itself is wrong (an unknown name, an unwritable file, a
    /// missing folder): the user can fix it. Exit status 2.
    #[error("{0}")]
    BadInput(String),
    /// Something failed while the task ran. Exit status 1.
    #[error("{0}")]
    Failed(String),
    /// The output could not be written: stdout closed or failing, or a file
    /// after the work. Exit status 74, as in every tool
    /// ([`queens_toolkit::files::EXIT_IO`]).
    #[error("{0}")]
    Output(String),
    /// A program the task ran has said what went wrong and exited with this
    /// status, which the task passes on.
    #[error("")]
    Reported(u8),
}

impl Error {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::BadInput(_) => 2,
            Error::Failed(_) => 1,
            Error::Output(_) => queens_toolkit::files::EXIT_IO,
            Error::Reported(code) => *code,
        }
    }
}

/// Writes `text` to stdout: a closed pipe (`| head`) ends the output
/// quietly, any other failure (a full disk, a stdout closed with `>&-`) is
/// an error.
pub fn print_out(text: &str) -> Result<(), Error> {
    queens_toolkit::files::to_stdout(text.as_bytes())
        .map_err(|error| Error::Output(format!("cannot write to stdout: {error}")))
}

/// Writes `text` to `path` whole, or leaves the old file.
pub(crate) fn write_whole(path: &Path, text: &str) -> Result<(), Error> {
    queens_toolkit::files::write_whole(path, text.as_bytes())
        .map_err(|error| Error::Output(format!("cannot write {}: {error}", path.display())))
}

/// The workspace root: the folder above this crate's manifest.
pub fn workspace_root() -> PathBuf {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .parent()
        .map(PathBuf::from)
        .unwrap_or(manifest_dir)
}

/// The folder build products go to: `$CARGO_TARGET_DIR`, or `target/` at the
/// workspace root.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
}

/// What the tests of generated pages share: reading a committed page and
/// checking that it is fresh.
#[cfg(test)]
pub(crate) mod generated {
    /// The committed file `path` (from the workspace root), or a panic that
    /// says to run `command`.
    pub(crate) fn committed(path: &str, command: &str) -> String {
        std::fs::read_to_string(crate::workspace_root().join(path))
            .unwrap_or_else(|error| panic!("{path}: {error}; run `{command}`"))
    }

    /// Asserts that the committed `page` and `plot` were written by
    /// `command` and that `staleness` finds nothing wrong with the page.
    pub(crate) fn assert_fresh(
        page: &str,
        plot: &str,
        command: &str,
        staleness: fn(&str) -> Vec<String>,
    ) {
        let text = committed(page, command);
        assert!(text.contains(&format!("Generated by `{command}`; do not edit")));
        roxmltree::Document::parse(&committed(plot, command))
            .expect("the committed plot is valid SVG");
        let problems = staleness(&text);
        assert!(
            problems.is_empty(),
            "{page} is stale: run `{command}`\n{}",
            problems.join("\n")
        );
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use clap::CommandFactory as _;

    #[test]
    fn the_essay_names_every_task_of_the_parser_and_no_other() {
        let essay: Vec<&str> = include_str!("main.rs")
            .lines()
            .filter_map(|line| line.strip_prefix("//!"))
            .collect();
        let essay = essay.join(" ");
        let named: BTreeSet<&str> = essay
            .split("`cargo xtask ")
            .skip(1)
            .filter_map(|rest| rest.split(['`', ' ']).next())
            .filter(|task| *task != "<task>")
            .collect();
        let command = super::Cli::command();
        let tasks: BTreeSet<&str> = command
            .get_subcommands()
            .map(clap::Command::get_name)
            .collect();
        assert_eq!(named, tasks);
    }
}
