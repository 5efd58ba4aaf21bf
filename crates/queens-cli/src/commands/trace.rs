//! `queens trace`: the search narrated as it happens, one line per event,
//! from the solver's own instrumentation.
//!
//! The solver runs through [`Solver::solve_observed`] with the model's
//! [`Tracer`], which turns the search's own events into [`Event`]s and
//! counts the statistics from them, so the trace is the search that
//! `count --json` counts, not a second copy of it, and the closing summary
//! equals that count's statistics. Each event is printed as its `Display`
//! line; the board is drawn under the line, indented by four spaces, at each
//! solution and after every `--every K` steps.
//!
//! The tracer's callback hears an event; the counters after it are read
//! from the tracer once the solver's call returns. [`SettledTracer`] wraps the
//! tracer to do that, and both reach the [`Narrator`] that prints through a
//! `RefCell`, never borrowed twice at a time: the callback runs inside the
//! tracer's method, the reading after it.
//!
//! `--limit STEPS` lets STEPS events through and answers `Break` to the
//! next, which stops the search at the next queen placed; the summary then
//! gives the counters after the last step printed and says the search was
//! cut short. The budget of queens (`--budget`) and Ctrl-C stop a trace the
//! same way, through the model's [`WatchObserver`] beside the tracer, and the
//! run then fails (exit 3 or 130) after the summary. Since a step is at
//! least a queen, a limit past the budget bounds nothing the budget does
//! not: it is treated as no limit, and the guard judges the trace. `--html FILE` keeps every step with its counters for
//! [`crate::page`], which writes one page that replays them; the text trace
//! still prints.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use queens_core::format::thousands;
use queens_core::trace::{Event, Tracer};
use queens_core::watch::{StopReason, WatchObserver};
use queens_core::{
    Decision, Instrument, Line, Mode, Observer, Problem, Query, Solver, Square, Stats, TextFormat,
    Watch, modes,
};

use clap::Args;

use crate::args::{self, ProblemOptions};
use crate::failure::{self, Failure};
use crate::page::{self, PageInput, Step};
use crate::progress::{self, Measure, Watching};
use crate::task::Task;
use crate::{guard, request};

/// The most steps one page replays: a page of more would be too large to
/// load and too long to watch.
const MOST_PAGE_STEPS: u64 = 100_000;

/// The indentation of a board under the event that drew it.
const BOARD_INDENT: &str = "    ";

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
    /// so far. A limited trace is never refused as too long.
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
    let bounded = options
        .limit
        .is_some_and(|limit| budget.is_some_and(|budget| limit <= budget));
    if !bounded && !options.force {
        if let Some(refusal) = guard::trace_refusal(&solver.info(), &problem) {
            return Err(Failure::TraceRefused(refusal));
        }
    }
    if !has_solution(
        solver,
        &problem,
        options.problem.budget(Mode::First, options.force),
    )? {
        return Err(failure::none_found(
            solver,
            problem,
            Failure::NothingToTrace,
        ));
    }
    let page_file = match &options.html {
        Some(path) => {
            if options.limit.is_none_or(|limit| limit > MOST_PAGE_STEPS)
                && more_steps_than(solver, &problem, MOST_PAGE_STEPS)?
            {
                return Err(Failure::PageTooLong {
                    most: MOST_PAGE_STEPS,
                });
            }
            // Found unwritable now rather than after the trace; the page is
            // written whole at the end, so a failed run leaves an old one.
            failure::writable(path)?;
            Some(path)
        }
        None => None,
    };
    // A page written to stdout (`--html -`) takes stdout for itself.
    let page_to_stdout = page_file.is_some_and(|path| queens_toolkit::files::is_stdout(path));
    let trace = if page_to_stdout {
        narrate(solver, &problem, options, true, &mut io::sink())?
    } else {
        let trace = narrate(solver, &problem, options, page_file.is_some(), out)?;
        out.write_all(trace.summary().as_bytes())?;
        trace
    };
    match trace.ending {
        Ending::Stopped(StopReason::OverBudget) => {
            return Err(Failure::OverBudget {
                task: Task::Trace,
                placed: trace.stats.queens_placed,
                found: trace.solutions,
            });
        }
        Ending::Stopped(StopReason::Interrupted) => {
            return Err(Failure::Interrupted {
                solutions: trace.solutions,
            });
        }
        Ending::Whole | Ending::Limit => {}
    }
    if let Some(path) = page_file {
        write_page(solver, &problem, options, &trace, path, out)?;
    }
    Ok(())
}

