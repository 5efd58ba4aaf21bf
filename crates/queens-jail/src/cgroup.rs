//! Cgroups per confined run, where the machine lets the grader make them:
//! a memory limit that counts every page a submission's processes touch
//! (shared mappings and tmpfs files included), and a limit on how many
//! processes it may have at once.
//!
//! `RLIMIT_DATA` counts a process's private data only: a C program that
//! maps 3 GB shared and anonymous (`mmap(MAP_SHARED | MAP_ANONYMOUS)`), or
//! writes files to a tmpfs, passes under it. A memory cgroup charges both to
//! the group, and the kernel stops the group at its limit. A pids cgroup
//! stops a fork bomb at its limit whatever uid it runs as (`RLIMIT_NPROC`,
//! which [`crate::boxes`] gives every run as root, counts per uid). The
//! grader makes a child cgroup of its own for each run, below the one it
//! runs in, on whichever hierarchy holds each controller: cgroup v1 (a
//! `memory` mount with `memory.limit_in_bytes` and
//! `memory.memsw.limit_in_bytes`, so that swap is no way round; a `pids`
//! mount with `pids.max`) or cgroup v2 (`memory.max`, `memory.swap.max =
//! 0`, `pids.max`). The run's trampoline joins them before it sets its
//! other limits and executes the command, so that nothing the submission
//! starts is outside them. Afterwards the grader reads whether the kernel
//! had to kill for memory (v1 `memory.oom_control`, v2 `memory.events`),
//! kills whatever is left in them, and removes them.
//!
//! Their names carry the grader's process id (`queens-grade-PID-N`), so
//! that a grader that starts removes those of a grader that was killed
//! ([`sweep`]).
//!
//! Where a cgroup cannot be made (no controller, or not the right to make a
//! child: an unprivileged grader on most machines), the run falls back on
//! `RLIMIT_DATA` and `RLIMIT_NPROC`, and the report's confinement line says
//! which held.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

/// Which hierarchy a cgroup is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Version {
    /// A v1 hierarchy with the controller mounted on its own.
    V1,
    /// The unified v2 hierarchy, with the controller among its own.
    V2,
}

/// What a cgroup of the grader's controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    /// Memory, every page counted.
    Memory,
    /// How many processes (and threads) at once.
    Pids,
}

impl Controller {
    /// The controller's name in mounts and `/proc/self/cgroup`.
    const fn name(self) -> &'static str {
        match self {
            Controller::Memory => "memory",
            Controller::Pids => "pids",
        }
    }
}

/// Where this process's cgroup of one controller is, and on which
/// hierarchy: the parent of every run's cgroup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hierarchy {
    controller: Controller,
    version: Version,
    parent: PathBuf,
}

/// The controllers runs are limited by here, or why each is missing.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Control {
    memory: Result<Hierarchy, String>,
    pids: Result<Hierarchy, String>,
}

/// How many cgroups this process has made, for unique names.
static MADE: AtomicUsize = AtomicUsize::new(0);

/// The cgroups of the runs under way, so that an interrupted grader, which
/// exits without unwinding, can still remove exactly what it made.
static UNDER_WAY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The prefix of every cgroup a grader makes.
const PREFIX: &str = "queens-grade-";

/// Kills what is left in, and removes, the cgroup of every run under way:
/// what an interrupted grader does once it has killed their processes.
pub fn remove_all() {
    let under_way = UNDER_WAY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    for path in under_way {
        remove(&path);
    }
}

