//! A hostile class, graded as root the way a teacher grades: every attack of
//! `examples/hostile/` scores 0 with the verdict its attack earns, and
//! nothing outside its scratch folder changes (a teacher's file, the
//! grader's binary, the suite's shared units, the process table, the temporary
//! folders, the teacher's terminal). Graded twice: in bubblewrap where it is
//! installed, and with what the kernel offers without it (`--no-bwrap`),
//! so that both paths are tested wherever both run.
//!
//! The fork bomb runs inside a pids cgroup of the test's own, four times
//! roomier than the grader's limit: a wall that is down fails the test
//! (the outer limit was met), not the machine.

use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::support::{shared_units, submission, verdict, workspace};

/// The assignment the hostile class is graded by: small limits, so that
/// each attack meets its wall quickly.
const ASSIGNMENT: &str = "\
[limits]
seconds_per_check = 2.0
seconds_per_submission = 20.0
output_mib = 16
processes = 64
build_scratch_mib = 256
[languages.python]
time_factor = 1.0
";

/// The marker the TIOCSTI attack asks the teacher's shell to make.
const PUSHED: &str = "/tmp/queens-hostile-tiocsti-pushed";

#[test]
fn a_hostile_class_in_bubblewrap_scores_nothing_and_changes_nothing() {
    if which::which("bwrap").is_err() {
        eprintln!("skipped: bubblewrap is not installed (Debian package: bubblewrap)");
        return;
    }
    hostile_class(&[]);
}

#[test]
fn a_hostile_class_without_bubblewrap_scores_nothing_and_changes_nothing() {
    hostile_class(&["--no-bwrap"]);
}

