//! What `count`, `first` and `all` share: the request, built and checked
//! before any search starts, then the search it asks for. (Named for the
//! request, not the search, which is the model's `Search` that every solver
//! implements.)
//!
//! Every check that can refuse a run comes before the search, cheapest
//! first: the board size against the solver's limit (before anything of size
//! `n` is allocated), the pre-placed queens, `--unique` with pre-placed
//! queens, the guard against work that would take hours, and last what the
//! output needs (`--out` for SVG files, a directory that can be created).
//! The answers come from [`queens_core::modes`], so the tool asks exactly
//! what the conformance suite checks, whole ([`Request::answer`]) or, for
//! `all`, handed on solution by solution ([`Request::each_solution`]), each
//! search watched by
//! [`crate::progress`]: a bar on a terminal, Ctrl-C, and the budget of
//! queens placed (unless `--force`). A trace, which must not narrate a
//! search with nothing to find, asks [`has_solution`] first.

use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::path::PathBuf;

use queens_core::modes::{self, Answer};
use queens_core::{
    Error, Finds, Instrument, Mode, Problem, Query, ReadStats, Solver, Stats, TextFormat,
};
use queens_solvers::Configured;

use crate::args::{BoardFormat, DrawOptions, Options, ProblemOptions};
use crate::failure::Failure;
use crate::guard::PastLimit;
use crate::output::MOST_DRAWN;
use crate::progress::{Measure, Watching};
use crate::task::Task;
use crate::{guard, progress};

/// A command, checked and ready to run.
pub(crate) struct Request {
    pub(crate) solver: Configured,
    pub(crate) problem: Problem,
    pub(crate) query: Query,
    pub(crate) json: bool,
    /// Whether a progress bar may be drawn.
    pub(crate) bar: bool,
    /// The most queens the search may place; `None` under --force.
    pub(crate) budget: Option<u64>,
}

impl Request {
    /// Checks `options` for `mode` and builds the request, or says why it
    /// cannot run.
    pub(crate) fn new(mode: Mode, options: &Options) -> Result<Self, Failure> {
        let solver = solver(&options.problem)?;
        let memory = guard::memory_refusal(&solver.info(), options.problem.n);
        if let Some(refusal) = memory.filter(|_| solver.finds() != Finds::All && !options.force) {
            return Err(Failure::Refused(refusal));
        }
        let problem = build_problem(&*solver, &options.problem, mode.into())?;
        if options.unique && !problem.is_plain() {
            return Err(Error::UniqueWithPreplaced.into());
        }
        let query = Query {
            mode,
            unique: options.unique,
        };
        // A solver that finds one solution answers `first` only: say so
        // before the guard speaks of how long a count would take.
        modes::check(&*solver, &problem, query)?;
        let refusal = guard::refusal(&solver.info(), mode, &problem);
        if let Some(refusal) = refusal.filter(|_| !options.force) {
            return Err(Failure::Refused(refusal));
        }
        Ok(Request {
            solver,
            problem,
            query,
            json: options.json,
            bar: !options.quiet,
            budget: options.problem.budget(mode, options.force),
        })
    }

    /// `stats` with the unit the solver's checks read, as JSON names them.
    pub(crate) fn read_stats(&self, stats: Option<Stats>) -> Option<ReadStats> {
        let reads = self.solver.reads();
        stats.map(|stats| ReadStats { stats, reads })
    }

    /// Statistics are counted when they are printed, and only then: in the
    /// JSON records of `count` and `first`. The JSON Lines of `all` hold
    /// solutions alone.
    pub(crate) fn instrument(&self) -> Instrument {
        if self.json && self.query.mode != Mode::All {
            Instrument::Counted
        } else {
            Instrument::Off
        }
    }

    /// How the search is watched: a bar when `bar_wanted` and not
    /// `--quiet`, measured in branches unless it looks for a first solution.
    pub(crate) fn watching(&self, bar_wanted: bool) -> Watching {
        Watching {
            bar: self.bar && bar_wanted,
            measure: if self.query.mode == Mode::First {
                Measure::Queens
            } else {
                Measure::Branches
            },
            budget: self.budget,
            instrument: self.instrument(),
            task: self.query.mode.into(),
        }
    }

    /// Asks the solver the request's question, watched; with the seconds
    /// the search took.
    pub(crate) fn answer(&self, bar_wanted: bool) -> Result<(Answer, f64), Failure> {
        let (solver, problem, query) = (&*self.solver, &self.problem, self.query);
        progress::watched(solver, problem, self.watching(bar_wanted), |watch| {
            modes::answer_watched(solver, problem, query, watch)
        })
    }

