//! The command line of `queens-grade`, one function per subcommand over the
//! library: `grade`, `report`, `new-submission`, `assignment`, `warm`,
//! `checks`, `walls`, `gradescope-bundle`, and the three hidden ones its
//! child processes run (`limited`, `judge`, `relay`). The reports' options,
//! which `grade` and `report` share, are [`crate::outputs`].
//!
//! The exit statuses are one list, `Status`, which `--help` prints and
//! docs/grading.md quotes (a test checks it).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory as _, Parser, Subcommand};
use queens_conformance::{CHECKS, fresh_seed};

use crate::assignment::{Assignment, DEFAULT};
use crate::bar::{LinePerSubmission, ProgressLine};
use crate::grade::{Progress, grade, grader_binary};
use crate::isolation::{Ids, ResourceLimits};
use crate::outputs::Outputs;
use crate::prepare::Workshop;
use crate::rust_build::{STAMP, Warm, crates_folder};
use crate::sandbox::Confinement;
use crate::template::Source;
use crate::{boxes, saved, submission, template};

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
        Command::Relay(args) => return crate::relay::main(&args.command),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {}", failure.message());
            ExitCode::from(failure.code())
        }
    }
}

/// Why a command failed.
pub(crate) enum Failure {
    /// Bad input: exit 2.
    Input(String),
    /// The output could not be written: exit 74.
    Output(String),
    /// The machine would not let the run start (no scratch folder, no path
    /// to the grader's own binary): exit 1.
    Machine(String),
    /// `limited` could not run its command.
    Run(String),
    /// Graded, with checks the machine was too busy to grade: exit 3.
    Busy(String),
}

impl Failure {
    fn message(&self) -> &str {
        match self {
            Failure::Input(message)
            | Failure::Output(message)
            | Failure::Machine(message)
            | Failure::Run(message)
            | Failure::Busy(message) => message,
        }
    }

    fn code(&self) -> u8 {
        match self {
            Failure::Input(_) => Status::BadInput.code(),
            Failure::Output(_) => Status::Output.code(),
            Failure::Machine(_) => Status::Machine.code(),
            Failure::Busy(_) => Status::Busy.code(),
            // A shell's word for a command it could not run; the grader's
            // own child, never a teacher, sees it.
            Failure::Run(_) => 127,
        }
    }
}

/// How a run of `queens-grade` ends: every exit status a teacher meets, and
/// when; `--help` prints them and a test checks that docs/grading.md says
/// the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Graded,
    Machine,
    BadInput,
    Busy,
    Output,
    Interrupted,
}

impl Status {
    /// Every status, in the order of their numbers.
    const ALL: [Status; 6] = [
        Status::Graded,
        Status::Machine,
        Status::BadInput,
        Status::Busy,
        Status::Output,
        Status::Interrupted,
    ];

    /// Its number.
    const fn code(self) -> u8 {
        match self {
            Status::Graded => 0,
            Status::Machine => 1,
            Status::BadInput => queens_toolkit::usage::EXIT_USAGE,
            Status::Busy => 3,
            Status::Output => queens_toolkit::files::EXIT_IO,
            Status::Interrupted => 130,
        }
    }

    /// When a run ends with it.
    const fn when(self) -> &'static str {
        match self {
            Status::Graded => "when it graded, whatever the verdicts, or wrote its bundle",
            Status::Machine => {
                "when the machine would not let it start (no scratch folder; for \
                 `gradescope-bundle`, no toolchain, or `cargo vendor` failed)"
            }
            Status::BadInput => {
                "for bad input: a malformed assignment, a path that does not exist (or a loop of \
                 symbolic links), two submissions with one name, a Gradescope report \
                 (`--format gradescope`, `--gradescope`) of more than one submission, a report \
                 file that cannot be written or two reports to one file or to stdout (checked \
                 before any grading), `--target-dir` on a file or on a folder the grader did not \
                 make, a run report `report` cannot read (too large, not a report, or another \
                 version's), `new-submission` with neither `--git` nor `--local`, a bad option"
            }
            Status::Busy => {
                "when it graded and wrote its report, but the machine was too busy to grade some \
                 checks (twice stopped by the clock with their processor time under the limit: \
                 NOT GRADED, left out of the score): grade those submissions again"
            }
            Status::Output => {
                "when a report cannot be written (stdout closed, checked before any grading, or \
                 failing; or a report file after the run, the others written all the same), as \
                 in every tool of the workspace"
            }
            Status::Interrupted => {
                "when Ctrl-C stops it (every check and build under way is killed first, and the \
                 scratch folder removed)"
            }
        }
    }
}

