//! A trace narrated as it happens, one line per event, from the solver's
//! own instrumentation: the text trace of `queens trace`, its closing
//! summary, and the steps its page replays ([`crate::page`]).
//!
//! The solver runs through [`Solver::solve_observed`] with the model's
//! [`Tracer`], which turns the search's own events into [`Event`]s and
//! counts the statistics from them, so the trace is the search that
//! `count --json` counts, not a second copy of it, and the closing summary
//! equals that count's statistics. Each event is printed as its `Display`
//! line; the board is drawn under the line, indented by four spaces, at each
//! solution and after every K steps ([`Narration::every`]).
//!
//! The tracer's callback hears an event; the counters after it are read
//! from the tracer once the solver's call returns. [`SettledTracer`] wraps the
//! tracer to do that, and both reach the [`Narrator`] that prints through a
//! `RefCell`, never borrowed twice at a time: the callback runs inside the
//! tracer's method, the reading after it.
//!
//! A limit of steps ([`Narration::limit`]) lets that many events through
//! and answers `Break` to the next, which stops the search at the next
//! queen placed; the summary then gives the counters after the last step
//! printed and says the search was cut short. The budget of queens and the
//! stop flag (Ctrl-C's) stop a trace the same way, through the model's
//! [`WatchObserver`] beside the tracer, and the trace says so in its
//! [`Ending`]. Kept steps ([`Narration::keep_steps`]) hold every step with
//! its counters for [`Trace::page`], one page that replays them.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use queens_core::format::thousands;
use queens_core::trace::{Event, Tracer};
use queens_core::watch::{StopReason, WatchObserver};
use queens_core::{
    Decision, Instrument, Line, Observer, Problem, ReadUnit, Solver, SolverInfo, Square, Stats,
    TextFormat, Watch,
};

use crate::page::{self, PageInput, Step};

/// The indentation of a board under the event that drew it.
const BOARD_INDENT: &str = "    ";

/// How a trace is narrated.
#[derive(Clone, Copy, Debug)]
pub struct Narration<'s> {
    /// How the boards are drawn.
    pub format: TextFormat,
    /// Also draw the board after every K-th step, not only at solutions.
    pub every: Option<u64>,
    /// Stop after this many steps.
    pub limit: Option<u64>,
    /// The most queens the search may place; `None`, no bound.
    pub budget: Option<u64>,
    /// The flag that stops the search when set (Ctrl-C's).
    pub stop: &'s AtomicBool,
    /// Whether every step is kept with its counters, for a page.
    pub keep_steps: bool,
}

/// Why a trace ended without its summary.
#[derive(Debug)]
pub enum TraceError {
    /// The solver refused the search.
    Search(queens_core::Error),
    /// The trace could not be written, which stopped the search.
    Write(io::Error),
}

/// Whether the whole trace of `problem` has more than `most` steps, found by
/// tracing it silently as far as step `most + 1`.
pub fn more_steps_than(
    solver: &dyn Solver,
    problem: &Problem,
    most: u64,
) -> Result<bool, queens_core::Error> {
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
pub enum Ending {
    /// The search ran to its end.
    Whole,
    /// The limit of steps (`--limit`) stopped it.
    Limit,
    /// The budget or the stop flag (Ctrl-C) stopped it.
    Stopped(StopReason),
}

/// A trace that has run: what its summary and page tell.
#[derive(Debug)]
pub struct Trace {
    /// The steps printed.
    pub steps: u64,
    /// How it ended.
    pub ending: Ending,
    /// The statistics of the whole search, or up to the last step printed.
    pub stats: Stats,
    /// The solutions found, in the whole search or up to the last step.
    pub solutions: u64,
    /// What the solver's checks read: the unit of `stats.cells_read`.
    pub reads: ReadUnit,
    /// Every step with its counters, kept for a page.
    page_steps: Vec<Step>,
}

impl Trace {
    /// The closing summary: how the trace ended, then the statistics.
    pub fn summary(&self) -> String {
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
            (self.reads.noun(), self.stats.cells_read),
        ];
        for (name, value) in counters {
            let _ = writeln!(
                text,
                "  {:<14} {}",
                format!("{name}:"),
                thousands(u128::from(value))
            );
        }
        if self.reads == ReadUnit::Words {
            let _ = writeln!(text, "  ({})", self.reads.reason());
        }
        text
    }

    /// The page that replays the trace of `solver` (`info`) on `problem`,
    /// made by `command`; its steps are those kept
    /// ([`Narration::keep_steps`]).
    pub fn page(&self, info: &SolverInfo, problem: &Problem, command: String) -> String {
        page::render(&PageInput {
            command,
            n: problem.n(),
            algorithm: info.name,
            title: info.title,
            depth_noun: info.levels.noun(),
            preplaced: problem.preplaced(),
            steps: &self.page_steps,
            summary: self.stats,
            reads: self.reads,
            solutions: self.solutions,
            truncated: self.ending == Ending::Limit,
        })
    }
}

/// Runs the search of `problem` under a tracer, printing each step on `out`
/// as `narration` asks.
pub fn narrate(
    solver: &dyn Solver,
    problem: &Problem,
    narration: &Narration<'_>,
    out: &mut impl Write,
) -> Result<Trace, TraceError> {
    let narrator = RefCell::new(Narrator {
        out,
        format: narration.format,
        n: problem.n(),
        preplaced: problem.preplaced(),
        every: narration.every,
        limit: narration.limit,
        steps: 0,
        pending: None,
        last: (Stats::default(), 0),
        cut: false,
        page_steps: narration.keep_steps.then(Vec::new),
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
        .with_budget(narration.budget)
        .with_stop(narration.stop);
    let mut observers = (watched, WatchObserver::new(&mut watch));
    solver
        .solve_observed(problem, &mut observers, &mut |_| ControlFlow::Continue(()))
        .map_err(TraceError::Search)?;
    let (watched, watcher) = observers;
    let halt = watcher.finish().halt;
    let (whole_stats, whole_solutions) = (watched.tracer.stats(), watched.tracer.solutions());
    drop(watched);
    let narrator = narrator.into_inner();
    if let Some(error) = narrator.write_error {
        return Err(TraceError::Write(error));
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
        reads: solver.reads(),
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
    /// Whether the limit of steps stopped the search.
    cut: bool,
    /// Every step with its counters, when a page is written.
    page_steps: Option<Vec<Step>>,
    /// Why the output could not be written, which stops the search.
    write_error: Option<io::Error>,
}

impl<W: Write> Narrator<'_, W> {
    /// Prints `event` and, when due, the board after it, `on_board`; or
    /// stops the search when the step limit is reached or the output fails.
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
    /// the model draws a placement, and every K steps
    /// ([`Narration::every`]), as far as the search has got.
    fn print(&mut self, event: &Event, on_board: &[Square]) -> io::Result<()> {
        writeln!(self.out, "{event}")?;
        let board = match event {
            Event::Solution { queens, .. } => Some(self.format.render(queens, self.preplaced)),
            _ if self
                .every
                .is_some_and(|every| self.steps.is_multiple_of(every)) =>
            {
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