/// Grades the hostile class with `extra` options and checks every verdict
/// and every wall.
fn hostile_class(extra: &[&str]) {
    if !nix::unistd::geteuid().is_root() {
        eprintln!("skipped: the walls are tested as root, as a teacher runs the grader");
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let teacher = Teacher::new(folder.path(), !extra.contains(&"--no-bwrap"));
    teacher.warm_up(extra);
    let before = teacher.look();
    let report = teacher.grade(extra);
    let after = teacher.look();
    let mode = extra.join(" ");
    for name in [
        "reader-of-classmates",
        "answer-forger",
        "forged-report",
        "ptrace-judge",
        "tiocsti",
        "fork-bomb",
        "stderr-flood",
        "garbage-printer",
        "build-disk-fill",
        "target-dir-swap",
    ] {
        let graded = submission(&report, name);
        assert_eq!(graded["score"], 0.0, "{mode}: {name} scored: {graded:#}");
    }
    let built = |name: &str| {
        submission(&report, name)["not_checked"]
            .as_str()
            .map(str::to_owned)
    };
    if let Some(refused) = built("forged-report").filter(|why| why.contains("cannot reach")) {
        // Without bubblewrap a build runs as a box, which must reach the
        // toolchain, the registry and the grader's crates: where the
        // checkout itself lies in a private folder, every Rust build is
        // refused, and says why.
        for name in ["forged-report", "build-disk-fill", "target-dir-swap"] {
            assert_eq!(
                built(name).as_deref(),
                Some(refused.as_str()),
                "{mode}: {name}"
            );
        }
        assert!(refused.starts_with("build failed: without bubblewrap a build runs as a uid"));
    } else {
        rust_attacks(&report, &mode);
    }
    let last_words = |name: &str| {
        verdict(submission(&report, name), "counts_match_oeis")
            .1
            .to_owned()
    };
    assert!(
        last_words("ptrace-judge").ends_with("ptrace: attached to nothing"),
        "{mode}: {}",
        last_words("ptrace-judge")
    );
    assert!(
        last_words("reader-of-classmates").ends_with("classmates: read nothing"),
        "{mode}: {}",
        last_words("reader-of-classmates")
    );
    assert!(
        last_words("answer-forger").ends_with("answers: planted nothing"),
        "{mode}: {}",
        last_words("answer-forger")
    );
    assert!(
        last_words("tiocsti").ends_with("tiocsti: pushed into nothing"),
        "{mode}: {}",
        last_words("tiocsti")
    );
    assert_eq!(
        verdict(submission(&report, "fork-bomb"), "solutions_are_valid"),
        (
            "TIMEOUT",
            "n = 0, asked for every solution: took more than 2 s of processor time"
        ),
        "{mode}"
    );
    assert_eq!(
        verdict(submission(&report, "stderr-flood"), "solutions_are_valid"),
        (
            "CRASH",
            "n = 0, asked for every solution: the program printed more than 16 MiB (the \
             assignment's limits.output_mib)"
        ),
        "{mode}"
    );
    assert_eq!(
        verdict(submission(&report, "garbage-printer"), "stops_when_asked"),
        (
            "FAIL",
            "n = 8, asked to stop after 1 solution: line 1 (\"0 0 0 0 0 0 0 0\"): not a \
             solution: queens at (row 0, col 0) and (row 1, col 0) share a column"
        ),
        "{mode}"
    );
    before.same_as(&after, &mode);
    assert!(
        !Path::new(PUSHED).exists(),
        "{mode}: a keystroke reached the teacher's shell"
    );
}

/// The verdicts of the attacks written in Rust: a forged report, a build
/// that fills the disk, a build that reaches for the grader's files.
fn rust_attacks(report: &Value, mode: &str) {
    let (forged, message) = verdict(submission(report, "forged-report"), "counts_match_oeis");
    assert_eq!(forged, "CRASH", "{mode}: {message}");
    assert_eq!(
        message,
        "making a solver object: the solver's process wrote an answer out of turn: \
         {\"done\":{\"stats\":null}}",
        "{mode}"
    );
    assert_eq!(
        submission(report, "build-disk-fill")["not_checked"],
        "build failed: the build wrote more than 256 MiB (the assignment's limits.build_scratch_mib)",
        "{mode}"
    );
    let swap = verdict(submission(report, "target-dir-swap"), "counts_match_oeis").1;
    let shared: u64 = swap
        .split("overwrote 0 of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("{mode}: the build wrote over shared units: {swap}"));
    assert!(
        shared > 100,
        "{mode}: the build was given no shared units: {swap}"
    );
    assert!(
        swap.ends_with(" shared units; overwrote no grader"),
        "{mode}: the build wrote over a grader: {swap}"
    );
}

/// The teacher's machine, as the hostile class finds it, and the class.
struct Teacher {
    /// A file of the teacher's beside the class, which no submission may
    /// change.
    canary: PathBuf,
    /// The class: a copy of `examples/hostile`.
    class: PathBuf,
    /// The grader's target folder.
    target: PathBuf,
    /// The assignment file.
    assignment: PathBuf,
    /// The test's own pids cgroup, if one could be made.
    pids: Option<PathBuf>,
    /// The grader's temporary folder, where its scratch folder goes.
    tmp: PathBuf,
}

impl Teacher {
    /// The teacher's folder inside `folder`: a canary, the class, a target
    /// folder of its own (one for each way of grading: the units built
    /// with and without bubblewrap differ), and an outer limit on
    /// processes.
    fn new(folder: &Path, jailed: bool) -> Self {
        let canary = folder.join("marks.csv");
        std::fs::write(&canary, "ada,100\n").unwrap();
        let class = folder.join("class");
        copy(&workspace().join("examples/hostile"), &class);
        let assignment = folder.join("assignment.toml");
        std::fs::write(&assignment, ASSIGNMENT).unwrap();
        let _ = std::fs::remove_file(PUSHED);
        let tmp = folder.join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        Teacher {
            canary,
            class,
            target: Path::new(env!("CARGO_TARGET_TMPDIR")).join(if jailed {
                "queens-grade-warm-hostile"
            } else {
                "queens-grade-warm-hostile-without-bwrap"
            }),
            assignment,
            pids: outer_pids_cgroup(),
            tmp,
        }
    }

    /// Grades the class under a terminal of its own (`script`), whose
    /// shell runs whatever a submission pushed into it once the grader
    /// ends, inside the test's pids cgroup; returns the JSON report.
    fn grade(&self, extra: &[&str]) -> Value {
        let report = self.class.with_extension("json");
        let grader = env!("CARGO_BIN_EXE_queens-grade");
        let mut line = format!(
            "{grader} grade --format json --out {} --jobs 2 --seed 16 --assignment {} --target-dir {}",
            report.display(),
            self.assignment.display(),
            self.target.display()
        );
        for option in extra {
            line.push(' ');
            line.push_str(option);
        }
        line.push(' ');
        line.push_str(&self.class.display().to_string());
        // What a submission pushed into the terminal is read and run.
        let shell = format!(
            "{enter}TMPDIR={} {line}; status=$?; pushed=$(timeout 1 head -n 1); \
             eval \"$pushed\"; exit $status",
            self.tmp.display(),
            enter = self
                .pids
                .as_ref()
                .map(|pids| format!("echo $$ > {}/cgroup.procs; ", pids.display()))
                .unwrap_or_default()
        );
        // The terminal's log goes to a file of the test's, never to a
        // device of the machine.
        let log = self.canary.with_file_name("typescript");
        let mut command = Command::new("script");
        command
            .args(["-qec", &shell])
            .arg(&log)
            .env("SHELL", "/bin/sh");
        if extra.contains(&"--no-bwrap") {
            command.envs(toolchain_every_user_reads());
        }
        let output = command.stdin(std::process::Stdio::null()).output().unwrap();
        assert!(
            output.status.success(),
            "the grader failed: {}",
            String::from_utf8_lossy(&output.stdout)
        );
        if let Some(pids) = &self.pids {
            let events = std::fs::read_to_string(pids.join("pids.events")).unwrap_or_default();
            assert!(
                events.lines().all(|line| line == "max 0"),
                "the grader's own walls let the fork bomb reach the test's outer limit: {events}"
            );
        }
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap()
    }

    /// Brings the suite's shared units up to date (built, or rebuilt after
    /// the suite's sources changed since the last test run) by grading a
    /// correct crate: what the hostile builds are then given.
    fn warm_up(&self, extra: &[&str]) {
        let correct = workspace().join("examples/submissions/rust-recursive");
        let mut command = Command::new(env!("CARGO_BIN_EXE_queens-grade"));
        command
            .args(["grade", "--target-dir"])
            .arg(&self.target)
            .args(extra)
            .arg(&correct);
        if extra.contains(&"--no-bwrap") {
            command.envs(toolchain_every_user_reads());
        }
        assert!(command.output().unwrap().status.success());
    }

    /// What no submission may change.
    fn look(&self) -> Look {
        Look {
            canary: std::fs::read(&self.canary).unwrap(),
            grader: std::fs::read(env!("CARGO_BIN_EXE_queens-grade")).unwrap(),
            units: shared_units(&self.target.join("target")),
            boxed: processes_of_boxes_below(&self.tmp),
            temporary: box_files_in_temporary_folders(),
        }
    }
}

impl Drop for Teacher {
    fn drop(&mut self) {
        if let Some(pids) = &self.pids {
            let _ = std::fs::remove_dir(pids);
        }
    }
}

/// What no submission may change, seen once.
#[derive(Debug, PartialEq)]
struct Look {
    canary: Vec<u8>,
    grader: Vec<u8>,
    /// The shared units: each file's size and modification time.
    units: BTreeMap<PathBuf, (u64, i64)>,
    /// Processes running as a box.
    boxed: Vec<String>,
    /// Files of a box in the shared temporary folders.
    temporary: Vec<PathBuf>,
}

impl Look {
    /// Asserts that nothing changed between `self` and `after`, bar the
    /// units a first build added.
    fn same_as(&self, after: &Look, mode: &str) {
        assert_eq!(
            self.canary, after.canary,
            "{mode}: the teacher's file changed"
        );
        assert!(
            self.grader == after.grader,
            "{mode}: the grader's binary changed"
        );
        for (path, before) in &self.units {
            assert_eq!(
                after.units.get(path),
                Some(before),
                "{mode}: a shared unit changed: {}",
                path.display()
            );
        }
        assert!(
            after.boxed.is_empty(),
            "{mode}: processes left: {:?}",
            after.boxed
        );
        assert!(
            after.temporary.is_empty(),
            "{mode}: files left: {:?}",
            after.temporary
        );
    }
}

/// Copies the folder `from` to `to`.
fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let destination = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy(&entry.path(), &destination);
        } else {
            std::fs::copy(entry.path(), &destination).unwrap();
        }
    }
}

