//! The checks of the suite, one function each.
//!
//! Every check takes the solver under test and returns a [`Finding`]: `Ok`
//! with a line saying what it checked, or `Err` with a message naming the
//! first fault it found and the problem it found it on. The list of checks,
//! in the order they run, is [`crate::CHECKS`]; the [`crate::suite!`] macro
//! turns the same list into one `#[test]` per check.
//!
//! How far the checks go is the teacher's [`Scope`], not the solver's, for
//! the checks that must go far; the others stay within what the solver
//! declares it can do in seconds,
//! [`practical_n`](queens_core::SolverInfo::practical_n):
//!
//! - counts (all and fundamental) go up to the scope's `counts_to` (13 by
//!   default), and sets of solutions against the reference up to its
//!   `sets_to` (8): a solver that declares a smaller `practical_n` or
//!   `max_n` fails these checks with a message that says so, never has its
//!   range shortened to what it declares;
//! - every other check reads representative boards up to
//!   `min(8, practical_n - 1)`, random problems up to `min(9, practical_n - 1)`
//!   and statistics up to `min(6, practical_n - 1)`. One board below
//!   `practical_n` costs a small fraction of it (for the naive solver, 1.9
//!   million placements at n = 6 against 85.9 million at n = 7).
//!
//! The checks for a solver that finds one solution ([`queens_core::Finds`])
//! ask no counts or sets, so no scope bounds them: they ask for one
//! solution of every board to 200 queens and of a few far larger ones,
//! which such a solver exists to reach, checked in linear time by
//! [`crate::linear`].

use std::ops::ControlFlow;

use itertools::Itertools;
use queens_core::{
    Attack, Error, Finds, Line, Observer, Order, Problem, ProblemError, Solver, Square, canonical,
    modes,
};

use crate::compare::{self, matches_reference};
use crate::harness::{
    Bounds, Entry, ask, asked, collect, collect_via, counted, declares_at_least, emitted_until,
    fresh, reachable, run_past_max_n, slip_in,
};
use crate::{Finding, MakeSolver, Scope, facts, random, reference, reuse};

/// The questions of [`queens_core::modes`], as announcements and messages
/// name them.
const COUNT: &str = "asked to count its solutions";
const COUNT_UNIQUE: &str = "asked to count its fundamental solutions";
const UNIQUE: &str = "asked for its fundamental solutions";
const FIRST: &str = "asked for its first solution";
const ALL: &str = "asked for every solution";

/// The plain boards `n = 0..=max_n`.
fn plain_boards(max_n: usize) -> impl Iterator<Item = Problem> {
    (0..=max_n).map(Problem::new)
}

/// The boards below 4: none has more than one solution.
const SMALL_BOARDS: usize = 4;

/// The boards of size `n` with the queen of row 0 fixed in each column in
/// turn: seed 004's "user placed first queen in col X" question.
fn first_queen_fixed(n: usize) -> Vec<Problem> {
    (0..n)
        .map(|col| {
            Problem::with_queens(n, [Square::new(0, col)]).expect("a single queen is consistent")
        })
        .collect()
}

/// Pre-placed queens where solvers go wrong: in the last row or column
/// (reached only at the bottom of the search), filling the whole board, or
/// leaving no solution. Those larger than `max_n` are left out.
fn edge_cases(max_n: usize) -> Vec<Problem> {
    let cases: [(usize, &[(usize, usize)]); 9] = [
        (1, &[(0, 0)]),
        (4, &[(0, 0)]),
        (4, &[(3, 2)]),
        (4, &[(0, 1), (1, 3), (2, 0), (3, 2)]),
        (5, &[(4, 4)]),
        (6, &[(2, 5)]),
        (6, &[(0, 1), (5, 4)]),
        (7, &[(0, 0), (1, 2), (2, 4)]),
        (8, &[(3, 0), (4, 7)]),
    ];
    cases
        .into_iter()
        .filter(|&(n, _)| n <= max_n)
        .map(|(n, queens)| {
            let squares = queens.iter().map(|&(row, col)| Square::new(row, col));
            Problem::with_queens(n, squares).expect("the edge cases are consistent")
        })
        .collect()
}

/// The problems whose whole streams the validity and duplicate checks read:
/// the plain boards up to the representative bound, the first-queen boards
/// of size up to 6, and the edge cases.
fn sample_problems(bounds: Bounds) -> Vec<Problem> {
    let mut problems: Vec<Problem> = plain_boards(bounds.representative).collect();
    problems.extend(first_queen_fixed(bounds.representative.min(6)));
    problems.extend(edge_cases(bounds.representative));
    problems
}

