//! What a count would cost, estimated from a few seconds of sampling on
//! this machine.
//!
//! The estimate times the counter's own work on a sample and scales it up,
//! so it measures this machine's speed and the tree's shape together. For a
//! board the counter finishes in minutes, the sample is whole work units,
//! timed as they are counted. For a larger one a unit takes hours, so the
//! sample is random paths ([`WorkUnits::descend`]) from a random unit down to
//! [`SUBTREE_ROWS`] inner rows above the bottom of its frame, where the rest takes
//! milliseconds: the time below a path, times the number of paths it stands
//! for, estimates its unit's time without bias (Knuth's estimate of a
//! search tree). The same is done with the solutions below each path, and
//! the estimated count, set beside the known one, shows how far to trust
//! the estimated time.

use std::time::{Duration, Instant};

use cpu_time::ThreadTime;
use queens_bitboard::WorkUnits;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How many inner rows the timed work below a random path spans: about
/// what the counter counts in a few milliseconds (a frame of n = 17).
pub const SUBTREE_ROWS: usize = 14;

/// The seed of the random paths: fixed, so that two estimates of one board
/// take the same paths and differ only by the machine's noise.
const SEED: u64 = 27;

/// What sampling estimated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The samples timed: units, or paths below units.
    pub samples: usize,
    /// Whether the samples were whole units rather than paths.
    pub whole_units: bool,
    /// The estimated processor seconds of the whole count on one core of
    /// this machine, from the processor time of the samples (so that other
    /// programs running meanwhile do not inflate it).
    pub cpu_seconds: f64,
    /// The estimated number of solutions.
    pub solutions: f64,
    /// The relative standard error of the two estimates, from the spread
    /// of the samples: 0.05 for ±5%.
    pub cpu_error: f64,
    /// The same for the solutions.
    pub solutions_error: f64,
    /// The seconds the sampling took.
    pub sampling_seconds: f64,
}

/// How long to sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// For about this long, and at least [`FEWEST_SAMPLES`] samples: what a
    /// user asks.
    For(Duration),
    /// Exactly this many samples (or every unit, if fewer, when units are
    /// sampled whole): the same paths, so the same counts, on every run.
    Samples(usize),
}

/// The fewest samples an estimate takes, however short its time.
pub const FEWEST_SAMPLES: usize = 8;

impl Sampling {
    /// Whether `samples` taken since `started` are enough.
    fn done(self, samples: usize, started: Instant) -> bool {
        match self {
            Sampling::For(budget) => samples >= FEWEST_SAMPLES && started.elapsed() >= budget,
            Sampling::Samples(wanted) => samples >= wanted,
        }
    }
}

/// Estimates counting every unit of `plan`, sampling as `sampling` says.
pub fn estimate(plan: &WorkUnits, sampling: Sampling) -> Estimate {
    let started = Instant::now();
    let depth = plan
        .inner_rows()
        .saturating_sub(SUBTREE_ROWS)
        .max(plan.rows());
    let whole_units = depth <= plan.rows();
    let mut rng = SmallRng::seed_from_u64(SEED);
    let mut order: Vec<usize> = (0..plan.len()).collect();
    shuffle(&mut order, &mut rng);
    let (mut time, mut found) = (Moments::default(), Moments::default());
    let mut samples = 0;
    while !sampling.done(samples, started) {
        if whole_units && samples == order.len() {
            break;
        }
        let unit = if whole_units {
            order[samples]
        } else {
            rng.random_range(0..plan.len().max(1))
        };
        let (seconds, solutions) = sample(plan, unit, depth, &mut rng);
        time.add(seconds);
        found.add(solutions);
        samples += 1;
    }
    let units = plan.len() as f64;
    // Every unit timed: the count is exact, and the time a measurement.
    let exact = whole_units && samples == plan.len();
    let error = |moments: Moments| if exact { 0.0 } else { moments.relative_error() };
    Estimate {
        samples,
        whole_units,
        cpu_seconds: units * time.mean(),
        solutions: units * found.mean(),
        cpu_error: error(time),
        solutions_error: error(found),
        sampling_seconds: started.elapsed().as_secs_f64(),
    }
}

