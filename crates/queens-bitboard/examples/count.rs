//! Times one counter on one board: the program behind the timings in the
//! crate's documentation.
//!
//! ```text
//! cargo build --release -p queens-bitboard --examples
//! /usr/bin/time -f "%e s wall, %U s user" target/release/examples/count 17 ends 2
//! ```
//!
//! The technique is a step of the ladder: `plain`, `mirror`, `symmetry`,
//! `frames`, `lanes` or `ends` (the default, the lanes with the last rows
//! counted early), each on this thread. With a thread count, `ends` cuts
//! the board into work units and counts them on a pool of that many
//! threads (0: one per core), printing a dot to standard error for every
//! tenth of the units done. It prints the counts and the wall
//! time; `/usr/bin/time` adds the processor time, which a busy machine
//! disturbs less.

use std::process::ExitCode;
use std::time::Instant;

use queens_bitboard::{
    Ends, Kernel, count_frames, count_lanes, count_mirror, count_plain, count_with_symmetry, units,
};

const USAGE: &str = "usage: count N [plain|mirror|symmetry|frames|lanes|ends] [THREADS]";

/// The line of a count of both numbers on one thread.
fn both(counts: queens_bitboard::Counts) -> String {
    format!(
        "{} solutions, {} fundamental, one thread",
        counts.total, counts.unique
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(n) = args.first().and_then(|n| n.parse::<usize>().ok()) else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    let technique = args.get(1).map_or("ends", String::as_str);
    let threads = match args.get(2).map(|threads| threads.parse::<usize>()) {
        None => None,
        Some(Ok(threads)) => Some(threads),
        Some(Err(_)) => {
            eprintln!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let line = match (technique, threads) {
        ("plain", None) => count_plain(n).map(|total| format!("{total} solutions")),
        ("mirror", None) => count_mirror(n).map(|total| format!("{total} solutions")),
        ("symmetry", None) => count_with_symmetry(n).map(both),
        ("frames", None) => count_frames(n).map(both),
        ("lanes", None) => count_lanes(n, Kernel::detect(), Ends::Plain).map(both),
        ("ends", None) => count_lanes(n, Kernel::detect(), Ends::Early).map(both),
        ("ends", Some(threads)) => units(n).map(|plan| {
            let counts = plan
                .count_parallel(threads, |done, of| {
                    if done * 10 / of != (done - 1) * 10 / of {
                        eprint!(".");
                    }
                })
                .expect("the pool's threads start");
            eprintln!();
            format!(
                "{} solutions, {} fundamental, {} units on {threads} threads",
                counts.total,
                counts.unique,
                plan.len()
            )
        }),
        _ => {
            eprintln!("{USAGE} (threads apply to ends only)");
            return ExitCode::FAILURE;
        }
    };
    match line {
        Ok(line) => {
            let seconds = start.elapsed().as_secs_f64();
            println!("n = {n}, {technique}: {line}, {seconds:.3} s");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
