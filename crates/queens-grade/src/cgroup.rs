//! A memory cgroup per confined run, where the machine lets the grader make
//! one: the limit that counts every page a submission's processes touch,
//! shared mappings and tmpfs files included.
//!
//! `RLIMIT_DATA` counts a process's private data only: a C program that
//! maps 3 GB shared and anonymous (`mmap(MAP_SHARED | MAP_ANONYMOUS)`), or
//! writes files to a tmpfs, passes under it. A memory cgroup charges both to
//! the group, and the kernel stops the group at its limit. The grader makes
//! a child cgroup of its own for each run, below the one it runs in, on
//! whichever hierarchy holds the memory controller: cgroup v1 (a `memory`
//! mount, `memory.limit_in_bytes` and `memory.memsw.limit_in_bytes` so that
//! swap is no way round) or cgroup v2 (`memory.max`, `memory.swap.max = 0`).
//! The run's trampoline joins it before it sets its other limits and
//! executes the command, so that nothing the submission starts is outside
//! it. Afterwards the grader reads whether the kernel had to kill for
//! memory (v1 `memory.oom_control`, v2 `memory.events`), and removes the
//! cgroup.
//!
//! Where no cgroup can be made (no memory controller, or not the right to
//! make a child: an unprivileged grader on most machines), the run falls
//! back on `RLIMIT_DATA`, and the report's confinement line says which held.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Which hierarchy a memory cgroup is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Version {
    /// A v1 hierarchy with the `memory` controller.
    V1,
    /// The unified v2 hierarchy, with `memory` among its controllers.
    V2,
}

/// Where this process's memory cgroup is, and on which hierarchy: the
/// parent of every run's cgroup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MemoryControl {
    version: Version,
    parent: PathBuf,
}

/// How many cgroups this process has made, for unique names.
static MADE: AtomicUsize = AtomicUsize::new(0);

/// The cgroups of the runs under way, so that an interrupted grader, which
/// exits without unwinding, can still remove exactly what it made.
static UNDER_WAY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes the cgroup of every run under way: what an interrupted grader
/// does once it has killed their processes.
pub(crate) fn remove_all() {
    let under_way = UNDER_WAY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    for path in under_way {
        remove(&path);
    }
}

/// Removes the cgroup at `path`, giving the kernel a moment to let go of
/// processes just killed.
fn remove(path: &Path) {
    for _ in 0..50 {
        if std::fs::remove_dir(path).is_ok() || !path.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

impl MemoryControl {
    /// The memory controller of this process, when it can make a child
    /// cgroup there; otherwise why not, in a few words.
    pub(crate) fn detect() -> Result<Self, String> {
        let control = locate()?;
        // Making (and removing) a child is the only true test of the right.
        let probe = control
            .parent
            .join(format!("queens-grade-probe-{}", std::process::id()));
        std::fs::create_dir(&probe).map_err(|error| {
            format!(
                "cannot make a memory cgroup in {}: {error}",
                control.parent.display()
            )
        })?;
        let _ = std::fs::remove_dir(&probe);
        Ok(control)
    }

    /// Which hierarchy it is on.
    pub(crate) fn version(&self) -> Version {
        self.version
    }

    /// A new cgroup for one run, limited to `limit` bytes.
    pub(crate) fn make(&self, limit: u64) -> Result<MemoryCgroup, String> {
        let name = format!(
            "queens-grade-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        );
        let path = self.parent.join(name);
        std::fs::create_dir(&path).map_err(|error| format!("{}: {error}", path.display()))?;
        UNDER_WAY
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(path.clone());
        let cgroup = MemoryCgroup {
            version: self.version,
            path,
        };
        cgroup.limit(limit)?;
        Ok(cgroup)
    }
}

/// One run's memory cgroup, removed when dropped.
#[derive(Debug)]
pub(crate) struct MemoryCgroup {
    version: Version,
    path: PathBuf,
}

impl MemoryCgroup {
    /// The folder a process joins by writing its id to `cgroup.procs`.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Sets the limit, swap included.
    fn limit(&self, bytes: u64) -> Result<(), String> {
        let settings: &[(&str, String)] = match self.version {
            Version::V1 => &[
                ("memory.limit_in_bytes", bytes.to_string()),
                ("memory.memsw.limit_in_bytes", bytes.to_string()),
            ],
            Version::V2 => &[
                ("memory.max", bytes.to_string()),
                ("memory.swap.max", "0".to_owned()),
            ],
        };
        for (index, (file, value)) in settings.iter().enumerate() {
            let written = std::fs::write(self.path.join(file), value);
            // The first setting is the limit; the swap one exists only where
            // the kernel accounts swap, and without swap there is no way
            // round the first.
            if let Err(error) = written {
                if index == 0 || self.path.join(file).exists() {
                    return Err(format!("{}: {error}", self.path.join(file).display()));
                }
            }
        }
        Ok(())
    }

    /// Whether the kernel killed a process of the group for memory.
    pub(crate) fn ran_out(&self) -> bool {
        let (file, key) = match self.version {
            Version::V1 => ("memory.oom_control", "oom_kill"),
            Version::V2 => ("memory.events", "oom_kill"),
        };
        let counted = std::fs::read_to_string(self.path.join(file))
            .ok()
            .and_then(|text| field(&text, key));
        let failed = match self.version {
            Version::V1 => std::fs::read_to_string(self.path.join("memory.failcnt"))
                .ok()
                .and_then(|text| text.trim().parse::<u64>().ok()),
            Version::V2 => None,
        };
        counted.is_some_and(|kills| kills > 0) || failed.is_some_and(|fails| fails > 0)
    }
}

impl Drop for MemoryCgroup {
    /// Removes the cgroup; the grader has killed its processes already.
    fn drop(&mut self) {
        remove(&self.path);
        UNDER_WAY
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .retain(|path| *path != self.path);
    }
}

/// The value of `key` in a file of `key value` lines.
fn field(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (name, value) = line.split_once(' ')?;
        (name == key).then(|| value.trim().parse().ok()).flatten()
    })
}

/// Where this process's memory cgroup is: from the mounts of
/// `/proc/self/mountinfo` and the paths of `/proc/self/cgroup`.
fn locate() -> Result<MemoryControl, String> {
    let mounts = std::fs::read_to_string("/proc/self/mountinfo")
        .map_err(|error| format!("cannot read /proc/self/mountinfo: {error}"))?;
    let groups = std::fs::read_to_string("/proc/self/cgroup")
        .map_err(|error| format!("cannot read /proc/self/cgroup: {error}"))?;
    if let Some((root, mount)) = cgroup_mount(&mounts, |options| {
        options.split(',').any(|option| option == "memory")
    }) {
        if let Some(path) = own_path(&groups, |controllers| {
            controllers
                .split(',')
                .any(|controller| controller == "memory")
        }) {
            return Ok(MemoryControl {
                version: Version::V1,
                parent: joined(&mount, &root, &path),
            });
        }
    }
    if let Some((root, mount)) = cgroup2_mount(&mounts) {
        let controllers =
            std::fs::read_to_string(mount.join("cgroup.controllers")).unwrap_or_default();
        if controllers.split_whitespace().any(|name| name == "memory") {
            if let Some(path) = own_path(&groups, str::is_empty) {
                return Ok(MemoryControl {
                    version: Version::V2,
                    parent: joined(&mount, &root, &path),
                });
            }
        }
    }
    Err("no memory cgroup controller is mounted".to_owned())
}

/// The root and mount point of a v1 cgroup mount whose options `wanted`
/// accepts.
fn cgroup_mount(mounts: &str, wanted: impl Fn(&str) -> bool) -> Option<(String, PathBuf)> {
    mounts.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        let mut after = right.split_whitespace();
        let (kind, _source, options) = (after.next()?, after.next()?, after.next()?);
        let fields: Vec<&str> = left.split_whitespace().collect();
        if kind != "cgroup" || !wanted(options) {
            return None;
        }
        Some((fields.get(3)?.to_string(), PathBuf::from(fields.get(4)?)))
    })
}

