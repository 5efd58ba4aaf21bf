//! `queens merge`: the records of `count --shard` added up into the counts
//! of the whole board, printed only when every shard is there exactly once,
//! and, when asked, only when a recount or a key vouches for them.
//!
//! The records are read from files and folders by [`crate::records`], which
//! names each file that is not a record; the merge then fails as bad input.
//! The checks of the records themselves are `queens_shards::merge`'s;
//! `--verify F` then recounts a fraction F of every record's units, drawn
//! from the operating system's randomness, with a bar, and refuses the merge
//! at the first unit that differs.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;
use queens_shards::{MergeError, array_ranges, merge};
use serde::Serialize;

use crate::failure::Failure;
use crate::records::{read_all, recount};
use crate::shard;

/// The options of `merge`.
#[derive(Args)]
pub(crate) struct MergeOptions {
    /// Shard records, or folders of them.
    #[arg(value_name = "FILE|DIR", required = true)]
    pub(crate) paths: Vec<PathBuf>,

    /// Print the result as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,

    /// Recount a random fraction F of every record's units (above 0, at
    /// most 1; 1 recounts everything) before believing the records, and
    /// refuse the merge at the first unit whose count differs. The units
    /// are drawn when merging, so no node can know which. Costs F times the
    /// whole count, on every core.
    #[arg(long, value_name = "F", value_parser = parse_fraction)]
    pub(crate) verify: Option<f64>,

    /// Refuse every record not signed with the key in FILE (`count --shard
    /// --key-file FILE`).
    #[arg(long, value_name = "FILE")]
    pub(crate) key_file: Option<PathBuf>,
}

/// Parses `--verify F`: a fraction above 0 and at most 1.
fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(fraction) if fraction > 0.0 && fraction <= 1.0 => Ok(fraction),
        _ => Err(format!(
            "'{text}' is not a fraction of the units above 0 and at most 1 (0.01 recounts one \
             unit in a hundred)"
        )),
    }
}

/// The JSON of a complete merge.
#[derive(Serialize)]
struct MergeRecord<'a> {
    n: usize,
    total: u64,
    unique: u64,
    plan: &'a str,
    shards: usize,
    units: usize,
    records: usize,
    seconds: f64,
    /// The units recounted by `--verify`, 0 without it.
    recounted: usize,
    /// Whether every record was checked against `--key-file`.
    signed: bool,
}

/// Runs `queens merge`.
pub(crate) fn run(options: &MergeOptions) -> Result<(), Failure> {
    let key = options
        .key_file
        .as_deref()
        .map(shard::read_key)
        .transpose()?;
    let records = read_all(&options.paths, key.as_ref())?;
    let merged = merge(&records).map_err(|error| match error {
        MergeError::Incomplete(missing) => Failure::Incomplete {
            missing: array_ranges(&missing.shards),
            count: missing.shards.len(),
            of: missing.of,
        },
        other => Failure::Merge(other),
    })?;
    let recounted = match options.verify {
        Some(fraction) => recount(&merged, &records, fraction)?,
        None => 0,
    };
    crate::output::with_stdout(|out| {
        let record = MergeRecord {
            n: merged.n,
            total: merged.total,
            unique: merged.unique,
            plan: &merged.plan,
            shards: merged.shards,
            units: merged.units,
            records: merged.records,
            seconds: merged.seconds,
            recounted,
            signed: key.is_some(),
        };
        if options.json {
            crate::output::json_line(out, &record)?;
        } else {
            writeln!(out, "{}", summary(&record))?;
        }
        Ok(())
    })
}

/// The line of a complete merge.
fn summary(merged: &MergeRecord<'_>) -> String {
    let mut line = format!(
        "n = {}: {} solutions, {} fundamental ({} shards, {} units, {:.1} s of counting)",
        merged.n, merged.total, merged.unique, merged.shards, merged.units, merged.seconds
    );
    if merged.signed {
        line.push_str("; every record signed with the key");
    }
    if merged.recounted > 0 {
        line.push_str(&format!(
            "; {} units drawn at random recounted, each as its record says",
            merged.recounted
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fraction_is_above_0_and_at_most_1() {
        assert_eq!(parse_fraction("0.01"), Ok(0.01));
        assert_eq!(parse_fraction("1"), Ok(1.0));
        for bad in ["0", "-0.5", "1.5", "NaN", "inf", "x", ""] {
            assert_eq!(
                parse_fraction(bad),
                Err(format!(
                    "'{bad}' is not a fraction of the units above 0 and at most 1 (0.01 recounts \
                     one unit in a hundred)"
                ))
            );
        }
    }
}
