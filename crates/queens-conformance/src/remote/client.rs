//! The judge's side of the questions: a solver object in another process
//! as the checks see it ([`Remote`], a [`Solver`] that forwards every call
//! over a [`Link`] and keeps the pipe in step when a check unwinds in the
//! middle of a question), and one check run on it as a grader's judge runs
//! it ([`judge`]).

use std::sync::Arc;

use queens_core::{Error, Finds, Observer, Problem, Sink, Solver, SolverInfo, Stats};

use super::link::{Broken, Link};
use super::protocol::{Answer, Event, LINE_BASE, Question};
use crate::harness::{self, Entry};
use crate::{Check, CheckOutcome, MakeSolver, Scope, TooSlow, Verdict, run_check};

/// A solver object in another process, as the checks see it.
pub struct Remote {
    link: Arc<Link>,
    id: usize,
    info: SolverInfo,
    finds: Finds,
}

impl Remote {
    /// Makes a solver object in the process at the end of `link`. A panic
    /// of the student's code while making it unwinds here as the solver's
    /// panic, with its message.
    pub fn make(link: &Arc<Link>) -> Remote {
        link.send(&Question::Make);
        match link.answer(0) {
            Answer::Made { info, finds } => {
                let id = link.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Remote {
                    link: Arc::clone(link),
                    id,
                    info: info.into(),
                    finds,
                }
            }
            Answer::Panicked { message } => std::panic::resume_unwind(Box::new(message)),
            other => link.break_off(Broken::Garbled(unexpected(&other))),
        }
    }

    /// Runs the question through `entry`, handing solutions to `sink` and
    /// events to `observer`; the statistics of a counted run.
    fn run(
        &self,
        problem: &Problem,
        entry: Entry,
        mut observer: Option<&mut dyn Observer>,
        sink: &mut Sink<'_>,
    ) -> Result<Option<Stats>, Error> {
        self.link.send(&Question::Solve {
            solver: self.id,
            entry,
            n: problem.n(),
            queens: problem.preplaced().to_vec(),
        });
        let mut asking = Asking {
            link: &self.link,
            n: problem.n(),
            awaiting: false,
            done: false,
        };
        loop {
            let answer = self.link.answer(problem.n());
            asking.awaiting = matches!(
                answer,
                Answer::Solution { .. } | Answer::Event(Event::Placed(_) | Event::Solution(_))
            );
            match answer {
                Answer::Solution { queens } => self.link.reply(sink(&queens)),
                Answer::Event(event) => match observer.as_deref_mut() {
                    Some(observer) => self.observe(observer, event),
                    None => self
                        .link
                        .break_off(Broken::Garbled("an event of an unobserved search".into())),
                },
                Answer::Done { stats } => {
                    asking.done = true;
                    return Ok(stats);
                }
                Answer::Refused { error } => {
                    asking.done = true;
                    return Err(error.into());
                }
                Answer::Panicked { message } => {
                    asking.done = true;
                    std::panic::resume_unwind(Box::new(message))
                }
                other @ Answer::Made { .. } => {
                    self.link.break_off(Broken::Garbled(unexpected(&other)))
                }
            }
            asking.awaiting = false;
        }
    }

    /// Hands one event to `observer`, answering those that wait.
    fn observe(&self, observer: &mut dyn Observer, event: Event) {
        match event {
            Event::Placed(square) => self.link.reply(observer.placed(square)),
            Event::Solution(queens) => self.link.reply(observer.solution(&queens)),
            Event::Removed(square) => observer.removed(square),
            Event::Checked(square, cells, conflict) => observer.checked(square, cells, conflict),
            Event::Tested(queens, cells, conflict) => observer.tested(&queens, cells, conflict),
            Event::Opened(row, open, words) => observer.opened(row, open, words),
            Event::Tried(square, cells, conflict) => observer.tried(square, cells, conflict),
            Event::Decided(decision) => observer.decided(decision.into()),
            Event::Exhausted(depth) => observer.exhausted(depth),
            Event::Progressed(done, of) => observer.progressed(done, of),
        }
    }
}

/// A question under way. When the judge's side unwinds in the middle of it
/// (a check's sink that found a wrong answer, say), the solver's side is
/// told to stop and its answers are read to the end of the question, so
/// that the next question starts on a pipe that is in step: a check that
/// catches the unwinding (proptest's shrinking) goes on asking.
struct Asking<'a> {
    link: &'a Link,
    n: usize,
    /// Whether the solver's side waits for the answer to a callback.
    awaiting: bool,
    /// Whether the question came to its end.
    done: bool,
}

impl Drop for Asking<'_> {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        let most = LINE_BASE.saturating_add(self.n.saturating_mul(8));
        if self.awaiting && self.link.try_send(&Question::Stop).is_err() {
            return;
        }
        // Nothing here may unwind: this runs while the judge's side does.
        while let Ok(answer) = self.link.try_receive::<Answer>(most) {
            match answer {
                Answer::Solution { .. } | Answer::Event(Event::Placed(_) | Event::Solution(_)) => {
                    if self.link.try_send(&Question::Stop).is_err() {
                        return;
                    }
                }
                Answer::Event(_) => {}
                _ => return,
            }
        }
    }
}

/// Names an answer that came where the protocol has none.
fn unexpected(answer: &Answer) -> String {
    let text = serde_json::to_string(answer).unwrap_or_default();
    format!(
        "an answer out of turn: {}",
        text.chars().take(80).collect::<String>()
    )
}

impl Solver for Remote {
    fn info(&self) -> SolverInfo {
        self.info
    }

    fn finds(&self) -> Finds {
        self.finds
    }

    fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
        self.run(problem, Entry::Solve, None, sink).map(drop)
    }

    fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
        self.run(problem, Entry::Counted, None, sink)
            .map(Option::unwrap_or_default)
    }

    fn solve_observed(
        &self,
        problem: &Problem,
        observer: &mut dyn Observer,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        self.run(problem, Entry::Observed, Some(observer), sink)
            .map(drop)
    }
}

/// What the judge found in one check: its outcome, and the board the
/// submission ran out of time on, when it did, for the checks after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// How the check ended, and its message.
    pub outcome: CheckOutcome,
    /// Where it ran out of time, if it did.
    pub too_slow: Option<TooSlow>,
}

/// Runs `check` on the solvers `make` makes, as a grader's judge does:
/// asking nothing about a board of `too_slow` or larger (those questions
/// end the check [`Verdict::NotReached`]), and saying where the solver ran
/// out of time if it did.
pub fn judge(
    check: &Check,
    make: MakeSolver<'_>,
    scope: &Scope,
    too_slow: Option<TooSlow>,
) -> Judged {
    harness::stop_before(too_slow);
    let outcome = run_check(check, make, scope);
    let too_slow = (outcome.verdict == Verdict::Timeout)
        .then(harness::last_question)
        .flatten()
        .map(|(n, question)| TooSlow {
            from_n: n,
            why: format!("{} ran out of time on {question}", check.name),
        });
    Judged { outcome, too_slow }
}
