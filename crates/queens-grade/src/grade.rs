//! Grading a class: every submission built, every check of the groups that
//! count run in a confined process of its own, each ending in a verdict, and
//! the score weighed by the assignment.
//!
//! Nothing a submission does can stop the run: a build that fails or a path
//! that is not a submission is that submission's verdict; a check that
//! panics is a CRASH, one that dies by a signal is a CRASH naming it, one
//! that passes its limit of processor time is a TIMEOUT naming the question
//! it was asking, and its process group is killed.
//!
//! Submissions are graded side by side, `jobs` at a time; the checks of one
//! submission run one after another, in the suite's order, so that what an
//! earlier check found can spare the later ones: after a TIMEOUT on a board
//! of size n, the later checks ask nothing about a board of n or more and
//! end NOT REACHED the moment they come to one, and once the submission has
//! used its `seconds_per_submission` the checks left are NOT REACHED
//! without running. Both depend on what the submission did in the checks
//! before, never on which of two checks happened to finish first, so one
//! seed gives one report.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use queens_build::assignment::Assignment;
use queens_build::prepare::{Built, GRANTED_WITH, Workshop, cpu_backstop};
use queens_build::submission::{Kind, Submission};
use queens_conformance::{CHECKS, Check, Group, Scope, TooSlow, Verdict};
use queens_jail::isolation::{Job, Launch, SYSTEM_PATH};
use queens_jail::limits::ResourceLimits;
use queens_jail::watcher::{Disk, StopRules};
use queens_jail::words::{cut, last_line};

use crate::grading::{CheckResult, Graded, Grading, Progress};
use crate::judge::{self, Report};
use crate::marks::Marks;

/// Grades `submissions`, `jobs` at a time.
pub(crate) fn grade(
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
        .filter(|check| assignment.weights.runs(check))
        .collect();
    progress.start(submissions.len() * (1 + checks.len()));
    let grader = Grader {
        workshop,
        checks: &checks,
        scope: assignment.scope(seed),
        progress,
    };
    // Programs first, while the suite's dependencies build for the crates
    // on a thread of their own: no job waits for that build while there is
    // a program to grade.
    let is_crate = |index: &usize| submissions[*index].kind == Kind::Crate;
    let order: Vec<usize> = (0..submissions.len())
        .filter(|index| !is_crate(index))
        .chain((0..submissions.len()).filter(is_crate))
        .collect();
    let graded = std::thread::scope(|scope| {
        if order.iter().any(is_crate) {
            // A build that fails is each crate's to report: each is then
            // built from nothing.
            scope.spawn(|| workshop.build_warm_folder());
        }
        in_parallel(jobs, &order, |index| {
            let graded = grader.grade(index, &submissions[index]);
            progress.graded(&graded);
            graded
        })
    });
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

/// What grading one submission needs.
struct Grader<'a> {
    workshop: &'a Workshop,
    checks: &'a [&'static Check],
    scope: Scope,
    progress: &'a dyn Progress,
}

