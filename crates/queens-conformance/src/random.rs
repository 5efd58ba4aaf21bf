//! Random problems, with proptest run programmatically so that a failure
//! comes back as the check's message, shrunk to the smallest problem proptest
//! can find that still fails.
//!
//! The runner is seeded by the [`Scope`]: a fresh seed per run by default,
//! so the problems cannot be tabulated, and a given seed always draws the
//! same problems (no failure files, a fixed number of cases), so a failure
//! can be reproduced from the seed its message names.
//!
//! Every random choice of the suite comes from one generator of its own,
//! [`Draws`], seeded by the run's seed: the random problems, the order in
//! which a reused solver is asked them, and the fresh seed of a run. The
//! suite hands no generator to another crate's traits (it once shuffled with
//! rand 0.9 using proptest's generator, and a proptest release built on
//! rand 0.10 broke every student's crate that resolved it): proptest gets
//! only the bytes of its own seed, through the one constructor it has kept
//! since 1.0.

use std::panic::{AssertUnwindSafe, catch_unwind};

use proptest::collection::vec;
use proptest::prelude::{Strategy, any};
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use queens_core::{Problem, Solver, Square};

use crate::Scope;
use crate::compare::matches_reference;
use crate::harness::caught;

/// How many random problems one run tries.
pub(crate) const CASES: u32 = 48;

/// The most pre-placed queens a random problem asks for.
const MAX_PREPLACED: usize = 3;

/// A problem of size `n` with the queens of `wanted` that fit: each wanted
/// square is folded onto the board and kept only if it attacks none of the
/// queens kept before it. Problems are therefore consistent by construction,
/// and shrinking `wanted` towards `(0, 0)` simplifies them.
fn consistent_problem(n: usize, wanted: &[(usize, usize)]) -> Problem {
    let mut kept: Vec<Square> = Vec::new();
    if n > 0 {
        for &(row, col) in wanted {
            let square = Square::new(row % n, col % n);
            if kept.iter().all(|queen| queen.shared_line(square).is_none()) {
                kept.push(square);
            }
        }
    }
    Problem::with_queens(n, kept).expect("kept queens are on the board and attack no other")
}

/// Problems of size `0..=max_n` with up to three consistent pre-placed queens.
pub(crate) fn problems(max_n: usize) -> impl Strategy<Value = Problem> {
    let wanted = vec((any::<u8>(), any::<u8>()), 0..=MAX_PREPLACED);
    (0..=max_n, wanted).prop_map(|(n, wanted)| {
        let wanted: Vec<(usize, usize)> = wanted
            .into_iter()
            .map(|(row, col)| (usize::from(row), usize::from(col)))
            .collect();
        consistent_problem(n, &wanted)
    })
}

/// The random choices of one check, all drawn from the run's seed.
pub(crate) struct Draws(fastrand::Rng);

impl Draws {
    /// The draws of a run with `scope`'s seed: the same seed, the same
    /// draws.
    pub(crate) fn of(scope: &Scope) -> Self {
        Draws(fastrand::Rng::with_seed(scope.seed))
    }

    /// A proptest generator seeded from these draws.
    pub(crate) fn proptest_rng(&mut self) -> TestRng {
        let mut seed = [0_u8; 32];
        self.0.fill(&mut seed);
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed)
    }

    /// `items` in an order drawn from the seed.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        self.0.shuffle(items);
    }

    /// A number of `0..bound`, drawn from the seed; `bound` is at least 1.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        self.0.usize(..bound)
    }
}

/// `count` random problems of size up to `max_n`, drawn from `scope`'s seed.
pub(crate) fn draw(max_n: usize, scope: &Scope, count: usize) -> Vec<Problem> {
    let rng = Draws::of(scope).proptest_rng();
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    (0..count)
        .map(|_| {
            problems(max_n)
                .new_tree(&mut runner)
                .expect("the problem strategy never rejects")
                .current()
        })
        .collect()
}

/// Compares `solver` with the reference on [`CASES`] random problems of size
/// up to `max_n`, drawn from `scope`'s seed. Returns what was tried, or the
/// failure of the smallest failing problem found.
pub(crate) fn matches_reference_on_random_problems(
    solver: &dyn Solver,
    max_n: usize,
    scope: &Scope,
) -> Result<String, String> {
    let config = Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(config, Draws::of(scope).proptest_rng());
    let outcome = runner.run(&problems(max_n), |problem| {
        // A panic is caught here rather than by proptest, so that its message
        // names the question like every other failure does.
        catch_unwind(AssertUnwindSafe(|| matches_reference(solver, &problem)))
            .unwrap_or_else(|payload| Err(caught(payload)))
            .map_err(TestCaseError::fail)
    });
    match outcome {
        Ok(()) => Ok(format!(
            "{CASES} random problems, n = 0..={max_n} with up to {MAX_PREPLACED} pre-placed queens, seed {}",
            scope.seed
        )),
        Err(TestError::Fail(reason, _)) => Err(format!(
            "{} (the smallest failing case proptest found among {CASES} random problems; {})",
            reason.message(),
            scope.seed_note()
        )),
        Err(TestError::Abort(reason)) => Err(format!(
            "random problems: proptest gave up: {}",
            reason.message()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wanted_queens_that_attack_are_dropped() {
        let problem = consistent_problem(8, &[(1, 3), (2, 4), (10, 1), (3, 3)]);
        assert_eq!(problem.preplaced(), &[Square::new(1, 3), Square::new(2, 1)]);
        assert!(consistent_problem(0, &[(1, 1)]).is_plain());
    }

    #[test]
    fn problems_stay_within_bounds_and_are_reproducible() {
        let draw = || {
            let mut runner = TestRunner::deterministic();
            (0..200)
                .map(|_| problems(5).new_tree(&mut runner).unwrap().current())
                .collect::<Vec<Problem>>()
        };
        let drawn = draw();
        assert!(drawn.iter().all(|problem| problem.n() <= 5));
        assert!(drawn.iter().any(|problem| problem.n() == 5));
        assert!(drawn.iter().any(|problem| problem.preplaced().len() >= 2));
        assert_eq!(drawn, draw());
    }

    #[test]
    fn the_seed_decides_the_problems() {
        let one = draw_problems(9, 1);
        assert_eq!(one, draw_problems(9, 1));
        assert_ne!(one, draw_problems(9, 2));
    }

    fn draw_problems(max_n: usize, seed: u64) -> Vec<Problem> {
        super::draw(max_n, &Scope::with_seed(seed), 20)
    }
}
