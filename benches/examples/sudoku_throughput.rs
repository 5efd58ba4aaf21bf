//! Puzzles per second of the three Sudoku solvers over whole files, in one
//! release-mode run, every answer verified.
//!
//! ```text
//! cargo run --release -p queens-benches --example sudoku_throughput [-- OPTIONS] [FILE...]
//! ```
//!
//! Without files it reads the two full sets, `17_clue.txt` and
//! `forum_hardest_1106.txt`, from `../shared/fixtures/sudoku/` beside the
//! workspace, or, when that folder is absent, the small samples in
//! `crates/queens-sudoku/tests/data/`. Each file is one puzzle per line
//! (81 characters, `.` or `0` empty); `#` lines and blank lines are skipped.
//!
//! For each file and each limit (1: the first solution; 2: the count up to
//! two, which proves a solution unique) the fast solver of `queens-sudoku`
//! and the crates.io `sudoku` crate solve every puzzle; the best of
//! `--rounds` timed passes is reported, then every answer of both is checked
//! to be a valid completion of its puzzle's givens. The seed's solver, far
//! slower, solves the puzzles in file order, once, until `--seed-seconds`
//! have passed or `--seed-sample` puzzles are solved (it always finishes
//! the puzzle it is on: the first 17-clue puzzle alone takes it over a
//! minute); its answers are verified too, and the fast solver is timed on
//! the same puzzles for the ratio. Options:
//!
//! - `--rounds R` timed passes of each fast measurement (3);
//! - `--seed-seconds S` time for the seed's solver, per file (10; 0 skips it);
//! - `--seed-sample N` at most this many puzzles for it (no limit);
//! - `--limits L,...` the limits to measure (1,2).
//!
//! Times are the thread's own time on a core where Linux tells it, so that
//! other work on a shared machine does not count; the wall clock elsewhere.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use queens_sudoku::{FastSolver, Grid, SeedSolver, SudokuSolver};

/// A measuring pass shorter than this is repeated within its round, so that
/// a small file is timed over a useful stretch.
const MIN_ROUND: Duration = Duration::from_millis(300);

/// What the command line asks for.
struct Options {
    rounds: usize,
    seed_seconds: f64,
    seed_sample: usize,
    limits: Vec<usize>,
    files: Vec<PathBuf>,
}

/// One puzzle, in both solvers' types.
struct Puzzle {
    grid: Grid,
    theirs: sudoku::Sudoku,
}

fn main() -> ExitCode {
    match parse_options(std::env::args().skip(1)).and_then(|options| run(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("sudoku_throughput: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Reads the options and files.
fn parse_options(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        rounds: 3,
        seed_seconds: 10.0,
        seed_sample: usize::MAX,
        limits: vec![1, 2],
        files: Vec::new(),
    };
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--rounds" => options.rounds = number(&value("--rounds")?)?.max(1),
            "--seed-sample" => options.seed_sample = number(&value("--seed-sample")?)?,
            "--seed-seconds" => {
                let text = value("--seed-seconds")?;
                options.seed_seconds = text
                    .parse()
                    .map_err(|_| format!("not a number of seconds: {text}"))?;
            }
            "--limits" => {
                let list = value("--limits")?;
                options.limits = list.split(',').map(number).collect::<Result<_, _>>()?;
            }
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ => options.files.push(PathBuf::from(arg)),
        }
    }
    if options.files.is_empty() {
        options.files = default_files();
    }
    Ok(options)
}

/// A non-negative number.
fn number(text: &str) -> Result<usize, String> {
    text.parse().map_err(|_| format!("not a number: {text}"))
}

/// The full sets beside the workspace, or the samples in the repository.
fn default_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let full = root.join("../shared/fixtures/sudoku");
    let names = ["17_clue.txt", "forum_hardest_1106.txt"];
    if full.is_dir() {
        return names.iter().map(|name| full.join(name)).collect();
    }
    eprintln!("note: {} is absent; measuring the samples", full.display());
    let samples = root.join("crates/queens-sudoku/tests/data");
    ["17_clue_sample.txt", "forum_hardest_sample.txt"]
        .iter()
        .map(|name| samples.join(name))
        .collect()
}

/// Every file, every limit, every solver.
fn run(options: &Options) -> Result<(), String> {
    for file in &options.files {
        let puzzles = load(file)?;
        println!("{}: {} puzzles", file.display(), puzzles.len());
        if puzzles.is_empty() {
            continue;
        }
        for &limit in &options.limits {
            let ours = measure_fast(&puzzles, limit, options.rounds)?;
            let theirs = measure_crate(&puzzles, limit, options.rounds)?;
            println!(
                "  limit {limit}: fast {:>10.0}/s   sudoku crate {:>10.0}/s   fast/crate {:.2}",
                ours,
                theirs,
                ours / theirs
            );
        }
        if options.seed_seconds > 0.0 && options.seed_sample > 0 {
            let time_limit =
                Duration::try_from_secs_f64(options.seed_seconds).unwrap_or(Duration::MAX);
            let (seed, solved) = measure_seed(&puzzles, time_limit, options.seed_sample)?;
            let fast = measure_fast(&puzzles[..solved], 1, options.rounds)?;
            println!(
                "  first {solved} puzzles, limit 1: seed {seed:>10.2}/s   fast {fast:>10.0}/s   fast/seed {:.0}",
                fast / seed
            );
        }
    }
    Ok(())
}

