//! Work units: the search by frames cut into many small searches that can
//! be counted apart, in any order, on any machine, and added up.
//!
//! # How units are numbered
//!
//! A unit is one frame of [`Frame::all`] with the queens of its first
//! inner rows placed: none by default ([`UNIT_ROWS`]), a whole frame, or
//! up to [`MAX_UNIT_ROWS`] for the finer units of many shards. The units of
//! a board are listed frame by frame in [`Frame::all`]'s order, and within
//! a frame by the columns of those queens in lexicographic order. Unit `i`
//! of a board is the same on every machine and in every run, so a record
//! can name the units it covers by their indices `0..len`. (n ≤ 1 has one
//! unit, the whole board.)
//!
//! A unit's tally does not depend on what else is counted, so the sum over
//! all units is the count of the board whatever the order and the number
//! of threads. Memory: the list of frames and units, and per thread the
//! queues of the lanes (16 KB) or the walkers' stacks.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use queens_core::{Error, Search};
use rayon::ThreadPoolBuildError;
use rayon::prelude::*;

use crate::Bitboard;
use crate::classes::{Classes, Counts, Eights};
use crate::frames::{Frame, Inner, Lines, SymmetricClasses};
use crate::lanes::{self, Ends, Kernel, Layout, MAX_LANE_N};
use crate::rules::MAX_N;
use crate::walk::walk_below;

/// The inner rows whose queens a unit of [`units`] places: none, a unit is
/// a whole frame (4,319 units for n = 17, 7,432 for n = 19), which two
/// threads share evenly (the largest frame of n = 16 holds 0.25% of the
/// work).
pub const UNIT_ROWS: usize = 0;

/// The most inner rows a unit may fix ([`units_with_rows`]): finer units,
/// for sharing a large board among many machines.
pub const MAX_UNIT_ROWS: usize = 8;

/// The largest board [`WorkUnits::count_parallel`] counts in seconds on two
/// cores: n = 19 (`cargo xtask peers --counter` times it). Each row more
/// takes about seven times as long, which tools use to refuse counts that
/// would take hours.
pub const PRACTICAL_N: usize = 19;

/// How a plan counts inside its frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inside {
    /// The row-by-row walk ([the crate documentation](crate#a-walk-without-guesses)),
    /// one board at a time.
    Walk,
    /// Many boards abreast ([the crate documentation](crate#lanes)) where
    /// the frame allows: no
    /// symmetry keeps it (else its boards are compared with their images,
    /// one at a time) and the board has at most 32 columns.
    Lanes(Kernel, Ends),
}

impl Inside {
    /// The fastest way on this processor.
    pub fn fastest() -> Inside {
        Inside::Lanes(Kernel::detect(), Ends::Early)
    }
}

/// One work unit: a frame and the columns of its first inner rows' queens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// The frame's index in the plan; `None` for the whole board of n ≤ 1.
    frame: Option<u32>,
    /// The columns of the queens of inner rows `0..rows`.
    columns: [u8; MAX_UNIT_ROWS],
    rows: u8,
}

impl Unit {
    /// The index of the unit's frame in [`WorkUnits::frames`]; `None` for the
    /// whole board of n ≤ 1, which has no frame.
    pub fn frame(&self) -> Option<usize> {
        self.frame.map(|frame| frame as usize)
    }

    /// The columns of the queens the unit places in the frame's first
    /// inner rows, the first inner row first.
    pub fn queens(&self) -> impl Iterator<Item = usize> + '_ {
        self.columns[..usize::from(self.rows)]
            .iter()
            .map(|&col| usize::from(col))
    }
}

/// The work units of one board, numbered as the [crate
/// documentation](crate#work-units) says, and how they are counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkUnits {
    n: usize,
    rows: usize,
    frames: Vec<Frame>,
    units: Vec<Unit>,
    inside: Inside,
}

/// Cuts the search of the `n`×`n` board into work units, each a whole
/// frame ([`UNIT_ROWS`]), counted the fastest way ([`Inside::fastest`]).
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
pub fn units(n: usize) -> Result<WorkUnits, Error> {
    units_with_rows(n, UNIT_ROWS)
}

