//! How evenly the round-robin deal shares a board's work: the program
//! behind the figures in the crate's documentation.
//!
//! ```text
//! cargo run --release -p queens-shards --example balance 17
//! ```
//!
//! It times every unit of the board once, in processor time of this thread
//! (so that other programs on the machine disturb it little), and prints,
//! for a few shard counts, the dearest shard's time over the mean shard's:
//! for the round-robin deal the crate uses, and for cutting the units into
//! contiguous blocks instead.

use std::process::ExitCode;

use cpu_time::ThreadTime;
use queens_shards::Scheme;

fn main() -> ExitCode {
    let Some(n) = std::env::args().nth(1).and_then(|n| n.parse().ok()) else {
        eprintln!("usage: balance N");
        return ExitCode::FAILURE;
    };
    for shards in [2, 7, 16, 64] {
        let scheme = match Scheme::new(n, shards) {
            Ok(scheme) => scheme,
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::FAILURE;
            }
        };
        let times = unit_times(&scheme);
        let dealt: Vec<f64> = (0..shards)
            .map(|shard| {
                let units = scheme.units_of(shard).expect("a shard of the scheme");
                units.iter().map(|&unit| times[unit]).sum()
            })
            .collect();
        let per_block = times.len().div_ceil(shards);
        let blocks: Vec<f64> = times
            .chunks(per_block)
            .map(|block| block.iter().sum())
            .collect();
        println!(
            "n = {n}, {shards} shards of {} units ({} rows): dearest / mean shard {:.3} dealt \
             round-robin, {:.3} in contiguous blocks",
            scheme.plan().len(),
            scheme.plan().rows(),
            spread(&dealt, shards),
            spread(&blocks, shards)
        );
    }
    ExitCode::SUCCESS
}

/// The processor seconds of each unit of the scheme's plan.
fn unit_times(scheme: &Scheme) -> Vec<f64> {
    let plan = scheme.plan();
    (0..plan.len())
        .map(|unit| {
            let started = ThreadTime::now();
            plan.count_unit(unit);
            started.elapsed().as_secs_f64()
        })
        .collect()
}

/// The largest load over the mean of `shards` loads.
fn spread(loads: &[f64], shards: usize) -> f64 {
    let largest = loads.iter().copied().fold(0.0, f64::max);
    largest / (loads.iter().sum::<f64>() / shards as f64)
}
