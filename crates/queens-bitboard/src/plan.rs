//! Work units: the search by classes cut into many small searches that
//! can be counted apart, in any order, on any machine, and added up.
//!
//! # How units are numbered
//!
//! A unit is one branch of [`Branch::all`] with the queens of its first
//! [`UNIT_ROWS`] rows placed. The units of a board are listed in the order
//! a depth-first search meets them: the corner branches by `b1`, then the
//! side branches by `b1`, and within a branch the placements of the first
//! rows in lexicographic order of their columns. Unit `i` of a board is the
//! same on every machine and in every run, so a record can name the units
//! it covers by their indices `0..len`. (n ≤ 1 has one unit, the whole
//! board.)
//!
//! A unit is counted by walking every subtree three rows below it (see
//! [`crate::walk`]); its tally does not depend on what else is counted, so
//! the sum over all units is the count of the board whatever the order and
//! the number of threads. Memory: the list of units, and per thread the
//! walkers' stacks, a few kilobytes each, sized for n = 64.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use queens_core::{Error, Search};
use rayon::ThreadPoolBuildError;
use rayon::prelude::*;

use crate::Bitboard;
use crate::classes::{Branch, Classes, CornerTally, SideTally};
use crate::count::Counts;
use crate::rules::{Rules, SLOTS, Slot, column};
use crate::walk::{Frontier, Tally, walk_rules};

/// The rows whose queens a unit of [`units`] fixes: 506 units for n = 14,
/// 1,354 for n = 18, enough for a few threads to share evenly.
pub const UNIT_ROWS: usize = 3;

/// The most rows a unit may fix ([`units_with_rows`]): finer units, for
/// sharing a large board among many machines.
pub const MAX_UNIT_ROWS: usize = 8;

/// The largest board [`Plan::count_parallel`] counts in seconds on two
/// cores: n = 18, about 20 s (`cargo run --release -p queens-bitboard
/// --example count 18 symmetry 2`). Each row more takes about seven times
/// as long, which tools use to refuse counts that would take hours.
pub const PRACTICAL_N: usize = 18;

/// How many rows below its fixed rows a unit's walks start: dozens of
/// starts per unit for the walkers to share, so that a unit's last walk,
/// alone, is short (two rows below took 10% longer at n = 16).
const WALK_DEPTH: usize = 3;

/// One work unit: a branch and the columns of its first rows' queens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    branch: Branch,
    /// The columns of the queens of rows `0..rows`.
    columns: [u8; MAX_UNIT_ROWS],
    rows: u8,
}

impl Unit {
    /// The branch the unit belongs to.
    pub fn branch(&self) -> Branch {
        self.branch
    }

    /// The columns of the queens of its first rows, row 0 first: the
    /// branch's fixed queens, then the unit's own.
    pub fn queens(&self) -> impl Iterator<Item = usize> + '_ {
        self.columns[..usize::from(self.rows)]
            .iter()
            .map(|&col| usize::from(col))
    }
}

/// The work units of one board, numbered as the [crate
/// documentation](crate#work-units) says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    n: usize,
    rows: usize,
    units: Vec<Unit>,
}

/// Cuts the search by classes of the `n`×`n` board into work units, each
/// fixing the queens of its first [`UNIT_ROWS`] rows.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
pub fn units(n: usize) -> Result<Plan, Error> {
    units_with_rows(n, UNIT_ROWS)
}

