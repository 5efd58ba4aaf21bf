//! `cargo xtask`: the command line of the project's automation. It parses the
//! arguments and hands them to the task; the tasks live in the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use xtask::{browser_check, cluster_check, compare, grade, growth, peers, sandbox_check};

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
    /// (`queens-grade new-submission DIR --name NAME`).
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
