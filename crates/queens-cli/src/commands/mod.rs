//! One module per subcommand, as cargo's own `commands/` folder is: each
//! declares the options only it takes and runs itself, over the shared
//! modules below it ([`crate::args`], [`crate::request`], [`crate::output`],
//! [`crate::progress`], [`crate::failure`]). Nothing below imports a
//! command, so adding one is adding a file here and a line to [`Command`].

use clap::Subcommand;

use crate::args::{self, DrawOptions};
use crate::failure::Failure;

mod all;
mod check;
mod count;
mod first;
mod merge;
mod plan;
mod race;
mod sudoku;
mod trace;

/// The questions the tool answers.
#[derive(Subcommand)]
pub(crate) enum Command {
    /// Print the number of solutions. The default solver, bitboard, counts
    /// a board without --queen or --budget with its parallel counter, on
    /// every core. On a terminal, a long count shows a progress bar on
    /// stderr; Ctrl-C stops it and says how many solutions were found.
    #[command(
        mut_arg("algo", args::finding_all),
        mut_arg("seed", args::seedless),
        mut_arg("json", |arg| arg.help(
            "Print one JSON object: the count, the search's statistics (with --stats or \
             a solver other than the parallel counter) and the time. Not with --shard"
        ))
    )]
    Count(count::CountOptions),
    /// Print the first solution in the solver's order, as a board (a 0/1
    /// matrix unless --format says otherwise). Boards past n = 1,000 are
    /// printed only with --format rows or --json: a drawn one would be n²
    /// cells.
    #[command(
        mut_arg("json", |arg| arg.help(
            "Print one JSON object: the solution (null when there is none), the search's \
             statistics and the counts only its solver keeps. Not with --format"
        )),
        mut_arg("out", |arg| arg.help(
            "With --format svg: the file to write; without it the SVG goes to stdout"
        ))
    )]
    First(DrawOptions),
    /// Print every solution in the solver's order, boards separated by a
    /// blank line (`rows` prints one line per solution), or write one SVG
    /// file per solution. Boards past n = 1,000 are printed only with
    /// --format rows or --json.
    #[command(
        mut_arg("algo", args::finding_all),
        mut_arg("seed", args::seedless),
        mut_arg("json", |arg| arg.help(
            "Print one JSON line per solution, {\"queens\":[...]}. Not with --format"
        )),
        mut_arg("out", |arg| arg.help(
            "With --format svg: the directory to write solution-0001.svg, ... into \
             (required; with --unique also sheet.svg, every board on one page). It is \
             created if missing; files in it are replaced"
        ))
    )]
    All(DrawOptions),
    /// Check a placement, read from FILE or stdin: the line of `first
    /// --format rows` (1-based columns), the JSON of `first --json` or a
    /// JSON array of 0-based columns, or one 0-based column per line. A
    /// single number alone is read as a `rows` line. Prints "valid: N
    /// queens, no two attack each other"; or names the first two queens in
    /// row order that attack each other, as (row R, col C) from 0, and the
    /// line they share (exit status 1); a malformed or empty placement is
    /// bad input (exit status 2). Linear in time and memory.
    Check(check::CheckOptions),
    /// Narrate the search as it happens, one line per event (place, reject,
    /// remove, test, mask, try, backtrack, solution, and the moves of a
    /// local search or a construction), with boards drawn at each solution
    /// and a summary of the statistics.
    Trace(trace::TraceOptions),
    /// Add up the records of `count --shard I/K` (files, or folders of
    /// them) into the counts of the whole board, only when every shard is
    /// there exactly once; otherwise name the missing shards, as `sbatch
    /// --array=` takes them, and exit with status 4.
    Merge(merge::MergeOptions),
    /// Estimate what counting a board in shards would cost: the units and
    /// how they are dealt, the processor time of the whole count and of each
    /// shard, from a few seconds of sampling on this machine.
    Plan(plan::PlanOptions),
    /// Solve Sudoku puzzles, one per line (81 cells, `0` or `.` empty) or
    /// in the seed's nine-line layout, with seed 002's backtracking or the
    /// fast solver; or count their solutions up to 2.
    Sudoku(sudoku::SudokuOptions),
    /// Race several solvers on the same board, side by side: on the
    /// terminal, or on a page with --html FILE.
    #[command(long_about = race::about())]
    Race(race::RaceOptions),
}

impl Command {
    /// Runs the command, printing its answer on stdout.
    pub(crate) fn run(self) -> Result<(), Failure> {
        match self {
            Command::Count(options) => count::run(&options),
            Command::First(draw) => first::run(draw),
            Command::All(draw) => all::run(draw),
            Command::Check(options) => check::run(&options),
            Command::Trace(options) => trace::run(&options),
            Command::Merge(options) => merge::run(&options),
            Command::Plan(options) => plan::run(&options),
            Command::Sudoku(options) => sudoku::run(&options),
            Command::Race(options) => race::run(&options),
        }
    }
}
