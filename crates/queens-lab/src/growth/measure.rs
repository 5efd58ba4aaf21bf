//! Timing the counts: one counter from n = 4 up, each count checked against
//! OEIS, until the counter's own limit or the first size predicted past
//! the cap.
//!
//! A count is timed on the silent path (`modes::answer` with
//! [`Instrument::Off`] for a solver, the counter itself for a ladder step).
//! A count shorter than compare's shortest timed run is repeated and
//! averaged, as compare does, so that microseconds are not lost in the
//! clock's noise. Queens placed are measured afterwards, by [`super::tree`],
//! at the sizes the rate is fitted over, which depend on the other solvers
//! of the same tree.

use std::hint::black_box;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use queens_bitboard::CountError;
use queens_core::modes::{self, Mode, Query};
use queens_core::oeis;
use queens_core::{Instrument, Problem};

use super::model::{Counter, FROM, Growth, Series, Tree};
use super::{fit, tree};
use crate::error::Error;
use crate::machine::Machine;
use crate::measuring::searches_per_run;
use crate::others::Sampler;
use crate::{progress, units};

/// Times every counter from [`FROM`] to its top within `to`, none predicted
/// past `cap`, with a progress bar on stderr, and fits their rates.
pub fn growth(to: usize, cap: Duration) -> Result<Growth, Error> {
    let counters = Counter::all();
    let cells: usize = counters
        .iter()
        .map(|counter| counter.top(to) + 1 - FROM)
        .sum();
    let mut sampler = Sampler::begin();
    let bar = progress::bar(cells as u64);
    let series = counters
        .into_iter()
        .map(|counter| series(counter, to, cap, &bar, &mut sampler))
        .collect::<Result<Vec<_>, _>>();
    bar.finish_and_clear();
    let mut series = series?;
    let trees = fit_by_tree(&mut series)?;
    Ok(Growth {
        machine: Machine::detect(),
        to,
        series,
        trees,
        others: sampler.end(),
    })
}

/// Says over which sizes each series is fitted: a solver over its tree's
/// sizes, with the queens placed there measured; a step of the ladder over
/// its own largest.
fn fit_by_tree(series: &mut [Series]) -> Result<Vec<Tree>, Error> {
    let trees = tree::group(series)?;
    for one in series.iter_mut() {
        one.fitted = fit::fitted_sizes(&one.times);
    }
    for tree in &trees {
        for &member in &tree.members {
            series[member].fitted.clone_from(&tree.sizes);
        }
        tree::measure_placed(tree, series)?;
    }
    Ok(trees)
}

/// Times `counter` from [`FROM`] to its top within `to`, advancing
/// `progress` by one per size, tried or not; `sampler` judges each count by
/// the other programs that ran beside it.
fn series(
    counter: Counter,
    to: usize,
    cap: Duration,
    progress: &ProgressBar,
    sampler: &mut Sampler,
) -> Result<Series, Error> {
    let top = counter.top(to);
    let mut times: Vec<(usize, f64)> = Vec::new();
    let lacks = match counter {
        Counter::Step(step) => step.lacks(),
        Counter::Solver(_) => None,
    };
    let mut stop = match lacks {
        Some(instructions) => Some(format!("not timed: {}", CountError::Lacks(instructions))),
        None => (top < to).then(|| counter.limit(top)),
    };
    // A step the processor lacks times no size.
    let last = if lacks.is_some() {
        progress.inc((top + 1 - FROM) as u64);
        FROM - 1
    } else {
        top
    };
    for n in FROM..=last {
        if let Some(seconds) = predict(&times).filter(|&seconds| seconds > cap.as_secs_f64()) {
            stop = Some(format!(
                "n = {n} would take about {}, past the {} cap",
                units::seconds(seconds),
                units::seconds(cap.as_secs_f64())
            ));
            progress.inc((top + 1 - n) as u64);
            break;
        }
        let label = counter.label();
        progress.set_message(format!("{label} n = {n}"));
        times.push((n, sampler.cell(n, &label, || time(counter, n))?));
        progress.inc(1);
    }
    Ok(Series {
        counter,
        times,
        placed: Vec::new(),
        fitted: None,
        stop,
    })
}

/// The time of the next size: the last one's, times the growth from the
/// one before it (at least 1); `None` before two sizes are timed, which
/// every counter does in microseconds.
fn predict(times: &[(usize, f64)]) -> Option<f64> {
    let [.., (_, before), (_, last)] = times else {
        return None;
    };
    Some(last * (last / before).max(1.0))
}