/// Kills every process left in the cgroup at `path` and removes it, giving
/// the kernel a moment to let go of processes just killed.
fn remove(path: &Path) {
    for _ in 0..50 {
        kill_members(path);
        if std::fs::remove_dir(path).is_ok() || !path.exists() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Sends SIGKILL to every process of the cgroup at `path`.
fn kill_members(path: &Path) {
    let members = std::fs::read_to_string(path.join("cgroup.procs")).unwrap_or_default();
    for pid in members
        .lines()
        .filter_map(|line| line.trim().parse::<i32>().ok())
    {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
}

/// Removes the cgroups of graders that are no longer running, below each
/// parent of `control`: the leftovers of a grader that was killed.
pub fn sweep(control: &Control) {
    for hierarchy in control.hierarchies() {
        let Ok(entries) = std::fs::read_dir(&hierarchy.parent) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            if owner_is_gone(&name) {
                remove(&entry.path());
            }
        }
    }
}

/// Whether `name` is a grader's cgroup (`queens-grade-PID-…`) whose grader
/// is no longer running. (A process that took a dead grader's id keeps its
/// cgroups a while longer, which does no harm.)
fn owner_is_gone(name: &str) -> bool {
    name.strip_prefix(PREFIX)
        .and_then(|rest| rest.split('-').next())
        .and_then(|pid| pid.parse::<u32>().ok())
        .is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists())
}

impl Control {
    /// The controllers of this process that it can make a child cgroup of.
    pub fn detect() -> Self {
        Control {
            memory: Hierarchy::detect(Controller::Memory),
            pids: Hierarchy::detect(Controller::Pids),
        }
    }

    /// The hierarchies found.
    fn hierarchies(&self) -> impl Iterator<Item = &Hierarchy> {
        [&self.memory, &self.pids]
            .into_iter()
            .filter_map(|found| found.as_ref().ok())
    }

    /// Whether memory is limited by a cgroup, and on which version.
    pub fn memory_version(&self) -> Result<Version, &str> {
        self.memory
            .as_ref()
            .map(|hierarchy| hierarchy.version)
            .map_err(String::as_str)
    }

    /// Whether processes are limited by a cgroup, or why not.
    pub fn pids_version(&self) -> Result<Version, &str> {
        self.pids
            .as_ref()
            .map(|hierarchy| hierarchy.version)
            .map_err(String::as_str)
    }

    /// New cgroups for one run: memory limited to `memory` bytes, at most
    /// `processes` processes and threads.
    pub fn make(&self, memory: u64, processes: u64) -> Result<RunCgroups, String> {
        let number = MADE.fetch_add(1, Ordering::Relaxed);
        let name = format!("{PREFIX}{}-{number}", std::process::id());
        let mut run = RunCgroups { made: Vec::new() };
        for hierarchy in self.hierarchies() {
            let path = hierarchy.parent.join(&name);
            if !run.made.iter().any(|(_, _, made)| *made == path) {
                std::fs::create_dir(&path)
                    .map_err(|error| format!("{}: {error}", path.display()))?;
                UNDER_WAY
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .push(path.clone());
            }
            run.made
                .push((hierarchy.controller, hierarchy.version, path.clone()));
            match hierarchy.controller {
                Controller::Memory => limit_memory(&path, hierarchy.version, memory)?,
                Controller::Pids => write(&path.join("pids.max"), &processes.to_string())?,
            }
        }
        Ok(run)
    }
}

impl Hierarchy {
    /// This process's cgroup of `controller`, when it can make a child
    /// cgroup there; otherwise why not, in a few words.
    fn detect(controller: Controller) -> Result<Self, String> {
        let hierarchy = locate(controller)?;
        // Making (and removing) a child is the only true test of the right.
        let probe = hierarchy
            .parent
            .join(format!("{PREFIX}{}-probe", std::process::id()));
        std::fs::create_dir(&probe).map_err(|error| {
            format!(
                "cannot make a {} cgroup in {}: {error}",
                controller.name(),
                hierarchy.parent.display()
            )
        })?;
        let _ = std::fs::remove_dir(&probe);
        Ok(hierarchy)
    }
}

/// Writes `value` to the control file `path`.
fn write(path: &Path, value: &str) -> Result<(), String> {
    std::fs::write(path, value).map_err(|error| format!("{}: {error}", path.display()))
}

/// Sets the memory limit of the cgroup at `path`, swap included.
fn limit_memory(path: &Path, version: Version, bytes: u64) -> Result<(), String> {
    let settings: &[(&str, String)] = match version {
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
        // The first setting is the limit; the swap one exists only where
        // the kernel accounts swap, and without swap there is no way round
        // the first.
        if let Err(error) = write(&path.join(file), value)
            && (index == 0 || path.join(file).exists())
        {
            return Err(error);
        }
    }
    Ok(())
}

/// One run's cgroups, emptied and removed when dropped.
#[derive(Debug)]
pub struct RunCgroups {
    /// Each controller's cgroup (one folder serves both on v2).
    made: Vec<(Controller, Version, PathBuf)>,
}

impl RunCgroups {
    /// The folders a process joins, by writing its id to `cgroup.procs`.
    pub fn paths(&self) -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = self.made.iter().map(|(_, _, path)| path.clone()).collect();
        paths.dedup();
        paths
    }

    /// Whether the kernel killed a process of the run for memory.
    pub fn ran_out(&self) -> bool {
        self.memory().ran_out()
    }

    /// What tells, while the run goes on, whether it ran out of memory.
    pub fn memory(&self) -> MemoryProbe {
        MemoryProbe(
            self.made
                .iter()
                .filter(|(controller, _, _)| *controller == Controller::Memory)
                .map(|(_, version, path)| (*version, path.clone()))
                .collect(),
        )
    }

    /// Kills every process of the run's cgroups.
    pub fn kill_all(&self) {
        for path in self.paths() {
            kill_members(&path);
        }
    }
}