/// What a check read: "24 problems up to n = 8".
fn summary(problems: &[Problem]) -> String {
    let largest = problems.iter().map(Problem::n).max().unwrap_or(0);
    format!("{} problems up to n = {largest}", problems.len())
}

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

/// Errs when a solver emitted nothing at all on `problems`, most of which
/// have solutions: an empty stream is valid and has no duplicates, but a
/// check that judged nothing cannot be passed.
fn something_to_judge(problems: &[Problem], emitted: usize) -> Result<(), String> {
    if emitted == 0 && problems.iter().any(|problem| problem.n() >= 4) {
        Err(format!(
            "no solution emitted for any of the {} problems, though most have some: nothing to judge",
            problems.len()
        ))
    } else {
        Ok(())
    }
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

/// A first solution for a message: the placement, or "none".
fn shown(first: Option<&Vec<usize>>) -> String {
    first.map_or_else(|| "none".to_owned(), |queens| format!("{queens:?}"))
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

/// An observer that answers `Break` at the `stop_at`th queen placed, and
/// counts every event that reaches it after that.
struct StopAtQueen {
    stop_at: u64,
    queens_placed: u64,
    events_after_stop: u64,
}

impl StopAtQueen {
    fn note(&mut self) {
        if self.queens_placed >= self.stop_at {
            self.events_after_stop += 1;
        }
    }
}

impl Observer for StopAtQueen {
    fn placed(&mut self, _square: Square) -> ControlFlow<()> {
        self.note();
        self.queens_placed += 1;
        if self.queens_placed >= self.stop_at {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn removed(&mut self, _square: Square) {
        self.note();
    }

    fn checked(&mut self, _square: Square, _cells_read: u64, _conflict: Option<Line>) {
        self.note();
    }

    fn tested(&mut self, _queens: &[Square], _cells_read: u64, _conflict: Option<Line>) {
        self.note();
    }

    fn exhausted(&mut self, _depth: usize) {
        self.note();
    }

    fn solution(&mut self, _queens: &[usize]) -> ControlFlow<()> {
        self.note();
        ControlFlow::Continue(())
    }
}

/// An observer that answers `Break` when a queen is placed stops the search
/// there: nothing at all is reported after it (a trace's step limit and
/// Ctrl-C rely on this). Tried on the representative board, stopping at the
/// 1st, 5th and 17th queen.
pub fn stops_at_any_node(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let problem = Problem::new(Bounds::of(scope).representative);
    let mut stops = Vec::new();
    for stop_at in [1, 5, 17] {
        let mut observer = StopAtQueen {
            stop_at,
            queens_placed: 0,
            events_after_stop: 0,
        };
        ask(&problem, "asked to stop at a queen placed", |problem| {
            solver.solve_observed(problem, &mut observer, &mut |_| ControlFlow::Continue(()))
        })?;
        if observer.events_after_stop > 0 {
            return Err(format!(
                "{problem}: asked to stop at queen {stop_at}, the search went on for {}",
                counted(observer.events_after_stop, "more event")
            ));
        }
        if observer.queens_placed >= stop_at {
            stops.push(stop_at);
        }
    }
    Ok(format!("{problem}, stopping at queens {stops:?}"))
}

/// Records the progress a search reports.
#[derive(Default)]
struct ProgressLog {
    reports: Vec<(usize, usize)>,
}

impl Observer for ProgressLog {
    fn progressed(&mut self, done: usize, of: usize) {
        self.reports.push((done, of));
    }
}

/// Progress is reported as top-level branches finish: it never goes back,
/// always out of the same total, and ends with every branch done. Tried on
/// the plain boards `n = 1..=representative`.
pub fn progress_reaches_the_end(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let largest = Bounds::of(scope).representative;
    for problem in (1..=largest).map(Problem::new) {
        let mut log = ProgressLog::default();
        ask(
            &problem,
            "asked for every solution, reporting progress",
            |problem| solver.solve_observed(problem, &mut log, &mut |_| ControlFlow::Continue(())),
        )?;
        progress_is_monotone(&problem, &log.reports)?;
    }
    Ok(format!("n = 1..={largest}"))
}

/// The reports `(done, of)` grow, share one total and end at it.
fn progress_is_monotone(problem: &Problem, reports: &[(usize, usize)]) -> Result<(), String> {
    let Some(&(last_done, total)) = reports.last() else {
        return Err(format!("{problem}: no progress was reported"));
    };
    if let Some(pair) = reports
        .windows(2)
        .find(|pair| pair[1].0 < pair[0].0 || pair[1].1 != pair[0].1)
    {
        return Err(format!(
            "{problem}: progress went from {}/{} to {}/{}",
            pair[0].0, pair[0].1, pair[1].0, pair[1].1
        ));
    }
    if last_done != total {
        return Err(format!(
            "{problem}: the search ended at {last_done}/{total} branches done"
        ));
    }
    Ok(())
}

/// The statistics are consistent, on the boards `n = 1..=min(6,
/// practical_n - 1)` and one with a pre-placed queen: the counted and observed
/// runs emit the same solutions as the silent one; a search makes at least
/// one safety check; it places at least one queen per solution (each
/// solution needs its last queen put on the board; plain boards only, since a
/// solver may set pre-placed queens down without counting them); two counted
/// runs count the same; and an observer passed to `solve_observed` counts
/// what `solve_counted` reports.
pub fn statistics_are_consistent(make: MakeSolver<'_>, scope: &Scope) -> Finding {
    let solver = &*fresh(make);
    let bounds = Bounds::of(scope);
    let mut problems: Vec<Problem> = (1..=bounds.stats).map(Problem::new).collect();
    if bounds.stats >= 4 {
        let with_queen = Problem::with_queens(bounds.stats, [Square::new(0, 1)]);
        problems.push(with_queen.expect("a single queen is consistent"));
    }
    for problem in &problems {
        statistics_of(solver, problem)?;
    }
    Ok(summary(&problems))
}

/// The statistics invariants of [`statistics_are_consistent`] on one problem.
fn statistics_of(solver: &dyn Solver, problem: &Problem) -> Result<(), String> {
    let (silent, _) = collect_via(solver, problem, Entry::Solve)?;
    let (emitted, stats) = collect_via(solver, problem, Entry::Counted)?;
    same_stream(problem, Entry::Counted, &emitted, &silent)?;
    let (observed, observed_stats) = collect_via(solver, problem, Entry::Observed)?;
    same_stream(problem, Entry::Observed, &observed, &silent)?;
    let (_, again) = collect_via(solver, problem, Entry::Counted)?;
    let (Some(stats), Some(observed_stats), Some(again)) = (stats, observed_stats, again) else {
        unreachable!("counted and observed runs always return statistics");
    };
    if stats.safety_checks == 0 {
        return Err(format!(
            "{problem}: solve_counted reported no safety checks; a search checks at least one square or placement"
        ));
    }
    let solutions = silent.len() as u64;
    if problem.is_plain() && stats.queens_placed < solutions {
        return Err(format!(
            "{problem}: {} but only {} placed; each solution puts at least its last queen on the board",
            counted(solutions, "solution"),
            counted(stats.queens_placed, "queen")
        ));
    }
    if again != stats {
        return Err(format!(
            "{problem}: two counted runs disagree: {stats:?}, then {again:?}"
        ));
    }
    if observed_stats != stats {
        return Err(format!(
            "{problem}: solve_observed's observer counted {observed_stats:?}, solve_counted reported {stats:?}"
        ));
    }
    Ok(())
}

/// The stream `entry` emitted is the silent run's, or a message naming the
/// first difference.
fn same_stream(
    problem: &Problem,
    entry: Entry,
    emitted: &[Vec<usize>],
    silent: &[Vec<usize>],
) -> Result<(), String> {
    let difference = emitted.iter().zip(silent).position(|(a, b)| a != b);
    match difference {
        Some(index) => Err(format!(
            "{problem}: solution {} is {:?} from {entry}, {:?} from solve",
            index + 1,
            emitted[index],
            silent[index]
        )),
        None if emitted.len() != silent.len() => Err(format!(
            "{problem}: {entry} emitted {}, solve {}",
            counted(emitted.len() as u64, "solution"),
            silent.len()
        )),
        None => Ok(()),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_cases_are_consistent_and_bounded() {
        assert_eq!(edge_cases(8).len(), 9);
        assert_eq!(edge_cases(6).len(), 7);
        assert_eq!(edge_cases(0).len(), 0);
        let full = &edge_cases(4)[3];
        assert_eq!(reference::solutions(full), [[1, 3, 0, 2]]);
        assert!(reference::solutions(&edge_cases(4)[1]).is_empty());
    }

    #[test]
    fn preplaced_queens_are_refused_exactly() {
        assert_eq!(bad_preplaced_queens_are_refused(), Ok(7));
    }
}