/// Cuts the search of the `n`×`n` board into work units, each a frame with
/// the queens of its first `rows` inner rows placed (or of every inner row
/// but the last, in a frame with fewer), numbered as [`units`] numbers
/// them.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
///
/// # Panics
///
/// When `rows` is more than [`MAX_UNIT_ROWS`].
pub fn units_with_rows(n: usize, rows: usize) -> Result<WorkUnits, Error> {
    assert!(
        rows <= MAX_UNIT_ROWS,
        "a unit fixes 0 to {MAX_UNIT_ROWS} inner rows, not {rows}"
    );
    Bitboard::INFO.check_size(n)?;
    let mut plan = WorkUnits {
        n,
        rows,
        frames: Vec::new(),
        units: Vec::new(),
        inside: Inside::fastest(),
    };
    if n <= 1 {
        plan.units.push(Unit {
            frame: None,
            columns: [0; MAX_UNIT_ROWS],
            rows: 0,
        });
        return Ok(plan);
    }
    plan.frames = Frame::all(n);
    for (index, frame) in plan.frames.iter().enumerate() {
        let inner = frame.inner(n);
        let fixed = rows.min(inner.depth.saturating_sub(1));
        let mut columns = [0; MAX_UNIT_ROWS];
        list_prefixes(
            &inner,
            fixed,
            0,
            Lines::default(),
            &mut columns,
            &mut |columns| {
                plan.units.push(Unit {
                    // Fewer than 2^32 frames: a board of at most 64 has fewer
                    // than 64^4.
                    frame: Some(index as u32),
                    columns,
                    rows: fixed as u8,
                });
            },
        );
    }
    Ok(plan)
}

/// Lists, depth first, the columns of the queens of inner rows `d..fixed`
/// below `lines` (the queens of rows `0..d` are in `columns`) whose next
/// row still has an open square.
fn list_prefixes(
    inner: &Inner,
    fixed: usize,
    d: usize,
    lines: Lines,
    columns: &mut [u8; MAX_UNIT_ROWS],
    found: &mut impl FnMut([u8; MAX_UNIT_ROWS]),
) {
    let mut open = if d < inner.depth {
        inner.open(d, lines)
    } else {
        0
    };
    if d == fixed {
        if open != 0 || d == inner.depth {
            found(*columns);
        }
        return;
    }
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open ^= bit;
        // A column of a board of at most 64 fits in a byte.
        columns[d] = bit.trailing_zeros() as u8;
        list_prefixes(
            inner,
            fixed,
            d + 1,
            inner.below(d, lines, bit),
            columns,
            found,
        );
    }
}

