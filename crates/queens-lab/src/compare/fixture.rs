//! A synthetic report shaped like the default comparison, for the tests of
//! the layouts: every registered solver and the whole ladder over the
//! default sizes, with round times and statistics chosen so that each
//! ratio the summary prints is known in advance, and the solvers dropping
//! out where the time limit stops them on a real run.

use queens_bitboard::Step;
use queens_core::ReadUnit;

use super::assemble::{Measured, RawOutcome, assemble_ladder, assemble_row};
use super::report::{
    CompareMode, CounterFigures, Figures, Ladder, ModeTable, Report, SkipCause, SolverSummary,
    baseline_of,
};
use crate::machine::Machine;
use crate::others::Others;

/// Every solution of n = 6..=14 (OEIS A000170).
const SOLUTIONS: [u64; 9] = [4, 40, 92, 352, 724, 2_680, 14_200, 73_712, 365_596];
/// The fundamental solutions of the same boards (OEIS A002562).
const FUNDAMENTAL: [u64; 9] = [1, 6, 12, 46, 92, 341, 1_787, 9_233, 45_752];

/// Each solver as the fixture times it: the largest board it finishes, its
/// time against lookup's, and its queens placed and reads against
/// lookup's. The checks of the backtracking solvers are lookup's too.
const SOLVERS: [(usize, f64, u64, u64); 6] = [
    // naive, permutation, matrix, array, lookup, bitboard
    (7, 100_000.0, 1_000, 1),
    (11, 50.0, 600, 1),
    (13, 5.0, 1, 4),
    (13, 4.0, 1, 3),
    (14, 1.0, 1, 1),
    (14, 1.0 / 3.0, 1, 1),
];

/// Each step's time against lookup's: each step twice as fast as the one
/// before, the first eight times as fast as lookup.
const STEPS: [f64; Step::ALL.len()] = [
    1.0 / 8.0,
    1.0 / 16.0,
    1.0 / 32.0,
    1.0 / 64.0,
    1.0 / 128.0,
    1.0 / 256.0,
    1.0 / 512.0,
    1.0 / 1024.0,
    1.0 / 2048.0,
    1.0 / 4096.0,
];

/// Lookup's time at `n`: a microsecond at n = 6, five times more per size.
fn lookup_seconds(n: usize) -> f64 {
    1e-6 * 5f64.powi(n as i32 - 6)
}

/// Lookup's queens placed at `n`.
fn lookup_queens(n: usize) -> u64 {
    100 * 5u64.pow(n as u32 - 6)
}

/// The synthetic report, with `lookup_up_to` the largest board lookup
/// finishes (14 on a real run).
pub(super) fn report(lookup_up_to: usize) -> Report {
    let solvers: Vec<SolverSummary> = queens_solvers::FINDS_ALL
        .iter()
        .map(|&solver| SolverSummary::of(solver))
        .collect();
    let baseline = baseline_of(&solvers);
    let sizes: Vec<usize> = super::sizes::DEFAULT_SIZES.collect();
    let rows = sizes
        .iter()
        .map(|&n| {
            let raw = SOLVERS
                .iter()
                .enumerate()
                .map(|(index, &solver)| {
                    let unit = solvers[index].read_unit;
                    solver_cell(n, (index, unit), solver, lookup_up_to)
                })
                .collect();
            assemble_row(n, &solvers, raw, baseline)
        })
        .collect();
    let count = ModeTable {
        mode: CompareMode::Count,
        rows,
    };
    let steps = sizes
        .iter()
        .map(|&n| {
            Step::ALL
                .into_iter()
                .zip(STEPS)
                .map(|(step, factor)| step_cell(n, step, factor))
                .collect()
        })
        .collect();
    let ladder = assemble_ladder(&Step::ALL, &sizes, steps, Some(&count), baseline);
    synthetic(solvers, sizes, count, Some(ladder))
}

/// The report of `table` and `ladder`: three runs of 2 s at most, on a
/// machine with a long name, as some have, to hold the lines to.
fn synthetic(
    solvers: Vec<SolverSummary>,
    sizes: Vec<usize>,
    table: ModeTable,
    ladder: Option<Ladder>,
) -> Report {
    Report {
        others: Others::default(),
        machine: Machine {
            cpu: "Intel(R) Core(TM) i7-10750H CPU @ 2.60GHz".into(),
            vectors: "AVX2".into(),
            cores: 2,
            rustc: "rustc 1.95.0 (59807616e 2026-04-14)".into(),
            profile: "release profile, opt-level 3".into(),
        },
        runs: 3,
        time_limit_seconds: 2.0,
        baseline: baseline_of(&solvers).map(|index| solvers[index].name.clone()),
        solvers,
        sizes,
        tables: vec![table],
        ladder,
    }
}

