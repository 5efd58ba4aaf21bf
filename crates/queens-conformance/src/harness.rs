//! How the checks drive a solver: the board sizes they go up to, the three
//! entry points of [`Solver`], collecting what a run emits, and remembering
//! which question about which problem was being asked, so that a panic, a
//! crash or a timeout can be reported with it.
//!
//! Every call of the solver's code goes through [`watched`], which keeps
//! that question ([`last_question`]), refuses a question past the board
//! size a grader found too slow ([`stop_before`]), and notes how a panic
//! that escapes the solver must be judged ([`caught`]).

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Mutex;

use queens_core::{
    Error, Finds, Observer, Order, Problem, ReadUnit, Sink, Solver, SolverInfo, Stats,
};

use serde::{Deserialize, Serialize};

use crate::{Fault, MakeSolver, Scope, Slip, Verdict, reference};

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

/// The largest board sizes the checks use for one solver, from the
/// [`Scope`]: what the teacher asks, whatever the solver declares. Only the
/// checks that must reach the scope's ends do: the others stop one board
/// below `counts_to`, which for the naive solver (counting to 7) is about
/// forty times less work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// Counts are checked for `n = 0..=count`: 13 by default.
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

/// The three entry points of [`Solver`], named on a grader's pipe as
/// `solve`, `counted` and `observed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
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
    static SOLVING: RefCell<Option<(usize, String)>> = const { RefCell::new(None) };
    /// How the check must end since a panic escaped a solver call, or a
    /// question was not asked: the verdict [`caught`] or [`not_reached`]
    /// noted, if any.
    static FAULT: Cell<Option<Verdict>> = const { Cell::new(None) };
    /// The order the check's scope requires of every solver, whatever it
    /// declares; `Unspecified` leaves each its own.
    static REQUIRED: Cell<Order> = const { Cell::new(Order::Unspecified) };
}

/// The board size from which questions are not asked, and why: set by a
/// check process from its request.
static STOP_BEFORE: Mutex<Option<TooSlow>> = Mutex::new(None);

/// Asks no question about a board of `too_slow.from_n` or more from now on:
/// such a question ends the check as [`Verdict::NotReached`].
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

/// Whether questions about a board of size `n` are still asked.
pub(crate) fn reachable(n: usize) -> bool {
    beyond_reach(n).is_none()
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
/// remembering `what` it is about.
fn watched<T>(n: usize, what: String, work: impl FnOnce() -> T) -> T {
    SOLVING.with_borrow_mut(|solving| *solving = Some((n, what)));
    let answer = work();
    forget_problem();
    answer
}

/// A fresh solver object from `make` (the solver's own code too, so a panic
/// in it is the solver's crash), whose every solution is read before a
/// check counts it ([`Validated`]).
pub(crate) fn fresh(make: MakeSolver<'_>) -> Box<dyn Solver> {
    Box::new(Validated(watched(
        0,
        "making a solver object".to_owned(),
        make,
    )))
}

/// A solver whose every solution is checked against its problem on its way
/// to the sink: one queen per row, each on the board, no two attacking, the
/// pre-placed queens kept. A placement that is not a solution ends the
/// check as a wrong answer naming it, whatever the check was counting, so
/// that no check counts lines it has not read (a program printing `0 0 0 0`
/// without end passes nothing). It declares the order the scope requires,
/// when it requires one: the teacher's rule binds a solver that promises
/// less, or another.
struct Validated(Box<dyn Solver>);

impl Validated {
    /// `sink`, behind the check of each solution of `problem`.
    fn checking<'a>(
        problem: &'a Problem,
        sink: &'a mut Sink<'_>,
    ) -> impl FnMut(&[usize]) -> ControlFlow<()> + 'a {
        move |queens| {
            if let Err(fault) = crate::linear::validate_for(problem, queens) {
                std::panic::resume_unwind(Box::new(Fault {
                    verdict: Verdict::Fail,
                    message: format!("{} is not a solution: {fault}", placement(queens)),
                }));
            }
            sink(queens)
        }
    }
}

impl Solver for Validated {
    fn info(&self) -> SolverInfo {
        let mut info = self.0.info();
        if REQUIRED.get() != Order::Unspecified {
            info.order = REQUIRED.get();
        }
        info
    }

    fn finds(&self) -> Finds {
        self.0.finds()
    }

    fn reads(&self) -> ReadUnit {
        self.0.reads()
    }

    fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
        self.0.solve(problem, &mut Self::checking(problem, sink))
    }

    fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
        self.0
            .solve_counted(problem, &mut Self::checking(problem, sink))
    }

    fn solve_observed(
        &self,
        problem: &Problem,
        observer: &mut dyn Observer,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        self.0
            .solve_observed(problem, observer, &mut Self::checking(problem, sink))
    }
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

