//! How the checks drive a solver: the board sizes they go up to, the three
//! entry points of [`Solver`], collecting what a run emits, and remembering
//! which problem was being solved so that a panic can be reported with it.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::ops::ControlFlow;

use queens_core::{Error, Problem, Sink, Solver, Stats};

use crate::{MakeSolver, Scope, reference};

/// The largest board sizes the checks use for one solver, from the
/// [`Scope`]: what the teacher asks, whatever the solver declares. Only the
/// checks that must reach the scope's ends do: the others stop one board
/// below `counts_to`, which for the naive solver (counting to 7) is about
/// forty times less work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// Counts are checked for `n = 0..=count`: 12 by default.
    pub(crate) count: usize,
    /// Sets of solutions against the reference for `n = 0..=stream`: 8 by
    /// default.
    pub(crate) stream: usize,
    /// The checks that need representative boards rather than the whole
    /// range (validity, duplicates, order, pre-placed queens, stopping) go up
    /// to `representative`: 8, or one below `count`.
    pub(crate) representative: usize,
    /// Random problems for `n = 0..=random`: up to 10, the reference's
    /// limit, and below `count`.
    pub(crate) random: usize,
    /// Statistics for `n = 1..=stats`: up to 6, since their invariants need no
    /// large board and the check runs each problem four times.
    pub(crate) stats: usize,
}

impl Bounds {
    /// The bounds of `scope`.
    pub(crate) fn of(scope: &Scope) -> Self {
        let below_count = scope.counts_to.saturating_sub(1);
        Bounds {
            count: scope.counts_to,
            stream: scope.sets_to.min(reference::MAX_N),
            representative: below_count.min(8),
            random: below_count.min(reference::MAX_N),
            stats: below_count.min(6),
        }
    }
}

/// Whether `solver` declares that it can go as far as a check asks: its
/// `max_n` and its `practical_n` at least `asked`. The message says what it
/// declares and what is asked, since a solver that declares less than the
/// teacher's range fails the checks that reach past it.
pub(crate) fn declares_at_least(
    solver: &dyn Solver,
    asked: usize,
    what: &str,
) -> Result<(), String> {
    let info = solver.info();
    if info.max_n < asked {
        Err(format!(
            "the solver declares max_n = {}; this assignment {what} n = {asked}",
            info.max_n
        ))
    } else if info.practical_n < asked {
        Err(format!(
            "the solver declares it counts only to n = {}; this assignment {what} n = {asked}",
            info.practical_n
        ))
    } else {
        Ok(())
    }
}

/// The three entry points of [`Solver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// [`Solver::solve`], the silent run.
    Solve,
    /// [`Solver::solve_counted`].
    Counted,
    /// [`Solver::solve_observed`], here with a [`Stats`] observer.
    Observed,
}

impl Entry {
    /// All three, in the order above.
    pub(crate) const ALL: [Entry; 3] = [Entry::Solve, Entry::Counted, Entry::Observed];
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Entry::Solve => "solve",
            Entry::Counted => "solve_counted",
            Entry::Observed => "solve_observed",
        })
    }
}

thread_local! {
    /// The problem the current thread's solver call is working on. It is set
    /// before each call and deliberately left set when the call panics, so
    /// that [`crate::run_check`] can say where the solver gave up.
    static SOLVING: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Whether a solver call panicked since the check began: a check that
    /// then fails crashed, whether or not it caught the panic to shrink it.
    static PANICKED: Cell<bool> = const { Cell::new(false) };
}

/// Notes a solver call that unwinds instead of returning.
struct PanicWatch;

impl Drop for PanicWatch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            PANICKED.set(true);
        }
    }
}

/// Asks `question` about `problem`, remembering the problem while the solver
/// works on it. Every call of a solver goes through here.
fn solving<T>(problem: &Problem, question: impl FnOnce(&Problem) -> T) -> T {
    watched(problem.to_string(), || question(problem))
}

/// Runs `work`, a call of the solver's code, remembering `what` it is about
/// and noting a panic.
fn watched<T>(what: String, work: impl FnOnce() -> T) -> T {
    SOLVING.with_borrow_mut(|solving| *solving = Some(what));
    let watch = PanicWatch;
    let answer = work();
    drop(watch);
    forget_problem();
    answer
}

/// A fresh solver object from `make`: the solver's own code too, so a panic
/// in it is the solver's crash.
pub(crate) fn fresh(make: MakeSolver<'_>) -> Box<dyn Solver> {
    watched("making a solver object".to_owned(), make)
}

