//! `cargo xtask grade`, `cargo xtask new-submission` and `cargo xtask
//! sandbox-check`: thin aliases to the grader, which is a crate of its own
//! (`queens-grade`, a library and a binary a teacher can `cargo install`).
//!
//! Inside the repository the grader is built in release mode and run with
//! the arguments given; `grade` shares the workspace's `target/queens-grade`
//! folder for the submissions' builds unless told otherwise.
//! `sandbox-check` proves the sandbox: a program that writes outside its
//! folder is graded with and without bubblewrap, and the file must appear
//! only without. It needs Debian's `bubblewrap` and installs nothing.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{Error, target_dir, workspace_root};

/// The arguments passed on to the grader as they are.
#[derive(Debug, clap::Args)]
pub struct Passed {
    /// The grader's arguments (`--help` lists them).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    arguments: Vec<OsString>,
}

/// `cargo xtask grade ARGS`: `queens-grade grade ARGS`.
pub fn grade(passed: &Passed) -> Result<(), Error> {
    let mut arguments: Vec<OsString> = vec!["grade".into()];
    arguments.extend(passed.arguments.iter().cloned());
    let chooses_target = passed
        .arguments
        .iter()
        .any(|argument| argument == "--target-dir" || argument == "--isolated-builds");
    if !chooses_target {
        arguments.push("--target-dir".into());
        arguments.push(target_dir().join("queens-grade").into());
    }
    run_grader(&arguments)
}

/// `cargo xtask new-submission ARGS`: `queens-grade new-submission ARGS`.
pub fn new_submission(passed: &Passed) -> Result<(), Error> {
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

/// Builds `queens-grade` in release mode; returns its path.
fn build_grader() -> Result<PathBuf, Error> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(workspace_root())
        .args(["build", "--quiet", "--release", "-p", "queens-grade"])
        .status()
        .map_err(|error| Error::Failed(format!("cannot run cargo: {error}")))?;
    if !status.success() {
        return Err(Error::Failed(format!(
            "building queens-grade failed ({status})"
        )));
    }
    Ok(target_dir().join("release").join("queens-grade"))
}

/// `cargo xtask sandbox-check`.
#[derive(Debug, clap::Args)]
pub struct SandboxArgs {}

/// A correct Python solver that first tries to write a file at `{target}`,
/// outside its scratch folder.
const ESCAPING_PROGRAM: &str = r#"# Writes outside its folder, then solves N-Queens correctly.
import sys
try:
    with open("{target}", "w") as escaped:
        escaped.write("written from inside the check\n")
except OSError:
    pass
n, k = map(int, sys.stdin.readline().split())
fixed = {}
for _ in range(k):
    row, col = map(int, sys.stdin.readline().split())
    fixed[row] = col
queens = []
def place(row):
    if row == n:
        print(" ".join(map(str, queens)))
        return
    for col in ([fixed[row]] if row in fixed else range(n)):
        if all(c != col and abs(c - col) != row - r for r, c in enumerate(queens)):
            queens.append(col)
            place(row + 1)
            queens.pop()
place(0)
"#;

/// Grades a program that writes outside its folder, sandboxed and not: the
/// file must appear only when the sandbox is off.
pub fn sandbox_check(_args: &SandboxArgs) -> Result<(), Error> {
    if which("bwrap").is_none() {
        return Err(Error::BadInput(
            "sandbox-check needs bubblewrap (Debian package: bubblewrap; apt-get install bubblewrap); it installs nothing".to_owned(),
        ));
    }
    let grader = build_grader()?;
    let folder = tempfile::tempdir()
        .map_err(|error| Error::Failed(format!("cannot make a temporary folder: {error}")))?;
    let outside = folder.path().join("outside");
    std::fs::create_dir(&outside).map_err(|error| Error::Failed(error.to_string()))?;
    let target = outside.join("escaped.txt");
    let program = folder.path().join("class").join("escaper.py");
    std::fs::create_dir_all(program.parent().expect("the program is in a folder"))
        .map_err(|error| Error::Failed(error.to_string()))?;
    let source = ESCAPING_PROGRAM.replace("{target}", &target.display().to_string());
    std::fs::write(&program, source).map_err(|error| Error::Failed(error.to_string()))?;
    for (sandbox, should_escape) in [(true, false), (false, true)] {
        let report = grade_once(&grader, &program, sandbox)?;
        let escaped = target.exists();
        println!(
            "{}: {}; the file outside {}",
            if sandbox { "sandboxed" } else { "--no-sandbox" },
            report,
            if escaped {
                "was written"
            } else {
                "was not written"
            }
        );
        if escaped != should_escape {
            return Err(Error::Failed(format!(
                "the program {} {} with the sandbox {}",
                if escaped { "wrote" } else { "could not write" },
                target.display(),
                if sandbox { "on" } else { "off" }
            )));
        }
    }
    println!("sandbox-check passed: only the unsandboxed run wrote outside its folder");
    Ok(())
}

/// Grades `program` once; returns its score and the sandbox line.
fn grade_once(grader: &Path, program: &Path, sandbox: bool) -> Result<String, Error> {
    let mut command = Command::new(grader);
    command
        .args(["grade", "--format", "json", "--seed", "1"])
        .arg(program);
    if !sandbox {
        command.arg("--no-sandbox");
    }
    let output = command
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| Error::Failed(format!("cannot run {}: {error}", grader.display())))?;
    let report: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| Error::Failed(format!("the grader's report is not JSON: {error}")))?;
    if report["sandboxed"].as_bool() != Some(sandbox) {
        return Err(Error::Failed(format!(
            "asked for sandbox = {sandbox}, the grader says: {}",
            report["confinement"]
        )));
    }
    let score = &report["submissions"][0]["score"];
    Ok(format!("score {score}"))
}

/// The path of `program` on `PATH`, if it is there.
fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|folder| folder.join(program))
            .find(|candidate| candidate.is_file())
    })
}
