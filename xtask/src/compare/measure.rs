//! Running the cells of a comparison, within a time budget.
//!
//! Each cell (one solver, one mode, one board size) is timed on the silent
//! path, `modes::answer` with [`Instrument::Off`], which compiles the
//! solver's observer calls away; its statistics come from one separate
//! [`Instrument::Counted`] run, so counting never inflates a time.
//!
//! # Budgets
//!
//! A cell may not run one search for longer than the budget. Before it runs,
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
//! of the cell it protects. A cell predicted past the budget is skipped with
//! the reason. A cell whose first search ran past it anyway is skipped too,
//! and the search is not repeated. So a comparison never hangs: at worst one
//! search per solver overshoots by the error of one prediction.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use queens_core::Instrument;
use queens_core::modes;
use queens_core::{Error, Problem, Solver};

use super::report::{
    CompareMode, Figures, Measured, ModeTable, RawOutcome, SkipCause, SolverSummary, assemble_row,
};
use crate::units;

/// What to measure.
#[derive(Clone)]
pub struct Plan {
    /// The solvers, in registry order.
    pub solvers: Vec<&'static dyn Solver>,
    /// The board sizes, smallest first.
    pub sizes: Vec<usize>,
    /// The modes, one table each.
    pub modes: Vec<CompareMode>,
    /// Timed runs per cell.
    pub runs: u32,
    /// The most one search may take.
    pub budget: Duration,
}

impl Plan {
    /// How many cells the plan has: the length of the progress bar.
    pub fn cells(&self) -> u64 {
        (self.solvers.len() * self.sizes.len() * self.modes.len()) as u64
    }
}

/// The smallest board calibration starts from: every solver does n = 4 in
/// microseconds, so it needs no prediction.
const CALIBRATION_START: usize = 4;
/// A timed run repeats a fast search until the run lasts this long, then
/// divides, so that microsecond searches are not lost in the clock's noise.
const MIN_RUN: Duration = Duration::from_millis(20);
/// The growth per board size assumed when it cannot be measured: more than
/// any of the backtracking solvers shows between n = 8 and 16.
const DEFAULT_GROWTH: f64 = 8.0;
/// The least growth per board size a prediction assumes: a bigger board is
/// never predicted to be faster, even when the first solution of `first`
/// happens to come sooner.
const MIN_GROWTH: f64 = 1.5;

/// Measures every cell of `plan`, advancing `progress` by one per cell.
pub fn measure(plan: &Plan, progress: &ProgressBar) -> Vec<ModeTable> {
    let summaries: Vec<SolverSummary> = plan
        .solvers
        .iter()
        .map(|&solver| SolverSummary::of(solver))
        .collect();
    plan.modes
        .iter()
        .map(|&mode| {
            // outcomes[size][solver], filled one solver at a time so that each
            // solver's timeline grows with n.
            let mut outcomes: Vec<Vec<RawOutcome>> = vec![Vec::new(); plan.sizes.len()];
            for &solver in &plan.solvers {
                let mut timeline = Timeline::new(solver, mode);
                for (slot, &n) in outcomes.iter_mut().zip(&plan.sizes) {
                    progress.set_message(format!("{} n = {n} {}", mode.name(), solver.info().name));
                    slot.push(timeline.cell(n, plan.runs, plan.budget));
                    progress.inc(1);
                }
            }
            let rows = plan
                .sizes
                .iter()
                .zip(outcomes)
                .map(|(&n, raw)| assemble_row(n, &summaries, raw))
                .collect();
            ModeTable { mode, rows }
        })
        .collect()
}

/// What one solver took, per board size, in one mode: the ground for
/// predictions.
struct Timeline {
    solver: &'static dyn Solver,
    mode: CompareMode,
    /// Seconds per search, by board size.
    seconds: BTreeMap<usize, f64>,
}

/// A predicted time, and the sentence that explains it.
struct Prediction {
    seconds: f64,
    because: String,
}