/// Cuts the search by classes of the `n`×`n` board into work units, each
/// fixing the queens of its first `rows` rows (or of every row but the
/// last, on a smaller board), numbered as [`units`] numbers them.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
///
/// # Panics
///
/// When `rows` is 0 or more than [`MAX_UNIT_ROWS`].
pub fn units_with_rows(n: usize, rows: usize) -> Result<Plan, Error> {
    assert!(
        (1..=MAX_UNIT_ROWS).contains(&rows),
        "a unit fixes 1 to {MAX_UNIT_ROWS} rows, not {rows}"
    );
    Bitboard::INFO.check_size(n)?;
    let fixed = rows;
    let mut units = Vec::new();
    for branch in Branch::all(n) {
        if branch == Branch::Whole {
            units.push(Unit {
                branch,
                columns: [0; MAX_UNIT_ROWS],
                rows: 0,
            });
            continue;
        }
        let rules = branch.rules(n);
        let rows = fixed.min(n - 1);
        let mut frontier = Frontier::new(&rules, &[rules.root()], rows);
        while let Some(prefix) = frontier.next_state() {
            let mut columns = [0; MAX_UNIT_ROWS];
            for (row, col) in columns[..rows].iter_mut().enumerate() {
                // A column of a board of at most 64 fits in a byte.
                *col = column(prefix, row) as u8;
            }
            units.push(Unit {
                branch,
                columns,
                rows: rows as u8,
            });
        }
    }
    Ok(Plan {
        n,
        rows: fixed,
        units,
    })
}

