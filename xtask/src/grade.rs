//! `cargo xtask grade`, `cargo xtask new-submission` and `cargo xtask
//! template-check`: thin aliases to the grader, which is a crate of its own (`queens-grade`, a library and a
//! binary a teacher can `cargo install`).
//!
//! Inside the repository the grader is built in release mode (cargo's own
//! lines show the build) and run with the arguments given; `grade` shares
//! the workspace's `target/queens-grade-warm` folder for the suite's dependencies
//! unless told otherwise.
//!
//! `template-check` is the student's first day, on the day it runs: a crate
//! made by `new-submission`, its lock file deleted and `cargo update`d to
//! the newest compatible release of every dependency (so a release that
//! would break students breaks CI first), its skeleton compiled, then a
//! correct solver put in and `cargo test` run: every check green, the
//! instrumentation ones ignored, as the template promises. It does so for a
//! crate taking the queens crates by path and for one taking them by git
//! (this repository's last commit). It needs the network to reach
//! crates.io.
//!
//! `sandbox-check` is a module of its own ([`crate::sandbox_check`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use queens_grade::template::{self, Source};

use crate::error::Error;
use crate::paths::{target_dir, workspace_root};

/// The arguments passed on to the grader as they are.
#[derive(Debug, clap::Args)]
pub(crate) struct Passed {
    /// The grader's arguments (`--help` lists them).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    arguments: Vec<OsString>,
}

/// `cargo xtask grade ARGS`: `queens-grade grade ARGS`.
pub(crate) fn grade(passed: &Passed) -> Result<(), Error> {
    let mut arguments: Vec<OsString> = vec!["grade".into()];
    arguments.extend(passed.arguments.iter().cloned());
    let chooses_target = passed
        .arguments
        .iter()
        .any(|argument| argument == "--target-dir" || argument == "--isolated-builds");
    if !chooses_target {
        arguments.push("--target-dir".into());
        arguments.push(target_dir().join("queens-grade-warm").into());
    }
    run_grader(&arguments)
}

/// `cargo xtask new-submission ARGS`: `queens-grade new-submission ARGS`.
pub(crate) fn new_submission(passed: &Passed) -> Result<(), Error> {
    let mut arguments: Vec<OsString> = vec!["new-submission".into()];
    arguments.extend(passed.arguments.iter().cloned());
    run_grader(&arguments)
}

/// Builds the grader and runs it with `arguments`, its output going straight
/// to ours; its exit status becomes ours.
fn run_grader(arguments: &[OsString]) -> Result<(), Error> {
    let grader = build_grader()?;
    let status = Command::new(&grader)
        .args(arguments)
        .status()
        .map_err(|error| Error::Failed(format!("cannot run {}: {error}", grader.display())))?;
    match status.code() {
        Some(0) => Ok(()),
        Some(code) => Err(Error::Reported(u8::try_from(code).unwrap_or(1))),
        None => Err(Error::Failed(format!(
            "{} was stopped ({status})",
            grader.display()
        ))),
    }
}

/// Builds `queens-grade` in release mode, cargo's lines showing the build;
/// returns its path.
pub(crate) fn build_grader() -> Result<PathBuf, Error> {
    let status = Command::new(cargo())
        .current_dir(workspace_root())
        .args(["build", "--release", "-p", "queens-grade"])
        .status()
        .map_err(|error| Error::Failed(format!("cannot run cargo: {error}")))?;
    if !status.success() {
        return Err(Error::Failed(format!(
            "building queens-grade failed ({status})"
        )));
    }
    Ok(target_dir().join("release").join("queens-grade"))
}

/// The cargo that runs this task.
fn cargo() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// `cargo xtask template-check`.
#[derive(Debug, clap::Args)]
pub(crate) struct TemplateArgs {}

/// The correct solver the check puts into the template: the example
/// `rust-recursive`, which reports every event.
const CORRECT_SOLVER: &str = "examples/submissions/rust-recursive/src/lib.rs";

