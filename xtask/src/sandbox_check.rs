//! `cargo xtask sandbox-check`: the grader's walls, attacked the way a
//! hostile class attacks them, with the attacks written as submissions, in
//! bubblewrap and without it.
//!
//! It first prints the walls of this machine as the release grader sees
//! them: `queens-grade walls`, and `queens-grade walls --no-bwrap` (a uid
//! of its own per check, a session of its own, rlimits and cgroups, but no
//! view of its own). Then it grades, once in bubblewrap and once with
//! `--no-bwrap`, a class of four probes, a classmate and a link, one
//! submission at a time (so that the classmate is graded, and has given its
//! ids back, before the probes run, as in any class graded by one job):
//!
//! - `probe-files` tries to read `/etc/shadow`, the grader's home folder,
//!   the classmate's submission where the teacher keeps it, the classmate's
//!   copy in the grader's scratch folder (whose path it works out from its
//!   own working folder: the scratch folder cannot be listed, but each
//!   submission's folder there is its number and its name), and
//!   `/etc/shadow` again through a symbolic link it makes;
//! - `probe-memory` maps 3 GiB of shared anonymous memory, which
//!   `RLIMIT_DATA` does not count, and touches every page, saying every
//!   64 MiB how far it got;
//! - `probe-disk` writes files of 8 MiB (under the per-file limit) into
//!   its working folder until something stops it;
//! - `probe-process` leaves a `sleep` behind in a session of its own,
//!   outside the check's process group;
//! - and `probe-linked`, a submission holding a symbolic link to
//!   `/etc/shadow`, must be refused before anything of it runs.
//!
//! Each probe says what it got on the last line of its stderr, which the
//! grader puts in the message of each check. In bubblewrap every probe must
//! come back empty-handed: no file read, the mapping stopped at the
//! assignment's 512 MiB, the disk full at its 64 MiB, no process left.
//!
//! Without bubblewrap a submission is not root, but it sees what every
//! user of the machine may see. The check leaves the classmate's submission
//! world-readable where the teacher keeps it (as a umask of 022 would), so
//! the file probe must get that and nothing else: not `/etc/shadow`, not the
//! grader's home (`/root` is 0700), not the copy the grader sealed in
//! scratch, not the link. That one file is also what shows that the probe
//! can tell: the jail hides it, the fallback does not. The mapping must
//! still be stopped by the memory cgroup (where the machine has none,
//! nothing stops it, and the check says so), the disk by the grader's
//! watcher ("wrote more than 64 MiB"; the watcher looks twice a second, so
//! the check samples the probe's folder from outside and says how much it
//! held at most), and no process may be left.
//!
//! Last, it grades a copy of the hostile class of `examples/hostile` both
//! ways, as the grader's test of it does
//! (`crates/queens-grade/tests/grader/hostile.rs`: its assignment, two
//! jobs), and holds each attack to that test's expectations: a score of 0
//! and the verdict the attack earns, on the check the test reads. Without
//! bubblewrap a Rust attack may be refused before it is built, when the
//! toolchain lies where a box cannot reach it (rustup's, in `/root`): a
//! refusal, which holds.
//!
//! The gradings run with a temporary folder of the check's own as the
//! grader's `TMPDIR`, and target folders of their own below the
//! workspace's (`target/sandbox-check/`), never the teacher's. After each,
//! every process left behind (the probe's marked `sleep`, or any process
//! working in that temporary folder) is killed, by PID. It exits with the
//! xtask's failure status when any wall did not hold. It needs Debian's
//! `bubblewrap`, and installs nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::error::Error;
use crate::grade::build_grader;
use crate::paths::{target_dir, workspace_root};
use crate::system::{copy_folder, set_mode, which};

/// `cargo xtask sandbox-check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

/// The argument of the `sleep` the process probe leaves behind, so that
/// it can be found again.
const SLEEP_MARK: &str = "3011.5";

/// The size of a check's scratch space in the probes' assignment.
const SCRATCH_MIB: u64 = 64;

/// The memory limit of a check in the probes' assignment.
const MEMORY_MIB: u64 = 512;

/// What the file probe must get without bubblewrap: the one file the check
/// leaves world-readable.
const WORLD_READABLE: &str = "the classmate's submission";

