//! The judge's end of a pipe ([`Link`]): questions written as lines of
//! JSON; answers read after [`MARK`](super::MARK), past the student's own printing or,
//! when strict, raised as a [`Slip`]; and a pipe that breaks judged once by
//! its owner ([`OnBreak`]) into the [`Fault`] every later call ends with.

use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::protocol::{Answer, LINE_BASE, Question, read_line, split_at_mark};
use crate::{Fault, Slip};

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
/// after [`MARK`](super::MARK): the solvers [`serve`](super::serve) serves, or any other protocol of
/// the same framing (a grader's relay of a program).
pub struct Link {
    channel: Mutex<Channel>,
    /// Solver objects made through it, numbered in order as [`serve`](super::serve)
    /// numbers them.
    pub(super) made: std::sync::atomic::AtomicUsize,
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
    pub(super) fn reply(&self, flow: ControlFlow<()>) {
        self.send(&if flow.is_break() {
            Question::Stop
        } else {
            Question::Go
        });
    }

    /// The next answer about a board of size `n`: lines up to
    /// [`LINE_BASE`] plus eight bytes a queen.
    pub(super) fn answer(&self, n: usize) -> Answer {
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
