//! A comparison's rows assembled from its raw cells: each cell's speed-up
//! against the baseline, each step's gain over the step before, and each
//! row's verdict, once the row around a cell is known.

use queens_bitboard::Step;

use super::report::{
    Cell, Counted, CounterFigures, Figures, Finished, Ladder, LadderCell, LadderRow, ModeTable,
    Outcome, SizeRow, SkipCause, SolverSummary, StepSummary, speedup, verdict,
};

/// A measured cell before the row around it is known; `F` is what one
/// run answers besides its time.
#[derive(Clone, Debug)]
pub struct Measured<F = Figures> {
    /// The answer (and the statistics), from a separate run.
    pub figures: F,
    /// The time of one search in each timed run, in seconds.
    pub run_seconds: Vec<f64>,
}

impl<F> Measured<F> {
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
pub enum RawOutcome<F = Figures> {
    /// It ran.
    Measured(Measured<F>),
    /// It was skipped, for `cause`, as `reason` says.
    Skipped(SkipCause, String),
}

impl<F> RawOutcome<F> {
    /// The median time, when it ran.
    fn median_seconds(&self) -> Option<f64> {
        match self {
            RawOutcome::Measured(measured) => Some(measured.median_seconds()),
            RawOutcome::Skipped(..) => None,
        }
    }
}

/// Builds a row from its raw cells (one per solver, in the order of
/// `solvers`): the speed-ups against the solver at `baseline`, and the
/// verdict.
pub fn assemble_row(
    n: usize,
    solvers: &[SolverSummary],
    raw: Vec<RawOutcome>,
    baseline: Option<usize>,
) -> SizeRow {
    let reference = baseline
        .and_then(|index| raw.get(index))
        .and_then(RawOutcome::median_seconds);
    let cells: Vec<Cell> = solvers
        .iter()
        .zip(raw)
        .map(|(solver, outcome)| Cell {
            algorithm: solver.name.clone(),
            outcome: match outcome {
                RawOutcome::Measured(measured) => Outcome::Finished(finish(&measured, reference)),
                RawOutcome::Skipped(cause, reason) => Outcome::Skipped { cause, reason },
            },
        })
        .collect();
    let verdict = verdict(solvers, &cells, baseline);
    SizeRow { n, cells, verdict }
}

fn finish(measured: &Measured, reference: Option<f64>) -> Finished {
    let median_seconds = measured.median_seconds();
    let queens_placed = measured.figures.queens_placed;
    Finished {
        figures: measured.figures,
        median_seconds,
        run_seconds: measured.run_seconds.clone(),
        seconds_per_queen: (queens_placed > 0).then(|| median_seconds / queens_placed as f64),
        speedup: speedup(reference, median_seconds),
    }
}

/// Builds the ladder from its raw cells (`raw[size][step]`, in the order
/// of `sizes` and `steps`): each step's speed-up against the baseline,
/// whose times `count` holds at `baseline`, and against the step before.
pub fn assemble_ladder(
    steps: &[Step],
    sizes: &[usize],
    raw: Vec<Vec<RawOutcome<CounterFigures>>>,
    count: Option<&ModeTable>,
    baseline: Option<usize>,
) -> Ladder {
    let baseline_seconds = |n: usize| {
        let row = count?.rows.iter().find(|row| row.n == n)?;
        let cell = row.cells.get(baseline?)?;
        Some(cell.outcome.finished()?.median_seconds)
    };
    let rows = sizes
        .iter()
        .zip(raw)
        .map(|(&n, raw)| {
            let reference = baseline_seconds(n);
            let mut below = reference;
            let cells = steps
                .iter()
                .zip(raw)
                .map(|(step, outcome)| {
                    let outcome = match outcome {
                        RawOutcome::Measured(measured) => {
                            let median_seconds = measured.median_seconds();
                            let gain = speedup(below, median_seconds);
                            below = Some(median_seconds);
                            Outcome::Finished(Counted {
                                figures: measured.figures,
                                median_seconds,
                                run_seconds: measured.run_seconds,
                                speedup: speedup(reference, median_seconds),
                                gain,
                            })
                        }
                        RawOutcome::Skipped(cause, reason) => {
                            // A step this processor lacks adds nothing to
                            // the one below it, so the next is measured
                            // against that one.
                            if cause != SkipCause::NotOnThisProcessor {
                                below = None;
                            }
                            Outcome::Skipped { cause, reason }
                        }
                    };
                    LadderCell {
                        step: step.name().to_owned(),
                        outcome,
                    }
                })
                .collect();
            LadderRow { n, cells }
        })
        .collect();
    Ladder {
        steps: steps.iter().copied().map(StepSummary::of).collect(),
        rows,
        instructions: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::report::{CompareMode, baseline_of};

    fn solver(name: &str, title: &str) -> SolverSummary {
        SolverSummary {
            name: name.into(),
            title: title.into(),
            seeds: "000".into(),
            read_unit: queens_core::ReadUnit::Cells,
        }
    }

    fn measured(solutions: u64, cells_read: u64, seconds: f64) -> RawOutcome {
        RawOutcome::Measured(Measured {
            figures: Figures {
                solutions,
                queens_placed: 100,
                safety_checks: 200,
                reads: cells_read,
                read_unit: queens_core::ReadUnit::Cells,
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
    fn lookup_is_the_baseline_when_it_is_compared_and_the_first_solver_otherwise() {
        assert_eq!(baseline_of(&solvers()), Some(2));
        assert_eq!(baseline_of(&solvers()[..2]), Some(0));
        assert_eq!(baseline_of(&[]), None);
    }

    #[test]
    fn the_verdict_compares_the_fastest_other_solver_with_the_baseline() {
        let row = assemble_row(
            12,
            &solvers(),
            vec![
                RawOutcome::Skipped(SkipCause::Predicted, "would test too many".into()),
                measured(14_200, 9_100, 3.4),
                measured(14_200, 1_000, 1.0),
            ],
            Some(2),
        );
        assert_eq!(
            row.verdict,
            "the matrix ran 3.4× slower than lookup arrays: \
             same queens and checks; 9.1× more cells read per check."
        );
        let Outcome::Finished(matrix) = &row.cells[1].outcome else {
            panic!("the matrix finished");
        };
        assert_eq!(matrix.median_seconds, 3.4);
        assert_eq!(matrix.seconds_per_queen, Some(0.034));
        assert!((matrix.speedup.unwrap() - 1.0 / 3.4).abs() < 1e-9);
        let Outcome::Finished(lookup) = &row.cells[2].outcome else {
            panic!("lookup finished");
        };
        assert_eq!(lookup.speedup, Some(1.0));
    }

    #[test]
    fn without_the_baseline_there_is_no_speedup_and_no_comparison() {
        let row = assemble_row(
            14,
            &solvers(),
            vec![
                measured(92, 10, 2.0),
                measured(92, 5, 1.0),
                RawOutcome::Skipped(SkipCause::Predicted, "too slow".into()),
            ],
            Some(2),
        );
        assert_eq!(
            row.verdict,
            "lookup arrays did not finish, so nothing is compared with it."
        );
        let speedups: Vec<Option<f64>> = row
            .cells
            .iter()
            .filter_map(|cell| cell.outcome.finished())
            .map(|finished| finished.speedup)
            .collect();
        assert_eq!(speedups, [None, None]);
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
            Some(2),
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
            Some(2),
        );
        assert_eq!(
            row.verdict,
            "only lookup arrays finished; nothing to compare."
        );
        let row = assemble_row(
            99,
            &solvers(),
            vec![skipped(), skipped(), skipped()],
            Some(2),
        );
        assert_eq!(row.verdict, "no solver finished.");
    }

    fn counted(seconds: f64) -> RawOutcome<CounterFigures> {
        RawOutcome::Measured(Measured {
            figures: CounterFigures {
                solutions: 14_200,
                fundamental: None,
            },
            run_seconds: vec![seconds],
        })
    }

    #[test]
    fn each_step_is_timed_against_the_baseline_and_the_step_before() {
        let count = ModeTable {
            mode: CompareMode::Count,
            rows: vec![
                assemble_row(
                    12,
                    &solvers(),
                    vec![
                        measured(14_200, 9, 8.0),
                        measured(14_200, 9, 4.0),
                        measured(14_200, 3, 2.0),
                    ],
                    Some(2),
                ),
                assemble_row(
                    13,
                    &solvers(),
                    vec![
                        measured(73_712, 9, 8.0),
                        measured(73_712, 9, 4.0),
                        RawOutcome::Skipped(SkipCause::Predicted, "too slow".into()),
                    ],
                    Some(2),
                ),
            ],
        };
        let steps = [Step::Plain, Step::Mirror, Step::Symmetry];
        let skipped = || RawOutcome::Skipped(SkipCause::Predicted, "too slow".into());
        let raw = vec![
            vec![counted(0.5), counted(0.25), counted(0.125)],
            vec![skipped(), counted(1.0), counted(0.5)],
        ];
        let ladder = assemble_ladder(&steps, &[12, 13], raw, Some(&count), Some(2));
        let ratios = |row: &LadderRow| -> Vec<Option<(Option<f64>, Option<f64>)>> {
            row.cells
                .iter()
                .map(|cell| cell.outcome.finished().map(|c| (c.speedup, c.gain)))
                .collect()
        };
        assert_eq!(
            ratios(&ladder.rows[0]),
            [
                Some((Some(4.0), Some(4.0))),
                Some((Some(8.0), Some(2.0))),
                Some((Some(16.0), Some(2.0))),
            ]
        );
        // No baseline at n = 13, and no step before the mirror's.
        assert_eq!(
            ratios(&ladder.rows[1]),
            [None, Some((None, None)), Some((None, Some(2.0)))]
        );
        assert_eq!(ladder.steps[1].name, "+ mirror");
        assert_eq!(ladder.rows[1].cells[2].step, "+ symmetry");
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