/// Reads what it should not, then reports on stderr and exits 1. `{home}`
/// and `{classmate}` are filled in.
const PROBE_FILES: &str = r#"# Reads what a submission must not; reports what it got.
import os, sys
got = []
def attempt(label, path):
    try:
        if os.path.isdir(path):
            os.listdir(path)
        else:
            open(path, "rb").read(1)
        if label not in got:
            got.append(label)
    except OSError:
        pass
attempt("/etc/shadow", "/etc/shadow")
attempt("the grader's home", "{home}")
attempt("the classmate's submission", "{classmate}")
# The scratch folder cannot be listed, but its name is in the working
# folder's, and each submission's folder is its number and its name.
scratch = os.getcwd()
while scratch != "/" and not os.path.basename(scratch).startswith("queens-grade-"):
    scratch = os.path.dirname(scratch)
for index in range(100):
    attempt("the classmate's copy", "%s/%03d-classmate/src/queens.py" % (scratch, index))
try:
    os.symlink("/etc/shadow", "via-link")
    attempt("/etc/shadow through a link", "via-link")
except OSError:
    pass
sys.stderr.write("got: " + (", ".join(got) if got else "nothing") + "\n")
sys.exit(1)
"#;

/// Maps 3 GiB shared and touches it, saying every 64 MiB how far it got:
/// killed, it has said so last.
const PROBE_MEMORY: &str = r#"# Maps 3 GiB of shared anonymous memory and touches every page.
import mmap, sys
size = 3 << 30
area = mmap.mmap(-1, size, flags=mmap.MAP_SHARED | mmap.MAP_ANONYMOUS)
page = b"x" * 4096
for offset in range(4096, size + 1, 4096):
    area[offset - 4096:offset] = page
    if offset % (64 << 20) == 0:
        sys.stderr.write("got: %d MiB touched\n" % (offset >> 20))
        sys.stderr.flush()
sys.stderr.write("got: all 3072 MiB\n")
sys.exit(1)
"#;

/// Fills its working folder with files of 8 MiB (each under the per-file
/// limit, as the class that wrote 3.6 GB of 60 MB files did); reports how
/// much it wrote and why it stopped.
const PROBE_DISK: &str = r#"# Writes 8 MiB files into its working folder until it cannot.
import sys
written = 0
block = b"x" * (1 << 20)
try:
    while written < (8 << 30):
        with open("fill-%d" % (written >> 23), "wb") as fill:
            for _ in range(8):
                fill.write(block)
                fill.flush()
                written += 1 << 20
    stopped = "nothing stopped it"
except OSError as error:
    stopped = error.strerror
sys.stderr.write("got: %d MiB written, then %s\n" % (written >> 20, stopped))
sys.exit(1)
"#;

/// Leaves a `sleep` in a session of its own, then exits 1.
const PROBE_PROCESS: &str = r#"# Leaves a process behind, outside its process group.
import subprocess, sys
subprocess.Popen(["sleep", "{mark}"], start_new_session=True,
                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
sys.stderr.write("got: a sleep started\n")
sys.exit(1)
"#;

/// A classmate, whose files the probe reaches for (what it prints is not
/// what this check looks at).
const CLASSMATE: &str = "import sys\nprint(open(__file__).read()[:0], end='')\nsys.exit(1)\n";

/// The assignment of the hostile class: the grader's test's, small limits
/// so that each attack meets its wall quickly.
const HOSTILE_ASSIGNMENT: &str = "\
[limits]
seconds_per_check = 2.0
seconds_per_submission = 20.0
output_mib = 16
processes = 64
build_scratch_mib = 256
[languages.python]
time_factor = 1.0
";

/// How the grader is asked to confine: in bubblewrap, or without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Bubblewrap,
    Fallback,
}

impl Mode {
    /// Both, bubblewrap first.
    const BOTH: [Mode; 2] = [Mode::Bubblewrap, Mode::Fallback];