impl Timeline {
    fn new(solver: &'static dyn Solver, mode: CompareMode) -> Self {
        Timeline {
            solver,
            mode,
            seconds: BTreeMap::new(),
        }
    }

    /// Measures the cell of board size `n`, or says why not.
    fn cell(&mut self, n: usize, runs: u32, budget: Duration) -> RawOutcome {
        let budget_seconds = budget.as_secs_f64();
        let problem = Problem::new(n);
        if let Err(error) = self.solver.info().check_size(problem.n()) {
            return RawOutcome::Skipped(SkipCause::Refused, error.to_string());
        }
        self.calibrate(n, budget_seconds);
        if let Some(prediction) = self.predict(n) {
            if prediction.seconds > budget_seconds {
                return RawOutcome::Skipped(
                    SkipCause::Predicted,
                    format!(
                        "{}, past the {} budget",
                        prediction.because,
                        units::seconds(budget_seconds)
                    ),
                );
            }
        }
        match self.measure(&problem, runs, budget_seconds) {
            Ok(outcome) => outcome,
            Err(error) => RawOutcome::Skipped(SkipCause::Refused, error.to_string()),
        }
    }

    /// Times and counts a cell that is predicted to fit in the budget.
    fn measure(
        &mut self,
        problem: &Problem,
        runs: u32,
        budget_seconds: f64,
    ) -> Result<RawOutcome, Error> {
        let first_seconds = self.timed_run(problem, 1)?;
        if first_seconds > budget_seconds {
            self.seconds.insert(problem.n(), first_seconds);
            return Ok(RawOutcome::Skipped(
                SkipCause::OverBudget,
                format!(
                    "the first search took {}, past the {} budget; not repeated",
                    units::seconds(first_seconds),
                    units::seconds(budget_seconds)
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
            figures: figures(self.solver, self.mode, problem)?,
            run_seconds,
        };
        self.seconds.insert(problem.n(), measured.median_seconds());
        Ok(RawOutcome::Measured(measured))
    }

    /// Times the smaller boards that have not been timed, from the largest
    /// timed one (or n = 4) up to `n`, one run each, while each is predicted
    /// to fit in the budget.
    fn calibrate(&mut self, n: usize, budget_seconds: f64) {
        let start = self
            .seconds
            .range(..n)
            .next_back()
            .map_or(CALIBRATION_START, |(&timed, _)| timed + 1);
        for size in start..n {
            if self
                .predict(size)
                .is_some_and(|prediction| prediction.seconds > budget_seconds)
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
        let info = self.solver.info();
        if let (true, Some(workload)) = (self.mode.searches_everything(), info.workload) {
            let here = workload(&Problem::new(n));
            if let Some(there) = workload(&Problem::new(anchor))
                .amount
                .filter(|&amount| amount > 0)
            {
                let seconds = here.amount.map_or(f64::INFINITY, |amount| {
                    anchor_seconds * (amount as f64 / there as f64)
                });
                return Some(Prediction {
                    seconds,
                    because: format!(
                        "would test {here}: about {} at the pace of n = {anchor}",
                        units::seconds(seconds)
                    ),
                });
            }
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

    /// One timed run: `searches` searches of `problem` on the silent path.
    /// Returns the seconds per search.
    fn timed_run(&self, problem: &Problem, searches: u64) -> Result<f64, Error> {
        let query = self.mode.query();
        let start = Instant::now();
        for _ in 0..searches {
            black_box(modes::answer(self.solver, problem, query, Instrument::Off)?);
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
        cells_read: stats.cells_read,
    })
}

/// How many searches one timed run repeats, so that it lasts at least
/// [`MIN_RUN`] when one search takes `seconds`.
pub(crate) fn searches_per_run(seconds: f64) -> u64 {
    let wanted = (MIN_RUN.as_secs_f64() / seconds.max(1e-9)).ceil();
    (wanted as u64).clamp(1, 10_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::report::Outcome;
    use queens_core::{Observer, Order, Search, SolverInfo, Workload};

    /// A solver whose work grows by a factor of ten per board size and that
    /// declares a workload; it answers nothing, which is all a budget needs.
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

        fn search<O: Observer>(&self, problem: &Problem, _observer: &mut O) {
            let mut steps: u64 = 1;
            for _ in 0..problem.n() {
                steps *= 10;
            }
            let mut sum = 0u64;
            for step in 0..steps {
                sum = black_box(sum.wrapping_add(step));
            }
            black_box(sum);
        }
    }

    static EXPLODING: Exploding = Exploding;

    fn plan(sizes: Vec<usize>, modes: Vec<CompareMode>, budget: Duration) -> Plan {
        Plan {
            solvers: vec![&EXPLODING, queens_solvers::by_name("array").unwrap()],
            sizes,
            modes,
            runs: 1,
            budget,
        }
    }

    fn reason(outcome: &Outcome) -> Option<(SkipCause, &str)> {
        match outcome {
            Outcome::Skipped { cause, reason } => Some((*cause, reason.as_str())),
            Outcome::Finished(_) => None,
        }
    }

    #[test]
    fn a_tiny_budget_skips_cells_with_a_reason_and_never_hangs() {
        let start = Instant::now();
        // 10^30 steps would run for longer than the universe is old.
        let plan = plan(
            vec![4, 5, 30, 31],
            vec![CompareMode::Count, CompareMode::First],
            Duration::from_millis(5),
        );
        let tables = measure(&plan, &ProgressBar::hidden());
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
        assert!(why.ends_with("past the 5.00 ms budget"), "{why}");
        let (cause, why) = reason(&count.rows[3].cells[0].outcome).unwrap();
        assert_eq!(cause, SkipCause::Refused);
        assert_eq!(
            why,
            "n = 31 is too large for the exploding solver, which accepts n up to 30"
        );
        // `first` stops early, so the workload does not apply: the growth does.
        let (cause, why) = reason(&tables[1].rows[2].cells[0].outcome).unwrap();
        assert_eq!(cause, SkipCause::Predicted);
        assert!(why.starts_with("predicted to take "), "{why}");
        // The array solver is predicted past 5 ms at n = 30 by its own growth.
        let (cause, _) = reason(&count.rows[2].cells[1].outcome).unwrap();
        assert_eq!(cause, SkipCause::Predicted);
    }

    #[test]
    fn a_first_search_past_the_budget_is_not_repeated() {
        let mut timeline = Timeline::new(&EXPLODING, CompareMode::Count);
        // With nothing timed, n = 4 is not predicted; its 10^4 steps take a
        // few microseconds, which a zero budget cannot hold.
        let outcome = timeline.cell(4, 3, Duration::ZERO);
        let RawOutcome::Skipped(SkipCause::OverBudget, why) = outcome else {
            panic!("expected an over-budget skip, got {outcome:?}");
        };
        assert!(why.starts_with("the first search took "), "{why}");
        assert!(
            why.ends_with(", past the 0.00 ns budget; not repeated"),
            "{why}"
        );
    }

    #[test]
    fn a_size_with_no_smaller_board_timed_is_calibrated_first() {
        let mut timeline = Timeline::new(&EXPLODING, CompareMode::Count);
        let outcome = timeline.cell(6, 1, Duration::from_secs(1));
        assert!(matches!(outcome, RawOutcome::Measured(_)), "{outcome:?}");
        assert_eq!(
            timeline.seconds.keys().copied().collect::<Vec<_>>(),
            [4, 5, 6]
        );
    }

    #[test]
    fn runs_last_long_enough_to_time() {
        assert_eq!(searches_per_run(1.0), 1);
        assert_eq!(searches_per_run(0.001), 20);
        assert_eq!(searches_per_run(0.0), 10_000_000);
    }
}