/// The puzzles of `file`.
fn load(file: &Path) -> Result<Vec<Puzzle>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let lines = text.lines().enumerate();
    lines
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(index, line)| {
            let at = || format!("{}:{}", file.display(), index + 1);
            let grid = Grid::parse_line(line).map_err(|e| format!("{}: {e}", at()))?;
            let theirs =
                sudoku::Sudoku::from_str_line(line.trim()).map_err(|e| format!("{}: {e}", at()))?;
            Ok(Puzzle { grid, theirs })
        })
        .collect()
}

/// The fast solver's best rate over `rounds`, its answers verified.
fn measure_fast(puzzles: &[Puzzle], limit: usize, rounds: usize) -> Result<f64, String> {
    let solve = |puzzle: &Puzzle| FastSolver.solve(&puzzle.grid, limit).solutions;
    let (rate, answers) = best_rate(puzzles, rounds, solve);
    verify("fast", puzzles, &answers, limit)?;
    Ok(rate)
}

/// The `sudoku` crate's best rate over `rounds`, its answers verified.
fn measure_crate(puzzles: &[Puzzle], limit: usize, rounds: usize) -> Result<f64, String> {
    let solve = |puzzle: &Puzzle| {
        let mut buffer = [[0u8; 81]; 2];
        let count = puzzle.theirs.solutions_up_to_buffer(&mut buffer, limit);
        buffer[..count.min(2)].to_vec()
    };
    let (rate, answers) = best_rate(puzzles, rounds, solve);
    let answers = answers
        .into_iter()
        .map(|found| {
            found
                .into_iter()
                .map(|cells| Grid::new(cells).unwrap_or(Grid::EMPTY))
                .collect()
        })
        .collect::<Vec<Vec<Grid>>>();
    verify("sudoku crate", puzzles, &answers, limit)?;
    Ok(rate)
}

/// The seed solver's rate over the puzzles it solves, in order, until
/// `time_limit` has passed or `most` are solved, its answers verified; and how
/// many it solved.
fn measure_seed(
    puzzles: &[Puzzle],
    time_limit: Duration,
    most: usize,
) -> Result<(f64, usize), String> {
    let started = Clock::start();
    let mut answers = Vec::new();
    for puzzle in puzzles.iter().take(most) {
        answers.push(SeedSolver.solve(&puzzle.grid, 1).solutions);
        if started.elapsed() >= time_limit {
            break;
        }
    }
    let rate = answers.len() as f64 / started.elapsed().as_secs_f64();
    verify("seed", &puzzles[..answers.len()], &answers, 1)?;
    Ok((rate, answers.len()))
}

/// The best puzzles per second of `rounds` rounds of `solve` over every
/// puzzle, with the answers of the last pass.
fn best_rate<T>(puzzles: &[Puzzle], rounds: usize, solve: impl Fn(&Puzzle) -> T) -> (f64, Vec<T>) {
    let mut best = 0f64;
    let mut answers = Vec::new();
    for _ in 0..rounds {
        let started = Clock::start();
        let mut solved = 0usize;
        loop {
            answers = puzzles.iter().map(&solve).collect();
            solved += puzzles.len();
            if started.elapsed() >= MIN_ROUND {
                break;
            }
        }
        best = best.max(solved as f64 / started.elapsed().as_secs_f64());
    }
    (best, answers)
}

/// The time this thread has spent on a core, from Linux's
/// `/proc/thread-self/schedstat`, so that a machine shared with other work
/// does not count the other work's time against the solver; the wall clock
/// where that file is absent.
enum Clock {
    /// Nanoseconds on a core at the start.
    Cpu(u64),
    /// The wall clock at the start.
    Wall(Instant),
}

impl Clock {
    /// Starts timing.
    fn start() -> Clock {
        match cpu_nanos() {
            Some(nanos) => Clock::Cpu(nanos),
            None => Clock::Wall(Instant::now()),
        }
    }

    /// The time since the start.
    fn elapsed(&self) -> Duration {
        match self {
            Clock::Cpu(start) => {
                Duration::from_nanos(cpu_nanos().unwrap_or(*start).saturating_sub(*start))
            }
            Clock::Wall(start) => start.elapsed(),
        }
    }
}

/// This thread's time on a core so far, in nanoseconds.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Checks that every puzzle got the answer it should: for the sets measured
/// here, which are proper Sudoku, one valid completion of its givens, and
/// with `limit` 2 still exactly one.
fn verify(
    solver: &str,
    puzzles: &[Puzzle],
    answers: &[Vec<Grid>],
    limit: usize,
) -> Result<(), String> {
    for (index, (puzzle, found)) in puzzles.iter().zip(answers).enumerate() {
        let expected = 1.min(limit);
        if found.len() != expected {
            return Err(format!(
                "{solver}: puzzle {} has {} solutions, expected {expected}",
                index + 1,
                found.len()
            ));
        }
        if let Some(bad) = found
            .iter()
            .find(|answer| !answer.is_completion_of(&puzzle.grid))
        {
            return Err(format!(
                "{solver}: puzzle {}: {bad} is not a solution",
                index + 1
            ));
        }
    }
    Ok(())
}
