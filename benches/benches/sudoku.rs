//! Criterion benchmarks of the Sudoku solvers of `queens-sudoku` against
//! the crates.io `sudoku` crate (v0.8, a port of JCZSolve), in puzzles per
//! second.
//!
//! - `sudoku-17-clue` and `sudoku-hardest`: the fast solver and the
//!   `sudoku` crate over a whole set, asked for the first solution
//!   (`limit-1`) and to count up to two (`limit-2`, which proves each
//!   solution unique);
//! - `sudoku-seed-sample`: the seed's solver and the fast one on the seed's
//!   own puzzle and on the first five puzzles of the hardest set, which the
//!   seed's solver takes a third of a second for (17-clue puzzles take it
//!   up to minutes each, so none is here).
//!
//! The sets are the full ones in `../shared/fixtures/sudoku/` beside the
//! workspace when that folder exists; otherwise a note says so and the
//! 200-puzzle samples of `crates/queens-sudoku/tests/data/` stand in, so
//! that a fresh clone builds and runs this too. Before any timing, every
//! answer of both solvers on both sets is checked to be a valid completion
//! of its puzzle.
//!
//! `cargo bench -p queens-benches --bench sudoku` runs them (about a
//! minute); `cargo test -p queens-benches --benches` runs each once. The
//! measuring program `cargo run --release -p queens-benches --example
//! sudoku_throughput` gives the same rates in one run, with ratios.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{BenchmarkId, Criterion, Throughput};
use queens_sudoku::{FastSolver, Grid, SeedSolver, SudokuSolver};

/// One puzzle set, in both solvers' types.
struct Set {
    /// The group name.
    name: &'static str,
    grids: Vec<Grid>,
    theirs: Vec<sudoku::Sudoku>,
}

/// The limits benchmarked: the first solution, and the count up to two.
const LIMITS: [usize; 2] = [1, 2];

/// The two sets, full or sampled.
fn sets() -> Vec<Set> {
    let full = workspace().join("../shared/fixtures/sudoku");
    if !full.is_dir() {
        println!(
            "note: {} is absent: benchmarking the 200-puzzle samples",
            full.display()
        );
    }
    vec![
        load(
            "sudoku-17-clue",
            &set_file("17_clue.txt", "17_clue_sample.txt"),
        ),
        load(
            "sudoku-hardest",
            &set_file("forum_hardest_1106.txt", "forum_hardest_sample.txt"),
        ),
    ]
}

/// The workspace's root.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The full set `full` beside the workspace, or else the repository's
/// `sample` of it.
fn set_file(full: &str, sample: &str) -> PathBuf {
    let path = workspace().join("../shared/fixtures/sudoku").join(full);
    if path.is_file() {
        path
    } else {
        workspace()
            .join("crates/queens-sudoku/tests/data")
            .join(sample)
    }
}

/// The puzzles of `path`, one per line, `#` lines skipped.
fn load(name: &'static str, path: &Path) -> Set {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .collect();
    let grids = lines
        .iter()
        .map(|line| Grid::parse_line(line).expect("a valid puzzle"))
        .collect();
    let theirs = lines
        .iter()
        .map(|line| sudoku::Sudoku::from_str_line(line.trim()).expect("a valid puzzle"))
        .collect();
    Set {
        name,
        grids,
        theirs,
    }
}

/// The `sudoku` crate's first solution of `puzzle` (none when it has none),
/// and how many it counted up to `limit`.
fn theirs(puzzle: sudoku::Sudoku, limit: usize) -> ([u8; 81], usize) {
    let mut buffer = [[0u8; 81]; 1];
    let count = puzzle.solutions_up_to_buffer(&mut buffer, limit);
    (buffer[0], count)
}

/// Checks every answer of both solvers: one solution, a valid completion of
/// the puzzle's givens, and unique when counted up to two.
fn verify(set: &Set) {
    for (grid, &puzzle) in set.grids.iter().zip(&set.theirs) {
        let ours = FastSolver.solve(grid, 2);
        assert!(
            ours.is_unique() && ours.solutions[0].is_completion_of(grid),
            "fast: {grid}"
        );
        let (cells, count) = theirs(puzzle, 2);
        let answer = Grid::new(cells).unwrap_or(Grid::EMPTY);
        assert!(
            count == 1 && answer.is_completion_of(grid),
            "sudoku crate: {grid}"
        );
    }
}

/// One group per set: both fast solvers at both limits, the whole set an
/// iteration.
fn whole_sets(criterion: &mut Criterion) {
    for set in sets() {
        verify(&set);
        let mut group = criterion.benchmark_group(set.name);
        group.sample_size(10);
        group.throughput(Throughput::Elements(set.grids.len() as u64));
        for limit in LIMITS {
            let id = BenchmarkId::new("fast", format!("limit-{limit}"));
            group.bench_function(id, |bench| {
                bench.iter(|| {
                    for grid in &set.grids {
                        black_box(FastSolver.solve(black_box(grid), limit));
                    }
                });
            });
            let id = BenchmarkId::new("sudoku-crate", format!("limit-{limit}"));
            group.bench_function(id, |bench| {
                bench.iter(|| {
                    for &puzzle in &set.theirs {
                        black_box(theirs(black_box(puzzle), limit));
                    }
                });
            });
        }
        group.finish();
    }
}

/// The seed's solver beside the fast one, on puzzles it solves in
/// milliseconds.
fn seed_sample(criterion: &mut Criterion) {
    let seed_puzzle =
        "306508400520000000087000031003010080900863005050090600130000250000000074005206300";
    // The sample's first five puzzles are the full set's.
    let hardest = load(
        "hardest",
        &set_file("forum_hardest_1106.txt", "forum_hardest_sample.txt"),
    );
    let samples: [(&str, Vec<Grid>); 2] = [
        (
            "seed-puzzle",
            vec![Grid::parse_line(seed_puzzle).expect("the seed's puzzle")],
        ),
        ("hardest-first-5", hardest.grids[..5].to_vec()),
    ];
    let mut group = criterion.benchmark_group("sudoku-seed-sample");
    group.sample_size(10);
    for (name, grids) in &samples {
        group.throughput(Throughput::Elements(grids.len() as u64));
        for solver in [&SeedSolver as &dyn SudokuSolver, &FastSolver] {
            let id = BenchmarkId::new(solver.info().name, name);
            group.bench_function(id, |bench| {
                bench.iter(|| {
                    for grid in grids {
                        black_box(solver.solve(black_box(grid), 1));
                    }
                });
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
    whole_sets(&mut criterion);
    seed_sample(&mut criterion);
    criterion.final_summary();
}
