//! `cargo xtask sandbox-check`: the grader's jail, attacked the way a
//! hostile class attacks it, with the attacks written as submissions.
//!
//! A class folder is made with four probes and a classmate, and graded
//! with the release grader, once in the sandbox and once with
//! `--no-sandbox` (which shows that each probe can tell: outside the jail
//! it gets what it reaches for):
//!
//! - `probe-files` tries to read `/etc/shadow`, the grader's home folder,
//!   the classmate's submission (where the teacher keeps it, and the copy
//!   in the grader's scratch folder), and `/etc/shadow` again through a
//!   symbolic link it makes in its own folder;
//! - `probe-memory` maps 3 GiB of shared anonymous memory, which
//!   `RLIMIT_DATA` does not count, and touches every page;
//! - `probe-disk` writes files of 8 MiB (under the per-file limit) into
//!   its working folder until the disk is full;
//! - `probe-process` leaves a `sleep` behind in a session of its own,
//!   outside the check's process group;
//! - and a submission holding a symbolic link to `/etc/shadow` is refused
//!   before anything of it runs.
//!
//! In the sandbox every probe must come back empty-handed: the files
//! unreadable, the mapping stopped by the memory limit, the disk full at
//! the scratch size, no process left. Each probe tells what it got on the
//! last line of its stderr, which the grader puts in the report.
//!
//! It needs Debian's `bubblewrap`, installs nothing, and kills exactly the
//! processes the unsandboxed probe left behind, by PID.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{Error, grade::build_grader};

/// `cargo xtask sandbox-check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

/// The argument of the `sleep` the process probe leaves behind, so that
/// it can be found again.
const SLEEP_MARK: &str = "3011.5";

/// Reads what it should not, then reports on stderr and exits 1. `{home}`
/// and `{classmate}` are filled in.
const PROBE_FILES: &str = r#"# Reads what a submission must not; reports what it got.
import glob, os, sys
got = []
def attempt(label, path):
    try:
        if os.path.isdir(path):
            os.listdir(path)
        else:
            open(path, "rb").read(1)
        got.append(label)
    except OSError:
        pass
attempt("/etc/shadow", "/etc/shadow")
attempt("the grader's home", "{home}")
attempt("the classmate's submission", "{classmate}")
for copy in glob.glob("/tmp/queens-grade-*/*classmate*/src/*"):
    attempt("the classmate's copy", copy)
try:
    os.symlink("/etc/shadow", "via-link")
    attempt("/etc/shadow through a link", "via-link")
except OSError:
    pass
sys.stderr.write("got: " + (", ".join(got) if got else "nothing") + "\n")
sys.exit(1)
"#;

/// Maps 3 GiB shared and touches it; reports how far it got.
const PROBE_MEMORY: &str = r#"# Maps 3 GiB of shared anonymous memory and touches every page.
import mmap, sys
size = 3 << 30
area = mmap.mmap(-1, size, flags=mmap.MAP_SHARED | mmap.MAP_ANONYMOUS)
page = b"x" * 4096
for offset in range(0, size, 4096):
    area[offset:offset + 4096] = page
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

/// Grades the probes sandboxed and not, and checks what each got.
pub(crate) fn run(_args: &Args) -> Result<(), Error> {
    if which("bwrap").is_none() {
        return Err(Error::BadInput(
            "sandbox-check needs bubblewrap (Debian package: bubblewrap; apt-get install bubblewrap); it installs nothing".to_owned(),
        ));
    }
    let grader = build_grader()?;
    let folder = tempfile::tempdir()
        .map_err(|error| Error::Failed(format!("cannot make a temporary folder: {error}")))?;
    let class = make_class(folder.path())?;
    let sandboxed = grade(&grader, &class, true)?;
    println!("sandboxed: {}", sandboxed.confinement);
    let mut failures = Vec::new();
    for (probe, expected) in expectations() {
        let got = sandboxed.got(probe)?;
        let held = expected(&got);
        println!(
            "  {probe}: {got} {}",
            if held { "(held)" } else { "(NOT HELD)" }
        );
        if !held {
            failures.push(format!("{probe}: {got}"));
        }
    }
    let linked = sandboxed.not_checked("probe-linked")?;
    println!("  probe-linked: {linked}");
    if !linked.contains("is a symbolic link") {
        failures.push(format!("probe-linked was not refused: {linked}"));
    }
    let left = processes_marked(SLEEP_MARK);
    println!("  processes left behind: {}", left.len());
    if !left.is_empty() {
        failures.push(format!("{} process(es) outlived the sandbox", left.len()));
        kill(&left);
    }
    let unsandboxed = grade(&grader, &class, false)?;
    let got = unsandboxed.got("probe-files")?;
    println!("--no-sandbox: probe-files {got}");
    kill(&processes_marked(SLEEP_MARK));
    if got == "nothing" {
        failures.push("the file probe got nothing even unsandboxed: it cannot tell".to_owned());
    }
    if failures.is_empty() {
        println!("sandbox-check passed: every probe came back empty-handed");
        Ok(())
    } else {
        Err(Error::Failed(format!(
            "the sandbox did not hold: {}",
            failures.join("; ")
        )))
    }
}

