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
use crate::observer::{OwnCounts, Stats};
use crate::problem::Problem;
use crate::solver::{Finds, Sink, Solver};
use crate::symmetry::CanonicalTest;
use crate::watch::{Instrument, StopReason, Watch};

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
    /// The search's own counts, when it told them under a watch.
    pub own: OwnCounts,
}

/// Answers `query` about `problem` with `solver`.
pub fn answer(
    solver: &dyn Solver,
    problem: &Problem,
    query: Query,
    instrument: Instrument,
) -> Result<Answer, Error> {
    check(solver, problem, query)?;
    answer_with(problem, query, |sink| {
        run(solver, problem, instrument, sink)
            .map(|stats| (stats, OwnCounts::default()))
            .map_err(Unanswered::Refused)
    })
}

/// Whether `solver` can answer `query` about `problem` at all: one that
/// finds one solution answers only `First`, and keeps pre-placed queens
/// only when it says so.
pub fn check(solver: &dyn Solver, problem: &Problem, query: Query) -> Result<(), Error> {
    let Finds::One { preplaced } = solver.finds() else {
        return Ok(());
    };
    let name = solver.info().name;
    if query.mode != Mode::First || query.unique {
        return Err(Error::FindsOne { solver: name });
    }
    if !preplaced && !problem.is_plain() {
        return Err(Error::PreplacedUnsupported { solver: name });
    }
    Ok(())
}

/// Answers `query` like [`answer`], under `watch`: with its progress
/// reported, and stopped by its flag or its budget of queens, which is then
/// an error ([`Error::Interrupted`] or [`Error::OverBudget`]) that says how
/// much was done. The budget bounds searches whose work cannot be predicted
/// from `n` (a first solution that pre-placed queens may make impossible).
pub fn answer_watched(
    solver: &dyn Solver,
    problem: &Problem,
    query: Query,
    watch: &mut Watch<'_>,
) -> Result<Answer, Error> {
    check(solver, problem, query)?;
    answer_with(problem, query, |sink| {
        run_watched(solver, problem, watch, sink)
    })
}

/// Runs `solver` on `problem` under `watch`, streaming its solutions to
/// `sink`: its statistics, when counted, and its own counts. A search
/// stopped by the watch is an error that the caller completes with the
/// solutions it had found.
pub fn run_watched(
    solver: &dyn Solver,
    problem: &Problem,
    watch: &mut Watch<'_>,
    sink: &mut Sink<'_>,
) -> Result<(Option<Stats>, OwnCounts), Unanswered> {
    let watched = solver
        .solve_watched(problem, watch, sink)
        .map_err(Unanswered::Refused)?;
    match watched.halt {
        None => Ok((watched.stats, watched.own)),
        Some(halt) => Err(Unanswered::Stopped {
            halt,
            placed: watched.queens_placed,
        }),
    }
}

/// Why [`run_watched`] ended without finishing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// The solver refused the problem.
    Refused(Error),
    /// The watch stopped the search after `placed` queens.
    Stopped {
        /// What stopped it.
        halt: StopReason,
        /// The queens placed by then.
        placed: u64,
    },
}

impl Unanswered {
    /// The error to report, given the solutions `found` before the stop.
    pub fn found(self, found: u64) -> Error {
        match self {
            Unanswered::Refused(error) => error,
            Unanswered::Stopped {
                halt: StopReason::Interrupted,
                placed,
            } => Error::Interrupted { placed, found },
            Unanswered::Stopped {
                halt: StopReason::OverBudget,
                placed,
            } => Error::OverBudget { placed, found },
        }
    }
}

