//! Runs one command: builds the problem, checks it before any search starts,
//! asks the solver, and prints the answer.
//!
//! Every check that can refuse a run comes before the search, cheapest
//! first: the board size against the solver's limit (before anything of size
//! `n` is allocated), the pre-placed queens, `--unique` with pre-placed
//! queens, and last the guard against work that would take hours. The
//! answers themselves come from [`queens_core::modes`], so the tool asks
//! exactly what the conformance suite checks.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use queens_core::modes::{self, Answer};
use queens_core::{Error, Instrument, Mode, Problem, Query, Solver};

use crate::args::{Command, Options};
use crate::failure::Failure;
use crate::guard;
use crate::output::{self, CountRecord, FirstRecord, SolutionPrinter};

/// A command, checked and ready to run.
struct Request {
    solver: &'static dyn Solver,
    problem: Problem,
    query: Query,
    json: bool,
}

impl Request {
    /// Checks `options` for `mode` and builds the request, or says why it
    /// cannot run.
    fn new(mode: Mode, options: Options) -> Result<Self, Failure> {
        let solver = options.algo;
        let problem = build_problem(solver, &options)?;
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
        })
    }

    /// Statistics are counted when they are printed, and only then: the
    /// plain answers, and the JSON Lines of `all`, which hold solutions
    /// alone, take the uninstrumented path.
    fn instrument(&self) -> Instrument {
        if self.json && self.query.mode != Mode::All {
            Instrument::Counted
        } else {
            Instrument::Off
        }
    }

    /// Asks the solver the request's question.
    fn answer(&self) -> Result<Answer, Failure> {
        let answer = modes::answer(self.solver, &self.problem, self.query, self.instrument())?;
        Ok(answer)
    }
}

/// The problem of `options`: checked against the solver's largest board
/// before the problem allocates anything of size `n`, so that an absurd `n`
/// is an error rather than an allocation failure.
fn build_problem(solver: &dyn Solver, options: &Options) -> Result<Problem, Failure> {
    solver.info().check_size(options.n)?;
    let problem =
        Problem::with_queens(options.n, options.queens.iter().copied()).map_err(Error::from)?;
    Ok(problem)
}

/// Runs `command`, printing its answer on stdout.
pub(crate) fn execute(command: Command) -> Result<(), Failure> {
    let (mode, options) = command.into_parts();
    let request = Request::new(mode, options)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let outcome = match mode {
        Mode::Count => count(&request, &mut out),
        Mode::First => first(&request, &mut out),
        Mode::All => all(&request, &mut out),
    };
    // The answer is flushed even when `first` found none: its JSON record
    // is printed all the same.
    out.flush()?;
    outcome
}

/// `count`: the number alone, or the JSON record with statistics and time.
fn count(request: &Request, out: &mut impl Write) -> Result<(), Failure> {
    let started = Instant::now();
    let answer = request.answer()?;
    let seconds = started.elapsed().as_secs_f64();
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
fn first(request: &Request, out: &mut impl Write) -> Result<(), Failure> {
    let answer = request.answer()?;
    let solution = answer.solutions.first().map(Vec::as_slice);
    if request.json {
        let record = FirstRecord {
            n: request.problem.n(),
            algorithm: request.solver.info().name,
            queens: solution,
            stats: answer.stats,
        };
        output::json_line(out, &record)?;
    } else if let Some(queens) = solution {
        out.write_all(queens_core::format::matrix(queens).as_bytes())?;
    }
    match solution {
        Some(_) => Ok(()),
        None => Err(Failure::NoSolution(request.problem.clone())),
    }
}

/// `all`: every solution as it comes. Fundamental solutions are printed in
/// canonical order, which needs them all first; every other listing streams
/// from the search, storing nothing.
fn all(request: &Request, out: &mut impl Write) -> Result<(), Failure> {
    let mut printer = SolutionPrinter::new(request.json);
    if request.query.unique {
        for queens in request.answer()?.solutions {
            printer.print(out, &queens)?;
        }
        return Ok(());
    }
    let mut write_error = None;
    let mut sink = |queens: &[usize]| match printer.print(out, queens) {
        Ok(()) => ControlFlow::Continue(()),
        Err(error) => {
            // Nobody reads what follows: stop the search.
            write_error = Some(error);
            ControlFlow::Break(())
        }
    };
    modes::run(request.solver, &request.problem, Instrument::Off, &mut sink)?;
    match write_error {
        Some(error) => Err(error.into()),
        None => Ok(()),
    }
}
