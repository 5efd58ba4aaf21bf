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
//!   script of `examples/slurm` run on a one-node cluster started for it,
//!   or a worked count there;
//! - [`compare`]: `cargo xtask compare`, every registered solver side by side
//!   over a range of board sizes, as tables, JSON, CSV, a plot and the
//!   generated `docs/comparison.md` (measured by `queens-lab`), and the
//!   hidden `cargo xtask ladder-step`, one step of the counters' ladder that
//!   `compare --instructions` runs under callgrind;
//! - [`growth`]: `cargo xtask growth`, how the counts and the time to count
//!   them grow with n, a rate fitted per solver, and the generated
//!   `docs/growth.md` (measured by `queens-lab`);
//! - [`gradescope_check`]: `cargo xtask gradescope-check`, the Gradescope
//!   autograder bundle set up offline in a Gradescope-shaped image without
//!   bubblewrap, and a correct and a buggy submission of each language
//!   graded there, each `results.json` checked;
//! - [`grade`]: `cargo xtask grade`, `cargo xtask new-submission` and
//!   `cargo xtask template-check`, thin aliases to the `queens-grade` crate
//!   (the last makes a student's crate on the newest releases and tests it);
//! - [`peers`]: `cargo xtask peers`, each solver against its seed's C program,
//!   and `cargo xtask peers --counter`, the fast counter against the textbook
//!   C bitboard counter and NQueensFAF, all in the generated `docs/peers.md`
//!   (measured by `queens-peers`);
//! - [`sandbox_check`]: `cargo xtask sandbox-check`, the grader's walls,
//!   in bubblewrap and without it, attacked by probes and by the hostile
//!   class of `examples/hostile`.
//!
//! A binary crate: this file parses the command line and hands it to the
//! task; every task is a private module, so the compiler sees what no task
//! uses, and each module's tests sit beside it. The measuring tasks are thin:
//! they parse their options, call the `queens-lab` or `queens-peers`
//! library, and print or write what it returns. What the tasks share lives in modules of its own,
//! never in another task's insides, and never in this file, which only uses
//! them: [`error`] (why a task stopped, and its exit status), [`output`]
//! (stdout, or a file written whole), [`paths`] (the workspace and the
//! target folder) and [`system`] (what the checks that drive the machine as
//! root share).

// The essay above is a map of the private modules for readers of
// `cargo doc --document-private-items`: its links to them are meant.
#![allow(rustdoc::private_intra_doc_links)]

mod browser_check;
mod cluster_check;
mod compare;
mod error;
mod grade;
mod gradescope_check;
mod growth;
mod output;
mod paths;
mod peers;
mod sandbox_check;
mod system;

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
    /// the ladder's steps timed up to --to, a growth rate fitted per solver.
    Growth(growth::Args),
    /// Each solver against its seed's C program, or with --counter the fast
    /// counter against the textbook C bitboard counter; --write-docs writes
    /// both to docs/peers.md (needs ../shared/peers and gcc).
    Peers(peers::Args),
    /// The trace page of `queens trace --html` and the race page of `queens
    /// race --html` in headless Chromium: counters checked, screenshots
    /// saved (needs `apt-get install chromium`).
    BrowserCheck(browser_check::Args),
    /// `examples/slurm/count.sbatch` on a one-node Slurm cluster started for
    /// the check: n = 15 in 16 shards, two cancelled, merged, resubmitted,
    /// merged again (needs `apt-get install slurm-wlm munge`); or with
    /// `--count N`, a worked count of N, timed.
    ClusterCheck(cluster_check::Args),
    /// One step of the counters' ladder, counted on one thread for
    /// `compare --instructions` to run under callgrind.
    #[command(name = "ladder-step", hide = true)]
    LadderStep {
        /// The step's name, as the ladder names it, or `none`.
        step: String,
        /// The board size.
        n: usize,
    },
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
        Task::ClusterCheck(args) => cluster_check::run(&args),
        Task::LadderStep { step, n } => compare::ladder_step(&step, n),
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
