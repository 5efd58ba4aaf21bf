//! `cargo xtask peers`: each solver against its seed's own C program, the
//! speed measurement of the workspace's issue 2.
//!
//! The C programs live outside the repository, in `../shared/peers` (or
//! `--peers DIR`); they are compiled with `gcc -O3 -march=native` into
//! `target/peers/` and never copied in. For each pairing, the C program and
//! the Rust solver count all solutions of the same n, alternately, `--runs`
//! times each; the table shows the best time of each side and the ratio
//! Rust / C against the target. The Rust side runs in this process on the
//! silent path (`modes::count`); the C side is timed as a whole process, so
//! its start-up (a millisecond or so) counts against it. The last column is
//! the cost of statistics: the best time of the same count through
//! `solve_counted`, over the silent path's.
//!
//! `cargo xtask peers --counter` measures the fast counter instead, against
//! the textbook C bitboard counter: see [`counter`].

pub(crate) mod counter;

use std::hint::black_box;
use std::ops::{ControlFlow, Range};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use queens_core::{Problem, Solver, modes};
use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

use crate::machine::Machine;
use crate::{Error, progress, units};

/// The options of `cargo xtask peers`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The folder of the seeds' C programs (default: ../shared/peers beside
    /// the workspace).
    #[arg(long, value_name = "DIR")]
    pub peers: Option<PathBuf>,
    /// Runs of each side; the table shows the best of each [default: 5, or
    /// 1 with --counter, where one run of the C peer alone takes about 25 s
    /// on two cores].
    #[arg(long, value_parser = crate::measuring::parse_runs)]
    pub runs: Option<u32>,
    /// Measures the fast counter (queens-bitboard) instead of the seeds'
    /// solvers: n = 17 on one thread and on every core against the C
    /// textbook bitboard counter (bitboard_mirror.c), and n = 18 and 19 on
    /// every core against 14 s and 2 minutes of wall time.
    #[arg(long)]
    pub counter: bool,
}

/// The runs of each side when `--runs` is not given, seeds' solvers.
const RUNS: u32 = 5;

/// A solver of the registry, the C program it is measured against, the board
/// sizes, and the ratio Rust / C it must not exceed.
struct Pairing {
    solver: &'static str,
    peer: &'static str,
    sizes: &'static [usize],
    target: f64,
}

/// The pairings of issue 2. The naive solver must beat its peer fivefold: it
/// runs the same 85,900,584 tests at n = 7 with a cheaper test.
const PAIRINGS: [Pairing; 4] = [
    Pairing {
        solver: "naive",
        peer: "seed002_naive.c",
        sizes: &[7],
        target: 0.2,
    },
    Pairing {
        solver: "matrix",
        peer: "seed000_matrix.c",
        sizes: &[12, 13],
        target: 1.0,
    },
    Pairing {
        solver: "array",
        peer: "seed001_array.c",
        sizes: &[12, 13],
        target: 1.0,
    },
    Pairing {
        solver: "lookup",
        peer: "seed004_lookup.c",
        sizes: &[12, 13],
        target: 1.0,
    },
];

/// One measured pairing on one board size.
struct Duel {
    solver: &'static str,
    peer: &'static str,
    n: usize,
    rust_count: u64,
    c_count: u64,
    rust_best: f64,
    /// The best time of the same count with statistics counted.
    counted_best: f64,
    c_best: f64,
    target: f64,
}

