//! Running the cells of a comparison, within a time limit.
//!
//! Each cell (one solver, one mode, one board size) is timed on the silent
//! path, `modes::answer` with [`Instrument::Off`], which compiles the
//! solver's observer calls away; its statistics come from one separate
//! [`Instrument::Counted`] run, so counting never inflates a time.
//!
//! # Time limits
//!
//! A cell may not run one search for longer than the time limit. Before it runs,
//! its time is predicted from what the same solver took on smaller boards:
//!
//! - a solver that declares its workload (the naive generator: `C(n², n)`
//!   placements) is predicted by that workload at the pace measured on the
//!   largest smaller board, when the mode searches everything;
//! - any other is extrapolated from the largest smaller board by the growth
//!   factor measured between that board and the one before it (or a
//!   conservative default when there is none).
//!
//! When no smaller board has been timed yet (`--n 12`, or a list with gaps),
//! the smaller boards are timed first, one search each, from n = 4 up, for as
//! long as each is itself predicted to fit: this calibration costs a fraction
//! of the cell it protects. A cell predicted past the time limit is skipped with
//! the reason. A cell whose first search ran past it anyway is skipped too,
//! and the search is not repeated. So a comparison never hangs: at worst one
//! search per solver overshoots by the error of one prediction.
//!
//! # First solutions are never predicted
//!
//! A backtracking search for the first solution stops wherever the first
//! solution happens to lie: n = 24 may take a hundredth of a second and
//! n = 23 far longer, so no growth from smaller boards predicts it. Such a
//! cell is never predicted: its first search runs under a stop flag that a
//! timer sets at the time limit (the watch of [`queens_core::watch`], which
//! every [`Search`] honours at its next queen placed). A search that ends in
//! time is then timed on the silent path like any other cell, so the flag
//! costs the timed runs nothing; one that is stopped is skipped as
//! [`SkipCause::StoppedAtTimeLimit`]. The construction and the local search
//! find their one solution in time proportional to n, so they are still
//! predicted, which also guards against running a search that has no tree to
//! stop in.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use queens_bitboard::{Bitboard, CountError, Step};
use queens_core::Instrument;
use queens_core::modes;
use queens_core::{Error, Finds, Problem, Search, Solver, Watch, Workload};

use super::agenda::Agenda;
use super::assemble::{Measured, RawOutcome, assemble_ladder, assemble_row};
use super::report::{
    CompareMode, CounterFigures, Figures, ModeTable, Report, SkipCause, SolverSummary, baseline_of,
};
use crate::machine::Machine;
use crate::measuring::searches_per_run;
use crate::others::Sampler;
use crate::{progress, units};

/// The smallest board calibration starts from: every solver does n = 4 in
/// microseconds, so it needs no prediction.
const CALIBRATION_START: usize = 4;
/// The growth per board size assumed when it cannot be measured: more than
/// any of the backtracking solvers shows between n = 8 and 16.
const DEFAULT_GROWTH: f64 = 8.0;
/// The least growth per board size a prediction assumes: a bigger board is
/// never predicted to be faster, even when a smaller board happened to be
/// timed slower than the one after it.
const MIN_GROWTH: f64 = 1.5;
/// The threads of the ladder's last step: 0 asks for one per core, the
/// most the machine in the report's heading can give.
const LADDER_THREADS: usize = 0;

/// Measures `plan`, with a progress bar on stderr, into a report.
pub fn compare(plan: &Agenda) -> Report {
    let mut sampler = Sampler::begin();
    let bar = progress::bar(plan.cells());
    let tables = measure(plan, &bar, &mut sampler);
    let ladder_cells = measure_ladder(plan, &bar, &mut sampler);
    bar.finish_and_clear();
    let solvers: Vec<SolverSummary> = plan
        .solvers
        .iter()
        .map(|&solver| SolverSummary::of(solver))
        .collect();
    let baseline = baseline_of(&solvers);
    let ladder = (!plan.ladder.is_empty()).then(|| {
        let count = tables.iter().find(|table| table.mode == CompareMode::Count);
        assemble_ladder(&plan.ladder, &plan.sizes, ladder_cells, count, baseline)
    });
    Report {
        machine: Machine::detect(),
        others: sampler.end(),
        runs: plan.runs,
        time_limit_seconds: plan.time_limit.as_secs_f64(),
        baseline: baseline.map(|index| solvers[index].name.clone()),
        solvers,
        sizes: plan.sizes.clone(),
        tables,
        ladder,
    }
}

