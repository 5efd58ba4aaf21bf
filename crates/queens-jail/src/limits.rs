//! The limits a run sets on itself: `queens-grade limited`, the trampoline
//! every confined run starts as, joins the run's cgroups, leaves the
//! grader's session, sets its resource limits, drops to the run's ids when
//! no jail does, and executes the command, which inherits them all.

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use nix::sys::resource::{Resource, setrlimit};
use nix::sys::signal::Signal;
use nix::unistd::{Gid, Uid};
use serde::{Deserialize, Serialize};

/// The user and group a run is made, when no jail makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ids {
    /// Its uid: a box of its own.
    pub uid: u32,
    /// Its gid: its submission's group.
    pub gid: u32,
}

/// The limits `queens-grade limited` sets before it runs a command.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ResourceLimits {
    /// The data segment (heap and private writable mappings), in MiB.
    pub memory_mib: u64,
    /// The main thread's stack, in MiB.
    pub stack_mib: u64,
    /// Processor seconds of each process, a backstop behind the watcher's
    /// limit on the whole tree.
    pub cpu_seconds: u64,
    /// The largest file it may write, in MiB.
    pub file_mib: u64,
    /// Processes and threads its uid may have at once (`RLIMIT_NPROC`),
    /// when it has a uid of its own.
    pub processes: Option<u64>,
    /// The cgroups to join first.
    pub cgroups: Vec<PathBuf>,
    /// The uid and gid to drop to before the command, when no jail does.
    pub drop_to: Option<Ids>,
}

impl ResourceLimits {
    /// The arguments of `queens-grade limited` that set these limits.
    pub fn arguments(&self) -> Vec<OsString> {
        let mut arguments: Vec<OsString> = Vec::new();
        let mut pair = |flag: &str, value: String| {
            arguments.extend([OsString::from(flag), OsString::from(value)]);
        };
        pair("--memory-mib", self.memory_mib.to_string());
        pair("--stack-mib", self.stack_mib.to_string());
        pair("--cpu-seconds", self.cpu_seconds.to_string());
        pair("--file-mib", self.file_mib.to_string());
        if let Some(processes) = self.processes {
            pair("--processes", processes.to_string());
        }
        if let Some(ids) = self.drop_to {
            pair("--uid", ids.uid.to_string());
            pair("--gid", ids.gid.to_string());
        }
        for cgroup in &self.cgroups {
            arguments.extend(["--cgroup".into(), cgroup.clone().into()]);
        }
        arguments
    }

    /// Joins the cgroups, leaves the session, sets the limits on the
    /// current process (core dumps off), drops to the run's ids when asked,
    /// and replaces the process with `command`. Returns only on failure.
    pub fn exec(&self, command: &[OsString]) -> String {
        const MIB: u64 = 1 << 20;
        for cgroup in &self.cgroups {
            // Before anything else, so that nothing the command starts is
            // outside the group.
            let procs = cgroup.join("cgroup.procs");
            if let Err(error) = std::fs::write(&procs, std::process::id().to_string()) {
                return format!("cannot join {}: {error}", procs.display());
            }
        }
        // A session of its own has no controlling terminal: no `/dev/tty`
        // to push keystrokes into (TIOCSTI), no signal from the teacher's.
        if let Err(error) = nix::unistd::setsid() {
            return format!("cannot start a session: {error}");
        }
        let mut limits = vec![
            (Resource::RLIMIT_DATA, self.memory_mib * MIB),
            (Resource::RLIMIT_STACK, self.stack_mib * MIB),
            (Resource::RLIMIT_CPU, self.cpu_seconds),
            (Resource::RLIMIT_CORE, 0),
            (Resource::RLIMIT_FSIZE, self.file_mib * MIB),
        ];
        if let Some(processes) = self.processes {
            limits.push((Resource::RLIMIT_NPROC, processes));
        }
        for (resource, value) in limits {
            if let Err(error) = setrlimit(resource, value, value) {
                return format!("cannot set {resource:?}: {error}");
            }
        }
        if let Some(ids) = self.drop_to
            && let Err(error) = drop_to(ids)
        {
            return error;
        }
        let Some((program, arguments)) = command.split_first() else {
            return "no command to run".to_owned();
        };
        let error = Command::new(program).args(arguments).exec();
        format!("cannot run {}: {error}", Path::new(program).display())
    }
}

/// Becomes `ids` for good: no supplementary groups, the real, effective and
/// saved ids all changed, no way back through a set-uid program, and killed
/// when the parent dies (set after the change, which clears it).
fn drop_to(ids: Ids) -> Result<(), String> {
    use nix::unistd::{setgroups, setresgid, setresuid};
    let (uid, gid) = (Uid::from_raw(ids.uid), Gid::from_raw(ids.gid));
    setgroups(&[]).map_err(|error| format!("cannot clear the groups: {error}"))?;
    setresgid(gid, gid, gid).map_err(|error| format!("cannot become gid {gid}: {error}"))?;
    setresuid(uid, uid, uid).map_err(|error| format!("cannot become uid {uid}: {error}"))?;
    nix::sys::prctl::set_no_new_privs().map_err(|error| format!("no_new_privs: {error}"))?;
    nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)
        .map_err(|error| format!("cannot die with the parent: {error}"))
}
