//! `queens trace`: the search narrated as it happens, one line per event,
//! from the solver's own instrumentation ([`queens_views::trace`]), and with
//! `--html FILE` the page that replays it ([`queens_views::page`]).
//!
//! What the command adds is its checks before the search: a trace that
//! would take hours is refused unless `--limit` bounds it or `--force` is
//! given, a problem without a solution has nothing to trace, and a page is
//! refused for a trace longer than it holds, before the page's file is
//! found writable. Since a step is at least a queen, a limit past the budget
//! bounds nothing the budget does not: it is treated as no limit, and the
//! guard judges the trace. The budget of queens (`--budget`) and Ctrl-C
//! stop a trace after its summary, and the run then fails (exit 3 or 130).
//! The text trace still prints beside a page, unless the page goes to
//! stdout (`--html -`).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use queens_core::format::thousands;
use queens_core::watch::StopReason;
use queens_core::{Mode, Problem, Solver, TextFormat};
use queens_views::page::MOST_PAGE_STEPS;
use queens_views::trace::{self, Ending, Narration, Trace, TraceError};

use clap::Args;

use crate::args::{self, ProblemOptions};
use crate::failure::{self, Failure};
use crate::progress;
use crate::task::Task;
use crate::{guard, request};

/// The long help of `--html`.
pub(crate) fn html_help() -> String {
    format!(
        "Also write FILE: one self-contained HTML page that replays the trace in a browser. \
         The text trace still prints; with FILE `-` the page alone goes to stdout. A page \
         holds at most {} steps; a longer trace needs --limit.",
        thousands(u128::from(MOST_PAGE_STEPS))
    )
}

/// The options of `trace`.
#[derive(Args)]
pub(crate) struct TraceOptions {
    /// The problem and the solver.
    #[command(flatten)]
    pub(crate) problem: ProblemOptions,

    /// Stop after this many steps (events), with the summary of the search
    /// so far. A trace refused as too long runs with a limit of at most its
    /// budget of queens placed (10^10 by default, or --budget); a step is
    /// at least a queen, so a larger limit bounds nothing the budget does
    /// not, and the trace is judged as if it had none.
    #[arg(long, value_name = "STEPS", value_parser = args::parse_limit)]
    pub(crate) limit: Option<u64>,

    /// Also draw the board after every K-th step, not only at solutions.
    #[arg(long, value_name = "K", value_parser = args::parse_every)]
    pub(crate) every: Option<u64>,

    /// How to draw the boards: matrix, hash, stars (the default; `U` marks a
    /// pre-placed queen), rows (`-` for a row without a queen yet) or dots.
    #[arg(
        long,
        value_name = "FORMAT",
        value_parser = args::TEXT_FORMAT,
        default_value = TextFormat::Stars.name()
    )]
    pub(crate) format: TextFormat,

    /// Also write FILE: one self-contained HTML page that replays the trace
    /// in a browser. The text trace still prints, unless FILE is `-`: then
    /// the page alone goes to stdout.
    #[arg(long, value_name = "FILE", long_help = html_help())]
    pub(crate) html: Option<PathBuf>,

    /// Trace work that would take hours instead of refusing it.
    #[arg(long)]
    pub(crate) force: bool,
}

/// Runs `queens trace`, printing the trace on stdout.
pub(crate) fn run(options: &TraceOptions) -> Result<(), Failure> {
    crate::output::with_stdout(|out| trace(options, out))
}

/// Traces the search `options` ask for, printing the trace on `out`.
fn trace(options: &TraceOptions, out: &mut impl Write) -> Result<(), Failure> {
    let configured = request::solver(&options.problem)?;
    let solver: &dyn Solver = &*configured;
    let problem = request::build_problem(solver, &options.problem, Task::Trace)?;
    let budget = options.problem.budget(Mode::Count, options.force);
    check(solver, &problem, options, budget)?;
    let page_file = page_file(solver, &problem, options)?;
    let narration = Narration {
        format: options.format,
        every: options.every,
        limit: options.limit,
        budget,
        stop: progress::interrupt_flag(),
        keep_steps: page_file.is_some(),
    };
    // A page written to stdout (`--html -`) takes stdout for itself.
    let page_to_stdout = page_file.is_some_and(queens_toolkit::files::is_stdout);
    let trace = if page_to_stdout {
        trace::narrate(solver, &problem, &narration, &mut io::sink()).map_err(trace_failure)?
    } else {
        let trace = trace::narrate(solver, &problem, &narration, out).map_err(trace_failure)?;
        out.write_all(trace.summary().as_bytes())?;
        trace
    };
    stopped(&trace)?;
    if let Some(path) = page_file {
        write_page(solver, &problem, options, &trace, path, out)?;
    }
    Ok(())
}

