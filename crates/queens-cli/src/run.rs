//! Runs one command: builds the problem, checks it before any search starts,
//! asks the solver, and prints the answer.
//!
//! Every check that can refuse a run comes before the search, cheapest
//! first: the board size against the solver's limit (before anything of size
//! `n` is allocated), the pre-placed queens, `--unique` with pre-placed
//! queens, the guard against work that would take hours, and last what the
//! output needs (`--out` for SVG files, a directory that can be created).
//! The answers come from [`queens_core::modes`], so the tool asks exactly
//! what the conformance suite checks, each search watched by
//! [`crate::progress`]: a bar on a terminal, Ctrl-C, and the budget of
//! queens placed (unless `--force`). `trace` runs through [`crate::trace`].

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use queens_core::modes::{self, Answer};
use queens_core::{Error, Instrument, Mode, Problem, Query, Solver, TextFormat, svg};

use crate::args::{BoardFormat, Command, DrawOptions, Options, ProblemOptions};
use crate::failure::{self, Failure};
use crate::output::{self, CountRecord, FirstRecord, SolutionPrinter, Style, SvgFiles};
use crate::progress::{Measure, Watching};
use crate::{guard, progress, trace};

/// A command, checked and ready to run.
struct Request {
    solver: &'static dyn Solver,
    problem: Problem,
    query: Query,
    json: bool,
    /// Whether a progress bar may be drawn.
    bar: bool,
    /// The most queens the search may place; `None` under --force.
    budget: Option<u64>,
}

impl Request {
    /// Checks `options` for `mode` and builds the request, or says why it
    /// cannot run.
    fn new(mode: Mode, options: &Options) -> Result<Self, Failure> {
        let solver = options.problem.algo;
        let problem = build_problem(solver, &options.problem)?;
        if options.unique && !problem.is_plain() {
            return Err(Error::UniqueWithPreplaced.into());
        }
        let refusal = guard::refusal(&solver.info(), mode, &problem);
        if let Some(refusal) = refusal.filter(|_| !options.force) {
            return Err(Failure::Refused(refusal));
        }
        Ok(Request {
            solver,
            problem,
            query: Query {
                mode,
                unique: options.unique,
            },
            json: options.json,
            bar: !options.quiet,
            budget: options.problem.budget(mode, options.force),
        })
    }

    /// Statistics are counted when they are printed, and only then: in the
    /// JSON records of `count` and `first`. The JSON Lines of `all` hold
    /// solutions alone.
    fn instrument(&self) -> Instrument {
        if self.json && self.query.mode != Mode::All {
            Instrument::Counted
        } else {
            Instrument::Off
        }
    }

    /// How the search is watched: a bar when `bar_wanted` and not
    /// `--quiet`, measured in branches unless it looks for a first solution.
    fn watching(&self, bar_wanted: bool) -> Watching {
        Watching {
            bar: self.bar && bar_wanted,
            measure: if self.query.mode == Mode::First {
                Measure::Queens
            } else {
                Measure::Branches
            },
            budget: self.budget,
            instrument: self.instrument(),
        }
    }

    /// Asks the solver the request's question, watched; with the seconds
    /// the search took.
    fn answer(&self, bar_wanted: bool) -> Result<(Answer, f64), Failure> {
        let (solver, problem, query) = (self.solver, &self.problem, self.query);
        progress::watched(solver, problem, self.watching(bar_wanted), |watch| {
            modes::answer_watched(solver, problem, query, watch)
        })
    }
}

/// How `first` and `all` write their boards.
enum Output {
    /// JSON records.
    Json,
    /// Boards in a text notation on stdout.
    Text(TextFormat),
    /// SVG: on stdout, or into the file (`first`) or directory (`all`) of
    /// `--out`.
    Svg(Option<PathBuf>),
}

impl Output {
    /// The output `options` ask for; `--out` belongs to `--format svg`
    /// alone. (Clap refuses `--json` with `--format`.)
    fn new(options: DrawOptions) -> Result<Self, Failure> {
        let format = options
            .format
            .unwrap_or(BoardFormat::Text(TextFormat::Matrix));
        match (format, options.out) {
            (BoardFormat::Svg, out) => Ok(Output::Svg(out)),
            (BoardFormat::Text(_), Some(_)) => Err(Failure::OutWithoutSvg),
            (BoardFormat::Text(_), None) if options.options.json => Ok(Output::Json),
            (BoardFormat::Text(format), None) => Ok(Output::Text(format)),
        }
    }
}

/// The problem of `options`: checked against the solver's largest board
/// before the problem allocates anything of size `n`, so that an absurd `n`
/// is an error rather than an allocation failure.
pub(crate) fn build_problem(
    solver: &dyn Solver,
    options: &ProblemOptions,
) -> Result<Problem, Failure> {
    solver.info().check_size(options.n)?;
    let problem =
        Problem::with_queens(options.n, options.queens.iter().copied()).map_err(Error::from)?;
    Ok(problem)
}

