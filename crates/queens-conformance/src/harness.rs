//! How the checks drive a solver: the board sizes they go up to, the three
//! entry points of [`Solver`], collecting what a run emits, and remembering
//! which question about which problem was being asked, so that a panic can
//! be reported with it and a grader that kills a check at its deadline can
//! say what it was doing.
//!
//! Every call of the solver's code goes through [`watched`], which keeps
//! that question, announces it on stderr when a grader asked for it
//! ([`announce_questions`]), refuses a question past the board size a
//! grader found too slow ([`stop_before`]), and notes how a panic that
//! escapes the solver must be judged ([`caught`]).

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::io::Write as _;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use queens_core::{Error, Problem, Sink, Solver, Stats};

use serde::{Deserialize, Serialize};

use crate::{MakeSolver, ProgramFault, Scope, Status, reference};

/// Where a submission ran out of time: no question about a board of
/// `from_n` or more is asked after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TooSlow {
    /// The size of the board it ran out of time on.
    pub from_n: usize,
    /// Why, for the message of the checks that stop there:
    /// "counts_match_oeis ran out of time on n = 11, asked to count its
    /// solutions".
    pub why: String,
}

/// The start of the line a child writes on stderr before each question it
/// asks the solver, followed by the board size, a space, and the question.
pub const SOLVING_MARK: &str = "queens-conformance is asking: ";

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
    /// The question the current thread's solver call is working on. It is
    /// set before each call and deliberately left set when the call panics,
    /// so that [`crate::run_check`] can say where the solver gave up.
    static SOLVING: RefCell<Option<String>> = const { RefCell::new(None) };
    /// How the check must end since a panic escaped a solver call, or a
    /// question was not asked: the status [`caught`] or [`not_reached`]
    /// noted, if any.
    static FAULT: Cell<Option<Status>> = const { Cell::new(None) };
}

/// Whether each question is announced on stderr: set by a check process
/// ([`crate::isolated::serve`]), so that its grader can name the question
/// that was under way when it killed the process.
static ANNOUNCE: AtomicBool = AtomicBool::new(false);

/// The board size from which questions are not asked, and why: set by a
/// check process from its request.
static STOP_BEFORE: Mutex<Option<TooSlow>> = Mutex::new(None);

/// Announces every question on stderr from now on, one line each:
/// [`SOLVING_MARK`], the board size, a space, and the question.
pub(crate) fn announce_questions() {
    ANNOUNCE.store(true, Ordering::Relaxed);
}

/// Asks no question about a board of `too_slow.from_n` or more from now on:
/// such a question ends the check as [`Status::NotReached`].
pub(crate) fn stop_before(too_slow: Option<TooSlow>) {
    *STOP_BEFORE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = too_slow;
}

/// Why a question about a board of size `n` is not asked, if it is not.
fn beyond_reach(n: usize) -> Option<TooSlow> {
    let stop = STOP_BEFORE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    stop.as_ref()
        .filter(|too_slow| n >= too_slow.from_n)
        .cloned()
}

/// A question not asked, unwinding to [`crate::run_check`] (or to a check
/// that catches panics to shrink them, which passes it on): it is not the
/// solver's panic, and the panic hook is not told.
struct NotAsked(String);

/// Asks `question` (described by `what`: "asked for every solution") about
/// `problem`, remembering both while the solver works on it. Every call of
/// a solver about a problem goes through here.
fn solving<T>(problem: &Problem, what: &str, question: impl FnOnce(&Problem) -> T) -> T {
    if let Some(too_slow) = beyond_reach(problem.n()) {
        std::panic::resume_unwind(Box::new(NotAsked(format!(
            "{problem}: not reached: boards of n = {} and more are not asked after {}",
            too_slow.from_n, too_slow.why
        ))));
    }
    watched(problem.n(), format!("{problem}, {what}"), || {
        question(problem)
    })
}

/// Runs `work`, a call of the solver's code about a board of size `n`,
/// remembering (and announcing, when asked) `what` it is about.
fn watched<T>(n: usize, what: String, work: impl FnOnce() -> T) -> T {
    if ANNOUNCE.load(Ordering::Relaxed) {
        // One write per line, so that a line is never split by the
        // solver's own output; a failed write only loses the announcement.
        let _ = std::io::stderr().write_all(format!("{SOLVING_MARK}{n} {what}\n").as_bytes());
    }
    SOLVING.with_borrow_mut(|solving| *solving = Some(what));
    let answer = work();
    forget_problem();
    answer
}