/// Refuses a trace that would take hours, unless a `--limit` within the
/// `budget` bounds it or `--force` is given, and a problem without a
/// solution.
fn check(
    solver: &dyn Solver,
    problem: &Problem,
    options: &TraceOptions,
    budget: Option<u64>,
) -> Result<(), Failure> {
    let bounded = options
        .limit
        .is_some_and(|limit| budget.is_some_and(|budget| limit <= budget));
    if !bounded
        && !options.force
        && let Some(refusal) = guard::trace_refusal(&solver.info(), problem)
    {
        return Err(Failure::TraceRefused {
            refusal,
            unbounding: options.limit.zip(budget),
        });
    }
    if !request::has_solution(
        solver,
        problem,
        options.problem.budget(Mode::First, options.force),
    )? {
        return Err(failure::none_found(
            solver,
            problem.clone(),
            Failure::NothingToTrace,
        ));
    }
    Ok(())
}

/// The file of `--html`, once the trace is found to fit one page and the
/// file to be writable.
fn page_file<'o>(
    solver: &dyn Solver,
    problem: &Problem,
    options: &'o TraceOptions,
) -> Result<Option<&'o Path>, Failure> {
    let Some(path) = &options.html else {
        return Ok(None);
    };
    if options.limit.is_none_or(|limit| limit > MOST_PAGE_STEPS)
        && trace::more_steps_than(solver, problem, MOST_PAGE_STEPS)?
    {
        return Err(Failure::PageTooLong {
            most: MOST_PAGE_STEPS,
        });
    }
    // Found unwritable now rather than after the trace; the page is
    // written whole at the end, so a failed run leaves an old one.
    failure::writable(path)?;
    Ok(Some(path))
}

/// The failure of a trace that the budget or Ctrl-C stopped, after its
/// summary.
fn stopped(trace: &Trace) -> Result<(), Failure> {
    match trace.ending {
        Ending::Stopped(StopReason::OverBudget) => Err(Failure::OverBudget {
            task: Task::Trace,
            placed: trace.stats.queens_placed,
            found: trace.solutions,
        }),
        Ending::Stopped(StopReason::Interrupted) => Err(Failure::Interrupted {
            solutions: trace.solutions,
        }),
        Ending::Whole | Ending::Limit => Ok(()),
    }
}

/// The failure of a trace that could not run or be written.
fn trace_failure(error: TraceError) -> Failure {
    match error {
        TraceError::Search(error) => error.into(),
        TraceError::Write(error) => error.into(),
    }
}

/// Writes the page of `trace` to `path`, or to `out` when `path` is `-`.
fn write_page(
    solver: &dyn Solver,
    problem: &Problem,
    options: &TraceOptions,
    trace: &Trace,
    path: &Path,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let page = trace.page(&solver.info(), problem, command_line(options));
    if queens_toolkit::files::is_stdout(path) {
        return Ok(out.write_all(page.as_bytes())?);
    }
    queens_toolkit::files::write_whole(path, page.as_bytes()).map_err(failure::written(path))
}

/// The command that made the trace, as the page shows it.
fn command_line(options: &TraceOptions) -> String {
    let problem = &options.problem;
    let mut command = format!(
        "queens trace {} --algo {}",
        problem.n,
        problem.algo.info().name
    );
    for queen in &problem.queens {
        let _ = write!(command, " --queen {}:{}", queen.row, queen.col);
    }
    if let Some(limit) = options.limit {
        let _ = write!(command, " --limit {limit}");
    }
    command
}
