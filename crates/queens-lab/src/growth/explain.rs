//! The page's account of why the rates differ, written from the run's own
//! numbers: the sentences state what holds whatever the machine (how a
//! constant factor acts on a rate), and every figure they lean on is
//! computed here, so that a regenerated page never claims what its tables
//! do not show.

use queens_core::Problem;

use super::fit::{self, factor};
use super::model::{Counter, Growth, Rates, Series, Tree};
use super::tree::TREE_N;
use crate::measuring::describe;
use crate::units;

/// The section's text, in Markdown.
pub(super) fn explanation(growth: &Growth) -> String {
    format!(
        "A count takes about its work times the cost of one unit of work. While \
         that cost stays the same from one n to the next, the time grows at the \
         rate of the work: a constant factor moves a line of the plot up or down \
         on its log scale without tilting it.\n\n\
         **Pruning changes the base.** The naive and permutation solvers prune \
         nothing: each tests a number of placements fixed in advance, which grows \
         faster with n than the solutions do.\n\n{}\n\
         The backtracking solvers place a queen only where no earlier queen \
         attacks. {}\n\
         **Constant factors keep the rate.** The backtracking solvers differ in \
         what one check costs, and each step of the ladder counts the same \
         solutions in less time than the step below: it searches half of the \
         first row, then one board of each class of 8, 4 or 2, then shares the \
         classes among the cores. Each divides the time by a factor; where the factor is the same at every n, \
         the rate is unchanged, and where it changes with n, so does the rate. \
         Each factor below is the first time over the second, at each size where \
         both counts took a millisecond or more:\n\n{}{}",
        generators(growth),
        backtrackers(growth),
        factors(growth),
        ladder_rates(growth)
    )
}

/// What a solver is: a generator declares its work in advance.
fn is_generator(counter: Counter) -> bool {
    matches!(counter, Counter::Solver(solver) if solver.info().workload.is_some())
}

/// One line per generator: the growth of its declared work and of its time,
/// over its fitted sizes, or its last two when it has too few to fit.
fn generators(growth: &Growth) -> String {
    let mut text = String::new();
    for series in &growth.series {
        let Counter::Solver(solver) = series.counter else {
            continue;
        };
        let Some(workload) = solver.info().workload else {
            continue;
        };
        let sizes = series
            .rates()
            .map_or_else(|| last_two(series), |rates| rates.sizes);
        let work: Vec<(usize, f64)> = sizes
            .iter()
            .filter_map(|&n| Some((n, workload(&Problem::new(n)).amount? as f64)))
            .collect();
        let (Some(work_rate), Some(time_rate)) =
            (fit::rate(&work), fit::rate(&fit::at(&series.times, &sizes)))
        else {
            continue;
        };
        let unit = workload(&Problem::new(sizes[0])).unit;
        text.push_str(&format!(
            "- {}: {unit} tested {}, time {} per extra queen, over n = {}{}.\n",
            series.counter.label(),
            factor(work_rate),
            factor(time_rate),
            describe(&sizes),
            if series.rates().is_none() {
                " (its last two sizes: too few took 1 ms to fit more)"
            } else {
                ""
            }
        ));
    }
    text
}

/// The last two sizes a series counted.
fn last_two(series: &Series) -> Vec<usize> {
    let sizes: Vec<usize> = series.times.iter().map(|&(n, _)| n).collect();
    sizes[sizes.len().saturating_sub(2)..].to_vec()
}

/// Per tree of several backtracking solvers: that they search one tree and
/// are fitted over one range, one line per solver (queens placed, time and
/// solutions), and how their time rates compare with the tree's.
fn backtrackers(growth: &Growth) -> String {
    growth
        .trees
        .iter()
        .filter(|tree| tree.members.len() > 1)
        .filter(|tree| {
            let first = growth.series[tree.members[0]].counter;
            !is_generator(first)
        })
        .map(|tree| one_tree(growth, tree))
        .collect()
}

/// The account of one tree of several solvers.
fn one_tree(growth: &Growth, tree: &Tree) -> String {
    let members: Vec<&Series> = tree
        .members
        .iter()
        .map(|&index| &growth.series[index])
        .collect();
    let names: Vec<String> = members
        .iter()
        .map(|series| series.counter.label())
        .collect();
    let Some(sizes) = &tree.sizes else {
        return format!(
            "Of them, {} search one tree ({} queens placed at n = {TREE_N}), but too few sizes took a \
             millisecond for all of them to fit a rate.\n",
            list(&names),
            units::count(tree.placed)
        );
    };
    let mut text = format!(
        "Of them, {} search one tree: they place the same queens ({} at n = {TREE_N}, and the same at \
         each size below, measured), so each is fitted over the same sizes, n = {}, the sizes \
         all of them counted in a millisecond or more, the same for its time, its queens \
         placed and its solutions:\n\n",
        list(&names),
        units::count(tree.placed),
        describe(sizes)
    );
    let rates: Vec<(String, Rates, f64)> = members
        .iter()
        .filter_map(|series| {
            let rates = series.rates()?;
            let placed = rates.placed?;
            Some((series.counter.label(), rates, placed))
        })
        .collect();
    for (label, rates, placed) in &rates {
        text.push_str(&format!(
            "- {label}: queens placed {}, time {}, solutions {} per extra queen.\n",
            factor(*placed),
            factor(rates.time),
            factor(rates.solutions),
        ));
    }
    let Some((low, high)) = spread(rates.iter().map(|(_, rates, placed)| rates.time / placed))
    else {
        return text;
    };
    text.push_str(&format!(
        "\nOne tree, one rate of work: the time rates are {low:.2} to {high:.2} times the \
         tree's. They differ only in how the cost of one queen changes from n = {} to n = {} \
         (and the noise of one timed count per size), not in how the search scales: a lower \
         rate here is a cost per queen that grows less, not a better algorithm.{}\n",
        sizes[0],
        sizes[sizes.len() - 1],
        if rates
            .iter()
            .all(|(_, rates, placed)| *placed > rates.solutions)
        {
            " The tree grows faster than the solutions at its leaves."
        } else {
            ""
        }
    ));
    text
}

