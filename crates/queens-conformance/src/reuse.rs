//! The check of a reused solver object: state that leaks from one call into
//! the next.
//!
//! Every other check asks each problem of a fresh object, so a solver that
//! keeps its board in `self` (behind a `Mutex`, say) and forgets to clear it
//! passes them all. A search that runs to its end usually leaves such a
//! board clean (backtracking takes every queen off again); one that the
//! sink stops early leaves its queens behind, and the next search starts
//! from them.
//!
//! Whether that next search shows the marks depends on when the solver
//! clears its state: one that clears it when `n` changes is clean again
//! after a problem of another size; one that clears it when the problem
//! changes is clean for any other problem. So the order cannot be left to
//! chance: every stopped search is followed at once by problems of the same
//! `n`, in two *episodes*, one asking the same problem again first and one
//! asking another problem of that size first:
//!
//! ```text
//! stop X after k solutions → X in full → Y in full
//! stop X after k solutions → Y in full → X in full
//! ```
//!
//! for `X` and `Y` the plain board and a board with one queen pre-placed,
//! each in both roles, at every size from 4 up to the check's
//! representative bound. Whatever a solver resets on, the first full search
//! after some stop either keeps the leftover marks (and is caught) or resets
//! on the same problem, or on a different one, of the same size, and one of
//! the two episodes catches that. The seed decides the order of the
//! episodes and of the other problems between them (the representative and
//! random problems, each asked in full), which queen is pre-placed, and
//! after how many solutions each search is stopped; no seed decides whether
//! a leak is caught.

use std::collections::HashMap;

use queens_core::{Problem, Square};

use crate::harness::{Entry, collect, counted, emitted_until, fresh};
use crate::random::Draws;
use crate::{Finding, MakeSolver, Scope, reference};

/// How one problem is asked of the reused object.
#[derive(Clone, Debug)]
struct Request {
    problem: Problem,
    /// `Some(k)`: the sink stops the search after `k` solutions.
    stop_after: Option<u64>,
}

impl Request {
    /// Asked in full.
    fn full(problem: &Problem) -> Self {
        Request {
            problem: problem.clone(),
            stop_after: None,
        }
    }
}

/// The requests of one size `n`'s episodes: each of two problems stopped
/// early, then followed by itself and the other in both orders.
fn episodes(n: usize, draws: &mut Draws) -> Vec<Vec<Request>> {
    let plain = Problem::new(n);
    let pinned = with_one_queen_of_a_solution(&plain, draws);
    let mut episodes = Vec::new();
    for (stopped, other) in [(&plain, &pinned), (&pinned, &plain)] {
        let solutions = reference::solutions(stopped).len() as u64;
        for same_first in [true, false] {
            // Stopped before the last solution where there is more than one,
            // so that the search is cut short rather than at its end.
            let k = 1 + draws.below(solutions.saturating_sub(1).clamp(1, 2) as usize) as u64;
            let (first, second) = if same_first {
                (stopped, other)
            } else {
                (other, stopped)
            };
            episodes.push(vec![
                Request {
                    problem: stopped.clone(),
                    stop_after: Some(k),
                },
                Request::full(first),
                Request::full(second),
            ]);
        }
    }
    episodes
}

/// `plain` with one queen of one of its solutions pre-placed, the solution
/// and the row drawn from the seed: another problem of the same size that
/// has solutions.
fn with_one_queen_of_a_solution(plain: &Problem, draws: &mut Draws) -> Problem {
    let solutions = reference::solutions(plain);
    let solution = &solutions[draws.below(solutions.len())];
    let row = draws.below(plain.n());
    Problem::with_queens(plain.n(), [Square::new(row, solution[row])])
        .expect("one queen of a solution is consistent")
}

/// The sizes the episodes are played at: 4 up to `largest`, or n = 1 alone
/// when the scope goes no further (2 and 3 have no solution to stop at).
fn episode_sizes(largest: usize) -> Vec<usize> {
    if largest >= 4 {
        (4..=largest).collect()
    } else {
        vec![1]
    }
}