/// The exit statuses as one paragraph, from [`Status`].
fn exit_statuses() -> String {
    let each: Vec<String> = Status::ALL
        .iter()
        .map(|status| format!("{} {}", status.code(), status.when()))
        .collect();
    format!(
        "Exit status: {}. Each failure is one line on stderr.",
        each.join("; ")
    )
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
    if crate::isolation::stopping() {
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

/// What grading and warming share: the walls detected, a killed run's
/// leftovers swept, a scratch folder (removed on Ctrl-C until the
/// returned sender says the work has ended), and the warm folder at
/// `target` (none: every Rust build from nothing).
fn open_workshop(
    assignment: Assignment,
    no_bwrap: bool,
    target: Option<&Path>,
) -> Result<(Workshop, tempfile::TempDir, std::sync::mpsc::Sender<()>), Failure> {
    let confinement = Confinement::detect(!no_bwrap, assignment.limits.scratch_mib);
    sweep_leftovers(&confinement);
    let scratch = scratch_folder()?;
    let ended = stop_on_interrupt(scratch.path().to_owned());
    let grader = grader_binary().map_err(Failure::Machine)?;
    let warm = match target {
        Some(folder) => Some(Warm::new(usable_target(folder, &grader)?)),
        None => None,
    };
    let workshop = Workshop {
        assignment,
        grader,
        scratch: scratch.path().to_owned(),
        warm,
        crates: crates_folder(),
        confinement,
    };
    Ok((workshop, scratch, ended))
}

/// `report`: the saved run rendered as asked.
fn run_report(args: &ReportArgs) -> Result<(), Failure> {
    let saved = saved::read(&args.run).map_err(Failure::Input)?;
    let whence = format!("are in {}", args.run.display());
    args.outputs
        .check(saved.grading.submissions.len(), &whence)?;
    args.outputs.write(&saved.grading, &saved.gradescope)
}

/// Makes this process a grader no submission can reach and none outlives:
/// not dumpable (no process of this user may trace it or read its memory),
/// and stopped (its checks with it) when its parent dies.
fn become_a_grader() -> Result<(), Failure> {
    use nix::sys::prctl;
    let parent = nix::unistd::getppid();
    prctl::set_dumpable(false)
        .and_then(|()| prctl::set_pdeathsig(nix::sys::signal::Signal::SIGTERM))
        .map_err(|error| Failure::Machine(format!("cannot set up the grader: {error}")))?;
    if nix::unistd::getppid() != parent {
        // The parent died before the signal was asked for.
        return Err(Failure::Machine("the grader's parent is gone".to_owned()));
    }
    Ok(())
}

/// Removes what a grader that was killed left behind: its boxes' processes
/// and files, its cgroups, and its scratch folder.
fn sweep_leftovers(confinement: &Confinement) {
    boxes::sweep();
    crate::cgroup::sweep(confinement.control());
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let owner = name
            .strip_prefix(SCRATCH_PREFIX)
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if owner.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The start of the name of every scratch folder: the grader's process id
/// follows, so that the next run can tell whose it is.
const SCRATCH_PREFIX: &str = "queens-grade-";

/// A new scratch folder for this run, searchable by the boxes (mode 0711:
/// no run may list it) and removed when dropped.
fn scratch_folder() -> Result<tempfile::TempDir, Failure> {
    use std::os::unix::fs::PermissionsExt;
    let scratch = tempfile::Builder::new()
        .prefix(&format!("{SCRATCH_PREFIX}{}-", std::process::id()))
        .tempdir()
        .map_err(|error| Failure::Machine(format!("cannot make a scratch folder: {error}")))?;
    std::fs::set_permissions(scratch.path(), std::fs::Permissions::from_mode(0o711))
        .map_err(|error| Failure::Machine(format!("cannot open the scratch folder: {error}")))?;
    Ok(scratch)
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

/// On Ctrl-C (or SIGTERM, or SIGHUP, or the parent's death): kills every
/// check and build under way, removes their cgroups and the scratch folder,
/// and exits with status 130, within a second.
///
/// A worker whose check was just killed goes on to its next step; no step
/// makes a folder above the one it works in (`create_dir`, never
/// `create_dir_all`), so none can make the removed scratch folder again.
/// The handler waits a moment (told by the returned sender when every
/// worker has ended) and never for long; nothing in it can panic, so that a
/// grader whose stderr is gone still exits.
fn stop_on_interrupt(scratch: PathBuf) -> std::sync::mpsc::Sender<()> {
    let (graded, grading_ended) = std::sync::mpsc::channel::<()>();
    let handler = move || {
        crate::isolation::stop_all();
        // A message, or a sender dropped by a run that ended some other way.
        let _ = grading_ended.recv_timeout(WORKERS_STOP);
        crate::isolation::stop_all();
        crate::cgroup::remove_all();
        remove_scratch(&scratch);
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            b"error: interrupted; every check under way was stopped\n",
        );
        std::process::exit(i32::from(Status::Interrupted.code()));
    };
    // Only one handler per process; a second run in the same process keeps
    // the first, which stops the same checks.
    let _ = ctrlc::set_handler(handler);
    graded
}

/// How long an interrupted grader waits for its workers to end before it
/// removes the scratch folder regardless.
const WORKERS_STOP: std::time::Duration = std::time::Duration::from_millis(300);

/// Removes the scratch folder, trying again for a moment while a worker
/// that has not yet seen the stop finishes the file it was writing.
fn remove_scratch(scratch: &Path) {
    for _ in 0..20 {
        if std::fs::remove_dir_all(scratch).is_ok() || !scratch.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// The target folder `target` as an absolute path, made if need be: a new
/// or empty folder is the grader's from now on (stamped with [`STAMP`]),
/// one it stamped before is used again; anything else is bad input, as is
/// a folder that holds the grader's own binary. It stays its owner's: the
/// warm box is given only the folders the grader makes inside it.
fn usable_target(target: &Path, grader: &Path) -> Result<PathBuf, Failure> {
    let bad = |error: String| Failure::Input(format!("--target-dir {}: {error}", target.display()));
    let absolute = std::path::absolute(target).map_err(|error| bad(error.to_string()))?;
    if absolute.exists() && !absolute.is_dir() {
        return Err(bad("a file is there, not a folder".to_owned()));
    }
    if grader.starts_with(&absolute) {
        return Err(bad(format!(
            "it holds the grader's own binary ({}): give a folder of its own",
            grader.display()
        )));
    }
    let stamp = absolute.join(STAMP);
    if absolute.is_dir() && !stamp.is_file() {
        let mut entries = std::fs::read_dir(&absolute).map_err(|error| bad(error.to_string()))?;
        if entries.next().is_some() {
            return Err(bad(format!(
                "a folder the grader did not make (it has no {STAMP}): give a new or empty \
                 folder, or one an earlier run made"
            )));
        }
    }
    std::fs::create_dir_all(&absolute).map_err(|error| bad(error.to_string()))?;
    if !stamp.is_file() {
        let text = "This folder is queens-grade's: the suite's dependencies, built once for \
                    every Rust submission. Remove it whole, or leave it.\n";
        std::fs::write(&stamp, text)
            .map_err(|error| bad(format!("cannot write there: {error}")))?;
    }
    Ok(absolute)
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

/// The target folder when none is given: the user's cache.
fn default_target_dir() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache.join("queens-grade").join("warm")
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
