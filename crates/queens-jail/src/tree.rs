//! A run's process tree: spawned, measured and killed as one, every
//! process of it found through the parent links of `/proc`, however it left
//! its process group or session.

use std::collections::HashMap;
use std::process::{Child, Command, ExitStatus};
use std::time::Duration;

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

/// Which processes make up a run's tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whole {
    /// The run's first process and its descendants.
    FromRoot,
    /// Every descendant of this process (which is a child subreaper, so
    /// that a process that leaves its parent stays below it): a judge's
    /// one run.
    AllMine,
}

/// A run's process tree: spawned, measured and killed as one.
pub(crate) struct Tree {
    pub(crate) child: Child,
    pub(crate) root: i32,
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
    pub(crate) fn spawn(command: &mut Command, whole: Whole) -> std::io::Result<Self> {
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
    pub(crate) fn pids(&self) -> Vec<i32> {
        match self.whole {
            Whole::FromRoot => descendants(self.root, true),
            Whole::AllMine => descendants(std::process::id() as i32, false),
        }
    }

    /// Whether some process of the tree is runnable: one that wants the
    /// processor, whether or not a busy machine gives it any.
    pub(crate) fn runnable(&self) -> bool {
        self.pids().iter().any(|&pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .is_ok_and(|stat| stat_fields(&stat).first() == Some(&"R"))
        })
    }

    /// The processor time of every process of the tree, and of the
    /// children each has waited for.
    pub(crate) fn processor(&self) -> Duration {
        let ticks: u64 = self.pids().iter().filter_map(|&pid| ticks_of(pid)).sum();
        Duration::from_secs_f64(ticks as f64 / ticks_per_second())
    }

    /// Waits up to `time` for the first process to exit.
    pub(crate) fn wait_for(&mut self, time: Duration) -> Option<ExitStatus> {
        use wait_timeout::ChildExt;
        let status = self.child.wait_timeout(time).ok().flatten();
        self.reaped |= status.is_some();
        status
    }

    /// Kills every process of the tree, and reaps the first; a judge's
    /// tree, whose orphans it took in as a subreaper, it reaps whole, so
    /// that no dead process of the run's uid is left for a later run of
    /// the same uid to count against its process limit.
    pub(crate) fn kill(&mut self) {
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
pub(crate) fn kill_tree(root: i32) {
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;

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
