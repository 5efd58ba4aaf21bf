//! The checks of [`Group::Instrumentation`](crate::Group::Instrumentation):
//! what a solver built on [`queens_core::Search`] reports of its search for
//! free. Stopping at any node when an observer asks, progress through the
//! top-level branches, and statistics consistent with the solutions.

use std::ops::ControlFlow;

use queens_core::{Line, Observer, Problem, Solver, Square};

use super::problems::summary;
use crate::harness::{Bounds, Entry, ask, collect_via, counted, fresh};
use crate::{Finding, MakeSolver, Scope};

/// An observer that answers `Break` at the `stop_at`th queen placed, and
/// counts every event that reaches it after that.
struct StopAtQueen {
    stop_at: u64,
    queens_placed: u64,
    events_after_stop: u64,
}

impl StopAtQueen {
    fn note(&mut self) {
        if self.queens_placed >= self.stop_at {
            self.events_after_stop += 1;
        }
    }
}

impl Observer for StopAtQueen {
    fn placed(&mut self, _square: Square) -> ControlFlow<()> {
        self.note();
        self.queens_placed += 1;
        if self.queens_placed >= self.stop_at {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn removed(&mut self, _square: Square) {
        self.note();
    }

    fn checked(&mut self, _square: Square, _cells_read: u64, _conflict: Option<Line>) {
        self.note();
    }

    fn tested(&mut self, _queens: &[Square], _cells_read: u64, _conflict: Option<Line>) {
        self.note();
    }

    fn exhausted(&mut self, _depth: usize) {
        self.note();
    }

    fn solution(&mut self, _queens: &[usize]) -> ControlFlow<()> {
        self.note();
        ControlFlow::Continue(())
    }
}

/// An observer that answers `Break` when a queen is placed stops the search
/// there: nothing at all is reported after it (a trace's step limit and
/// Ctrl-C rely on this). Tried on the representative board, stopping at the
/// 1st, 5th and 17th queen.
pub fn stops_at_any_node(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let problem = Problem::new(Bounds::of(scope).representative);
    let mut stops = Vec::new();
    for stop_at in [1, 5, 17] {
        let mut observer = StopAtQueen {
            stop_at,
            queens_placed: 0,
            events_after_stop: 0,
        };
        ask(&problem, "asked to stop at a queen placed", |problem| {
            solver.solve_observed(problem, &mut observer, &mut |_| ControlFlow::Continue(()))
        })?;
        if observer.events_after_stop > 0 {
            return Err(format!(
                "{problem}: asked to stop at queen {stop_at}, the search went on for {}",
                counted(observer.events_after_stop, "more event")
            ));
        }
        if observer.queens_placed >= stop_at {
            stops.push(stop_at);
        }
    }
    Ok(format!("{problem}, stopping at queens {stops:?}"))
}

/// Records the progress a search reports.
#[derive(Default)]
struct ProgressLog {
    reports: Vec<(usize, usize)>,
}

impl Observer for ProgressLog {
    fn progressed(&mut self, done: usize, of: usize) {
        self.reports.push((done, of));
    }
}

/// Progress is reported as top-level branches finish: it never goes back,
/// always out of the same total, and ends with every branch done. Tried on
/// the plain boards `n = 1..=representative`.
pub fn progress_reaches_the_end(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let largest = Bounds::of(scope).representative;
    for problem in (1..=largest).map(Problem::new) {
        let mut log = ProgressLog::default();
        ask(
            &problem,
            "asked for every solution, reporting progress",
            |problem| solver.solve_observed(problem, &mut log, &mut |_| ControlFlow::Continue(())),
        )?;
        progress_is_monotone(&problem, &log.reports)?;
    }
    Ok(format!("n = 1..={largest}"))
}

/// The reports `(done, of)` grow, share one total and end at it.
fn progress_is_monotone(problem: &Problem, reports: &[(usize, usize)]) -> Result<(), String> {
    let Some(&(last_done, total)) = reports.last() else {
        return Err(format!("{problem}: no progress was reported"));
    };
    if let Some(pair) = reports
        .windows(2)
        .find(|pair| pair[1].0 < pair[0].0 || pair[1].1 != pair[0].1)
    {
        return Err(format!(
            "{problem}: progress went from {}/{} to {}/{}",
            pair[0].0, pair[0].1, pair[1].0, pair[1].1
        ));
    }
    if last_done != total {
        return Err(format!(
            "{problem}: the search ended at {last_done}/{total} branches done"
        ));
    }
    Ok(())
}

/// The statistics are consistent, on the boards `n = 1..=min(6,
/// practical_n - 1)` and one with a pre-placed queen: the counted and observed
/// runs emit the same solutions as the silent one; a search makes at least
/// one safety check; it places at least one queen per solution (each
/// solution needs its last queen put on the board; plain boards only, since a
/// solver may set pre-placed queens down without counting them); two counted
/// runs count the same; and an observer passed to `solve_observed` counts
/// what `solve_counted` reports.
pub fn statistics_are_consistent(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let bounds = Bounds::of(scope);
    let mut problems: Vec<Problem> = (1..=bounds.stats).map(Problem::new).collect();
    if bounds.stats >= 4 {
        let with_queen = Problem::with_queens(bounds.stats, [Square::new(0, 1)]);
        problems.push(with_queen.expect("a single queen is consistent"));
    }
    for problem in &problems {
        statistics_of(solver, problem)?;
    }
    Ok(summary(&problems))
}

/// The statistics invariants of [`statistics_are_consistent`] on one problem.
fn statistics_of(solver: &dyn Solver, problem: &Problem) -> Result<(), String> {
    let (silent, _) = collect_via(solver, problem, Entry::Solve)?;
    let (emitted, stats) = collect_via(solver, problem, Entry::Counted)?;
    same_stream(problem, Entry::Counted, &emitted, &silent)?;
    let (observed, observed_stats) = collect_via(solver, problem, Entry::Observed)?;
    same_stream(problem, Entry::Observed, &observed, &silent)?;
    let (_, again) = collect_via(solver, problem, Entry::Counted)?;
    let (Some(stats), Some(observed_stats), Some(again)) = (stats, observed_stats, again) else {
        unreachable!("counted and observed runs always return statistics");
    };
    if stats.safety_checks == 0 {
        return Err(format!(
            "{problem}: solve_counted reported no safety checks; a search checks at least one square or placement"
        ));
    }
    let solutions = silent.len() as u64;
    if problem.is_plain() && stats.queens_placed < solutions {
        return Err(format!(
            "{problem}: {} but only {} placed; each solution puts at least its last queen on the board",
            counted(solutions, "solution"),
            counted(stats.queens_placed, "queen")
        ));
    }
    if again != stats {
        return Err(format!(
            "{problem}: two counted runs disagree: {stats:?}, then {again:?}"
        ));
    }
    if observed_stats != stats {
        return Err(format!(
            "{problem}: solve_observed's observer counted {observed_stats:?}, solve_counted reported {stats:?}"
        ));
    }
    Ok(())
}

/// The stream `entry` emitted is the silent run's, or a message naming the
/// first difference.
fn same_stream(
    problem: &Problem,
    entry: Entry,
    emitted: &[Vec<usize>],
    silent: &[Vec<usize>],
) -> Result<(), String> {
    let difference = emitted.iter().zip(silent).position(|(a, b)| a != b);
    match difference {
        Some(index) => Err(format!(
            "{problem}: solution {} is {:?} from {entry}, {:?} from solve",
            index + 1,
            emitted[index],
            silent[index]
        )),
        None if emitted.len() != silent.len() => Err(format!(
            "{problem}: {entry} emitted {}, solve {}",
            counted(emitted.len() as u64, "solution"),
            silent.len()
        )),
        None => Ok(()),
    }
}