impl WorkUnits {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The inner rows whose queens a unit places (fewer in frames too
    /// small for them).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The most inner rows a frame of the board leaves to search: n − 3
    /// (a corner queen stands on two edges), 0 for n ≤ 1.
    pub fn inner_rows(&self) -> usize {
        self.n.saturating_sub(3)
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

    /// The frames, one of each class, in order.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// The same units, counted as `inside` says.
    #[must_use]
    pub fn inside(self, inside: Inside) -> WorkUnits {
        WorkUnits { inside, ..self }
    }

    /// The classes of solutions found by unit `index`, `None` past the last
    /// unit.
    pub fn classify_unit(&self, index: usize) -> Option<Classes> {
        let never = AtomicBool::new(false);
        self.classify_unit_until(index, &never)
    }

    /// The classes of unit `index`, `None` past the last unit or when
    /// `stop` is set before the unit is done.
    fn classify_unit_until(&self, index: usize, stop: &AtomicBool) -> Option<Classes> {
        let unit = self.units.get(index)?;
        let queens: Vec<usize> = unit.queens().collect();
        self.classify_below(unit, &queens, stop)
    }

    /// The classes below the queens `queens` of the first inner rows of
    /// `unit`'s frame; `None` when `stop` is set first.
    fn classify_below(&self, unit: &Unit, queens: &[usize], stop: &AtomicBool) -> Option<Classes> {
        let Some(frame) = unit.frame() else {
            return Some(Classes {
                one: 1,
                ..Classes::default()
            });
        };
        let frame = &self.frames[frame];
        let inner = frame.inner(self.n);
        let lines = inner
            .after(queens)
            .expect("a unit's or a probe's queens are open squares");
        match self.inside {
            Inside::Lanes(kernel, ends) if !frame.is_symmetric() && self.n <= MAX_LANE_N => {
                let d = queens.len();
                // Within 32 columns: the guard above.
                let start = lanes::State {
                    cols: lines.cols as u32,
                    down: lines.down as u32,
                    up: lines.up as u32,
                    free: if d < inner.depth {
                        inner.open(d, lines) as u32
                    } else {
                        0
                    },
                };
                let layout = Layout::new(&inner);
                let boards = lanes::count_below(&layout, d, start, kernel, ends, stop)?;
                Some(Classes {
                    eight: boards,
                    ..Classes::default()
                })
            }
            _ => walk_frame(frame, self.n, &inner, queens, stop),
        }
    }

    /// A random path from unit `index` down to inner row `depth` of its
    /// frame (at most the last inner row but one), for estimating the cost
    /// of a count without making it: at each inner row below the unit's
    /// own, `choose(k)` picks one of the row's `k` open columns (it must
    /// return less than `k`). `None` past the last unit, or when a row on
    /// the way offers no column: the unit has no work below that path.
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
        let mut weight = 1.0;
        if let Some(frame) = unit.frame() {
            let inner = self.frames[frame].inner(self.n);
            let mut lines = inner.after(&queens)?;
            for d in queens.len()..depth.min(inner.depth.saturating_sub(1)) {
                let mut open = inner.open(d, lines);
                let choices = open.count_ones();
                if choices == 0 {
                    return None;
                }
                for _ in 0..choose(choices) {
                    open &= open - 1;
                }
                let bit = open & open.wrapping_neg();
                weight *= f64::from(choices);
                queens.push(bit.trailing_zeros() as usize);
                lines = inner.below(d, lines, bit);
            }
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
        let never = AtomicBool::new(false);
        self.classify_below(&self.units[probe.unit], &probe.queens, &never)
            .expect("a count that nothing stops")
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
    /// [`WorkUnits::count_parallel`] counts them: what a record of those units
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
    /// instance), as [`WorkUnits::classify_parallel`] finds them, unless `stop`
    /// is set first: then the units being counted stop within a few
    /// milliseconds and are left out with those not started, and
    /// [`Tallied::stopped`] says so. This is how Ctrl-C stops a count at
    /// once, and says what was counted by then.
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
                // (with the earlier units of Takaken's branches: 3.24 s
                // against 2.70 s for units handed out one by one).
                .with_max_len(1)
                .map(|&index| {
                    if stop.load(Ordering::Relaxed) {
                        return Tallied::default();
                    }
                    let Some(classes) = self.classify_unit_until(index, stop) else {
                        return Tallied::default();
                    };
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

/// A random path below a unit: see [`WorkUnits::descend`].
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    /// The unit.
    pub unit: usize,
    /// The columns of the queens of the frame's first inner rows: the
    /// unit's, then the path's.
    pub queens: Vec<usize>,
    /// The number of paths the probe stands for: the product of the
    /// choices made on the way.
    pub weight: f64,
}

/// What [`WorkUnits::classify_until`] counted.
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

/// How many rows below its placed rows a frame's walk starts: dozens of
/// starts for the walkers to share.
const WALK_DEPTH: usize = 4;

/// The classes inside `frame` of an `n`×`n` board below the queens
/// `queens` of its first inner rows, walked one board at a time; `None`
/// when `stop` is set first.
fn walk_frame(
    frame: &Frame,
    n: usize,
    inner: &Inner,
    queens: &[usize],
    stop: &AtomicBool,
) -> Option<Classes> {
    // The columns of the board's rows down to the last inner row placed:
    // the frame's queens among them, and the unit's.
    let last = queens
        .len()
        .checked_sub(1)
        .map_or(0, |d| usize::from(inner.rows[d]));
    let mut placed = [0; MAX_N];
    for &(row, col) in frame.queens() {
        if usize::from(row) <= last {
            placed[usize::from(row)] = usize::from(col);
        }
    }
    for (d, &col) in queens.iter().enumerate() {
        placed[usize::from(inner.rows[d])] = col;
    }
    let placed = &placed[..=last];
    let rules = frame.rules(n);
    let start = placed.len() + WALK_DEPTH;
    if frame.is_symmetric() {
        let mut counter = SymmetricClasses::new(frame, n);
        walk_below(&rules, placed, start, &mut counter, stop).then_some(counter.classes)
    } else {
        let mut counter = Eights::default();
        walk_below(&rules, placed, start, &mut counter, stop).then_some(counter.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classes::Counts;
    use crate::count_with_symmetry;

    #[test]
    fn unit_counts_are_pinned() {
        let lens: Vec<usize> = (8..=12).map(|n| units(n).unwrap().len()).collect();
        assert_eq!(lens, [76, 147, 272, 452, 730]);
        // The frames of n = 17, which the crate's essay quotes.
        assert_eq!(units(17).unwrap().len(), 4_319);
        let plan = units(8).unwrap();
        let first = plan.units()[0];
        assert_eq!(first.frame(), Some(0));
        assert_eq!(first.queens().count(), 0);
        // The first class of frames, (0, 0), (1, 7), (7, 2), searched as its
        // member with the fewest open squares at the top.
        assert_eq!(plan.frames()[0].queens(), [(0, 1), (5, 7), (7, 0)]);
        assert_eq!(units(1).unwrap().units()[0].frame(), None);
        assert!(units(3).unwrap().is_empty());
    }

    #[test]
    fn finer_units_add_up_to_the_same_board() {
        let lens: Vec<usize> = (0..=5)
            .map(|rows| units_with_rows(10, rows).unwrap().len())
            .collect();
        assert_eq!(lens, [272, 803, 1202, 1103, 609, 189]);
        for rows in [0, 1, 5, MAX_UNIT_ROWS] {
            let plan = units_with_rows(12, rows).unwrap();
            assert_eq!(plan.rows(), rows);
            let counts = plan.count_parallel(2, |_, _| {}).unwrap();
            assert_eq!(counts.total, 14200, "{rows} rows");
            assert_eq!(counts.unique, 1787, "{rows} rows");
        }
    }

    #[test]
    fn probes_weigh_what_they_stand_for() {
        let plan = units(12).unwrap();
        // Every path below a unit down to inner row 4, one after another
        // as an odometer of picks: the paths split the unit's work between
        // them, and each weighs the product of the choices on its way.
        let unit = plan.len() / 2;
        let whole = plan.count_unit(unit).unwrap().total;
        let mut picks: Vec<u32> = Vec::new();
        let (mut sum, mut paths) = (0, 0);
        loop {
            let mut choices = Vec::new();
            let probe = plan.descend(unit, 4, |offered| {
                let pick = picks.get(choices.len()).copied().unwrap_or(0);
                choices.push(offered);
                pick
            });
            picks.resize(choices.len(), 0);
            if let Some(probe) = probe {
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
    fn units_add_up_to_the_board_however_counted() {
        let mut insides = vec![Inside::Walk];
        for kernel in Kernel::available() {
            insides.push(Inside::Lanes(kernel, Ends::Plain));
            insides.push(Inside::Lanes(kernel, Ends::Early));
        }
        for n in 0..=12 {
            for &inside in &insides {
                let plan = units(n).unwrap().inside(inside);
                let sum = (0..plan.len())
                    .map(|index| plan.classify_unit(index).unwrap())
                    .fold(Classes::default(), Classes::plus);
                assert_eq!(
                    Ok(sum.counts()),
                    count_with_symmetry(n),
                    "n = {n}, {inside:?}"
                );
                assert_eq!(plan.count_unit(plan.len()), None);
            }
        }
    }

    #[test]
    fn any_order_gives_the_same_classes() {
        let plan = units(11).unwrap();
        let forward: Vec<usize> = (0..plan.len()).collect();
        let backward: Vec<usize> = forward.iter().rev().copied().collect();
        let never = AtomicBool::new(false);
        let count = |order: &[usize], threads| {
            plan.classify_until(order, threads, &never, |_, _| {})
                .unwrap()
                .classes
        };
        let expected = crate::classify(11).unwrap();
        assert_eq!(count(&forward, 1), expected);
        assert_eq!(count(&backward, 3), expected);
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
