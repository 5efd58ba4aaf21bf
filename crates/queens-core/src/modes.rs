//! The four ways to ask a solver a question, built once on the [`Solver`]
//! trait: the first solution, the number of solutions, all of them, and the
//! fundamental ones.
//!
//! `first` and `count` never store a solution: they act on the stream as it
//! comes. Fundamental solutions are counted without storing any either: each
//! class of solutions under the eight symmetries has exactly one member that
//! is its own canonical form, so counting the solutions that pass
//! [`CanonicalTest::is_canonical`] counts the classes.

use std::ops::ControlFlow;

use serde::Serialize;

use crate::error::Error;
use crate::observer::Stats;
use crate::problem::Problem;
use crate::solver::{Sink, Solver};
use crate::symmetry::CanonicalTest;

/// What to ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// The first solution in the solver's order.
    First,
    /// How many solutions there are.
    Count,
    /// Every solution, in the solver's order.
    All,
}

/// A question: a mode, and whether only fundamental solutions count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Query {
    /// What to ask.
    pub mode: Mode,
    /// Only fundamental solutions, each in its canonical form: the first
    /// canonical solution, the number of classes, or every class sorted
    /// lexicographically (seed 004's table order).
    pub unique: bool,
}

/// Whether a run counts statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instrument {
    /// No counting: the path that is timed.
    Off,
    /// Count [`Stats`].
    Counted,
}

/// The answer to a [`Query`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// How many solutions were found (for `First`, 0 or 1).
    pub count: u64,
    /// The solutions kept: the first one for `First`, every one for `All`,
    /// none for `Count`.
    pub solutions: Vec<Vec<usize>>,
    /// The search's statistics, when counted.
    pub stats: Option<Stats>,
}

/// Answers `query` about `problem` with `solver`.
pub fn answer(
    solver: &dyn Solver,
    problem: &Problem,
    query: Query,
    instrument: Instrument,
) -> Result<Answer, Error> {
    if query.unique && !problem.is_plain() {
        return Err(Error::UniqueWithPreplaced);
    }
    let mut answer = Answer::default();
    let mut canonical = CanonicalTest::default();
    let mut sink = |queens: &[usize]| {
        if query.unique && !canonical.is_canonical(queens) {
            return ControlFlow::Continue(());
        }
        answer.count += 1;
        if query.mode != Mode::Count {
            answer.solutions.push(queens.to_vec());
        }
        if query.mode == Mode::First {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let stats = run(solver, problem, instrument, &mut sink)?;
    answer.stats = stats;
    if query.unique {
        answer.solutions.sort();
    }
    Ok(answer)
}

/// Runs `solver` on `problem`, counting statistics or not.
pub fn run(
    solver: &dyn Solver,
    problem: &Problem,
    instrument: Instrument,
    sink: &mut Sink<'_>,
) -> Result<Option<Stats>, Error> {
    match instrument {
        Instrument::Off => solver.solve(problem, sink).map(|()| None),
        Instrument::Counted => solver.solve_counted(problem, sink).map(Some),
    }
}

/// The first solution in the solver's order, if there is one.
pub fn first(solver: &dyn Solver, problem: &Problem) -> Result<Option<Vec<usize>>, Error> {
    let query = Query {
        mode: Mode::First,
        unique: false,
    };
    let answer = answer(solver, problem, query, Instrument::Off)?;
    Ok(answer.solutions.into_iter().next())
}

/// The number of solutions.
pub fn count(solver: &dyn Solver, problem: &Problem) -> Result<u64, Error> {
    let query = Query {
        mode: Mode::Count,
        unique: false,
    };
    Ok(answer(solver, problem, query, Instrument::Off)?.count)
}

/// Every solution, in the solver's order.
pub fn all(solver: &dyn Solver, problem: &Problem) -> Result<Vec<Vec<usize>>, Error> {
    let query = Query {
        mode: Mode::All,
        unique: false,
    };
    Ok(answer(solver, problem, query, Instrument::Off)?.solutions)
}

/// The fundamental solutions of a plain board, each in canonical form,
/// sorted lexicographically.
pub fn unique(solver: &dyn Solver, problem: &Problem) -> Result<Vec<Vec<usize>>, Error> {
    let query = Query {
        mode: Mode::All,
        unique: true,
    };
    Ok(answer(solver, problem, query, Instrument::Off)?.solutions)
}

/// The number of fundamental solutions of a plain board.
pub fn count_unique(solver: &dyn Solver, problem: &Problem) -> Result<u64, Error> {
    let query = Query {
        mode: Mode::Count,
        unique: true,
    };
    Ok(answer(solver, problem, query, Instrument::Off)?.count)
}
