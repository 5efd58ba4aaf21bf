//! The checks of how a solver answers rather than what it answers: the
//! form its answers are written in, the exact error for bad input, and a
//! sink's `Break` obeyed.

use std::ops::ControlFlow;

use itertools::Itertools;
use queens_core::{Attack, Error, Line, Problem, ProblemError, Solver, Square};

use crate::harness::{
    Bounds, Entry, counted, emitted_until, fresh, reachable, run_past_max_n, slip_in,
};
use crate::{Finding, MakeSolver, Scope, facts};

/// The boards below 4: none has more than one solution.
const SMALL_BOARDS: usize = 4;

/// Every answer is written as the protocol says, nothing else: for a
/// program, no stray line (an empty line between solutions, a line of
/// text) and no text after a solution; for a crate served over a grader's
/// pipe, nothing printed on stdout beside the protocol. Such slips change no
/// answer: the adapter of a solver in another process reads past them in
/// every other check, and raises the first as a [`crate::Slip`] in this one
/// alone, so that one slip costs one check. Every other fault is passed
/// over here (the other checks judge it), but some board must be answered
/// without one: a solver that never answers has no form to judge. A solver
/// of this process writes no text. Asked on the plain boards `n = 4..=8`
/// (one below `counts_to` at most) first, where a slip between solutions
/// shows, then on the small ones, where a program's answer is one empty
/// line or none; boards no longer asked after a timeout are passed over.
pub fn output_format(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let largest = Bounds::of(scope).representative;
    let mut boards: Vec<usize> = (SMALL_BOARDS..=largest)
        .chain(0..SMALL_BOARDS.min(largest + 1))
        .collect();
    // Boards no longer asked (after a timeout) are passed over, unless
    // none is left: then the first ends the check as not reached.
    if boards.iter().any(|&n| reachable(n)) {
        boards.retain(|&n| reachable(n));
    }
    let mut answered = 0;
    for n in boards {
        match slip_in(make, &Problem::new(n)) {
            Ok(Some(slip)) => return Err(slip),
            Ok(None) => answered += 1,
            Err(()) => {}
        }
    }
    if answered == 0 {
        return Err(format!(
            "no board of n = 0..={largest} was answered without a fault (the other checks name \
             it): no answer to judge the form of"
        ));
    }
    Ok(format!(
        "n = 0..={largest}: {answered} answered, nothing written but the answers"
    ))
}

/// Bad input is refused with the exact error, never a panic: pre-placed
/// queens off the board or attacking each other are refused by
/// [`Problem::with_queens`] (so no solver can ever be handed them), and a
/// board larger than the solver's `max_n` makes each of its three entry
/// points return [`Error::TooLarge`] without emitting anything.
pub fn bad_input_is_refused(make: MakeSolver<'_>, _scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let refused = bad_preplaced_queens_are_refused()?;
    let too_large = too_large_is_refused(solver)?;
    Ok(format!(
        "{refused} inconsistent sets of pre-placed queens; {too_large}"
    ))
}

/// Asks [`Problem::with_queens`] for inconsistent boards of eight queens.
/// Returns how many it asked for.
fn bad_preplaced_queens_are_refused() -> Result<usize, String> {
    let attack = |first: (usize, usize), second: (usize, usize), line| {
        ProblemError::Attack(Attack {
            first: Square::new(first.0, first.1),
            second: Square::new(second.0, second.1),
            line,
        })
    };
    let off_board = |row, col| ProblemError::OffBoard {
        n: 8,
        square: Square::new(row, col),
    };
    let cases: [(&[(usize, usize)], ProblemError); 7] = [
        (&[(8, 3)], off_board(8, 3)),
        (&[(0, 0), (2, 9)], off_board(2, 9)),
        (&[(1, 3), (2, 4)], attack((1, 3), (2, 4), Line::Diagonal)),
        (
            &[(4, 2), (2, 4)],
            attack((2, 4), (4, 2), Line::AntiDiagonal),
        ),
        (&[(2, 1), (2, 6)], attack((2, 1), (2, 6), Line::Row)),
        (&[(0, 5), (6, 5)], attack((0, 5), (6, 5), Line::Column)),
        (&[(3, 3), (3, 3)], attack((3, 3), (3, 3), Line::Row)),
    ];
    for (queens, expected) in &cases {
        let squares: Vec<Square> = queens
            .iter()
            .map(|&(row, col)| Square::new(row, col))
            .collect();
        let asked = squares.iter().map(ToString::to_string).join(", ");
        match Problem::with_queens(8, squares) {
            Err(error) if error == *expected => {}
            Err(error) => {
                return Err(format!(
                    "n = 8 with queens at {asked}: refused with \"{error}\", expected \"{expected}\""
                ));
            }
            Ok(_) => {
                return Err(format!(
                    "n = 8 with queens at {asked}: accepted, expected \"{expected}\""
                ));
            }
        }
    }
    Ok(cases.len())
}