impl Grader<'_> {
    /// Builds submission number `index` and runs its checks in order.
    fn grade(&self, index: usize, submission: &Submission) -> Graded {
        let started = Instant::now();
        let built = self.workshop.prepare(index, submission);
        self.progress.advance(&format!("built {}", submission.name));
        let (not_checked, mut checks) = match built {
            Ok(built) => (None, self.run_checks(submission, &built)),
            Err(reason) => {
                for _ in self.checks {
                    self.progress.advance(&submission.name);
                }
                (Some(reason), Vec::new())
            }
        };
        weigh(&self.workshop.assignment, &mut checks);
        Graded {
            name: submission.name.clone(),
            path: submission.path.clone(),
            kind: submission.kind.label().to_owned(),
            not_checked,
            score: score(&checks),
            checks,
            seconds: started.elapsed().as_secs_f64(),
        }
    }

    /// Runs the checks of a built submission one after another: after a
    /// TIMEOUT on a board of size n the later ones ask nothing about boards
    /// of n or more, and once the submission has used its processor time
    /// the rest are not run.
    fn run_checks(&self, submission: &Submission, built: &Built) -> Vec<CheckResult> {
        let limits = &self.workshop.assignment.limits;
        let budget = Duration::from_secs_f64(limits.seconds_per_submission * built.time_factor);
        let mut used = Duration::ZERO;
        let mut too_slow: Option<TooSlow> = None;
        let mut results = Vec::new();
        for &check in self.checks {
            let result = if let Some(reason) = built.not_applicable(check.name) {
                result(check, Verdict::NotApplicable, reason.to_owned(), 0.0)
            } else if let Some(reason) = built.granted(check.name) {
                result(check, Verdict::Pass, reason.to_owned(), 0.0)
            } else if used >= budget {
                let message = format!(
                    "not run: the submission used its {} s of processor time \
                     (limits.seconds_per_submission)",
                    fmt_seconds(budget)
                );
                result(check, Verdict::NotReached, message, 0.0)
            } else {
                let run = twice_if_busy(|| {
                    run_check(
                        self.workshop,
                        built,
                        check,
                        (self.scope, too_slow.clone()),
                        budget - used,
                    )
                });
                used += run.processor;
                if let Some(slow) = run.too_slow
                    && too_slow
                        .as_ref()
                        .is_none_or(|known| slow.from_n < known.from_n)
                {
                    too_slow = Some(slow);
                }
                run.result
            };
            self.progress
                .advance(&format!("{} {}", submission.name, check.name));
            results.push(result);
        }
        grant(built, &mut results);
        results
    }
}

/// Takes back the checks granted to a submission that did not pass
/// [`GRANTED_WITH`]: a program whose answers are not valid solutions is
/// granted nothing.
fn grant(built: &Built, results: &mut [CheckResult]) {
    let valid = results
        .iter()
        .any(|check| check.name == GRANTED_WITH && check.verdict == Verdict::Pass);
    if valid {
        return;
    }
    for check in results
        .iter_mut()
        .filter(|check| built.granted(check.name).is_some())
    {
        check.verdict = Verdict::Fail;
        check.message = format!(
            "not granted: {}, but it is granted only to a program that passes {GRANTED_WITH}",
            check.message
        );
    }
}

/// A check's result, its weight not yet known.
fn result(check: &Check, verdict: Verdict, message: String, seconds: f64) -> CheckResult {
    CheckResult {
        name: check.name,
        group: check.group,
        verdict,
        message,
        seconds,
        weight: 0.0,
    }
}

/// Gives each check that counts its weight in the score (the assignment's
/// [`queens_build::weights`]), among the checks that apply to the submission.
fn weigh(assignment: &Assignment, checks: &mut [CheckResult]) {
    let applying: Vec<(&str, Group)> = checks
        .iter()
        .filter(|check| check.verdict.counts())
        .map(|check| (check.name, check.group))
        .collect();
    let mut shares = assignment.weights.shares(&applying).into_iter();
    for check in checks.iter_mut().filter(|check| check.verdict.counts()) {
        check.weight = shares.next().unwrap_or_default();
    }
}

