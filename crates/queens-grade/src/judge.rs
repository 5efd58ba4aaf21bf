//! The judge: one check of one submission, computed in a process the
//! submission's code cannot reach.
//!
//! The grader starts `queens-grade judge` for each check, outside any jail,
//! as its own user, not dumpable (`PR_SET_DUMPABLE 0`, so that no process of
//! the same user can trace it or read its memory), a child subreaper (so that
//! whatever the submission starts stays below it, to be measured and
//! killed), and killed with its parent. It reads one [`Request`] on stdin:
//! the check, the scope, and how to start the student's side. It starts that
//! side confined (a box of its own, cgroups, the jail where there is one:
//! [`queens_jail::sandbox`]), watched by the rules of [`queens_jail::isolation`], and
//! questions it over a pipe: a Rust crate's harness answers in the protocol
//! of [`queens_conformance::remote`], a program is run once per question by
//! the relay ([`queens_build::relay`]). The check itself runs here, in the judge,
//! on the answers; its verdict is this process's one line of JSON on stdout,
//! a [`Report`], the only thing the grader reads of a check. What the
//! student's side prints is data the check weighs, never a verdict: a
//! `solver()` that prints a passing report scores what a solver that emits
//! nothing scores.
//!
//! When the student's side breaks the pipe (it crashed, was stopped for its
//! time, output, disk or memory, or wrote what the protocol does not allow),
//! the judge words how it ended ([`fault_of`]) and the check ends with that
//! fault, prefixed with the question under way.

use std::ffi::OsString;
use std::io::{BufReader, Read};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use queens_build::side::Side;
use queens_conformance::remote::{self, Broken, Link, Remote};
use queens_conformance::{Fault, Scope, TooSlow, Verdict, find_check};
use queens_core::Solver;
use queens_jail::isolation::{Ending, SYSTEM_PATH, Session};
use queens_jail::limits::ResourceLimits;
use queens_jail::sandbox::{Confinement, Spec};
use queens_jail::watcher::{StopRules, Stopped};
use queens_jail::words::{last_line, signal_name};
use serde::{Deserialize, Serialize};

use crate::program::Program;

/// The check of what a submission writes beside its answers: the one check
/// in which a slip of form is raised rather than read past.
const OUTPUT_FORMAT: &str = "output_format";

/// The most bytes of a request the judge reads.
const LARGEST_REQUEST: u64 = 1 << 20;

/// What the grader asks a judge.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Request {
    /// The check's name.
    pub check: String,
    /// How far it goes, and its seed.
    pub scope: Scope,
    /// The board from which nothing is asked, after an earlier timeout.
    pub too_slow: Option<TooSlow>,
    /// The student's side.
    pub side: Side,
    /// How it is confined.
    pub confinement: Confinement,
    /// The grader's own binary (its `limited` and `relay`).
    pub grader: PathBuf,
    /// Its working folder.
    pub work: PathBuf,
    /// What it may read besides the system.
    pub readable: Vec<PathBuf>,
    /// Its submission's group.
    pub group: Option<u32>,
    /// Its limits.
    pub limits: Limits,
    /// When it is stopped.
    pub rules: StopRules,
    /// The time limit in words, for a timeout's message: "10 s of
    /// processor time".
    pub time_limit: String,
}

/// The limits of the student's side, as the assignment gives them.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Limits {
    pub memory_mib: u64,
    pub stack_mib: u64,
    pub cpu_seconds: u64,
    pub file_mib: u64,
    pub processes: u64,
    pub output_mib: u64,
    pub scratch_mib: u64,
}

/// What the judge found: the check's verdict, the board the submission ran
/// out of time on (if it did), and the processor time it used.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Report {
    /// How the check ended.
    #[serde(rename = "status")]
    pub verdict: Verdict,
    /// What was checked, or the first fault found.
    pub message: String,
    /// Where it ran out of time, for the checks after it.
    pub too_slow: Option<TooSlow>,
    /// The processor time the student's side used, in seconds.
    pub processor: f64,
    /// Whether the clock stopped it while its processor time was under
    /// its limit: the machine was too busy to tell, and the check is run
    /// again rather than held against the student.
    pub busy: bool,
}

