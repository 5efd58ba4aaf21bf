//! Watching a long search: who hears its progress, the flag that stops it
//! (Ctrl-C), and the budget of queens it may place.
//!
//! A tool that runs a search whose length it cannot promise hands the solver
//! a [`Watch`] through [`Solver::solve_watched`](crate::Solver::solve_watched).
//! The solver's own search runs with a [`WatchObserver`] beside its observer, so the
//! watching is compiled into the same monomorphised search that is timed:
//! per queen placed it costs one increment, one relaxed load of the stop
//! flag and two comparisons, with no dynamic call. Progress is reported
//! once per finished top-level branch and once every [`PROGRESS_EVERY`]
//! queens placed, the only measure of a first-solution search, which may
//! never leave its first branch.
//!
//! The budget counts search nodes, not seconds: a run stopped at its budget
//! stops at the same node on every machine, so a test can pin it, and a
//! message can say exactly how much work was done.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::Square;
use crate::observer::{Observer, OwnCounts, Stats};

/// Whether a run counts statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instrument {
    /// No counting: the path that is timed.
    Off,
    /// Count [`Stats`].
    Counted,
}

/// How often, in queens placed, a watched search reports its progress when
/// no top-level branch ends: about a hundredth of a second to a tenth of a
/// second of work, depending on the solver.
pub const PROGRESS_EVERY: u64 = 1 << 20;

/// How far a watched search has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Top-level branches finished.
    pub branches_done: usize,
    /// Top-level branches in all; 0 until the first one is finished.
    pub branches: usize,
    /// Queens placed so far: search nodes.
    pub queens_placed: u64,
}

/// Why a watched search stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The stop flag was set.
    Interrupted,
    /// The search placed its budget of queens.
    OverBudget,
}

/// What watches a search. Every part is optional: `Watch::new` watches
/// nothing, and the builder methods add what a caller needs.
pub struct Watch<'a> {
    /// Whether statistics are counted.
    pub instrument: Instrument,
    /// The most queens the search may place; it stops at the one that
    /// reaches this number.
    pub most_queens: Option<u64>,
    /// Stops the search at the next queen placed once set.
    pub stop: Option<&'a AtomicBool>,
    /// Hears the progress.
    pub progress: Option<&'a mut dyn FnMut(Progress)>,
}

impl<'a> Watch<'a> {
    /// A watch that only counts statistics, or not, as `instrument` says.
    pub fn new(instrument: Instrument) -> Self {
        Watch {
            instrument,
            most_queens: None,
            stop: None,
            progress: None,
        }
    }

    /// Stops the search once it has placed `most_queens` queens (`None`: no
    /// budget).
    #[must_use]
    pub fn with_budget(mut self, most_queens: Option<u64>) -> Self {
        self.most_queens = most_queens;
        self
    }

    /// Stops the search at the next queen placed once `stop` is set.
    #[must_use]
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Passes the search's progress to `progress`.
    #[must_use]
    pub fn with_progress(mut self, progress: &'a mut dyn FnMut(Progress)) -> Self {
        self.progress = Some(progress);
        self
    }
}

/// What a watched search did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchReport {
    /// Its statistics, when counted.
    pub stats: Option<Stats>,
    /// The queens it placed, counted whether statistics were or not.
    pub queens_placed: u64,
    /// Why it stopped before its end, if it did. A search that the sink
    /// stopped (a first solution found) ended as asked: `None`.
    pub halt: Option<StopReason>,
    /// The search's own counts, when it told them.
    pub own: OwnCounts,
}

/// The observer that enforces a watch. It hears only what it needs (the
/// queens placed and the branches finished); a search runs with it paired
/// with its other observer, `(inner, watcher)`, which hears everything
/// first.
pub struct WatchObserver<'w, 'a> {
    watch: &'w mut Watch<'a>,
    progress: Progress,
    most_queens: u64,
    halt: Option<StopReason>,
    own: OwnCounts,
}

impl<'w, 'a> WatchObserver<'w, 'a> {
    /// Enforces `watch` on a search.
    pub fn new(watch: &'w mut Watch<'a>) -> Self {
        let most_queens = watch.most_queens.unwrap_or(u64::MAX);
        WatchObserver {
            watch,
            progress: Progress::default(),
            most_queens,
            halt: None,
            own: OwnCounts::default(),
        }
    }

