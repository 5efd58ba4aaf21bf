//! Every search the tool runs, watched: a progress bar on a terminal, Ctrl-C
//! that stops the search cleanly and says how far it got, and the budget of
//! queens that stops a search whose work cannot be predicted.
//!
//! The search runs through [`Solver::solve_watched`], which the solver
//! compiles into its own search (see [`queens_core::watch`]): it reports each
//! finished top-level branch (a candidate of the first row, of the first
//! column for the column-major solver, or a first cell for the naive one)
//! and, every million queens or so, the queens placed; it stops at the next
//! queen placed once the Ctrl-C flag is set, and at the queen that reaches
//! the budget.
//!
//! The bar is drawn on stderr, only when stderr is a terminal and `--quiet`
//! was not given, and only once the search has run for half a second, so
//! that a quick run never flashes a bar. A count or a listing measures its
//! progress in top-level branches, with an estimate of the time left that
//! assumes each branch still to go takes as long as the branches done so far
//! took on average; the bitboard's parallel counter measures it in work
//! units the same way. A first solution has no such measure (most searches end
//! inside their first branch), so its bar shows the queens placed against
//! the budget, which is what can run out. Stdout is never touched: the
//! answer is exactly what it is without a bar.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use indicatif::{HumanCount, HumanDuration, ProgressBar, ProgressDrawTarget};
use queens_core::{Error, Instrument, Problem, Progress, Solver, Watch};
use queens_solvers::COUNTER;

use crate::failure::{Failure, Status};
use crate::task::Task;

/// How long a search runs before its bar appears.
const DELAY: Duration = Duration::from_millis(500);

/// What a bar measures a search by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Measure {
    /// Top-level branches finished: counts and listings.
    Branches,
    /// Queens placed, against the budget: first solutions.
    Queens,
    /// Work units finished: the bitboard's parallel counter.
    Units,
}

/// How a search is watched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Watching {
    /// Whether a bar may be drawn (it is, only on a terminal).
    pub(crate) bar: bool,
    /// What the bar measures.
    pub(crate) measure: Measure,
    /// The most queens the search may place; `None` under --force.
    pub(crate) budget: Option<u64>,
    /// Whether statistics are counted.
    pub(crate) instrument: Instrument,
    /// What the search is for, which its budget's line names.
    pub(crate) task: Task,
}

/// Runs `search` under a watch with the Ctrl-C flag, the budget and a bar
/// for `solver` on `problem`, and returns what it returned with the
/// seconds it took. A search stopped by Ctrl-C or by its budget is the
/// matching [`Failure`].
pub(crate) fn watched<T>(
    solver: &dyn Solver,
    problem: &Problem,
    watching: Watching,
    search: impl FnOnce(&mut Watch<'_>) -> Result<T, Error>,
) -> Result<(T, f64), Failure> {
    let bar = Bar::start(watching, prefix(problem.n(), solver));
    let mut listener = |progress: Progress| bar.update(progress);
    let mut watch = Watch::new(watching.instrument)
        .with_budget(watching.budget)
        .with_stop(interrupt_flag())
        .with_progress(&mut listener);
    let started = Instant::now();
    let outcome = search(&mut watch);
    let seconds = started.elapsed().as_secs_f64();
    bar.finish();
    let outcome = outcome.map_err(|error| Failure::of_search(error, watching.task))?;
    Ok((outcome, seconds))
}

/// Runs `count`, the bitboard's parallel counter on an `n`×`n` board,
/// with a bar by work units when `bar` allows (on a terminal, after
/// [`DELAY`]): `count` gets the function to call with each unit done and
/// the number of units. Returns what `count` returned with the seconds it
/// took.
pub(crate) fn counted_units<T>(
    n: usize,
    bar: bool,
    count: impl FnOnce(&(dyn Fn(usize, usize) + Sync)) -> T,
) -> (T, f64) {
    let watching = Watching {
        bar,
        measure: Measure::Units,
        budget: None,
        instrument: Instrument::Off,
        task: Task::Count,
    };
    let bar = Bar::start(watching, prefix(n, COUNTER.solver));
    let started = Instant::now();
    let counted = count(&|done, of| bar.parts_done(done, of, "units"));
    let seconds = started.elapsed().as_secs_f64();
    bar.finish();
    (counted, seconds)
}

/// The bar's prefix: the board and the solver.
fn prefix(n: usize, solver: &dyn Solver) -> String {
    format!("n = {n} {}", solver.info().name)
}

/// The flag Ctrl-C sets, with its handler installed on first use. A second
/// Ctrl-C exits at once with status 130, for when the first one's stop
/// takes longer than the user will wait. If the handler cannot be
/// installed, Ctrl-C ends the process the default way, which loses only
/// the line that says how far the search got.
pub(crate) fn interrupt_flag() -> &'static AtomicBool {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let handler_flag = Arc::clone(&flag);
        let _ = ctrlc::set_handler(move || {
            if handler_flag.swap(true, Ordering::Relaxed) {
                std::process::exit(i32::from(Status::Interrupted.code()));
            }
        });
        flag
    })
}

