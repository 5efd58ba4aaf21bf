//! What a command asks of a solver: a first solution, a count, a list or
//! a trace. The guard, the progress bar and the failure lines all say it, so
//! it sits below them all.

use queens_core::Mode;

/// What a command asks of a solver, as its lines word it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Task {
    /// Looking for a first solution.
    First,
    /// Counting.
    Count,
    /// Listing.
    List,
    /// Tracing.
    Trace,
}

impl Task {
    /// The mode the task asks of a solver: a trace walks the tree a count
    /// walks.
    pub(crate) fn mode(self) -> Mode {
        match self {
            Task::First => Mode::First,
            Task::Count | Task::Trace => Mode::Count,
            Task::List => Mode::All,
        }
    }
}

impl From<Mode> for Task {
    fn from(mode: Mode) -> Self {
        match mode {
            Mode::First => Task::First,
            Mode::Count => Task::Count,
            Mode::All => Task::List,
        }
    }
}
