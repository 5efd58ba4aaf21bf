//! The runs under way, so that an interrupted grader stops exactly what it
//! started and starts nothing more.

use std::collections::BTreeSet;
use std::sync::Mutex;

use crate::tree::kill_tree;

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
pub(crate) struct Running {
    /// The pid of each run's first process.
    pub(crate) roots: BTreeSet<i32>,
    /// Whether the grader has been told to stop.
    pub(crate) stopping: bool,
}

/// The runs under way, locked.
pub(crate) fn running() -> std::sync::MutexGuard<'static, Running> {
    RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether the grader has been told to stop: work not yet begun (a copy, a
/// run) is not begun.
pub fn stopping() -> bool {
    running().stopping
}

/// Starts no run from now on, and kills the tree of every run under way:
/// what an interrupted grader does first.
pub fn stop_all() {
    let mut running = running();
    running.stopping = true;
    for &root in running.roots.iter() {
        kill_tree(root);
    }
}
