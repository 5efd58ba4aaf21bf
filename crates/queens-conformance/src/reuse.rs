//! The check of a reused solver object: state that leaks from one call into
//! the next.
//!
//! Every other check asks each problem of a fresh object, so a solver that
//! keeps its board in `self` (behind a `Mutex`, say) and forgets to clear it
//! passes them all. Here one object is asked many problems in an order
//! shuffled by the run's seed, and some searches are cut short by the sink,
//! which is where such a solver leaves marks behind. Each problem asked in
//! full must then give what a fresh object gives for it.

use queens_core::Problem;
use rand::seq::SliceRandom;

use crate::harness::{Entry, collect, counted, emitted_until, fresh};
use crate::random::seeded_rng;
use crate::{MakeSolver, Scope, Verdict};

/// How one problem is asked of the reused object.
#[derive(Clone, Debug)]
struct Request {
    problem: Problem,
    /// `Some(k)`: the sink stops the search after `k` solutions.
    stop_after: Option<u64>,
}

/// The requests for `problems`: each asked in full, and every third also
/// stopped after one or two solutions.
fn requests(problems: Vec<Problem>) -> Vec<Request> {
    let mut requests = Vec::new();
    for (index, problem) in problems.into_iter().enumerate() {
        if index % 3 == 0 {
            requests.push(Request {
                problem: problem.clone(),
                stop_after: Some(1 + index as u64 % 2),
            });
        }
        requests.push(Request {
            problem,
            stop_after: None,
        });
    }
    requests
}

/// Asks one object every request of `problems` in a shuffled order and
/// compares each full answer with a fresh object's, as sorted lists (a state
/// leak changes what is found, not only its order).
pub(crate) fn agrees_with_fresh_objects(
    make: MakeSolver<'_>,
    problems: Vec<Problem>,
    scope: &Scope,
) -> Verdict {
    let mut requests = requests(problems);
    requests.shuffle(&mut seeded_rng(scope));
    let reused = fresh(make);
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
        let mut from_fresh = collect(fresh(make).as_ref(), problem)?;
        got.sort();
        from_fresh.sort();
        compared += from_fresh.len();
        if got != from_fresh {
            return Err(format!(
                "{problem}, asked after {} ({stopped} stopped early): the reused solver {}; a fresh one emits {} ({})",
                counted(asked as u64, "other problem"),
                difference(&got, &from_fresh),
                counted(from_fresh.len() as u64, "solution"),
                scope.seed_note()
            ));
        }
    }
    if compared == 0 {
        return Err(format!(
            "fresh solver objects emitted no solution for any of the {} problems: nothing to compare",
            requests.len()
        ));
    }
    Ok(format!(
        "{} asked of one object, {stopped} stopped early, {}",
        counted(requests.len() as u64, "problem"),
        format_args!("seed {}", scope.seed)
    ))
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
