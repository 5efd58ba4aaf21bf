//! A solver in another process, questioned over a pipe: the two ends of one
//! protocol, so that a grader judges code it does not trust from outside
//! its reach.
//!
//! # Why the judge is elsewhere
//!
//! A check that runs in the student's process can be forged by the
//! student's process: a `solver()` that prints a passing report and exits
//! scores full marks with no solver at all, and nothing inside one process
//! can prevent it. So the checks never run there. The student's solver is
//! linked into a small program whose `main` calls [`serve`]; it answers
//! questions on stdin and says what its solver does on stdout. The checks
//! run in the grader's own process (the *judge*), on a [`Remote`], a
//! [`Solver`] that forwards every call over the pipe. Whatever the
//! student's process writes is data (solutions, events, statistics, a
//! refusal) that the judge's checks weigh like any solver's answers;
//! nothing it writes is a verdict, and nothing it does to itself (exit,
//! crash, lie) can pass a check its solver would fail.
//!
//! # The protocol
//!
//! The judge writes one JSON [`Question`] per line: make a solver object,
//! solve a problem through one of the three entry points, or answer a
//! callback (`go` or `stop`). The solver's side writes one JSON [`Answer`]
//! per line, each line beginning with [`MARK`], so that what the student's
//! own code prints on stdout (a forgotten `println!`) is told apart and
//! skipped rather than taken for the protocol. A solution, a queen placed
//! (under an observer) and an observer's solution wait for the judge's
//! answer, which becomes the sink's or the observer's `ControlFlow`, so a
//! solver that goes on after `Break` is seen doing so exactly as it would
//! be in one process; every other event is sent without waiting, in
//! batches. A panic of the solver's code is caught where it happens and
//! sent as [`Answer::Panicked`]; a process that dies, is killed or writes
//! garbage breaks the link, and the judge's side unwinds with the
//! [`Fault`] its owner says (a crash, a timeout), which the checks report
//! with the question under way.
//!
//! # Names
//!
//! The model's types name a solver with `&'static str` (`SolverInfo`,
//! `Error::TooLarge`). Names read from the pipe are interned once per
//! distinct text for the judge's short life ([`intern`]), bounded by the
//! output limit the judge's owner enforces on the process.

use std::collections::HashSet;
use std::io::{BufRead, Read, Write};
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use queens_core::{
    Decision, Error, Finds, Levels, Line, Observer, Order, Problem, ProblemError, Sink, Solver,
    SolverInfo, Square, Stats,
};
use serde::{Deserialize, Serialize};

use crate::harness::{self, Entry, panic_text};
use crate::{Check, CheckOutcome, Fault, MakeSolver, Scope, Slip, TooSlow, Verdict, run_check};

/// The start of every line the solver's side writes: an ASCII record
/// separator and a word, which no solution or debugging line begins with.
pub const MARK: &str = "\u{1e}queens ";

/// The longest line either side reads, besides eight bytes a queen of the
/// board being asked about (a solution of n = 100,000 is 600 KB).
const LINE_BASE: usize = 64 << 10;

/// What the judge asks, one per line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum Question {
    /// Make a solver object; its number is its place in the order made.
    Make,
    /// Solve a problem with solver object `solver` through `entry`.
    Solve {
        solver: usize,
        entry: Entry,
        n: usize,
        queens: Vec<Square>,
    },
    /// The answer to a callback: go on.
    Go,
    /// The answer to a callback: stop (`ControlFlow::Break`).
    Stop,
}

/// What the solver's side says, one per line after [`MARK`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum Answer {
    /// A solver object was made.
    Made { info: WireInfo, finds: Finds },
    /// The solver's code panicked; the object may not be used again.
    Panicked { message: String },
    /// A solution for the sink: wait for go or stop.
    Solution { queens: Vec<usize> },
    /// An event for the observer (only under `solve_observed`).
    Event(Event),
    /// The search returned, with its statistics when counted.
    Done { stats: Option<Stats> },
    /// The search refused the problem.
    Refused { error: WireError },
}

/// [`SolverInfo`] as text crosses a pipe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireInfo {
    name: String,
    title: String,
    seeds: String,
    order: Order,
    levels: Levels,
    max_n: usize,
    practical_n: usize,
}

