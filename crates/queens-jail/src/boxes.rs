//! Boxes: the user and group ids a root grader runs untrusted code as, as
//! IOI's `isolate` gives each sandbox a uid of its own.
//!
//! Every build and every check runs as a uid of its own, taken from a range
//! no account uses ([`FIRST`] and the [`COUNT`] after it), and each
//! submission's files belong to a group of its own from the same range, so
//! that:
//!
//! - **a process limit binds**: `RLIMIT_NPROC` counts the processes of a
//!   real uid, so a fork bomb runs out of room at the limit of its own
//!   check, not the machine's;
//! - **a check cannot touch another**: processes of different uids cannot
//!   signal or trace each other, and a submission's files are readable by
//!   its group only, so a check (in or out of bubblewrap) cannot read a
//!   classmate's;
//! - **nothing outlives its check**: whatever runs as the check's uid when
//!   it ends, however it left its process group, is found by its uid and
//!   killed, and what it left in `/tmp`, `/var/tmp` and `/dev/shm` is
//!   removed.
//!
//! A box is taken by locking a file of its own (`flock`, in a folder only
//! root can write), so that two graders on one machine never share one, and
//! a grader that is killed gives its boxes back with its last file
//! descriptor. A grader that starts sweeps the boxes nobody holds: the
//! processes and files a killed run left behind.
//!
//! The first id of the range is the *warm* box: the one the grader's own
//! build of the suite's dependencies runs as, whose files no student's uid
//! can write.

use std::fs::File;
use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::path::{Path, PathBuf};

use nix::fcntl::{Flock, FlockArg};
use nix::sys::signal::{Signal, kill};
use nix::unistd::{Gid, Group, Pid, Uid, User};

/// The first id of the range: the warm box.
pub const FIRST: u32 = 61_000;

/// How many ids the range holds, the warm box included.
pub const COUNT: u32 = 1_000;

/// The folders where a process of any uid may leave files on a Debian
/// system (each mode 1777), swept of a box's when it is given back, and
/// watched for its bytes where no jail hides them.
pub const SHARED_TEMPORARY: [&str; 5] =
    ["/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/dev/mqueue"];

/// One id of the range, held until dropped: then every process running as
/// it is killed and its files in the shared temporary folders removed.
#[derive(Debug)]
pub struct BoxId {
    id: u32,
    _lock: Flock<File>,
}

impl BoxId {
    /// The uid (and gid) of the box.
    pub fn id(&self) -> u32 {
        self.id
    }
}

impl Drop for BoxId {
    fn drop(&mut self) {
        clear(self.id);
    }
}

/// Whether boxes can be used: only root can run code as another uid.
pub fn available() -> bool {
    Uid::effective().is_root()
}

/// Takes a free box for a build or a check.
pub fn take() -> Result<BoxId, String> {
    take_from(FIRST + 1..FIRST + COUNT)
}

/// Takes the warm box: waits for it while another grader holds it.
pub fn take_warm() -> Result<BoxId, String> {
    let file = lock_file(FIRST)?;
    let lock = Flock::lock(file, FlockArg::LockExclusive)
        .map_err(|(_, error)| format!("cannot lock the warm box: {error}"))?;
    Ok(BoxId {
        id: FIRST,
        _lock: lock,
    })
}

/// The first box of `ids` that no account uses and no grader holds.
fn take_from(ids: std::ops::Range<u32>) -> Result<BoxId, String> {
    for id in ids {
        if is_an_account(id) {
            continue;
        }
        if let Ok(lock) = Flock::lock(lock_file(id)?, FlockArg::LockExclusiveNonblock) {
            clear(id);
            return Ok(BoxId { id, _lock: lock });
        }
    }
    Err(format!(
        "every one of the {COUNT} boxes (uids {FIRST} to {}) is in use",
        FIRST + COUNT - 1
    ))
}

/// Whether a user or group of the system has the id `id`.
fn is_an_account(id: u32) -> bool {
    matches!(User::from_uid(Uid::from_raw(id)), Ok(Some(_)))
        || matches!(Group::from_gid(Gid::from_raw(id)), Ok(Some(_)))
}

/// The folder of the boxes' lock files: root's, so that no other user can
/// hold a box by locking its file first.
fn lock_folder() -> PathBuf {
    let run = Path::new("/run");
    if run.is_dir() {
        run.join("queens-grade")
    } else {
        std::env::temp_dir().join("queens-grade-boxes")
    }
}

