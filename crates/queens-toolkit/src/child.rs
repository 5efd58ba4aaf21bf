//! A child process in a process group of its own, so that a tool can stop
//! everything it started: the child, and whatever the child started.
//!
//! A browser starts renderers, a Slurm daemon its step daemons, a student's
//! program its own children; killing the one process a tool spawned leaves
//! the rest running. A [`GroupChild`] is spawned as the leader of a new
//! process group, and the whole group is signalled when it is stopped,
//! killed when its deadline passes, and killed when it is dropped, so that
//! nothing a tool started outlives the tool's use of it, whatever path the
//! tool takes out (an error, an early return).
//!
//! A tool killed outright (SIGKILL, or the OOM killer) runs no drop: for a
//! child that may outlive such a death, [`tied`] makes the kernel kill it
//! when its parent dies, through util-linux's `setpriv --pdeathsig`, which
//! sets what safe Rust cannot set between fork and exec.

use std::ffi::OsStr;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus};
use std::time::Duration;

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use wait_timeout::ChildExt;

/// A command that runs `program` through `setpriv --pdeathsig KILL`: the
/// kernel kills it when the thread that spawned it ends, however that
/// thread's process dies. Spawn it from a thread that lives as long as the
/// child is needed (the main thread, or one that waits for the child).
pub fn tied(program: impl AsRef<OsStr>) -> Command {
    let mut command = Command::new("setpriv");
    command.args(["--pdeathsig", "KILL", "--"]).arg(program);
    command
}

/// A spawned child leading a process group of its own.
#[derive(Debug)]
pub struct GroupChild {
    child: Child,
    group: Pid,
    /// Whether it has been waited for, so that it is not waited for twice.
    reaped: bool,
}

impl GroupChild {
    /// Spawns `command` as the leader of a new process group.
    ///
    /// # Errors
    ///
    /// When the command cannot be started.
    pub fn spawn(command: &mut Command) -> io::Result<Self> {
        let child = command.process_group(0).spawn()?;
        let id = i32::try_from(child.id()).map_err(io::Error::other)?;
        Ok(GroupChild {
            child,
            group: Pid::from_raw(id),
            reaped: false,
        })
    }

    /// The child's process id, which is also its group's.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The child itself: its pipes, to take before waiting.
    pub fn child_mut(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Waits up to `time` for the child to exit; its status if it did.
    ///
    /// # Errors
    ///
    /// When the child cannot be waited for.
    pub fn wait_for(&mut self, time: Duration) -> io::Result<Option<ExitStatus>> {
        let status = self.child.wait_timeout(time)?;
        self.reaped |= status.is_some();
        Ok(status)
    }

    /// Waits up to `deadline` for the child to exit, then kills its whole
    /// group, whether it exited or not (what it started may still run):
    /// its status, or `None` when the deadline passed.
    ///
    /// # Errors
    ///
    /// When the child cannot be waited for.
    pub fn finish(mut self, deadline: Duration) -> io::Result<Option<ExitStatus>> {
        let status = self.wait_for(deadline)?;
        self.kill_group();
        Ok(status)
    }

    /// Kills every process of the group with SIGKILL.
    pub fn kill_group(&self) {
        let _ = killpg(self.group, Signal::SIGKILL);
    }

    /// Asks the group to stop with SIGTERM, waits up to `grace` for the
    /// child, then kills the group. Whether the child stopped within the
    /// grace.
    pub fn stop(&mut self, grace: Duration) -> bool {
        if !self.reaped {
            let _ = killpg(self.group, Signal::SIGTERM);
        }
        let stopped = self.reaped || matches!(self.wait_for(grace), Ok(Some(_)));
        self.kill_group();
        self.reap();
        stopped
    }

    /// Waits for the child once it is killed, so that it is no zombie.
    fn reap(&mut self) {
        if !self.reaped {
            let _ = self.child.wait();
            self.reaped = true;
        }
    }
}

impl Drop for GroupChild {
    /// Kills the group and reaps the child: nothing it started lives on.
    fn drop(&mut self) {
        self.kill_group();
        self.reap();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    /// Whether a process of id `pid` is alive and not a zombie.
    fn alive(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            stat.rsplit(") ")
                .next()
                .is_some_and(|rest| !rest.starts_with('Z'))
        })
    }

    #[test]
    fn a_deadline_kills_the_child_and_what_it_started() {
        let folder = std::env::temp_dir().join(format!("toolkit-child-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let pids = folder.join("pids");
        let script = format!("sleep 300 & echo $! > {}; sleep 300", pids.display());
        let started = Instant::now();
        let child = GroupChild::spawn(Command::new("sh").args(["-c", &script])).unwrap();
        assert_eq!(child.finish(Duration::from_millis(300)).unwrap(), None);
        assert!(started.elapsed() < Duration::from_secs(5));
        let grandchild = std::fs::read_to_string(&pids).unwrap();
        // The kill is asynchronous to this thread; give the kernel a moment.
        std::thread::sleep(Duration::from_millis(100));
        assert!(
            !alive(grandchild.trim()),
            "the grandchild outlived its group"
        );
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_tied_child_dies_with_its_parent_even_by_sigkill() {
        let tied = tied("sleep");
        let mut words = vec![tied.get_program().to_owned()];
        words.extend(tied.get_args().map(OsStr::to_owned));
        // A shell stands for the tool: it spawns the tied sleep, says its
        // id, and is killed with SIGKILL, which runs no code of its own.
        let mut parent = Command::new("sh")
            .args(["-c", "\"$@\" 300 & echo $!; wait", "sh"])
            .args(&words)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut id = String::new();
        let stdout = parent.stdout.take().unwrap();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut id).unwrap();
        let id = id.trim().to_owned();
        let sleeping = || {
            std::fs::read_to_string(format!("/proc/{id}/cmdline"))
                .is_ok_and(|line| line.starts_with("sleep\0"))
        };
        let waited = Instant::now();
        while !sleeping() && waited.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(sleeping(), "the tied child never ran sleep");
        parent.kill().unwrap();
        parent.wait().unwrap();
        let killed = Instant::now();
        while alive(&id) && killed.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(!alive(&id), "the tied child outlived its parent");
    }

    #[test]
    fn a_child_that_exits_gives_its_status() {
        let mut child = GroupChild::spawn(Command::new("sh").args(["-c", "exit 3"])).unwrap();
        let status = child.wait_for(Duration::from_secs(10)).unwrap().unwrap();
        assert_eq!(status.code(), Some(3));
        assert!(child.stop(Duration::from_millis(10)));
    }

    #[test]
    fn stop_asks_first_and_kills_a_child_that_will_not_go() {
        let mut polite = GroupChild::spawn(Command::new("sleep").arg("300")).unwrap();
        assert!(
            polite.stop(Duration::from_secs(5)),
            "sleep stops on SIGTERM"
        );
        let mut stubborn = GroupChild::spawn(
            Command::new("sh")
                .args(["-c", "trap '' TERM; echo ready; sleep 300 & wait"])
                .stdout(std::process::Stdio::piped()),
        )
        .unwrap();
        // Only once the trap is set does SIGTERM meet a child that ignores it.
        let mut ready = String::new();
        let stdout = stubborn.child_mut().stdout.take().unwrap();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut ready).unwrap();
        assert_eq!(ready, "ready\n");
        assert!(!stubborn.stop(Duration::from_millis(300)));
        assert!(!alive(&stubborn.id().to_string()));
    }
}