/// One call of an [`Observer`] method; `Placed` and `Solution` wait for
/// the judge's go or stop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum Event {
    Placed(Square),
    Removed(Square),
    Checked(Square, u64, Option<Line>),
    Tested(Vec<Square>, u64, Option<Line>),
    Opened(usize, u64, u64),
    Tried(Square, u64, Option<Line>),
    Decided(WireDecision),
    Exhausted(usize),
    Progressed(usize, usize),
    Solution(Vec<usize>),
}

/// [`Decision`], whose rule is text on the pipe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum WireDecision {
    Settle(Square, usize),
    Repair(usize, u64),
    Swap([usize; 2], bool, u64),
    Restart(u64),
    Rule(String),
    Run(usize, usize, usize),
}

/// [`Error`], whose solver names are text on the pipe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum WireError {
    Problem(ProblemError),
    TooLarge {
        solver: String,
        n: usize,
        max_n: usize,
    },
    UniqueWithPreplaced,
    FindsOne {
        solver: String,
    },
    PreplacedUnsupported {
        solver: String,
    },
    OverBudget {
        placed: u64,
        found: u64,
    },
    Interrupted {
        placed: u64,
        found: u64,
    },
}

impl From<&SolverInfo> for WireInfo {
    fn from(info: &SolverInfo) -> Self {
        WireInfo {
            name: info.name.to_owned(),
            title: info.title.to_owned(),
            seeds: info.seeds.to_owned(),
            order: info.order,
            levels: info.levels,
            max_n: info.max_n,
            practical_n: info.practical_n,
        }
    }
}

impl From<WireInfo> for SolverInfo {
    fn from(info: WireInfo) -> Self {
        SolverInfo {
            name: intern(info.name),
            title: intern(info.title),
            seeds: intern(info.seeds),
            order: info.order,
            levels: info.levels,
            max_n: info.max_n,
            practical_n: info.practical_n,
            workload: None,
        }
    }
}

impl From<Decision> for WireDecision {
    fn from(decision: Decision) -> Self {
        match decision {
            Decision::Settle { square, tries } => WireDecision::Settle(square, tries),
            Decision::Repair { row, pairs } => WireDecision::Repair(row, pairs),
            Decision::Swap { rows, clean, pairs } => WireDecision::Swap(rows, clean, pairs),
            Decision::Restart { tries } => WireDecision::Restart(tries),
            Decision::Rule { rule } => WireDecision::Rule(rule.to_owned()),
            Decision::Run {
                first_row,
                last_row,
                first_col,
            } => WireDecision::Run(first_row, last_row, first_col),
        }
    }
}

impl From<WireDecision> for Decision {
    fn from(decision: WireDecision) -> Self {
        match decision {
            WireDecision::Settle(square, tries) => Decision::Settle { square, tries },
            WireDecision::Repair(row, pairs) => Decision::Repair { row, pairs },
            WireDecision::Swap(rows, clean, pairs) => Decision::Swap { rows, clean, pairs },
            WireDecision::Restart(tries) => Decision::Restart { tries },
            WireDecision::Rule(rule) => Decision::Rule { rule: intern(rule) },
            WireDecision::Run(first_row, last_row, first_col) => Decision::Run {
                first_row,
                last_row,
                first_col,
            },
        }
    }
}

impl From<&Error> for WireError {
    fn from(error: &Error) -> Self {
        match error {
            Error::Problem(problem) => WireError::Problem(problem.clone()),
            Error::TooLarge { solver, n, max_n } => WireError::TooLarge {
                solver: (*solver).to_owned(),
                n: *n,
                max_n: *max_n,
            },
            Error::UniqueWithPreplaced => WireError::UniqueWithPreplaced,
            Error::FindsOne { solver } => WireError::FindsOne {
                solver: (*solver).to_owned(),
            },
            Error::PreplacedUnsupported { solver } => WireError::PreplacedUnsupported {
                solver: (*solver).to_owned(),
            },
            Error::OverBudget { placed, found } => WireError::OverBudget {
                placed: *placed,
                found: *found,
            },
            Error::Interrupted { placed, found } => WireError::Interrupted {
                placed: *placed,
                found: *found,
            },
        }
    }
}

