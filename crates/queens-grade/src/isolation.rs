//! Running untrusted code: a process tree of its own, in a session of its
//! own, with resource limits, a cleared environment, and limits on
//! processor time, wall time, idleness, output and disk, watched from
//! outside.
//!
//! Limits are set by the grader's own binary: `queens-grade limited` joins
//! the run's cgroups, leaves the grader's session (`setsid`: no controlling
//! terminal, so nothing can push keystrokes into the teacher's shell), sets
//! the limits on itself, drops to the run's uid when no jail does it, and
//! then executes the command, which inherits them, as `prlimit` and
//! `ulimit` do. (Setting them between `fork` and `exec` from the parent
//! would need unsafe code; a trampoline does not.)
//!
//! The time limit is **processor time**, so that a loaded machine does not
//! change a verdict. The watcher samples the processor time of the whole
//! tree (every process descended from the run, however it left its process
//! group or session, and the children each has waited for, read from
//! `/proc`) ten times a second, and kills the tree when it passes the
//! limit. A process that uses no processor (a `sleep`, a read that never
//! ends) would never reach that limit, so two backstops stop it: a tree
//! that uses less than a twentieth of a second of processor in five seconds
//! is *idle* and stopped then, and a wall-clock deadline stops anything
//! else. Output is limited too: stdout and stderr are read as they come and
//! counted, and the tree is stopped once they pass the limit, so a process
//! that prints without end is stopped within a poll rather than filling
//! anything. Where a run's disk is not a tmpfs of a set size, the bytes its
//! uid owns in the folders it may write are summed ten times a second for
//! a check, twice for a build, and the tree stopped past its limit. The tree is killed after a normal exit too,
//! so nothing a submission started outlives its run.
//!
//! Two ways to run: a [`Job`] is fed its input, read to its end and judged
//! by how it ended (a build, a judge); a [`Session`] is talked to while it
//! runs (the student's side of a check, questioned by the judge), its
//! watcher on a thread of its own.
//!
//! The jail around the process (a uid of its own, a view of only what it
//! needs, cgroups, scratch of a set size) is [`crate::sandbox`]'s; this
//! module runs what it launches.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use nix::sys::resource::{Resource, setrlimit};
use nix::sys::signal::{Signal, kill};
use nix::unistd::{Gid, Pid, Uid};
use serde::{Deserialize, Serialize};

use crate::boxes::BoxId;
use crate::cgroup::RunCgroups;

/// The system folders a child's `PATH` holds: a cleared environment does not
/// inherit the grader's.
pub(crate) const SYSTEM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The runs under way, by the pid of their first process, so that an
/// interrupted grader can stop exactly what it started; and whether it has
/// been told to stop, after which no run starts. One lock for both, held
/// while a run is started, so that none slips between the stop and the
/// kill.
static RUNNING: Mutex<Running> = Mutex::new(Running {
    roots: BTreeSet::new(),
    stopping: false,
});

/// The runs under way, and whether the grader is stopping.
struct Running {
    roots: BTreeSet<i32>,
    stopping: bool,
}

/// The runs under way, locked.
fn running() -> std::sync::MutexGuard<'static, Running> {
    RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether the grader has been told to stop: work not yet begun (a copy, a
/// run) is not begun.
pub(crate) fn stopping() -> bool {
    running().stopping
}

/// Starts no run from now on, and kills the tree of every run under way:
/// what an interrupted grader does first.
pub(crate) fn stop_all() {
    let mut running = running();
    running.stopping = true;
    for &root in running.roots.iter() {
        kill_tree(root);
    }
}

/// How much of the start of a child's stdout and of its stderr is kept.
const KEPT_HEAD: usize = 1 << 20;

/// How much of the end of each is kept besides: where a runtime's last
/// words are.
const KEPT_TAIL: usize = 64 << 10;

/// How often the watcher looks at a running tree.
const POLL: Duration = Duration::from_millis(100);

/// A tree that uses less processor than [`IDLE_CPU`] in this much wall
/// time is idle.
const IDLE_WINDOW: Duration = Duration::from_secs(5);

/// The processor time below which a tree is idle over [`IDLE_WINDOW`].
const IDLE_CPU: Duration = Duration::from_millis(50);

/// The user and group a run is made, when no jail makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Ids {
    /// Its uid: a box of its own.
    pub uid: u32,
    /// Its gid: its submission's group.
    pub gid: u32,
}

