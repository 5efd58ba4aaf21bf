//! A grader never outlives its parent and never leaves anything behind
//! for long: `SIGTERM` ends it within a second, its parent's death ends
//! it, and what a grader killed outright left (its scratch folder, its
//! cgroups) is swept by the next run.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::{shared_target, workspace};

/// Starts grading a class whose checks take long (an endless loop, a
/// sleeper) with `TMPDIR` at `tmp`.
fn start_a_long_grading(tmp: &Path) -> Child {
    let examples = workspace().join("examples/submissions");
    Command::new(env!("CARGO_BIN_EXE_queens-grade"))
        .arg("grade")
        .arg("--target-dir")
        .arg(shared_target())
        .arg(examples.join("python-sleeper"))
        .arg(examples.join("c-exponential"))
        .env("TMPDIR", tmp)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits until the grader's scratch folder (in `tmp`) holds a check's
/// working folder: checks are under way.
fn wait_for_checks(tmp: &Path) -> PathBuf {
    let started = Instant::now();
    let under_way = |scratch: &Path| {
        std::fs::read_dir(scratch.join("000-python-sleeper/work"))
            .is_ok_and(|mut checks| checks.next().is_some())
    };
    loop {
        let scratch = std::fs::read_dir(tmp)
            .unwrap()
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .find(|path| under_way(path));
        if let Some(scratch) = scratch {
            return scratch;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no check started"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Whether process `pid` is gone (or a zombie waiting for its parent).
fn gone(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit(") ")
            .next()
            .is_some_and(|rest| rest.starts_with('Z'))
    })
}

/// Waits up to `most` for `pid` to be gone.
fn wait_gone(pid: u32, most: Duration) {
    let started = Instant::now();
    while !gone(pid) {
        assert!(
            started.elapsed() < most,
            "process {pid} still runs after {most:?}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn sigterm_ends_a_grader_within_a_second_and_leaves_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let mut grading = start_a_long_grading(tmp.path());
    wait_for_checks(tmp.path());
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(grading.id() as i32),
        nix::sys::signal::Signal::SIGTERM,
    )
    .unwrap();
    let started = Instant::now();
    let status = grading.wait().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "SIGTERM took {:?}",
        started.elapsed()
    );
    assert_eq!(status.code(), Some(130));
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
}

#[test]
fn a_grader_whose_parent_dies_stops_with_its_checks() {
    let tmp = tempfile::tempdir().unwrap();
    // A parent shell that starts the grader, says its pid, and waits.
    let examples = workspace().join("examples/submissions");
    let mut parent = Command::new("sh")
        .arg("-c")
        .arg("\"$@\" & echo $! ; wait")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_queens-grade"))
        .arg("grade")
        .arg("--target-dir")
        .arg(shared_target())
        .arg(examples.join("python-sleeper"))
        .arg(examples.join("c-exponential"))
        .env("TMPDIR", tmp.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(parent.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let grader: u32 = line.trim().parse().unwrap();
    wait_for_checks(tmp.path());
    parent.kill().unwrap();
    parent.wait().unwrap();
    wait_gone(grader, Duration::from_secs(2));
    // Its handler removed the scratch folder on its way out.
    let started = Instant::now();
    while std::fs::read_dir(tmp.path()).unwrap().count() > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "the scratch is left"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn what_a_grader_killed_outright_left_is_swept_by_the_next_run() {
    let tmp = tempfile::tempdir().unwrap();
    let mut grading = start_a_long_grading(tmp.path());
    let scratch = wait_for_checks(tmp.path());
    grading.kill().unwrap();
    grading.wait().unwrap();
    assert!(scratch.is_dir(), "SIGKILL leaves the scratch folder");
    let c_seed = workspace().join("examples/submissions/c-seed");
    let next = Command::new(env!("CARGO_BIN_EXE_queens-grade"))
        .arg("grade")
        .arg(&c_seed)
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    assert!(next.status.success());
    assert!(!scratch.exists(), "the next run left {}", scratch.display());
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
    let cgroups = crate::isolation::cgroups_named(&format!("queens-grade-{}-", grading.id()));
    assert!(cgroups.is_empty(), "{cgroups:?}");
}

#[test]
fn a_target_folder_in_tmp_itself_outlives_the_sweep_of_the_boxes_files() {
    // The boxes' files are swept from /tmp when a box is given back: a
    // teacher's target folder there must not be taken for one.
    let target = Path::new("/tmp").join(format!("queens-grade-test-target-{}", std::process::id()));
    let crate_folder = workspace().join("examples/submissions/rust-recursive");
    for run in ["first", "second"] {
        let graded = Command::new(env!("CARGO_BIN_EXE_queens-grade"))
            .args(["grade", "--format", "csv", "--target-dir"])
            .arg(&target)
            .arg(&crate_folder)
            .output()
            .unwrap();
        let csv = String::from_utf8_lossy(&graded.stdout);
        assert!(
            csv.lines()
                .nth(1)
                .is_some_and(|row| row.starts_with("rust-recursive,rust,100,")),
            "{run} run: {csv}"
        );
        assert!(target.join("target/release/deps").is_dir(), "{run} run");
    }
    std::fs::remove_dir_all(&target).unwrap();
}
