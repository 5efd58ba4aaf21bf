//! The command line of `queens-grade`, one function per subcommand over the
//! library: `grade`, `report`, `new-submission`, `assignment`, `warm`,
//! `checks`, `walls`, `gradescope-bundle`, and the three hidden ones its
//! child processes run (`limited`, `judge`, `relay`). The reports' options,
//! which `grade` and `report` share, are [`crate::outputs`].
//!
//! The exit statuses are one list, [`crate::failure::Status`], which
//! `--help` prints and docs/grading.md quotes (a test checks it).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory as _, Parser, Subcommand};
use queens_build::assignment::{Assignment, DEFAULT};
use queens_build::submission;
use queens_build::template::{self, Source};
use queens_conformance::{CHECKS, fresh_seed};
use queens_jail::limits::{Ids, ResourceLimits};
use queens_jail::sandbox::Confinement;

use crate::bar::{LinePerSubmission, ProgressLine};
use crate::failure::{Failure, Status, exit_statuses};
use crate::grade::grade;
use crate::grading::Progress;
use crate::outputs::Outputs;
use crate::saved;
use crate::workplace::{become_a_grader, default_target_dir, open_workshop};

/// Grades N-Queens solvers, Rust crates or programs in any language, with the
/// shared conformance suite.
#[derive(Debug, Parser)]
#[command(name = "queens-grade", version, about, long_about = None, after_long_help = exit_statuses())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Grades submissions: each PATH a Rust crate, a program (a source file
    /// or a folder of them), or a folder of submissions.
    Grade(GradeArgs),
    /// Renders a run saved with `grade --json FILE` as the table, CSV or
    /// Gradescope's results.json, byte for byte as the run itself did.
    Report(ReportArgs),
    /// Makes a Rust crate to start a submission from; `cargo test` in it runs
    /// the conformance suite.
    NewSubmission(NewSubmissionArgs),
    /// Prints the default assignment file, to copy and change; or, with
    /// --check FILE, what is wrong with FILE and what to know of it.
    Assignment(AssignmentArgs),
    /// Builds the suite's dependencies into the target folder, so that every
    /// later run starts warm (before a class, or in a Gradescope image's
    /// setup.sh).
    Warm(WarmArgs),
    /// Lists the checks, their groups and what each asks, as a Markdown table.
    Checks,
    /// Prints the walls that would confine submissions here, and which are
    /// down.
    Walls(WallsArgs),
    /// Writes a Gradescope autograder zip that grades offline: setup.sh,
    /// run_autograder, the assignment, the grader's sources and its crates.
    GradescopeBundle(crate::gradescope::BundleArgs),
    /// Sets resource limits on itself, then runs COMMAND (used by the grader).
    #[command(hide = true)]
    Limited(LimitedArgs),
    /// Judges one check, read on stdin (used by the grader).
    #[command(hide = true)]
    Judge,
    /// Runs a program once per question, inside its jail (used by the judge).
    #[command(hide = true)]
    Relay(RelayArgs),
}

#[derive(Debug, clap::Args)]
struct GradeArgs {
    /// The submissions.
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The assignment file; the default one (`queens-grade assignment`) when
    /// not given.
    #[arg(long, value_name = "FILE")]
    assignment: Option<PathBuf>,
    /// The seed of the random problems, to repeat a run (default: the
    /// assignment's, or a fresh one).
    #[arg(long)]
    seed: Option<u64>,
    /// Submissions graded at once (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    #[command(flatten)]
    outputs: Outputs,
    /// Confines submissions without bubblewrap even where it is installed:
    /// a uid of their own, limits and a session of their own, but no view
    /// of their own (see `queens-grade walls --no-bwrap`).
    #[arg(long)]
    no_bwrap: bool,
    /// The folder where the suite's dependencies are built once and kept
    /// for every Rust build: a new or empty folder, or one an earlier run
    /// made (default: a cache folder of the user's).
    #[arg(long, value_name = "DIR", conflicts_with = "isolated_builds")]
    target_dir: Option<PathBuf>,
    /// Builds each Rust submission from nothing, the suite's dependencies
    /// included: slower, and nothing is kept between runs.
    #[arg(long)]
    isolated_builds: bool,
}

