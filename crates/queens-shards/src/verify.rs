//! The recount that lets a merge prove its records: a random share of
//! every record's units, drawn when merging, counted again here and
//! compared unit by unit with what the record says.
//!
//! The units are drawn with a generator the caller seeds (the merge seeds
//! it from the operating system), so a node that writes a record cannot
//! know which of its units will be recounted: a record with `k` false
//! units escapes a recount of a fraction `f` with probability at most
//! `(1 - f)^k`, and a fraction of 1 recounts everything.

use std::sync::atomic::AtomicBool;

use queens_bitboard::{ThreadPoolBuildError, WorkUnits};
use rand::Rng;

use crate::count::count_units;
use crate::record::{ClassCounts, Record};

/// What a recount found: every unit drawn as its record says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recounted {
    /// The units recounted, over every record.
    pub units: usize,
}

/// Why a recount does not vouch for the records.
#[derive(Debug, thiserror::Error)]
pub enum RecountError {
    /// A unit recounts to other classes than its record says.
    #[error(
        "{name}: unit {unit} of shard {shard} recounts to {recounted}, but the record says \
         {recorded}: the record is false (forged, or counted wrong by its node)"
    )]
    Differs {
        /// The record, as the caller calls it.
        name: String,
        /// Its shard.
        shard: usize,
        /// The unit.
        unit: usize,
        /// What the record says.
        recorded: ClassCounts,
        /// What the recount found.
        recounted: ClassCounts,
    },
    /// The stop flag was set before every unit drawn was recounted.
    #[error("the recount was stopped after {done} of {of} units")]
    Stopped {
        /// Units recounted.
        done: usize,
        /// Units drawn.
        of: usize,
    },
    /// The recount's threads could not be started.
    #[error("cannot start the recount's threads: {0}")]
    Threads(#[from] ThreadPoolBuildError),
}

/// How many of `units` units a recount of `fraction` draws: the fraction
/// rounded up, so that every record with units gets at least one drawn.
fn drawn(units: usize, fraction: f64) -> usize {
    // A fraction that is no number draws one, as the smallest would.
    let share = (fraction * units as f64).ceil();
    (share as usize).clamp(units.min(1), units)
}

/// Recounts a random `fraction` (above 0, at most 1) of the units of each
/// of `records`, each with the name to call it by, drawn with `rng`, on
/// `threads` threads (0: one per core); `progress` hears each unit done.
/// The records must be of `plan`'s scheme and cover their own shards'
/// units, as [`crate::merge`](fn@crate::merge) checks.
///
/// # Errors
///
/// The first unit, in the order of the records and their units, that
/// recounts to other classes than its record says; or the recount stopped
/// by `stop`, or unable to start its threads.
pub fn recount(
    plan: &WorkUnits,
    records: &[(String, Record)],
    fraction: f64,
    rng: &mut impl Rng,
    threads: usize,
    stop: &AtomicBool,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Recounted, RecountError> {
    // (record, position of the unit in it), in the order of the records and
    // of their units.
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    for (index, (_, record)) in records.iter().enumerate() {
        let units = record.units.len();
        let mut positions = rand::seq::index::sample(rng, units, drawn(units, fraction)).into_vec();
        positions.sort_unstable();
        chosen.extend(positions.into_iter().map(|position| (index, position)));
    }
    let units: Vec<usize> = chosen
        .iter()
        .map(|&(index, position)| records[index].1.units[position].unit)
        .collect();
    let counted = count_units(plan, &units, threads, stop, progress)?;
    if counted.stopped {
        return Err(RecountError::Stopped {
            done: counted.units.len(),
            of: units.len(),
        });
    }
    for (&(index, position), recounted) in chosen.iter().zip(&counted.units) {
        let (name, record) = &records[index];
        let unit = record.units[position];
        if unit.classes != recounted.classes {
            return Err(RecountError::Differs {
                name: name.clone(),
                shard: record.shard,
                unit: unit.unit,
                recorded: unit.classes,
                recounted: recounted.classes,
            });
        }
    }
    Ok(Recounted { units: units.len() })
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::Scheme;
    use crate::tests::records;

    #[test]
    fn the_share_drawn_rounds_up_to_one_unit_at_least() {
        assert_eq!(drawn(0, 0.5), 0);
        assert_eq!(drawn(10, 0.01), 1);
        assert_eq!(drawn(10, 0.25), 3);
        assert_eq!(drawn(10, 1.0), 10);
        assert_eq!(drawn(10, f64::NAN), 1);
    }

    /// A recount of `fraction` of `records` of n = `n` in `shards`, on two
    /// threads, stopped from the start when `stopped`.
    fn recounted(
        (n, shards): (usize, usize),
        records: &[(String, Record)],
        fraction: f64,
        stopped: bool,
    ) -> Result<Recounted, RecountError> {
        let scheme = Scheme::new(n, shards).unwrap();
        let stop = AtomicBool::new(stopped);
        let mut rng = SmallRng::seed_from_u64(1);
        recount(
            scheme.plan(),
            records,
            fraction,
            &mut rng,
            2,
            &stop,
            |_, _| {},
        )
    }

    #[test]
    fn true_records_recount_as_they_say() {
        let all = records(9, 3);
        let recounted = recounted((9, 3), &all, 0.5, false);
        let units: usize = all
            .iter()
            .map(|(_, record)| drawn(record.units.len(), 0.5))
            .sum();
        assert_eq!(recounted.unwrap(), Recounted { units });
    }

    #[test]
    fn a_false_unit_is_named_with_its_record() {
        let mut all = records(9, 3);
        let unit = &mut all[2].1.units[4];
        unit.classes.eight += 1;
        let false_unit = unit.unit;
        let error = recounted((9, 3), &all, 1.0, false).unwrap_err();
        assert_eq!(false_unit, 14);
        assert_eq!(
            error.to_string(),
            "shard-2.json: unit 14 of shard 2 recounts to 16 solutions (classes of 8, 4, 2, 1: \
             2, 0, 0, 0), but the record says 24 solutions (classes of 8, 4, 2, 1: 3, 0, 0, 0): \
             the record is false (forged, or counted wrong by its node)"
        );
    }

    #[test]
    fn a_stopped_recount_vouches_for_nothing() {
        let error = recounted((8, 2), &records(8, 2), 1.0, true).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the recount was stopped after 0 of 76 units"
        );
    }
}
