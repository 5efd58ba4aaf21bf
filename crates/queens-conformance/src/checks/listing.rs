//! The checks that read whole streams of solutions and hold them to the
//! reference: each placement valid, none twice, the whole set, the
//! documented order, seed 004's first-queen boards, pre-placed queens at
//! the edges, random problems, and one solver object asked many of them.

use queens_core::{Order, Problem, Solver, modes};

use super::problems::{
    FIRST, edge_cases, first_queen_fixed, plain_boards, sample_problems, shown, something_to_judge,
    summary,
};
use crate::compare::{self, matches_reference};
use crate::harness::{Bounds, ask, collect, counted, declares_at_least, fresh};
use crate::{Finding, MakeSolver, Scope, facts, random, reference, reuse};

/// Every placement the solver emits is a solution of its problem: one queen
/// per row, each on the board, no two attacking, the pre-placed queens where
/// they were put; and it emits some (a solver that emits nothing has nothing
/// to judge). Read on the plain boards `n = 0..=min(8, practical_n - 1)`,
/// the first-queen boards up to n = 6 and the edge cases of pre-placed
/// queens.
pub fn solutions_are_valid(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let problems = sample_problems(Bounds::of(scope));
    let mut emitted = 0;
    for problem in &problems {
        // Every solution is read as it comes (the harness's `fresh`): the
        // first that is not one ends the check naming it.
        emitted += collect(solver, problem)?.len();
    }
    something_to_judge(&problems, emitted)?;
    Ok(summary(&problems))
}

/// No placement is emitted twice for one problem, on the same problems as
/// [`solutions_are_valid`], and some are emitted.
pub fn no_duplicates(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let problems = sample_problems(Bounds::of(scope));
    let mut emitted = 0;
    for problem in &problems {
        let solutions = collect(solver, problem)?;
        compare::no_duplicates(problem, &solutions)?;
        emitted += solutions.len();
    }
    something_to_judge(&problems, emitted)?;
    Ok(summary(&problems))
}

/// The set of solutions equals the reference's for `n = 0..=sets_to` (8 by
/// default): one empty solution for n = 0, none for n = 2 and 3, all 92 for
/// n = 8. Order and repetition are left to other checks.
pub fn solution_sets_match_reference(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let bounds = Bounds::of(scope);
    declares_at_least(solver, bounds.stream, "asks for whole sets to")?;
    for problem in plain_boards(bounds.stream) {
        let emitted = collect(solver, &problem)?;
        compare::same_set(&problem, &emitted, &reference::solutions(&problem))?;
    }
    Ok(format!("n = 0..={}", bounds.stream))
}

/// The solutions come in the solver's documented [`Order`]: for `n =
/// 0..=min(8, practical_n - 1)` the first is the smallest under
/// [`Order::key`] and each comes after the one before, and the first
/// solutions of `first-solutions.txt` (n = 4 and 8, each order) are met.
/// The scope's order, when it requires one, binds a solver that declares
/// another or none. A solver under no order is asked the same boards, and
/// passes when it answers them: its solutions are checked as sets.
pub fn order_is_documented(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let order = solver.info().order;
    let bounds = Bounds::of(scope);
    if order == Order::Unspecified {
        let problems: Vec<Problem> = plain_boards(bounds.representative).collect();
        let mut emitted = 0;
        for problem in &problems {
            emitted += collect(solver, problem)?.len();
        }
        something_to_judge(&problems, emitted)?;
        return Ok("no order declared or required: solutions are checked as sets".to_owned());
    }
    let required = scope.order != Order::Unspecified;
    in_order(solver, order, bounds).map_err(|why| {
        if required {
            format!("{why} (the assignment asks every solver for {order} order)")
        } else {
            why
        }
    })
}

/// [`order_is_documented`] for a solver held to `order`.
fn in_order(solver: &dyn Solver, order: Order, bounds: Bounds) -> Finding {
    for problem in plain_boards(bounds.representative) {
        let emitted = collect(solver, &problem)?;
        let reference = reference::solutions(&problem);
        compare::first_is_smallest(&problem, &emitted, &reference, order)?;
        compare::in_order(&problem, &emitted, order)?;
    }
    let recorded = facts::first_solutions()
        .into_iter()
        .filter(|&(n, recorded_order, _)| recorded_order == order && n <= bounds.representative);
    for (n, _, expected) in recorded {
        let problem = Problem::new(n);
        let got = ask(&problem, FIRST, |problem| modes::first(solver, problem))?;
        if got.as_ref() != Some(&expected) {
            return Err(format!(
                "{problem}: the first solution is {}, first-solutions.txt gives {expected:?} in {order} order",
                shown(got.as_ref())
            ));
        }
    }
    Ok(format!("{order} order, n = 0..={}", bounds.representative))
}

