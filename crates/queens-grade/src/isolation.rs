//! Running untrusted code: a process of its own, in a process group of its
//! own, with resource limits, a cleared environment, limits on processor
//! time, wall time, idleness and output, and a bubblewrap sandbox where the
//! machine has one.
//!
//! Limits are set by the grader's own binary: `queens-grade limited` sets
//! them on itself and then executes the command, which inherits them, as
//! `prlimit` and `ulimit` do. (Setting them between `fork` and `exec` from
//! the parent would need unsafe code; a trampoline does not.)
//!
//! The time limit is **processor time**, so that a loaded machine does not
//! change a verdict: the parent samples the processor time of the whole
//! process group (every process of it, and the children each has waited
//! for, read from `/proc`) ten times a second, and kills the group when it
//! passes the limit, so a student's program that forks, or a check process
//! that runs a program, goes down with it. A process that uses no processor
//! (a `sleep`, a read that never ends) would never reach that limit, so two
//! backstops stop it: a group that uses less than a twentieth of a second
//! of processor in five seconds is *idle* and stopped then, and a wall-clock
//! deadline stops anything else. Output is limited too: the parent reads
//! stdout and stderr as they come, keeps their first and last parts, and
//! stops the group once they pass the limit, so a process that prints
//! without end is stopped within a poll rather than filling anything. The
//! group is killed after a normal exit too, so nothing a submission started
//! outlives its check.
//!
//! The jail around the process (an unprivileged user, a view of only what
//! it needs, a memory cgroup, scratch of a set size) is
//! [`crate::sandbox`]'s; this module runs what it wraps, and joins the
//! run's memory cgroup from the trampoline, before anything else.

use std::collections::{BTreeSet, VecDeque};
use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};

use queens_toolkit::child::GroupChild;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use nix::sys::resource::{Resource, setrlimit};
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

use crate::sandbox::{Confinement, Mounts};

/// The system folders a child's `PATH` holds: a cleared environment does not
/// inherit the grader's.
pub(crate) const SYSTEM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The process groups of the confined runs under way, so that an
/// interrupted grader can stop exactly what it started; and whether it has
/// been told to stop, after which no run starts. One lock for both, held
/// while a run is started, so that none slips between the stop and the
/// kill.
static RUNNING: Mutex<Running> = Mutex::new(Running {
    groups: BTreeSet::new(),
    stopping: false,
});

/// The runs under way, and whether the grader is stopping.
struct Running {
    groups: BTreeSet<i32>,
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

/// Starts no run from now on, and kills the process group of every
/// confined run under way: what an interrupted grader does first.
pub(crate) fn stop_all() {
    let mut running = running();
    running.stopping = true;
    for &group in running.groups.iter() {
        let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    }
}

/// How much of the start of a child's stdout and of its stderr is kept.
const KEPT_HEAD: usize = 1 << 20;

/// How much of the end of each is kept besides: where a check process's
/// last question and a runtime's last words are.
const KEPT_TAIL: usize = 64 << 10;

/// How often the parent looks at a running group.
const POLL: Duration = Duration::from_millis(100);

/// A group that uses less processor than [`IDLE_CPU`] in this much wall
/// time is idle.
const IDLE_WINDOW: Duration = Duration::from_secs(5);

/// The processor time below which a group is idle over [`IDLE_WINDOW`].
const IDLE_CPU: Duration = Duration::from_millis(50);

/// The limits `queens-grade limited` sets before it runs a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ResourceLimits {
    /// The data segment (heap and private writable mappings), in MiB.
    pub memory_mib: u64,
    /// The main thread's stack, in MiB.
    pub stack_mib: u64,
    /// Processor seconds of each process, a backstop behind the parent's
    /// limit on the whole group.
    pub cpu_seconds: u64,
    /// The memory cgroup to join first, where there is one.
    pub cgroup: Option<PathBuf>,
}

impl ResourceLimits {
    /// The arguments of `queens-grade limited` that set these limits.
    pub(crate) fn arguments(&self) -> Vec<OsString> {
        let mut arguments: Vec<OsString> = [
            "--memory-mib".to_owned(),
            self.memory_mib.to_string(),
            "--stack-mib".to_owned(),
            self.stack_mib.to_string(),
            "--cpu-seconds".to_owned(),
            self.cpu_seconds.to_string(),
        ]
        .into_iter()
        .map(OsString::from)
        .collect();
        if let Some(cgroup) = &self.cgroup {
            arguments.extend(["--cgroup".into(), cgroup.clone().into()]);
        }
        arguments
    }

