//! Grading a class as a teacher would, in bubblewrap or without it: the
//! check's folder laid out as a teacher's machine, the grader run on a
//! class, its JSON report read, the walls that did not hold kept, and what
//! a grading left behind killed, by PID.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::error::Error;
use crate::paths::{target_dir, workspace_root};
use crate::system::{copy_folder, set_mode};

/// The argument of the `sleep` the process probe leaves behind, so that
/// it can be found again.
pub(super) const SLEEP_MARK: &str = "3011.5";

/// How the grader is asked to confine: in bubblewrap, or without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Bubblewrap,
    Fallback,
}

impl Mode {
    /// Both, bubblewrap first.
    pub(super) const BOTH: [Mode; 2] = [Mode::Bubblewrap, Mode::Fallback];

    /// The mode in words, for headings and failures.
    pub(super) fn words(self) -> &'static str {
        match self {
            Mode::Bubblewrap => "with bubblewrap",
            Mode::Fallback => "without bubblewrap",
        }
    }

    /// The grader's options that ask for it.
    pub(super) fn options(self) -> &'static [&'static str] {
        match self {
            Mode::Bubblewrap => &[],
            Mode::Fallback => &["--no-bwrap"],
        }
    }

    /// The grader's target folder for it: the units built in bubblewrap
    /// and without it differ, and neither is the teacher's own
    /// (`cargo xtask grade`'s), which a hostile build must not get near.
    fn target(self) -> PathBuf {
        let name = match self {
            Mode::Bubblewrap => "with-bubblewrap",
            Mode::Fallback => "without-bubblewrap",
        };
        target_dir().join("sandbox-check").join(name)
    }
}

/// The check's temporary folder, laid out as a teacher's machine: the
/// probes' class, the hostile class, and the grader's temporary folder,
/// where its scratch goes.
pub(super) struct Teacher {
    folder: tempfile::TempDir,
}

impl Teacher {
    /// Makes the folder, searchable by the boxes (a box reads the
    /// classmate's world-readable file, and works in the grader's scratch
    /// below it), with the hostile class in it; the probes' class is
    /// [`write_class`](super::probes::write_class)'s to write.
    pub(super) fn new() -> Result<Self, Error> {
        let folder = tempfile::tempdir()
            .map_err(|error| Error::Failed(format!("cannot make a temporary folder: {error}")))?;
        let teacher = Teacher { folder };
        set_mode(teacher.folder.path(), 0o711)?;
        std::fs::create_dir(teacher.tmp())
            .map_err(|error| Error::Failed(format!("cannot make the grader's folder: {error}")))?;
        set_mode(&teacher.tmp(), 0o711)?;
        copy_folder(
            &workspace_root().join("examples/hostile"),
            &teacher.hostile(),
        )?;
        Ok(teacher)
    }

    /// The probes' class.
    pub(super) fn probes(&self) -> PathBuf {
        self.folder.path().join("probes")
    }

    /// The copy of `examples/hostile`.
    pub(super) fn hostile(&self) -> PathBuf {
        self.folder.path().join("hostile")
    }

    /// The grader's temporary folder (its `TMPDIR`).
    pub(super) fn tmp(&self) -> PathBuf {
        self.folder.path().join("tmp")
    }

    /// Grades `class` by `assignment` as `mode` asks; returns the report.
    pub(super) fn grade(
        &self,
        grader: &Path,
        class: &Path,
        assignment: &str,
        mode: Mode,
        jobs: u8,
    ) -> Result<Report, Error> {
        let file = class.with_extension("toml");
        std::fs::write(&file, assignment).map_err(|error| Error::Failed(error.to_string()))?;
        let output = Command::new(grader)
            .args(["grade", "--format", "json", "--seed", "16", "--assignment"])
            .arg(&file)
            .arg("--jobs")
            .arg(jobs.to_string())
            .arg("--target-dir")
            .arg(mode.target())
            .args(mode.options())
            .arg(class)
            .env("TMPDIR", self.tmp())
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .map_err(|error| Error::Failed(format!("cannot run {}: {error}", grader.display())))?;
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).map_err(|error| {
            Error::Failed(format!(
                "the grader's report is not JSON ({error}; {})",
                output.status
            ))
        })?;
        let sandboxed = mode == Mode::Bubblewrap;
        if json["sandboxed"].as_bool() != Some(sandboxed) {
            return Err(Error::Failed(format!(
                "asked to grade {}, the grader says: {}",
                mode.words(),
                json["confinement"]
            )));
        }
        Ok(Report(json))
    }

    /// Kills, by PID, every process the gradings left behind; returns how
    /// many there were.
    pub(super) fn kill_leftovers(&self) -> usize {
        let left = left_behind(self.folder.path());
        for &pid in &left {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
        left.len()
    }
}

/// The walls that did not hold, each as a line of the final error.
#[derive(Default)]
pub(super) struct Failures(pub(super) Vec<String>);

impl Failures {
    /// Prints what `what` came to in `mode`, marked by whether the wall
    /// `held`, and keeps it if not.
    pub(super) fn note(&mut self, mode: Mode, what: &str, finding: &str, held: bool) {
        let mark = if held { "(held)" } else { "(NOT HELD)" };
        println!("  {what}: {finding} {mark}");
        if !held {
            self.0.push(format!("{}: {what}: {finding}", mode.words()));
        }
    }
}

/// A graded class: the grader's JSON report.
pub(super) struct Report(serde_json::Value);

impl Report {
    /// The message of the first check of the submission `name`.
    pub(super) fn first_message(&self, name: &str) -> Result<String, Error> {
        Ok(self.submission(name)?["checks"][0]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned())
    }

    /// Why the submission `name` was not checked.
    pub(super) fn not_checked(&self, name: &str) -> Result<String, Error> {
        Ok(self.submission(name)?["not_checked"]
            .as_str()
            .unwrap_or("it was checked")
            .to_owned())
    }

    /// The graded submission `name`.
    pub(super) fn submission(&self, name: &str) -> Result<&serde_json::Value, Error> {
        self.0["submissions"]
            .as_array()
            .and_then(|all| all.iter().find(|graded| graded["name"] == name))
            .ok_or_else(|| Error::Failed(format!("the report has no {name}")))
    }
}

/// The paths in `folder`, none if it cannot be read.
pub(super) fn entries(folder: &Path) -> impl Iterator<Item = PathBuf> + use<> {
    std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
}

/// The last component of `path`, as text.
pub(super) fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The processes a grading left behind: the probe's marked `sleep`, and
/// any process working below `folder` (the grader's scratch is there).
fn left_behind(folder: &Path) -> Vec<i32> {
    entries(Path::new("/proc"))
        .filter_map(|entry| Some((name_of(&entry).parse::<i32>().ok()?, entry)))
        .filter(|(_, entry)| {
            std::fs::read(entry.join("cmdline"))
                .is_ok_and(|line| String::from_utf8_lossy(&line).contains(SLEEP_MARK))
                || std::fs::read_link(entry.join("cwd")).is_ok_and(|cwd| cwd.starts_with(folder))
        })
        .map(|(pid, _)| pid)
        .collect()
}