/// Measures every cell of the plan's modes, advancing `progress` by one per
/// cell, each judged by `sampler`.
fn measure(plan: &Agenda, progress: &ProgressBar, sampler: &mut Sampler) -> Vec<ModeTable> {
    let summaries: Vec<SolverSummary> = plan
        .solvers
        .iter()
        .map(|&solver| SolverSummary::of(solver))
        .collect();
    let baseline = baseline_of(&summaries);
    plan.modes
        .iter()
        .map(|&mode| {
            let subjects = plan.solvers.iter().map(|&solver| InMode { solver, mode });
            let rows = measure_all(subjects, plan, progress, sampler)
                .into_iter()
                .zip(&plan.sizes)
                .map(|(raw, &n)| assemble_row(n, &summaries, raw, baseline))
                .collect();
            ModeTable { mode, rows }
        })
        .collect()
}

/// Measures the plan's steps of the ladder, advancing `progress` by one per
/// cell, each judged by `sampler`: `[size][step]`, in the plan's order.
fn measure_ladder(
    plan: &Agenda,
    progress: &ProgressBar,
    sampler: &mut Sampler,
) -> Vec<Vec<RawOutcome<CounterFigures>>> {
    measure_all(plan.ladder.iter().copied(), plan, progress, sampler)
}

/// Measures `subjects` on every size of `plan`: `outcomes[size][subject]`,
/// filled one subject at a time so that each one's timeline grows with n;
/// `sampler` judges each cell by the other programs that ran beside it.
fn measure_all<S: Subject>(
    subjects: impl Iterator<Item = S>,
    plan: &Agenda,
    progress: &ProgressBar,
    sampler: &mut Sampler,
) -> Vec<Vec<RawOutcome<S::Figures>>> {
    let mut outcomes: Vec<Vec<RawOutcome<S::Figures>>> =
        plan.sizes.iter().map(|_| Vec::new()).collect();
    for subject in subjects {
        let mut timeline = Timeline::new(subject);
        for (slot, &n) in outcomes.iter_mut().zip(&plan.sizes) {
            let label = timeline.subject.label();
            progress.set_message(format!("n = {n} {label}"));
            slot.push(sampler.cell(n, &label, || timeline.cell(n, plan.runs, plan.time_limit)));
            progress.inc(1);
        }
    }
    outcomes
}

/// What a comparison times: a registered solver asked one mode, or one
/// step of the counters' ladder. The time limit, the calibration and the
/// predictions are the same for both.
trait Subject {
    /// What one separate run gives besides the time.
    type Figures;
    /// The words on the progress bar.
    fn label(&self) -> String;
    /// Why the board cannot be searched at all, if it cannot.
    fn refusal(&self, problem: &Problem) -> Option<String>;
    /// The instructions it needs and this processor lacks, if any: then no
    /// board is searched.
    fn lacks(&self) -> Option<&'static str> {
        None
    }
    /// The work declared for the board, when it predicts the time.
    fn workload(&self, problem: &Problem) -> Option<Workload>;
    /// Whether its time grows about linearly with n: a solver that finds one
    /// solution without a tree (the construction writes n queens; the local
    /// search repairs about n conflicts). Such a subject is predicted in
    /// proportion to n and never calibrated: calibration would time every
    /// board below n = 10^6 one by one.
    fn linear(&self) -> bool {
        false
    }
    /// Whether its time cannot be predicted from smaller boards: a
    /// backtracking search for the first solution, which ends wherever that
    /// solution lies. Such a subject is stopped at the time limit instead.
    fn erratic(&self) -> bool {
        false
    }
    /// One search on the silent path.
    fn search(&self, problem: &Problem) -> Result<(), String>;
    /// One search that ends early once `stop` is set: whether it finished.
    /// A subject that is not [`erratic`](Subject::erratic) is predicted
    /// instead, and runs its plain search.
    fn search_until(&self, problem: &Problem, _stop: &AtomicBool) -> Result<bool, String> {
        self.search(problem).map(|()| true)
    }
    /// The figures of the board, from a run of their own.
    fn figures(&self, problem: &Problem) -> Result<Self::Figures, String>;
}

