//! The watcher of a run: the rules that stop it (processor time of the
//! whole tree, the clock, idleness, output, disk) and what it samples, ten
//! times a second, to apply them.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::tree::Tree;

/// How often the watcher looks at a running tree.
const POLL: Duration = Duration::from_millis(100);

/// A tree that uses less processor than [`IDLE_CPU`] in this much wall
/// time is idle.
const IDLE_WINDOW: Duration = Duration::from_secs(5);

/// The processor time below which a tree is idle over [`IDLE_WINDOW`].
const IDLE_CPU: Duration = Duration::from_millis(50);

/// The bytes a run may write where no tmpfs bounds it: what it owns below
/// `roots` (what its box's uid owns, when it has a box; everything there,
/// when it has none).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Disk {
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
pub struct StopRules {
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
pub enum Stopped {
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

/// What the watcher of a run keeps track of.
pub(crate) struct Watcher {
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
    pub(crate) awaited: Option<Arc<AtomicBool>>,
    /// Set before the tree is killed for a broken rule.
    pub(crate) halted: Arc<AtomicBool>,
    pub(crate) processor: Duration,
    disk_seen: Instant,
}

impl Watcher {
    pub(crate) fn new(rules: StopRules, owner: Option<u32>, printed: Arc<AtomicU64>) -> Self {
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
    pub(crate) fn watch(
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
        if let Some(disk) = &rules.disk
            && now - self.disk_seen >= disk.every
        {
            self.disk_seen = now;
            if disk.used(self.owner) > disk.limit {
                return Some(Stopped::Disk(disk.limit));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_idle_only_while_its_reader_awaits_it() {
        let awaited = Arc::new(AtomicBool::new(false));
        let rules = StopRules {
            processor: Some(Duration::from_secs(30)),
            idle: true,
            wall: Duration::from_secs(30),
            output: 1 << 20,
            disk: None,
        };
        let mut watcher = Watcher::new(rules, None, Arc::new(AtomicU64::new(0)));
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
}