/// The limits `queens-grade limited` sets before it runs a command.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct ResourceLimits {
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
    pub(crate) fn arguments(&self) -> Vec<OsString> {
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
    pub(crate) fn exec(&self, command: &[OsString]) -> String {
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
        if let Some(ids) = self.drop_to {
            if let Err(error) = drop_to(ids) {
                return error;
            }
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

/// What a launched run is: its whole command line (the grader's `limited`
/// first) and what it holds until it ends.
#[derive(Debug)]
pub(crate) struct Launch {
    /// The command: the grader's binary, `limited` and its limits, the jail,
    /// and what runs in it.
    pub command: Vec<OsString>,
    /// The folder it starts in.
    pub work: PathBuf,
    /// Its `PATH`: [`SYSTEM_PATH`] for untrusted code.
    pub path: OsString,
    /// Its environment besides `PATH`, `HOME` and `LANG`.
    pub environment: Vec<(OsString, OsString)>,
    /// Its cgroups, emptied and removed when it ends.
    pub cgroups: Option<RunCgroups>,
    /// Its box, given back (its processes killed) when it ends.
    pub boxed: Option<BoxId>,
}

impl Launch {
    /// The command, with a cleared environment, ready to spawn.
    fn command(&self) -> Command {
        let (program, arguments) = self.command.split_first().expect("a command");
        let mut command = Command::new(program);
        command
            .args(arguments)
            .current_dir(&self.work)
            .env_clear()
            .env("PATH", &self.path)
            .env("HOME", &self.work)
            .env("LANG", "C.UTF-8")
            .envs(self.environment.iter().cloned())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// Whether the kernel killed a process of the run for memory.
    fn ran_out(&self) -> bool {
        self.cgroups.as_ref().is_some_and(RunCgroups::ran_out)
    }

    /// Kills whatever is left of the run, in its cgroups and as its uid.
    fn finish(self) {
        if let Some(cgroups) = &self.cgroups {
            cgroups.kill_all();
        }
        drop(self);
    }
}

/// The bytes a run may write where no tmpfs bounds it: what it owns below
/// `roots` (what its box's uid owns, when it has a box; everything there,
/// when it has none).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Disk {
    /// The folders it may write.
    pub roots: Vec<PathBuf>,
    /// The most bytes.
    pub limit: u64,
    /// How often they are summed: a run is stopped within about this long
    /// of passing its limit, plus what it writes while they are.
    pub every: Duration,
}

impl Disk {
    /// The bytes the files of `owner` (of anyone, when `None`) take below
    /// the roots, a file with several names counted once.
    fn used(&self, owner: Option<u32>) -> u64 {
        let mut seen = std::collections::HashSet::new();
        self.roots
            .iter()
            .map(|root| under(root, owner, &mut seen))
            .sum()
    }
}

/// The bytes the files of `owner` (of anyone, when `None`) take at `path`
/// and below it, leaving out the files `seen` holds (by device and inode)
/// and adding those it counts. A folder is looked into only where `owner`
/// could have written: its own, or one anybody may write (`/tmp` holds
/// others' trees, which no run need walk).
fn under(path: &Path, owner: Option<u32>, seen: &mut std::collections::HashSet<(u64, u64)>) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let Ok(metadata) = std::fs::symlink_metadata(path) else {
        return 0;
    };
    let owned = owner.is_none_or(|owner| metadata.uid() == owner);
    let new = seen.insert((metadata.dev(), metadata.ino()));
    let own = if owned && new {
        metadata.blocks() * 512
    } else {
        0
    };
    if !metadata.is_dir() || !(owned || metadata.mode() & 0o002 != 0) {
        return own;
    }
    let inside: u64 = std::fs::read_dir(path)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| under(&entry.path(), owner, seen))
                .sum()
        })
        .unwrap_or(0);
    own + inside
}

