//! `queens merge`: the records of `count --shard` added up into the counts
//! of the whole board, printed only when every shard is there exactly once,
//! and, when asked, only when a recount or a key vouches for them.
//!
//! Folders are read file by file, in name order, skipping hidden files: the
//! temporary files a shard writes its record through start with a dot, and
//! one killed mid-write leaves such a file, never a half record. Every other
//! file must be a regular file, opened without waiting (a FIFO among the
//! records must not block the merge) and read only up to the size of the
//! largest record a scheme can make. Each that is not a record (cut short,
//! edited, foreign, claiming a time or threads no count has, or unsigned
//! under `--key-file`) is named on its own line, and the merge then fails
//! as bad input. The checks of the records
//! themselves are `queens_shards::merge`'s; `--verify F` then recounts a
//! fraction F of every record's units, drawn from the operating system's
//! randomness, with a bar, and refuses the merge at the first unit that
//! differs.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use clap::Args;
use queens_shards::{Key, MergeError, Merged, Record, Scheme, array_ranges, merge};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::Serialize;

use crate::failure::{self, Failure};
use crate::{progress, shard};

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

/// Recounts `fraction` of the units of every record of `merged`, with a bar
/// and Ctrl-C; the number of units recounted.
fn recount(merged: &Merged, records: &[(String, Record)], fraction: f64) -> Result<usize, Failure> {
    let scheme = Scheme::new(merged.n, merged.shards)?;
    let mut rng = SmallRng::from_os_rng();
    let stop = progress::interrupt_flag();
    let (recounted, _) = progress::counted_units(merged.n, true, |progress| {
        queens_shards::recount(
            scheme.plan(),
            records,
            fraction,
            &mut rng,
            0,
            stop,
            progress,
        )
    });
    Ok(recounted.map_err(Failure::Recount)?.units)
}

/// The records of `paths`, each named by its path, each checked against
/// `key` when there is one; every file that is not such a record reported
/// on its own line first.
fn read_all(paths: &[PathBuf], key: Option<&Key>) -> Result<Vec<(String, Record)>, Failure> {
    let mut records = Vec::new();
    let mut bad = 0;
    for file in files(paths)? {
        let name = file.display().to_string();
        match read_record(&file, key) {
            Ok(record) => records.push((name, record)),
            Err(why) => {
                bad += 1;
                failure::report_line(&format!("{name}: {why}"));
            }
        }
    }
    if bad > 0 {
        return Err(Failure::BadRecords { files: bad });
    }
    Ok(records)
}

/// The most bytes a record file may hold, 32 MiB: three times the record
/// of the largest shard any scheme makes (n = 64 in one shard, 106,556
/// units of at most about 100 bytes each). A longer file is no record, and
/// a hostile one cannot make the merge hold more than some hundred
/// megabytes of units.
const MOST_RECORD_BYTES: u64 = 1 << 25;

/// The record in `file`, checked against `key` when there is one, or why
/// there is none.
fn read_record(file: &Path, key: Option<&Key>) -> Result<Record, String> {
    let bytes = queens_toolkit::files::read_regular(file, MOST_RECORD_BYTES)
        .map_err(|error| error.to_string())?;
    let text = String::from_utf8(bytes).map_err(|_| "not a shard record (not UTF-8 text)")?;
    let record = Record::parse(&text).map_err(|error| error.to_string())?;
    if let Some(key) = key {
        record.check_key(key).map_err(|error| error.to_string())?;
    }
    Ok(record)
}

/// The files of `paths`: files as given, folders' visible files in name
/// order.
fn files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let mut inside: Vec<PathBuf> = fs::read_dir(path)
            .map_err(failure::path("read", path))?
            .map(|entry| entry.map(|entry| entry.path()))
            .collect::<Result<_, _>>()
            .map_err(failure::path("read", path))?;
        inside.retain(|file| !hidden(file));
        inside.sort();
        files.extend(inside);
    }
    Ok(files)
}

/// Whether a file's name starts with a dot.
fn hidden(file: &Path) -> bool {
    file.file_name()
        .is_some_and(|name| name.to_string_lossy().starts_with('.'))
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