/// Runs `command`, printing its answer on stdout.
pub(crate) fn execute(command: Command) -> Result<(), Failure> {
    match command {
        Command::Count(options) => {
            let request = Request::new(Mode::Count, &options)?;
            with_stdout(|out| count(&request, out))
        }
        Command::First(draw) => {
            let request = Request::new(Mode::First, &draw.options)?;
            let output = Output::new(draw)?;
            with_stdout(|out| first(&request, &output, out))
        }
        Command::All(draw) => {
            let request = Request::new(Mode::All, &draw.options)?;
            let output = Output::new(draw)?;
            with_stdout(|out| all(&request, &output, out))
        }
        Command::Trace(options) => with_stdout(|out| trace::run(&options, out)),
    }
}

/// Runs `command` with one buffered, locked stdout, flushed at the end even
/// when the command fails (`first` prints its JSON record before saying it
/// found no solution).
fn with_stdout(
    command: impl FnOnce(&mut BufWriter<StdoutLock<'static>>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut out = BufWriter::new(io::stdout().lock());
    let outcome = command(&mut out);
    out.flush()?;
    outcome
}

/// `count`: the number alone, or the JSON record with statistics and time.
fn count(request: &Request, out: &mut impl Write) -> Result<(), Failure> {
    let (answer, seconds) = request.answer(true)?;
    if request.json {
        let record = CountRecord {
            n: request.problem.n(),
            algorithm: request.solver.info().name,
            unique: request.query.unique,
            count: answer.count,
            stats: answer.stats,
            seconds,
        };
        output::json_line(out, &record)?;
    } else {
        writeln!(out, "{}", answer.count)?;
    }
    Ok(())
}

/// `first`: the board, or the JSON record; no solution is a failure of its
/// own, reported after the record.
fn first(request: &Request, output: &Output, out: &mut impl Write) -> Result<(), Failure> {
    let (answer, _) = request.answer(true)?;
    let solution = answer.solutions.first().map(Vec::as_slice);
    let preplaced = request.problem.preplaced();
    match (output, solution) {
        (Output::Json, _) => {
            let record = FirstRecord {
                n: request.problem.n(),
                algorithm: request.solver.info().name,
                queens: solution,
                stats: answer.stats,
            };
            output::json_line(out, &record)?;
        }
        (_, None) => {}
        (Output::Text(format), Some(queens)) => {
            out.write_all(format.render(queens, preplaced).as_bytes())?;
        }
        (Output::Svg(None), Some(queens)) => {
            out.write_all(svg::board(queens, preplaced).as_bytes())?;
        }
        (Output::Svg(Some(path)), Some(queens)) => {
            queens_files::write_whole(path, svg::board(queens, preplaced).as_bytes())
                .map_err(failure::path("write", path))?;
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    match solution {
        Some(_) => Ok(()),
        None => Err(Failure::NoSolution(request.problem.clone())),
    }
}

/// `all`: every solution as it comes, printed or written to SVG files.
/// Fundamental solutions are printed in canonical order, which needs them
/// all first; every other listing streams from the search, storing nothing.
fn all(request: &Request, output: &Output, out: &mut impl Write) -> Result<(), Failure> {
    let preplaced = request.problem.preplaced();
    let style = match output {
        Output::Json => Style::Json,
        Output::Text(format) => Style::Text {
            format: *format,
            preplaced,
        },
        Output::Svg(None) => return Err(Failure::SvgNeedsOut),
        Output::Svg(Some(dir)) => {
            let mut files = SvgFiles::create(dir, preplaced)?;
            return all_svg(request, &mut files, out);
        }
    };
    let mut printer = SolutionPrinter::new(style);
    each_solution(request, |queens| Ok(printer.print(out, queens)?))
}

/// `all --format svg --out DIR`: one file per solution and, for fundamental
/// solutions, the sheet of them all; then one line saying what was written.
fn all_svg(
    request: &Request,
    files: &mut SvgFiles<'_>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if request.query.unique {
        let boards = request.answer(true)?.0.solutions;
        for queens in &boards {
            files.write(queens)?;
        }
        files.write_sheet(&boards)?;
    } else {
        each_solution(request, |queens| files.write(queens))?;
    }
    writeln!(out, "{}", files.report(request.query.unique))?;
    Ok(())
}

/// Hands every solution of the request to `write`, in the order `all`
/// lists them, stopping at the first failure to write. The bar is drawn
/// only when stdout is no terminal: on one, it would cut into the boards.
fn each_solution(
    request: &Request,
    mut write: impl FnMut(&[usize]) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let bar_wanted = !io::stdout().is_terminal();
    if request.query.unique {
        for queens in request.answer(bar_wanted)?.0.solutions {
            write(&queens)?;
        }
        return Ok(());
    }
    let mut write_error = None;
    let mut listed = 0;
    let mut sink = |queens: &[usize]| match write(queens) {
        Ok(()) => {
            listed += 1;
            ControlFlow::Continue(())
        }
        Err(error) => {
            // Nobody reads what follows: stop the search.
            write_error = Some(error);
            ControlFlow::Break(())
        }
    };
    let (solver, problem) = (request.solver, &request.problem);
    let (listing, _) = progress::watched(solver, problem, request.watching(bar_wanted), |watch| {
        Ok(modes::run_watched(solver, problem, watch, &mut sink))
    })?;
    if let Some(error) = write_error {
        return Err(error);
    }
    listing.map_err(|halted| halted.found(listed))?;
    Ok(())
}