    /// The mode in words, for headings and failures.
    fn words(self) -> &'static str {
        match self {
            Mode::Bubblewrap => "with bubblewrap",
            Mode::Fallback => "without bubblewrap",
        }
    }

    /// The grader's options that ask for it.
    fn options(self) -> &'static [&'static str] {
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

/// Prints the walls, grades the probes and the hostile class both ways,
/// and checks what each got.
pub(crate) fn run(_args: &Args) -> Result<(), Error> {
    if which("bwrap").is_none() {
        return Err(Error::BadInput(
            "sandbox-check needs bubblewrap (Debian package: bubblewrap; apt-get install bubblewrap); it installs nothing".to_owned(),
        ));
    }
    let grader = build_grader()?;
    let teacher = Teacher::new()?;
    for mode in Mode::BOTH {
        print_walls(&grader, mode)?;
    }
    let mut failures = Vec::new();
    for mode in Mode::BOTH {
        failures.extend(check_probes(&grader, &teacher, mode)?.0);
    }
    for mode in Mode::BOTH {
        failures.extend(check_hostile(&grader, &teacher, mode)?.0);
    }
    if failures.is_empty() {
        println!(
            "sandbox-check passed: in bubblewrap every wall held; without it every wall held \
             but the view (a submission reads what every user of the machine may)"
        );
        Ok(())
    } else {
        Err(Error::Failed(format!(
            "the walls did not hold: {}",
            failures.join("; ")
        )))
    }
}

/// Prints `queens-grade walls` as `mode` would have them.
fn print_walls(grader: &Path, mode: Mode) -> Result<(), Error> {
    let output = Command::new(grader)
        .arg("walls")
        .args(mode.options())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| Error::Failed(format!("cannot run {}: {error}", grader.display())))?;
    if !output.status.success() {
        return Err(Error::Failed(format!(
            "queens-grade walls failed ({})",
            output.status
        )));
    }
    println!("walls {}:", mode.words());
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        println!("  {line}");
    }
    Ok(())
}

/// The check's temporary folder, laid out as a teacher's machine: the
/// probes' class, the hostile class, and the grader's temporary folder,
/// where its scratch goes.
struct Teacher {
    folder: tempfile::TempDir,
}

impl Teacher {
    /// Makes the folder, searchable by the boxes (a box reads the
    /// classmate's world-readable file, and works in the grader's scratch
    /// below it), with both classes in it.
    fn new() -> Result<Self, Error> {
        let folder = tempfile::tempdir()
            .map_err(|error| Error::Failed(format!("cannot make a temporary folder: {error}")))?;
        let teacher = Teacher { folder };
        set_mode(teacher.folder.path(), 0o711)?;
        std::fs::create_dir(teacher.tmp())
            .map_err(|error| Error::Failed(format!("cannot make the grader's folder: {error}")))?;
        set_mode(&teacher.tmp(), 0o711)?;
        teacher.make_probes()?;
        copy_folder(
            &workspace_root().join("examples/hostile"),
            &teacher.hostile(),
        )?;
        Ok(teacher)
    }

    /// The probes' class.
    fn probes(&self) -> PathBuf {
        self.folder.path().join("probes")
    }

    /// The copy of `examples/hostile`.
    fn hostile(&self) -> PathBuf {
        self.folder.path().join("hostile")
    }

    /// The grader's temporary folder (its `TMPDIR`).
    fn tmp(&self) -> PathBuf {
        self.folder.path().join("tmp")
    }

    /// Writes the probes, the classmate (world-readable), and a submission
    /// with a link.
    fn make_probes(&self) -> Result<(), Error> {
        let class = self.probes();
        let classmate = class.join("classmate").join("queens.py");
        let home = std::env::var("HOME").unwrap_or_else(|_| "/root".to_owned());
        let files = [
            (
                "probe-files",
                PROBE_FILES
                    .replace("{home}", &home)
                    .replace("{classmate}", &classmate.display().to_string()),
            ),
            ("probe-memory", PROBE_MEMORY.to_owned()),
            ("probe-disk", PROBE_DISK.to_owned()),
            ("probe-process", PROBE_PROCESS.replace("{mark}", SLEEP_MARK)),
            ("classmate", CLASSMATE.to_owned()),
            ("probe-linked", CLASSMATE.to_owned()),
        ];
        for (name, text) in files {
            let path = class.join(name).join("queens.py");
            std::fs::create_dir_all(path.parent().expect("a file is in a folder"))
                .and_then(|()| std::fs::write(&path, text))
                .map_err(|error| Error::Failed(format!("{}: {error}", path.display())))?;
        }
        for (path, mode) in [
            (class.as_path(), 0o755),
            (classmate.parent().expect("a file is in a folder"), 0o755),
            (classmate.as_path(), 0o644),
        ] {
            set_mode(path, mode)?;
        }
        std::os::unix::fs::symlink("/etc/shadow", class.join("probe-linked").join("secret.py"))
            .map_err(|error| Error::Failed(format!("cannot make the link: {error}")))
    }