impl From<WireError> for Error {
    fn from(error: WireError) -> Self {
        match error {
            WireError::Problem(problem) => Error::Problem(problem),
            WireError::TooLarge { solver, n, max_n } => Error::TooLarge {
                solver: intern(solver),
                n,
                max_n,
            },
            WireError::UniqueWithPreplaced => Error::UniqueWithPreplaced,
            WireError::FindsOne { solver } => Error::FindsOne {
                solver: intern(solver),
            },
            WireError::PreplacedUnsupported { solver } => Error::PreplacedUnsupported {
                solver: intern(solver),
            },
            WireError::OverBudget { placed, found } => Error::OverBudget { placed, found },
            WireError::Interrupted { placed, found } => Error::Interrupted { placed, found },
        }
    }
}

/// The interned copy of `text`, cut to 200 characters: made once per
/// distinct text and kept for the process's life (see the essay).
fn intern(text: String) -> &'static str {
    static INTERNED: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let text: String = text.chars().take(200).collect();
    let mut interned = INTERNED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let set = interned.get_or_insert_with(HashSet::new);
    if let Some(&known) = set.get(text.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(text.into_boxed_str());
    set.insert(leaked);
    leaked
}

/// Reads one line of at most `most` bytes into `line` (its end of line
/// dropped). `Ok(false)` at the end of the input; an error names a line
/// that is longer.
pub fn read_line(
    reader: &mut impl BufRead,
    most: usize,
    line: &mut Vec<u8>,
) -> Result<bool, String> {
    line.clear();
    let read = reader
        .take(most as u64 + 1)
        .read_until(b'\n', line)
        .map_err(|error| error.to_string())?;
    if read == 0 {
        return Ok(false);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
    } else if line.len() > most {
        return Err(format!("a line longer than {most} bytes"));
    }
    Ok(true)
}

/// The text after the last [`MARK`] of a line the solver's side wrote, or
/// `None` for a line of the student's own.
pub fn after_mark(line: &[u8]) -> Option<&[u8]> {
    split_at_mark(line).1
}

/// A line the solver's side wrote, split at its last [`MARK`]: the
/// student's own text before it (the whole line when there is none), and
/// the answer after it.
fn split_at_mark(line: &[u8]) -> (&[u8], Option<&[u8]>) {
    let mark = MARK.as_bytes();
    match line.windows(mark.len()).rposition(|window| window == mark) {
        Some(start) => (&line[..start], Some(&line[start + mark.len()..])),
        None => (line, None),
    }
}

// ---------------------------------------------------------------------------
// The solver's side.

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
fn serve_on(make: MakeSolver<'_>, questions: impl BufRead, answers: impl Write) -> ExitCode {
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

// ---------------------------------------------------------------------------
// The judge's side.

/// How the pipe to the solver's process broke, for its owner to judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// The process closed its end: it ended, or was stopped.
    Ended,
    /// It wrote something the protocol does not allow; what, in words.
    Garbled(String),
}

/// Turns a broken pipe into the fault the check ends with: the judge's
/// owner knows how the process ended (a signal, a time limit, memory).
pub type OnBreak = Box<dyn Fn(Broken) -> Fault + Send + Sync>;

/// The judge's end of a pipe to a process that answers in lines of JSON
/// after [`MARK`]: the solvers [`serve`] serves, or any other protocol of
/// the same framing (a grader's relay of a program).
pub struct Link {
    channel: Mutex<Channel>,
    /// Solver objects made through it, numbered in order as [`serve`]
    /// numbers them.
    made: std::sync::atomic::AtomicUsize,
    /// Whether a line without the mark (the student's own printing on
    /// stdout) is raised as a [`Slip`] rather than read past.
    strict: std::sync::atomic::AtomicBool,
}

/// What the link's lock guards.
struct Channel {
    questions: Box<dyn Write + Send>,
    answers: Box<dyn BufRead + Send>,
    on_break: OnBreak,
    /// Set once the pipe broke: every later call ends the same way.
    broken: Option<Fault>,
    line: Vec<u8>,
}