/// When the watcher stops a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct StopRules {
    /// Processor time the whole tree may use; `None` for none (a build,
    /// whose compilers run in parallel, is held to wall time).
    pub processor: Option<Duration>,
    /// Whether a tree that stays idle for five seconds is stopped.
    pub idle: bool,
    /// Wall-clock time it may take.
    pub wall: Duration,
    /// Bytes of stdout and stderr together it may print.
    pub output: u64,
    /// The disk it may fill, where no tmpfs bounds it.
    pub disk: Option<Disk>,
}

/// Why the watcher stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) enum Stopped {
    /// Its tree used more processor time than this.
    ProcessorTime(Duration),
    /// It took longer than this in wall-clock time.
    WallTime(Duration),
    /// It used almost no processor for this long.
    Idle(Duration),
    /// It printed more than this many bytes.
    Output(u64),
    /// It wrote more than this many bytes to disk.
    Disk(u64),
}

/// How a run ended.
#[derive(Debug, Default)]
pub(crate) struct Ending {
    /// Its exit status, or `None` when the watcher stopped it.
    pub status: Option<ExitStatus>,
    /// Why the watcher stopped it, if it did.
    pub stopped: Option<Stopped>,
    /// The start of its stdout and, when there was more, its end.
    pub stdout: Vec<u8>,
    /// The start of its stderr and, when there was more, its end.
    pub stderr: Vec<u8>,
    /// How long it took.
    pub elapsed: Duration,
    /// The processor time its tree was last seen to have used.
    pub processor: Duration,
    /// Whether its memory cgroup had to kill for memory.
    pub out_of_memory: bool,
}

/// Which processes make up a run's tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whole {
    /// The run's first process and its descendants.
    FromRoot,
    /// Every descendant of this process (which is a child subreaper, so
    /// that a process that leaves its parent stays below it): a judge's
    /// one run.
    AllMine,
}

/// A run's process tree: spawned, measured and killed as one.
struct Tree {
    child: Child,
    root: i32,
    whole: Whole,
    reaped: bool,
    /// Killed once already: a judge's tree is every process of the judge,
    /// so a second kill, once the judge has started its next run, would
    /// kill that run.
    killed: bool,
}

impl Tree {
    /// Spawns `command`; the run's first process is `limited`, which starts
    /// a session of its own.
    fn spawn(command: &mut Command, whole: Whole) -> std::io::Result<Self> {
        let child = command.spawn()?;
        let root = i32::try_from(child.id()).map_err(std::io::Error::other)?;
        Ok(Tree {
            child,
            root,
            whole,
            reaped: false,
            killed: false,
        })
    }

    /// The pids of the tree, from `/proc`.
    fn pids(&self) -> Vec<i32> {
        match self.whole {
            Whole::FromRoot => descendants(self.root, true),
            Whole::AllMine => descendants(std::process::id() as i32, false),
        }
    }

    /// Whether some process of the tree is runnable: one that wants the
    /// processor, whether or not a busy machine gives it any.
    fn runnable(&self) -> bool {
        self.pids().iter().any(|&pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .is_ok_and(|stat| stat_fields(&stat).first() == Some(&"R"))
        })
    }

    /// The processor time of every process of the tree, and of the
    /// children each has waited for.
    fn processor(&self) -> Duration {
        let ticks: u64 = self.pids().iter().filter_map(|&pid| ticks_of(pid)).sum();
        Duration::from_secs_f64(ticks as f64 / ticks_per_second())
    }

    /// Waits up to `time` for the first process to exit.
    fn wait_for(&mut self, time: Duration) -> Option<ExitStatus> {
        use wait_timeout::ChildExt;
        let status = self.child.wait_timeout(time).ok().flatten();
        self.reaped |= status.is_some();
        status
    }

    /// Kills every process of the tree, and reaps the first; a judge's
    /// tree, whose orphans it took in as a subreaper, it reaps whole, so
    /// that no dead process of the run's uid is left for a later run of
    /// the same uid to count against its process limit.
    fn kill(&mut self) {
        if std::mem::replace(&mut self.killed, true) {
            return;
        }
        match self.whole {
            Whole::FromRoot => kill_tree(self.root),
            Whole::AllMine => kill_all_of(|| descendants(std::process::id() as i32, false)),
        }
        if !self.reaped {
            let _ = self.child.wait();
            self.reaped = true;
        }
        if self.whole == Whole::AllMine {
            reap_orphans();
        }
    }
}