/// The progress bar: hidden until [`DELAY`] has passed, and for good when
/// it should not be drawn at all.
struct Bar {
    bar: ProgressBar,
    measure: Measure,
    budget: Option<u64>,
    started: Instant,
    /// Cancels the reveal (by being dropped) and waits for it.
    reveal: Option<(Sender<()>, JoinHandle<()>)>,
}

impl Bar {
    /// A bar for a search of `problem` with `solver`, revealed after
    /// [`DELAY`] when `watching` allows a bar and stderr is a terminal.
    fn start(watching: Watching, prefix: String) -> Self {
        // A template that does not parse would be a bug found by the first
        // run on a terminal; the default bar stands in rather than a panic.
        let style = queens_toolkit::progress::style(
            "{spinner} {prefix} [{bar:20}] {elapsed} elapsed, {msg}",
        );
        let bar = ProgressBar::with_draw_target(watching.budget, ProgressDrawTarget::hidden())
            .with_style(style)
            .with_prefix(prefix)
            .with_message(match watching.measure {
                Measure::Branches | Measure::Units => "estimating the time left".to_owned(),
                Measure::Queens => queens_message(0, watching.budget, Duration::ZERO),
            });
        let visible = watching.bar && queens_toolkit::progress::drawn();
        let reveal = visible.then(|| Self::reveal_later(&bar)).flatten();
        Bar {
            bar,
            measure: watching.measure,
            budget: watching.budget,
            started: Instant::now(),
            reveal,
        }
    }

    /// Starts the thread that draws `bar` on stderr after [`DELAY`], unless
    /// the search ends first. Without a thread there is simply no bar.
    fn reveal_later(bar: &ProgressBar) -> Option<(Sender<()>, JoinHandle<()>)> {
        let (cancel, cancelled) = mpsc::channel::<()>();
        let bar = bar.clone();
        let thread = thread::Builder::new()
            .name("progress".to_owned())
            .spawn(move || {
                if cancelled.recv_timeout(DELAY) == Err(RecvTimeoutError::Timeout) {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    bar.enable_steady_tick(queens_toolkit::progress::TICK);
                }
            })
            .ok()?;
        Some((cancel, thread))
    }

    /// The search has got as far as `progress`.
    fn update(&self, progress: Progress) {
        match self.measure {
            Measure::Branches if progress.branches > 0 => {
                self.parts_done(progress.branches_done, progress.branches, "branches");
            }
            Measure::Branches | Measure::Units => {}
            Measure::Queens => {
                self.bar.set_position(progress.queens_placed);
                self.bar.set_message(queens_message(
                    progress.queens_placed,
                    self.budget,
                    self.started.elapsed(),
                ));
            }
        }
    }

    /// `done` of `of` parts of the work (`what`) are finished.
    fn parts_done(&self, done: usize, of: usize, what: &str) {
        self.bar.set_length(of as u64);
        self.bar.set_position(done as u64);
        self.bar
            .set_message(remaining(done, of, what, self.started.elapsed()));
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

/// What the bar says after `done` of `of` parts (`what`: branches or
/// units) in `elapsed`: the parts and the time left if each remaining part
/// takes the average time of those done. Short, so that the whole bar fits
/// 80 columns.
fn remaining(done: usize, of: usize, what: &str, elapsed: Duration) -> String {
    let branches = format!("{done}/{of} {what}");
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

/// What the bar of a first solution says after `placed` queens in
/// `elapsed`: the queens placed (the bar itself shows the share of the
/// budget), and how long until the budget runs out at the pace so far, when
/// there is one. Short, so that the whole bar fits 80 columns.
fn queens_message(placed: u64, budget: Option<u64>, elapsed: Duration) -> String {
    let so_far = format!("{} queens", HumanCount(placed));
    let Some(budget) = budget.filter(|_| placed > 0) else {
        return so_far;
    };
    let left = elapsed.as_secs_f64() * (budget.saturating_sub(placed) as f64 / placed as f64);
    match Duration::try_from_secs_f64(left) {
        Ok(left) => format!("{so_far}, ~{:#} to budget", HumanDuration(left)),
        Err(_) => so_far,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_assumes_branches_of_average_length() {
        let second = Duration::from_secs(1);
        assert_eq!(
            remaining(0, 8, "branches", second),
            "0/8 branches, estimating the time left"
        );
        assert_eq!(
            remaining(2, 8, "branches", 4 * second),
            "2/8 branches, ~12s left"
        );
        assert_eq!(
            remaining(1, 16, "branches", 10 * second),
            "1/16 branches, ~3m left"
        );
        assert_eq!(
            remaining(100, 1354, "units", 2 * second),
            "100/1354 units, ~25s left"
        );
    }

    #[test]
    fn a_first_solution_measures_queens_against_the_budget() {
        let second = Duration::from_secs(1);
        assert_eq!(queens_message(0, Some(10_000), Duration::ZERO), "0 queens");
        assert_eq!(
            queens_message(2_500, Some(10_000), 5 * second),
            "2,500 queens, ~15s to budget"
        );
        assert_eq!(queens_message(1_234, None, second), "1,234 queens");
    }
}