/// The uids of the grader's boxes.
const BOXES: std::ops::Range<u32> = 61_000..62_000;

/// The processes running as one of the grader's boxes in a folder below
/// `folder` (the grader's scratch: other tests grade at the same time).
fn processes_of_boxes_below(folder: &Path) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter(|entry| {
            entry
                .metadata()
                .is_ok_and(|meta| BOXES.contains(&meta.uid()))
        })
        .filter(|entry| {
            std::fs::read_link(entry.path().join("cwd")).is_ok_and(|cwd| cwd.starts_with(folder))
        })
        .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
        .map(|line| String::from_utf8_lossy(&line).replace('\0', " "))
        .collect()
}

/// The files a box owns in the shared temporary folders.
fn box_files_in_temporary_folders() -> Vec<PathBuf> {
    ["/tmp", "/var/tmp", "/dev/shm"]
        .iter()
        .filter_map(|folder| std::fs::read_dir(folder).ok())
        .flatten()
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .metadata()
                .is_ok_and(|meta| BOXES.contains(&meta.uid()))
        })
        .map(|entry| entry.path())
        .collect()
}

/// The environment that points the grader at a Rust toolchain and a cargo
/// home every user may read, as a teacher without bubblewrap installs them
/// (the build runs as a box of its own): copies of this machine's, made of
/// hard links, beside the tests' other files.
fn toolchain_every_user_reads() -> Vec<(String, PathBuf)> {
    use std::os::unix::fs::PermissionsExt;
    static MADE: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    let made = MADE.get_or_init(|| {
        let view = Path::new(env!("CARGO_TARGET_TMPDIR")).join("toolchain-every-user-reads");
        let _ = std::fs::remove_dir_all(&view);
        let sysroot = Command::new("rustc")
            .args(["--print", "sysroot"])
            .output()
            .ok()?;
        let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
        let cargo_home = std::env::var_os("CARGO_HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(&std::env::var_os("HOME").unwrap()).join(".cargo"));
        std::fs::create_dir_all(view.join("cargo")).ok()?;
        for (from, to) in [
            (sysroot, view.join("rust")),
            (cargo_home.join("registry"), view.join("cargo/registry")),
        ] {
            let linked = Command::new("cp")
                .arg("-al")
                .arg(&from)
                .arg(&to)
                .status()
                .ok()?;
            linked.success().then_some(())?;
        }
        for folder in [view.clone(), view.join("cargo")] {
            std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755)).ok()?;
        }
        Some(view)
    });
    match made {
        Some(view) => vec![
            ("RUSTC".to_owned(), view.join("rust/bin/rustc")),
            ("CARGO_HOME".to_owned(), view.join("cargo")),
        ],
        None => Vec::new(),
    }
}

/// A pids cgroup of the test's own, below the test's, with room for four
/// times the grader's process limit per job; `None` where none can be made
/// (the grader's RLIMIT_NPROC still holds there).
fn outer_pids_cgroup() -> Option<PathBuf> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = own.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers
            .split(',')
            .any(|controller| controller == "pids")
            .then(|| path.to_owned())
    })?;
    let folder = Path::new("/sys/fs/cgroup/pids")
        .join(path.trim_start_matches('/'))
        .join(format!("queens-grade-test-{}", std::process::id()));
    std::fs::create_dir(&folder).ok()?;
    std::fs::write(folder.join("pids.max"), "2048").ok()?;
    Some(folder)
}