impl Plan {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The rows whose queens a unit fixes (fewer on boards too small for
    /// them).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of units.
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// Whether there are no units: n = 2 and 3, which have no solution.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The units, in order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The classes of solutions found by unit `index`, `None` past the last
    /// unit.
    pub fn classify_unit(&self, index: usize) -> Option<Classes> {
        let unit = self.units.get(index)?;
        let mut queens = [0; MAX_UNIT_ROWS];
        let rows = usize::from(unit.rows);
        for (queen, col) in queens.iter_mut().zip(unit.queens()) {
            *queen = col;
        }
        Some(classify_below(
            unit.branch,
            self.n,
            &queens[..rows],
            rows + WALK_DEPTH,
        ))
    }

    /// A random path from unit `index` down to row `depth` (at most the
    /// last row but one), for estimating the cost of a count without making
    /// it: at each row below the unit's own, `choose(k)` picks one of the
    /// row's `k` free columns (it must return less than `k`). `None` past
    /// the last unit, or when a row on the way offers no column: the unit
    /// has no work below that path.
    ///
    /// The probe's [`Probe::weight`] is the product of the rows' choices:
    /// the work below the path, times the weight, is an unbiased estimate
    /// of the unit's work when the choices are uniform (Knuth's estimate of
    /// a search tree, 1975).
    pub fn descend(
        &self,
        index: usize,
        depth: usize,
        mut choose: impl FnMut(u32) -> u32,
    ) -> Option<Probe> {
        let unit = self.units.get(index)?;
        let mut queens: Vec<usize> = unit.queens().collect();
        if unit.branch == Branch::Whole {
            return Some(Probe {
                unit: index,
                queens,
                weight: 1.0,
            });
        }
        let rules = unit.branch.rules(self.n);
        let mut slot = rules.root();
        for (row, &col) in queens.iter().enumerate() {
            slot = rules.child_checked(&slot, 1 << col, row);
        }
        let mut weight = 1.0;
        for row in queens.len()..depth.min(self.n - 1) {
            let choices = slot.free.count_ones();
            if choices == 0 {
                return None;
            }
            let mut free = slot.free;
            for _ in 0..choose(choices) {
                free &= free - 1;
            }
            let bit = free & free.wrapping_neg();
            weight *= f64::from(choices);
            queens.push(bit.trailing_zeros() as usize);
            slot = rules.child_checked(&slot, bit, row);
        }
        Some(Probe {
            unit: index,
            queens,
            weight,
        })
    }

    /// The classes found below a probe's path: its share of the unit's
    /// work, to be weighed by [`Probe::weight`].
    ///
    /// # Panics
    ///
    /// When the probe is not one of this plan's.
    pub fn classify_probe(&self, probe: &Probe) -> Classes {
        let unit = self.units[probe.unit];
        classify_below(
            unit.branch,
            self.n,
            &probe.queens,
            probe.queens.len() + WALK_DEPTH,
        )
    }

    /// The solutions and classes found by unit `index`, `None` past the last
    /// unit.
    pub fn count_unit(&self, index: usize) -> Option<Counts> {
        self.classify_unit(index).map(Classes::counts)
    }

    /// The numbers of solutions and classes of the board: every unit
    /// counted on a pool of `threads` threads (0: one per core), the same
    /// whatever the number of threads. `progress(done, of)` hears each unit
    /// finished, `done` going up by one from 1 to `of`, one call at a time
    /// (the other threads wait for it: keep it short).
    ///
    /// # Errors
    ///
    /// When the pool's threads cannot be started.
    pub fn count_parallel<F>(
        &self,
        threads: usize,
        progress: F,
    ) -> Result<Counts, ThreadPoolBuildError>
    where
        F: Fn(usize, usize) + Sync,
    {
        Ok(self
            .classify_parallel(0..self.len(), threads, progress)?
            .counts())
    }

    /// The classes found by the units `units` together, counted as
    /// [`Plan::count_parallel`] counts them: what a record of those units
    /// holds.
    ///
    /// # Errors
    ///
    /// When the pool's threads cannot be started.
    ///
    /// # Panics
    ///
    /// When `units` reaches past the last unit, as slice indexing does.
    pub fn classify_parallel<F>(
        &self,
        units: Range<usize>,
        threads: usize,
        progress: F,
    ) -> Result<Classes, ThreadPoolBuildError>
    where
        F: Fn(usize, usize) + Sync,
    {
        let never = AtomicBool::new(false);
        let units: Vec<usize> = units.collect();
        Ok(self
            .classify_until(&units, threads, &never, progress)?
            .classes)
    }

    /// The classes found by the units `units` (indices, a shard's for
    /// instance), as [`Plan::classify_parallel`] finds them, unless `stop`
    /// is set first:
    /// then no unit starts after it, the units already started finish, and
    /// [`Tallied::stopped`] says so. This is how Ctrl-C stops a count
    /// within a unit's time, and says what was counted by then.
    ///
    /// # Errors
    ///
    /// When the pool's threads cannot be started.
    ///
    /// # Panics
    ///
    /// When an index is past the last unit, as slice indexing does.
    pub fn classify_until<F>(
        &self,
        units: &[usize],
        threads: usize,
        stop: &AtomicBool,
        progress: F,
    ) -> Result<Tallied, ThreadPoolBuildError>
    where
        F: Fn(usize, usize) + Sync,
    {
        if let Some(past) = units.iter().find(|&&index| index >= self.len()) {
            panic!("unit {past} of a plan of {} units", self.len());
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        let of = units.len();
        // Held while `progress` runs, so that the calls come one at a time
        // with `done` in order.
        let done = Mutex::new(0);
        let tallied = pool.install(|| {
            units
                .par_iter()
                // One unit at a time to each thread: rayon's default split
                // hands out long runs of units, and a thread whose run was
                // cheap sat idle a fifth of a count of n = 17 on two threads
                // (3.24 s against 2.70 s for units handed out one by one).
                .with_max_len(1)
                .map(|&index| {
                    if stop.load(Ordering::Relaxed) {
                        return Tallied::default();
                    }
                    let classes = self
                        .classify_unit(index)
                        .expect("every index of the range is a unit");
                    let mut done = done.lock().unwrap_or_else(PoisonError::into_inner);
                    *done += 1;
                    progress(*done, of);
                    Tallied {
                        classes,
                        units_done: 1,
                        stopped: false,
                    }
                })
                .reduce(Tallied::default, Tallied::plus)
        });
        Ok(Tallied {
            stopped: tallied.units_done < of,
            ..tallied
        })
    }
}

/// A random path below a unit: see [`Plan::descend`].
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    /// The unit.
    pub unit: usize,
    /// The columns of the queens of the first rows: the unit's, then the
    /// path's.
    pub queens: Vec<usize>,
    /// The number of paths the probe stands for: the product of the
    /// choices made on the way.
    pub weight: f64,
}

/// What [`Plan::classify_until`] counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tallied {
    /// The classes found by the units counted.
    pub classes: Classes,
    /// How many units were counted.
    pub units_done: usize,
    /// Whether the stop flag left units uncounted.
    pub stopped: bool,
}