/// A registered solver asked one mode.
struct InMode {
    solver: &'static dyn Solver,
    mode: CompareMode,
}

impl Subject for InMode {
    type Figures = Figures;

    fn label(&self) -> String {
        format!("{} {}", self.mode.name(), self.solver.info().name)
    }

    fn refusal(&self, problem: &Problem) -> Option<String> {
        let refused = self.solver.info().check_size(problem.n()).err()?;
        Some(refused.to_string())
    }

    /// A declared workload is the work done only when the mode searches
    /// everything, not when it stops at the first solution.
    fn workload(&self, problem: &Problem) -> Option<Workload> {
        let workload = self.solver.info().workload?;
        self.mode.searches_everything().then(|| workload(problem))
    }

    fn linear(&self) -> bool {
        self.solver.finds() != Finds::All
    }

    fn erratic(&self) -> bool {
        !self.mode.searches_everything() && !self.linear()
    }

    fn search(&self, problem: &Problem) -> Result<(), String> {
        let answer = modes::answer(self.solver, problem, self.mode.query(), Instrument::Off);
        black_box(answer)
            .map(drop)
            .map_err(|error| error.to_string())
    }

    fn search_until(&self, problem: &Problem, stop: &AtomicBool) -> Result<bool, String> {
        let mut watch = Watch::new(Instrument::Off).with_stop(stop);
        match modes::answer_watched(self.solver, problem, self.mode.query(), &mut watch) {
            Ok(answer) => {
                black_box(answer);
                Ok(true)
            }
            Err(Error::Interrupted { .. }) => Ok(false),
            Err(error) => Err(error.to_string()),
        }
    }

    fn figures(&self, problem: &Problem) -> Result<Figures, String> {
        figures(self.solver, self.mode, problem).map_err(|error| error.to_string())
    }
}

/// A step of the ladder counts every solution, on all cores for the last.
impl Subject for Step {
    type Figures = CounterFigures;

    fn label(&self) -> String {
        format!("ladder {}", self.name())
    }

    /// The counters share the bitboard solver's masks, so its limit.
    fn refusal(&self, problem: &Problem) -> Option<String> {
        let refused = Bitboard::INFO.check_size(problem.n()).err()?;
        Some(refused.to_string())
    }

    fn lacks(&self) -> Option<&'static str> {
        Step::lacks(*self)
    }

    fn workload(&self, _: &Problem) -> Option<Workload> {
        None
    }

    fn search(&self, problem: &Problem) -> Result<(), String> {
        let tally = self.count(problem.n(), LADDER_THREADS);
        black_box(tally)
            .map(drop)
            .map_err(|error| error.to_string())
    }

    fn figures(&self, problem: &Problem) -> Result<CounterFigures, String> {
        let tally = self
            .count(problem.n(), LADDER_THREADS)
            .map_err(|error| error.to_string())?;
        Ok(CounterFigures {
            solutions: tally.total,
            fundamental: tally.unique,
        })
    }
}

/// What one subject took, per board size: the ground for predictions.
struct Timeline<S> {
    subject: S,
    /// Seconds per search, by board size.
    seconds: BTreeMap<usize, f64>,
}

/// A predicted time, and the sentence that explains it.
struct Prediction {
    seconds: f64,
    because: String,
}

impl<S: Subject> Timeline<S> {
    fn new(subject: S) -> Self {
        Timeline {
            subject,
            seconds: BTreeMap::new(),
        }
    }