    /// Grades `class` by `assignment` as `mode` asks; returns the report.
    fn grade(
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
    fn kill_leftovers(&self) -> usize {
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

/// Whether a probe's message shows that the walls of a mode held.
type Held = fn(&str, Mode) -> bool;

/// Each probe, and what the message of its first check must be for the
/// walls to have held.
const PROBES: [(&str, Held); 4] = [
    ("probe-files", |message, mode| {
        got(message)
            == Some(match mode {
                Mode::Bubblewrap => "nothing",
                Mode::Fallback => WORLD_READABLE,
            })
    }),
    ("probe-memory", |message, _| {
        // Killed by the kernel, the probe's last words say how far it got;
        // a judge that sees the memory cgroup's kill says so instead.
        let touched = got(message)
            .and_then(|got| got.strip_suffix(" MiB touched"))
            .and_then(|mib| mib.parse::<u64>().ok());
        touched.is_some_and(|mib| mib <= MEMORY_MIB)
            || message.contains("out of memory") && message.contains("memory cgroup")
    }),
    ("probe-disk", |message, mode| match mode {
        Mode::Bubblewrap => got(message)
            .and_then(|got| got.strip_suffix(" MiB written, then No space left on device"))
            .and_then(|mib| mib.parse::<u64>().ok())
            .is_some_and(|mib| mib <= SCRATCH_MIB),
        Mode::Fallback => message.ends_with(&format!(
            "wrote more than {SCRATCH_MIB} MiB (the assignment's limits.scratch_mib)"
        )),
    }),
    ("probe-process", |message, _| {
        got(message) == Some("a sleep started")
    }),
];

/// What a probe says it got, from the message of its check.
fn got(message: &str) -> Option<&str> {
    message.split_once("got: ").map(|(_, got)| got)
}

/// Grades the probes as `mode` asks and prints what each got; returns the
/// walls that did not hold.
fn check_probes(grader: &Path, teacher: &Teacher, mode: Mode) -> Result<Failures, Error> {
    let assignment = format!(
        "[scope]\ncounts_to = 4\nsets_to = 4\n[limits]\nmemory_mib = {MEMORY_MIB}\n\
         scratch_mib = {SCRATCH_MIB}\n[languages.python]\ntime_factor = 1.0\n"
    );
    let stop = AtomicBool::new(false);
    let (report, disk_peak) = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| disk_peak(&teacher.tmp(), &stop));
        // One at a time, as a class graded by one job is: the classmate is
        // graded, and gives its ids back, before the probes start.
        let report = teacher.grade(grader, &teacher.probes(), &assignment, mode, 1);
        stop.store(true, Ordering::Relaxed);
        (report, watcher.join().unwrap_or(0))
    });
    // Whatever the grading came to, nothing it started may outlive it.
    let left = teacher.kill_leftovers();
    let report = report?;
    println!("probes {}, {}:", mode.words(), expected(mode));
    let mut failures = Failures::default();
    for (probe, held) in PROBES {
        let message = report.first_message(probe)?;
        failures.note(mode, probe, &message, held(&message, mode));
    }
    let linked = report.not_checked("probe-linked")?;
    let refused = linked.contains("is a symbolic link");
    failures.note(
        mode,
        "probe-linked",
        &format!("not checked: {linked}"),
        refused,
    );
    failures.note(mode, "processes left behind", &left.to_string(), left == 0);
    if disk_peak > 0 {
        println!(
            "  (probe-disk's working folder, sampled from outside every 10 ms, held {} MiB at most)",
            disk_peak >> 20
        );
    }
    Ok(failures)
}