/// The lock file of box `id`, made if need be.
fn lock_file(id: u32) -> Result<File, String> {
    let folder = lock_folder();
    let made = std::fs::DirBuilder::new()
        .mode(0o700)
        .recursive(true)
        .create(&folder);
    made.map_err(|error| format!("cannot make {}: {error}", folder.display()))?;
    let metadata = std::fs::symlink_metadata(&folder)
        .map_err(|error| format!("{}: {error}", folder.display()))?;
    if !metadata.is_dir() || metadata.uid() != 0 || metadata.mode() & 0o022 != 0 {
        return Err(format!(
            "{} must be a folder only root can write, to hold the boxes' locks",
            folder.display()
        ));
    }
    let path = folder.join(format!("box-{id}.lock"));
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// Kills every process running as `uid` and removes its files from the
/// shared temporary folders.
fn clear(uid: u32) {
    kill_uid(uid);
    for folder in SHARED_TEMPORARY {
        remove_owned_by(Path::new(folder), uid);
    }
}

/// Kills every process whose real or effective uid is `uid`, again until
/// none is left (a process may fork while it is being killed; the process
/// limit bounds how often), and waits a moment for the dead ones to be
/// reaped: a dead process still counts against its uid's process limit,
/// so a box is given back with none.
pub fn kill_uid(uid: u32) {
    for _ in 0..400 {
        let found = processes_of(|owner| owner == uid);
        if found.is_empty() {
            return;
        }
        for (pid, _, dead) in found {
            if !dead {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The processes (pid, uid, whether it has ended and waits to be reaped)
/// whose real or effective uid `wanted` accepts, from `/proc/PID/status`.
fn processes_of(wanted: impl Fn(u32) -> bool) -> Vec<(i32, u32, bool)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter_map(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
            let state = status
                .lines()
                .find_map(|line| line.strip_prefix("State:"))?;
            let dead = state.trim_start().starts_with('Z');
            let uids = status.lines().find_map(|line| line.strip_prefix("Uid:"))?;
            let mut ids = uids.split_whitespace().map(|id| id.parse::<u32>());
            let (real, effective) = (ids.next()?.ok()?, ids.next()?.ok()?);
            [real, effective]
                .into_iter()
                .find(|&id| wanted(id))
                .map(|id| (pid, id, dead))
        })
        .collect()
}

/// Removes the entries of `folder` (not below) that belong to `uid`.
fn remove_owned_by(folder: &Path, uid: u32) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let owned = std::fs::symlink_metadata(&path).is_ok_and(|meta| meta.uid() == uid);
        if owned {
            let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
        }
    }
}

/// Gives back what a killed grader left: for every box no grader holds,
/// its processes and its files in the shared temporary folders. Root only.
pub fn sweep() {
    if !available() {
        return;
    }
    let range = FIRST..FIRST + COUNT;
    let mut left: Vec<u32> = processes_of(|uid| range.contains(&uid))
        .into_iter()
        .map(|(_, uid, _)| uid)
        .collect();
    for folder in SHARED_TEMPORARY {
        if let Ok(entries) = std::fs::read_dir(folder) {
            left.extend(
                entries
                    .filter_map(Result::ok)
                    .filter_map(|entry| entry.metadata().ok())
                    .map(|meta| meta.uid())
                    .filter(|uid| range.contains(uid)),
            );
        }
    }
    left.sort_unstable();
    left.dedup();
    for uid in left {
        // A box some grader holds is in use: leave it.
        if let Ok(file) = lock_file(uid)
            && let Ok(_held) = Flock::lock(file, FlockArg::LockExclusiveNonblock)
        {
            clear(uid);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_taken_once_and_given_back() {
        if !available() {
            eprintln!("skipped: boxes need root");
            return;
        }
        let one = take().unwrap();
        let two = take().unwrap();
        assert_ne!(one.id(), two.id());
        assert!((FIRST + 1..FIRST + COUNT).contains(&one.id()));
        let id = one.id();
        drop(one);
        // Given back, it can be locked again (here, by hand).
        let lock = Flock::lock(lock_file(id).unwrap(), FlockArg::LockExclusiveNonblock);
        assert!(lock.is_ok());
    }

    #[test]
    fn a_box_given_back_leaves_no_process_and_no_file() {
        if !available() {
            eprintln!("skipped: boxes need root");
            return;
        }
        let taken = take().unwrap();
        let id = taken.id();
        let leftover = Path::new("/tmp").join(format!("queens-grade-test-box-{id}"));
        std::fs::write(&leftover, "left behind").unwrap();
        std::os::unix::fs::lchown(&leftover, Some(id), Some(id)).unwrap();
        let mut sleeper = std::process::Command::new("setpriv")
            .args([
                &format!("--reuid={id}"),
                &format!("--regid={id}"),
                "--clear-groups",
                "sleep",
                "300",
            ])
            .spawn()
            .unwrap();
        // The process is there before the box is given back.
        let pid = i32::try_from(sleeper.id()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert!(
            processes_of(|uid| uid == id)
                .iter()
                .any(|&(p, _, _)| p == pid)
        );
        drop(taken);
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(sleeper.wait().unwrap().signal(), Some(9));
        assert!(!leftover.exists());
    }
}
