//! Running untrusted code: a process of its own, in a process group of its
//! own, with resource limits, a cleared environment, a deadline, and a
//! bubblewrap sandbox where the machine has one.
//!
//! Limits are set by the grader's own binary: `queens-grade limited` sets
//! them on itself and then executes the command, which inherits them, as
//! `prlimit` and `ulimit` do. (Setting them between `fork` and `exec` from
//! the parent would need unsafe code; a trampoline does not.) The deadline is
//! kept by the parent, which kills the whole process group when it passes,
//! so a student's program that forks, or a check process that runs a
//! program, goes down with it; the group is killed after a normal exit too,
//! so nothing a submission started outlives its check.
//!
//! The sandbox, when Debian's `bubblewrap` is installed and can make
//! namespaces here, gives the process no network, its own process and IPC
//! namespaces, a read-only view of the system, an empty `/tmp`, and hides
//! the folders the submissions came from and every other submission's
//! scratch folder: what it can write is its own scratch folder.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use nix::sys::resource::{Resource, setrlimit};
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use wait_timeout::ChildExt;

/// The system folders a child's `PATH` holds: a cleared environment does not
/// inherit the grader's.
pub const SYSTEM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The process groups of the confined runs under way, so that an
/// interrupted grader can stop exactly what it started.
static RUNNING: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

/// Kills the process group of every confined run under way: what a grader
/// does when it is interrupted.
pub fn stop_all() {
    let running = RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for &group in running.iter() {
        let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    }
}

/// How much of a child's stdout and stderr is kept; the rest is read and
/// dropped, so a child that prints without end cannot fill the grader's
/// memory or block on a full pipe.
const KEPT_OUTPUT: usize = 1 << 20;

/// The limits `queens-grade limited` sets before it runs a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceLimits {
    /// The data segment (heap and private writable mappings), in MiB.
    pub memory_mib: u64,
    /// The main thread's stack, in MiB.
    pub stack_mib: u64,
    /// Processor seconds, a backstop behind the parent's wall-clock deadline.
    pub cpu_seconds: u64,
}

impl ResourceLimits {
    /// The arguments of `queens-grade limited` that set these limits.
    pub fn arguments(&self) -> Vec<OsString> {
        [
            "--memory-mib".to_owned(),
            self.memory_mib.to_string(),
            "--stack-mib".to_owned(),
            self.stack_mib.to_string(),
            "--cpu-seconds".to_owned(),
            self.cpu_seconds.to_string(),
        ]
        .into_iter()
        .map(OsString::from)
        .collect()
    }

