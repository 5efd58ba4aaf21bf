//! The seeds' solvers against their seeds' own C programs, the pairings of
//! issue 2: each pairing counts the same n on both sides, alternately.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

use queens_core::{Problem, Solver, modes};
use queens_solvers::SeedProgram;
use tabled::builder::Builder;

use crate::harness::{C_BUILT, Outcome, compile, met, run_peer};
use queens_lab::Error;
use queens_lab::others::Sampler;
use queens_lab::{progress, units};

/// The runs of each side when `--runs` is not given, seeds' solvers.
pub const RUNS: u32 = 5;

/// The solvers of the registry that have a seed's C program to be measured
/// against, each with it: issue 2's pairings.
pub(crate) fn pairings() -> impl Iterator<Item = (&'static dyn Solver, SeedProgram)> {
    queens_solvers::ENTRIES
        .iter()
        .filter_map(|entry| Some((entry.solver, entry.seed_program?)))
}

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

/// Runs the pairings: the C programs of `folder`, built into `build`,
/// against the solvers, `runs` times each. Each pairing on each board size
/// is a cell judged for how busy other programs kept the cores.
pub(crate) fn run(folder: &Path, build: &Path, runs: u32) -> Result<Outcome, Error> {
    let steps = pairings()
        .map(|(_, program)| program.sizes.len() as u64)
        .sum();
    let bar = progress::bar(steps);
    let mut sampler = Sampler::begin();
    let mut duels = Vec::new();
    for (solver, program) in pairings() {
        let binary = compile(&folder.join(program.file), build)?;
        let name = solver.info().name;
        for &n in program.sizes {
            bar.set_message(format!("{name} n = {n}"));
            let what = format!("{name} against {}", program.file);
            duels.push(sampler.cell(n, &what, || duel(&program, solver, &binary, n, runs))?);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    Ok(Outcome::new(
        runs,
        C_BUILT,
        "",
        sampler.end(),
        table(&duels, runs),
        2..8,
    ))
}

/// Counts the solutions of board size `n` with the C program and the solver,
/// alternately, `runs` times each.
fn duel(
    program: &SeedProgram,
    solver: &dyn Solver,
    binary: &Path,
    n: usize,
    runs: u32,
) -> Result<Duel, Error> {
    let problem = Problem::new(n);
    let mut result = Duel {
        solver: solver.info().name,
        peer: program.file,
        n,
        rust_count: 0,
        c_count: 0,
        rust_best: f64::INFINITY,
        counted_best: f64::INFINITY,
        c_best: f64::INFINITY,
        target: program.target,
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

/// The table of duels.
fn table(duels: &[Duel], runs: u32) -> Builder {
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
    builder
}