/// One sample below `unit`: the weighted seconds and solutions of a random
/// path down to row `depth` (the unit itself when `depth` is its rows).
fn sample(plan: &WorkUnits, unit: usize, depth: usize, rng: &mut SmallRng) -> (f64, f64) {
    let Some(probe) = plan.descend(unit, depth, |choices| rng.random_range(0..choices)) else {
        // A dead end: the unit has no work below this path.
        return (0.0, 0.0);
    };
    let started = ThreadTime::now();
    let counts = plan.classify_probe(&probe).counts();
    let seconds = started.elapsed().as_secs_f64();
    (probe.weight * seconds, probe.weight * counts.total as f64)
}

/// Shuffles `items` (Fisher and Yates).
fn shuffle(items: &mut [usize], rng: &mut SmallRng) {
    for last in (1..items.len()).rev() {
        items.swap(last, rng.random_range(0..=last));
    }
}

/// The running mean and spread of a sample.
#[derive(Clone, Copy, Debug, Default)]
struct Moments {
    count: f64,
    sum: f64,
    squares: f64,
}

impl Moments {
    fn add(&mut self, value: f64) {
        self.count += 1.0;
        self.sum += value;
        self.squares += value * value;
    }

    fn mean(&self) -> f64 {
        if self.count == 0.0 {
            0.0
        } else {
            self.sum / self.count
        }
    }

    /// The standard error of the mean over the mean.
    fn relative_error(&self) -> f64 {
        let mean = self.mean();
        if self.count < 2.0 || mean == 0.0 {
            return 0.0;
        }
        let variance =
            (self.squares / self.count - mean * mean).max(0.0) * self.count / (self.count - 1.0);
        (variance / self.count).sqrt() / mean
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_bitboard::units_with_rows;

    #[test]
    fn small_boards_are_sampled_whole_and_exactly() {
        let plan = units_with_rows(10, 1).unwrap();
        let estimate = estimate(&plan, Sampling::Samples(1000));
        // Every unit sampled once: the count is exact, whatever the time.
        assert!(estimate.whole_units);
        assert_eq!(estimate.samples, plan.len());
        assert!((estimate.solutions - 724.0).abs() < 1e-6, "{estimate:?}");
        assert_eq!((estimate.solutions_error, estimate.cpu_error), (0.0, 0.0));
        assert!(estimate.cpu_seconds > 0.0);
    }

    #[test]
    fn large_boards_are_sampled_by_paths() {
        // n = 20: paths down to inner row 3 of a frame, each counted below
        // in milliseconds.
        let plan = units_with_rows(20, 0).unwrap();
        let estimate = estimate(&plan, Sampling::Samples(200));
        assert!(!estimate.whole_units);
        assert_eq!(estimate.samples, 200);
        // Q(20) = 39,029,188,884: 200 paths land within a fifth, which
        // their spread predicts.
        let ratio = estimate.solutions / 39_029_188_884.0;
        assert!((0.8..1.2).contains(&ratio), "{estimate:?}");
        assert!(estimate.solutions_error < 0.2, "{estimate:?}");
        let timed = super::estimate(&plan, Sampling::For(Duration::ZERO));
        assert_eq!(timed.samples, FEWEST_SAMPLES);
    }

    #[test]
    fn moments_give_the_standard_error() {
        let mut moments = Moments::default();
        for value in [1.0, 2.0, 3.0, 4.0] {
            moments.add(value);
        }
        assert_eq!(moments.mean(), 2.5);
        // Sample variance 5/3, standard error sqrt(5/12), over 2.5.
        assert!((moments.relative_error() - (5.0f64 / 12.0).sqrt() / 2.5).abs() < 1e-12);
    }
}