/// What `cargo test` prints for a correct solver in the template: every
/// correctness check of the suite passed, its instrumentation checks
/// ignored.
fn green() -> String {
    use queens_conformance::{CHECKS, Group};
    let ignored = CHECKS
        .iter()
        .filter(|check| check.group == Group::Instrumentation)
        .count();
    let passed = CHECKS.len() - ignored;
    format!("test result: ok. {passed} passed; 0 failed; {ignored} ignored")
}

/// Makes a template crate by path and one by git, updates each to the
/// newest releases, compiles its skeleton, and tests it with a correct
/// solver.
pub(crate) fn template_check(_args: &TemplateArgs) -> Result<(), Error> {
    let folder = tempfile::tempdir()
        .map_err(|error| Error::Failed(format!("cannot make a temporary folder: {error}")))?;
    let root = workspace_root();
    let sources = [
        ("by path", Source::this_checkout()),
        (
            "by git",
            Source::Git {
                url: format!("file://{}", root.display()),
                rev: None,
            },
        ),
    ];
    for (label, source) in sources {
        let crate_folder = folder.path().join(label.replace(' ', "-"));
        template::new_submission(&crate_folder, "ada", &source).map_err(Error::Failed)?;
        std::fs::remove_file(crate_folder.join("Cargo.lock"))
            .map_err(|error| Error::Failed(format!("cannot remove the lock file: {error}")))?;
        let in_crate = |words: &[&str]| {
            let mut command = Command::new(cargo());
            command
                .args(words)
                .current_dir(&crate_folder)
                .env("CARGO_TARGET_DIR", target_dir().join("template-check"));
            command
        };
        run_checked(&mut in_crate(&["update"]), "cargo update")?;
        println!("template {label}: {}", newest_versions(&crate_folder)?);
        run_checked(&mut in_crate(&["test", "--no-run"]), "the skeleton's build")?;
        std::fs::copy(root.join(CORRECT_SOLVER), crate_folder.join("src/lib.rs"))
            .map_err(|error| Error::Failed(format!("cannot copy the solver: {error}")))?;
        let tested = in_crate(&["test"])
            .output()
            .map_err(|error| Error::Failed(format!("cannot run cargo test: {error}")))?;
        let stdout = String::from_utf8_lossy(&tested.stdout);
        let green = green();
        if !tested.status.success() || !stdout.contains(&green) {
            return Err(Error::Failed(format!(
                "template {label}: cargo test on a correct solver did not print \"{green}\":\n{stdout}{}",
                String::from_utf8_lossy(&tested.stderr)
            )));
        }
        println!("template {label}: {green}");
    }
    if root.join(".git").exists() {
        println!("(the crate by git builds the repository's last commit, not uncommitted changes)");
    }
    println!("template-check passed: a student's crate builds with the newest releases");
    Ok(())
}

/// Runs `command`, named `what` in a failure, its output going to ours.
fn run_checked(command: &mut Command, what: &str) -> Result<(), Error> {
    let status = command
        .status()
        .map_err(|error| Error::Failed(format!("cannot run {what}: {error}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Failed(format!("{what} failed ({status})")))
    }
}

/// The versions `cargo update` chose for the dependencies that broke
/// students before, from the crate's new lock file: "proptest 1.12.0, ...".
fn newest_versions(crate_folder: &Path) -> Result<String, Error> {
    let lock = std::fs::read_to_string(crate_folder.join("Cargo.lock"))
        .map_err(|error| Error::Failed(format!("cannot read the new lock file: {error}")))?;
    let mut found = Vec::new();
    let mut name = "";
    for line in lock.lines() {
        if let Some(value) = line.strip_prefix("name = ") {
            name = value.trim_matches('"');
        } else if let Some(version) = line.strip_prefix("version = ")
            && ["proptest", "rand", "fastrand", "serde", "itertools"].contains(&name)
        {
            found.push(format!("{name} {}", version.trim_matches('"')));
        }
    }
    Ok(found.join(", "))
}