impl Link {
    /// A link that writes questions to `questions` and reads answers from
    /// `answers` (a child's stdin and stdout); `on_break` judges a pipe
    /// that breaks.
    pub fn new(
        questions: impl Write + Send + 'static,
        answers: impl BufRead + Send + 'static,
        on_break: OnBreak,
    ) -> Arc<Self> {
        Arc::new(Link {
            channel: Mutex::new(Channel {
                questions: Box::new(questions),
                answers: Box::new(answers),
                on_break,
                broken: None,
                line: Vec::new(),
            }),
            made: std::sync::atomic::AtomicUsize::new(0),
            strict: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// Raises the student's own printing on stdout as a [`Slip`] from now
    /// on, when `strict` (the check `output_format`), or reads past it.
    pub fn set_strict(&self, strict: bool) {
        self.strict
            .store(strict, std::sync::atomic::Ordering::Relaxed);
    }

    fn channel(&self) -> std::sync::MutexGuard<'_, Channel> {
        self.channel
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes `question` as a line of JSON; unwinds with the fault when the
    /// pipe is broken.
    pub fn send(&self, question: &impl Serialize) {
        if let Err(fault) = self.try_send(question) {
            std::panic::resume_unwind(Box::new(fault));
        }
    }

    /// The next answer, skipping lines without the mark (the student's
    /// own printing); lines up to `most` bytes. Unwinds with the fault when
    /// the pipe breaks or the line is not an answer.
    pub fn receive<T: serde::de::DeserializeOwned>(&self, most: usize) -> T {
        let strict = self.strict.load(std::sync::atomic::Ordering::Relaxed);
        match self.next(most, strict) {
            Ok(Ok(answer)) => answer,
            Ok(Err(printed)) => {
                let printed = if printed.is_empty() {
                    "an empty line".to_owned()
                } else {
                    format!("{printed:?}")
                };
                std::panic::resume_unwind(Box::new(Slip {
                    message: format!(
                        "printed {printed} on stdout, beside the answers: nothing else goes \
                         there (print to stderr what you want to see while testing)"
                    ),
                }))
            }
            Err(fault) => std::panic::resume_unwind(Box::new(fault)),
        }
    }

    /// Ends the link as broken by `broken`, and unwinds with its fault.
    pub fn break_off(&self, broken: Broken) -> ! {
        let fault = self.channel().fail(broken);
        std::panic::resume_unwind(Box::new(fault))
    }

    /// [`Link::send`], returning the fault rather than unwinding (for a
    /// caller that is unwinding already).
    pub fn try_send(&self, question: &impl Serialize) -> Result<(), Fault> {
        let mut channel = self.channel();
        channel.check()?;
        let mut line = serde_json::to_vec(question).expect("a question serialises");
        line.push(b'\n');
        let written = channel
            .questions
            .write_all(&line)
            .and_then(|()| channel.questions.flush());
        match written {
            Ok(()) => Ok(()),
            Err(_) => Err(channel.fail(Broken::Ended)),
        }
    }

    /// [`Link::receive`], returning the fault rather than unwinding, and
    /// reading past the student's own lines.
    pub fn try_receive<T: serde::de::DeserializeOwned>(&self, most: usize) -> Result<T, Fault> {
        self.next(most, false)
            .map(|answer| answer.unwrap_or_else(|_| unreachable!("read past when not strict")))
    }

    /// The next answer; when `strict`, the first text of the student's own
    /// instead (cut to 60 characters): a line of it, or what it printed
    /// before an answer on the answer's line. It is otherwise read past.
    fn next<T: serde::de::DeserializeOwned>(
        &self,
        most: usize,
        strict: bool,
    ) -> Result<Result<T, String>, Fault> {
        let mut channel = self.channel();
        channel.check()?;
        loop {
            let Channel { answers, line, .. } = &mut *channel;
            match read_line(answers, most, line) {
                Ok(true) => {}
                Ok(false) => return Err(channel.fail(Broken::Ended)),
                Err(why) => return Err(channel.fail(Broken::Garbled(why))),
            }
            let (own, answer) = split_at_mark(&channel.line);
            if strict && (answer.is_none() || !own.is_empty()) {
                return Ok(Err(String::from_utf8_lossy(own).chars().take(60).collect()));
            }
            let Some(text) = answer else {
                continue;
            };
            return serde_json::from_slice(text).map(Ok).map_err(|error| {
                let why = format!("a malformed line of the protocol ({error})");
                channel.fail(Broken::Garbled(why))
            });
        }
    }

    /// Answers a callback.
    fn reply(&self, flow: ControlFlow<()>) {
        self.send(&if flow.is_break() {
            Question::Stop
        } else {
            Question::Go
        });
    }

    /// The next answer about a board of size `n`: lines up to
    /// [`LINE_BASE`] plus eight bytes a queen.
    fn answer(&self, n: usize) -> Answer {
        self.receive(LINE_BASE.saturating_add(n.saturating_mul(8)))
    }
}

impl Channel {
    /// The fault of a pipe that broke before.
    fn check(&self) -> Result<(), Fault> {
        self.broken.clone().map_or(Ok(()), Err)
    }

    /// Notes that the pipe broke; its fault, judged once.
    fn fail(&mut self, broken: Broken) -> Fault {
        let fault = self.broken.get_or_insert_with(|| (self.on_break)(broken));
        fault.clone()
    }
}

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

#[cfg(test)]
mod tests {
    use std::io::BufReader;
    use std::os::unix::net::UnixStream;

    use queens_core::{Attack, Search};

    use super::*;
    use crate::find_check;

    /// A correct row-by-row backtracking search, reporting every event.
    struct Rows;

    impl Search for Rows {
        const INFO: SolverInfo = SolverInfo {
            name: "rows",
            title: "rows",
            seeds: "",
            order: Order::RowMajor,
            levels: Levels::Rows,
            max_n: 12,
            practical_n: 12,
            workload: None,
        };

        fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
            let n = problem.n();
            let mut queens = Vec::with_capacity(n);
            let _ = place(problem, &mut queens, observer);
        }
    }

    /// Fills the next row; `Break` when the observer or the sink asked.
    fn place<O: Observer>(
        problem: &Problem,
        queens: &mut Vec<usize>,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let (n, row) = (problem.n(), queens.len());
        if row == n {
            return observer.solution(queens);
        }
        let columns: Vec<usize> = match problem.preplaced().iter().find(|q| q.row == row) {
            Some(queen) => vec![queen.col],
            None => (0..n).collect(),
        };
        for (index, &col) in columns.iter().enumerate() {
            let square = Square::new(row, col);
            let conflict = queens
                .iter()
                .enumerate()
                .find_map(|(r, &c)| Square::new(r, c).shared_line(square));
            observer.checked(square, row as u64, conflict);
            if conflict.is_some() {
                continue;
            }
            observer.placed(square)?;
            queens.push(col);
            let flow = place(problem, queens, observer);
            queens.pop();
            if flow.is_break() {
                return flow;
            }
            observer.removed(square);
            queens_core::observer::report_top_level(observer, row, index, (0, columns.len()));
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }

    /// Runs `check` on `make`'s solvers through a served pipe, the server
    /// on a thread of its own.
    fn judged_through_a_pipe(check: &str, make: fn() -> Box<dyn Solver>) -> Judged {
        judged_through(check, make, None)
    }

    /// A server's stdout on which its solver printed `chatter` before its
    /// first answer (while it was made): text of the student's own.
    struct Chatty<W> {
        inner: W,
        chatter: Option<&'static str>,
    }

    impl<W: Write> Write for Chatty<W> {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if let Some(chatter) = self.chatter.take() {
                self.inner.write_all(chatter.as_bytes())?;
            }
            self.inner.write(bytes)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            self.inner.flush()
        }
    }

    /// [`judged_through_a_pipe`], the server printing `chatter` first, and
    /// the link strict in `output_format` as a judge makes it.
    fn judged_through(
        check: &str,
        make: fn() -> Box<dyn Solver>,
        chatter: Option<&'static str>,
    ) -> Judged {
        let (judge_end, server_end) = UnixStream::pair().unwrap();
        let server_answers = Chatty {
            inner: server_end.try_clone().unwrap(),
            chatter,
        };
        let server = std::thread::spawn(move || {
            serve_on(&|| make(), BufReader::new(server_end), server_answers)
        });
        let link = Link::new(
            judge_end.try_clone().unwrap(),
            BufReader::new(judge_end),
            Box::new(|broken| Fault {
                verdict: Verdict::Crash,
                message: format!("the pipe broke: {broken:?}"),
            }),
        );
        link.set_strict(check == "output_format");
        let judged = judge(
            find_check(check).unwrap(),
            &|| Box::new(Remote::make(&link)),
            &Scope::with_seed(7).counting_to(8),
            None,
        );
        drop(link);
        assert_eq!(server.join().unwrap(), ExitCode::SUCCESS);
        judged
    }

    #[test]
    fn text_printed_beside_the_answers_costs_output_format_alone() {
        for (chatter, printed) in [
            ("debug: made\n", "\"debug: made\""),
            ("\n", "an empty line"),
            ("no newline", "\"no newline\""),
        ] {
            let judged = judged_through("output_format", || Box::new(Rows), Some(chatter));
            assert_eq!(judged.outcome.verdict, Verdict::Fail, "{chatter:?}");
            assert_eq!(
                judged.outcome.message,
                format!(
                    "making a solver object: printed {printed} on stdout, beside the answers: \
                     nothing else goes \
                     there (print to stderr what you want to see while testing)"
                )
            );
            let counts = judged_through("counts_match_oeis", || Box::new(Rows), Some(chatter));
            assert!(!counts.outcome.failed(), "{}", counts.outcome.message);
        }
    }

    #[test]
    fn every_check_passes_a_correct_solver_across_the_pipe() {
        for check in crate::CHECKS {
            let judged = judged_through_a_pipe(check.name, || Box::new(Rows));
            assert!(
                !judged.outcome.failed(),
                "{}: {}",
                check.name,
                judged.outcome.message
            );
        }
    }

    /// A solver that answers Break never: it goes on after the sink asks
    /// it to stop.
    struct Deaf;

    impl Solver for Deaf {
        fn info(&self) -> SolverInfo {
            Rows::INFO
        }

        fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
            Rows.solve(problem, &mut |queens| {
                let _ = sink(queens);
                ControlFlow::Continue(())
            })
        }

        fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
            self.solve(problem, sink).map(|()| Stats::default())
        }

        fn solve_observed(
            &self,
            problem: &Problem,
            _observer: &mut dyn Observer,
            sink: &mut Sink<'_>,
        ) -> Result<(), Error> {
            self.solve(problem, sink)
        }
    }

