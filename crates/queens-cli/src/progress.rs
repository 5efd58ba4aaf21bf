//! `count` over a long search: a progress bar on a terminal, and Ctrl-C that
//! stops the search cleanly and says how far it got.
//!
//! The count runs through [`Solver::solve_monitored`], which counts the
//! statistics, reports each finished top-level branch of the search (a
//! candidate of the first row, or of the first column for the column-major
//! solver, or a first cell for the naive one) and stops at the next queen
//! placed once a flag is set. The flag is set by the Ctrl-C handler; the
//! branches drive the bar.
//!
//! The bar is drawn on stderr, only when stderr is a terminal and `--quiet`
//! was not given, and only once the count has run for half a second, so
//! that a quick count never flashes a bar. Its estimate of the time left
//! assumes each branch still to go takes as long as the branches done so
//! far took on average; branches differ in size, so it firms up as the
//! count goes on. Stdout is never touched: the count and `--json` print
//! exactly what they print without a bar.

use std::io::{self, IsTerminal as _};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressStyle};
use queens_core::{CanonicalTest, Problem, Solver, Stats};

use crate::failure::Failure;

/// How long a count runs before its bar appears.
const DELAY: Duration = Duration::from_millis(500);

/// How often the bar redraws its spinner and elapsed time.
const TICK: Duration = Duration::from_millis(200);

/// A finished count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Tally {
    /// The number of solutions (fundamental ones, when asked).
    pub(crate) count: u64,
    /// The search's statistics.
    pub(crate) stats: Stats,
    /// The wall-clock time of the search, in seconds.
    pub(crate) seconds: f64,
}

/// Counts the solutions of `problem` (only the fundamental ones when
/// `unique`), with a bar on stderr when `show_bar` and stderr is a terminal.
/// Ctrl-C ends the count with [`Failure::Interrupted`].
pub(crate) fn count(
    solver: &dyn Solver,
    problem: &Problem,
    unique: bool,
    show_bar: bool,
) -> Result<Tally, Failure> {
    let stop = Arc::new(AtomicBool::new(false));
    let handler_flag = Arc::clone(&stop);
    // If the handler cannot be installed, Ctrl-C ends the process the
    // default way, which loses only the line that says how far it got.
    let _ = ctrlc::set_handler(move || handler_flag.store(true, Ordering::Relaxed));
    let bar = Bar::start(show_bar && io::stderr().is_terminal(), solver, problem);
    let tally = tally(
        solver,
        problem,
        unique,
        &mut |done, of| bar.update(done, of),
        &stop,
    );
    bar.finish();
    tally
}

/// Counts as [`count`] does, reporting progress to `progress` and stopping
/// when `stop` is set: the part of a count that a test can drive.
fn tally(
    solver: &dyn Solver,
    problem: &Problem,
    unique: bool,
    progress: &mut dyn FnMut(usize, usize),
    stop: &AtomicBool,
) -> Result<Tally, Failure> {
    let mut count = 0;
    let mut canonical = CanonicalTest::default();
    let mut sink = |queens: &[usize]| {
        if !unique || canonical.is_canonical(queens) {
            count += 1;
        }
        ControlFlow::Continue(())
    };
    let started = Instant::now();
    let stats = solver.solve_monitored(problem, progress, stop, &mut sink)?;
    let seconds = started.elapsed().as_secs_f64();
    if stop.load(Ordering::Relaxed) {
        return Err(Failure::Interrupted { solutions: count });
    }
    Ok(Tally {
        count,
        stats,
        seconds,
    })
}

/// The progress bar: hidden until [`DELAY`] has passed, and for good when
/// it should not be drawn at all.
struct Bar {
    bar: ProgressBar,
    started: Instant,
    /// Cancels the reveal (by being dropped) and waits for it.
    reveal: Option<(Sender<()>, JoinHandle<()>)>,
}