    /// What the search did: the queens it placed, why it stopped early, if
    /// it did, and its own counts; the statistics are the caller's to add.
    pub fn finish(self) -> WatchReport {
        WatchReport {
            stats: None,
            queens_placed: self.progress.queens_placed,
            halt: self.halt,
            own: self.own,
        }
    }

    /// Tells the listener how far the search has got.
    fn report(&mut self) {
        if let Some(listener) = self.watch.progress.as_deref_mut() {
            listener(self.progress);
        }
    }

    /// Stops the search for `halt`.
    #[cold]
    fn halt(&mut self, halt: StopReason) -> ControlFlow<()> {
        self.halt = Some(halt);
        ControlFlow::Break(())
    }
}

impl Observer for WatchObserver<'_, '_> {
    #[inline(always)]
    fn placed(&mut self, _square: Square) -> ControlFlow<()> {
        self.progress.queens_placed += 1;
        let placed = self.progress.queens_placed;
        if self
            .watch
            .stop
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
        {
            return self.halt(StopReason::Interrupted);
        }
        if placed >= self.most_queens {
            return self.halt(StopReason::OverBudget);
        }
        if placed.is_multiple_of(PROGRESS_EVERY) {
            self.report();
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn progressed(&mut self, done: usize, of: usize) {
        self.progress.branches_done = done;
        self.progress.branches = of;
        self.report();
    }

    fn own_counts(&mut self, counts: &[(&'static str, u64)]) {
        self.own = OwnCounts(counts.to_vec());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Places `queens` queens in a row, ending a top-level branch after
    /// every second one, as a search would report them.
    fn place(watcher: &mut (Stats, WatchObserver<'_, '_>), queens: usize) -> usize {
        for placed in 1..=queens {
            if watcher.placed(Square::new(0, 0)).is_break() {
                return placed;
            }
            if placed % 2 == 0 {
                watcher.progressed(placed / 2, queens / 2);
            }
        }
        queens
    }

    #[test]
    fn the_budget_stops_at_the_queen_that_reaches_it() {
        let mut watch = Watch::new(Instrument::Counted).with_budget(Some(5));
        let mut watcher = (Stats::default(), WatchObserver::new(&mut watch));
        assert_eq!(place(&mut watcher, 10), 5);
        let (stats, watcher) = watcher;
        let WatchReport {
            queens_placed: placed,
            halt,
            ..
        } = watcher.finish();
        assert_eq!(
            (stats.queens_placed, placed, halt),
            (5, 5, Some(StopReason::OverBudget))
        );
    }

    #[test]
    fn the_flag_stops_at_the_next_queen_and_progress_is_heard() {
        let stop = AtomicBool::new(false);
        let mut heard = Vec::new();
        let mut listener = |progress: Progress| {
            heard.push(progress);
            if progress.branches_done == 2 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let mut watch = Watch::new(Instrument::Off)
            .with_stop(&stop)
            .with_progress(&mut listener);
        let mut watcher = (Stats::default(), WatchObserver::new(&mut watch));
        assert_eq!(place(&mut watcher, 10), 5);
        let WatchReport {
            queens_placed: placed,
            halt,
            ..
        } = watcher.1.finish();
        assert_eq!((placed, halt), (5, Some(StopReason::Interrupted)));
        let branches: Vec<_> = heard
            .iter()
            .map(|p| (p.branches_done, p.queens_placed))
            .collect();
        assert_eq!(branches, [(1, 2), (2, 4)]);
    }

    #[test]
    fn a_long_first_branch_still_reports_progress() {
        let mut heard = Vec::new();
        let mut listener = |progress: Progress| heard.push(progress.queens_placed);
        let mut watch = Watch::new(Instrument::Off).with_progress(&mut listener);
        let mut watcher = WatchObserver::new(&mut watch);
        for _ in 0..2 * PROGRESS_EVERY + 1 {
            assert!(watcher.placed(Square::new(0, 0)).is_continue());
        }
        assert_eq!(watcher.finish().queens_placed, 2 * PROGRESS_EVERY + 1);
        assert_eq!(heard, [PROGRESS_EVERY, 2 * PROGRESS_EVERY]);
    }
}
