//! Times the min-conflicts search on one large board and checks its answer
//! in O(n):
//!
//! ```text
//! cargo run --release -p queens-minconflicts --example minconflicts_large -- 1000000 [SEED]
//! ```
//!
//! Prints the swaps made, the tries, the time and the peak memory.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use queens_core::{Line, Observer, Problem, Search, Square};
use queens_minconflicts::MinConflicts;

/// Counts what the search did and checks the solution it hands on, without
/// keeping it.
#[derive(Default)]
struct Counter {
    placed: u64,
    removed: u64,
    checks: u64,
    valid: Option<bool>,
}

impl Observer for Counter {
    fn placed(&mut self, _square: Square) -> ControlFlow<()> {
        self.placed += 1;
        ControlFlow::Continue(())
    }

    fn removed(&mut self, _square: Square) {
        self.removed += 1;
    }

    fn checked(&mut self, _square: Square, _cells_read: u64, _conflict: Option<Line>) {
        self.checks += 1;
    }

    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        self.valid = Some(queens_conformance::linear::validate(queens).is_ok());
        ControlFlow::Break(())
    }
}

/// The peak resident memory of this process, from Linux's
/// `/proc/self/status`, when it can be read.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    Some(line["VmHWM:".len()..].trim().to_owned())
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let parse = |arg: Option<String>| arg.map(|text| text.parse::<u64>());
    let (Some(Ok(n)), seed) = (parse(args.next()), parse(args.next())) else {
        eprintln!("usage: large N [SEED]");
        return ExitCode::from(2);
    };
    let seed = match seed {
        None => MinConflicts::DEFAULT_SEED,
        Some(Ok(seed)) => seed,
        Some(Err(error)) => {
            eprintln!("bad seed: {error}");
            return ExitCode::from(2);
        }
    };
    let problem = Problem::new(n as usize);
    let mut counter = Counter::default();
    let start = Instant::now();
    MinConflicts::with_seed(seed).search(&problem, &mut counter);
    let elapsed = start.elapsed();
    // Every swap takes two queens off; the rest of the placements are the
    // greedy starts, n queens each.
    let swaps = counter.removed / 2;
    // One print, so that a reader closing the pipe early (`| head -1`)
    // meets no second write.
    println!(
        "n = {n}, seed {seed}: {} in {:.3} s\n  {} queens placed, {swaps} swaps, \
         {} checks; peak memory {}",
        match counter.valid {
            Some(true) => "valid solution",
            Some(false) => "INVALID placement",
            None => "no solution found",
        },
        elapsed.as_secs_f64(),
        counter.placed,
        counter.checks,
        peak_memory().unwrap_or_else(|| "unknown".into())
    );
    if counter.valid == Some(true) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
