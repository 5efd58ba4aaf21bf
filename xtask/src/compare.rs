//! `cargo xtask compare`: its options, and the glue that hands them to the
//! lab ([`queens_lab::compare`]) and prints or writes what comes back.

use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;
use queens_bitboard::{Kernel, Step};
use queens_core::Solver;
use queens_lab::compare::agenda::{Request, plan};
use queens_lab::compare::instructions::{self, Runner};
use queens_lab::compare::measure::compare;
use queens_lab::compare::report::{CompareMode, Report};
use queens_lab::compare::sizes::{BoardSizes, DEFAULT_SIZES};
use queens_lab::compare::{docs, plot, render, sudoku};
use queens_lab::measuring::{parse_runs, parse_time_limit};
use queens_toolkit::instructions::Tool;

use crate::error::Error;
use crate::output::{print_or_write, print_out, read_page, write_files, write_whole};
use crate::paths::workspace_root;

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
    /// A cell predicted or found to take longer is skipped with the reason;
    /// a backtracking search for the first solution, whose time no smaller
    /// board predicts, is stopped when it reaches the limit.
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
    /// Also counts each step of the ladder in instructions per solution at
    /// n = 14, under callgrind (needs valgrind: Debian package valgrind),
    /// which runs no AVX-512 and so counts no step that needs it;
    /// --write-docs always does.
    #[arg(long, conflicts_with_all = ["sudoku", "large"])]
    pub instructions: bool,
    /// Counts the instructions with DynamoRIO's inscount sample instead of
    /// callgrind, from DIR: a build or release of
    /// github.com/DynamoRIO/dynamorio, which this task never
    /// fetches. It runs the processor's own instructions, AVX-512 too, so
    /// every step is counted with the kernel it is timed with. Implies
    /// --instructions.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["sudoku", "large"])]
    pub dynamorio: Option<PathBuf>,
    /// Compares the two Sudoku solvers instead (seed 002's backtracking
    /// and the fast one) on the seed's puzzle and samples of the 17-clue
    /// and hardest collections, each for --time-limit per set.
    #[arg(long, conflicts_with_all = ["sizes", "algorithms", "mode", "format", "plot", "write_docs", "details"])]
    pub sudoku: bool,
}

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
            queens_solvers::every_name().join(", ")
        )
    })
}

/// Runs `cargo xtask compare`.
pub(crate) fn run(args: &Args) -> Result<(), Error> {
    // Checked first, so that a wrong folder fails before the wait.
    let tool = match &args.dynamorio {
        Some(folder) => Tool::dynamorio(folder).map_err(Error::BadInput)?,
        None => Tool::Callgrind,
    };
    if queens_lab::machine::OPT_LEVEL == "0" {
        eprintln!("warning: this build is not optimised, so its times mean little");
    }
    if args.sudoku {
        let table = sudoku::run(&workspace_root(), args.time_limit)?;
        return print_or_write(args.out.as_deref(), &table);
    }
    if args.write_docs {
        let root = workspace_root();
        // Read before the run, so that a README without its markers fails
        // before the wait.
        let readme = read_page(&root.join(docs::README))?;
        docs::check_readme(&readme)?;
        let [small, large] = docs::plans(args.runs, args.time_limit)?;
        let (mut report, large) = (compare(&small), compare(&large));
        count_instructions(&mut report, &tool)?;
        write_files(&root, &docs::files(&report, &large, &readme)?)?;
        print_out(&render::terminal(&report, false))?;
        print_out(&render::terminal(&large, false))?;
        eprintln!(
            "wrote {}, {} and {}'s sample",
            docs::PAGE,
            docs::PLOT,
            docs::README
        );
        return Ok(());
    }
    // Check the outputs first, so that a bad path fails before the wait;
    // each is written whole at the end, so a failed run leaves old ones.
    for path in [&args.out, &args.plot].into_iter().flatten() {
        queens_toolkit::files::check_writable(path).map_err(|error| {
            Error::BadInput(format!("cannot write {}: {error}", path.display()))
        })?;
    }
    let mut report = compare(&plan(&Request {
        sizes: args.sizes.as_slice().to_vec(),
        solvers: args
            .algorithms
            .iter()
            .map(|algorithm| algorithm.0)
            .collect(),
        modes: args.mode.clone(),
        large: args.large,
        runs: args.runs,
        time_limit: args.time_limit,
    })?);
    if args.instructions || args.dynamorio.is_some() {
        count_instructions(&mut report, &tool)?;
    }
    let text = match args.format {
        Format::Table => render::terminal(&report, args.details),
        Format::Markdown => render::markdown(&report, ""),
        Format::Csv => render::csv(&report)?,
        Format::Json => render::json(&report),
    };
    print_or_write(args.out.as_deref(), &text)?;
    if let Some(path) = &args.plot {
        write_whole(path, &plot::svg(&report)?)?;
    }
    Ok(())
}

/// Counts the instructions of the ladder's steps in `report` with `tool`,
/// if it has a ladder, each run by this program's hidden `ladder-step`
/// task.
fn count_instructions(report: &mut Report, tool: &Tool) -> Result<(), Error> {
    let Some(ladder) = &mut report.ladder else {
        return Ok(());
    };
    let program = std::env::current_exe()
        .map_err(|error| Error::Failed(format!("cannot find this program: {error}")))?;
    let runner = Runner {
        program,
        args: vec![LADDER_STEP.to_owned()],
    };
    let steps: Vec<Step> = ladder
        .steps
        .iter()
        .filter_map(|summary| {
            Step::ALL
                .into_iter()
                .find(|step| step.name() == summary.name)
        })
        .collect();
    ladder.instructions = Some(instructions::count(tool, &runner, &steps));
    Ok(())
}

/// The hidden task that runs one step for callgrind.
pub(crate) const LADDER_STEP: &str = "ladder-step";

/// Runs `cargo xtask ladder-step STEP N`: the step of the ladder named
/// `step` counts the `n`×`n` board on one thread (`none`: nothing is
/// counted), and the vector instructions of its lanes are printed.
pub(crate) fn ladder_step(step: &str, n: usize) -> Result<(), Error> {
    // Under callgrind the first step of n = 14 takes seconds; a board much
    // larger, minutes to hours.
    if n > instructions::INSTRUCTIONS_N {
        return Err(Error::BadInput(format!(
            "ladder-step counts boards up to n = {}, for callgrind",
            instructions::INSTRUCTIONS_N
        )));
    }
    if step != "none" {
        let step = Step::ALL
            .into_iter()
            .find(|known| known.name() == step)
            .ok_or_else(|| Error::BadInput(format!("no step of the ladder is named '{step}'")))?;
        // Said, not failed: under valgrind the processor lacks AVX-512.
        if let Some(instructions) = step.lacks() {
            return print_out(&format!("{}{instructions}\n", instructions::LACKS));
        }
        step.count(n, 1)
            .map_err(|error| Error::Failed(error.to_string()))?;
    }
    print_out(&format!("{}\n", Kernel::detect().instructions()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_algorithm_is_named_with_the_known_ones() {
        assert_eq!(
            parse_algorithm("queen").unwrap_err(),
            "unknown algorithm 'queen' (known: naive, permutation, matrix, array, lookup, bnb, bitboard, \
             construct, min-conflicts)"
        );
    }
}