impl Tallied {
    fn plus(self, other: Tallied) -> Tallied {
        Tallied {
            classes: self.classes.plus(other.classes),
            units_done: self.units_done + other.units_done,
            stopped: self.stopped || other.stopped,
        }
    }
}

/// The classes that `branch` of an `n`×`n` board finds below the queens
/// `queens` (the columns of its first rows, none for the whole branch),
/// walked from row `start` (or the last row).
pub(crate) fn classify_below(branch: Branch, n: usize, queens: &[usize], start: usize) -> Classes {
    match branch {
        Branch::Whole => Classes {
            one: 1,
            ..Classes::default()
        },
        Branch::Corner { .. } => {
            let mut tally = CornerTally::default();
            walk_below(&branch.rules(n), queens, start, &mut tally);
            tally.0
        }
        Branch::Side { b1 } => {
            let mut tally = SideTally::new(n, b1);
            walk_below(&branch.rules(n), queens, start, &mut tally);
            tally.classes
        }
    }
}

/// Walks every board under `rules` below the queens `queens` of the first
/// rows, from row `start` (or the last row).
fn walk_below<T: Tally>(rules: &Rules, queens: &[usize], start: usize, tally: &mut T) {
    let mut prefix = [Slot::default(); SLOTS];
    prefix[0] = rules.root();
    for (row, &col) in queens.iter().enumerate() {
        prefix[row + 1] = rules.child_checked(&prefix[row], 1 << col, row);
    }
    let target = start.min(rules.n() - 1).max(queens.len());
    let mut frontier = Frontier::new(rules, &prefix[..=queens.len()], target);
    walk_rules(rules, &mut frontier, tally);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::{Counts, count_with_symmetry};

    #[test]
    fn unit_counts_are_pinned() {
        let lens: Vec<usize> = (8..=12).map(|n| units(n).unwrap().len()).collect();
        assert_eq!(lens, [43, 71, 122, 173, 268]);
        let plan = units(8).unwrap();
        let first = plan.units()[0];
        assert_eq!(first.branch(), Branch::Corner { b1: 2 });
        assert_eq!(first.queens().collect::<Vec<_>>(), [0, 2, 4]);
        // The last side branch keeps the side columns clear of rows 1 and
        // 2: its last unit is (3, 6, 4), not (3, 6, ...) further right.
        let last = plan.units()[plan.len() - 1];
        assert_eq!(last.branch(), Branch::Side { b1: 3 });
        assert_eq!(last.queens().collect::<Vec<_>>(), [3, 6, 4]);
        assert_eq!(units(1).unwrap().units()[0].branch(), Branch::Whole);
        assert!(units(3).unwrap().is_empty());
    }

    #[test]
    fn finer_units_add_up_to_the_same_board() {
        let lens: Vec<usize> = (1..=5)
            .map(|rows| units_with_rows(10, rows).unwrap().len())
            .collect();
        assert_eq!(lens, [11, 29, 122, 423, 1106]);
        for rows in [1, 5, MAX_UNIT_ROWS] {
            let plan = units_with_rows(12, rows).unwrap();
            assert_eq!(plan.rows(), rows);
            let counts = plan.count_parallel(2, |_, _| {}).unwrap();
            assert_eq!(counts.total, 14200, "{rows} rows");
            assert_eq!(counts.unique, 1787, "{rows} rows");
        }
    }

    #[test]
    fn probes_weigh_what_they_stand_for() {
        let plan = units(10).unwrap();
        // Every path below unit 0 down to row 6, one after another as an
        // odometer of picks: the paths split the unit's work between them,
        // and each weighs the product of the choices on its way.
        let whole = plan.count_unit(0).unwrap().total;
        let mut picks: Vec<u32> = Vec::new();
        let (mut sum, mut paths) = (0, 0);
        loop {
            let mut choices = Vec::new();
            let probe = plan.descend(0, 6, |offered| {
                let pick = picks.get(choices.len()).copied().unwrap_or(0);
                choices.push(offered);
                pick
            });
            picks.resize(choices.len(), 0);
            if let Some(probe) = probe {
                assert_eq!(probe.queens[..3], [0, 2, 4]);
                assert_eq!(
                    probe.weight,
                    choices.iter().map(|&k| f64::from(k)).product::<f64>()
                );
                sum += plan.classify_probe(&probe).counts().total;
                paths += 1;
            }
            let Some(last) = (0..picks.len()).rev().find(|&i| picks[i] + 1 < choices[i]) else {
                break;
            };
            picks[last] += 1;
            picks.truncate(last + 1);
        }
        assert!(paths > 1);
        assert_eq!(sum, whole);
        assert_eq!(plan.descend(plan.len(), 5, |_| 0), None);
        let lone = units(1).unwrap();
        assert_eq!(lone.descend(0, 5, |_| 0).unwrap().weight, 1.0);
    }

    #[test]
    fn units_add_up_to_the_board() {
        for n in 0..=12 {
            let plan = units(n).unwrap();
            let sum = (0..plan.len())
                .map(|index| plan.classify_unit(index).unwrap())
                .fold(Classes::default(), Classes::plus);
            assert_eq!(Ok(sum.counts()), count_with_symmetry(n), "n = {n}");
            assert_eq!(plan.count_unit(plan.len()), None);
        }
    }

    #[test]
    fn thread_counts_agree() {
        for n in 8..=12 {
            let plan = units(n).unwrap();
            let expected = count_with_symmetry(n).unwrap();
            for threads in 1..=3 {
                let heard = Mutex::new(Vec::new());
                let counts = plan
                    .count_parallel(threads, |done, of| heard.lock().unwrap().push((done, of)))
                    .unwrap();
                assert_eq!(counts, expected, "n = {n}, {threads} threads");
                let heard = heard.into_inner().unwrap();
                let expected: Vec<_> = (1..=plan.len()).map(|done| (done, plan.len())).collect();
                assert_eq!(heard, expected);
            }
        }
    }

    #[test]
    fn a_set_stop_flag_counts_nothing_more() {
        let plan = units(10).unwrap();
        let stop = AtomicBool::new(false);
        let every: Vec<usize> = (0..plan.len()).collect();
        let whole = plan.classify_until(&every, 2, &stop, |_, _| {}).unwrap();
        assert_eq!(whole.classes.counts().total, 724);
        assert_eq!((whole.units_done, whole.stopped), (plan.len(), false));
        // Set by the first unit's report: on one thread, no unit starts
        // after it.
        let tallied = plan
            .classify_until(&every, 1, &stop, |_, _| stop.store(true, Ordering::Relaxed))
            .unwrap();
        assert_eq!((tallied.units_done, tallied.stopped), (1, true));
        assert_eq!(tallied.classes, plan.classify_unit(0).unwrap());
    }

    #[test]
    fn a_range_of_units_counts_its_part() {
        let plan = units(10).unwrap();
        let half = plan.len() / 2;
        let first = plan.classify_parallel(0..half, 2, |_, _| {}).unwrap();
        let second = plan
            .classify_parallel(half..plan.len(), 1, |_, _| {})
            .unwrap();
        assert_eq!(
            first.plus(second).counts(),
            Counts {
                total: 724,
                unique: 92
            }
        );
    }
}
