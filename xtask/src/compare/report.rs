//! The one data model of a comparison. `--format json` prints it as it is;
//! the tables, the CSV, the plot and `docs/comparison.md` are all drawn from
//! it, so they can never disagree.
//!
//! The derived figures (time per queen placed, speed-up, the verdict) are
//! worked out here, once, when the report is assembled.

use clap::ValueEnum;
use queens_core::{Mode, Query, Solver};
use serde::Serialize;

use crate::machine::Machine;
use crate::units;

/// What each cell of a comparison asks the solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum CompareMode {
    /// Count every solution.
    Count,
    /// Find the first solution in the solver's order.
    First,
    /// Count the fundamental solutions (one per class under the eight
    /// symmetries of the square).
    Unique,
}

impl CompareMode {
    /// The query of `queens_core::modes` this mode asks.
    pub fn query(self) -> Query {
        match self {
            CompareMode::Count => Query {
                mode: Mode::Count,
                unique: false,
            },
            CompareMode::First => Query {
                mode: Mode::First,
                unique: false,
            },
            CompareMode::Unique => Query {
                mode: Mode::Count,
                unique: true,
            },
        }
    }

    /// The name `--mode` takes and the headings use.
    pub fn name(self) -> &'static str {
        match self {
            CompareMode::Count => "count",
            CompareMode::First => "first",
            CompareMode::Unique => "unique",
        }
    }

    /// What the mode asks, in words, for headings.
    pub fn question(self) -> &'static str {
        match self {
            CompareMode::Count => "count every solution",
            CompareMode::First => "find the first solution",
            CompareMode::Unique => "count the fundamental solutions",
        }
    }

    /// Whether the search visits the whole tree, so that a solver's declared
    /// workload is the work it will really do (not so when it stops at the
    /// first solution).
    pub fn searches_everything(self) -> bool {
        self != CompareMode::First
    }
}

/// A whole comparison.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Where it ran.
    pub machine: Machine,
    /// Timed runs per cell; the table shows their median.
    pub runs: u32,
    /// The most one search may take, in seconds.
    pub budget_seconds: f64,
    /// The solvers compared, in registry order.
    pub solvers: Vec<SolverSummary>,
    /// The board sizes asked for, smallest first.
    pub sizes: Vec<usize>,
    /// One table per mode.
    pub tables: Vec<ModeTable>,
}

/// What the report says about a solver.
#[derive(Clone, Debug, Serialize)]
pub struct SolverSummary {
    /// The short name, as `--algo` takes it.
    pub name: String,
    /// The title used in verdicts.
    pub title: String,
    /// The seed documents it comes from.
    pub seeds: String,
}

impl SolverSummary {
    /// The summary of `solver`.
    pub fn of(solver: &dyn Solver) -> Self {
        let info = solver.info();
        SolverSummary {
            name: info.name.to_owned(),
            title: info.title.to_owned(),
            seeds: info.seeds.to_owned(),
        }
    }
}

/// The results of one mode.
#[derive(Clone, Debug, Serialize)]
pub struct ModeTable {
    /// The mode.
    pub mode: CompareMode,
    /// One row per board size, smallest first.
    pub rows: Vec<SizeRow>,
}

/// Every solver on one board size.
#[derive(Clone, Debug, Serialize)]
pub struct SizeRow {
    /// The board size.
    pub n: usize,
    /// One cell per solver, in registry order.
    pub cells: Vec<Cell>,
    /// The comparison in one sentence.
    pub verdict: String,
}

/// One solver on one board size.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    /// The solver's short name.
    pub algorithm: String,
    /// What came of it.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// What came of a cell.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Outcome {
    /// The solver ran.
    Finished(Finished),
    /// The solver did not run, or ran once and was not repeated.
    Skipped {
        /// Why, in general terms.
        cause: SkipCause,
        /// Why, in one sentence for the table.
        reason: String,
    },
}

/// Why a cell was skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipCause {
    /// The solver refused the problem: the board is larger than it accepts.
    Refused,
    /// The search was predicted to take longer than the budget.
    Predicted,
    /// The first run took longer than the budget, so it was not repeated.
    OverBudget,
}

/// The figures of a cell that depend only on the solver and the board: the
/// answer and the statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Figures {
    /// Solutions found: all of them, the fundamental ones, or 0 or 1 for
    /// `first`.
    pub solutions: u64,
    /// Queens put on the board (search nodes).
    pub queens_placed: u64,
    /// Safety checks of candidate squares or complete placements.
    pub safety_checks: u64,
    /// Board cells or array entries read by those checks.
    pub cells_read: u64,
}