/// A fresh solver object from `make`: the solver's own code too, so a panic
/// in it is the solver's crash.
pub(crate) fn fresh(make: MakeSolver<'_>) -> Box<dyn Solver> {
    watched(0, "making a solver object".to_owned(), make)
}

/// Asks `question` (a mode of [`queens_core::modes`], say, described by
/// `what`: "asked to count its solutions") about `problem`; a refusal
/// becomes the check's message.
pub(crate) fn ask<T>(
    problem: &Problem,
    what: &str,
    question: impl FnOnce(&Problem) -> Result<T, Error>,
) -> Result<T, String> {
    solving(problem, what, question).map_err(|error| refused(problem, &error))
}

/// Asks `question` (described by `what`) about `problem` and returns its
/// answer or refusal as it is, for the checks that expect a refusal; the
/// answer itself is dropped.
pub(crate) fn asked<T>(
    problem: &Problem,
    what: &str,
    question: impl FnOnce(&Problem) -> Result<T, Error>,
) -> Result<(), Error> {
    solving(problem, what, question).map(drop)
}

/// Runs `solver` on `problem` through `entry`, feeding its solutions to
/// `sink`, a question described by `what`. Returns the statistics of the
/// counted and observed runs.
pub(crate) fn run(
    solver: &dyn Solver,
    problem: &Problem,
    entry: Entry,
    what: &str,
    sink: &mut Sink<'_>,
) -> Result<Option<Stats>, Error> {
    solving(problem, what, |problem| enter(solver, problem, entry, sink))
}

/// Runs `solver` on a board past its `max_n` through `entry`: a question
/// that must be refused at once, so it is asked even past a board the
/// submission ran out of time on (no search is expected).
pub(crate) fn run_past_max_n(
    solver: &dyn Solver,
    problem: &Problem,
    entry: Entry,
    sink: &mut Sink<'_>,
) -> Result<Option<Stats>, Error> {
    watched(
        problem.n(),
        format!("{problem}, asked past its max_n"),
        || enter(solver, problem, entry, sink),
    )
}

/// Calls the entry point `entry` of `solver`.
fn enter(
    solver: &dyn Solver,
    problem: &Problem,
    entry: Entry,
    sink: &mut Sink<'_>,
) -> Result<Option<Stats>, Error> {
    match entry {
        Entry::Solve => solver.solve(problem, sink).map(|()| None),
        Entry::Counted => solver.solve_counted(problem, sink).map(Some),
        Entry::Observed => {
            let mut stats = Stats::default();
            solver
                .solve_observed(problem, &mut stats, sink)
                .map(|()| Some(stats))
        }
    }
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
    let what = format!("asked to stop after {}", counted(k, "solution"));
    run(solver, problem, entry, &what, &mut |_| {
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

/// Forgets the problem being solved and any fault, before a check starts.
pub(crate) fn start_check() {
    forget_problem();
    FAULT.set(None);
}

/// The status a failing check ends with: the one a caught panic or an
/// unasked question noted, or [`Status::Fail`] for a wrong answer.
pub(crate) fn failure_status() -> Status {
    FAULT.get().unwrap_or(Status::Fail)
}

/// Judges a panic that escaped a solver call and was caught by a check or
/// by [`crate::run_check`]: notes the status the check must end with and
/// returns the message, which names the question being asked. A program's
/// fault ([`ProgramFault`]) is the program's, in its own words; a question
/// not asked is [`Status::NotReached`]; anything else is the solver's crash.
pub(crate) fn caught(payload: Box<dyn Any + Send>) -> String {
    let question = SOLVING.with_borrow(Clone::clone);
    let (status, message) = if let Some(fault) = payload.downcast_ref::<ProgramFault>() {
        let status = if fault.crashed {
            Status::Crash
        } else {
            Status::Fail
        };
        (
            status,
            format!("{}: {}", question.unwrap_or_default(), fault.message),
        )
    } else if let Some(NotAsked(message)) = payload.downcast_ref::<NotAsked>() {
        (Status::NotReached, message.clone())
    } else {
        let panic = panic_text(payload.as_ref());
        let message = match question {
            Some(question) => format!("{question}: the solver panicked: {panic}"),
            None => format!("the check panicked: {panic}"),
        };
        (Status::Crash, message)
    };
    // The first fault decides: a crash while shrinking one stays a crash.
    if FAULT.get().is_none() {
        FAULT.set(Some(status));
    }
    message
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn Any + Send)) -> String {
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
    let what = match entry {
        Entry::Solve => "asked for every solution",
        Entry::Counted => "asked for every solution, counting statistics",
        Entry::Observed => "asked for every solution, observed",
    };
    let stats = run(solver, problem, entry, what, &mut |queens| {
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