/// The question the solver was last asked and has not answered: the board
/// size and the question ("n = 11, asked for every solution"), left set by
/// a call that unwound, so that a judge can say where its solver ran out of
/// time.
pub(crate) fn last_question() -> Option<(usize, String)> {
    SOLVING.with_borrow(Clone::clone)
}

/// Forgets the problem being solved, before a check starts.
pub(crate) fn forget_problem() {
    SOLVING.with_borrow_mut(|solving| *solving = None);
}

/// Forgets the problem being solved and any fault, before a check of
/// `scope` starts, and notes the order the scope requires of every solver.
pub(crate) fn start_check(scope: &Scope) {
    forget_problem();
    FAULT.set(None);
    REQUIRED.set(scope.order);
}

/// The verdict a failing check ends with: the one a caught panic or an
/// unasked question noted, or [`Verdict::Fail`] for a wrong answer.
pub(crate) fn failure_verdict() -> Verdict {
    FAULT.get().unwrap_or(Verdict::Fail)
}

/// Judges a panic that escaped a solver call and was caught by a check or
/// by [`crate::run_check`]: notes the verdict the check must end with and
/// returns the message, which names the question being asked. A [`Fault`]
/// (a solver in another process that crashed, ran out of time or printed
/// garbage) is judged as its owner says, in its own words; a question not
/// asked is [`Verdict::NotReached`]; anything else is the solver's crash.
pub(crate) fn caught(payload: Box<dyn Any + Send>) -> String {
    let question = SOLVING.with_borrow(|solving| solving.as_ref().map(|(_, what)| what.clone()));
    let (verdict, message) = if let Some(fault) = payload.downcast_ref::<Fault>() {
        let message = match question {
            Some(question) => format!("{question}: {}", fault.message),
            None => fault.message.clone(),
        };
        (fault.verdict, message)
    } else if let Some(slip) = payload.downcast_ref::<Slip>() {
        (
            Verdict::Fail,
            match question {
                Some(question) => format!("{question}: {}", slip.message),
                None => slip.message.clone(),
            },
        )
    } else if let Some(NotAsked(message)) = payload.downcast_ref::<NotAsked>() {
        (Verdict::NotReached, message.clone())
    } else {
        let panic = panic_text(payload.as_ref());
        let message = match question {
            Some(question) => format!("{question}: the solver panicked: {panic}"),
            None => format!("the check panicked: {panic}"),
        };
        (Verdict::Crash, message)
    };
    // The first fault decides: a crash while shrinking one stays a crash.
    if FAULT.get().is_none() {
        FAULT.set(Some(verdict));
    }
    message
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

/// How a solver made by `make` wrote its answer to `problem`, asked for
/// every solution (the first, for a solver that finds one): `Ok(None)`
/// answered without a fault, `Ok(Some(slip))` with its first slip of form
/// (a [`Slip`]), `Err(())` with another fault (a wrong answer, a crash, a
/// refusal), which is other checks' to judge. A board no longer asked
/// ends the check as not reached.
pub(crate) fn slip_in(make: MakeSolver<'_>, problem: &Problem) -> Result<Option<String>, ()> {
    let asked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let solver = make();
        let one = matches!(solver.finds(), Finds::One { .. });
        solving(problem, "asked for every solution", |problem| {
            solver.solve(problem, &mut |_| {
                if one {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        })
    }));
    match asked {
        Ok(Ok(())) => Ok(None),
        Ok(Err(_)) => Err(()),
        Err(payload) if payload.is::<NotAsked>() => std::panic::resume_unwind(payload),
        Err(payload) => match payload.downcast_ref::<Slip>() {
            Some(slip) => Ok(Some(format!("{problem}: {}", slip.message))),
            None => Err(()),
        },
    }
}

/// A placement as a message shows it: whole up to 16 queens (`[1, 3, 0,
/// 2]`), otherwise its first eight and last two columns and its size.
pub(crate) fn placement(queens: &[usize]) -> String {
    if queens.len() <= 16 {
        return format!("{queens:?}");
    }
    let first: Vec<String> = queens[..8].iter().map(usize::to_string).collect();
    let last: Vec<String> = queens[queens.len() - 2..]
        .iter()
        .map(usize::to_string)
        .collect();
    format!(
        "[{}, …, {}] ({} queens)",
        first.join(", "),
        last.join(", "),
        queens.len()
    )
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
    fn long_placements_are_cut_in_messages() {
        assert_eq!(placement(&[1, 3, 0, 2]), "[1, 3, 0, 2]");
        let long: Vec<usize> = (0..1000).collect();
        assert_eq!(
            placement(&long),
            "[0, 1, 2, 3, 4, 5, 6, 7, …, 998, 999] (1000 queens)"
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