impl Drop for Tree {
    /// Kills the tree, unless its watcher did already (it is dropped after
    /// its run's ending was handed on, when the judge may have started its
    /// next run).
    fn drop(&mut self) {
        self.kill();
    }
}

/// Reaps every child of this process that has ended: the orphans a
/// subreaper took in, once killed. (Only a judge, whose one run is all its
/// children, may do this: it would take another run's status.)
fn reap_orphans() {
    use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
    while let Ok(status) = waitpid(Pid::from_raw(-1), Some(WaitPidFlag::WNOHANG)) {
        if status == WaitStatus::StillAlive {
            break;
        }
    }
}

/// Kills `root` and every process descended from it.
fn kill_tree(root: i32) {
    kill_all_of(|| descendants(root, true));
}

/// Kills the processes `find` lists, again until it lists none (a process
/// may fork while it is being killed; its process limit bounds how often),
/// and waits, two seconds at most, until every process it ever listed has
/// died: one whose parent died first is no longer listed, and a jail
/// tearing down its mounts takes a moment to die.
fn kill_all_of(find: impl Fn() -> Vec<i32>) {
    // Each process by its pid and start time, so that a pid taken again by
    // another process is never killed for it.
    let mut seen: HashMap<i32, u64> = HashMap::new();
    for _ in 0..400 {
        for pid in find() {
            if let Some(start) = started_at(pid) {
                seen.insert(pid, start);
            }
        }
        seen.retain(|&pid, &mut start| started_at(pid) == Some(start) && !is_zombie(pid));
        if seen.is_empty() {
            return;
        }
        for &pid in seen.keys() {
            let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// When process `pid` started, in clock ticks after boot; `None` when there
/// is no such process.
fn started_at(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat_fields(&stat).get(19)?.parse().ok()
}

/// Whether process `pid` has ended and waits to be reaped.
fn is_zombie(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_or(true, |stat| stat_fields(&stat).first() == Some(&"Z"))
}

/// The fields of a `/proc/PID/stat` line after the command's closing
/// parenthesis (the command may hold spaces and parentheses): state, ppid,
/// pgrp, …, utime (11), stime, cutime, cstime (14), …, starttime (19).
fn stat_fields(stat: &str) -> Vec<&str> {
    stat.rfind(')')
        .and_then(|end| stat.get(end + 1..))
        .map(|rest| rest.split_whitespace().collect())
        .unwrap_or_default()
}

/// The processes descended from `ancestor` (and `ancestor` itself when
/// `with_itself`), from the parent links of `/proc`.
fn descendants(ancestor: i32, with_itself: bool) -> Vec<i32> {
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for pid in entries
            .filter_map(Result::ok)
            .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        {
            let parent = std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|stat| stat_fields(&stat).get(1)?.parse::<i32>().ok());
            if let Some(parent) = parent {
                children.entry(parent).or_default().push(pid);
            }
        }
    }
    let mut found = Vec::new();
    let mut next = vec![ancestor];
    while let Some(pid) = next.pop() {
        if pid != ancestor || with_itself {
            found.push(pid);
        }
        next.extend(children.get(&pid).into_iter().flatten());
    }
    found
}

/// The processor ticks of process `pid`: its user and system time and its
/// waited-for children's.
fn ticks_of(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat_fields(&stat)
        .get(11..=14)?
        .iter()
        .map(|field| field.parse::<u64>().ok())
        .sum()
}

/// The clock ticks a second of `/proc`'s times.
fn ticks_per_second() -> f64 {
    use nix::unistd::{SysconfVar, sysconf};
    sysconf(SysconfVar::CLK_TCK)
        .ok()
        .flatten()
        .filter(|&ticks| ticks > 0)
        .map_or(100.0, |ticks| ticks as f64)
}

/// What the watcher of a run keeps track of.
struct Watcher {
    rules: StopRules,
    /// The run's uid, whose files count against its disk limit.
    owner: Option<u32>,
    printed: Arc<AtomicU64>,
    started: Instant,
    /// The processor time seen at each poll of the last [`IDLE_WINDOW`].
    recent: VecDeque<(Instant, Duration)>,
    /// Set while a reader waits for the run's output: the run is idle only
    /// then (a judge working out a reference answer keeps a run waiting
    /// through no fault of its own). `None`: whenever it uses no processor.
    awaited: Option<Arc<AtomicBool>>,
    /// Set before the tree is killed for a broken rule.
    halted: Arc<AtomicBool>,
    processor: Duration,
    disk_seen: Instant,
}

impl Watcher {
    fn new(rules: StopRules, owner: Option<u32>, printed: Arc<AtomicU64>) -> Self {
        let now = Instant::now();
        Watcher {
            rules,
            owner,
            printed,
            started: now,
            recent: VecDeque::new(),
            awaited: None,
            halted: Arc::new(AtomicBool::new(false)),
            processor: Duration::ZERO,
            disk_seen: now,
        }
    }

    /// Watches `tree` until its first process exits, one of the rules stops
    /// it, or `stop` is set; then kills the whole tree. Returns its status
    /// (`None` when stopped) and why it was stopped.
    fn watch(
        &mut self,
        tree: &mut Tree,
        stop: &AtomicBool,
    ) -> (Option<ExitStatus>, Option<Stopped>) {
        let ending = loop {
            if let Some(status) = tree.wait_for(POLL) {
                break (Some(status), None);
            }
            if stop.load(Ordering::Relaxed) {
                break (None, None);
            }
            self.processor = self.processor.max(tree.processor());
            if let Some(stopped) = self.broken_rule(|| tree.runnable()) {
                self.halted.store(true, Ordering::SeqCst);
                break (None, Some(stopped));
            }
        };
        tree.kill();
        ending
    }

    /// The rule a run has broken at this poll, if any; `runnable` says
    /// whether some process of it waits for the processor (then it is not
    /// idle, however little it got: the machine is busy).
    fn broken_rule(&mut self, runnable: impl Fn() -> bool) -> Option<Stopped> {
        let now = Instant::now();
        let rules = &self.rules;
        if self.printed.load(Ordering::Relaxed) > rules.output {
            return Some(Stopped::Output(rules.output));
        }
        if let Some(limit) = rules.processor.filter(|&limit| self.processor > limit) {
            return Some(Stopped::ProcessorTime(limit));
        }
        if now - self.started > rules.wall {
            return Some(Stopped::WallTime(rules.wall));
        }
        if let Some(disk) = &rules.disk {
            if now - self.disk_seen >= disk.every {
                self.disk_seen = now;
                if disk.used(self.owner) > disk.limit {
                    return Some(Stopped::Disk(disk.limit));
                }
            }
        }
        self.recent.push_back((now, self.processor));
        while self
            .recent
            .front()
            .is_some_and(|&(then, _)| now - then > IDLE_WINDOW)
        {
            self.recent.pop_front();
        }
        let (oldest, before) = self
            .recent
            .front()
            .copied()
            .unwrap_or((now, self.processor));
        let idle = now - oldest >= IDLE_WINDOW - POLL && self.processor - before < IDLE_CPU;
        let unawaited = || {
            self.awaited
                .as_ref()
                .is_some_and(|awaited| !awaited.load(Ordering::Relaxed))
        };
        if unawaited() || (idle && runnable()) {
            // Not waited on, or starved: not idle; the window starts again.
            self.recent.clear();
            return None;
        }
        (rules.idle && idle).then_some(Stopped::Idle(IDLE_WINDOW))
    }
}

/// Spawns the launch's command as a tree, recorded among the runs under
/// way (under the lock, so that a stop either comes first and nothing
/// starts, or finds the run to kill).
fn start(launch: &Launch, whole: Whole) -> Result<Tree, String> {
    let mut under_way = running();
    if under_way.stopping {
        return Err("the grader is stopping".to_owned());
    }
    let tree = Tree::spawn(&mut launch.command(), whole).map_err(|error| {
        let program = Path::new(&launch.command[0]).display();
        format!("cannot start {program}: {error}")
    })?;
    under_way.roots.insert(tree.root);
    Ok(tree)
}

/// A run fed its input, read to its end and judged by how it ended.
#[derive(Debug)]
pub(crate) struct Job {
    /// What to run.
    pub launch: Launch,
    /// What it reads on stdin.
    pub stdin: Vec<u8>,
    /// When it is stopped.
    pub stop: StopRules,
}

impl Job {
    /// Runs the job to its end or until a [`StopRules`] stops it. Errs only
    /// when the process cannot be started at all.
    pub(crate) fn run(self) -> Result<Ending, String> {
        let started = Instant::now();
        let mut tree = start(&self.launch, Whole::FromRoot)?;
        let feeder = feed(tree.child.stdin.take(), self.stdin);
        let printed = Arc::new(AtomicU64::new(0));
        let stdout = keep(tree.child.stdout.take(), Arc::clone(&printed));
        let stderr = keep(tree.child.stderr.take(), Arc::clone(&printed));
        let owner = self.launch.boxed.as_ref().map(BoxId::id);
        let mut watcher = Watcher::new(self.stop, owner, printed);
        let (status, stopped) = watcher.watch(&mut tree, &AtomicBool::new(false));
        running().roots.remove(&tree.root);
        let _ = feeder.join();
        let ending = Ending {
            status,
            stopped,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
            elapsed: started.elapsed(),
            processor: watcher.processor,
            out_of_memory: self.launch.ran_out(),
        };
        self.launch.finish();
        Ok(ending)
    }
}

/// A run talked to while it runs: its stdin and stdout are the caller's,
/// its stderr is kept, and a watcher thread stops it by the rules.
pub(crate) struct Session {
    /// Set to stop the run.
    stop: Arc<AtomicBool>,
    /// Whether the kernel killed a process of it for memory.
    pub memory: crate::cgroup::MemoryProbe,
    /// Set before the watcher kills the run for a rule it broke (output,
    /// time, idleness, disk): a process of it killed then was killed for
    /// the rule, which the ending names.
    pub halted: Arc<AtomicBool>,
    /// The ending, once the watcher has seen it.
    ended: Arc<(Mutex<Option<Ending>>, Condvar)>,
    /// Its stdin, for the caller to take.
    pub stdin: Option<ChildStdin>,
    /// Its stdout, counted against the output limit, for the caller to take.
    pub stdout: Option<Counted<ChildStdout>>,
    watcher: Option<JoinHandle<()>>,
}

impl Session {
    /// Starts `launch` as every descendant of this process (which must be
    /// a child subreaper) and watches it by `rules`.
    pub(crate) fn start(launch: Launch, rules: StopRules) -> Result<Session, String> {
        let started = Instant::now();
        let mut tree = start(&launch, Whole::AllMine)?;
        let printed = Arc::new(AtomicU64::new(0));
        let awaited = Arc::new(AtomicBool::new(false));
        let halted = Arc::new(AtomicBool::new(false));
        let stdin = tree.child.stdin.take();
        let stdout = tree.child.stdout.take().map(|stdout| Counted {
            inner: stdout,
            printed: Arc::clone(&printed),
            awaited: Arc::clone(&awaited),
        });
        let stderr = keep(tree.child.stderr.take(), Arc::clone(&printed));
        let stop = Arc::new(AtomicBool::new(false));
        let ended = Arc::new((Mutex::new(None), Condvar::new()));
        let memory = launch
            .cgroups
            .as_ref()
            .map(RunCgroups::memory)
            .unwrap_or_default();
        let watcher = {
            let (stop, ended) = (Arc::clone(&stop), Arc::clone(&ended));
            let halted = Arc::clone(&halted);
            let owner = launch.boxed.as_ref().map(BoxId::id);
            std::thread::spawn(move || {
                let mut watcher = Watcher::new(rules, owner, printed);
                watcher.awaited = Some(awaited);
                watcher.halted = halted;
                let (status, stopped) = watcher.watch(&mut tree, &stop);
                running().roots.remove(&tree.root);
                let ending = Ending {
                    status,
                    stopped,
                    stdout: Vec::new(),
                    stderr: stderr.join().unwrap_or_default(),
                    elapsed: started.elapsed(),
                    processor: watcher.processor,
                    out_of_memory: launch.ran_out(),
                };
                launch.finish();
                let (slot, condvar) = &*ended;
                *slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(ending);
                condvar.notify_all();
            })
        };
        Ok(Session {
            stop,
            memory,
            halted,
            ended,
            stdin,
            stdout,
            watcher: Some(watcher),
        })
    }

    /// How the run ended: waits up to `grace` for it to end by itself, then
    /// stops it. Called once.
    pub(crate) fn ending(&mut self, grace: Duration) -> Ending {
        let (slot, condvar) = &*self.ended;
        let guard = slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (mut guard, _) = condvar
            .wait_timeout_while(guard, grace, |ending| ending.is_none())
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if guard.is_none() {
            self.stop.store(true, Ordering::Relaxed);
            guard = condvar
                .wait_while(guard, |ending| ending.is_none())
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        guard.take().unwrap_or_default()
    }
}

impl Drop for Session {
    /// Stops the run and waits for its watcher, which kills its tree.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        drop(self.stdin.take());
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
    }
}

/// A pipe whose bytes count against a run's output limit, and which
/// notes while its reader waits on it: a run is idle only while someone
/// awaits it.
pub(crate) struct Counted<R> {
    inner: R,
    printed: Arc<AtomicU64>,
    awaited: Arc<AtomicBool>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        self.awaited.store(true, Ordering::Relaxed);
        let read = self.inner.read(buffer);
        self.awaited.store(false, Ordering::Relaxed);
        let read = read?;
        self.printed.fetch_add(read as u64, Ordering::Relaxed);
        Ok(read)
    }
}

