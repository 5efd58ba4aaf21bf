//! `cargo xtask`: the command line of the project's automation. It parses the
//! arguments and hands them to the task; the tasks live in the library.

use std::process::ExitCode;

use clap::error::ErrorKind;
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
        Err(error) => return usage_error(error),
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

/// The names of the tasks, as the command line spells them.
fn task_names() -> Vec<String> {
    use clap::CommandFactory;
    Cli::command()
        .get_subcommands()
        .map(|task| task.get_name().to_owned())
        .collect()
}

/// Help and version go out as clap writes them; a usage error is cut to its
/// first line (clap's own "error: ..." sentence) and exits with status 2, so
/// bad input always gets one clear line.
fn usage_error(error: clap::Error) -> ExitCode {
    if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        eprintln!("error: name a task: {}", task_names().join(", "));
        return ExitCode::from(2);
    }
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        return match queens_files::check_stdout().and_then(|()| error.print()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(failure) if failure.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(failure) => {
                eprintln!("error: cannot write to stdout: {failure}");
                ExitCode::from(queens_files::EXIT_IO)
            }
        };
    }
    let rendered = error.render().to_string();
    eprintln!(
        "{}",
        rendered.lines().next().unwrap_or("error: bad arguments")
    );
    ExitCode::from(2)
}