/// Whether a probe's finding shows that the jail held.
type Held = fn(&str) -> bool;

/// Each probe, and what its finding must be for the jail to have held.
fn expectations() -> [(&'static str, Held); 4] {
    [
        ("probe-files", |got| got == "nothing"),
        ("probe-memory", |got| {
            got.contains("out of memory") && got.contains("memory cgroup")
        }),
        ("probe-disk", |got| {
            got.contains("No space left on device")
                && got
                    .split_whitespace()
                    .next()
                    .and_then(|mib| mib.parse::<u64>().ok())
                    .is_some_and(|mib| mib <= 64)
        }),
        ("probe-process", |got| got.contains("a sleep started")),
    ]
}

/// Writes the class: the probes, the classmate, a submission with a link.
fn make_class(folder: &Path) -> Result<PathBuf, Error> {
    let class = folder.join("class");
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
    std::os::unix::fs::symlink("/etc/shadow", class.join("probe-linked").join("secret.py"))
        .map_err(|error| Error::Failed(format!("cannot make the link: {error}")))?;
    Ok(class)
}

/// A graded class, from the grader's JSON report.
struct Report {
    confinement: String,
    json: serde_json::Value,
}

impl Report {
    /// What the probe `name` got, from the first check's message.
    fn got(&self, name: &str) -> Result<String, Error> {
        let message = self.submission(name)?["checks"][0]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        Ok(match message.split_once("got: ") {
            Some((_, got)) => got.to_owned(),
            None => message,
        })
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
        self.json["submissions"]
            .as_array()
            .and_then(|all| all.iter().find(|graded| graded["name"] == name))
            .ok_or_else(|| Error::Failed(format!("the report has no {name}")))
    }
}

/// Grades `class` with one check that asks little, sandboxed or not.
fn grade(grader: &Path, class: &Path, sandbox: bool) -> Result<Report, Error> {
    let assignment = class.with_file_name("assignment.toml");
    std::fs::write(
        &assignment,
        "[scope]\ncounts_to = 4\nsets_to = 4\n[languages.python]\ntime_factor = 1.0\n",
    )
    .map_err(|error| Error::Failed(error.to_string()))?;
    let mut command = Command::new(grader);
    command
        .args(["grade", "--format", "json", "--seed", "1", "--assignment"])
        .arg(&assignment)
        .arg(class);
    if !sandbox {
        command.arg("--no-sandbox");
    }
    let output = command
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| Error::Failed(format!("cannot run {}: {error}", grader.display())))?;
    let json: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| Error::Failed(format!("the grader's report is not JSON: {error}")))?;
    if json["sandboxed"].as_bool() != Some(sandbox) {
        return Err(Error::Failed(format!(
            "asked for sandbox = {sandbox}, the grader says: {}",
            json["confinement"]
        )));
    }
    Ok(Report {
        confinement: json["confinement"].as_str().unwrap_or_default().to_owned(),
        json,
    })
}

/// The processes whose command line holds `mark`.
fn processes_marked(mark: &str) -> Vec<i32> {
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    processes
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|line| String::from_utf8_lossy(&line).contains(mark))
        })
        .collect()
}

/// Kills the processes `pids`, which the check made.
fn kill(pids: &[i32]) {
    for &pid in pids {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
}

/// The path of `program` on `PATH`, if it is there.
fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|folder| folder.join(program))
            .find(|candidate| candidate.is_file())
    })
}
