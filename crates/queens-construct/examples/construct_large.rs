//! Constructs and checks boards up to ten million queens: the sizes the
//! tests cannot afford (they go to 10,000), one of each case of n mod 6
//! near the top, and a few drawn at random.
//!
//! ```text
//! cargo run --release -p queens-construct --example construct_large
//! ```
//!
//! Each line gives the time of the construction alone, through the solver
//! as any caller runs it (the sink only keeps the placement's length), then
//! the verdict of the linear-time check, which the time leaves out.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use queens_conformance::linear::validate;
use queens_construct::{Construction, construct};
use queens_core::{Problem, Solver};

/// The largest board sampled: the issue's target size.
const LARGEST: usize = 10_000_000;

/// How many boards are drawn at random below [`LARGEST`].
const RANDOM: usize = 6;

fn main() {
    let mut sizes = vec![
        LARGEST,
        LARGEST - 1,
        LARGEST - 2,
        LARGEST - 3,
        LARGEST - 4,
        LARGEST - 5,
        5_000_003,
    ];
    sizes.extend(random_sizes());
    for n in sizes {
        let (elapsed, emitted) = timed_construction(n);
        let verdict = match construct(n).map(|queens| validate(&queens)) {
            Some(Ok(())) => "valid".to_owned(),
            Some(Err(fault)) => format!("INVALID: {fault}"),
            None => "no solution".to_owned(),
        };
        println!(
            "n = {n:>10} (mod 6 = {}): {emitted} queens constructed in {:>7.1} ms, {verdict}",
            n % 6,
            elapsed.as_secs_f64() * 1e3
        );
    }
}

/// Runs the solver on a plain board of `n`, timing the run alone (the
/// problem is built before the clock starts); returns the time and the
/// length of the placement it emitted.
fn timed_construction(n: usize) -> (Duration, usize) {
    let problem = Problem::new(n);
    let mut emitted = 0;
    let started = Instant::now();
    Construction
        .solve(&problem, &mut |queens| {
            emitted = queens.len();
            ControlFlow::Break(())
        })
        .expect("n is within max_n");
    (started.elapsed(), emitted)
}

/// Sizes drawn from the clock (a different sample each run; the output names
/// them), between 10 and [`LARGEST`], by xorshift: no generator crate for six
/// numbers.
fn random_sizes() -> Vec<usize> {
    let mut state = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |since| since.as_nanos() as u64)
        | 1;
    (0..RANDOM)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            10 + (state % (LARGEST as u64 - 10)) as usize
        })
        .collect()
}