/// Answers `query` about `problem` with the solutions `run` feeds its sink;
/// a run stopped early is an error that counts the solutions the answer
/// had (fundamental ones only, when asked).
fn answer_with(
    problem: &Problem,
    query: Query,
    run: impl FnOnce(&mut Sink<'_>) -> Result<(Option<Stats>, OwnCounts), Unanswered>,
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
    let outcome = run(&mut sink);
    (answer.stats, answer.own) = outcome.map_err(|halted| halted.found(answer.count))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use crate::observer::Observer;
    use crate::solver::{Finds, Levels, Order, Search, SolverInfo};

    /// A deliberately plain row-by-row search, enough to exercise the modes.
    struct Plain;

    impl Plain {
        fn extend<O: Observer>(
            problem: &Problem,
            queens: &mut Vec<usize>,
            observer: &mut O,
        ) -> ControlFlow<()> {
            let n = problem.n();
            let row = queens.len();
            if row == n {
                return observer.solution(queens);
            }
            for col in 0..n {
                if problem.column_in_row(row).is_some_and(|fixed| fixed != col) {
                    continue;
                }
                let candidate = Square::new(row, col);
                let safe =
                    crate::board::squares(queens).all(|q| q.shared_line(candidate).is_none());
                observer.checked(candidate, row as u64, None);
                if safe {
                    observer.placed(candidate)?;
                    queens.push(col);
                    Self::extend(problem, queens, observer)?;
                    queens.pop();
                }
            }
            ControlFlow::Continue(())
        }
    }

    impl Search for Plain {
        const INFO: SolverInfo = SolverInfo {
            name: "plain",
            title: "plain test search",
            seeds: "none",
            order: Order::RowMajor,
            levels: Levels::Rows,
            max_n: 10,
            practical_n: 8,
            workload: None,
        };

        fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
            let _ = Self::extend(problem, &mut Vec::new(), observer);
        }
    }

    /// The plain search, declared to find one solution and to refuse
    /// pre-placed queens.
    struct OnlyOne;

    impl Search for OnlyOne {
        const INFO: SolverInfo = SolverInfo {
            name: "one",
            ..Plain::INFO
        };
        const FINDS: Finds = Finds::One { preplaced: false };

        fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
            Plain.search(problem, observer);
        }
    }

    #[test]
    fn a_solver_that_finds_one_answers_first_only() {
        assert_eq!(
            first(&OnlyOne, &Problem::new(4)),
            Ok(Some(vec![1, 3, 0, 2]))
        );
        let finds_one = Error::FindsOne { solver: "one" };
        assert_eq!(count(&OnlyOne, &Problem::new(4)), Err(finds_one.clone()));
        assert_eq!(all(&OnlyOne, &Problem::new(4)), Err(finds_one.clone()));
        assert_eq!(unique(&OnlyOne, &Problem::new(4)), Err(finds_one));
        let preplaced = Problem::with_queens(4, [Square::new(0, 1)]).unwrap();
        assert_eq!(
            first(&OnlyOne, &preplaced),
            Err(Error::PreplacedUnsupported { solver: "one" })
        );
        assert_eq!(
            Error::FindsOne { solver: "one" }.to_string(),
            "the one solver finds one solution, not all of them: it cannot count or list; ask \
             for the first solution, or use a backtracking solver"
        );
    }

    #[test]
    fn first_count_all() {
        assert_eq!(first(&Plain, &Problem::new(4)), Ok(Some(vec![1, 3, 0, 2])));
        assert_eq!(first(&Plain, &Problem::new(3)), Ok(None));
        assert_eq!(count(&Plain, &Problem::new(8)), Ok(92));
        assert_eq!(
            all(&Plain, &Problem::new(4)),
            Ok(vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]])
        );
        assert_eq!(all(&Plain, &Problem::new(0)), Ok(vec![vec![]]));
    }

    #[test]
    fn fundamental_solutions_are_counted_and_sorted() {
        assert_eq!(count_unique(&Plain, &Problem::new(8)), Ok(12));
        assert_eq!(count_unique(&Plain, &Problem::new(6)), Ok(1));
        let fundamental = unique(&Plain, &Problem::new(8)).unwrap();
        assert_eq!(fundamental.len(), 12);
        assert_eq!(fundamental[0], vec![0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(fundamental[11], vec![2, 5, 1, 4, 7, 0, 6, 3]);
        let with_queen = Problem::with_queens(8, [Square::new(0, 0)]).unwrap();
        assert_eq!(unique(&Plain, &with_queen), Err(Error::UniqueWithPreplaced));
    }

    #[test]
    fn counted_runs_carry_statistics_and_limits_hold() {
        let query = Query {
            mode: Mode::Count,
            unique: false,
        };
        let counted = answer(&Plain, &Problem::new(4), query, Instrument::Counted).unwrap();
        assert_eq!(counted.count, 2);
        assert_eq!(
            counted
                .stats
                .map(|stats| (stats.queens_placed, stats.safety_checks)),
            Some((16, 60))
        );
        let silent = answer(&Plain, &Problem::new(4), query, Instrument::Off).unwrap();
        assert_eq!(silent.stats, None);
        assert_eq!(
            count(&Plain, &Problem::new(11)).unwrap_err().to_string(),
            "n = 11 is too large for the plain solver, which accepts n up to 10"
        );
    }

    /// Answers `query` with the plain solver, stopped at `most` queens.
    fn within(
        problem: &Problem,
        query: Query,
        instrument: Instrument,
        most: u64,
    ) -> Result<Answer, Error> {
        let mut watch = Watch::new(instrument).with_budget(Some(most));
        answer_watched(&Plain, problem, query, &mut watch)
    }

    #[test]
    fn a_budget_stops_a_search_that_cannot_answer() {
        let first = Query {
            mode: Mode::First,
            unique: false,
        };
        let hopeless = Problem::with_queens(4, [Square::new(0, 0)]).unwrap();
        assert_eq!(
            within(&hopeless, first, Instrument::Off, 2),
            Err(Error::OverBudget {
                placed: 2,
                found: 0
            })
        );
        let ample = within(&hopeless, first, Instrument::Counted, 1_000).unwrap();
        assert_eq!(ample.count, 0);
        assert_eq!(
            ample.stats,
            answer(&Plain, &hopeless, first, Instrument::Counted)
                .unwrap()
                .stats
        );
        let eight = within(&Problem::new(8), first, Instrument::Off, 1_000).unwrap();
        assert_eq!(eight.solutions, [vec![0, 4, 7, 5, 2, 6, 1, 3]]);
        let count = Query {
            mode: Mode::Count,
            unique: false,
        };
        assert_eq!(
            within(&Problem::new(8), count, Instrument::Off, 1_000),
            Err(Error::OverBudget {
                placed: 1_000,
                found: 44
            })
        );
    }

    #[test]
    fn a_set_flag_interrupts_at_the_next_queen() {
        let stop = std::sync::atomic::AtomicBool::new(true);
        let mut watch = Watch::new(Instrument::Off).with_stop(&stop);
        let query = Query {
            mode: Mode::All,
            unique: false,
        };
        assert_eq!(
            answer_watched(&Plain, &Problem::new(8), query, &mut watch),
            Err(Error::Interrupted {
                placed: 1,
                found: 0
            })
        );
    }
}