    /// Joins the memory cgroup, sets the limits on the current process (core
    /// dumps off, files at most 64 MiB) and replaces it with `command`.
    /// Returns only on failure.
    pub(crate) fn exec(&self, command: &[OsString]) -> String {
        const MIB: u64 = 1 << 20;
        if let Some(cgroup) = &self.cgroup {
            // Before anything else, so that nothing the command starts is
            // outside the group.
            let procs = cgroup.join("cgroup.procs");
            if let Err(error) = std::fs::write(&procs, std::process::id().to_string()) {
                return format!("cannot join {}: {error}", procs.display());
            }
        }
        let limits = [
            (Resource::RLIMIT_DATA, self.memory_mib * MIB),
            (Resource::RLIMIT_STACK, self.stack_mib * MIB),
            (Resource::RLIMIT_CPU, self.cpu_seconds),
            (Resource::RLIMIT_CORE, 0),
            (Resource::RLIMIT_FSIZE, 64 * MIB),
        ];
        for (resource, value) in limits {
            if let Err(error) = setrlimit(resource, value, value) {
                return format!("cannot set {resource:?}: {error}");
            }
        }
        let Some((program, arguments)) = command.split_first() else {
            return "no command to run".to_owned();
        };
        let error = Command::new(program).args(arguments).exec();
        format!("cannot run {}: {error}", Path::new(program).display())
    }
}

/// One confined run: what to run, where, and for how long.
#[derive(Clone, Debug)]
pub(crate) struct Job<'a> {
    /// The grader's own binary, whose `limited` subcommand sets the limits.
    pub grader: &'a Path,
    /// The command.
    pub command: Vec<OsString>,
    /// Its working folder, the one it may write.
    pub work: &'a Path,
    /// In the jail, whether the working folder is a fresh tmpfs of the
    /// scratch size (a check, whose files nobody reads after it) rather
    /// than the host's folder (a build, whose output is kept).
    pub fresh_work: bool,
    /// Files and folders it may read besides the system.
    pub readable: Vec<PathBuf>,
    /// Folders it may write besides `work`.
    pub writable: Vec<PathBuf>,
    /// Its `PATH`: [`SYSTEM_PATH`] for untrusted code.
    pub path: OsString,
    /// Environment variables besides `PATH`, `HOME` and `LANG`.
    pub environment: Vec<(OsString, OsString)>,
    /// What it reads on stdin.
    pub stdin: Vec<u8>,
    /// Its limits.
    pub limits: ResourceLimits,
    /// When it is stopped.
    pub stop: StopRules,
}

/// When the parent stops a confined run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct StopRules {
    /// Processor time the whole group may use; `None` for none (a build,
    /// whose compilers run in parallel, is held to wall time).
    pub processor: Option<Duration>,
    /// Whether a group that stays idle for five seconds is stopped.
    pub idle: bool,
    /// Wall-clock time it may take.
    pub wall: Duration,
    /// Bytes of stdout and stderr together it may print.
    pub output: u64,
}

/// Why the parent stopped a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Stopped {
    /// Its group used more processor time than this.
    ProcessorTime(Duration),
    /// It took longer than this in wall-clock time.
    WallTime(Duration),
    /// It used almost no processor for this long.
    Idle(Duration),
    /// It printed more than this many bytes.
    Output(u64),
}

/// How a confined run ended.
#[derive(Debug)]
pub(crate) struct Ending {
    /// Its exit status, or `None` when the parent stopped it.
    pub status: Option<ExitStatus>,
    /// Why the parent stopped it, if it did.
    pub stopped: Option<Stopped>,
    /// The start of its stdout and, when there was more, its end.
    pub stdout: Vec<u8>,
    /// The start of its stderr and, when there was more, its end.
    pub stderr: Vec<u8>,
    /// How long it took.
    pub elapsed: Duration,
    /// The processor time its group was last seen to have used.
    pub processor: Duration,
    /// Whether its memory cgroup had to kill for memory.
    pub out_of_memory: bool,
}

impl Job<'_> {
    /// Runs the job to its end or until a [`StopRules`] stops it. Errs only
    /// when the process cannot be started at all.
    pub(crate) fn run(self, confinement: &Confinement) -> Result<Ending, String> {
        let cgroup = confinement
            .memory()
            .map(|control| control.make(self.limits.memory_mib << 20))
            .transpose()?;
        let mut limits = self.limits.clone();
        limits.cgroup = cgroup.as_ref().map(|cgroup| cgroup.path().to_owned());
        let mut limited: Vec<OsString> = vec!["limited".into()];
        limited.extend(limits.arguments());
        limited.push("--".into());
        let mounts = Mounts {
            work: self.work,
            fresh_work: self.fresh_work,
            readable: &self.readable,
            writable: &self.writable,
        };
        limited.extend(confinement.wrap(self.command.clone(), &mounts));
        let started = Instant::now();
        // Started and recorded under the lock, so that a stop either comes
        // first (and nothing starts) or finds the run to kill.
        let mut under_way = running();
        if under_way.stopping {
            return Err("the grader is stopping".to_owned());
        }
        let mut child = GroupChild::spawn(
            Command::new(self.grader)
                .args(&limited)
                .current_dir(self.work)
                .env_clear()
                .env("PATH", &self.path)
                .env("HOME", self.work)
                .env("LANG", "C.UTF-8")
                .envs(self.environment)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )
        .map_err(|error| format!("cannot start {}: {error}", self.grader.display()))?;
        let group = i32::try_from(child.id()).expect("process ids fit in i32");
        under_way.groups.insert(group);
        drop(under_way);
        let feeder = feed(child.child_mut(), self.stdin);
        let printed = Arc::new(AtomicU64::new(0));
        let stdout = keep(child.child_mut().stdout.take(), Arc::clone(&printed));
        let stderr = keep(child.child_mut().stderr.take(), Arc::clone(&printed));
        let (status, stopped, processor) = watch(&mut child, group, &self.stop, &printed);
        let _ = feeder.join();
        Ok(Ending {
            status,
            stopped,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
            elapsed: started.elapsed(),
            processor,
            out_of_memory: cgroup.is_some_and(|cgroup| cgroup.ran_out()),
        })
    }
}