/// The measurements of a cell that ran.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finished {
    /// The answer and the statistics, from the counted run.
    #[serde(flatten)]
    pub figures: Figures,
    /// The median time of one search over the timed runs, in seconds.
    pub median_seconds: f64,
    /// The time of one search in each timed run, in seconds. A run repeats a
    /// fast search until it lasts long enough to time, and divides.
    pub run_seconds: Vec<f64>,
    /// The median time divided by the queens placed, when any were.
    pub seconds_per_queen: Option<f64>,
    /// How many times faster than the slowest solver that finished this
    /// board.
    pub speedup: f64,
}

/// A measured cell before the row around it is known.
#[derive(Clone, Debug)]
pub struct Measured {
    /// The answer and the statistics, from the counted run.
    pub figures: Figures,
    /// The time of one search in each timed run, in seconds.
    pub run_seconds: Vec<f64>,
}

impl Measured {
    /// The median of the runs.
    pub fn median_seconds(&self) -> f64 {
        let mut sorted = self.run_seconds.clone();
        sorted.sort_by(f64::total_cmp);
        match sorted.len() {
            0 => 0.0,
            len if len % 2 == 1 => sorted[len / 2],
            len => (sorted[len / 2 - 1] + sorted[len / 2]) / 2.0,
        }
    }
}

/// A cell before the row around it is known.
#[derive(Clone, Debug)]
pub enum RawOutcome {
    /// It ran.
    Measured(Measured),
    /// It was skipped, for `cause`, as `reason` says.
    Skipped(SkipCause, String),
}

/// Builds a row from its raw cells (one per solver, in the order of
/// `solvers`): the speed-ups against the slowest finisher, and the verdict.
pub fn assemble_row(n: usize, solvers: &[SolverSummary], raw: Vec<RawOutcome>) -> SizeRow {
    let slowest = raw
        .iter()
        .filter_map(|outcome| match outcome {
            RawOutcome::Measured(measured) => Some(measured.median_seconds()),
            RawOutcome::Skipped(..) => None,
        })
        .fold(0.0, f64::max);
    let cells: Vec<Cell> = solvers
        .iter()
        .zip(raw)
        .map(|(solver, outcome)| Cell {
            algorithm: solver.name.clone(),
            outcome: match outcome {
                RawOutcome::Measured(measured) => Outcome::Finished(finish(&measured, slowest)),
                RawOutcome::Skipped(cause, reason) => Outcome::Skipped { cause, reason },
            },
        })
        .collect();
    let verdict = verdict(solvers, &cells);
    SizeRow { n, cells, verdict }
}

fn finish(measured: &Measured, slowest: f64) -> Finished {
    let median_seconds = measured.median_seconds();
    let queens_placed = measured.figures.queens_placed;
    Finished {
        figures: measured.figures,
        median_seconds,
        run_seconds: measured.run_seconds.clone(),
        seconds_per_queen: (queens_placed > 0).then(|| median_seconds / queens_placed as f64),
        speedup: if median_seconds > 0.0 {
            slowest / median_seconds
        } else {
            1.0
        },
    }
}