/// What the probes must come back with in `mode`, for its heading.
fn expected(mode: Mode) -> String {
    match mode {
        Mode::Bubblewrap => format!(
            "each must come back empty-handed: no file, at most {MEMORY_MIB} MiB of memory, at \
             most {SCRATCH_MIB} MiB of disk, no process left"
        ),
        Mode::Fallback => format!(
            "each must be stopped as in the jail, but the file probe reads what every user may: \
             {WORLD_READABLE}, left world-readable where the teacher keeps it, and nothing else; \
             the memory probe is stopped by the memory cgroup at {MEMORY_MIB} MiB, the disk probe \
             by the grader's watcher, at {SCRATCH_MIB} MiB give or take what it writes between \
             two looks"
        ),
    }
}

/// What the test of the hostile class expects of one attack.
struct Attack {
    /// The submission's name in `examples/hostile`.
    name: &'static str,
    /// The check whose message is the attack's verdict; `None` when the
    /// attack must not be checked at all (its build fails).
    check: Option<&'static str>,
    /// Whether the message is the one the attack earns.
    earned: fn(&str) -> bool,
}

/// Every attack of `examples/hostile`, and the verdict the grader's test
/// (`crates/queens-grade/tests/grader/hostile.rs`) expects of it.
const ATTACKS: [Attack; 10] = [
    Attack {
        name: "build-disk-fill",
        check: None,
        earned: |message| {
            message
                == "build failed: the build wrote more than 256 MiB (the assignment's \
                    limits.build_scratch_mib)"
        },
    },
    Attack {
        name: "forged-report",
        check: Some("counts_match_oeis"),
        earned: |message| {
            message
                == "making a solver object: the solver's process wrote an answer out of turn: \
                    {\"done\":{\"stats\":null}}"
        },
    },
    Attack {
        name: "fork-bomb",
        check: Some("solutions_are_valid"),
        earned: |message| {
            message == "n = 0, asked for every solution: took more than 2 s of processor time"
        },
    },
    Attack {
        name: "garbage-printer",
        check: Some("stops_when_asked"),
        earned: |message| {
            message
                == "n = 8, asked to stop after 1 solution: line 1 (\"0 0 0 0 0 0 0 0\"): not a \
                    solution: queens at (row 0, col 0) and (row 1, col 0) share a column"
        },
    },
    Attack {
        name: "answer-forger",
        check: Some("counts_match_oeis"),
        earned: |message| message.ends_with("answers: planted nothing"),
    },
    Attack {
        name: "ptrace-judge",
        check: Some("counts_match_oeis"),
        earned: |message| message.ends_with("ptrace: attached to nothing"),
    },
    Attack {
        name: "reader-of-classmates",
        check: Some("counts_match_oeis"),
        earned: |message| message.ends_with("classmates: read nothing"),
    },
    Attack {
        name: "stderr-flood",
        check: Some("solutions_are_valid"),
        earned: |message| {
            message
                == "n = 0, asked for every solution: the program printed more than 16 MiB (the \
                    assignment's limits.output_mib)"
        },
    },
    Attack {
        name: "target-dir-swap",
        check: Some("counts_match_oeis"),
        earned: overwrote_nothing,
    },
    Attack {
        name: "tiocsti",
        check: Some("counts_match_oeis"),
        earned: |message| message.ends_with("tiocsti: pushed into nothing"),
    },
];

