//! Units counted one by one, each count kept: what a shard's record holds,
//! and what a merge recounts to check it.
//!
//! Each unit is counted by `queens_bitboard`'s own [`WorkUnits::classify_unit`],
//! the counter's code, handed out one unit at a time to each thread of a
//! pool, as the counter itself hands them out.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use queens_bitboard::{ThreadPoolBuildError, WorkUnits};
use rayon::prelude::*;

use crate::record::UnitCount;

/// Units counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The units counted, in the order asked, each with its classes; those
    /// the stop flag kept from starting are left out.
    pub units: Vec<UnitCount>,
    /// The threads that counted.
    pub threads: usize,
    /// Whether the stop flag left units uncounted.
    pub stopped: bool,
}

/// Counts each of `units` of `plan` on a pool of `threads` threads (0: one
/// per core), unless `stop` is set first: then no unit starts after it, and
/// [`Counted::stopped`] says so. `progress(done, of)` hears each unit
/// finished, `done` going up by one, one call at a time.
///
/// # Errors
///
/// When the pool's threads cannot be started.
///
/// # Panics
///
/// When a unit is past the plan's last: callers count the units of a
/// scheme of this plan.
pub fn count_units(
    plan: &WorkUnits,
    units: &[usize],
    threads: usize,
    stop: &AtomicBool,
    progress: impl Fn(usize, usize) + Sync,
) -> Result<Counted, ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    // Held while `progress` runs, so that the calls come in order.
    let done = Mutex::new(0);
    let count_one = |&unit: &usize| {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let classes = plan
            .classify_unit(unit)
            .unwrap_or_else(|| panic!("unit {unit} of a plan of {} units", plan.len()));
        let mut done = done.lock().unwrap_or_else(PoisonError::into_inner);
        *done += 1;
        progress(*done, units.len());
        Some(UnitCount {
            unit,
            classes: classes.into(),
        })
    };
    let counted: Vec<Option<UnitCount>> =
        pool.install(|| units.par_iter().with_max_len(1).map(count_one).collect());
    let stopped = counted.iter().any(Option::is_none);
    Ok(Counted {
        units: counted.into_iter().flatten().collect(),
        threads: pool.current_num_threads(),
        stopped,
    })
}

#[cfg(test)]
mod tests {
    use queens_bitboard::{Classes, units};

    use super::*;

    #[test]
    fn each_unit_is_counted_as_the_counter_counts_it() {
        let plan = units(10).unwrap();
        let every: Vec<usize> = (0..plan.len()).collect();
        let heard = Mutex::new(Vec::new());
        let never = AtomicBool::new(false);
        let counted = count_units(&plan, &every, 2, &never, |done, of| {
            heard.lock().unwrap().push((done, of));
        })
        .unwrap();
        assert!(!counted.stopped);
        assert_eq!(counted.threads, 2);
        let units: Vec<usize> = counted.units.iter().map(|count| count.unit).collect();
        assert_eq!(units, every);
        let sum = counted
            .units
            .iter()
            .map(|count| Classes::from(count.classes))
            .fold(Classes::default(), Classes::plus);
        assert_eq!(sum.counts().total, 724);
        assert_eq!(sum.counts().unique, 92);
        let heard = heard.into_inner().unwrap();
        let expected: Vec<(usize, usize)> =
            (1..=plan.len()).map(|done| (done, plan.len())).collect();
        assert_eq!(heard, expected);
    }

    #[test]
    fn a_stop_flag_set_before_the_count_counts_nothing() {
        let plan = units(8).unwrap();
        let stop = AtomicBool::new(true);
        let counted = count_units(&plan, &[0, 1, 2], 1, &stop, |_, _| {}).unwrap();
        assert_eq!((counted.units.len(), counted.stopped), (0, true));
    }
}