/// The cell of a solver at `n`, the `index`-th, whose checks read in
/// `read_unit`: finished up to its largest board (and lookup up to
/// `lookup_up_to`), predicted past the time limit after.
fn solver_cell(
    n: usize,
    (index, read_unit): (usize, ReadUnit),
    (largest, time, queens, cells): (usize, f64, u64, u64),
    lookup_up_to: usize,
) -> RawOutcome {
    let lookup = index == 4;
    if n > largest || (lookup && n > lookup_up_to) {
        return RawOutcome::Skipped(SkipCause::Predicted, "predicted past the time limit".into());
    }
    let queens_placed = lookup_queens(n) * queens;
    let safety_checks = lookup_queens(n) * 10;
    RawOutcome::Measured(Measured {
        figures: Figures {
            solutions: SOLUTIONS[n - 6],
            queens_placed,
            safety_checks,
            reads: safety_checks * 3 * cells,
            read_unit,
        },
        run_seconds: vec![lookup_seconds(n) * time],
    })
}

/// The cell of `step` taking `factor` times lookup's time at `n`; the
/// steps with the symmetries count the fundamental solutions too.
fn step_cell(n: usize, step: Step, factor: f64) -> RawOutcome<CounterFigures> {
    let classes = step.counts_classes();
    RawOutcome::Measured(Measured {
        figures: CounterFigures {
            solutions: SOLUTIONS[n - 6],
            fundamental: classes.then_some(FUNDAMENTAL[n - 6]),
        },
        run_seconds: vec![lookup_seconds(n) * factor],
    })
}

/// A synthetic first-mode report on the large boards of `--large`: every
/// solver, the two that find one solution included. Lookup, the baseline,
/// finds a first solution up to n = 32 (1,000 queens placed per column, 1 ms
/// per thousand queens) and is predicted past the time limit at 64; past 64 the
/// lookup and bitboard solvers refuse the board and the others are
/// predicted past the time limit. The construction places n queens in 1 ns each
/// and min-conflicts places 2n in 10 ns each.
pub(super) fn large_report() -> Report {
    let solvers: Vec<SolverSummary> = queens_solvers::every().map(SolverSummary::of).collect();
    let baseline = baseline_of(&solvers);
    let sizes = super::sizes::LARGE_SIZES.to_vec();
    let rows = sizes
        .iter()
        .map(|&n| {
            let raw = solvers
                .iter()
                .map(|solver| large_cell(n, &solver.name))
                .collect();
            assemble_row(n, &solvers, raw, baseline)
        })
        .collect();
    let table = ModeTable {
        mode: CompareMode::First,
        rows,
    };
    synthetic(solvers, sizes, table, None)
}

/// The cell of the solver `name` at `n` in [`large_report`].
fn large_cell(n: usize, name: &str) -> RawOutcome {
    let placed = |queens: u64, seconds: f64, reads: u64| {
        RawOutcome::Measured(Measured {
            figures: Figures {
                solutions: 1,
                queens_placed: queens,
                safety_checks: queens * 10,
                reads,
                read_unit: queens_solvers::by_name(name)
                    .map_or(ReadUnit::Cells, |solver| solver.reads()),
            },
            run_seconds: vec![seconds],
        })
    };
    let n64 = n as u64;
    match name {
        "construct" => placed(n64, n as f64 * 1e-9, 0),
        "min-conflicts" => placed(2 * n64, n as f64 * 2e-8, 10 * n64),
        "naive" | "permutation" if n > 8 => {
            RawOutcome::Skipped(SkipCause::Predicted, "predicted past the time limit".into())
        }
        "lookup" | "bitboard" if n > 64 => RawOutcome::Skipped(
            SkipCause::Refused,
            format!("n = {n} is too large for the {name} solver, which accepts n up to 64"),
        ),
        _ if n > 32 => {
            RawOutcome::Skipped(SkipCause::Predicted, "predicted past the time limit".into())
        }
        _ => placed(1_000 * n64, n as f64 * 1e-3, 30_000 * n64),
    }
}
