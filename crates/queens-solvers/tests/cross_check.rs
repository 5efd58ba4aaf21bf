//! Every registered solver against every other, on random problems: the same
//! set of solutions, each in its own documented order, and the same count.
//!
//! The conformance suite checks each solver against a reference on its own;
//! this test puts the real solvers side by side, so a fault that a solver and
//! the reference happened to share would still show as a disagreement here.

use std::ops::ControlFlow;

use proptest::prelude::*;
use queens_core::{Order, Problem, Solver, Square};

/// Every solution of `problem` from `solver`, in emission order.
fn solutions(solver: &dyn Solver, problem: &Problem) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    solver
        .solve(problem, &mut |queens| {
            found.push(queens.to_vec());
            ControlFlow::Continue(())
        })
        .expect("the solver accepts the problem");
    found
}

/// A board of `n` up to 7 (the naive solver's practical limit, which keeps
/// each case to a fraction of a second) with up to two pre-placed queens in
/// distinct rows, kept only when they do not attack each other.
fn problems() -> impl Strategy<Value = Problem> {
    (1usize..=7)
        .prop_flat_map(|n| (Just(n), proptest::collection::vec((0..n, 0..n), 0..=2)))
        .prop_filter_map("pre-placed queens must not attack", |(n, queens)| {
            Problem::with_queens(
                n,
                queens.into_iter().map(|(row, col)| Square::new(row, col)),
            )
            .ok()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn every_solver_finds_the_same_solutions(problem in problems()) {
        let reference = &queens_solvers::FINDS_ALL[0];
        let mut expected = solutions(*reference, &problem);
        expected.sort();
        for &solver in queens_solvers::FINDS_ALL.iter() {
            let found = solutions(solver, &problem);
            let order = solver.info().order;
            if order != Order::Unspecified {
                let keys: Vec<_> = found.iter().map(|queens| order.key(queens)).collect();
                prop_assert!(keys.is_sorted(), "{} breaks its {order} order on {problem}", solver.info().name);
            }
            let mut sorted = found;
            sorted.sort();
            prop_assert_eq!(&sorted, &expected, "{} and {} disagree on {}", solver.info().name, reference.info().name, problem);
        }
    }
}