/// Whether `problem` has a solution. An empty board has one for every n
/// but 2 and 3; with pre-placed queens, the fastest solver that takes boards
/// this large (the trace may be of a slow one) looks for one, within
/// `budget` queens placed when there is one.
fn has_solution(
    solver: &dyn Solver,
    problem: &Problem,
    budget: Option<u64>,
) -> Result<bool, Failure> {
    if problem.is_plain() {
        return Ok(!matches!(problem.n(), 2 | 3));
    }
    let fastest = queens_solvers::fastest();
    let asked = if fastest.info().check_size(problem.n()).is_ok() {
        fastest
    } else {
        solver
    };
    let first = Query {
        mode: Mode::First,
        unique: false,
    };
    let watching = Watching {
        bar: true,
        measure: Measure::Queens,
        budget,
        instrument: Instrument::Off,
        task: Task::First,
    };
    let (answer, _) = progress::watched(asked, problem, watching, |watch| {
        modes::answer_watched(asked, problem, first, watch)
    })?;
    Ok(answer.count > 0)
}

/// Whether the whole trace of `problem` has more than `most` steps, found by
/// tracing it silently as far as step `most + 1`.
fn more_steps_than(solver: &dyn Solver, problem: &Problem, most: u64) -> Result<bool, Failure> {
    let mut steps = 0;
    let mut tracer = Tracer::new(solver.info().levels, |_: &Event, _: &[Square]| {
        steps += 1;
        if steps > most {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    solver.solve_observed(problem, &mut tracer, &mut |_| ControlFlow::Continue(()))?;
    Ok(tracer.stopped())
}

/// How a trace ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The search ran to its end.
    Whole,
    /// `--limit` stopped it.
    Limit,
    /// The budget or Ctrl-C stopped it.
    Stopped(StopReason),
}

/// A trace that has run: what its summary and page tell.
struct Trace {
    /// The steps printed.
    steps: u64,
    /// How it ended.
    ending: Ending,
    /// The statistics of the whole search, or up to the last step printed.
    stats: Stats,
    /// The solutions found, in the whole search or up to the last step.
    solutions: u64,
    /// Every step with its counters, kept for a page.
    page_steps: Vec<Step>,
}

impl Trace {
    /// The closing summary: how the trace ended, then the statistics.
    fn summary(&self) -> String {
        let plural = if self.steps == 1 { "" } else { "s" };
        let steps = format!("{} step{plural}", thousands(u128::from(self.steps)));
        let mut text = match self.ending {
            Ending::Whole => format!("\nthe search ended after {steps}:\n"),
            Ending::Limit => {
                format!("\nstopped by --limit after {steps}, before the search ended; so far:\n")
            }
            Ending::Stopped(StopReason::OverBudget) => {
                format!("\nstopped by --budget after {steps}, before the search ended; so far:\n")
            }
            Ending::Stopped(StopReason::Interrupted) => {
                format!("\ninterrupted by Ctrl-C after {steps}, before the search ended; so far:\n")
            }
        };
        let counters = [
            ("solutions", self.solutions),
            ("queens placed", self.stats.queens_placed),
            ("safety checks", self.stats.safety_checks),
            ("cells read", self.stats.cells_read),
        ];
        for (name, value) in counters {
            let _ = writeln!(
                text,
                "  {:<14} {}",
                format!("{name}:"),
                thousands(u128::from(value))
            );
        }
        text
    }
}

/// Runs the search of `problem` under a tracer, printing each step on `out`.
fn narrate(
    solver: &dyn Solver,
    problem: &Problem,
    options: &TraceOptions,
    keep_steps: bool,
    out: &mut impl Write,
) -> Result<Trace, Failure> {
    let narrator = RefCell::new(Narrator {
        out,
        format: options.format,
        n: problem.n(),
        preplaced: problem.preplaced(),
        every: options.every,
        limit: options.limit,
        steps: 0,
        pending: None,
        last: (Stats::default(), 0),
        cut: false,
        page_steps: keep_steps.then(Vec::new),
        write_error: None,
    });
    let tracer = Tracer::new(solver.info().levels, |event: &Event, board: &[Square]| {
        narrator.borrow_mut().hear(event, board)
    });
    let watched = SettledTracer {
        tracer,
        narrator: &narrator,
    };
    let mut watch = Watch::new(Instrument::Off)
        .with_budget(options.problem.budget(Mode::Count, options.force))
        .with_stop(progress::interrupt_flag());
    let mut observers = (watched, WatchObserver::new(&mut watch));
    solver.solve_observed(problem, &mut observers, &mut |_| ControlFlow::Continue(()))?;
    let (watched, watcher) = observers;
    let (_, halt) = watcher.finish();
    let (whole_stats, whole_solutions) = (watched.tracer.stats(), watched.tracer.solutions());
    drop(watched);
    let narrator = narrator.into_inner();
    if let Some(error) = narrator.write_error {
        return Err(error.into());
    }
    let ending = match (narrator.cut, halt) {
        (true, _) => Ending::Limit,
        (false, Some(halt)) => Ending::Stopped(halt),
        (false, None) => Ending::Whole,
    };
    let (stats, solutions) = if ending == Ending::Whole {
        (whole_stats, whole_solutions)
    } else {
        narrator.last
    };
    Ok(Trace {
        steps: narrator.steps,
        ending,
        stats,
        solutions,
        page_steps: narrator.page_steps.unwrap_or_default(),
    })
}

/// Prints the steps of a trace as the tracer hears them, and keeps what the
/// summary and the page need.
struct Narrator<'p, W> {
    out: W,
    format: TextFormat,
    n: usize,
    preplaced: &'p [Square],
    every: Option<u64>,
    limit: Option<u64>,
    /// The steps printed so far.
    steps: u64,
    /// The event heard during the solver's current call, waiting for the
    /// counters after it.
    pending: Option<Event>,
    /// The statistics and solutions after the last step printed.
    last: (Stats, u64),
    /// Whether `--limit` stopped the search.
    cut: bool,
    /// Every step with its counters, when a page is written.
    page_steps: Option<Vec<Step>>,
    /// Why stdout could not be written, which stops the search.
    write_error: Option<io::Error>,
}

impl<W: Write> Narrator<'_, W> {
    /// Prints `event` and, when due, the board after it, `on_board`; or
    /// stops the search when the step limit is reached or stdout fails.
    fn hear(&mut self, event: &Event, on_board: &[Square]) -> ControlFlow<()> {
        if self.limit == Some(self.steps) {
            self.cut = true;
            return ControlFlow::Break(());
        }
        self.steps += 1;
        if let Err(error) = self.print(event, on_board) {
            self.write_error = Some(error);
            return ControlFlow::Break(());
        }
        self.pending = Some(event.clone());
        ControlFlow::Continue(())
    }

    /// The line of `event`, then the board if one is due: every solution, as
    /// the model draws a placement, and every `--every` steps, as far as
    /// the search has got.
    fn print(&mut self, event: &Event, on_board: &[Square]) -> io::Result<()> {
        writeln!(self.out, "{event}")?;
        let board = match event {
            Event::Solution { queens, .. } => Some(self.format.render(queens, self.preplaced)),
            _ if self.every.is_some_and(|every| self.steps % every == 0) => {
                Some(self.format.render_squares(self.n, on_board, self.preplaced))
            }
            _ => None,
        };
        for line in board.iter().flat_map(|board| board.lines()) {
            writeln!(self.out, "{BOARD_INDENT}{line}")?;
        }
        Ok(())
    }

    /// Records the counters after the step heard during the solver's last
    /// call, if one was.
    fn settle(&mut self, stats: Stats, solutions: u64) {
        if let Some(event) = self.pending.take() {
            self.last = (stats, solutions);
            if let Some(steps) = &mut self.page_steps {
                steps.push(Step {
                    event,
                    stats,
                    solutions,
                });
            }
        }
    }
}

