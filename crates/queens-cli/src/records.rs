//! The shard records `merge` reads back, and the recount of `--verify`.
//!
//! Folders are read file by file, in name order, skipping hidden files: the
//! temporary files a shard writes its record through start with a dot, and
//! one killed mid-write leaves such a file, never a half record. Every other
//! file must be a regular file, opened without waiting (a FIFO among the
//! records must not block the merge) and read only up to
//! [`MOST_RECORD_BYTES`]. Each that is not a record (as
//! [`Record::from_bytes`] judges it) is named on its own line, and the merge
//! then fails as bad input. The recount draws its units from the operating
//! system's randomness and runs with a bar and Ctrl-C, as a count does.

use std::fs;
use std::path::{Path, PathBuf};

use queens_shards::{Key, MOST_RECORD_BYTES, Merged, Record, Scheme};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::failure::{self, Failure};
use crate::progress;

/// Recounts `fraction` of the units of every record of `merged`, with a bar
/// and Ctrl-C; the number of units recounted.
pub(crate) fn recount(
    merged: &Merged,
    records: &[(String, Record)],
    fraction: f64,
) -> Result<usize, Failure> {
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
pub(crate) fn read_all(
    paths: &[PathBuf],
    key: Option<&Key>,
) -> Result<Vec<(String, Record)>, Failure> {
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

/// The record in `file`, checked against `key` when there is one, or why
/// there is none.
fn read_record(file: &Path, key: Option<&Key>) -> Result<Record, String> {
    let bytes = queens_toolkit::files::read_regular(file, MOST_RECORD_BYTES)
        .map_err(|error| error.to_string())?;
    Record::from_bytes(&bytes, key).map_err(|error| error.to_string())
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
