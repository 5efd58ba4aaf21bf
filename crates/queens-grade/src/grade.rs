//! Grading a class: every submission built, every check of the groups that
//! count run in a confined process of its own, on all cores, each ending in
//! a verdict, and the score weighed by the assignment.
//!
//! Nothing a submission does can stop the run: a build that fails or a path
//! that is not a submission is that submission's verdict; a check that
//! panics is a CRASH, one that dies by a signal is a CRASH naming it, one
//! that passes its deadline is a TIMEOUT, and its process group is killed.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use queens_conformance::isolated::{Report as ChildReport, Request};
use queens_conformance::{CHECKS, Check, Group, Status};
use serde::Serialize;

use crate::assignment::Assignment;
use crate::isolation::{Ending, Job, ResourceLimits, SYSTEM_PATH, last_line};
use crate::prepare::{Built, Workshop, cpu_backstop};
use crate::program::{ending, signal_name};
use crate::submission::Submission;

/// How one check ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Verdict {
    /// The solver passed it.
    Pass,
    /// A wrong answer.
    Fail,
    /// A panic, a signal, a failure status.
    Crash,
    /// Past the time limit.
    Timeout,
    /// Not run: the check does not apply to this kind of submission, and
    /// the score leaves it out.
    #[serde(rename = "N/A")]
    NotApplicable,
}

impl Verdict {
    /// The one-character symbol of tables.
    pub const fn symbol(self) -> char {
        match self {
            Verdict::Pass => '✓',
            Verdict::Fail => '✗',
            Verdict::Crash => 'C',
            Verdict::Timeout => 'T',
            Verdict::NotApplicable => '·',
        }
    }

    /// The word of reports: PASS, FAIL, CRASH, TIMEOUT.
    pub const fn word(self) -> &'static str {
        match self {
            Verdict::Pass => "PASS",
            Verdict::Fail => "FAIL",
            Verdict::Crash => "CRASH",
            Verdict::Timeout => "TIMEOUT",
            Verdict::NotApplicable => "N/A",
        }
    }
}

/// One check of one submission.
#[derive(Clone, Debug, Serialize)]
pub struct CheckResult {
    /// The check's name.
    pub name: &'static str,
    /// Its group.
    pub group: Group,
    /// How it ended.
    pub verdict: Verdict,
    /// What was checked, or what went wrong.
    pub message: String,
    /// How long its process took.
    pub seconds: f64,
}

/// One submission, graded.
#[derive(Clone, Debug, Serialize)]
pub struct Graded {
    /// The student's name.
    pub name: String,
    /// Where the submission is.
    pub path: PathBuf,
    /// "rust", a language's name, or "-".
    pub kind: String,
    /// Why it could not be checked (a build failure, not a submission).
    pub not_checked: Option<String>,
    /// Its checks, in the suite's order.
    pub checks: Vec<CheckResult>,
    /// Its score out of 100.
    pub score: f64,
}

/// A whole run.
#[derive(Clone, Debug, Serialize)]
pub struct Grading {
    /// The seed of the random problems; `--seed` repeats the run.
    pub seed: u64,
    /// Whether the checks ran in the sandbox, and how or why not.
    pub sandboxed: bool,
    /// The line that says so.
    pub confinement: String,
    /// The groups that count, with their weights.
    pub weights: Vec<(Group, f64)>,
    /// The checks of those groups, in order.
    pub checks: Vec<&'static str>,
    /// Every submission, in the order given.
    pub submissions: Vec<Graded>,
    /// Seconds the whole run took.
    pub seconds: f64,
}

/// Reports what the run is doing, for a progress bar.
pub trait Progress: Sync {
    /// `total` pieces of work (builds and checks) are known, or better known
    /// than before.
    fn start(&self, total: usize);
    /// One more is done; `what` names it.
    fn advance(&self, what: &str);
}

/// No progress shown.
pub struct Quiet;

impl Progress for Quiet {
    fn start(&self, _total: usize) {}
    fn advance(&self, _what: &str) {}
}