/// Seconds to count every solution of `n` queens with `counter`: one count,
/// or the mean of enough of them to last compare's shortest timed run.
fn time(counter: Counter, n: usize) -> Result<f64, Error> {
    let start = Instant::now();
    checked_count(counter, n)?;
    let first = start.elapsed().as_secs_f64();
    let repeats = searches_per_run(first);
    if repeats == 1 {
        return Ok(first);
    }
    let start = Instant::now();
    for _ in 0..repeats {
        black_box(count(counter, n)?);
    }
    Ok(start.elapsed().as_secs_f64() / repeats as f64)
}

/// Every solution of `n` queens counted by `counter`, and the fundamental
/// ones when it counts them.
fn count(counter: Counter, n: usize) -> Result<(u64, Option<u64>), Error> {
    let failed = |error: String| Error::Failed(format!("{} n = {n}: {error}", counter.label()));
    match counter {
        Counter::Solver(solver) => {
            let query = Query {
                mode: Mode::Count,
                unique: false,
            };
            modes::answer(solver, &Problem::new(n), query, Instrument::Off)
                .map(|answer| (answer.count, None))
                .map_err(|error| failed(error.to_string()))
        }
        // 0 threads: one per core.
        Counter::Step(step) => step
            .count(n, 0)
            .map(|tally| (tally.total, tally.unique))
            .map_err(|error| failed(error.to_string())),
    }
}

/// [`count`], checked against OEIS.
fn checked_count(counter: Counter, n: usize) -> Result<(), Error> {
    check(&counter.label(), n, count(counter, n)?)
}

/// Checks the counts `label` gave for `n` queens, every solution and the
/// fundamental ones if counted, against OEIS A000170 and A002562: a wrong
/// count is an error, never a point on the page.
fn check(label: &str, n: usize, (total, unique): (u64, Option<u64>)) -> Result<(), Error> {
    let wrong = |what: &str, got: u64, sequence: &str, known: Option<u64>| {
        Error::Failed(format!(
            "{label} counted {} {what} for n = {n}; OEIS {sequence} has {}",
            units::count(got),
            known.map_or_else(|| "no entry".to_owned(), units::count)
        ))
    };
    let known = oeis::solution_count(n);
    if known != Some(total) {
        return Err(wrong("solutions", total, "A000170", known));
    }
    let known = oeis::fundamental_count(n);
    match unique {
        Some(unique) if known != Some(unique) => {
            Err(wrong("fundamental solutions", unique, "A002562", known))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_predicted_from_the_growth_of_the_two_before() {
        assert_eq!(predict(&[]), None);
        assert_eq!(predict(&[(4, 1.0)]), None);
        assert_eq!(predict(&[(4, 1.0), (5, 3.0)]), Some(9.0));
        // A faster size (noise on microseconds) is not extrapolated down.
        assert_eq!(predict(&[(4, 2.0), (5, 1.0)]), Some(1.0));
    }

    #[test]
    fn every_counter_is_checked_against_oeis() {
        for counter in Counter::all() {
            checked_count(counter, 6).unwrap();
        }
    }

    #[test]
    fn a_wrong_count_is_an_error_that_names_both_counts() {
        assert!(check("lookup", 8, (92, None)).is_ok());
        assert!(check("+ symmetry", 8, (92, Some(12))).is_ok());
        let error = check("lookup", 12, (14_201, None)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "lookup counted 14,201 solutions for n = 12; OEIS A000170 has 14,200"
        );
        let error = check("+ symmetry", 8, (92, Some(11))).unwrap_err();
        assert_eq!(
            error.to_string(),
            "+ symmetry counted 11 fundamental solutions for n = 8; OEIS A002562 has 12"
        );
        let error = check("x", 40, (1, None)).unwrap_err();
        assert!(
            error.to_string().ends_with("OEIS A000170 has no entry"),
            "{error}"
        );
    }

    #[test]
    fn a_series_stops_at_the_cap_and_says_why() {
        let lookup = Counter::Solver(queens_solvers::by_name("lookup").unwrap());
        let mut sampler = Sampler::begin();
        let series = series(
            lookup,
            12,
            Duration::from_nanos(1),
            &ProgressBar::hidden(),
            &mut sampler,
        )
        .unwrap();
        assert_eq!(
            series.times.len(),
            2,
            "n = 4 and 5 are timed, n = 6 predicted"
        );
        let stop = series.stop.unwrap();
        assert!(stop.starts_with("n = 6 would take about "), "{stop}");
        assert!(stop.ends_with(", past the 1.00 ns cap"), "{stop}");
    }
}
