//! The grader's place on the machine, which every command that builds or
//! grades sets up the same way: a process no submission can reach and none
//! outlives, the leftovers of a killed run swept, a scratch folder removed
//! on Ctrl-C, and the warm target folder, which must be the grader's own.

use std::path::{Path, PathBuf};

use queens_build::assignment::Assignment;
use queens_build::prepare::Workshop;
use queens_build::template::crates_folder;
use queens_build::warm::{STAMP, Warm};
use queens_jail::boxes;
use queens_jail::sandbox::Confinement;

use crate::failure::{Failure, Status};
use crate::grade::grader_binary;

/// Makes this process a grader no submission can reach and none outlives:
/// not dumpable (no process of this user may trace it or read its memory),
/// and stopped (its checks with it) when its parent dies.
pub(crate) fn become_a_grader() -> Result<(), Failure> {
    use nix::sys::prctl;
    let parent = nix::unistd::getppid();
    prctl::set_dumpable(false)
        .and_then(|()| prctl::set_pdeathsig(nix::sys::signal::Signal::SIGTERM))
        .map_err(|error| Failure::Machine(format!("cannot set up the grader: {error}")))?;
    if nix::unistd::getppid() != parent {
        // The parent died before the signal was asked for.
        return Err(Failure::Machine("the grader's parent is gone".to_owned()));
    }
    Ok(())
}

/// Removes what a grader that was killed left behind: its boxes' processes
/// and files, its cgroups, and its scratch folder.
pub(crate) fn sweep_leftovers(confinement: &Confinement) {
    boxes::sweep();
    queens_jail::cgroup::sweep(confinement.control());
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let owner = name
            .strip_prefix(SCRATCH_PREFIX)
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if owner.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The start of the name of every scratch folder: the grader's process id
/// follows, so that the next run can tell whose it is.
const SCRATCH_PREFIX: &str = "queens-grade-";

/// A new scratch folder for this run, searchable by the boxes (mode 0711:
/// no run may list it) and removed when dropped.
pub(crate) fn scratch_folder() -> Result<tempfile::TempDir, Failure> {
    use std::os::unix::fs::PermissionsExt;
    let scratch = tempfile::Builder::new()
        .prefix(&format!("{SCRATCH_PREFIX}{}-", std::process::id()))
        .tempdir()
        .map_err(|error| Failure::Machine(format!("cannot make a scratch folder: {error}")))?;
    std::fs::set_permissions(scratch.path(), std::fs::Permissions::from_mode(0o711))
        .map_err(|error| Failure::Machine(format!("cannot open the scratch folder: {error}")))?;
    Ok(scratch)
}

/// What grading and warming share: the walls detected, a killed run's
/// leftovers swept, a scratch folder (removed on Ctrl-C until the
/// returned sender says the work has ended), and the warm folder at
/// `target` (none: every Rust build from nothing).
pub(crate) fn open_workshop(
    assignment: Assignment,
    no_bwrap: bool,
    target: Option<&Path>,
) -> Result<(Workshop, tempfile::TempDir, std::sync::mpsc::Sender<()>), Failure> {
    let confinement = Confinement::detect(!no_bwrap, assignment.limits.scratch_mib);
    sweep_leftovers(&confinement);
    let scratch = scratch_folder()?;
    let ended = stop_on_interrupt(scratch.path().to_owned());
    let grader = grader_binary().map_err(Failure::Machine)?;
    let warm = match target {
        Some(folder) => Some(Warm::new(usable_target(folder, &grader)?)),
        None => None,
    };
    let grader = runnable_by_boxes(grader, &confinement, scratch.path())?;
    let workshop = Workshop {
        assignment,
        grader,
        scratch: scratch.path().to_owned(),
        warm,
        crates: crates_folder(),
        confinement,
    };
    Ok((workshop, scratch, ended))
}

/// The grader's binary where every box can run it (checks run its
/// `relay`): without bubblewrap, which binds it into each jail, a binary in
/// a private folder (a checkout under a `0700` home) is copied into the
/// scratch folder, the grader's and removed with it.
fn runnable_by_boxes(
    grader: PathBuf,
    confinement: &Confinement,
    scratch: &Path,
) -> Result<PathBuf, Failure> {
    use std::os::unix::fs::PermissionsExt;
    let reachable = queens_jail::permissions::reachable_by_others(&grader).is_ok();
    if !confinement.boxes() || confinement.is_sandboxed() || reachable {
        return Ok(grader);
    }
    let copy = scratch.join("queens-grade");
    std::fs::copy(&grader, &copy)
        .and_then(|_| std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)))
        .map_err(|error| {
            Failure::Machine(format!(
                "cannot copy the grader where its checks can run it: {error}"
            ))
        })?;
    Ok(copy)
}

