//! Comparisons of an emitted stream of solutions with what it should be, each
//! returning a message that names the problem and the first fault found:
//! "n = 5: [0, 2, 4, 1, 3] emitted twice".

use std::collections::{HashMap, HashSet};

use queens_core::{Order, Problem, Solver};

use crate::harness::collect;
use crate::reference;

/// No placement is emitted twice. Names the first one, in emission order,
/// that is emitted more than once, and how often.
pub(crate) fn no_duplicates(problem: &Problem, emitted: &[Vec<usize>]) -> Result<(), String> {
    let mut times: HashMap<&[usize], usize> = HashMap::new();
    for queens in emitted {
        *times.entry(queens).or_default() += 1;
    }
    match emitted.iter().find(|queens| times[queens.as_slice()] > 1) {
        Some(queens) => {
            let how_often = match times[queens.as_slice()] {
                2 => "twice".to_owned(),
                many => format!("{many} times"),
            };
            Err(format!("{problem}: {queens:?} emitted {how_often}"))
        }
        None => Ok(()),
    }
}

/// The emitted placements, as a set, are exactly `reference`. Something
/// emitted that should not be is reported before something missing, since it
/// usually names the fault more precisely. (Every emitted placement is a
/// solution: the harness read each before it counted.)
pub(crate) fn same_set(
    problem: &Problem,
    emitted: &[Vec<usize>],
    reference: &[Vec<usize>],
) -> Result<(), String> {
    let expected: HashSet<&Vec<usize>> = reference.iter().collect();
    if let Some(extra) = emitted.iter().find(|queens| !expected.contains(queens)) {
        return Err(format!(
            "{problem}: {extra:?} is not among the reference's solutions"
        ));
    }
    let found: HashSet<&Vec<usize>> = emitted.iter().collect();
    let missing: Vec<&Vec<usize>> = reference
        .iter()
        .filter(|queens| !found.contains(queens))
        .collect();
    match missing.first() {
        Some(first) => Err(format!(
            "{problem}: {first:?} was not emitted ({} of {} missing)",
            missing.len(),
            reference.len()
        )),
        None => Ok(()),
    }
}

/// The first emitted placement is the smallest of `reference` under
/// `order`'s key. Says nothing when the solver has no order, emitted nothing
/// or there is nothing to emit: other comparisons report those.
pub(crate) fn first_is_smallest(
    problem: &Problem,
    emitted: &[Vec<usize>],
    reference: &[Vec<usize>],
    order: Order,
) -> Result<(), String> {
    if order == Order::Unspecified {
        return Ok(());
    }
    let smallest = reference.iter().min_by_key(|queens| order.key(queens));
    match (emitted.first(), smallest) {
        (Some(first), Some(smallest)) if first != smallest => Err(format!(
            "{problem}: the first solution is {first:?}, but {smallest:?} comes first in {order} order"
        )),
        _ => Ok(()),
    }
}

/// Each emitted placement comes after the one before it under `order`'s key.
pub(crate) fn in_order(
    problem: &Problem,
    emitted: &[Vec<usize>],
    order: Order,
) -> Result<(), String> {
    if order == Order::Unspecified {
        return Ok(());
    }
    match emitted
        .windows(2)
        .find(|pair| order.compare(&pair[0], &pair[1]).is_gt())
    {
        Some(pair) => Err(format!(
            "{problem}: {:?} came after {:?}, out of {order} order",
            pair[1], pair[0]
        )),
        None => Ok(()),
    }
}

/// Runs `solver` on `problem` and compares its stream with the reference:
/// none twice, none missing, and in the solver's order when it declares
/// one (every placement was read as a solution on its way). Faults are
/// looked for in that order.
pub(crate) fn matches_reference(solver: &dyn Solver, problem: &Problem) -> Result<(), String> {
    let order = solver.info().order;
    let emitted = collect(solver, problem)?;
    let reference = reference::solutions(problem);
    no_duplicates(problem, &emitted)?;
    same_set(problem, &emitted, &reference)?;
    first_is_smallest(problem, &emitted, &reference, order)?;
    in_order(problem, &emitted, order)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Problem {
        Problem::new(4)
    }

    #[test]
    fn duplicates_are_counted() {
        let a = vec![1, 3, 0, 2];
        let b = vec![2, 0, 3, 1];
        assert_eq!(
            no_duplicates(&four(), &[b.clone(), a.clone(), b.clone()]),
            Err("n = 4: [2, 0, 3, 1] emitted twice".into())
        );
        assert_eq!(
            no_duplicates(&four(), &[a.clone(), a.clone(), a.clone()]),
            Err("n = 4: [1, 3, 0, 2] emitted 3 times".into())
        );
        assert_eq!(no_duplicates(&four(), &[a, b]), Ok(()));
    }

    #[test]
    fn sets_report_extra_before_missing() {
        let reference = reference::solutions(&four());
        assert_eq!(
            same_set(&four(), &[vec![1, 3, 0, 2]], &reference),
            Err("n = 4: [2, 0, 3, 1] was not emitted (1 of 2 missing)".into())
        );
        assert_eq!(
            same_set(&four(), &[vec![2, 0, 3, 1], vec![0, 2, 0, 2]], &reference),
            Err("n = 4: [0, 2, 0, 2] is not among the reference's solutions".into())
        );
        assert_eq!(
            same_set(&four(), &[vec![2, 0, 3, 1], vec![1, 3, 0, 2]], &reference),
            Ok(())
        );
    }

    #[test]
    fn order_is_judged_by_the_key() {
        let reference = reference::solutions(&four());
        let column_major = [vec![2, 0, 3, 1], vec![1, 3, 0, 2]];
        assert_eq!(
            first_is_smallest(&four(), &column_major, &reference, Order::RowMajor),
            Err("n = 4: the first solution is [2, 0, 3, 1], \
                 but [1, 3, 0, 2] comes first in row-major order"
                .into())
        );
        assert_eq!(
            first_is_smallest(&four(), &column_major, &reference, Order::ColumnMajor),
            Ok(())
        );
        assert_eq!(
            in_order(&four(), &column_major, Order::RowMajor),
            Err("n = 4: [1, 3, 0, 2] came after [2, 0, 3, 1], out of row-major order".into())
        );
        assert_eq!(in_order(&four(), &column_major, Order::ColumnMajor), Ok(()));
        assert_eq!(in_order(&four(), &column_major, Order::Unspecified), Ok(()));
    }
}