/// The root and mount point of the cgroup v2 mount.
fn cgroup2_mount(mounts: &str) -> Option<(String, PathBuf)> {
    mounts.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        let fields: Vec<&str> = left.split_whitespace().collect();
        if right.split_whitespace().next()? != "cgroup2" {
            return None;
        }
        Some((fields.get(3)?.to_string(), PathBuf::from(fields.get(4)?)))
    })
}

/// This process's path in the hierarchy whose controllers field `wanted`
/// accepts, from `/proc/self/cgroup` (`ID:CONTROLLERS:PATH` lines).
fn own_path(groups: &str, wanted: impl Fn(&str) -> bool) -> Option<String> {
    groups.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_id, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        wanted(controllers).then(|| path.to_owned())
    })
}

/// The folder of cgroup `path` under a mount of the hierarchy's `root` at
/// `mount`: a process in a cgroup namespace sees its own cgroup as `/`.
fn joined(mount: &Path, root: &str, path: &str) -> PathBuf {
    let inside = path.strip_prefix(root).unwrap_or(path);
    mount.join(inside.trim_start_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v1_and_v2_mounts_are_found_in_mountinfo() {
        let mounts = "\
35 25 0:30 / /sys/fs/cgroup/memory rw,nosuid - cgroup cgroup rw,memory
36 25 0:31 / /sys/fs/cgroup/cpu rw,nosuid - cgroup cgroup rw,cpu,cpuacct
37 25 0:32 / /sys/fs/cgroup/unified rw,nosuid - cgroup2 cgroup2 rw
";
        assert_eq!(
            cgroup_mount(mounts, |options| options.split(',').any(|o| o == "memory")),
            Some(("/".to_owned(), PathBuf::from("/sys/fs/cgroup/memory")))
        );
        assert_eq!(
            cgroup2_mount(mounts),
            Some(("/".to_owned(), PathBuf::from("/sys/fs/cgroup/unified")))
        );
    }

    #[test]
    fn own_paths_are_read_per_hierarchy_and_joined_under_the_mount() {
        let groups = "4:memory:/process_api/abc\n0::/user.slice\n";
        let memory = own_path(groups, |c| c.split(',').any(|c| c == "memory"));
        assert_eq!(memory.as_deref(), Some("/process_api/abc"));
        assert_eq!(
            own_path(groups, str::is_empty).as_deref(),
            Some("/user.slice")
        );
        assert_eq!(
            joined(Path::new("/sys/fs/cgroup/memory"), "/", "/process_api/abc"),
            PathBuf::from("/sys/fs/cgroup/memory/process_api/abc")
        );
        assert_eq!(
            joined(
                Path::new("/sys/fs/cgroup/memory"),
                "/process_api/abc",
                "/process_api/abc"
            ),
            PathBuf::from("/sys/fs/cgroup/memory")
        );
    }

    #[test]
    fn counters_are_read_by_name() {
        let control = "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n";
        assert_eq!(field(control, "oom_kill"), Some(2));
        assert_eq!(field(control, "missing"), None);
    }
}