    /// Measures the cell of board size `n`, or says why not.
    fn cell(&mut self, n: usize, runs: u32, time_limit: Duration) -> RawOutcome<S::Figures> {
        let time_limit_seconds = time_limit.as_secs_f64();
        let problem = Problem::new(n);
        if let Some(instructions) = self.subject.lacks() {
            let lacks = CountError::Lacks(instructions);
            return RawOutcome::Skipped(SkipCause::NotOnThisProcessor, lacks.to_string());
        }
        if let Some(refusal) = self.subject.refusal(&problem) {
            return RawOutcome::Skipped(SkipCause::Refused, refusal);
        }
        if self.subject.erratic() {
            return match self.stopped_at(&problem, time_limit) {
                Ok(true) => RawOutcome::Skipped(
                    SkipCause::StoppedAtTimeLimit,
                    format!(
                        "stopped at the {} time limit: a first solution's time cannot be \
                         predicted from smaller boards",
                        units::seconds(time_limit_seconds)
                    ),
                ),
                Ok(false) => self.measured(&problem, runs, time_limit_seconds),
                Err(error) => RawOutcome::Skipped(SkipCause::Refused, error),
            };
        }
        if !self.subject.linear() {
            self.calibrate(n, time_limit_seconds);
        }
        if let Some(prediction) = self.predict(n)
            && prediction.seconds > time_limit_seconds
        {
            return RawOutcome::Skipped(
                SkipCause::Predicted,
                format!(
                    "{}, past the {} time limit",
                    prediction.because,
                    units::seconds(time_limit_seconds)
                ),
            );
        }
        self.measured(&problem, runs, time_limit_seconds)
    }

    /// Measures a cell that is expected to fit in the time limit, or says
    /// why not.
    fn measured(
        &mut self,
        problem: &Problem,
        runs: u32,
        time_limit_seconds: f64,
    ) -> RawOutcome<S::Figures> {
        match self.measure(problem, runs, time_limit_seconds) {
            Ok(outcome) => outcome,
            Err(error) => RawOutcome::Skipped(SkipCause::Refused, error),
        }
    }

