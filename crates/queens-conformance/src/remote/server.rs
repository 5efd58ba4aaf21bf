//! The solver's side, which the program a grader builds around a crate
//! runs: [`serve`] answers the judge's questions about the solver objects
//! `make` makes, catching their panics, and an observed search sends every
//! event to the judge ([`Forward`]).

use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;

use queens_core::{Decision, Line, Observer, Problem, Solver, Square};

use super::protocol::{Answer, Event, LINE_BASE, MARK, Question, read_line};
use super::wire::{WireError, WireInfo};
use crate::MakeSolver;
use crate::harness::{Entry, panic_text};

/// Answers the questions on stdin about solvers made by `make`, on stdout:
/// the `main` of the program a grader builds around a student's solver.
///
/// ```text
/// fn main() -> std::process::ExitCode {
///     queens_conformance::remote::serve(&|| Box::new(student::solver()))
/// }
/// ```
///
/// Exits 0 when the judge closes stdin, and 2 with one line on stderr when
/// a question is malformed.
pub fn serve(make: MakeSolver<'_>) -> ExitCode {
    serve_on(make, std::io::stdin().lock(), std::io::stdout())
}

/// [`serve`] on any pair of streams.
pub(super) fn serve_on(
    make: MakeSolver<'_>,
    questions: impl BufRead,
    answers: impl Write,
) -> ExitCode {
    let mut server = Server {
        questions,
        answers,
        pending: Vec::new(),
        line: Vec::new(),
    };
    let mut solvers: Vec<Box<dyn Solver>> = Vec::new();
    loop {
        let question = match server.question() {
            Ok(Some(question)) => question,
            Ok(None) => return ExitCode::SUCCESS,
            Err(problem) => {
                eprintln!("error: {problem}");
                return ExitCode::from(2);
            }
        };
        let answer = match question {
            Question::Make => made(make, &mut solvers),
            Question::Solve {
                solver,
                entry,
                n,
                queens,
            } => {
                let Some(solver) = solvers.get(solver) else {
                    eprintln!("error: no solver object {solver} was made");
                    return ExitCode::from(2);
                };
                let Ok(problem) = Problem::with_queens(n, queens) else {
                    eprintln!("error: the judge sent a malformed problem");
                    return ExitCode::from(2);
                };
                server.solve(&**solver, &problem, entry)
            }
            Question::Go | Question::Stop => {
                eprintln!("error: an answer to a callback, when none was asked");
                return ExitCode::from(2);
            }
        };
        if server.send(&answer).and_then(|()| server.flush()).is_err() {
            return ExitCode::SUCCESS;
        }
    }
}

/// Makes a solver object, catching a panic of the student's code.
fn made(make: MakeSolver<'_>, solvers: &mut Vec<Box<dyn Solver>>) -> Answer {
    let made = catch_unwind(AssertUnwindSafe(|| {
        let solver = make();
        let (info, finds) = (solver.info(), solver.finds());
        (solver, info, finds)
    }));
    match made {
        Ok((solver, info, finds)) => {
            solvers.push(solver);
            Answer::Made {
                info: WireInfo::from(&info),
                finds,
            }
        }
        Err(payload) => Answer::Panicked {
            message: panic_text(payload.as_ref()),
        },
    }
}

/// The solver's end of the pipe: questions in, answers out (batched until
/// an answer must be waited for).
struct Server<R, W> {
    questions: R,
    answers: W,
    pending: Vec<u8>,
    line: Vec<u8>,
}

impl<R: BufRead, W: Write> Server<R, W> {
    /// The next question; `None` when the judge has closed the pipe.
    fn question(&mut self) -> Result<Option<Question>, String> {
        if !read_line(&mut self.questions, LINE_BASE, &mut self.line)? {
            return Ok(None);
        }
        serde_json::from_slice(&self.line)
            .map(Some)
            .map_err(|error| format!("malformed question: {error}"))
    }

    /// Adds `answer` to the batch, writing the batch when it grows large.
    fn send(&mut self, answer: &Answer) -> std::io::Result<()> {
        self.pending.extend_from_slice(MARK.as_bytes());
        serde_json::to_writer(&mut self.pending, answer)?;
        self.pending.push(b'\n');
        if self.pending.len() >= 8 << 10 {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the batch.
    fn flush(&mut self) -> std::io::Result<()> {
        self.answers.write_all(&self.pending)?;
        self.answers.flush()?;
        self.pending.clear();
        Ok(())
    }

    /// Sends `answer` and waits for the judge's go or stop. A judge that
    /// went away stops the search.
    fn callback(&mut self, answer: &Answer) -> ControlFlow<()> {
        if self.send(answer).and_then(|()| self.flush()).is_err() {
            return ControlFlow::Break(());
        }
        match self.question() {
            Ok(Some(Question::Go)) => ControlFlow::Continue(()),
            _ => ControlFlow::Break(()),
        }
    }

    /// Runs `solver` on `problem` through `entry`, every solution and event
    /// sent as it comes; the answer is how the search ended.
    fn solve(&mut self, solver: &dyn Solver, problem: &Problem, entry: Entry) -> Answer {
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            // One borrow of the server for the sink and the observer both:
            // they are never called at once.
            let server = std::cell::RefCell::new(&mut *self);
            let mut sink = |queens: &[usize]| {
                server.borrow_mut().callback(&Answer::Solution {
                    queens: queens.to_vec(),
                })
            };
            match entry {
                Entry::Solve => solver.solve(problem, &mut sink).map(|()| None),
                Entry::Counted => solver.solve_counted(problem, &mut sink).map(Some),
                Entry::Observed => {
                    let mut observer = Forward(&server);
                    solver
                        .solve_observed(problem, &mut observer, &mut sink)
                        .map(|()| None)
                }
            }
        }));
        match outcome {
            Ok(Ok(stats)) => Answer::Done { stats },
            Ok(Err(error)) => Answer::Refused {
                error: WireError::from(&error),
            },
            Err(payload) => Answer::Panicked {
                message: panic_text(payload.as_ref()),
            },
        }
    }
}

/// The observer on the solver's side: every event goes to the judge.
struct Forward<'a, 'b, R, W>(&'a std::cell::RefCell<&'b mut Server<R, W>>);

impl<R: BufRead, W: Write> Forward<'_, '_, R, W> {
    fn send(&mut self, event: Event) {
        // A judge that went away is seen at the next callback.
        let _ = self.0.borrow_mut().send(&Answer::Event(event));
    }

    fn callback(&mut self, event: Event) -> ControlFlow<()> {
        self.0.borrow_mut().callback(&Answer::Event(event))
    }
}

impl<R: BufRead, W: Write> Observer for Forward<'_, '_, R, W> {
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        self.callback(Event::Placed(square))
    }

    fn removed(&mut self, square: Square) {
        self.send(Event::Removed(square));
    }

    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.send(Event::Checked(square, cells_read, conflict));
    }

    fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
        self.send(Event::Tested(queens.to_vec(), cells_read, conflict));
    }

    fn opened(&mut self, row: usize, open: u64, words_read: u64) {
        self.send(Event::Opened(row, open, words_read));
    }

    fn tried(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.send(Event::Tried(square, cells_read, conflict));
    }

    fn decided(&mut self, decision: Decision) {
        self.send(Event::Decided(decision.into()));
    }

    fn exhausted(&mut self, depth: usize) {
        self.send(Event::Exhausted(depth));
    }

    fn progressed(&mut self, done: usize, of: usize) {
        self.send(Event::Progressed(done, of));
    }

    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        self.callback(Event::Solution(queens.to_vec()))
    }
}
