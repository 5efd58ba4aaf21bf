//! `queens plan`: what counting a board in shards would cost, estimated
//! before any of it is run.
//!
//! The estimate is `queens_shards::estimate`'s: a few seconds of the
//! counter's own work, timed on this machine, scaled up to the whole board.
//! It prints the units and how they are dealt, the estimated solutions
//! beside the known count (OEIS, to n = 27), which says how far to trust the
//! sample, and the processor time of the whole count and of each shard.

use std::io::Write;
use std::time::Duration;

use clap::Args;
use queens_core::format::{approximately, duration, plus_minus, thousands};
use queens_shards::{Estimate, Sampling, Scheme, estimate};
use queens_solvers::COUNTER;
use serde::Serialize;

use crate::args::parse_board_size;
use crate::failure::Failure;
use crate::guard::PastLimit;
use crate::task::Task;
use queens_shards::MOST_SHARDS;

/// The options of `plan`.
#[derive(Args)]
pub(crate) struct PlanOptions {
    /// The board size.
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = parse_board_size)]
    pub(crate) n: usize,

    /// The shards the count would be cut into, as `count --shard I/K` takes
    /// them.
    #[arg(
        long,
        value_name = "K",
        default_value = "1",
        value_parser = clap::value_parser!(u64).range(1..=MOST_SHARDS as u64)
    )]
    pub(crate) shards: u64,

    /// How long to sample the counter's work for, in seconds (0.1 to 600).
    #[arg(long, value_name = "SECONDS", default_value = "3", value_parser = parse_seconds)]
    pub(crate) seconds: f64,

    /// Print the plan as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Parses `--seconds`.
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.1..=600.0).contains(&seconds) => Ok(seconds),
        _ => Err("expected a number of seconds from 0.1 to 600".to_owned()),
    }
}

/// The plan as `--json` prints it.
#[derive(Serialize)]
struct PlanRecord<'a> {
    n: usize,
    shards: usize,
    plan: &'a str,
    units: usize,
    unit_rows: usize,
    samples: usize,
    sampling_seconds: f64,
    solutions: f64,
    solutions_error: f64,
    known_solutions: Option<u64>,
    cpu_seconds: f64,
    cpu_error: f64,
    cpu_hours: f64,
    shard_cpu_seconds: f64,
    cores: usize,
    machine_seconds: f64,
}

/// Runs `queens plan`.
pub(crate) fn run(options: &PlanOptions) -> Result<(), Failure> {
    PastLimit::check(COUNTER.solver, options.n, Task::Count)?;
    // The parser's range keeps the number of shards within usize.
    let scheme = Scheme::new(options.n, options.shards as usize)?;
    let sampling = Sampling::For(Duration::from_secs_f64(options.seconds));
    let estimate = estimate(scheme.plan(), sampling);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let record = PlanRecord {
        n: scheme.n(),
        shards: scheme.shards(),
        plan: &scheme.plan_id(),
        units: scheme.plan().len(),
        unit_rows: scheme.plan().rows(),
        samples: estimate.samples,
        sampling_seconds: estimate.sampling_seconds,
        solutions: estimate.solutions,
        solutions_error: estimate.solutions_error,
        known_solutions: queens_core::oeis::solution_count(scheme.n()),
        cpu_seconds: estimate.cpu_seconds,
        cpu_error: estimate.cpu_error,
        cpu_hours: estimate.cpu_seconds / 3600.0,
        shard_cpu_seconds: estimate.cpu_seconds / scheme.shards() as f64,
        cores,
        machine_seconds: estimate.cpu_seconds / cores as f64,
    };
    crate::output::with_stdout(|out| {
        if options.json {
            crate::output::json_line(out, &record)?;
        } else {
            print(&record, &estimate, out)?;
        }
        Ok(())
    })
}

/// The plan in words.
fn print(
    record: &PlanRecord<'_>,
    estimate: &Estimate,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let per_shard = record.units / record.shards;
    let dealt = if record.units.is_multiple_of(record.shards) {
        format!("{} a shard", thousands(per_shard as u128))
    } else {
        format!(
            "{} or {} a shard",
            thousands(per_shard as u128),
            thousands(per_shard as u128 + 1)
        )
    };
    // A unit is a frame of the border queens, with the queens of its first
    // inner rows placed when the shards need finer units.
    let unit = match record.unit_rows {
        0 => "whole frames".to_owned(),
        1 => "frames and 1 inner row".to_owned(),
        rows => format!("frames and {rows} inner rows"),
    };
    writeln!(
        out,
        "n = {} in {} shard{}: {} units ({unit}), {dealt} (plan {})",
        record.n,
        thousands(record.shards as u128),
        if record.shards == 1 { "" } else { "s" },
        thousands(record.units as u128),
        record.plan
    )?;
    let what = if estimate.whole_units {
        "units"
    } else {
        "random paths"
    };
    writeln!(
        out,
        "sampled:    {} {what} timed on this machine ({} cores) in {:.1} s",
        thousands(record.samples as u128),
        record.cores,
        record.sampling_seconds
    )?;
    let known = record.known_solutions.map_or_else(String::new, |known| {
        format!(" (known: {})", thousands(u128::from(known)))
    });
    let solutions = if record.solutions_error == 0.0 {
        // Every unit counted: the count itself.
        thousands(record.solutions.round() as u128)
    } else {
        approximately(record.solutions)
    };
    writeln!(
        out,
        "solutions:  {solutions}{}{known}",
        plus_minus(record.solutions_error)
    )?;
    writeln!(
        out,
        "whole count: {} of processor time{}, {} CPU-hours",
        duration(record.cpu_seconds),
        plus_minus(record.cpu_error),
        approximately(record.cpu_hours)
    )?;
    writeln!(
        out,
        "each shard: {} on one core",
        duration(record.shard_cpu_seconds)
    )?;
    writeln!(
        out,
        "this machine alone ({} cores): {}",
        record.cores,
        duration(record.machine_seconds)
    )?;
    Ok(())
}
