//! One tree, one range: the solvers that search the same tree are fitted
//! over the same sizes.
//!
//! Matrix, array, lookup and bitboard backtracking place the same queens in
//! the same order: they walk one tree and differ only in what a check
//! costs. A rate fitted over each solver's own largest sizes would mix two
//! things, the cost of a queen and the tree itself, which grows faster at
//! larger n (×5.1 per queen over n = 10..13, ×6.0 over n = 12..16): the
//! solver that stops sooner would look as if it scaled better. So the
//! solvers are grouped by the queens they place, measured, not declared, and
//! each group is fitted over the largest sizes every member counted in a
//! millisecond or more. Then their rates differ only as the cost of a queen
//! changes with n.

use queens_core::modes::{self, Mode, Query};
use queens_core::{Instrument, Problem};

use super::fit;
use super::model::{Counter, Series, Tree};
use crate::error::Error;

/// The board on which solvers are told apart by the queens they place: the
/// naive solver, the slowest, counts it in milliseconds, and its tree is
/// already large enough that two different searches place different
/// numbers of queens.
pub const TREE_N: usize = 6;

/// The queens `counter` places counting every solution of `n` queens; none
/// for a ladder step, whose counters keep no statistics.
pub fn queens_placed(counter: Counter, n: usize) -> Result<Option<u64>, Error> {
    let Counter::Solver(solver) = counter else {
        return Ok(None);
    };
    let query = Query {
        mode: Mode::Count,
        unique: false,
    };
    let answer = modes::answer(solver, &Problem::new(n), query, Instrument::Counted)
        .map_err(|error| Error::Failed(format!("{} n = {n}: {error}", counter.label())))?;
    Ok(answer.stats.map(|stats| stats.queens_placed))
}

/// The trees of `series`: its solvers grouped by the queens they place at
/// [`TREE_N`], first appearance first. A group of one is a tree too; the
/// ladder's steps, which keep no statistics, are in none.
pub fn group(series: &[Series]) -> Result<Vec<Tree>, Error> {
    let mut trees: Vec<Tree> = Vec::new();
    for (index, one) in series.iter().enumerate() {
        let Some(placed) = queens_placed(one.counter, TREE_N)? else {
            continue;
        };
        match trees.iter_mut().find(|tree| tree.placed == placed) {
            Some(tree) => tree.members.push(index),
            None => trees.push(Tree {
                members: vec![index],
                placed,
                sizes: None,
            }),
        }
    }
    for tree in &mut trees {
        let times: Vec<&[(usize, f64)]> = tree
            .members
            .iter()
            .map(|&index| series[index].times.as_slice())
            .collect();
        tree.sizes = common_sizes(&times);
    }
    Ok(trees)
}

/// The sizes a group of series is fitted over: the largest
/// [`fit::FIT_SIZES`] that every one of them counted in at least
/// [`fit::FIT_FLOOR`], smallest first; `None` when fewer than
/// [`fit::FIT_LEAST`] are.
pub fn common_sizes(times: &[&[(usize, f64)]]) -> Option<Vec<usize>> {
    let (first, others) = times.split_first()?;
    let long_enough = |series: &[(usize, f64)], n: usize| {
        series
            .iter()
            .any(|&(size, seconds)| size == n && seconds >= fit::FIT_FLOOR)
    };
    let shared: Vec<(usize, f64)> = first
        .iter()
        .copied()
        .filter(|&(n, _)| others.iter().all(|series| long_enough(series, n)))
        .collect();
    fit::fitted_sizes(&shared)
}

/// Measures the queens each member of `tree` places at each of its fitted
/// sizes into its series, and checks that they agree: members that part at
/// a larger board do not share a tree, and saying they do would be false.
pub fn measure_placed(tree: &Tree, series: &mut [Series]) -> Result<(), Error> {
    let Some(sizes) = &tree.sizes else {
        return Ok(());
    };
    for &n in sizes {
        let mut first: Option<(String, u64)> = None;
        for &index in &tree.members {
            let counter = series[index].counter;
            let Some(placed) = queens_placed(counter, n)? else {
                continue;
            };
            series[index].placed.push((n, placed as f64));
            match &first {
                None => first = Some((counter.label(), placed)),
                Some((label, other)) if *other != placed => {
                    return Err(Error::Failed(format!(
                        "{label} and {} place the same queens at n = {TREE_N} but not at \
                         n = {n} ({other} and {placed}): they do not search one tree",
                        counter.label()
                    )));
                }
                Some(_) => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solver(name: &str, times: Vec<(usize, f64)>) -> Series {
        Series {
            counter: Counter::Solver(queens_solvers::by_name(name).unwrap()),
            times,
            placed: Vec::new(),
            fitted: None,
            stop: None,
        }
    }

    /// Times that pass the floor from `from` to `to`.
    fn timed(from: usize, to: usize) -> Vec<(usize, f64)> {
        (4..=to)
            .map(|n| (n, if n >= from { 1e-3 * n as f64 } else { 1e-6 }))
            .collect()
    }

    #[test]
    fn the_backtracking_solvers_share_one_tree_and_one_range() {
        let series = vec![
            solver("permutation", timed(9, 12)),
            solver("matrix", timed(9, 13)),
            solver("array", timed(10, 14)),
            solver("lookup", timed(11, 15)),
            solver("bitboard", timed(12, 16)),
        ];
        let trees = group(&series).unwrap();
        assert_eq!(
            trees,
            vec![
                Tree {
                    members: vec![0],
                    placed: 1_956,
                    sizes: Some(vec![9, 10, 11, 12]),
                },
                Tree {
                    members: vec![1, 2, 3, 4],
                    placed: 152,
                    sizes: None,
                },
            ],
            "matrix stops at 13 and the bitboard takes a millisecond from 12: \
             two shared sizes are too few to fit"
        );
        let series = vec![
            solver("matrix", timed(9, 13)),
            solver("bitboard", timed(11, 16)),
        ];
        let trees = group(&series).unwrap();
        assert_eq!(trees.len(), 1);
        assert_eq!(trees[0].sizes, Some(vec![11, 12, 13]));
    }

    #[test]
    fn the_members_of_a_tree_are_checked_to_place_the_same_queens() {
        let mut series = vec![solver("matrix", timed(6, 8)), solver("lookup", timed(6, 8))];
        let trees = group(&series).unwrap();
        measure_placed(&trees[0], &mut series).unwrap();
        assert_eq!(series[0].placed, series[1].placed);
        assert_eq!(series[1].placed, vec![(6, 152.0), (7, 551.0), (8, 2_056.0)]);
    }

    #[test]
    fn shared_sizes_need_every_series() {
        let long = timed(4, 12);
        let short = timed(8, 10);
        assert_eq!(
            common_sizes(&[&long, &short]),
            Some(vec![8, 9, 10]),
            "the sizes both counted past the floor"
        );
        assert_eq!(common_sizes(&[&long]), fit::fitted_sizes(&long));
        assert_eq!(common_sizes(&[]), None);
    }
}