/// Asks one object the episodes of every size up to `largest`, and each of
/// `problems` in full between them, in an order drawn from the seed, and
/// compares each full answer with a fresh object's, as sorted lists (a state
/// leak changes what is found, not only its order).
pub(crate) fn agrees_with_fresh_objects(
    make: MakeSolver<'_>,
    largest: usize,
    problems: Vec<Problem>,
    scope: &Scope,
) -> Finding {
    let mut draws = Draws::of(scope);
    let mut units: Vec<Vec<Request>> = episode_sizes(largest)
        .into_iter()
        .flat_map(|n| episodes(n, &mut draws))
        .collect();
    units.extend(problems.iter().map(|problem| vec![Request::full(problem)]));
    draws.shuffle(&mut units);
    let requests: Vec<Request> = units.into_iter().flatten().collect();
    let reused = fresh(make);
    let mut from_fresh: HashMap<String, Vec<Vec<usize>>> = HashMap::new();
    let mut stopped = 0;
    let mut compared = 0;
    for (asked, request) in requests.iter().enumerate() {
        let problem = &request.problem;
        if let Some(k) = request.stop_after {
            emitted_until(reused.as_ref(), problem, Entry::Solve, k)?;
            stopped += 1;
            continue;
        }
        let mut got = collect(reused.as_ref(), problem)?;
        got.sort();
        let expected = match from_fresh.get(&problem.to_string()) {
            Some(expected) => expected,
            None => {
                let mut expected = collect(fresh(make).as_ref(), problem)?;
                expected.sort();
                from_fresh.entry(problem.to_string()).or_insert(expected)
            }
        };
        compared += expected.len();
        if got != *expected {
            return Err(format!(
                "{problem}, {}: the reused solver {}; a fresh one emits {} ({})",
                when_asked(&requests, asked),
                difference(&got, expected),
                counted(expected.len() as u64, "solution"),
                scope.seed_note()
            ));
        }
    }
    if compared == 0 {
        return Err(format!(
            "fresh solver objects emitted no solution for any of the {} problems: nothing to compare",
            requests.len() - stopped
        ));
    }
    Ok(format!(
        "{} asked of one object, {stopped} of them stopped early and each followed by problems of its size, seed {}",
        counted(requests.len() as u64, "problem"),
        scope.seed
    ))
}

/// When request `asked` came, for a message: after which stopped search.
fn when_asked(requests: &[Request], asked: usize) -> String {
    let last_stop = requests[..asked]
        .iter()
        .rposition(|request| request.stop_after.is_some());
    let Some(stop) = last_stop else {
        return format!("asked after {}", counted(asked as u64, "other problem"));
    };
    let stopped = &requests[stop];
    let between = asked - stop - 1;
    let cut = format!(
        "a search of {} stopped after {}",
        stopped.problem,
        counted(stopped.stop_after.unwrap_or_default(), "solution")
    );
    if between == 0 {
        format!("asked right after {cut}")
    } else {
        format!("asked {} after {cut}", counted(between as u64, "problem"))
    }
}

/// What the reused object got wrong, against the fresh object's answer:
/// the first solution it emitted that a fresh one does not, or the first it
/// missed, or how many it emitted.
fn difference(got: &[Vec<usize>], fresh: &[Vec<usize>]) -> String {
    if let Some(extra) = got.iter().find(|queens| !fresh.contains(queens)) {
        format!("emitted {extra:?}, which a fresh one does not")
    } else if let Some(missing) = fresh.iter().find(|queens| !got.contains(queens)) {
        format!(
            "missed {missing:?} ({} instead of {})",
            counted(got.len() as u64, "solution"),
            fresh.len()
        )
    } else {
        format!("emitted {}", counted(got.len() as u64, "solution"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stop_is_followed_by_its_problem_and_another_of_its_size() {
        let mut draws = Draws::of(&Scope::with_seed(7));
        let played = episodes(6, &mut draws);
        assert_eq!(played.len(), 4);
        for episode in &played {
            let [stop, first, second] = episode.as_slice() else {
                panic!("an episode is three requests: {episode:?}");
            };
            assert!(stop.stop_after.is_some_and(|k| (1..=2).contains(&k)));
            assert_eq!((first.stop_after, second.stop_after), (None, None));
            assert!([&first.problem, &second.problem].contains(&&stop.problem));
            assert_ne!(first.problem, second.problem);
            assert!(episode.iter().all(|request| request.problem.n() == 6));
        }
        let same_first = played
            .iter()
            .filter(|episode| episode[1].problem == episode[0].problem)
            .count();
        assert_eq!(same_first, 2);
    }

    #[test]
    fn the_pinned_queen_leaves_solutions() {
        for seed in 0..20 {
            let mut draws = Draws::of(&Scope::with_seed(seed));
            let pinned = with_one_queen_of_a_solution(&Problem::new(5), &mut draws);
            assert_eq!(pinned.preplaced().len(), 1);
            assert!(!reference::solutions(&pinned).is_empty());
        }
    }

    #[test]
    fn episodes_are_played_where_solutions_exist() {
        assert_eq!(episode_sizes(8), [4, 5, 6, 7, 8]);
        assert_eq!(episode_sizes(3), [1]);
    }
}