    /// Whether one search of `problem` was stopped at `time_limit`: it runs
    /// under a flag that a timer sets then, and the timer is woken and ends
    /// as soon as the search does.
    fn stopped_at(&self, problem: &Problem, time_limit: Duration) -> Result<bool, String> {
        let stop = AtomicBool::new(false);
        let (done, finished) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let stop = &stop;
            scope.spawn(move || {
                if finished.recv_timeout(time_limit) == Err(mpsc::RecvTimeoutError::Timeout) {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            let ended = self.subject.search_until(problem, stop);
            drop(done);
            ended.map(|ended| !ended)
        })
    }

    /// Times and counts a cell that is predicted to fit in the time limit.
    fn measure(
        &mut self,
        problem: &Problem,
        runs: u32,
        time_limit_seconds: f64,
    ) -> Result<RawOutcome<S::Figures>, String> {
        let first_seconds = self.timed_run(problem, 1)?;
        if first_seconds > time_limit_seconds {
            self.seconds.insert(problem.n(), first_seconds);
            return Ok(RawOutcome::Skipped(
                SkipCause::PastTimeLimit,
                format!(
                    "the first search took {}, past the {} time limit; not repeated",
                    units::seconds(first_seconds),
                    units::seconds(time_limit_seconds)
                ),
            ));
        }
        let searches = searches_per_run(first_seconds);
        // A search long enough to time on its own counts as the first run.
        let mut run_seconds = if searches == 1 {
            vec![first_seconds]
        } else {
            Vec::new()
        };
        while run_seconds.len() < runs as usize {
            run_seconds.push(self.timed_run(problem, searches)?);
        }
        let measured = Measured {
            figures: self.subject.figures(problem)?,
            run_seconds,
        };
        self.seconds.insert(problem.n(), measured.median_seconds());
        Ok(RawOutcome::Measured(measured))
    }

    /// Times the smaller boards that have not been timed, from the largest
    /// timed one (or n = 4) up to `n`, one run each, while each is predicted
    /// to fit in the time limit.
    fn calibrate(&mut self, n: usize, time_limit_seconds: f64) {
        let start = self
            .seconds
            .range(..n)
            .next_back()
            .map_or(CALIBRATION_START, |(&timed, _)| timed + 1);
        for size in start..n {
            if self
                .predict(size)
                .is_some_and(|prediction| prediction.seconds > time_limit_seconds)
            {
                return;
            }
            let problem = Problem::new(size);
            let Ok(seconds) = self.timed_run(&problem, 1) else {
                return;
            };
            let searches = searches_per_run(seconds);
            let seconds = if searches == 1 {
                seconds
            } else {
                self.timed_run(&problem, searches).unwrap_or(seconds)
            };
            self.seconds.insert(size, seconds);
        }
    }

    /// The time of one search on board size `n`, predicted from the largest
    /// smaller board timed; `None` when none has been.
    fn predict(&self, n: usize) -> Option<Prediction> {
        let (&anchor, &anchor_seconds) = self.seconds.range(..n).next_back()?;
        if self.subject.linear() && anchor > 0 {
            let seconds = anchor_seconds * n as f64 / anchor as f64;
            return Some(Prediction {
                seconds,
                because: format!(
                    "predicted to take {} (in proportion to n, from n = {anchor})",
                    units::seconds(seconds)
                ),
            });
        }
        if let Some(prediction) = self.predict_by_workload(n, anchor, anchor_seconds) {
            return Some(prediction);
        }
        let growth = anchor
            .checked_sub(1)
            .and_then(|before| self.seconds.get(&before))
            .filter(|&&before_seconds| before_seconds > 0.0)
            .map_or(DEFAULT_GROWTH, |&before_seconds| {
                (anchor_seconds / before_seconds).max(MIN_GROWTH)
            });
        let steps = i32::try_from(n - anchor).unwrap_or(i32::MAX);
        let seconds = anchor_seconds * growth.powi(steps);
        Some(Prediction {
            seconds,
            because: format!(
                "predicted to take {} ({} per size from n = {anchor})",
                units::seconds(seconds),
                units::ratio(growth)
            ),
        })
    }

    /// The time on board size `n` at the pace of board `anchor`, when the
    /// subject declares the work of both.
    fn predict_by_workload(
        &self,
        n: usize,
        anchor: usize,
        anchor_seconds: f64,
    ) -> Option<Prediction> {
        let here = self.subject.workload(&Problem::new(n))?;
        let there = self
            .subject
            .workload(&Problem::new(anchor))?
            .amount
            .filter(|&amount| amount > 0)?;
        let seconds = here.amount.map_or(f64::INFINITY, |amount| {
            anchor_seconds * (amount as f64 / there as f64)
        });
        Some(Prediction {
            seconds,
            because: format!(
                "would test {here}: about {} at the pace of n = {anchor}",
                units::seconds(seconds)
            ),
        })
    }

    /// One timed run: `searches` searches of `problem` on the silent path.
    /// Returns the seconds per search.
    fn timed_run(&self, problem: &Problem, searches: u64) -> Result<f64, String> {
        let start = Instant::now();
        for _ in 0..searches {
            self.subject.search(problem)?;
        }
        Ok(start.elapsed().as_secs_f64() / searches as f64)
    }
}

/// The figures of a cell that do not depend on the machine: the answer and
/// the statistics of one counted run. The staleness check of
/// `docs/comparison.md` computes them the same way.
pub fn figures(
    solver: &dyn Solver,
    mode: CompareMode,
    problem: &Problem,
) -> Result<Figures, Error> {
    let answer = modes::answer(solver, problem, mode.query(), Instrument::Counted)?;
    let stats = answer.stats.unwrap_or_default();
    Ok(Figures {
        solutions: answer.count,
        queens_placed: stats.queens_placed,
        safety_checks: stats.safety_checks,
        reads: stats.cells_read,
        read_unit: solver.reads(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::report::Outcome;
    use queens_core::{Observer, Order, Search, SolverInfo, Square, Workload};

    /// A solver whose work grows by a factor of ten per board size and that
    /// declares a workload; it answers nothing, which is all a time limit needs.
    struct Exploding;

    impl Search for Exploding {
        const INFO: SolverInfo = SolverInfo {
            name: "exploding",
            title: "an exploding search",
            seeds: "none",
            order: Order::Unspecified,
            levels: queens_core::Levels::Rows,
            max_n: 30,
            practical_n: 6,
            workload: Some(|problem| Workload {
                formula: format!("10^{}", problem.n()),
                amount: Some(10u128.pow(problem.n() as u32)),
                unit: "steps",
            }),
        };

        /// Each step places a queen, so that a watch can stop it.
        fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
            let mut steps: u64 = 1;
            for _ in 0..problem.n() {
                steps = steps.saturating_mul(10);
            }
            let mut sum = 0u64;
            for step in 0..steps {
                if observer.placed(Square::new(0, 0)).is_break() {
                    return;
                }
                sum = black_box(sum.wrapping_add(step));
            }
            black_box(sum);
        }
    }

    static EXPLODING: Exploding = Exploding;

    fn plan(sizes: Vec<usize>, modes: Vec<CompareMode>, time_limit: Duration) -> Agenda {
        Agenda {
            solvers: vec![&EXPLODING, queens_solvers::by_name("array").unwrap()],
            sizes,
            modes,
            ladder: Vec::new(),
            runs: 1,
            time_limit,
        }
    }

    fn reason(outcome: &Outcome) -> Option<(SkipCause, &str)> {
        match outcome {
            Outcome::Skipped { cause, reason } => Some((*cause, reason.as_str())),
            Outcome::Finished(_) => None,
        }
    }

    #[test]
    fn a_tiny_time_limit_skips_cells_with_a_reason_and_never_hangs() {
        let start = Instant::now();
        // 10^30 steps would run for longer than the universe is old.
        let plan = plan(
            vec![4, 5, 30, 31],
            vec![CompareMode::Count, CompareMode::First],
            Duration::from_millis(5),
        );
        let tables = measure(&plan, &ProgressBar::hidden(), &mut Sampler::begin());
        assert!(start.elapsed() < Duration::from_secs(5));
        let count = &tables[0];
        assert!(
            reason(&count.rows[0].cells[0].outcome).is_none(),
            "n = 4 runs"
        );
        let (cause, why) = reason(&count.rows[2].cells[0].outcome).unwrap();
        assert_eq!(cause, SkipCause::Predicted);
        assert!(
            why.starts_with(
                "would test 10^30 = 1,000,000,000,000,000,000,000,000,000,000 steps: about "
            ),
            "{why}"
        );
        assert!(why.ends_with("past the 5.00 ms time limit"), "{why}");
        let (cause, why) = reason(&count.rows[3].cells[0].outcome).unwrap();
        assert_eq!(cause, SkipCause::Refused);
        assert_eq!(
            why,
            "n = 31 is too large for the exploding solver, which accepts n up to 30"
        );
        // `first` is never predicted: its 10^30 steps are stopped at the
        // time limit.
        let (cause, why) = reason(&tables[1].rows[2].cells[0].outcome).unwrap();
        assert_eq!(cause, SkipCause::StoppedAtTimeLimit);
        assert_eq!(
            why,
            "stopped at the 5.00 ms time limit: a first solution's time cannot be predicted \
             from smaller boards"
        );
        // The array solver is predicted past 5 ms at n = 30 by its own growth.
        let (cause, _) = reason(&count.rows[2].cells[1].outcome).unwrap();
        assert_eq!(cause, SkipCause::Predicted);
    }

    #[test]
    fn a_first_search_past_the_time_limit_is_not_repeated() {
        let mut timeline = Timeline::new(InMode {
            solver: &EXPLODING,
            mode: CompareMode::Count,
        });
        // With nothing timed, n = 4 is not predicted; its 10^4 steps take a
        // few microseconds, which a zero time limit cannot hold.
        let outcome = timeline.cell(4, 3, Duration::ZERO);
        let RawOutcome::Skipped(SkipCause::PastTimeLimit, why) = outcome else {
            panic!("expected a skip past the time limit, got {outcome:?}");
        };
        assert!(why.starts_with("the first search took "), "{why}");
        assert!(
            why.ends_with(", past the 0.00 ns time limit; not repeated"),
            "{why}"
        );
    }

    #[test]
    fn every_backtracker_stops_its_first_solution_search_when_told() {
        let stop = AtomicBool::new(true);
        for &solver in queens_solvers::FINDS_ALL.iter() {
            let first = InMode {
                solver,
                mode: CompareMode::First,
            };
            assert!(first.erratic(), "{}", solver.info().name);
            assert_eq!(first.search_until(&Problem::new(8), &stop), Ok(false));
        }
        // The construction finds its solution in time proportional to n:
        // predicted, not stopped.
        let construct = InMode {
            solver: queens_solvers::by_name("construct").unwrap(),
            mode: CompareMode::First,
        };
        assert!(!construct.erratic());
    }

    #[test]
    fn a_first_solution_found_in_time_is_measured_with_no_calibration() {
        let mut timeline = Timeline::new(InMode {
            solver: queens_solvers::by_name("array").unwrap(),
            mode: CompareMode::First,
        });
        // No time limit any machine misses for n = 8's first solution.
        let outcome = timeline.cell(8, 1, Duration::from_secs(600));
        let RawOutcome::Measured(measured) = outcome else {
            panic!("expected a measured cell, got {outcome:?}");
        };
        assert_eq!(measured.figures.solutions, 1);
        assert_eq!(timeline.seconds.keys().copied().collect::<Vec<_>>(), [8]);
    }

    #[test]
    fn a_size_with_no_smaller_board_timed_is_calibrated_first() {
        let mut timeline = Timeline::new(InMode {
            solver: &EXPLODING,
            mode: CompareMode::Count,
        });
        let outcome = timeline.cell(6, 1, Duration::from_secs(1));
        assert!(matches!(outcome, RawOutcome::Measured(_)), "{outcome:?}");
        assert_eq!(
            timeline.seconds.keys().copied().collect::<Vec<_>>(),
            [4, 5, 6]
        );
    }

    #[test]
    fn the_ladder_counts_with_every_step_and_refuses_boards_past_its_masks() {
        // A time limit no step meets at n = 6, however busy the machine: the
        // test is of the answers, not of the clock.
        let mut plan = plan(vec![6, 65], Vec::new(), Duration::from_secs(600));
        plan.ladder = Step::ALL.to_vec();
        let rows = measure_ladder(&plan, &ProgressBar::hidden(), &mut Sampler::begin());
        let answers: Vec<Option<CounterFigures>> = rows[0]
            .iter()
            .map(|outcome| match outcome {
                RawOutcome::Measured(measured) => Some(measured.figures),
                RawOutcome::Skipped(..) => None,
            })
            .collect();
        let counted = |fundamental| {
            Some(CounterFigures {
                solutions: 4,
                fundamental,
            })
        };
        assert_eq!(answers[..2], [counted(None), counted(None)]);
        assert!(
            answers[2..]
                .iter()
                .all(|&answer| answer == counted(Some(1)))
        );
        assert_eq!(answers.len(), Step::ALL.len());
        for outcome in &rows[1] {
            let RawOutcome::Skipped(SkipCause::Refused, why) = outcome else {
                panic!("n = 65 is refused, not {outcome:?}");
            };
            assert_eq!(
                why,
                "n = 65 is too large for the bitboard solver, which accepts n up to 64"
            );
        }
    }

    #[test]
    fn runs_last_long_enough_to_time() {
        assert_eq!(searches_per_run(1.0), 1);
        assert_eq!(searches_per_run(0.001), 20);
        assert_eq!(searches_per_run(0.0), 10_000_000);
    }
}