/// Boards past this size are not built to test a solver's `max_n`: the
/// problem alone would take more memory than a test should.
const LARGEST_REFUSAL_TESTED: usize = 1 << 16;

/// Asks each entry point of `solver` for a board one larger than its
/// `max_n`. The sink stops the search at once, should the solver accept.
fn too_large_is_refused(solver: &dyn Solver) -> Finding {
    let info = solver.info();
    let Some(n) = info
        .max_n
        .checked_add(1)
        .filter(|&n| n <= LARGEST_REFUSAL_TESTED)
    else {
        return Ok(format!(
            "max_n = {} is too large to build the board past it",
            info.max_n
        ));
    };
    let problem = Problem::new(n);
    let expected = Error::TooLarge {
        solver: info.name,
        n,
        max_n: info.max_n,
    };
    for entry in Entry::ALL {
        let mut emitted = 0_u64;
        let result = run_past_max_n(solver, &problem, entry, &mut |_| {
            emitted += 1;
            ControlFlow::Break(())
        });
        match result {
            Err(error) if error == expected => {}
            Err(error) => {
                return Err(format!(
                    "{problem}: {entry} refused with \"{error}\", expected \"{expected}\""
                ));
            }
            Ok(_) => {
                return Err(format!(
                    "{problem}: {entry} accepted a board larger than max_n = {}, expected \"{expected}\"",
                    info.max_n
                ));
            }
        }
        if emitted > 0 {
            return Err(format!(
                "{problem}: {entry} emitted {} before refusing",
                counted(emitted, "solution")
            ));
        }
    }
    Ok(format!("n = {n} past max_n refused"))
}

/// A sink that answers `Break` stops the search: asked to stop after `k`
/// solutions, each entry point emits exactly `k`, for several `k` on the
/// largest board up to `min(8, practical_n - 1)` with at least two
/// solutions.
pub fn stops_when_asked(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let bounds = Bounds::of(scope);
    let Some(n) = (0..=bounds.representative)
        .rev()
        .find(|&n| facts::solution_count(n).is_some_and(|count| count >= 2))
    else {
        return Ok(format!(
            "no board up to n = {} has two solutions to stop between",
            bounds.representative
        ));
    };
    let problem = Problem::new(n);
    let total = facts::solution_count(n).expect("counts are known to n = 27");
    let stops: Vec<u64> = [1, 2, 3, 5].into_iter().filter(|&k| k < total).collect();
    for &k in &stops {
        stop_after(solver, &problem, Entry::Solve, k)?;
    }
    // The other two entry points stop after the second solution, or the
    // first when there are only two.
    let second = stops.get(1).copied().unwrap_or(1);
    for entry in [Entry::Counted, Entry::Observed] {
        stop_after(solver, &problem, entry, second)?;
    }
    Ok(format!("{problem}, stopping after {stops:?} solutions"))
}

/// Runs `entry` on `problem` with a sink that asks to stop at the `k`th
/// solution, and counts what it gets.
fn stop_after(solver: &dyn Solver, problem: &Problem, entry: Entry, k: u64) -> Result<(), String> {
    let emitted = emitted_until(solver, problem, entry, k)?;
    if emitted == k {
        Ok(())
    } else {
        Err(format!(
            "{problem}: asked to stop after {}, {entry} emitted {emitted}",
            counted(k, "solution")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preplaced_queens_are_refused_exactly() {
        assert_eq!(bad_preplaced_queens_are_refused(), Ok(7));
    }
}
