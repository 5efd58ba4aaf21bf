//! What the grader's tests share: running the `queens-grade` binary,
//! reading its JSON report, and looking at the units of its warm folder.

use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The workspace's root folder.
pub(crate) fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The grader's target folder for the tests, kept across test runs, so the
/// suite is compiled once per machine rather than once per run.
pub(crate) fn shared_target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("queens-grade-warm")
}

/// Runs `queens-grade` with `arguments`.
pub(crate) fn grader(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens-grade"))
        .args(arguments)
        .output()
        .expect("the grader runs")
}

/// Grades `paths` with the JSON report, the shared target folder and the
/// assignment text `assignment`; returns the report.
pub(crate) fn grade_json(paths: &[&Path], assignment: &str, extra: &[&str]) -> Value {
    grade_report("json", paths, assignment, extra)
}

/// Grades `paths` into the report of `format` (`json`, `gradescope`) on
/// stdout, with the shared target folder and the assignment text
/// `assignment`; returns the report.
pub(crate) fn grade_report(
    format: &str,
    paths: &[&Path],
    assignment: &str,
    extra: &[&str],
) -> Value {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("assignment.toml");
    std::fs::write(&file, assignment).unwrap();
    let target = shared_target();
    let mut arguments: Vec<&str> = vec!["grade", "--format", format, "--jobs", "2"];
    arguments.extend(["--assignment", file.to_str().unwrap()]);
    arguments.extend(["--target-dir", target.to_str().unwrap()]);
    arguments.extend(extra);
    arguments.extend(paths.iter().map(|path| path.to_str().unwrap()));
    let output = grader(&arguments);
    assert!(
        output.status.success(),
        "the grader failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the report is JSON")
}

/// A character device made in `folder` with the numbers of the machine's
/// `/dev/full` (1, 7), for a report to fail on: a writer that wrongly
/// replaced its target would replace this node, never the machine's
/// device. `None` where devices cannot be made (not root).
pub(crate) fn full_device(folder: &Path) -> Option<PathBuf> {
    use nix::sys::stat::{Mode, SFlag, makedev, mknod};
    let path = folder.join("full");
    let made = mknod(
        &path,
        SFlag::S_IFCHR,
        Mode::from_bits_truncate(0o666),
        makedev(1, 7),
    );
    if made.is_err() {
        eprintln!("skipped: cannot make a device node here (mknod needs root)");
    }
    made.ok().map(|()| path)
}

/// The graded submission called `name` in `report`.
pub(crate) fn submission<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|submission| submission["name"] == name)
        .unwrap_or_else(|| panic!("no submission {name} in the report"))
}

/// The verdict and message of `check` for `submission`.
pub(crate) fn verdict<'a>(submission: &'a Value, check: &str) -> (&'a str, &'a str) {
    let found = submission["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|result| result["name"] == check)
        .unwrap_or_else(|| panic!("{}: no check {check}", submission["name"]));
    (
        found["verdict"].as_str().unwrap(),
        found["message"].as_str().unwrap(),
    )
}

/// Writes `text` to `path`, making its folder.
pub(crate) fn write(path: &Path, text: &str) -> PathBuf {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
    path.to_owned()
}

/// The units a build is given, linked: every file two levels or more below
/// the target folder (the top two hold what each build writes afresh),
/// with its size and modification time.
pub(crate) fn shared_units(target: &Path) -> BTreeMap<PathBuf, (u64, i64)> {
    let mut units = BTreeMap::new();
    for profile in std::fs::read_dir(target)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
    {
        for kind in std::fs::read_dir(profile.path())
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
        {
            if kind.path().is_dir() {
                units.extend(files_below(&kind.path()));
            }
        }
    }
    units
}

/// Every file below `folder`, with its size and modification time.
fn files_below(folder: &Path) -> BTreeMap<PathBuf, (u64, i64)> {
    let mut found = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return found;
    };
    for entry in entries.filter_map(Result::ok) {
        let metadata = std::fs::symlink_metadata(entry.path()).unwrap();
        if metadata.is_dir() {
            found.extend(files_below(&entry.path()));
        } else {
            found.insert(entry.path(), (metadata.size(), metadata.mtime()));
        }
    }
    found
}