/// A run's memory cgroups, to ask whether the kernel killed for memory.
#[derive(Clone, Debug, Default)]
pub struct MemoryProbe(Vec<(Version, PathBuf)>);

impl MemoryProbe {
    /// Whether the kernel killed a process of the run for memory.
    pub fn ran_out(&self) -> bool {
        self.0
            .iter()
            .any(|(version, path)| out_of_memory(path, *version))
    }
}

/// Whether the memory cgroup at `path` had to kill for memory.
fn out_of_memory(path: &Path, version: Version) -> bool {
    let (file, key) = match version {
        Version::V1 => ("memory.oom_control", "oom_kill"),
        Version::V2 => ("memory.events", "oom_kill"),
    };
    let counted = std::fs::read_to_string(path.join(file))
        .ok()
        .and_then(|text| field(&text, key));
    let failed = match version {
        Version::V1 => std::fs::read_to_string(path.join("memory.failcnt"))
            .ok()
            .and_then(|text| text.trim().parse::<u64>().ok()),
        Version::V2 => None,
    };
    counted.is_some_and(|kills| kills > 0) || failed.is_some_and(|fails| fails > 0)
}

impl Drop for RunCgroups {
    /// Kills what is left and removes the cgroups.
    fn drop(&mut self) {
        for path in self.paths() {
            remove(&path);
            UNDER_WAY
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .retain(|under_way| *under_way != path);
        }
    }
}

/// The value of `key` in a file of `key value` lines.
fn field(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (name, value) = line.split_once(' ')?;
        (name == key).then(|| value.trim().parse().ok()).flatten()
    })
}

/// Where this process's cgroup of `controller` is: from the mounts of
/// `/proc/self/mountinfo` and the paths of `/proc/self/cgroup`.
fn locate(controller: Controller) -> Result<Hierarchy, String> {
    let mounts = std::fs::read_to_string("/proc/self/mountinfo")
        .map_err(|error| format!("cannot read /proc/self/mountinfo: {error}"))?;
    let groups = std::fs::read_to_string("/proc/self/cgroup")
        .map_err(|error| format!("cannot read /proc/self/cgroup: {error}"))?;
    let name = controller.name();
    let named = |list: &str| list.split(',').any(|item| item == name);
    if let Some((root, mount)) = cgroup_mount(&mounts, named)
        && let Some(path) = own_path(&groups, named)
    {
        return Ok(Hierarchy {
            controller,
            version: Version::V1,
            parent: joined(&mount, &root, &path),
        });
    }
    if let Some((root, mount)) = cgroup2_mount(&mounts) {
        let controllers =
            std::fs::read_to_string(mount.join("cgroup.controllers")).unwrap_or_default();
        if controllers.split_whitespace().any(|found| found == name)
            && let Some(path) = own_path(&groups, str::is_empty)
        {
            return Ok(Hierarchy {
                controller,
                version: Version::V2,
                parent: joined(&mount, &root, &path),
            });
        }
    }
    Err(format!("no {name} cgroup controller is mounted"))
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
    fn only_the_cgroups_of_graders_gone_are_swept() {
        assert!(!owner_is_gone("user.slice"));
        assert!(!owner_is_gone(&format!("{PREFIX}{}-3", std::process::id())));
        // No process has an id this large (pid_max is at most 2^22).
        assert!(owner_is_gone(&format!("{PREFIX}{}-3", 1 << 30)));
    }

    #[test]
    fn counters_are_read_by_name() {
        let control = "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n";
        assert_eq!(field(control, "oom_kill"), Some(2));
        assert_eq!(field(control, "missing"), None);
    }
}