/// `queens-grade judge`: reads a request on stdin, judges, writes the
/// report on stdout. Errs with one line when the request cannot be judged
/// at all.
pub(crate) fn main() -> Result<Report, String> {
    // Out of reach of every process of this user, and gone with the grader.
    nix::sys::prctl::set_dumpable(false).map_err(|error| format!("not dumpable: {error}"))?;
    nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL)
        .map_err(|error| format!("cannot die with the grader: {error}"))?;
    nix::sys::prctl::set_child_subreaper(true)
        .map_err(|error| format!("cannot be a subreaper: {error}"))?;
    let mut text = Vec::new();
    std::io::stdin()
        .take(LARGEST_REQUEST)
        .read_to_end(&mut text)
        .map_err(|error| format!("cannot read the request: {error}"))?;
    let request: Request =
        serde_json::from_slice(&text).map_err(|error| format!("malformed request: {error}"))?;
    judge(&request)
}

/// Judges one check.
fn judge(request: &Request) -> Result<Report, String> {
    let check = find_check(&request.check)
        .ok_or_else(|| format!("no check is called {:?}", request.check))?;
    let mut session = Session::start(
        request.confinement.launch(spec(request))?,
        request.rules.clone(),
    )?;
    let questions = session.stdin.take().ok_or("no stdin")?;
    let answers = BufReader::new(session.stdout.take().ok_or("no stdout")?);
    let session = Arc::new(Mutex::new(Watched {
        session,
        ending: None,
    }));
    let on_break = {
        let session = Arc::clone(&session);
        let (request, subject) = (request.clone(), subject(&request.side));
        Box::new(move |broken: Broken| {
            let mut watched = session
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            fault_of(broken, watched.ending(), &request, subject)
        })
    };
    let link = Link::new(questions, answers, on_break);
    link.set_strict(check.name == OUTPUT_FORMAT);
    let judged = match &request.side {
        Side::Crate { .. } => remote::judge(
            check,
            &|| Box::new(Remote::make(&link)),
            &request.scope,
            request.too_slow.clone(),
        ),
        Side::Program { answers, .. } => {
            let (memory, halted) = {
                let watched = session
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let run = &watched.session;
                (run.memory.clone(), Arc::clone(&run.halted))
            };
            let program = Program::new(
                Arc::clone(&link),
                request.scope.order,
                (memory, request.limits.memory_mib),
                halted,
                check.name == OUTPUT_FORMAT,
                answers.clone(),
            );
            let make = || -> Box<dyn Solver> { Box::new(program.clone()) };
            remote::judge(check, &make, &request.scope, request.too_slow.clone())
        }
    };
    // The student's side reads the end of its input and exits, or is
    // stopped; its processor time is known once it has.
    drop(link);
    let mut watched = session
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let ending = watched.ending();
    Ok(Report {
        verdict: judged.outcome.verdict,
        message: judged.outcome.message,
        too_slow: judged.too_slow,
        processor: ending.processor.as_secs_f64(),
        busy: matches!(ending.stopped, Some(Stopped::WallTime(_))),
    })
}

/// The confined run of the student's side.
fn spec(request: &Request) -> Spec<'_> {
    let limits = &request.limits;
    let mut environment: Vec<(OsString, OsString)> = vec![("RUST_BACKTRACE".into(), "0".into())];
    let (command, mut readable) = match &request.side {
        Side::Crate { harness } => (vec![harness.clone().into_os_string()], Vec::new()),
        Side::Program {
            command,
            environment: wanted,
            ..
        } => {
            let mut relayed: Vec<OsString> = vec![request.grader.clone().into(), "relay".into()];
            relayed.push("--".into());
            relayed.extend(command.iter().cloned());
            environment.extend(
                wanted
                    .iter()
                    .map(|(name, value)| (name.into(), value.into())),
            );
            (relayed, vec![request.grader.clone()])
        }
    };
    readable.extend(request.readable.iter().cloned());
    Spec {
        grader: &request.grader,
        command,
        work: &request.work,
        fresh_work: true,
        readable,
        writable: Vec::new(),
        path: SYSTEM_PATH.into(),
        environment,
        limits: ResourceLimits {
            memory_mib: limits.memory_mib,
            stack_mib: limits.stack_mib,
            cpu_seconds: limits.cpu_seconds,
            file_mib: limits.file_mib,
            ..ResourceLimits::default()
        },
        processes: limits.processes,
        group: request.group,
        boxed: None,
    }
}

