//! Adding shard records up, only when every shard is there exactly once.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use queens_bitboard::Classes;

use crate::record::{ClassCounts, Record, UnitCount};
use crate::scheme::{Scheme, SchemeError};

/// The counts of a whole board, from the records of all its shards.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The board size.
    pub n: usize,
    /// The plan id.
    pub plan: String,
    /// The number of shards.
    pub shards: usize,
    /// The number of units, all covered once.
    pub units: usize,
    /// Every solution.
    pub total: u64,
    /// The fundamental solutions.
    pub unique: u64,
    /// The records read, duplicates included.
    pub records: usize,
    /// The seconds the shards took, added up, each shard once however many
    /// records it has: the job's machine time.
    pub seconds: f64,
}

/// The shards no record covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// The missing shards, in increasing order.
    pub shards: Vec<usize>,
    /// The number of shards.
    pub of: usize,
}

/// Why records do not add up to a board's counts. `name` is how the caller
/// calls a record (its file name).
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no shard records to merge")]
    Empty,
    /// Records of different boards, shard counts or plans.
    #[error("{name}: a record of {found}, but {first} is of {expected}")]
    Mixed {
        /// The record that differs.
        name: String,
        /// What it is of.
        found: String,
        /// The first record read.
        first: String,
        /// What that one is of.
        expected: String,
    },
    /// The scheme of the records cannot be made: a board past the masks, no
    /// shards, a shard index past the count.
    #[error("{name}: {error}")]
    Scheme {
        /// The record.
        name: String,
        /// Why.
        error: SchemeError,
    },
    /// The plan id is not this version's for the board and shard count.
    #[error(
        "{name}: plan {found} is not this version's plan {expected} for n = {n} in {shards} \
         shards; merge it with the version that wrote it"
    )]
    Plan {
        /// The record.
        name: String,
        /// Its plan id.
        found: String,
        /// This version's.
        expected: String,
        /// The board.
        n: usize,
        /// The shards.
        shards: usize,
    },
    /// The record does not cover exactly its shard's units.
    #[error("{name}: shard {shard} covers units other than its own")]
    Units {
        /// The record.
        name: String,
        /// Its shard.
        shard: usize,
    },
    /// Two records of one shard with different counts.
    #[error("{name} and {other}: two records of shard {shard} with different counts")]
    Disagree {
        /// One record.
        name: String,
        /// The other.
        other: String,
        /// Their shard.
        shard: usize,
    },
    /// Some shards have no record.
    #[error(
        "incomplete: {} of {} shards missing: {}",
        .0.shards.len(),
        .0.of,
        array_ranges(&.0.shards)
    )]
    Incomplete(Missing),
    /// A sum passed `u64::MAX`: no real count does, so a record lies.
    #[error("the counts pass 2^64: a record is wrong")]
    Overflow,
}

/// What a record is of, for [`MergeError::Mixed`].
fn kind(record: &Record) -> String {
    format!(
        "n = {} in {} shards (plan {})",
        record.n, record.shards, record.plan
    )
}

/// Adds up `records`, each with the name to call it by, into the counts of
/// their board.
///
/// # Errors
///
/// As [`MergeError`] says; [`MergeError::Incomplete`] lists the shards to
/// run again.
pub fn merge(records: &[(String, Record)]) -> Result<Merged, MergeError> {
    let Some((first_name, first)) = records.first() else {
        return Err(MergeError::Empty);
    };
    for (name, record) in records {
        if kind(record) != kind(first) {
            return Err(MergeError::Mixed {
                name: name.clone(),
                found: kind(record),
                first: first_name.clone(),
                expected: kind(first),
            });
        }
    }
    let scheme = Scheme::new(first.n, first.shards).map_err(|error| MergeError::Scheme {
        name: first_name.clone(),
        error,
    })?;
    if scheme.plan_id() != first.plan {
        return Err(MergeError::Plan {
            name: first_name.clone(),
            found: first.plan.clone(),
            expected: scheme.plan_id(),
            n: first.n,
            shards: first.shards,
        });
    }
    let by_shard = one_per_shard(&scheme, records)?;
    let missing: Vec<usize> = (0..scheme.shards())
        .filter(|shard| !by_shard.contains_key(shard))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Incomplete(Missing {
            shards: missing,
            of: scheme.shards(),
        }));
    }
    let classes = by_shard
        .values()
        .try_fold(Classes::default(), |sum, record| {
            sum.checked_plus(Classes::from(record.classes))
        })
        .ok_or(MergeError::Overflow)?;
    let counts = classes.checked_counts().ok_or(MergeError::Overflow)?;
    Ok(Merged {
        n: first.n,
        plan: first.plan.clone(),
        shards: scheme.shards(),
        units: scheme.plan().len(),
        total: counts.total,
        unique: counts.unique,
        records: records.len(),
        seconds: by_shard.values().map(|record| record.seconds).sum(),
    })
}

/// The records by shard, each checked against its shard's units, a shard
/// read twice kept once when both records agree.
fn one_per_shard<'r>(
    scheme: &Scheme,
    records: &'r [(String, Record)],
) -> Result<BTreeMap<usize, &'r Record>, MergeError> {
    let mut by_shard: BTreeMap<usize, (&String, &Record)> = BTreeMap::new();
    for (name, record) in records {
        let own = scheme
            .units_of(record.shard)
            .map_err(|error| MergeError::Scheme {
                name: name.clone(),
                error,
            })?;
        if !record.units.iter().map(|unit| unit.unit).eq(own) {
            return Err(MergeError::Units {
                name: name.clone(),
                shard: record.shard,
            });
        }
        match by_shard.get(&record.shard) {
            Some((other, seen)) if counted(seen) != counted(record) => {
                return Err(MergeError::Disagree {
                    name: (*other).clone(),
                    other: name.clone(),
                    shard: record.shard,
                });
            }
            Some(_) => {}
            None => {
                by_shard.insert(record.shard, (name, record));
            }
        }
    }
    Ok(by_shard
        .into_iter()
        .map(|(shard, (_, record))| (shard, record))
        .collect())
}

