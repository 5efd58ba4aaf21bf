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
//!
//! The [`probes`] and the [`hostile`] class are each graded by
//! [`grading`], which lays out the teacher's folder and reads the reports.

mod grading;
mod hostile;
mod probes;

use std::path::Path;
use std::process::{Command, Stdio};

use self::grading::{Mode, Teacher};
use self::hostile::check_hostile;
use self::probes::{check_probes, write_class};
use crate::error::Error;
use crate::grade::build_grader;
use crate::system::which;

/// `cargo xtask sandbox-check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

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
    write_class(&teacher.probes())?;
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