    /// Sets the limits on the current process (core dumps off, files at
    /// most 64 MiB) and replaces it with `command`. Returns only on failure.
    pub fn exec(&self, command: &[OsString]) -> String {
        const MIB: u64 = 1 << 20;
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

/// The bubblewrap sandbox, when the machine has a working one.
#[derive(Clone, Debug)]
pub struct Sandbox {
    bwrap: PathBuf,
    /// Folders replaced by empty ones inside the sandbox.
    hidden: Vec<PathBuf>,
}

/// Whether checks run sandboxed, and why not when they do not.
#[derive(Clone, Debug)]
pub enum Confinement {
    /// In bubblewrap.
    Sandboxed(Sandbox),
    /// Limits and a scratch folder only, for the reason given.
    Unsandboxed(String),
}

impl Confinement {
    /// Bubblewrap if it is installed and works here, hiding `hidden`;
    /// otherwise why not. `wanted` false turns the sandbox off.
    pub fn detect(wanted: bool, hidden: Vec<PathBuf>) -> Self {
        if !wanted {
            return Confinement::Unsandboxed("--no-sandbox was given".to_owned());
        }
        let Ok(bwrap) = which::which("bwrap") else {
            return Confinement::Unsandboxed(
                "bubblewrap is not installed (Debian package: bubblewrap)".to_owned(),
            );
        };
        let probe = Command::new(&bwrap)
            .args(["--ro-bind", "/", "/", "--unshare-all", "--", "true"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output();
        match probe {
            Ok(output) if output.status.success() => {
                Confinement::Sandboxed(Sandbox { bwrap, hidden })
            }
            Ok(output) => Confinement::Unsandboxed(format!(
                "bubblewrap cannot make a sandbox here: {}",
                first_line(&output.stderr)
            )),
            Err(error) => Confinement::Unsandboxed(format!("bubblewrap cannot run: {error}")),
        }
    }

    /// One line for reports: "sandboxed (bubblewrap)" or why not.
    pub fn describe(&self) -> String {
        match self {
            Confinement::Sandboxed(_) => {
                "sandboxed with bubblewrap: no network, read-only system, submissions hidden"
                    .to_owned()
            }
            Confinement::Unsandboxed(reason) => format!("not sandboxed: {reason}"),
        }
    }

    /// Whether checks run in the sandbox.
    pub fn is_sandboxed(&self) -> bool {
        matches!(self, Confinement::Sandboxed(_))
    }

    /// `command` wrapped so that it runs confined to `work` (its working
    /// folder) and `writable`, the only folders it may write, with
    /// `readable` also visible read-only.
    /// The job's `visible` folders are shown read-only before the hidden
    /// folders are hidden, its `readable` ones after: a folder hidden inside
    /// a visible one stays hidden, a readable one inside a hidden one shows.
    fn wrap(&self, command: Vec<OsString>, job: &Job<'_>) -> Vec<OsString> {
        let Confinement::Sandboxed(sandbox) = self else {
            return command;
        };
        let (work, readable, writable) = (job.work, &job.readable, &job.writable);
        let mut wrapped: Vec<OsString> = vec![sandbox.bwrap.clone().into()];
        let mut add = |words: &[&str]| wrapped.extend(words.iter().map(OsString::from));
        add(&["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]);
        add(&["--tmpfs", "/tmp"]);
        for path in &job.visible {
            wrapped.extend(["--ro-bind".into(), path.clone().into(), path.clone().into()]);
        }
        for hidden in &sandbox.hidden {
            wrapped.extend(["--tmpfs".into(), hidden.clone().into_os_string()]);
        }
        for path in readable {
            wrapped.extend(["--ro-bind".into(), path.clone().into(), path.clone().into()]);
        }
        for path in writable.iter().map(PathBuf::as_path).chain([work]) {
            wrapped.extend(["--bind".into(), path.into(), path.into()]);
        }
        wrapped.extend(["--chdir".into(), work.into()]);
        wrapped.extend(["--unshare-all", "--die-with-parent", "--"].map(OsString::from));
        wrapped.extend(command);
        wrapped
    }
}

/// One confined run: what to run, where, and for how long.
#[derive(Clone, Debug)]
pub struct Job<'a> {
    /// The grader's own binary, whose `limited` subcommand sets the limits.
    pub grader: &'a Path,
    /// The command.
    pub command: Vec<OsString>,
    /// Its working folder, the one it may write.
    pub work: &'a Path,
    /// Folders it may read that the sandbox's `/tmp` would cover, with the
    /// hidden folders inside them still hidden.
    pub visible: Vec<PathBuf>,
    /// Files and folders it may read besides the system, even inside a
    /// hidden folder.
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
    /// Wall-clock time it may take.
    pub deadline: Duration,
}

/// How a confined run ended.
#[derive(Debug)]
pub struct Ending {
    /// Its exit status, or `None` when the deadline passed and it was killed.
    pub status: Option<ExitStatus>,
    /// The first MiB of its stdout.
    pub stdout: Vec<u8>,
    /// The first MiB of its stderr.
    pub stderr: Vec<u8>,
    /// How long it took.
    pub elapsed: Duration,
}

impl Job<'_> {
    /// Runs the job to its end or its deadline. Errs only when the process
    /// cannot be started at all.
    pub fn run(self, confinement: &Confinement) -> Result<Ending, String> {
        let mut limited: Vec<OsString> = vec!["limited".into()];
        limited.extend(self.limits.arguments());
        limited.push("--".into());
        limited.extend(confinement.wrap(self.command.clone(), &self));
        let started = Instant::now();
        let mut child = Command::new(self.grader)
            .args(&limited)
            .current_dir(self.work)
            .env_clear()
            .env("PATH", &self.path)
            .env("HOME", self.work)
            .env("LANG", "C.UTF-8")
            .envs(self.environment)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", self.grader.display()))?;
        let feeder = feed(&mut child, self.stdin);
        let stdout = keep(child.stdout.take());
        let stderr = keep(child.stderr.take());
        let status = wait_or_kill(&mut child, self.deadline);
        let _ = feeder.join();
        Ok(Ending {
            status,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
            elapsed: started.elapsed(),
        })
    }
}

/// Waits for `child` until `deadline`; kills its whole process group then,
/// and in any case once it has exited, so that nothing it started lives on.
fn wait_or_kill(child: &mut Child, deadline: Duration) -> Option<ExitStatus> {
    let group = i32::try_from(child.id()).expect("process ids fit in i32");
    let lock = || {
        RUNNING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    lock().insert(group);
    let status = child.wait_timeout(deadline).ok().flatten();
    let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    lock().remove(&group);
    match status {
        Some(status) => Some(status),
        None => {
            let _ = child.wait();
            None
        }
    }
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

/// Reads a pipe to its end on a thread of its own, keeping the first
/// [`KEPT_OUTPUT`] bytes.
fn keep(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe
                .by_ref()
                .take(KEPT_OUTPUT as u64)
                .read_to_end(&mut kept);
            let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        }
        kept
    })
}

/// The first non-empty line of `bytes`, for one-line messages.
pub fn first_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("")
        .to_owned()
}

/// The last non-empty line of `bytes`.
pub fn last_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::trim)
        .rfind(|line| !line.is_empty())
        .unwrap_or("")
        .to_owned()
}