/// Runs `cargo xtask peers`.
pub(crate) fn run(args: &Args) -> Result<(), Error> {
    let folder = peers_folder(args)?;
    let build = build_folder()?;
    if args.counter {
        return counter::run(&folder, &build, args.runs.unwrap_or(counter::RUNS));
    }
    let runs = args.runs.unwrap_or(RUNS);
    let steps = PAIRINGS
        .iter()
        .map(|pairing| pairing.sizes.len() as u64)
        .sum();
    let bar = progress::bar(steps);
    let mut duels = Vec::new();
    for pairing in &PAIRINGS {
        let Some(solver) = queens_solvers::by_name(pairing.solver) else {
            eprintln!("note: no solver named {} is registered", pairing.solver);
            continue;
        };
        let binary = compile(&folder.join(pairing.peer), &build)?;
        for &n in pairing.sizes {
            bar.set_message(format!("{} n = {n}", pairing.solver));
            duels.push(duel(pairing, solver, &binary, n, runs)?);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    print_header(runs, "");
    println!("{}", table(&duels, runs));
    Ok(())
}

/// The folder of the C programs: `--peers`, or `../shared/peers` beside the
/// workspace.
fn peers_folder(args: &Args) -> Result<PathBuf, Error> {
    let folder = args
        .peers
        .clone()
        .unwrap_or_else(|| crate::workspace_root().join("../shared/peers"));
    if !folder.is_dir() {
        return Err(Error::BadInput(format!(
            "no peers folder at {} (the seeds' C programs); pass --peers DIR",
            folder.display()
        )));
    }
    Ok(folder)
}

/// `target/peers/`, made if missing: where the C programs are built.
fn build_folder() -> Result<PathBuf, Error> {
    let build = crate::target_dir().join("peers");
    std::fs::create_dir_all(&build)
        .map_err(|error| Error::Failed(format!("cannot create {}: {error}", build.display())))?;
    Ok(build)
}

/// The lines above a table: the machine, the runs and how each side is
/// timed, `rust` saying how for the Rust side when it needs saying.
fn print_header(runs: u32, rust: &str) {
    println!("Machine: {}.", Machine::detect());
    let best = if runs == 1 {
        "One run of each side".to_owned()
    } else {
        format!("Best of {runs} alternating runs")
    };
    println!("{best}; C built with gcc -O3 -march=native and timed as a whole process{rust}.\n");
}

/// Compiles `source` into `build`, returning the program's path.
fn compile(source: &Path, build: &Path) -> Result<PathBuf, Error> {
    if !source.is_file() {
        return Err(Error::BadInput(format!(
            "no C program at {}",
            source.display()
        )));
    }
    let stem = source.file_stem().unwrap_or(source.as_os_str());
    let binary = build.join(stem);
    let output = Command::new("gcc")
        .args(["-O3", "-march=native", "-o"])
        .arg(&binary)
        .arg(source)
        .output()
        .map_err(|error| Error::BadInput(format!("cannot run gcc: {error}")))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(Error::Failed(format!(
            "gcc failed on {}: {}",
            source.display(),
            message.lines().next().unwrap_or("no message")
        )));
    }
    Ok(binary)
}

/// Counts the solutions of board size `n` with the C program and the solver,
/// alternately, `runs` times each.
fn duel(
    pairing: &Pairing,
    solver: &dyn Solver,
    binary: &Path,
    n: usize,
    runs: u32,
) -> Result<Duel, Error> {
    let problem = Problem::new(n);
    let mut result = Duel {
        solver: pairing.solver,
        peer: pairing.peer,
        n,
        rust_count: 0,
        c_count: 0,
        rust_best: f64::INFINITY,
        counted_best: f64::INFINITY,
        c_best: f64::INFINITY,
        target: pairing.target,
    };
    for _ in 0..runs {
        let (seconds, count) = run_peer(binary, &[n.to_string()], |text| text.trim().parse().ok())?;
        result.c_best = result.c_best.min(seconds);
        result.c_count = count;

        let start = Instant::now();
        let count = black_box(modes::count(solver, &problem))
            .map_err(|error| Error::Failed(error.to_string()))?;
        result.rust_best = result.rust_best.min(start.elapsed().as_secs_f64());
        result.rust_count = count;

        // The same count with statistics: what counting costs, measured
        // beside the silent path that the ratio to C is taken on.
        let start = Instant::now();
        black_box(solver.solve_counted(&problem, &mut |_| ControlFlow::Continue(())))
            .map_err(|error| Error::Failed(error.to_string()))?;
        result.counted_best = result.counted_best.min(start.elapsed().as_secs_f64());
    }
    Ok(result)
}

/// Runs the C program `binary` with `args`, timed as a whole process, and
/// reads its count from what it prints with `parse`: the seconds it took and
/// the count.
fn run_peer(
    binary: &Path,
    args: &[String],
    parse: fn(&str) -> Option<u64>,
) -> Result<(f64, u64), Error> {
    let start = Instant::now();
    let output = Command::new(binary)
        .args(args)
        .output()
        .map_err(|error| Error::Failed(format!("cannot run {}: {error}", binary.display())))?;
    let seconds = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let count = parse(&stdout)
        .filter(|_| output.status.success())
        .ok_or_else(|| {
            Error::Failed(format!(
                "{} {} printed '{}' and exited with {}",
                binary.display(),
                args.join(" "),
                stdout.trim(),
                output.status
            ))
        })?;
    Ok((seconds, count))
}

/// "yes" when `ratio` is within `target`, "no" otherwise.
fn met(ratio: f64, target: f64) -> &'static str {
    if ratio <= target { "yes" } else { "no" }
}

/// The table of duels.
fn table(duels: &[Duel], runs: u32) -> String {
    let mut builder = Builder::default();
    builder.push_record([
        "algorithm".to_owned(),
        "C peer".to_owned(),
        "n".to_owned(),
        "solutions".to_owned(),
        format!("C (best of {runs})"),
        format!("Rust (best of {runs})"),
        "Rust / C".to_owned(),
        "target".to_owned(),
        "met".to_owned(),
        "counted / silent".to_owned(),
    ]);
    for duel in duels {
        let ratio = duel.rust_best / duel.c_best;
        let (ratio_text, met) = if duel.rust_count != duel.c_count {
            (
                "—".to_owned(),
                format!(
                    "no: the counts differ (Rust {}, C {})",
                    units::count(duel.rust_count),
                    units::count(duel.c_count)
                ),
            )
        } else {
            (format!("{ratio:.2}"), met(ratio, duel.target).to_owned())
        };
        builder.push_record([
            duel.solver.to_owned(),
            duel.peer.to_owned(),
            duel.n.to_string(),
            units::count(duel.c_count),
            units::seconds(duel.c_best),
            units::seconds(duel.rust_best),
            ratio_text,
            format!("≤ {:.1}", duel.target),
            met,
            format!("{:.2}", duel.counted_best / duel.rust_best),
        ]);
    }
    render(builder, 2..8)
}

/// The table in the tasks' style: rounded, the `right` columns (the numbers)
/// aligned right.
fn render(builder: Builder, right: Range<usize>) -> String {
    let mut table = builder.build();
    table.with(Style::rounded());
    table.modify(Columns::new(right), Alignment::right());
    table.to_string()
}