/// On Ctrl-C (or SIGTERM, or SIGHUP, or the parent's death): kills every
/// check and build under way, removes their cgroups and the scratch folder,
/// and exits with status 130, within a second.
///
/// A worker whose check was just killed goes on to its next step; no step
/// makes a folder above the one it works in (`create_dir`, never
/// `create_dir_all`), so none can make the removed scratch folder again.
/// The handler waits a moment (told by the returned sender when every
/// worker has ended) and never for long; nothing in it can panic, so that a
/// grader whose stderr is gone still exits.
pub(crate) fn stop_on_interrupt(scratch: PathBuf) -> std::sync::mpsc::Sender<()> {
    let (graded, grading_ended) = std::sync::mpsc::channel::<()>();
    let handler = move || {
        queens_jail::running::stop_all();
        // A message, or a sender dropped by a run that ended some other way.
        let _ = grading_ended.recv_timeout(WORKERS_STOP);
        queens_jail::running::stop_all();
        queens_jail::cgroup::remove_all();
        remove_scratch(&scratch);
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            b"error: interrupted; every check under way was stopped\n",
        );
        std::process::exit(i32::from(Status::Interrupted.code()));
    };
    // Only one handler per process; a second run in the same process keeps
    // the first, which stops the same checks.
    let _ = ctrlc::set_handler(handler);
    graded
}

/// How long an interrupted grader waits for its workers to end before it
/// removes the scratch folder regardless.
const WORKERS_STOP: std::time::Duration = std::time::Duration::from_millis(300);

/// Removes the scratch folder, trying again for a moment while a worker
/// that has not yet seen the stop finishes the file it was writing.
pub(crate) fn remove_scratch(scratch: &Path) {
    for _ in 0..20 {
        if std::fs::remove_dir_all(scratch).is_ok() || !scratch.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// The target folder `target` as an absolute path, made if need be: a new
/// or empty folder is the grader's from now on (stamped with [`STAMP`]),
/// one it stamped before is used again; anything else is bad input, as is
/// a folder that holds the grader's own binary. It stays its owner's: the
/// warm box is given only the folders the grader makes inside it.
pub(crate) fn usable_target(target: &Path, grader: &Path) -> Result<PathBuf, Failure> {
    let bad = |error: String| Failure::Input(format!("--target-dir {}: {error}", target.display()));
    let absolute = std::path::absolute(target).map_err(|error| bad(error.to_string()))?;
    if absolute.exists() && !absolute.is_dir() {
        return Err(bad("a file is there, not a folder".to_owned()));
    }
    if grader.starts_with(&absolute) {
        return Err(bad(format!(
            "it holds the grader's own binary ({}): give a folder of its own",
            grader.display()
        )));
    }
    let stamp = absolute.join(STAMP);
    if absolute.is_dir() && !stamp.is_file() {
        let mut entries = std::fs::read_dir(&absolute).map_err(|error| bad(error.to_string()))?;
        if entries.next().is_some() {
            return Err(bad(format!(
                "a folder the grader did not make (it has no {STAMP}): give a new or empty \
                 folder, or one an earlier run made"
            )));
        }
    }
    std::fs::create_dir_all(&absolute).map_err(|error| bad(error.to_string()))?;
    if !stamp.is_file() {
        let text = "This folder is queens-grade's: the suite's dependencies, built once for \
                    every Rust submission. Remove it whole, or leave it.\n";
        std::fs::write(&stamp, text)
            .map_err(|error| bad(format!("cannot write there: {error}")))?;
    }
    Ok(absolute)
}

/// The target folder when none is given: the user's cache.
pub(crate) fn default_target_dir() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache.join("queens-grade").join("warm")
}
