//! `queens merge`: the records of `count --shard` added up into the counts
//! of the whole board, printed only when every shard is there exactly once.
//!
//! Folders are read file by file, in name order, skipping hidden files: the
//! temporary files a shard writes its record through start with a dot, and
//! one killed mid-write leaves such a file, never a half record. Every other
//! file must be a record; each that is not (cut short, edited, foreign) is
//! named on its own line, and the merge then fails as bad input. The checks
//! of the records themselves are `queens_shards::merge`'s.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use queens_shards::{MergeError, Merged, Record, array_ranges, merge};
use serde::Serialize;

use crate::failure::{self, Failure};
use crate::search;

/// The options of `merge`.
#[derive(Args)]
pub(crate) struct MergeOptions {
    /// Shard records, or folders of them.
    #[arg(value_name = "FILE|DIR", required = true)]
    pub(crate) paths: Vec<PathBuf>,

    /// Print the result as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
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
}

/// Runs `queens merge`.
pub(crate) fn run(options: &MergeOptions) -> Result<(), Failure> {
    let records = read_all(&options.paths)?;
    let merged = merge(&records).map_err(|error| match error {
        MergeError::Incomplete(missing) => Failure::Incomplete {
            missing: array_ranges(&missing.shards),
            count: missing.shards.len(),
            of: missing.of,
        },
        other => Failure::Merge(other),
    })?;
    search::with_stdout(|out| print(&merged, options.json, out))
}

/// Prints the merged counts.
fn print(merged: &Merged, json: bool, out: &mut impl Write) -> Result<(), Failure> {
    if json {
        let record = MergeRecord {
            n: merged.n,
            total: merged.total,
            unique: merged.unique,
            plan: &merged.plan,
            shards: merged.shards,
            units: merged.units,
            records: merged.records,
            seconds: merged.seconds,
        };
        crate::output::json_line(out, &record)?;
    } else {
        writeln!(
            out,
            "n = {}: {} solutions, {} fundamental ({} shards, {} units, {:.1} s of counting)",
            merged.n, merged.total, merged.unique, merged.shards, merged.units, merged.seconds
        )?;
    }
    Ok(())
}

/// The records of `paths`, each named by its path; every file that is not
/// a record reported on its own line first.
fn read_all(paths: &[PathBuf]) -> Result<Vec<(String, Record)>, Failure> {
    let mut records = Vec::new();
    let mut bad = 0;
    for file in files(paths)? {
        let name = file.display().to_string();
        let read = read_record(&file)
            .and_then(|text| Record::parse(&text).map_err(|error| error.to_string()));
        match read {
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

/// The most bytes a record file may hold: the record of one shard of a
/// board split as finely as `queens_shards` splits any, with room to spare.
/// A longer file, or a device such as `/dev/zero`, is no record.
const MOST_RECORD_BYTES: u64 = 1 << 28;

/// The text of the record file `file`, or why it cannot be one.
fn read_record(file: &Path) -> Result<String, String> {
    let opened = fs::File::open(file).map_err(|error| error.to_string())?;
    let regular = opened.metadata().map_err(|error| error.to_string())?;
    if !regular.is_file() {
        return Err("not a regular file".to_owned());
    }
    let mut text = String::new();
    opened
        .take(MOST_RECORD_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|error| error.to_string())?;
    if text.len() as u64 > MOST_RECORD_BYTES {
        return Err(format!(
            "longer than {MOST_RECORD_BYTES} bytes, no shard record"
        ));
    }
    Ok(text)
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
