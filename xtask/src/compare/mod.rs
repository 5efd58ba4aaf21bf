//! `cargo xtask compare`: every registered solver, and the bitboard
//! counters step by step, side by side over a range of board sizes, to
//! answer "which algorithm is faster, by how much, and why?" in one screen.
//!
//! The task measures (see [`measure`]) into one data model ([`report`]),
//! then writes it as a one-screen summary ([`summary`]), as full tables,
//! Markdown, CSV or JSON ([`render`]), as an SVG plot ([`plot`]), or as the
//! committed `docs/comparison.md` ([`docs`]).

pub(crate) mod docs;
#[cfg(test)]
mod fixture;
pub(crate) mod measure;
pub(crate) mod plot;
pub(crate) mod render;
pub(crate) mod report;
pub(crate) mod sizes;
pub(crate) mod sudoku;
pub(crate) mod summary;

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;
use queens_bitboard::Step;
use queens_core::{Finds, Solver};

use self::measure::Agenda;
use self::report::{CompareMode, Report, SolverSummary, assemble_ladder, baseline_of};
use self::sizes::BoardSizes;
use crate::machine::{Load, Machine};
use crate::measuring::{parse_runs, parse_time_limit};
use crate::{Error, progress};

/// The options of `cargo xtask compare`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Board sizes: a range `4..=12` or `4..12`, one size `8`, or a list
    /// `4,6,8`. Up to 4096 in count and unique mode; up to 10^8 in
    /// `--mode first`, where the construction and min-conflicts reach.
    #[arg(long = "n", value_name = "SIZES", default_value_t = BoardSizes::from_range(DEFAULT_SIZES), value_parser = BoardSizes::parse)]
    pub sizes: BoardSizes,
    /// A solver to compare, by name (repeatable); when none is given, every
    /// solver that finds all solutions, and the bitboard counters' ladder in
    /// count mode. `--mode first` alone adds the two that find one solution
    /// (construct, min-conflicts), which count and unique refuse.
    #[arg(long = "algo", value_name = "NAME", value_parser = parse_algorithm)]
    pub algorithms: Vec<Algorithm>,
    /// What to ask: one table per mode (repeatable, or comma-separated).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "count")]
    pub mode: Vec<CompareMode>,
    /// Timed runs per cell; the table shows their median.
    #[arg(long, default_value = "3", value_parser = parse_runs)]
    pub runs: u32,
    /// The most one search may take, e.g. `2s`, `500ms` or `1.5` (seconds).
    /// A cell predicted or found to take longer is skipped with the reason.
    #[arg(long, default_value = "2s", value_parser = parse_time_limit)]
    pub time_limit: Duration,
    /// The output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Prints the full tables, every figure of every board size, above the
    /// one-screen summary (tables only: the other formats are always full).
    #[arg(long)]
    pub details: bool,
    /// Writes the output to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Also draws the first mode as an SVG plot in FILE.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// The large boards: short for `--mode first --n
    /// 8,16,32,64,1000,100000,1000000`, backtracking (every solver that
    /// finds all) against the construction and min-conflicts, so that one
    /// sees where each stops. A flag rather than the default of `--mode
    /// first`, which keeps the small boards all six backtrackers finish.
    #[arg(long, conflicts_with_all = ["sizes", "mode", "write_docs"])]
    pub large: bool,
    /// Regenerates docs/comparison.md and docs/comparison.svg (every solver
    /// and the ladder, the default sizes, count and first; then first on
    /// the large boards of --large).
    #[arg(long, conflicts_with_all = ["sizes", "algorithms", "mode", "format", "out", "plot", "details"])]
    pub write_docs: bool,
    /// Compares the two Sudoku solvers instead (seed 002's backtracking
    /// and the fast one) on the seed's puzzle and samples of the 17-clue
    /// and hardest collections, each for --time-limit per set.
    #[arg(long, conflicts_with_all = ["sizes", "algorithms", "mode", "format", "plot", "write_docs", "details"])]
    pub sudoku: bool,
}

/// The board sizes compared when `--n` is not given, and on the generated
/// page. They start where the naive generator still finishes twice and end
/// where lookup, the baseline, still finishes within the default time limit,
/// past the n = 13 from which the ladder's threads outrun their start-up:
/// nine columns, which fit a terminal.
pub(crate) const DEFAULT_SIZES: RangeInclusive<usize> = 6..=14;

/// The board sizes of `--large` and of the page's large-board table: where
/// backtracking still finds a first solution (8, 16, 32), where it starts to
/// wander or reaches its 64-column masks (64), and three boards no tree
/// search reaches, up to the million of issue 13.
pub(crate) const LARGE_SIZES: [usize; 7] = [8, 16, 32, 64, 1_000, 100_000, 1_000_000];

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// A summary for a terminal (and with --details, the full tables).
    Table,
    /// Markdown tables.
    Markdown,
    /// One CSV record per cell.
    Csv,
    /// The whole report, every cell with its figures or its reason.
    Json,
}

