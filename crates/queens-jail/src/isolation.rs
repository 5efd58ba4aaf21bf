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

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::boxes::BoxId;
use crate::cgroup::RunCgroups;
use crate::running::running;
use crate::tree::{Tree, Whole};
use crate::watcher::{StopRules, Stopped, Watcher};

/// The system folders a child's `PATH` holds: a cleared environment does not
/// inherit the grader's.
pub const SYSTEM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// How much of the start of a child's stdout and of its stderr is kept.
const KEPT_HEAD: usize = 1 << 20;

/// How much of the end of each is kept besides: where a runtime's last
/// words are.
const KEPT_TAIL: usize = 64 << 10;

/// What a launched run is: its whole command line (the grader's `limited`
/// first) and what it holds until it ends.
#[derive(Debug)]
pub struct Launch {
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

/// How a run ended.
#[derive(Debug, Default)]
pub struct Ending {
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
pub struct Job {
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
    pub fn run(self) -> Result<Ending, String> {
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
pub struct Session {
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
    pub fn start(launch: Launch, rules: StopRules) -> Result<Session, String> {
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
    pub fn ending(&mut self, grace: Duration) -> Ending {
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
pub struct Counted<R> {
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
    use crate::watcher::Disk;

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
}