/// Watches `child` until it exits or one of `rules` stops it, then kills
/// its whole process group, so that nothing it started lives on. Returns
/// its status (`None` when stopped), why it was stopped, and the processor
/// time its group was last seen to have used.
fn watch(
    child: &mut GroupChild,
    group: i32,
    rules: &StopRules,
    printed: &AtomicU64,
) -> (Option<ExitStatus>, Option<Stopped>, Duration) {
    let started = Instant::now();
    // The processor time seen at each poll of the last IDLE_WINDOW.
    let mut recent: VecDeque<(Instant, Duration)> = VecDeque::new();
    let mut processor = Duration::ZERO;
    let (status, stopped) = loop {
        match child.wait_for(POLL) {
            Ok(Some(status)) => break (Some(status), None),
            Ok(None) => {}
            Err(_) => break (None, None),
        }
        processor = processor.max(group_processor_time(group));
        let now = Instant::now();
        if let Some(stopped) = breaks_a_rule(rules, printed, processor, now - started) {
            break (None, Some(stopped));
        }
        recent.push_back((now, processor));
        while recent
            .front()
            .is_some_and(|&(then, _)| now - then > IDLE_WINDOW)
        {
            recent.pop_front();
        }
        let (oldest, before) = recent.front().copied().unwrap_or((now, processor));
        if rules.idle && now - oldest >= IDLE_WINDOW - POLL && processor - before < IDLE_CPU {
            break (None, Some(Stopped::Idle(IDLE_WINDOW)));
        }
    };
    child.kill_group();
    running().groups.remove(&group);
    (status, stopped, processor)
}

/// The rule among the limits of `rules` that a run has broken, if any.
fn breaks_a_rule(
    rules: &StopRules,
    printed: &AtomicU64,
    processor: Duration,
    elapsed: Duration,
) -> Option<Stopped> {
    if printed.load(Ordering::Relaxed) > rules.output {
        Some(Stopped::Output(rules.output))
    } else if rules.processor.is_some_and(|limit| processor > limit) {
        rules.processor.map(Stopped::ProcessorTime)
    } else if elapsed > rules.wall {
        Some(Stopped::WallTime(rules.wall))
    } else {
        None
    }
}

/// The processor time used by the process group `group`: by every process
/// in it, and by the children each of them has waited for (a check
/// process's program runs, once they end). Read from `/proc`, whose times
/// are in the kernel's clock ticks; a process that ends between the listing
/// and the reading is left out, which only delays a verdict by a poll.
fn group_processor_time(group: i32) -> Duration {
    let ticks_per_second = ticks_per_second();
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return Duration::ZERO;
    };
    let ticks: u64 = processes
        .filter_map(Result::ok)
        .filter(|entry| {
            entry
                .file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter_map(|entry| std::fs::read_to_string(entry.path().join("stat")).ok())
        .filter_map(|stat| ticks_in_group(&stat, group))
        .sum();
    Duration::from_secs_f64(ticks as f64 / ticks_per_second)
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

/// The processor ticks of a process, from its `/proc/PID/stat` line, when
/// it is in `group`: its user and system time and its waited-for
/// children's. The fields are counted after the command's closing
/// parenthesis, since the command itself may hold spaces and parentheses.
fn ticks_in_group(stat: &str, group: i32) -> Option<u64> {
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    // After the command: state, ppid, pgrp (2), ..., utime (11), stime,
    // cutime, cstime (14).
    if fields.get(2)?.parse::<i32>().ok()? != group {
        return None;
    }
    fields
        .get(11..=14)?
        .iter()
        .map(|field| field.parse::<u64>().ok())
        .sum()
}

/// Writes `input` to the child's stdin on a thread of its own and closes it,
/// so that a child that never reads cannot block the grader.
fn feed(child: &mut Child, input: Vec<u8>) -> JoinHandle<()> {
    let stdin = child.stdin.take();
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