/// Whether the target folder swap wrote over none of the more than a
/// hundred shared units it was given, and over no grader.
fn overwrote_nothing(message: &str) -> bool {
    let shared = message
        .split("overwrote 0 of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse::<u64>().ok());
    shared.is_some_and(|shared| shared > 100)
        && message.ends_with(" shared units; overwrote no grader")
}

/// Grades a copy of the hostile class as `mode` asks and prints each
/// attack's score and verdict; returns the walls that did not hold.
fn check_hostile(grader: &Path, teacher: &Teacher, mode: Mode) -> Result<Failures, Error> {
    // Two at a time, as the grader's test grades it.
    let report = teacher.grade(grader, &teacher.hostile(), HOSTILE_ASSIGNMENT, mode, 2);
    let left = teacher.kill_leftovers();
    let report = report?;
    println!("hostile class {}:", mode.words());
    let mut failures = Failures::default();
    for attack in &ATTACKS {
        let graded = report.submission(attack.name)?;
        let score = graded["score"].as_f64().unwrap_or(f64::NAN);
        let (finding, earned) = verdict(graded, attack);
        let finding = format!("score {score:.1}, {finding}");
        failures.note(mode, attack.name, &finding, score == 0.0 && earned);
    }
    failures.note(mode, "processes left behind", &left.to_string(), left == 0);
    Ok(failures)
}

/// The verdict `graded` got where `attack` is judged, in words, and
/// whether it is the one the attack earns: a build refused for a toolchain
/// a box cannot reach (which only happens without bubblewrap) holds too.
fn verdict(graded: &serde_json::Value, attack: &Attack) -> (String, bool) {
    if let Some(why) = graded["not_checked"].as_str() {
        if why.starts_with("build failed: without bubblewrap") && why.contains("cannot reach") {
            return (
                "refused: toolchain unreachable without bubblewrap".to_owned(),
                true,
            );
        }
        return (
            format!("not checked: {why}"),
            attack.check.is_none() && (attack.earned)(why),
        );
    }
    let Some(check) = attack.check else {
        return ("checked, though its build must fail".to_owned(), false);
    };
    let found = graded["checks"]
        .as_array()
        .and_then(|checks| checks.iter().find(|result| result["name"] == check));
    let Some(found) = found else {
        return (format!("no {check} in the report"), false);
    };
    let message = found["message"].as_str().unwrap_or_default();
    (
        format!(
            "{check} {}: {message}",
            found["verdict"].as_str().unwrap_or("?")
        ),
        (attack.earned)(message),
    )
}

/// The walls that did not hold, each as a line of the final error.
#[derive(Default)]
struct Failures(Vec<String>);

impl Failures {
    /// Prints what `what` came to in `mode`, marked by whether the wall
    /// `held`, and keeps it if not.
    fn note(&mut self, mode: Mode, what: &str, finding: &str, held: bool) {
        let mark = if held { "(held)" } else { "(NOT HELD)" };
        println!("  {what}: {finding} {mark}");
        if !held {
            self.0.push(format!("{}: {what}: {finding}", mode.words()));
        }
    }
}

/// A graded class: the grader's JSON report.
struct Report(serde_json::Value);

impl Report {
    /// The message of the first check of the submission `name`.
    fn first_message(&self, name: &str) -> Result<String, Error> {
        Ok(self.submission(name)?["checks"][0]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned())
    }

    /// Why the submission `name` was not checked.
    fn not_checked(&self, name: &str) -> Result<String, Error> {
        Ok(self.submission(name)?["not_checked"]
            .as_str()
            .unwrap_or("it was checked")
            .to_owned())
    }

    /// The graded submission `name`.
    fn submission(&self, name: &str) -> Result<&serde_json::Value, Error> {
        self.0["submissions"]
            .as_array()
            .and_then(|all| all.iter().find(|graded| graded["name"] == name))
            .ok_or_else(|| Error::Failed(format!("the report has no {name}")))
    }
}

/// The most bytes one working folder of the disk probe held, sampled
/// every 10 ms until `stop` (the grader's watcher looks twice a second, so
/// the probe may write past the limit before it is stopped). Only a run
/// without bubblewrap writes where the host sees it: in the jail the
/// folder is a tmpfs of its own, and this stays 0.
fn disk_peak(tmp: &Path, stop: &AtomicBool) -> u64 {
    let mut peak = 0;
    while !stop.load(Ordering::Relaxed) {
        let held = entries(tmp)
            .filter(|scratch| name_of(scratch).starts_with("queens-grade-"))
            .flat_map(|scratch| entries(&scratch))
            .filter(|submission| name_of(submission).ends_with("-probe-disk"))
            .flat_map(|submission| entries(&submission.join("work")))
            .map(|work| {
                entries(&work)
                    .filter_map(|file| file.metadata().ok())
                    .map(|meta| meta.len())
                    .sum()
            })
            .max()
            .unwrap_or(0);
        peak = peak.max(held);
        std::thread::sleep(Duration::from_millis(10));
    }
    peak
}

/// The paths in `folder`, none if it cannot be read.
fn entries(folder: &Path) -> impl Iterator<Item = PathBuf> + use<> {
    std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
}

/// The last component of `path`, as text.
fn name_of(path: &Path) -> String {
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