/// Grades `submissions` with `jobs` processes at a time.
pub fn grade(
    workshop: &Workshop,
    submissions: &[Submission],
    seed: u64,
    jobs: usize,
    progress: &dyn Progress,
) -> Grading {
    let started = Instant::now();
    let assignment = &workshop.assignment;
    let checks: Vec<&'static Check> = CHECKS
        .iter()
        .filter(|check| assignment.weights.of(check.group) > 0.0)
        .collect();
    progress.start(submissions.len() * (1 + checks.len()));
    let built: Vec<Result<Built, String>> = in_parallel(jobs, submissions.len(), |index| {
        let built = workshop.prepare(index, &submissions[index]);
        progress.advance(&format!("built {}", submissions[index].name));
        built
    });
    let tasks: Vec<(usize, &'static Check)> = built
        .iter()
        .enumerate()
        .filter(|(_, built)| built.is_ok())
        .flat_map(|(index, _)| checks.iter().map(move |&check| (index, check)))
        .collect();
    // The submissions that could not be built have no checks to wait for.
    progress.start(submissions.len() + tasks.len());
    let scope = assignment.scope(seed);
    let results = in_parallel(jobs, tasks.len(), |task| {
        let (index, check) = tasks[task];
        let built = built[index]
            .as_ref()
            .expect("only built submissions are checked");
        if let Some(reason) = built.not_applicable(check.name) {
            progress.advance(&format!("{} {}", submissions[index].name, check.name));
            return CheckResult {
                name: check.name,
                group: check.group,
                verdict: Verdict::NotApplicable,
                message: reason.to_owned(),
                seconds: 0.0,
            };
        }
        let result = run_check(
            workshop,
            built,
            check,
            &Request {
                check: check.name.to_owned(),
                scope,
            },
        );
        progress.advance(&format!("{} {}", submissions[index].name, check.name));
        result
    });
    let mut results = results.into_iter();
    let graded = submissions
        .iter()
        .zip(built)
        .map(|(submission, built)| {
            let (not_checked, checks) = match built {
                Ok(_) => (None, results.by_ref().take(checks.len()).collect()),
                Err(reason) => (Some(reason), Vec::new()),
            };
            let score = score(assignment, &checks);
            Graded {
                name: submission.name.clone(),
                path: submission.path.clone(),
                kind: submission.kind.label().to_owned(),
                not_checked,
                checks,
                score,
            }
        })
        .collect();
    Grading {
        seed,
        sandboxed: workshop.confinement.is_sandboxed(),
        confinement: workshop.confinement.describe(),
        weights: assignment
            .weights
            .counted()
            .into_iter()
            .map(|group| (group, assignment.weights.of(group)))
            .collect(),
        checks: checks.iter().map(|check| check.name).collect(),
        submissions: graded,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// `work(0..count)` on `jobs` threads, the results in index order.
fn in_parallel<T: Send>(jobs: usize, count: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count {
                        break;
                    }
                    let result = work(index);
                    results
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())[index] = Some(result);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .into_iter()
        .map(|result| result.expect("every index was worked"))
        .collect()
}

/// The score out of 100: each counted group's share of passed checks, by
/// weight, among the checks that apply (a group none of whose checks apply
/// to a submission is left out of its score).
fn score(assignment: &Assignment, checks: &[CheckResult]) -> f64 {
    let mut earned = 0.0;
    let mut total_weight = 0.0;
    for group in assignment.weights.counted() {
        let applying: Vec<&CheckResult> = checks
            .iter()
            .filter(|check| check.group == group && check.verdict != Verdict::NotApplicable)
            .collect();
        if checks.is_empty() || !applying.is_empty() {
            let weight = assignment.weights.of(group);
            let passed = applying
                .iter()
                .filter(|check| check.verdict == Verdict::Pass)
                .count();
            earned += weight * passed as f64 / applying.len().max(1) as f64;
            total_weight += weight;
        }
    }
    (1000.0 * earned / total_weight).round() / 10.0
}

/// Runs one check of a built submission in a confined process.
fn run_check(workshop: &Workshop, built: &Built, check: &Check, request: &Request) -> CheckResult {
    let limits = &workshop.assignment.limits;
    let deadline = Duration::from_secs_f64(limits.seconds_per_check * built.time_factor);
    let work = built.home.join("work").join(check.name);
    let stdin = serde_json::to_vec(request).expect("a request serialises");
    let ending = std::fs::create_dir_all(&work)
        .map_err(|error| format!("cannot make {}: {error}", work.display()))
        .and_then(|()| {
            Job {
                grader: &workshop.grader,
                command: built.command.clone(),
                work: &work,
                visible: Vec::new(),
                readable: built.readable.clone(),
                writable: Vec::new(),
                path: SYSTEM_PATH.into(),
                environment: vec![("RUST_BACKTRACE".into(), "0".into())],
                stdin,
                limits: ResourceLimits {
                    memory_mib: limits.memory_mib,
                    stack_mib: limits.stack_mib,
                    cpu_seconds: cpu_backstop(deadline.as_secs_f64() * 2.0),
                },
                deadline,
            }
            .run(&workshop.confinement)
        });
    let (verdict, message, seconds) = match ending {
        Ok(ending) => {
            let (verdict, message) = judge(&ending, deadline, limits.memory_mib);
            (verdict, message, ending.elapsed.as_secs_f64())
        }
        Err(error) => (Verdict::Crash, error, 0.0),
    };
    CheckResult {
        name: check.name,
        group: check.group,
        verdict,
        message,
        seconds,
    }
}

/// The verdict of a check process from how it ended.
fn judge(ending: &Ending, deadline: Duration, memory_mib: u64) -> (Verdict, String) {
    let (verdict, message) = judge_in_full(ending, deadline, memory_mib);
    (verdict, cut(&message, MESSAGE_LENGTH))
}

/// The longest message a report keeps: a program that prints a megabyte on
/// one line must not make the gradebook a megabyte.
const MESSAGE_LENGTH: usize = 400;

/// `text` cut to `length` characters, with an ellipsis when cut.
pub fn cut(text: &str, length: usize) -> String {
    match text.char_indices().nth(length) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// The verdict of a check process from how it ended, its message whole.
fn judge_in_full(ending: &Ending, deadline: Duration, memory_mib: u64) -> (Verdict, String) {
    let Some(status) = ending.status else {
        return (
            Verdict::Timeout,
            format!("took longer than {:.1} s", deadline.as_secs_f64()),
        );
    };
    let report = String::from_utf8_lossy(&ending.stdout)
        .lines()
        .find_map(|line| serde_json::from_str::<ChildReport>(line).ok());
    if let Some(report) = report {
        let verdict = match report.status {
            Status::Pass => Verdict::Pass,
            Status::Fail => Verdict::Fail,
            Status::Crash => Verdict::Crash,
            Status::NotApplicable => Verdict::NotApplicable,
        };
        // The suite words a panic as the solver's; a program's adapter
        // panics only to say what the program did.
        let message = report
            .message
            .replace("the solver panicked: the program ", "the program ");
        return (verdict, message);
    }
    (
        Verdict::Crash,
        crash_message(status, &ending.stderr, memory_mib),
    )
}

/// Why a check process died without a report, in a student's words.
fn crash_message(status: std::process::ExitStatus, stderr: &[u8], memory_mib: u64) -> String {
    use std::os::unix::process::ExitStatusExt;
    let text = String::from_utf8_lossy(stderr);
    if text.contains("has overflowed its stack") {
        return "stack overflow: the recursion went deeper than the stack allows".to_owned();
    }
    if text.contains("memory allocation of") || text.contains("out of memory") {
        return format!("out of memory: past the assignment's {memory_mib} MiB");
    }
    let last = last_line(stderr);
    let cause = match status.signal() {
        Some(signal) => format!("the check process was killed by {}", signal_name(signal)),
        None => format!("the check process {}", ending(status)),
    };
    if last.is_empty() {
        cause
    } else {
        format!("{cause}: {last}")
    }
}

/// The grader's own binary, which its check processes run.
pub fn grader_binary() -> Result<PathBuf, String> {
    std::env::current_exe().map_err(|error| format!("cannot find the grader's own binary: {error}"))
}

/// The folders to hide from checks: those that hold the submissions, so
/// that no submission reads another.
pub fn folders_to_hide(submissions: &[Submission]) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = submissions
        .iter()
        .filter_map(|submission| std::path::absolute(&submission.path).ok())
        .filter_map(|path| path.parent().map(Path::to_owned))
        .filter(|folder| folder != Path::new("/"))
        .collect();
    folders.sort();
    folders.dedup();
    folders
}
