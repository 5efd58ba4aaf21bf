//! Criterion benchmarks of every registered solver, one group per mode
//! (`count`, `first`), one function per solver, the board size as the
//! parameter: `count/array/10` is the array solver counting the solutions of
//! n = 10. A third group, `ladder`, times the bitboard's counters, one step
//! of `queens_bitboard::Step` each (`ladder/+ symmetry/14`).
//!
//! The solvers come from `queens_solvers::FINDS_ALL`, so a solver added to the
//! registry is benchmarked without touching this file. Each runs on the
//! silent path (`modes::count` and `modes::first`), the one `cargo xtask
//! compare` times.
//!
//! `cargo bench -p queens-benches` runs them (a few minutes);
//! `cargo test --workspace --benches` runs each once. To compare two runs,
//! save a baseline and measure against it:
//!
//! ```text
//! cargo bench -p queens-benches -- --save-baseline before
//! # ... change a solver ...
//! cargo bench -p queens-benches -- --baseline before
//! ```
//!
//! or save both and put them side by side with `critcmp before after`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion};
use queens_bitboard::Step;
use queens_core::{Problem, Solver, SolverInfo, modes};

/// The board sizes a solver is benchmarked at: 8 and 10, where the
/// backtracking solvers take microseconds to milliseconds, or, for a solver
/// whose practical limit is below that (the naive generator stops at 7), the
/// size just below its limit, so that a full run takes minutes, not hours.
fn sizes(info: &SolverInfo) -> Vec<usize> {
    let sizes: Vec<usize> = [8, 10]
        .into_iter()
        .filter(|&n| n < info.practical_n)
        .collect();
    if sizes.is_empty() {
        vec![info.practical_n.saturating_sub(1)]
    } else {
        sizes
    }
}

/// Counting every solution.
fn count(criterion: &mut Criterion) {
    bench_mode(criterion, "count", modes::count);
}

/// Finding the first solution in the solver's order.
fn first(criterion: &mut Criterion) {
    bench_mode(criterion, "first", modes::first);
}

/// One group named after the mode: each registered solver at its sizes,
/// asked `ask`.
fn bench_mode<T>(criterion: &mut Criterion, mode: &str, ask: impl Fn(&dyn Solver, &Problem) -> T) {
    let mut group = criterion.benchmark_group(mode);
    for &solver in queens_solvers::FINDS_ALL.iter() {
        let info = solver.info();
        for n in sizes(&info) {
            let id = BenchmarkId::new(info.name, n);
            group.bench_with_input(id, &Problem::new(n), |bench, problem| {
                bench.iter(|| ask(solver, black_box(problem)));
            });
        }
    }
    group.finish();
}

/// The board sizes of the ladder: where the counters take milliseconds, so
/// that each step's gain shows over the noise of a shared machine.
const LADDER_SIZES: [usize; 2] = [12, 14];

/// The bitboard's counters, one function per step of the ladder; the
/// threads step runs on every core.
fn ladder(criterion: &mut Criterion) {
    let mut group = criterion.benchmark_group("ladder");
    for step in Step::ALL {
        for n in LADDER_SIZES {
            let id = BenchmarkId::new(step.name(), n);
            group.bench_with_input(id, &n, |bench, &n| {
                bench.iter(|| step.count(black_box(n), 0).expect("n fits the masks"));
            });
        }
    }
    group.finish();
}

/// What `criterion_group!` and `criterion_main!` would write, by hand: the
/// macros' public function has no documentation, which the workspace's lints
/// refuse.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    count(&mut criterion);
    first(&mut criterion);
    ladder(&mut criterion);
    criterion.final_summary();
}