    #[test]
    fn a_solver_that_ignores_break_is_seen_doing_so_across_the_pipe() {
        let judged = judged_through_a_pipe("stops_when_asked", || Box::new(Deaf));
        assert_eq!(judged.outcome.verdict, Verdict::Fail);
        assert_eq!(
            judged.outcome.message,
            "n = 7: asked to stop after 1 solution, solve emitted 40"
        );
    }

    /// A solver that prints the same garbage without end, until it is asked
    /// to stop: a queen in column 0 of every row, and one row too many on
    /// the boards where that would be a solution.
    struct Garbage;

    impl Solver for Garbage {
        fn info(&self) -> SolverInfo {
            Rows::INFO
        }

        fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
            let rows = if problem.n() < 2 {
                problem.n() + 1
            } else {
                problem.n()
            };
            let zeros = vec![0; rows];
            while sink(&zeros).is_continue() {}
            Ok(())
        }

        fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
            self.solve(problem, sink).map(|()| Stats::default())
        }

        fn solve_observed(
            &self,
            problem: &Problem,
            _observer: &mut dyn Observer,
            sink: &mut Sink<'_>,
        ) -> Result<(), Error> {
            self.solve(problem, sink)
        }
    }

    #[test]
    fn garbage_fails_every_check_that_reads_it_and_the_pipe_stays_in_step() {
        let stops = judged_through_a_pipe("stops_when_asked", || Box::new(Garbage));
        assert_eq!(stops.outcome.verdict, Verdict::Fail);
        assert_eq!(
            stops.outcome.message,
            "n = 7, asked to stop after 1 solution: [0, 0, 0, 0, 0, 0, 0] is not a solution: \
             queens at (row 0, col 0) and (row 1, col 0) share a column"
        );
        // proptest catches each failure and asks again while it shrinks: the
        // answers stay in step, and the smallest failing board is found.
        let random = judged_through_a_pipe("random_problems_match_reference", || Box::new(Garbage));
        assert_eq!(random.outcome.verdict, Verdict::Fail);
        assert!(
            random.outcome.message.starts_with(
                "n = 0, asked for every solution: [0] is not a solution: \
                 expected 0 queens, one per row, got 1 (the smallest"
            ),
            "{}",
            random.outcome.message
        );
    }

    /// A solver whose making panics.
    struct Unmakeable;

    #[test]
    fn a_panic_while_making_the_solver_is_its_crash() {
        let judged = judged_through_a_pipe("counts_match_oeis", || -> Box<dyn Solver> {
            let _ = Unmakeable;
            panic!("no solver today")
        });
        assert_eq!(judged.outcome.verdict, Verdict::Crash);
        assert_eq!(
            judged.outcome.message,
            "making a solver object: the solver panicked: no solver today"
        );
    }

    #[test]
    fn answers_are_found_after_the_mark_whatever_precedes_it() {
        assert_eq!(after_mark(b"\x1equeens {}"), Some(&b"{}"[..]));
        assert_eq!(
            after_mark(b"debug: 3\x1equeens {\"done\":{}}"),
            Some(&b"{\"done\":{}}"[..])
        );
        assert_eq!(after_mark(b"1 3 0 2"), None);
    }

    #[test]
    fn lines_longer_than_the_bound_are_refused() {
        let mut line = Vec::new();
        let mut short = &b"abc\ndef"[..];
        assert_eq!(read_line(&mut short, 4, &mut line), Ok(true));
        assert_eq!(line, b"abc");
        assert_eq!(read_line(&mut short, 4, &mut line), Ok(true));
        assert_eq!(line, b"def");
        assert_eq!(read_line(&mut short, 4, &mut line), Ok(false));
        let mut long = &b"abcdefgh\n"[..];
        assert_eq!(
            read_line(&mut long, 4, &mut line),
            Err("a line longer than 4 bytes".to_owned())
        );
    }

    #[test]
    fn the_wire_forms_are_pinned() {
        let question = Question::Solve {
            solver: 0,
            entry: Entry::Counted,
            n: 4,
            queens: vec![Square::new(0, 1)],
        };
        assert_eq!(
            serde_json::to_string(&question).unwrap(),
            r#"{"solve":{"solver":0,"entry":"counted","n":4,"queens":[{"row":0,"col":1}]}}"#
        );
        assert_eq!(serde_json::to_string(&Question::Go).unwrap(), r#""go""#);
        let answer = Answer::Event(Event::Checked(Square::new(1, 2), 3, Some(Line::Diagonal)));
        assert_eq!(
            serde_json::to_string(&answer).unwrap(),
            r#"{"event":{"checked":[{"row":1,"col":2},3,"diagonal"]}}"#
        );
    }

    #[test]
    fn errors_and_decisions_cross_the_pipe_unchanged() {
        let errors = [
            Error::TooLarge {
                solver: "ada",
                n: 9,
                max_n: 8,
            },
            Error::FindsOne { solver: "ada" },
            Error::Problem(ProblemError::Attack(Attack {
                first: Square::new(0, 0),
                second: Square::new(1, 1),
                line: Line::Diagonal,
            })),
        ];
        for error in errors {
            let wire: WireError =
                serde_json::from_str(&serde_json::to_string(&WireError::from(&error)).unwrap())
                    .unwrap();
            assert_eq!(Error::from(wire), error);
        }
        let rule = Decision::Rule { rule: "n mod 6" };
        assert_eq!(Decision::from(WireDecision::from(rule)), rule);
    }

    #[test]
    fn names_are_interned_once() {
        let first = intern("ada".to_owned());
        let second = intern("ada".to_owned());
        assert!(std::ptr::eq(first, second));
        assert_eq!(intern("x".repeat(300)).len(), 200);
    }
}