/// `work(index)` for every index of `order`, taken in that order by
/// `jobs` threads; the results in index order.
fn in_parallel<T: Send>(jobs: usize, order: &[usize], work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..order.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, order.len().max(1)) {
            scope.spawn(|| {
                while let Some(&index) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
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

/// The score out of 100: the weighed share of the checks that count that
/// passed; 0 for a submission that could not be checked. Exact: reports
/// round it only to show it.
fn score(checks: &[CheckResult]) -> f64 {
    let total: f64 = checks.iter().map(|check| check.weight).sum();
    // A fold from +0.0, not `sum`, which starts from -0.0: nothing earned
    // is a score of 0, never "-0".
    let earned = checks
        .iter()
        .filter(|check| check.verdict == Verdict::Pass)
        .fold(0.0, |earned, check| earned + check.weight);
    if total > 0.0 {
        100.0 * earned / total
    } else {
        0.0
    }
}

/// What a check's run found: its result, the processor time it used, the
/// board it ran out of time on (if it did), and whether the clock stopped
/// it while its processor time was under its limit.
struct CheckRun {
    result: CheckResult,
    processor: Duration,
    too_slow: Option<TooSlow>,
    busy: bool,
}

/// Runs a check with `run`, and again when the machine was too busy to
/// tell: a second busy run is NOT GRADED, never the student's TIMEOUT, and
/// spares no later check a board.
fn twice_if_busy(run: impl Fn() -> CheckRun) -> CheckRun {
    let first = run();
    if !first.busy {
        return first;
    }
    let mut second = run();
    if second.busy {
        second.result.verdict = Verdict::NotGraded;
        second.result.message = format!(
            "not graded: the machine was too busy: twice the check was stopped by the clock \
             with its processor time under its limit ({}); grade it again",
            second.result.message
        );
        second.too_slow = None;
    }
    second
}

/// Runs one check of a built submission, with at most `left` of the
/// submission's processor time: a judge of its own ([`crate::judge`])
/// questions the submission, confined, and its report is the verdict.
fn run_check(
    workshop: &Workshop,
    built: &Built,
    check: &Check,
    (scope, too_slow): (Scope, Option<TooSlow>),
    left: Duration,
) -> CheckRun {
    let limits = &workshop.assignment.limits;
    let per_check = Duration::from_secs_f64(limits.seconds_per_check * built.time_factor);
    let processor = per_check.min(left);
    let time_limit = if processor < per_check {
        format!(
            "the {} s of processor time the submission had left (limits.seconds_per_submission)",
            fmt_seconds(processor)
        )
    } else {
        format!("{} s of processor time", fmt_seconds(processor))
    };
    let work = built.home.join("work").join(check.name);
    let confinement = &workshop.confinement;
    // Without the jail's tmpfs, the bytes the check writes are watched.
    let disk = (!confinement.is_sandboxed()).then(|| {
        let mut roots = vec![work.clone()];
        if confinement.boxes() {
            roots.extend(queens_jail::boxes::SHARED_TEMPORARY.map(PathBuf::from));
        }
        Disk {
            roots,
            limit: limits.scratch_mib << 20,
            every: Duration::from_millis(100),
        }
    });
    let request = judge::Request {
        check: check.name.to_owned(),
        scope,
        too_slow,
        side: built.side.clone(),
        confinement: confinement.clone(),
        grader: workshop.grader.clone(),
        work: work.clone(),
        readable: built.readable.clone(),
        group: built.gid(),
        limits: judge::Limits {
            memory_mib: limits.memory_mib,
            stack_mib: limits.stack_mib,
            cpu_seconds: cpu_backstop(processor.as_secs_f64() * 2.0),
            file_mib: 64,
            processes: limits.processes,
            output_mib: limits.output_mib,
            scratch_mib: limits.scratch_mib,
        },
        rules: StopRules {
            processor: Some(processor),
            idle: true,
            wall: wall_backstop(processor),
            output: (limits.output_mib << 20) + CHILD_CHATTER,
            disk,
        },
        time_limit,
    };
    // Made here, never its parents (an interrupted grader removes them); a
    // check run again finds it made.
    let made = std::fs::create_dir(&work).or_else(|error| match error.kind() {
        std::io::ErrorKind::AlreadyExists => Ok(()),
        _ => Err(error),
    });
    let judged = made
        .map_err(|error| (format!("cannot make {}: {error}", work.display()), false))
        .and_then(|()| ask_the_judge(workshop, &built.home, &request, processor));
    match judged {
        Ok((report, seconds)) => CheckRun {
            result: result(
                check,
                report.verdict,
                cut(&report.message, MESSAGE_LENGTH),
                seconds,
            ),
            processor: Duration::from_secs_f64(report.processor),
            too_slow: report.too_slow,
            busy: report.busy,
        },
        Err((error, busy)) => CheckRun {
            result: result(check, Verdict::Crash, error, 0.0),
            processor: Duration::ZERO,
            too_slow: None,
            busy,
        },
    }
}

/// Runs the judge of `request` (the grader's own binary, unconfined but
/// for its limits: it runs none of the submission's code) and reads its
/// report, the one line it prints, and how long it took on the clock. Errs
/// when it ends without one, saying whether the clock stopped it (a
/// machine too busy to tell).
fn ask_the_judge(
    workshop: &Workshop,
    home: &std::path::Path,
    request: &judge::Request,
    processor: Duration,
) -> Result<(Report, f64), (String, bool)> {
    let limits = ResourceLimits {
        memory_mib: JUDGE_MEMORY_MIB,
        stack_mib: 64,
        cpu_seconds: cpu_backstop(wall_backstop(processor).as_secs_f64() * 2.0),
        file_mib: 64,
        ..ResourceLimits::default()
    };
    let mut command: Vec<std::ffi::OsString> =
        vec![workshop.grader.clone().into(), "limited".into()];
    command.extend(limits.arguments());
    command.extend(["--".into(), workshop.grader.clone().into(), "judge".into()]);
    let ending = Job {
        launch: Launch {
            command,
            work: home.to_owned(),
            path: SYSTEM_PATH.into(),
            environment: Vec::new(),
            cgroups: None,
            boxed: None,
        },
        stdin: serde_json::to_vec(request).expect("a request serialises"),
        stop: StopRules {
            processor: None,
            idle: false,
            wall: wall_backstop(processor) + Duration::from_secs(30),
            output: 1 << 20,
            disk: None,
        },
    }
    .run()
    .map_err(|error| (error, false))?;
    String::from_utf8_lossy(&ending.stdout)
        .lines()
        .find_map(|line| serde_json::from_str::<Report>(line).ok())
        .map(|report| (report, ending.elapsed.as_secs_f64()))
        .ok_or_else(|| {
            let message = format!(
                "the grader's judge ended without a verdict ({}): {}",
                ending
                    .status
                    .map_or("stopped".to_owned(), queens_jail::words::ending),
                last_line(&ending.stderr)
            );
            (message, ending.stopped.is_some())
        })
}

/// The memory the judge may use: the reference's sets and what a check
/// collects of the student's output, which its output limit bounds.
const JUDGE_MEMORY_MIB: u64 = 4096;

/// Bytes a check's student side may print besides its solutions: the
/// protocol's framing.
const CHILD_CHATTER: u64 = 1 << 20;

/// The wall-clock backstop for a check of `processor` time: generous, so
/// that a loaded machine (which slows the clock, not the processor time)
/// meets it only past a load of five runnable processes a core, and only a
/// process that neither works nor idles meets it otherwise.
fn wall_backstop(processor: Duration) -> Duration {
    processor * 5 + Duration::from_secs(30)
}

/// Seconds for a message: "10", "2.5".
fn fmt_seconds(time: Duration) -> String {
    let seconds = time.as_secs_f64();
    if seconds.fract().abs() < 0.05 {
        format!("{seconds:.0}")
    } else {
        format!("{seconds:.1}")
    }
}

/// The longest message a report keeps: a program that prints a megabyte on
/// one line must not make the gradebook a megabyte.
const MESSAGE_LENGTH: usize = 400;

/// The grader's own binary, which its check processes run.
pub(crate) fn grader_binary() -> Result<PathBuf, String> {
    std::env::current_exe().map_err(|error| format!("cannot find the grader's own binary: {error}"))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use queens_core::Finds;

    use super::*;

    /// The checks a solver that finds every solution is graded on under the
    /// assignment `text` (laid over the default), each passed but those
    /// named in `failed`, weighed as a run weighs them.
    fn graded(text: &str, failed: &[&str]) -> Vec<CheckResult> {
        let assignment = Assignment::parse(text, "the test's assignment").expect("it parses");
        let mut checks: Vec<CheckResult> = CHECKS
            .iter()
            .filter(|check| assignment.weights.runs(check) && check.applies.to(Finds::All))
            .map(|check| {
                let verdict = if failed.contains(&check.name) {
                    Verdict::Fail
                } else {
                    Verdict::Pass
                };
                result(check, verdict, String::new(), 0.0)
            })
            .collect();
        weigh(&assignment, &mut checks);
        checks
    }

    /// The teachers' page, read as one line: a sentence may break anywhere.
    fn grading_page() -> (String, String) {
        let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/grading.md");
        let text = std::fs::read_to_string(page).expect("docs/grading.md exists");
        let prose = text.split_whitespace().collect::<Vec<_>>().join(" ");
        (text, prose)
    }

    /// "How marks are weighed" quotes scores and weights: each is what
    /// this module computes, and each example's share of the checks is its
    /// row in the report excerpt above it, which the grader's tests check
    /// against a real run.
    #[test]
    fn the_grading_page_quotes_the_marks_the_grader_computes() {
        let (text, prose) = grading_page();
        let says = |sentence: String| {
            assert!(
                prose.contains(&sentence),
                "docs/grading.md does not say {sentence:?}: the grader computes it so"
            );
        };
        let all = graded("", &[]);
        let checks = all.len();
        says(format!(
            "each of the {checks} correctness checks that apply to a solver that finds every \
             solution is worth 100/{checks} ≈ {:.1} marks",
            100.0 * all[0].weight / all.iter().map(|check| check.weight).sum::<f64>()
        ));
        let stray = score(&graded("", &["output_format"]));
        says(format!(
            "(`python-stray-line`: {}/{checks}, {stray:.1})",
            checks - 1
        ));
        let three: Vec<&str> = all.iter().take(3).map(|check| check.name).collect();
        says(format!(
            "CSV, JSON and Gradescope carry it exact ({} for {} of {checks})",
            score(&graded("", &three)),
            checks - 3
        ));
        let heavy = graded("[weights]\noutput_format = 3", &["output_format"]);
        let part = heavy.iter().map(|check| check.weight).fold(1.0, f64::min);
        let lost = heavy
            .iter()
            .find(|check| check.verdict == Verdict::Fail)
            .map(|check| check.weight / part);
        says(format!(
            "With `[weights] output_format = 3`, the {checks} checks are {} parts and \
             `python-stray-line` loses {} of them ({})",
            (1.0 / part).round(),
            lost.expect("one check failed").round(),
            score(&heavy)
        ));
        let split = graded("[weights]\ncorrectness = 3.0\ninstrumentation = 1.0", &[]);
        let weight_of = |group: Option<Group>| -> f64 {
            let of_group = split
                .iter()
                .filter(|check| group.is_none_or(|g| check.group == g));
            of_group.map(|check| check.weight).sum()
        };
        let correctness = weight_of(Some(Group::Correctness)) / weight_of(None);
        assert_eq!(correctness, 0.75, "three quarters, as the page says");
        says("(`correctness = 3.0`, `instrumentation = 1.0`: three quarters and one quarter of the marks)".into());
        // Each example the prose names shows that share in its row.
        let mut named = 0;
        for quote in prose.split("(`").skip(1) {
            let Some((name, rest)) = quote.split_once("`: ") else {
                continue;
            };
            let share = rest.split([',', ')']).next().unwrap_or_default();
            if share.contains('/') {
                let row = format!("│ {name} ");
                let shown = text.lines().find(|line| line.starts_with(&row));
                assert!(
                    shown.is_some_and(|line| line.contains(&format!(" {share} "))),
                    "docs/grading.md: {name} scores {share} in the prose, not in the excerpt"
                );
                named += 1;
            }
        }
        assert_eq!(
            named, 3,
            "the prose names python-stray-line, c-one-based and c-exponential"
        );
    }
}