/// The comparison of a row in one sentence: the fastest finisher against the
/// slowest, in cells read and in time. Solvers that disagree on the answer
/// are not compared at all: one of them is wrong, and that is the news.
fn verdict(solvers: &[SolverSummary], cells: &[Cell]) -> String {
    let finished: Vec<(&SolverSummary, &Finished)> = solvers
        .iter()
        .zip(cells)
        .filter_map(|(solver, cell)| match &cell.outcome {
            Outcome::Finished(finished) => Some((solver, finished)),
            Outcome::Skipped { .. } => None,
        })
        .collect();
    let Some(&(first, _)) = finished.first() else {
        return "no solver finished.".to_owned();
    };
    if finished.len() == 1 {
        return format!("only {} finished; nothing to compare.", first.title);
    }
    if finished
        .iter()
        .any(|(_, result)| result.figures.solutions != finished[0].1.figures.solutions)
    {
        let answers: Vec<String> = finished
            .iter()
            .map(|(solver, result)| {
                format!("{} {}", solver.name, units::count(result.figures.solutions))
            })
            .collect();
        return format!(
            "the solvers disagree on the answer ({}); no comparison until they agree.",
            answers.join(", ")
        );
    }
    let by_time = |a: &&(&SolverSummary, &Finished), b: &&(&SolverSummary, &Finished)| {
        a.1.median_seconds.total_cmp(&b.1.median_seconds)
    };
    let (winner, won) = *finished.iter().min_by(by_time).unwrap_or(&finished[0]);
    let (loser, lost) = *finished.iter().max_by(by_time).unwrap_or(&finished[0]);
    let speed = units::ratio(if won.median_seconds > 0.0 {
        lost.median_seconds / won.median_seconds
    } else {
        1.0
    });
    if won.figures.cells_read == 0 || lost.figures.cells_read == 0 {
        return format!("{} ran {speed} faster than {}.", winner.title, loser.title);
    }
    let (won_reads, lost_reads) = (
        won.figures.cells_read as f64,
        lost.figures.cells_read as f64,
    );
    if won_reads <= lost_reads {
        format!(
            "{} read {} fewer cells than {} and ran {speed} faster.",
            winner.title,
            units::ratio(lost_reads / won_reads),
            loser.title
        )
    } else {
        format!(
            "{} read {} more cells than {} yet ran {speed} faster.",
            winner.title,
            units::ratio(won_reads / lost_reads),
            loser.title
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solver(name: &str, title: &str) -> SolverSummary {
        SolverSummary {
            name: name.into(),
            title: title.into(),
            seeds: "000".into(),
        }
    }

    fn measured(solutions: u64, cells_read: u64, seconds: f64) -> RawOutcome {
        RawOutcome::Measured(Measured {
            figures: Figures {
                solutions,
                queens_placed: 100,
                safety_checks: 200,
                cells_read,
            },
            run_seconds: vec![seconds * 2.0, seconds, seconds * 0.5],
        })
    }

    fn solvers() -> Vec<SolverSummary> {
        vec![
            solver("naive", "the naive generator"),
            solver("matrix", "the matrix"),
            solver("lookup", "lookup arrays"),
        ]
    }

    #[test]
    fn the_verdict_compares_the_fastest_with_the_slowest() {
        let row = assemble_row(
            12,
            &solvers(),
            vec![
                RawOutcome::Skipped(SkipCause::Predicted, "would test too many".into()),
                measured(14_200, 9_100, 3.4),
                measured(14_200, 1_000, 1.0),
            ],
        );
        assert_eq!(
            row.verdict,
            "lookup arrays read 9.1× fewer cells than the matrix and ran 3.4× faster."
        );
        let Outcome::Finished(matrix) = &row.cells[1].outcome else {
            panic!("the matrix finished");
        };
        assert_eq!(matrix.median_seconds, 3.4);
        assert_eq!(matrix.speedup, 1.0);
        assert_eq!(matrix.seconds_per_queen, Some(0.034));
        let Outcome::Finished(lookup) = &row.cells[2].outcome else {
            panic!("lookup finished");
        };
        assert!((lookup.speedup - 3.4).abs() < 1e-9);
    }

    #[test]
    fn disagreeing_solvers_are_not_compared() {
        let row = assemble_row(
            8,
            &solvers(),
            vec![
                measured(0, 0, 1e-6),
                measured(92, 10, 2.0),
                measured(92, 5, 1.0),
            ],
        );
        assert_eq!(
            row.verdict,
            "the solvers disagree on the answer (naive 0, matrix 92, lookup 92); \
             no comparison until they agree."
        );
    }

    #[test]
    fn lonely_and_empty_rows_say_so() {
        let skipped = || RawOutcome::Skipped(SkipCause::Refused, "too large".into());
        let row = assemble_row(
            20,
            &solvers(),
            vec![skipped(), skipped(), measured(1, 1, 1.0)],
        );
        assert_eq!(
            row.verdict,
            "only lookup arrays finished; nothing to compare."
        );
        let row = assemble_row(99, &solvers(), vec![skipped(), skipped(), skipped()]);
        assert_eq!(row.verdict, "no solver finished.");
    }

    #[test]
    fn a_median_of_an_even_count_averages_the_middle_two() {
        let measured = Measured {
            figures: Figures::default(),
            run_seconds: vec![4.0, 1.0, 3.0, 2.0],
        };
        assert_eq!(measured.median_seconds(), 2.5);
    }
}