impl Bar {
    /// A bar for counting `problem` with `solver`, revealed after [`DELAY`]
    /// when `visible`.
    fn start(visible: bool, solver: &dyn Solver, problem: &Problem) -> Self {
        // A template that does not parse would be a bug found by the first
        // run on a terminal; the default bar stands in rather than a panic.
        let style =
            ProgressStyle::with_template("{spinner} {prefix} [{bar:20}] {elapsed} elapsed, {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden())
            .with_style(style)
            .with_prefix(format!("n = {} {}", problem.n(), solver.info().name))
            .with_message("estimating the time left");
        let reveal = visible.then(|| Self::reveal_later(&bar)).flatten();
        Bar {
            bar,
            started: Instant::now(),
            reveal,
        }
    }

    /// Starts the thread that draws `bar` on stderr after [`DELAY`], unless
    /// the count ends first. Without a thread there is simply no bar.
    fn reveal_later(bar: &ProgressBar) -> Option<(Sender<()>, JoinHandle<()>)> {
        let (cancel, cancelled) = mpsc::channel::<()>();
        let bar = bar.clone();
        let thread = thread::Builder::new()
            .name("progress".to_owned())
            .spawn(move || {
                if cancelled.recv_timeout(DELAY) == Err(RecvTimeoutError::Timeout) {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    bar.enable_steady_tick(TICK);
                }
            })
            .ok()?;
        Some((cancel, thread))
    }

    /// `done` of the `of` top-level branches are finished.
    fn update(&self, done: usize, of: usize) {
        self.bar.set_length(of as u64);
        self.bar.set_position(done as u64);
        self.bar
            .set_message(remaining(done, of, self.started.elapsed()));
    }

    /// Removes the bar from the terminal, if it was ever drawn.
    fn finish(self) {
        if let Some((cancel, thread)) = self.reveal {
            drop(cancel);
            // The thread only sleeps or draws; if it failed, the bar is
            // cleared below all the same.
            let _ = thread.join();
        }
        self.bar.finish_and_clear();
    }
}

/// What the bar says after `done` of `of` branches in `elapsed`: the
/// branches and the time left if each remaining branch takes the average
/// time of those done. Short, so that the whole bar fits 80 columns.
fn remaining(done: usize, of: usize, elapsed: Duration) -> String {
    let branches = format!("{done}/{of} branches");
    let Some(per_branch) = u32::try_from(done)
        .ok()
        .filter(|&done| done > 0)
        .map(|done| elapsed / done)
    else {
        return format!("{branches}, estimating the time left");
    };
    let left = u32::try_from(of.saturating_sub(done)).unwrap_or(u32::MAX);
    format!(
        "{branches}, ~{:#} left",
        HumanDuration(per_branch.saturating_mul(left))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array() -> &'static dyn Solver {
        queens_solvers::by_name("array").expect("the array solver")
    }

    #[test]
    fn a_count_runs_to_the_end_with_the_solvers_statistics() {
        let mut reports = Vec::new();
        let go_on = AtomicBool::new(false);
        let problem = Problem::new(8);
        let tally = tally(
            array(),
            &problem,
            false,
            &mut |done, of| reports.push((done, of)),
            &go_on,
        )
        .unwrap();
        assert_eq!(tally.count, 92);
        let counted = array()
            .solve_counted(&problem, &mut |_| ControlFlow::Continue(()))
            .unwrap();
        assert_eq!(tally.stats, counted);
        assert_eq!(reports, (1..=8).map(|done| (done, 8)).collect::<Vec<_>>());
        let unique = self::tally(array(), &problem, true, &mut |_, _| {}, &go_on).unwrap();
        assert_eq!(unique.count, 12);
    }

    #[test]
    fn ctrl_c_stops_the_count_and_reports_what_was_found() {
        // Ctrl-C as the first branch (the queen in row 0, column 0) ends:
        // that branch holds 4 of the 92 solutions.
        let stop = AtomicBool::new(false);
        let outcome = tally(
            array(),
            &Problem::new(8),
            false,
            &mut |done, _of| {
                if done == 1 {
                    stop.store(true, Ordering::Relaxed);
                }
            },
            &stop,
        );
        let failure = outcome.unwrap_err();
        assert_eq!(
            failure.to_string(),
            "interrupted: 4 solutions found before Ctrl-C"
        );
        let stopped_at_once = tally(array(), &Problem::new(8), false, &mut |_, _| {}, &stop);
        assert!(matches!(
            stopped_at_once,
            Err(Failure::Interrupted { solutions: 0 })
        ));
    }

    #[test]
    fn the_estimate_assumes_branches_of_average_length() {
        let second = Duration::from_secs(1);
        assert_eq!(
            remaining(0, 8, second),
            "0/8 branches, estimating the time left"
        );
        assert_eq!(remaining(2, 8, 4 * second), "2/8 branches, ~12s left");
        assert_eq!(remaining(1, 16, 10 * second), "1/16 branches, ~3m left");
    }
}