/// A registered solver, as `--algo` names it.
#[derive(Clone, Copy)]
pub(crate) struct Algorithm(pub &'static dyn Solver);

impl std::fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.info().name)
    }
}

fn parse_algorithm(name: &str) -> Result<Algorithm, String> {
    queens_solvers::by_name(name).map(Algorithm).ok_or_else(|| {
        format!(
            "unknown algorithm '{name}' (known: {})",
            queens_solvers::names().join(", ")
        )
    })
}

/// Runs `cargo xtask compare`.
pub(crate) fn run(args: &Args) -> Result<(), Error> {
    if crate::machine::OPT_LEVEL == "0" {
        eprintln!("warning: this build is not optimised, so its times mean little");
    }
    if args.sudoku {
        let table = sudoku::run(&crate::workspace_root(), args.time_limit)?;
        return match &args.out {
            Some(path) => crate::write_whole(path, &table),
            None => crate::print_out(&table),
        };
    }
    if args.write_docs {
        let report = compare(&docs::plan(args.runs, args.time_limit));
        let large = compare(&docs::large_plan(args.runs, args.time_limit));
        docs::write(&report, &large, &crate::workspace_root())?;
        crate::print_out(&render::terminal(&report, false))?;
        crate::print_out(&render::terminal(&large, false))?;
        eprintln!("wrote {} and {}", docs::PAGE, docs::PLOT);
        return Ok(());
    }
    // Check the outputs first, so that a bad path fails before the wait;
    // each is written whole at the end, so a failed run leaves old ones.
    for path in [&args.out, &args.plot].into_iter().flatten() {
        queens_toolkit::files::check_writable(path).map_err(|error| {
            Error::BadInput(format!("cannot write {}: {error}", path.display()))
        })?;
    }
    let report = compare(&plan(args)?);
    let text = match args.format {
        Format::Table => render::terminal(&report, args.details),
        Format::Markdown => render::markdown(&report, ""),
        Format::Csv => render::csv(&report)?,
        Format::Json => render::json(&report),
    };
    match &args.out {
        Some(path) => crate::write_whole(path, &text)?,
        None => crate::print_out(&text)?,
    }
    if let Some(path) = &args.plot {
        crate::write_whole(path, &plot::svg(&report)?)?;
    }
    Ok(())
}

/// The plan the options ask for; the solvers in registry order. The ladder
/// comes with every solver, not with a chosen few, and only where every
/// solution is counted, the one thing its steps do. The solvers that find
/// one solution come only where every mode is `first`, the one they answer:
/// named in another mode, or a board past the counting solvers asked of
/// another mode, the plan is refused with one line.
fn plan(args: &Args) -> Result<Agenda, Error> {
    let mut modes = if args.large {
        vec![CompareMode::First]
    } else {
        args.mode.clone()
    };
    modes.dedup();
    let sizes = if args.large {
        LARGE_SIZES.to_vec()
    } else {
        args.sizes.as_slice().to_vec()
    };
    let counting = modes.iter().find(|&&mode| mode != CompareMode::First);
    if let Some(mode) = counting {
        if let Some(one) = args
            .algorithms
            .iter()
            .find(|algorithm| algorithm.0.finds() != Finds::All)
        {
            return Err(Error::BadInput(format!(
                "--algo {} finds one solution, so it answers --mode first only, not --mode {}",
                one.0.info().name,
                mode.name()
            )));
        }
        sizes::check_counted(&sizes, mode.name()).map_err(Error::BadInput)?;
    }
    let chosen = |solver: &&'static dyn Solver| {
        args.algorithms.is_empty()
            || args
                .algorithms
                .iter()
                .any(|algorithm| algorithm.0.info().name == solver.info().name)
    };
    let ladder = if args.algorithms.is_empty() && modes.contains(&CompareMode::Count) {
        Step::ALL.to_vec()
    } else {
        Vec::new()
    };
    let candidates: Vec<&'static dyn Solver> = if counting.is_none() {
        queens_solvers::every().collect()
    } else {
        queens_solvers::FINDS_ALL.to_vec()
    };
    Ok(Agenda {
        solvers: candidates.into_iter().filter(chosen).collect(),
        sizes,
        modes,
        ladder,
        runs: args.runs,
        time_limit: args.time_limit,
    })
}

/// Measures `plan`, with a progress bar on stderr, into a report.
pub(crate) fn compare(plan: &Agenda) -> Report {
    let load = Load::begin();
    let bar = progress::bar(plan.cells());
    let tables = measure::measure(plan, &bar);
    let ladder_cells = measure::measure_ladder(plan, &bar);
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
        load: load.end(),
        runs: plan.runs,
        time_limit_seconds: plan.time_limit.as_secs_f64(),
        baseline: baseline.map(|index| solvers[index].name.clone()),
        solvers,
        sizes: plan.sizes.clone(),
        tables,
        ladder,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_algorithm_is_named_with_the_known_ones() {
        assert_eq!(
            parse_algorithm("queen").unwrap_err(),
            "unknown algorithm 'queen' (known: naive, permutation, matrix, array, lookup, bitboard, \
             construct, min-conflicts)"
        );
    }
}