#[derive(Debug, clap::Args)]
struct WarmArgs {
    /// The assignment whose build limits hold (default: the default one).
    #[arg(long, value_name = "FILE")]
    assignment: Option<PathBuf>,
    /// The folder to build them in: a new or empty folder, or one a run made
    /// (default: the cache folder `grade` uses).
    #[arg(long, value_name = "DIR")]
    target_dir: Option<PathBuf>,
    /// Builds them without bubblewrap, as `grade --no-bwrap` would.
    #[arg(long)]
    no_bwrap: bool,
}

#[derive(Debug, clap::Args)]
struct AssignmentArgs {
    /// Reads FILE as the grader would, and says what a teacher should know
    /// of it (a scope a pasted table of answers passes), or what is wrong.
    #[arg(long, value_name = "FILE")]
    check: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct ReportArgs {
    /// The run, as `grade --json FILE` (or `--format json`) saved it.
    #[arg(value_name = "RUN.json")]
    run: PathBuf,
    #[command(flatten)]
    outputs: Outputs,
}

#[derive(Debug, clap::Args)]
struct WallsArgs {
    /// The walls without bubblewrap, as `grade --no-bwrap` would have them.
    #[arg(long)]
    no_bwrap: bool,
    /// The assignment whose limits they hold (default: the default one).
    #[arg(long, value_name = "FILE")]
    assignment: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct RelayArgs {
    #[arg(last = true, required = true)]
    command: Vec<OsString>,
}

#[derive(Debug, clap::Args)]
struct NewSubmissionArgs {
    /// The folder to make (it must not exist, or be empty).
    dir: PathBuf,
    /// The crate's name (default: the folder's name).
    #[arg(long)]
    name: Option<String>,
    /// Takes the queens crates from this git repository (the course's copy
    /// of the queens repository): the crate builds on any machine that can
    /// clone it. This or --local is needed.
    #[arg(long, value_name = "URL")]
    git: Option<String>,
    /// With --git: the commit, tag or branch to take them at.
    #[arg(long, value_name = "REV", requires = "git")]
    rev: Option<String>,
    /// Takes the queens crates by path from this checkout: the crate builds
    /// on this machine only (to try the template, not to hand out).
    #[arg(long, conflicts_with = "git")]
    local: bool,
}

#[derive(Debug, clap::Args)]
struct LimitedArgs {
    #[arg(long)]
    memory_mib: u64,
    #[arg(long)]
    stack_mib: u64,
    #[arg(long)]
    cpu_seconds: u64,
    #[arg(long)]
    file_mib: u64,
    #[arg(long)]
    processes: Option<u64>,
    #[arg(long, requires = "gid")]
    uid: Option<u32>,
    #[arg(long, requires = "uid")]
    gid: Option<u32>,
    #[arg(long)]
    cgroup: Vec<PathBuf>,
    #[arg(last = true, required = true)]
    command: Vec<OsString>,
}

/// Runs the command line `arguments` (the program's name first).
pub fn main(arguments: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(arguments) {
        Ok(cli) => cli,
        Err(error) => return queens_toolkit::usage::exit(&error, &Cli::command()),
    };
    let outcome = match cli.command {
        Command::Grade(args) => run_grade(&args),
        Command::Report(args) => run_report(&args),
        Command::NewSubmission(args) => run_new_submission(&args),
        Command::Assignment(args) => match &args.check {
            None => print(DEFAULT),
            Some(path) => check_assignment(path),
        },
        Command::Warm(args) => run_warm(&args),
        Command::Checks => print(&checks_table()),
        Command::Walls(args) => walls(&args).and_then(|text| print(&text)),
        Command::GradescopeBundle(args) => {
            crate::gradescope::run(&args).and_then(|text| print(&text))
        }
        Command::Limited(args) => {
            let limits = ResourceLimits {
                memory_mib: args.memory_mib,
                stack_mib: args.stack_mib,
                cpu_seconds: args.cpu_seconds,
                file_mib: args.file_mib,
                processes: args.processes,
                cgroups: args.cgroup,
                drop_to: args.uid.zip(args.gid).map(|(uid, gid)| Ids { uid, gid }),
            };
            Err(Failure::Run(limits.exec(&args.command)))
        }
        Command::Judge => crate::judge::main()
            .map_err(Failure::Input)
            .and_then(|report| {
                let line = serde_json::to_string(&report).expect("a report serialises");
                print(&format!("{line}\n"))
            }),
        Command::Relay(args) => return queens_build::relay::main(&args.command),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {}", failure.message());
            ExitCode::from(failure.code())
        }
    }
}

/// `grade`.
fn run_grade(args: &GradeArgs) -> Result<(), Failure> {
    become_a_grader()?;
    let assignment = read_assignment(args.assignment.as_deref())?;
    let submissions = submission::discover(&args.paths, &assignment).map_err(Failure::Input)?;
    args.outputs.check(submissions.len(), "were given")?;
    let seed = args
        .seed
        .or(assignment.scope.seed)
        .unwrap_or_else(fresh_seed);
    let target =
        (!args.isolated_builds).then(|| args.target_dir.clone().unwrap_or_else(default_target_dir));
    let (workshop, _scratch, grading_ended) =
        open_workshop(assignment, args.no_bwrap, target.as_deref())?;
    let jobs = args.jobs.map_or_else(cores, usize::from);
    let bar = ProgressLine::on_terminal(submissions.len(), jobs);
    let progress: &dyn Progress = match &bar {
        Some(bar) => bar,
        None => &LinePerSubmission,
    };
    let grading = grade(&workshop, &submissions, seed, jobs, progress);
    // Every worker has ended: an interrupt from now on removes the scratch
    // folder at once, with nothing left to make it again.
    let _ = grading_ended.send(());
    if queens_jail::running::stopping() {
        // Interrupted: the handler is stopping the run and exits within
        // moments; a report of a half-graded class must not come out first.
        std::thread::sleep(std::time::Duration::from_secs(5));
        std::process::exit(i32::from(Status::Interrupted.code()));
    }
    if let Some(bar) = bar {
        bar.finish();
    }
    args.outputs
        .write(&grading, &workshop.assignment.gradescope)?;
    let not_graded = grading.not_graded();
    if not_graded.is_empty() {
        Ok(())
    } else {
        Err(Failure::Busy(format!(
            "the machine was too busy to grade every check; grade again: {}",
            not_graded.join(", ")
        )))
    }
}

/// `warm`: the warm folder built, and where it is.
fn run_warm(args: &WarmArgs) -> Result<(), Failure> {
    become_a_grader()?;
    let started = std::time::Instant::now();
    let folder = args.target_dir.clone().unwrap_or_else(default_target_dir);
    let (workshop, _scratch, _ended) = open_workshop(
        read_assignment(args.assignment.as_deref())?,
        args.no_bwrap,
        Some(&folder),
    )?;
    workshop.build_warm_folder().map_err(|error| {
        Failure::Machine(format!("the suite's dependencies did not build: {error}"))
    })?;
    print(&format!(
        "the suite's dependencies are built in {} ({:.1} s); `queens-grade grade --target-dir \
         {}` links them into every Rust build\n",
        folder.display(),
        started.elapsed().as_secs_f64(),
        folder.display()
    ))
}

/// The assignment at `path`, or the default one.
fn read_assignment(path: Option<&Path>) -> Result<Assignment, Failure> {
    match path {
        Some(path) => Assignment::read(path).map_err(Failure::Input),
        None => Ok(Assignment::default_assignment()),
    }
}

/// `report`: the saved run rendered as asked.
fn run_report(args: &ReportArgs) -> Result<(), Failure> {
    let saved = saved::read(&args.run).map_err(Failure::Input)?;
    let whence = format!("are in {}", args.run.display());
    args.outputs
        .check(saved.grading.submissions.len(), &whence)?;
    args.outputs.write(&saved.grading, &saved.gradescope)
}

/// `walls`: a line each, which are up here, and how; which are down, and
/// why.
fn walls(args: &WallsArgs) -> Result<String, Failure> {
    let assignment = read_assignment(args.assignment.as_deref())?;
    let confinement = Confinement::detect(!args.no_bwrap, assignment.limits.scratch_mib);
    Ok(confinement
        .walls()
        .iter()
        .map(|wall| match &wall.held {
            Ok(how) => format!("up    {}: {how}\n", wall.name),
            Err(why) => format!("DOWN  {}: {why}\n", wall.name),
        })
        .collect())
}

/// `assignment --check FILE`: FILE's warnings, or that it has none; a
/// malformed FILE is bad input.
fn check_assignment(path: &Path) -> Result<(), Failure> {
    let assignment = Assignment::read(path).map_err(Failure::Input)?;
    let warnings = assignment.warnings();
    let text = if warnings.is_empty() {
        format!("{}: fine, nothing to warn of\n", path.display())
    } else {
        let lines: String = warnings
            .iter()
            .map(|warning| format!("warning: {warning}\n"))
            .collect();
        format!(
            "{}: {}\n{lines}",
            path.display(),
            counted_warnings(warnings.len())
        )
    };
    print(&text)
}

/// "1 warning", "2 warnings".
fn counted_warnings(count: usize) -> String {
    if count == 1 {
        "1 warning".to_owned()
    } else {
        format!("{count} warnings")
    }
}

/// `new-submission`.
fn run_new_submission(args: &NewSubmissionArgs) -> Result<(), Failure> {
    let name = match &args.name {
        Some(name) => name.clone(),
        None => args
            .dir
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .ok_or_else(|| {
                Failure::Input(format!(
                    "{} has no name to give the crate; pass --name",
                    args.dir.display()
                ))
            })?,
    };
    let source = match (&args.git, args.local) {
        (Some(url), _) => Source::Git {
            url: url.clone(),
            rev: args.rev.clone(),
        },
        (None, true) => Source::this_checkout(),
        // No default: a path into this checkout fails on every other
        // machine, and the crates are not on crates.io (see the template's
        // essay).
        (None, false) => {
            return Err(Failure::Input(
                "say where the crate takes the queens crates from: --git URL, the course's copy \
                 of the queens repository (it builds on any machine that can clone it), or \
                 --local, this checkout (it builds on this machine only)"
                    .to_owned(),
            ));
        }
    };
    let files = template::new_submission(&args.dir, &name, &source).map_err(Failure::Input)?;
    let whence = match &source {
        Source::Path(crates) => format!(
            "it takes the queens crates by path from {}, so it builds on this machine only: \
             hand out one made with --git URL",
            crates.display()
        ),
        Source::Git { url, .. } => format!("it takes the queens crates from {url}"),
    };
    print(&format!(
        "made {} in {}: {}\n{whence}\nrun `cargo test` there to check it with the conformance suite\n",
        name,
        args.dir.display(),
        files.join(", ")
    ))
}

/// The checks as a Markdown table: group, name, the solvers it applies
/// to, what it asks.
pub(crate) fn checks_table() -> String {
    let mut table =
        String::from("| group | check | applies to | what it asks |\n|---|---|---|---|\n");
    for check in CHECKS {
        table.push_str(&format!(
            "| {} | `{}` | {} | {} |\n",
            check.group.name(),
            check.name,
            check.applies.name(),
            check.description
        ));
    }
    table
}

/// Writes `text` to stdout; a closed pipe ends quietly.
fn print(text: &str) -> Result<(), Failure> {
    queens_toolkit::files::to_stdout(text.as_bytes())
        .map_err(|error| Failure::Output(format!("cannot write to stdout: {error}")))
}

/// The number of cores.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The teachers' page, which must show the checks and the default
    /// assignment as they are.
    fn grading_page() -> String {
        let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/grading.md");
        std::fs::read_to_string(page).expect("docs/grading.md exists")
    }

    #[test]
    fn the_grading_page_lists_every_check() {
        assert!(
            grading_page().contains(&checks_table()),
            "docs/grading.md is stale: paste the output of `queens-grade checks` under \"The checks\""
        );
    }

    #[test]
    fn the_grading_page_says_the_exit_statuses_as_help_does() {
        assert!(
            grading_page().contains(&exit_statuses()),
            "docs/grading.md is stale: paste the \"Exit status\" paragraph of `queens-grade --help`"
        );
    }

    #[test]
    fn the_grading_page_shows_the_default_assignment() {
        assert!(
            grading_page().contains(&format!("```toml\n{DEFAULT}```")),
            "docs/grading.md is stale: paste `queens-grade assignment` under \"Write an assignment\""
        );
    }
}