/// Seed 004's question, "user placed first queen in col X": on the eight
/// boards of eight queens with row 0's queen fixed, the solver's whole stream
/// matches the reference, and its first solution ([`modes::first`]) is seed
/// 004's for a row-major solver, the smallest under its order's key for a
/// column-major one, and any solution for one with no order. A solver with
/// `practical_n < 9` is asked the same of the boards of size `min(6,
/// practical_n - 1)`.
pub fn first_queen_fixed_boards(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let order = solver.info().order;
    let bounds = Bounds::of(scope);
    let n = if bounds.representative >= 8 {
        8
    } else {
        bounds.representative.min(6)
    };
    let seed_004 = facts::eight_queens_first_queen_fixed();
    for problem in first_queen_fixed(n) {
        let got = ask(&problem, FIRST, |problem| modes::first(solver, problem))?;
        let reference = reference::solutions_in(&problem, order);
        let seeds_first = seed_004
            .iter()
            .find(|(col, _)| n == 8 && problem.column_in_row(0) == Some(*col))
            .map(|(_, first)| first);
        if let Some(fault) = wrong_first(order, got.as_ref(), &reference, seeds_first) {
            return Err(format!(
                "{problem}: the first solution is {}, {fault}",
                shown(got.as_ref())
            ));
        }
        matches_reference(solver, &problem)?;
    }
    Ok(if n == 8 {
        "the eight boards of eight queens, one per column of the first queen".to_owned()
    } else {
        format!(
            "the {n} boards of n = {n}, one per column of the first queen (the eight boards \
             of eight queens need counts_to >= 9)"
        )
    })
}

/// What is wrong with `got` as the first solution, if anything: for a
/// row-major solver on seed 004's boards, it must be seed 004's answer; for
/// one with no order, any solution; otherwise the smallest of `reference`
/// (sorted by the order's key) under that key.
fn wrong_first(
    order: Order,
    got: Option<&Vec<usize>>,
    reference: &[Vec<usize>],
    seeds_first: Option<&Vec<usize>>,
) -> Option<String> {
    match (order, seeds_first) {
        (Order::Unspecified, _) => match got {
            Some(queens) if !reference.contains(queens) => {
                Some("which is not among the reference's solutions".to_owned())
            }
            None if !reference.is_empty() => Some(format!(
                "but there are {}",
                counted(reference.len() as u64, "solution")
            )),
            _ => None,
        },
        (Order::RowMajor, Some(first)) => (got != Some(first))
            .then(|| format!("but the first solution in row-major order is {first:?}")),
        _ => (got != reference.first()).then(|| {
            format!(
                "but {} comes first in {order} order",
                shown(reference.first())
            )
        }),
    }
}

/// Pre-placed queens in awkward places (the last row, the last column, the
/// whole board, or leaving no solution): the solver's stream matches the
/// reference's, order included.
pub fn preplaced_edge_cases(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let problems = edge_cases(Bounds::of(scope).representative);
    for problem in &problems {
        matches_reference(solver, problem)?;
    }
    Ok(summary(&problems))
}

/// Property test: on random problems of size `n <= min(10, counts_to - 1)`
/// with up to three consistent pre-placed queens, drawn from the scope's
/// seed, the solver's stream matches the reference's (as a set, and in order
/// when the solver declares one). A failure reports the smallest failing
/// problem proptest shrinks it to, and the seed.
pub fn random_problems_match_reference(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    random::matches_reference_on_random_problems(solver, Bounds::of(scope).random, scope)
}

/// One solver object gives each problem asked in full the same solutions
/// as a fresh object: no state leaks from one call into the next, even from
/// a search cut short. Every search the sink stops early (after a solution
/// or two) is followed at once by the same problem and another of its size,
/// in both orders, at every size from 4 to the representative bound, so a
/// leak is caught whatever the solver resets its state on; the
/// representative and random problems are asked between them, in an order
/// drawn from the scope's seed.
pub fn reused_solver_agrees(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let bounds = Bounds::of(scope);
    let mut problems = sample_problems(bounds);
    problems.extend(random::draw(bounds.random, scope, 8));
    reuse::agrees_with_fresh_objects(make, bounds.representative, problems, scope)
}
