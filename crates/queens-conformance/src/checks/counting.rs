//! The checks that count: every solution and the fundamental ones against
//! OEIS, and the twelve fundamental solutions of eight queens against seed
//! 004's table.

use itertools::Itertools;
use queens_core::{Problem, canonical, modes};

use super::problems::{COUNT, COUNT_UNIQUE, UNIQUE, plain_boards};
use crate::harness::{Bounds, ask, counted, declares_at_least, fresh};
use crate::{Finding, MakeSolver, Scope, facts, reference};

/// The number of solutions equals OEIS A000170 for `n = 0..=counts_to` (13
/// by default): one board past what a table of every solution, pasted into
/// a program's source, could hold (the 18,106 of n = 0..=12 fit in half a
/// megabyte; n = 13 alone has 73,712). A solver that declares a smaller `practical_n` or `max_n`
/// fails without being asked.
pub fn counts_match_oeis(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let bounds = Bounds::of(scope);
    declares_at_least(solver, bounds.count, "asks for")?;
    for problem in plain_boards(bounds.count) {
        let expected = facts::solution_count(problem.n()).expect("counts are known to n = 27");
        let got = ask(&problem, COUNT, |problem| modes::count(solver, problem))?;
        if got != expected {
            let hint = if problem.n() == 0 {
                " (the empty board has one solution, with no queen: a program prints one empty \
                 line)"
            } else {
                ""
            };
            return Err(format!(
                "{problem}: expected {}, got {got}{hint}",
                counted(expected, "solution")
            ));
        }
    }
    Ok(format!("n = 0..={}", bounds.count))
}

/// The number of fundamental solutions ([`modes::count_unique`]) equals
/// OEIS A002562 for `n = 1..=counts_to`, and is 1 for n = 0.
pub fn unique_counts_match_oeis(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let bounds = Bounds::of(scope);
    declares_at_least(solver, bounds.count, "asks for")?;
    for problem in plain_boards(bounds.count) {
        let expected = facts::fundamental_count(problem.n()).expect("counts are known to n = 27");
        let got = ask(&problem, COUNT_UNIQUE, |problem| {
            modes::count_unique(solver, problem)
        })?;
        if got != expected {
            return Err(format!(
                "{problem}: expected {}, got {got}",
                counted(expected, "fundamental solution")
            ));
        }
    }
    Ok(format!("n = 0..={}", bounds.count))
}

/// The fundamental solutions of eight queens ([`modes::unique`]) are exactly
/// the twelve of seed 004's table. A solver that cannot do n = 8 is compared
/// with the reference's classes at `n = practical_n - 1` instead.
pub fn fundamental_solutions_match(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let bounds = Bounds::of(scope);
    let (n, expected, source) = if bounds.stream >= 8 {
        (
            8,
            facts::eight_queens_fundamental(),
            "the 12 fundamental solutions of eight queens",
        )
    } else {
        let n = bounds.representative;
        let classes = reference::solutions(&Problem::new(n))
            .iter()
            .map(|queens| canonical(queens))
            .sorted()
            .dedup()
            .collect();
        (n, classes, "the reference's classes")
    };
    let problem = Problem::new(n);
    let got = ask(&problem, UNIQUE, |problem| modes::unique(solver, problem))?;
    if let Some(missing) = expected.iter().find(|queens| !got.contains(queens)) {
        return Err(format!(
            "{problem}: {missing:?}, one of {source}, is not among the fundamental solutions found"
        ));
    }
    if let Some(extra) = got.iter().find(|queens| !expected.contains(queens)) {
        return Err(format!(
            "{problem}: found the fundamental solution {extra:?}, which is not among {source}"
        ));
    }
    // Every expected solution was found and nothing else, so a difference
    // left is one found twice; `modes::unique` sorts, so twins are adjacent.
    if let Some(twice) = got.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(format!(
            "{problem}: the fundamental solution {:?} was found twice",
            twice[0]
        ));
    }
    Ok(format!("{problem} against {source}"))
}
