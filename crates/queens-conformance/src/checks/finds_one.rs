//! The checks for a solver that finds one solution ([`Finds::One`]): a
//! valid solution on boards far past a search's reach, the small boards as
//! the model says, counting and listing refused, and pre-placed queens kept
//! or refused as the solver declares.

use queens_core::{Error, Finds, Problem, Solver, modes};

use super::problems::{
    ALL, COUNT, COUNT_UNIQUE, FIRST, UNIQUE, edge_cases, first_queen_fixed, shown, summary,
};
use crate::harness::{ask, asked, declares_at_least, fresh};
use crate::{Finding, MakeSolver, Scope, reference};

/// The boards on which [`first_solution_is_valid`] checks every size.
const EVERY_SIZE_TO: usize = 200;

/// Larger boards it samples, those within the solver's `practical_n`:
/// one round, one prime and one far past what a search reaches.
const SAMPLED_LARGE: [usize; 3] = [1_000, 10_007, 100_000];

/// For a solver that finds one solution: the one found
/// ([`modes::first`]) is a solution, checked in linear time, for every
/// `n = 4..=200` and for 1,000, 10,007 and 100,000 as far as the solver's
/// `practical_n` reaches. Its order is not checked: a construction or a
/// local search finds a solution, not the first in any order.
pub fn first_solution_is_valid(make: MakeSolver<'_>, _scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    declares_at_least(solver, EVERY_SIZE_TO, "asks for a solution at")?;
    let info = solver.info();
    let sampled: Vec<usize> = SAMPLED_LARGE
        .into_iter()
        .filter(|&n| n <= info.practical_n.min(info.max_n))
        .collect();
    for n in (4..=EVERY_SIZE_TO).chain(sampled.iter().copied()) {
        found_valid(solver, &Problem::new(n))?;
    }
    Ok(format!("n = 4..={EVERY_SIZE_TO} and n = {sampled:?}"))
}

/// Asks `solver` for the first solution of `problem`, which has some: it
/// must find one (valid and keeping the pre-placed queens, as the harness
/// reads every solution).
fn found_valid(solver: &dyn Solver, problem: &Problem) -> Result<(), String> {
    match ask(problem, FIRST, |problem| modes::first(solver, problem))? {
        Some(_) => Ok(()),
        None => Err(format!(
            "{problem}: no solution found, though there are some"
        )),
    }
}

/// For a solver that finds one solution: the boards too small for a
/// pattern are answered as the model says, the empty board's one empty
/// solution for n = 0, `[0]` for n = 1, and no solution for n = 2 and 3.
pub fn small_boards_as_the_model_says(make: MakeSolver<'_>, _scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let expected: [Option<Vec<usize>>; 4] = [Some(vec![]), Some(vec![0]), None, None];
    for (n, expected) in expected.iter().enumerate() {
        let problem = Problem::new(n);
        let got = ask(&problem, FIRST, |problem| modes::first(solver, problem))?;
        if got != *expected {
            return Err(format!(
                "{problem}: found {}, expected {}",
                shown(got.as_ref()),
                shown(expected.as_ref())
            ));
        }
    }
    Ok("n = 0..=3".to_owned())
}

/// For a solver that finds one solution: counting, listing, and both
/// questions about fundamental solutions are refused with the exact
/// [`Error::FindsOne`], since one solution found says nothing of the others.
pub fn counting_and_listing_are_refused(make: MakeSolver<'_>, _scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let problem = Problem::new(4);
    let expected = Error::FindsOne {
        solver: solver.info().name,
    };
    let refusals: [(&str, Result<(), Error>); 4] = [
        ("count", asked(&problem, COUNT, |p| modes::count(solver, p))),
        ("all", asked(&problem, ALL, |p| modes::all(solver, p))),
        (
            "unique",
            asked(&problem, UNIQUE, |p| modes::unique(solver, p)),
        ),
        (
            "count_unique",
            asked(&problem, COUNT_UNIQUE, |p| modes::count_unique(solver, p)),
        ),
    ];
    for (mode, result) in refusals {
        match result {
            Err(error) if error == expected => {}
            Err(error) => {
                return Err(format!(
                    "{problem}: modes::{mode} refused with \"{error}\", expected \"{expected}\""
                ));
            }
            Ok(()) => {
                return Err(format!(
                    "{problem}: modes::{mode} answered, expected \"{expected}\""
                ));
            }
        }
    }
    Ok(format!(
        "{problem}: count, all, unique and count_unique refused"
    ))
}

/// For a solver that finds one solution: on the solvable edge cases of
/// pre-placed queens and seed 004's boards with row 0's queen fixed, one
/// that says it keeps pre-placed queens finds a valid solution keeping
/// them, and one that says it cannot is refused with the exact
/// [`Error::PreplacedUnsupported`].
pub fn preplaced_queens_kept_or_refused(make: MakeSolver<'_>, _scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let mut problems = edge_cases(8);
    problems.extend(first_queen_fixed(8));
    problems.retain(|problem| !reference::solutions(problem).is_empty());
    if solver.finds() == (Finds::One { preplaced: true }) {
        for problem in &problems {
            found_valid(solver, problem)?;
        }
        return Ok(format!(
            "{}, each solved keeping its queens",
            summary(&problems)
        ));
    }
    let expected = Error::PreplacedUnsupported {
        solver: solver.info().name,
    };
    for problem in &problems {
        match asked(problem, FIRST, |problem| modes::first(solver, problem)) {
            Err(error) if error == expected => {}
            Err(error) => {
                return Err(format!(
                    "{problem}: refused with \"{error}\", expected \"{expected}\""
                ));
            }
            Ok(_) => {
                return Err(format!(
                    "{problem}: answered, but the solver says it cannot keep pre-placed queens; expected \"{expected}\""
                ));
            }
        }
    }
    Ok(format!(
        "{}, each refused as the solver declares",
        summary(&problems)
    ))
}