    /// Hands every solution of the request to `write`, in the order `all`
    /// lists them, stopping at the first failure to write. The bar is drawn
    /// only when stdout is no terminal: on one, it would cut into the boards.
    pub(crate) fn each_solution(
        &self,
        mut write: impl FnMut(&[usize]) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        let bar_wanted = !io::stdout().is_terminal();
        if self.query.unique {
            for queens in self.answer(bar_wanted)?.0.solutions {
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
        let (solver, problem) = (&*self.solver, &self.problem);
        let (listing, _) =
            progress::watched(solver, problem, self.watching(bar_wanted), |watch| {
                Ok(modes::run_watched(solver, problem, watch, &mut sink).map(|(stats, _)| stats))
            })?;
        if let Some(error) = write_error {
            return Err(error);
        }
        listing.map_err(|halted| Failure::of_search(halted.found(listed), Task::List))?;
        Ok(())
    }
}

/// How `first` and `all` write their boards.
pub(crate) enum Output {
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
    /// alone (`--out -` is stdout, as no `--out` is), and a board past
    /// [`MOST_DRAWN`] is not drawn. (Clap refuses `--json` with
    /// `--format`.)
    pub(crate) fn new(options: DrawOptions) -> Result<Self, Failure> {
        let format = options
            .format
            .unwrap_or(BoardFormat::Text(TextFormat::Matrix));
        let out = options
            .out
            .filter(|path| !queens_toolkit::files::is_stdout(path));
        let output = match (format, out) {
            (BoardFormat::Svg, out) => Output::Svg(out),
            (BoardFormat::Text(_), Some(_)) => return Err(Failure::OutWithoutSvg),
            (BoardFormat::Text(_), None) if options.options.json => Output::Json,
            (BoardFormat::Text(format), None) => Output::Text(format),
        };
        output.refuse_drawing(options.options.problem.n)?;
        Ok(output)
    }

    /// The one rule for large boards: a board of `n` rows past
    /// [`MOST_DRAWN`] is written only as `rows` or JSON, which are linear
    /// in `n`; every other format draws all n² cells.
    fn refuse_drawing(&self, n: usize) -> Result<(), Failure> {
        let linear = matches!(self, Output::Json | Output::Text(TextFormat::Rows));
        if n > MOST_DRAWN && !linear {
            return Err(Failure::TooLargeToDraw {
                n,
                most: MOST_DRAWN,
            });
        }
        Ok(())
    }
}

/// The solver `options` ask for: `--algo`, built by the registry with
/// `--seed` (which only the solver with random choices takes).
pub(crate) fn solver(options: &ProblemOptions) -> Result<Configured, Failure> {
    let wanted = queens_solvers::Options { seed: options.seed };
    Ok(queens_solvers::configure(options.algo, wanted)?)
}

/// The problem of `options`, for `task`: checked against the solver's
/// largest board before the problem allocates anything of size `n`, so that
/// an absurd `n` is an error, naming the solvers that reach it, rather than
/// an allocation failure.
pub(crate) fn build_problem(
    solver: &dyn Solver,
    options: &ProblemOptions,
    task: Task,
) -> Result<Problem, Failure> {
    PastLimit::check(solver, options.n, task)?;
    let problem =
        Problem::with_queens(options.n, options.queens.iter().copied()).map_err(Error::from)?;
    Ok(problem)
}

/// Whether `problem` has a solution. An empty board has one for every n
/// but 2 and 3; with pre-placed queens, the fastest solver that takes boards
/// this large (the trace may be of a slow one) looks for one, within
/// `budget` queens placed when there is one.
pub(crate) fn has_solution(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_rows_and_json_are_written_past_the_drawn_size() {
        let drawn = TextFormat::ALL
            .into_iter()
            .filter(|&format| format != TextFormat::Rows)
            .map(Output::Text)
            .chain([Output::Svg(None)]);
        for output in drawn {
            assert!(output.refuse_drawing(MOST_DRAWN).is_ok());
            let refused = output.refuse_drawing(MOST_DRAWN + 1);
            assert!(matches!(
                refused,
                Err(Failure::TooLargeToDraw { n: 1_001, .. })
            ));
        }
        for output in [Output::Json, Output::Text(TextFormat::Rows)] {
            assert!(output.refuse_drawing(10_000_000).is_ok());
        }
    }
}