/// Names joined as a sentence says them: `a, b and c`.
fn list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The least and the greatest of `values`; `None` when there are none.
fn spread(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.fold(None, |bounds, value| {
        let (low, high) = bounds.unwrap_or((value, value));
        Some((low.min(value), high.max(value)))
    })
}

/// How the ladder's time rates compare with the solutions' rates over the
/// same sizes: the steps are fitted over different sizes (the slower ones
/// stop sooner), and the solutions grow faster at larger n, so each rate is
/// set beside the solutions' over its own sizes.
fn ladder_rates(growth: &Growth) -> String {
    let relative = growth
        .series
        .iter()
        .filter(|series| matches!(series.counter, Counter::Step(_)))
        .filter_map(Series::rates)
        .map(|rates| rates.time / rates.solutions);
    let Some((low, high)) = spread(relative) else {
        return String::new();
    };
    format!(
        "\nEach step's time rate is {low:.2} to {high:.2} times the rate of the \
         solutions over the same sizes.\n"
    )
}

/// The factor between each backtracking solver and the fastest one, and
/// between each step of the ladder and the one below it, size by size.
fn factors(growth: &Growth) -> String {
    let solvers: Vec<&Series> = growth
        .series
        .iter()
        .filter(|series| matches!(series.counter, Counter::Solver(_)))
        .filter(|series| !is_generator(series.counter))
        .collect();
    let ladder: Vec<&Series> = growth
        .series
        .iter()
        .filter(|series| matches!(series.counter, Counter::Step(_)))
        .collect();
    let mut pairs: Vec<(&Series, &Series)> = Vec::new();
    if let Some((&fastest, slower)) = solvers.split_last() {
        pairs.extend(slower.iter().map(|&slow| (slow, fastest)));
    }
    pairs.extend(ladder.windows(2).map(|pair| (pair[0], pair[1])));
    pairs
        .into_iter()
        .map(|(slow, fast)| {
            let by_size: Vec<String> = ratios(slow, fast)
                .into_iter()
                .map(|(n, ratio)| format!("{} at n = {n}", units::ratio(ratio)))
                .collect();
            let listed = if by_size.is_empty() {
                "no size where both took a millisecond".to_owned()
            } else {
                by_size.join(", ")
            };
            let pair = match (slow.counter, fast.counter) {
                (Counter::Step(_), Counter::Step(_)) => {
                    format!("ladder: {} / {}", slow.counter.name(), fast.counter.name())
                }
                _ => format!("{} / {}", slow.counter.label(), fast.counter.label()),
            };
            format!("- {pair}: {listed}.\n")
        })
        .collect()
}

/// `slow`'s time over `fast`'s at each size both counted in at least
/// [`fit::FIT_FLOOR`].
fn ratios(slow: &Series, fast: &Series) -> Vec<(usize, f64)> {
    slow.times
        .iter()
        .filter(|&&(_, seconds)| seconds >= fit::FIT_FLOOR)
        .filter_map(|&(n, seconds)| {
            let (_, other) = fast.times.iter().find(|&&(size, _)| size == n)?;
            (*other >= fit::FIT_FLOOR).then(|| (n, seconds / other))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use queens_bitboard::Step;

    use super::*;

    fn series(step: Step, times: Vec<(usize, f64)>) -> Series {
        Series {
            counter: Counter::Step(step),
            times,
            placed: Vec::new(),
            fitted: None,
            stop: None,
        }
    }

    #[test]
    fn factors_are_taken_where_both_counts_took_a_millisecond() {
        let slow = series(
            Step::Plain,
            vec![(10, 4e-4), (11, 2e-3), (12, 8e-3), (13, 3e-2)],
        );
        let fast = series(Step::Mirror, vec![(10, 2e-4), (11, 5e-4), (12, 4e-3)]);
        // n = 10 is under a millisecond for both, n = 11 for the faster,
        // and n = 13 has no faster count.
        assert_eq!(ratios(&slow, &fast), vec![(12, 2.0)]);
    }

    #[test]
    fn a_spread_is_the_least_and_the_greatest() {
        assert_eq!(spread([1.5, 0.5, 1.0].into_iter()), Some((0.5, 1.5)));
        assert_eq!(spread(std::iter::empty()), None);
    }
}