/// The student's side's run and, once seen, how it ended.
struct Watched {
    session: Session,
    ending: Option<Ending>,
}

impl Watched {
    /// How the run ended: given a second to end by itself, then stopped.
    fn ending(&mut self) -> &Ending {
        self.ending
            .get_or_insert_with(|| self.session.ending(Duration::from_secs(1)))
    }
}

/// Who the student's side is, in messages.
fn subject(side: &Side) -> &'static str {
    match side {
        Side::Crate { .. } => "the solver's process",
        Side::Program { .. } => "the program",
    }
}

/// The fault a check ends with when the pipe to the student's side broke,
/// from how that side ended.
fn fault_of(broken: Broken, ending: &Ending, request: &Request, subject: &str) -> Fault {
    let crash = |message: String| Fault {
        verdict: Verdict::Crash,
        message,
    };
    let timeout = |message: String| Fault {
        verdict: Verdict::Timeout,
        message,
    };
    let limits = &request.limits;
    if let Broken::Garbled(why) = broken {
        return crash(format!("{subject} wrote {why}"));
    }
    if ending.out_of_memory && ending.stopped.is_none() {
        return crash(format!(
            "out of memory: past the assignment's {} MiB (a memory cgroup, which counts \
             shared memory and tmpfs files too)",
            limits.memory_mib
        ));
    }
    match ending.stopped {
        Some(Stopped::ProcessorTime(_)) => {
            return timeout(format!("took more than {}", request.time_limit));
        }
        Some(Stopped::Idle(idle)) => {
            return timeout(format!(
                "used no processor for {} s (sleeping, or waiting for input that never comes)",
                idle.as_secs()
            ));
        }
        Some(Stopped::WallTime(wall)) => {
            return timeout(format!(
                "took longer than {} s on the clock",
                wall.as_secs()
            ));
        }
        Some(Stopped::Output(_)) => {
            return crash(format!(
                "{subject} printed more than {} MiB (the assignment's limits.output_mib)",
                limits.output_mib
            ));
        }
        Some(Stopped::Disk(_)) => {
            return crash(format!(
                "{subject} wrote more than {} MiB (the assignment's limits.scratch_mib)",
                limits.scratch_mib
            ));
        }
        None => {}
    }
    crash(died(ending, limits.memory_mib, subject))
}

/// How the student's side died by itself, with its last words.
fn died(ending: &Ending, memory_mib: u64, subject: &str) -> String {
    use std::os::unix::process::ExitStatusExt;
    let text = String::from_utf8_lossy(&ending.stderr);
    if text.contains("has overflowed its stack") {
        return "stack overflow: the recursion went deeper than the stack allows".to_owned();
    }
    if text.contains("memory allocation of") || text.contains("out of memory") {
        return format!("out of memory: past the assignment's {memory_mib} MiB");
    }
    let cause = match ending.status {
        Some(status) => match status.signal() {
            Some(signal) => format!("{subject} was killed by {}", signal_name(signal)),
            None if status.success() => format!("{subject} ended before it answered"),
            None => format!("{subject} {}", queens_jail::words::ending(status)),
        },
        None => format!("{subject} was stopped"),
    };
    let last = last_line(&ending.stderr);
    if last.is_empty() {
        cause
    } else {
        format!("{cause}: {last}")
    }
}
