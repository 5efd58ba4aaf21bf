//! The probes: four submissions that reach for what a submission must not
//! (files, memory, disk, a process left behind), a classmate whose files
//! they reach for, and a submission holding a link; each graded one at a
//! time, and held to what the walls of a mode must leave it.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::grading::{Failures, Mode, SLEEP_MARK, Teacher, entries, name_of};
use crate::error::Error;
use crate::system::set_mode;

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

/// Writes the probes' class in `class`: the probes, the classmate
/// (world-readable), and a submission with a link.
pub(super) fn write_class(class: &Path) -> Result<(), Error> {
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
        (class, 0o755),
        (classmate.parent().expect("a file is in a folder"), 0o755),
        (classmate.as_path(), 0o644),
    ] {
        set_mode(path, mode)?;
    }
    std::os::unix::fs::symlink("/etc/shadow", class.join("probe-linked").join("secret.py"))
        .map_err(|error| Error::Failed(format!("cannot make the link: {error}")))
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
pub(super) fn check_probes(
    grader: &Path,
    teacher: &Teacher,
    mode: Mode,
) -> Result<Failures, Error> {
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