/// Writes `input` to the child's stdin on a thread of its own and closes it,
/// so that a child that never reads cannot block the grader.
fn feed(stdin: Option<ChildStdin>, input: Vec<u8>) -> JoinHandle<()> {
    std::thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            let _ = stdin.write_all(&input);
        }
    })
}

/// Reads a pipe to its end on a thread of its own, adding what it reads to
/// `printed`. Returns its first [`KEPT_HEAD`] bytes and, when there was
/// more, a line "…" and its last [`KEPT_TAIL`] bytes: a child that prints
/// without end can neither fill the grader's memory nor block on a full
/// pipe.
fn keep(pipe: Option<impl Read + Send + 'static>, printed: Arc<AtomicU64>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut head = Vec::new();
        let mut tail: VecDeque<u8> = VecDeque::new();
        let Some(mut pipe) = pipe else {
            return head;
        };
        let mut buffer = [0_u8; 8192];
        while let Ok(read) = pipe.read(&mut buffer) {
            if read == 0 {
                break;
            }
            printed.fetch_add(read as u64, Ordering::Relaxed);
            let room = KEPT_HEAD.saturating_sub(head.len()).min(read);
            head.extend_from_slice(&buffer[..room]);
            tail.extend(&buffer[room..read]);
            let excess = tail.len().saturating_sub(KEPT_TAIL);
            tail.drain(..excess);
        }
        if !tail.is_empty() {
            head.extend_from_slice("\n…\n".as_bytes());
            head.extend(tail);
        }
        head
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A launch of `script` by `sh`, unconfined, with no limits but those
    /// the test gives.
    fn shell(script: &str) -> Launch {
        Launch {
            command: ["sh", "-c", script].map(OsString::from).to_vec(),
            work: std::env::temp_dir(),
            path: SYSTEM_PATH.into(),
            environment: Vec::new(),
            cgroups: None,
            boxed: None,
        }
    }

    fn rules(processor: f64) -> StopRules {
        StopRules {
            processor: Some(Duration::from_secs_f64(processor)),
            idle: true,
            wall: Duration::from_secs(30),
            output: 1 << 20,
            disk: None,
        }
    }

    #[test]
    fn processor_time_counts_a_process_that_left_its_session() {
        // The loop runs in a new session; the tree still holds it.
        let job = Job {
            launch: shell("setsid sh -c 'while :; do :; done' & wait"),
            stdin: Vec::new(),
            stop: rules(0.5),
        };
        let ending = job.run().unwrap();
        assert_eq!(
            ending.stopped,
            Some(Stopped::ProcessorTime(Duration::from_millis(500)))
        );
    }

    #[test]
    fn a_run_is_idle_only_while_its_reader_awaits_it() {
        let awaited = Arc::new(AtomicBool::new(false));
        let mut watcher = Watcher::new(rules(30.0), None, Arc::new(AtomicU64::new(0)));
        watcher.awaited = Some(Arc::clone(&awaited));
        let quiet = || {
            let mut window = VecDeque::new();
            window.push_back((Instant::now() - (IDLE_WINDOW - POLL / 2), Duration::ZERO));
            window
        };
        // Five quiet seconds while the judge works out an answer: not idle.
        watcher.recent = quiet();
        assert_eq!(watcher.broken_rule(|| false), None);
        // The window started again; the same quiet seconds awaited are idle.
        awaited.store(true, Ordering::Relaxed);
        watcher.recent = quiet();
        assert_eq!(
            watcher.broken_rule(|| false),
            Some(Stopped::Idle(IDLE_WINDOW))
        );
    }

    #[test]
    fn output_past_the_limit_stops_the_run_whichever_stream() {
        let job = Job {
            launch: shell("yes 'a line of stderr' >&2"),
            stdin: Vec::new(),
            stop: rules(30.0),
        };
        let ending = job.run().unwrap();
        assert_eq!(ending.stopped, Some(Stopped::Output(1 << 20)));
    }

    #[test]
    fn disk_past_the_limit_stops_the_run() {
        let folder = tempfile::tempdir().unwrap();
        let script = format!(
            "i=0; while :; do head -c 1048576 /dev/zero > {}/fill-$i; i=$((i+1)); done",
            folder.path().display()
        );
        let mut stop = rules(30.0);
        stop.disk = Some(Disk {
            roots: vec![folder.path().to_owned()],
            limit: 8 << 20,
            every: Duration::from_millis(100),
        });
        let job = Job {
            launch: shell(&script),
            stdin: Vec::new(),
            stop,
        };
        assert_eq!(job.run().unwrap().stopped, Some(Stopped::Disk(8 << 20)));
    }

    #[test]
    fn a_process_listed_once_is_dead_when_kill_all_of_returns() {
        let mut sleeper = Command::new("sleep").arg("30").spawn().unwrap();
        let pid = i32::try_from(sleeper.id()).unwrap();
        let listed = std::sync::atomic::AtomicBool::new(false);
        // Listed the first time only, as a child whose parent died first.
        kill_all_of(|| {
            if listed.swap(true, Ordering::Relaxed) {
                Vec::new()
            } else {
                vec![pid]
            }
        });
        assert!(is_zombie(pid), "sleep {pid} outlived kill_all_of");
        let status = sleeper.wait().unwrap();
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(9)
        );
        assert_eq!(started_at(pid), None);
    }

    #[test]
    fn the_fields_of_a_stat_line_are_read_after_the_command() {
        let stat = "42 (a (weird) name) S 1 42 42 0 -1 0 0 0 0 0 7 3 2 1 20 0";
        let fields = stat_fields(stat);
        assert_eq!(fields[0], "S");
        assert_eq!(fields[1], "1");
        assert_eq!(&fields[11..=14], ["7", "3", "2", "1"]);
    }
}