/// The tracer, and the narrator it reads the counters into after each of
/// the solver's calls.
struct SettledTracer<'n, 'p, F, W> {
    tracer: Tracer<F>,
    narrator: &'n RefCell<Narrator<'p, W>>,
}

impl<F: FnMut(&Event, &[Square]) -> ControlFlow<()>, W: Write> SettledTracer<'_, '_, F, W> {
    /// Passes the tracer's counters, after the call just made, to the
    /// narrator.
    fn settle(&mut self) {
        let (stats, solutions) = (self.tracer.stats(), self.tracer.solutions());
        self.narrator.borrow_mut().settle(stats, solutions);
    }
}

impl<F: FnMut(&Event, &[Square]) -> ControlFlow<()>, W: Write> Observer
    for SettledTracer<'_, '_, F, W>
{
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        let flow = self.tracer.placed(square);
        self.settle();
        flow
    }

    fn removed(&mut self, square: Square) {
        self.tracer.removed(square);
        self.settle();
    }

    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.tracer.checked(square, cells_read, conflict);
        self.settle();
    }

    fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
        self.tracer.tested(queens, cells_read, conflict);
        self.settle();
    }

    fn opened(&mut self, row: usize, open: u64, words_read: u64) {
        self.tracer.opened(row, open, words_read);
        self.settle();
    }

    fn tried(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.tracer.tried(square, cells_read, conflict);
        self.settle();
    }

    fn decided(&mut self, decision: Decision) {
        self.tracer.decided(decision);
        self.settle();
    }

    fn exhausted(&mut self, depth: usize) {
        self.tracer.exhausted(depth);
        self.settle();
    }

    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        let flow = self.tracer.solution(queens);
        self.settle();
        flow
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
    let info = solver.info();
    let input = PageInput {
        command: command_line(options),
        n: problem.n(),
        algorithm: info.name,
        title: info.title,
        depth_noun: info.levels.noun(),
        preplaced: problem.preplaced(),
        steps: &trace.page_steps,
        summary: trace.stats,
        solutions: trace.solutions,
        truncated: trace.ending == Ending::Limit,
    };
    let page = page::render(&input);
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
