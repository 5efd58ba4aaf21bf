//! The bitboard against the solver it descends from, and the classes of
//! the symmetric count against the model's canonical forms.

use std::collections::HashMap;
use std::ops::ControlFlow;

use proptest::prelude::*;
use queens_bitboard::{Bitboard, Classes, WORDS_PER_MASK, classify, units};
use queens_core::{Problem, Solver, Square, Stats, Symmetry, canonical, modes};
use queens_lookup::LookupArrays;

/// Every solution of `problem` from `solver`, with the statistics counted.
fn solve(solver: &dyn Solver, problem: &Problem) -> (Vec<Vec<usize>>, Stats) {
    let mut solutions = Vec::new();
    let stats = solver
        .solve_counted(problem, &mut |queens| {
            solutions.push(queens.to_vec());
            ControlFlow::Continue(())
        })
        .expect("a board the solvers accept");
    (solutions, stats)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random boards up to n = 10 with up to three pre-placed queens: the
    /// same solutions in the same order, and the same queens placed, as the
    /// lookup-array solver; but checks of its own, one mask per row entered
    /// (the first row, and the row under every queen that does not complete
    /// a solution), three words each.
    #[test]
    fn agrees_with_the_lookup_solver(
        n in 1usize..=10,
        queens in proptest::collection::vec((0usize..10, 0usize..10), 0..=3),
    ) {
        let squares = queens.into_iter().map(|(row, col)| Square::new(row % n, col % n));
        // Inconsistent queens make no problem; the model tests that.
        if let Ok(problem) = Problem::with_queens(n, squares) {
            let (solutions, stats) = solve(&Bitboard, &problem);
            let (lookup_solutions, lookup_stats) = solve(&LookupArrays, &problem);
            prop_assert_eq!(&solutions, &lookup_solutions);
            prop_assert_eq!(stats.queens_placed, lookup_stats.queens_placed);
            let masks = stats.queens_placed + 1 - solutions.len() as u64;
            prop_assert_eq!(stats.safety_checks, masks);
            prop_assert_eq!(stats.cells_read, WORDS_PER_MASK * masks);
        }
    }
}

/// The classes of the solutions of an `n`×`n` board found the slow way:
/// every solution's canonical form, and the number of distinct images.
fn classes_by_canonical_forms(n: usize) -> Classes {
    let mut sizes: HashMap<Vec<usize>, usize> = HashMap::new();
    for queens in modes::all(&Bitboard, &Problem::new(n)).unwrap() {
        let mut images: Vec<Vec<usize>> = Symmetry::ALL
            .iter()
            .map(|symmetry| symmetry.apply(&queens))
            .collect();
        images.sort();
        images.dedup();
        sizes.insert(canonical(&queens), images.len());
    }
    let mut classes = Classes::default();
    for size in sizes.into_values() {
        match size {
            8 => classes.eight += 1,
            4 => classes.four += 1,
            2 => classes.two += 1,
            1 => classes.one += 1,
            _ => unreachable!("a class of {size} boards"),
        }
    }
    classes
}

#[test]
fn classes_match_the_canonical_forms() {
    for n in 0..=10 {
        assert_eq!(classify(n), Ok(classes_by_canonical_forms(n)), "n = {n}");
    }
    // Seed 004's twelve: eleven classes of eight, one of four.
    assert_eq!(
        classify(8),
        Ok(Classes {
            eight: 11,
            four: 1,
            two: 0,
            one: 0
        })
    );
}

#[test]
fn units_of_the_same_board_are_the_same_units() {
    let plan = units(11).unwrap();
    assert_eq!(plan, units(11).unwrap());
    assert_eq!(plan.n(), 11);
    let classes = (0..plan.len())
        .rev()
        .map(|index| plan.classify_unit(index).unwrap())
        .fold(Classes::default(), Classes::plus);
    assert_eq!(classify(11), Ok(classes));
}