/// What two records of one shard must agree on: every count, unit by
/// unit.
fn counted(record: &Record) -> (u64, u64, ClassCounts, &[UnitCount]) {
    (record.total, record.unique, record.classes, &record.units)
}

/// Increasing indices as `sbatch --array=` takes them: runs of three or
/// more as ranges, `3,17,40-45`.
pub fn array_ranges(indices: &[usize]) -> String {
    let mut text = String::new();
    let mut rest = indices;
    while let Some(&start) = rest.first() {
        let run = rest
            .iter()
            .zip(start..)
            .take_while(|(index, expected)| **index == *expected)
            .count();
        if !text.is_empty() {
            text.push(',');
        }
        let end = start + run - 1;
        let _ = match run {
            1 => write!(text, "{start}"),
            2 => write!(text, "{start},{end}"),
            _ => write!(text, "{start}-{end}"),
        };
        rest = &rest[run..];
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::records;

    /// OEIS A000170 and A002562 for n = 4..=14.
    const COUNTS: [(u64, u64); 11] = [
        (2, 1),
        (10, 2),
        (4, 1),
        (40, 6),
        (92, 12),
        (352, 46),
        (724, 92),
        (2680, 341),
        (14200, 1787),
        (73712, 9233),
        (365596, 45752),
    ];

    #[test]
    fn shards_add_up_to_the_board() {
        for (n, expected) in (4..).zip(COUNTS) {
            for shards in [1, 2, 7, 64] {
                let merged = merge(&records(n, shards)).unwrap();
                assert_eq!((merged.total, merged.unique), expected, "{n}, {shards}");
                assert_eq!(merged.shards, shards);
                assert_eq!(merged.seconds, 0.5 * shards as f64);
            }
        }
    }

    #[test]
    fn missing_shards_are_named_for_sbatch() {
        let mut all = records(9, 7);
        all.remove(5);
        all.remove(2);
        assert_eq!(
            merge(&all),
            Err(MergeError::Incomplete(Missing {
                shards: vec![2, 5],
                of: 7
            }))
        );
        assert_eq!(
            merge(&all).unwrap_err().to_string(),
            "incomplete: 2 of 7 shards missing: 2,5"
        );
        assert_eq!(merge(&[]), Err(MergeError::Empty));
    }

    #[test]
    fn a_shard_twice_is_fine_only_when_both_agree_unit_by_unit() {
        let mut all = records(9, 3);
        all.push(("again.json".to_owned(), all[1].1.clone()));
        let merged = merge(&all).unwrap();
        assert_eq!((merged.total, merged.records), (352, 4));
        assert_eq!(merged.seconds, 1.5, "each shard's seconds counted once");
        all.last_mut().unwrap().1.classes.eight += 1;
        assert_eq!(
            merge(&all).unwrap_err().to_string(),
            "shard-1.json and again.json: two records of shard 1 with different counts"
        );
        // The same sums, spread differently over the units.
        let mut all = records(9, 3);
        let mut moved = all[1].1.clone();
        let first = moved
            .units
            .iter()
            .position(|unit| unit.classes.eight > 0)
            .unwrap();
        moved.units[first].classes.eight -= 1;
        moved.units[first + 1].classes.eight += 1;
        all.push(("moved.json".to_owned(), moved));
        assert_eq!(
            merge(&all).unwrap_err().to_string(),
            "shard-1.json and moved.json: two records of shard 1 with different counts"
        );
    }

    #[test]
    fn mixed_or_foreign_records_are_refused() {
        let mut all = records(9, 3);
        all.push(records(10, 3).remove(0));
        let error = merge(&all).unwrap_err().to_string();
        assert!(
            error.starts_with("shard-0.json: a record of n = 10 in 3 shards (plan "),
            "{error}"
        );
        let mut all = records(9, 3);
        all[2].1.units.pop();
        assert_eq!(
            merge(&all).unwrap_err().to_string(),
            "shard-2.json: shard 2 covers units other than its own"
        );
        let mut all = records(9, 3);
        for (_, record) in &mut all {
            record.plan = "ffffffffffffffff".to_owned();
        }
        let error = merge(&all).unwrap_err().to_string();
        assert!(
            error.starts_with("shard-0.json: plan ffffffffffffffff is not this version's plan"),
            "{error}"
        );
        let mut all = records(9, 3);
        all[1].1.shard = 3;
        assert_eq!(
            merge(&all).unwrap_err().to_string(),
            "shard-1.json: shard 3 of 3: shards are numbered 0 to 2"
        );
    }

    #[test]
    fn sums_past_64_bits_are_refused() {
        let mut all = records(9, 2);
        for (_, record) in &mut all {
            record.classes.eight = u64::MAX / 2;
        }
        assert_eq!(merge(&all), Err(MergeError::Overflow));
    }

    #[test]
    fn ranges_are_written_as_sbatch_reads_them() {
        assert_eq!(array_ranges(&[]), "");
        assert_eq!(array_ranges(&[3]), "3");
        assert_eq!(array_ranges(&[3, 4]), "3,4");
        assert_eq!(array_ranges(&[3, 17, 40, 41, 42, 43, 44, 45]), "3,17,40-45");
        assert_eq!(array_ranges(&[0, 1, 2, 9]), "0-2,9");
    }
}