/// Asks `question` (a mode of [`queens_core::modes`], say) about `problem`; a
/// refusal becomes the check's message.
pub(crate) fn ask<T>(
    problem: &Problem,
    question: impl FnOnce(&Problem) -> Result<T, Error>,
) -> Result<T, String> {
    solving(problem, question).map_err(|error| refused(problem, &error))
}

/// Asks `question` about `problem` and returns its answer or refusal as it
/// is, for the checks that expect a refusal; the answer itself is dropped.
pub(crate) fn asked<T>(
    problem: &Problem,
    question: impl FnOnce(&Problem) -> Result<T, Error>,
) -> Result<(), Error> {
    solving(problem, question).map(drop)
}

/// Runs `solver` on `problem` through `entry`, feeding its solutions to
/// `sink`. Returns the statistics of the counted and observed runs.
pub(crate) fn run(
    solver: &dyn Solver,
    problem: &Problem,
    entry: Entry,
    sink: &mut Sink<'_>,
) -> Result<Option<Stats>, Error> {
    solving(problem, |problem| match entry {
        Entry::Solve => solver.solve(problem, sink).map(|()| None),
        Entry::Counted => solver.solve_counted(problem, sink).map(Some),
        Entry::Observed => {
            let mut stats = Stats::default();
            solver
                .solve_observed(problem, &mut stats, sink)
                .map(|()| Some(stats))
        }
    })
}

/// Runs `entry` on `problem` with a sink that asks to stop at the `k`th
/// solution; returns how many it was given.
pub(crate) fn emitted_until(
    solver: &dyn Solver,
    problem: &Problem,
    entry: Entry,
    k: u64,
) -> Result<u64, String> {
    let mut emitted = 0_u64;
    run(solver, problem, entry, &mut |_| {
        emitted += 1;
        if emitted >= k {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .map_err(|error| refused(problem, &error))?;
    Ok(emitted)
}

/// Forgets the problem being solved, before a check starts.
pub(crate) fn forget_problem() {
    SOLVING.with_borrow_mut(|solving| *solving = None);
}

/// Forgets the problem being solved and any panic, before a check starts.
pub(crate) fn start_check() {
    forget_problem();
    PANICKED.set(false);
}

/// Whether a solver call panicked since the check started.
pub(crate) fn a_solver_panicked() -> bool {
    PANICKED.get()
}

/// The problem the last solver call on this thread was working on when it
/// panicked, if one did.
pub(crate) fn problem_being_solved() -> Option<String> {
    SOLVING.with_borrow(Clone::clone)
}

/// The text of a panic's payload.
pub(crate) fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic with no message".to_owned()
    }
}

/// Every solution `entry` emits for `problem`, in order, and the statistics
/// it reports. A refusal becomes the check's message.
pub(crate) fn collect_via(
    solver: &dyn Solver,
    problem: &Problem,
    entry: Entry,
) -> Result<(Vec<Vec<usize>>, Option<Stats>), String> {
    let mut solutions = Vec::new();
    let stats = run(solver, problem, entry, &mut |queens| {
        solutions.push(queens.to_vec());
        ControlFlow::Continue(())
    })
    .map_err(|error| refused(problem, &error))?;
    Ok((solutions, stats))
}

/// Every solution [`Solver::solve`] emits for `problem`, in order.
pub(crate) fn collect(solver: &dyn Solver, problem: &Problem) -> Result<Vec<Vec<usize>>, String> {
    collect_via(solver, problem, Entry::Solve).map(|(solutions, _)| solutions)
}

/// The message for a solver that refused a problem it should have solved.
pub(crate) fn refused(problem: &Problem, error: &Error) -> String {
    format!("{problem}: the solver refused it: {error}")
}

/// `count` with the noun `what` in the singular or the plural: "1 solution",
/// "4 solutions".
pub(crate) fn counted(count: u64, what: &str) -> String {
    if count == 1 {
        format!("1 {what}")
    } else {
        format!("{count} {what}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_picks_the_number() {
        assert_eq!(counted(1, "solution"), "1 solution");
        assert_eq!(counted(0, "solution"), "0 solutions");
        assert_eq!(
            counted(12, "fundamental solution"),
            "12 fundamental solutions"
        );
    }

    #[test]
    fn panic_text_reads_both_payloads() {
        let payload = std::panic::catch_unwind(|| panic!("plain")).unwrap_err();
        assert_eq!(panic_text(payload.as_ref()), "plain");
        let payload = std::panic::catch_unwind(|| panic!("n = {}", 7)).unwrap_err();
        assert_eq!(panic_text(payload.as_ref()), "n = 7");
    }
}
