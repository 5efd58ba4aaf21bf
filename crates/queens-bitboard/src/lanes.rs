//! Eight searches abreast: the rows inside a frame counted a row at a time
//! for many boards at once, one board per lane of a vector.
//!
//! # Rows in step, not walkers
//!
//! A depth-first walk keeps one path; eight walks side by side would stand
//! on eight different rows, each reading its own row's rules. Here the
//! boards waiting at each inner row are kept in a small queue per row
//! ([`Levels`]), and one pass takes up to [`LANES`] of them from one row:
//! all of them read the same open squares and move their diagonals by the
//! same shift, so one vector instruction serves the eight. A pass places a
//! queen on each board's lowest open square, puts the boards that still
//! have squares back into their row's queue and the children that have one
//! into the next row's, both packed by a table of lane permutations, and
//! counts the children that complete a board. The deepest row holding a
//! full vector goes first, which keeps every queue under three vectors and
//! the lanes nearly all busy (97% of the lanes of n = 14 hold a board).
//!
//! # The last rows
//!
//! [`Ends`] says how the bottom of the search is counted. Plainly, each row
//! is a pass. Early: a child whose row after next is closed already is
//! dropped before it is queued (on the plain tree of n = 14, 18% fewer
//! queens placed), and the last two rows are not queued at all, since two
//! columns are left there: a child of the last row but two is completed on
//! the spot by trying each of its two squares.
//!
//! # Kernels
//!
//! The passes exist twice, in portable Rust on arrays ([`Kernel::Portable`])
//! and with AVX2 instructions ([`Kernel::Avx2`], x86-64 only, chosen at run
//! time when the processor has them). Both run the same passes in the same
//! order, and the tests run both. The lanes are 32 bits wide: boards up to
//! [`MAX_LANE_N`] columns.

#[cfg(target_arch = "x86_64")]
mod avx2;

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::frames::Inner;

/// The boards a pass counts at once: eight lanes of 32 bits, one AVX2
/// vector.
pub(crate) const LANES: usize = 8;

/// The boards a row's queue holds: at most two vectors wait in a row when
/// a pass adds one (see [`Levels::next`]), and a pass writes whole vectors.
const CAP: usize = 4 * LANES;

/// The widest board the lanes hold: one bit per column in 32.
pub(crate) const MAX_LANE_N: usize = 32;

/// The searches whose passes alternate (see [`share`]): two counted n = 16
/// 13% faster than one, three and four slower than two.
const SEARCHES: usize = 2;

/// How many passes go by between two looks at the stop flag: a few
/// milliseconds of work.
const POLL: u32 = 1 << 14;

/// How the last rows are counted (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// Every row a pass.
    Plain,
    /// Children checked two rows ahead, the last two rows completed at
    /// once.
    Early,
}

/// The code that runs the passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Portable Rust, on every processor.
    Portable,
    /// AVX2 vectors, on x86-64 processors that have them.
    Avx2,
}

impl Kernel {
    /// The fastest kernel this processor runs.
    pub fn detect() -> Kernel {
        Kernel::available()
            .last()
            .copied()
            .unwrap_or(Kernel::Portable)
    }

    /// Every kernel this processor runs, the portable one first.
    pub fn available() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        if avx2::Avx2::detect().is_some() {
            kernels.push(Kernel::Avx2);
        }
        kernels
    }
}

/// The inner rows of a frame as the lanes read them: each row's open
/// squares, and the shift of the diagonals to the next row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    depth: usize,
    allow: [u32; MAX_LANE_N],
    shift: [u32; MAX_LANE_N],
}

impl Layout {
    /// The layout of `inner`, the rows of a frame of at most
    /// [`MAX_LANE_N`] columns.
    pub(crate) fn new(inner: &Inner) -> Layout {
        let mut layout = Layout {
            depth: inner.depth,
            allow: [0; MAX_LANE_N],
            shift: [0; MAX_LANE_N],
        };
        for d in 0..inner.depth {
            // Within 32 columns: the caller checks the board size.
            layout.allow[d] = inner.allow[d] as u32;
            if d + 1 < inner.depth {
                layout.shift[d] = inner.shift(d);
            }
        }
        layout
    }
}

/// A board waiting at an inner row: the lines its queens hold through the
/// row, and the row's open squares not yet tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct State {
    pub(crate) cols: u32,
    pub(crate) down: u32,
    pub(crate) up: u32,
    pub(crate) free: u32,
}

/// The queues of boards waiting at each inner row, one array per field so
/// that eight boards load as one vector.
struct Levels {
    cols: [[u32; CAP]; MAX_LANE_N],
    down: [[u32; CAP]; MAX_LANE_N],
    up: [[u32; CAP]; MAX_LANE_N],
    free: [[u32; CAP]; MAX_LANE_N],
    len: [usize; MAX_LANE_N],
    /// Bit `d`: row `d`'s queue holds a board.
    waiting: u32,
    /// Bit `d`: row `d`'s queue holds a full vector.
    full: u32,
}

impl Levels {
    /// Empty queues.
    fn empty() -> Levels {
        Levels {
            cols: [[0; CAP]; MAX_LANE_N],
            down: [[0; CAP]; MAX_LANE_N],
            up: [[0; CAP]; MAX_LANE_N],
            free: [[0; CAP]; MAX_LANE_N],
            len: [0; MAX_LANE_N],
            waiting: 0,
            full: 0,
        }
    }

    /// Empties the queues, then queues `start` alone at inner row `d`
    /// (nothing when it has no open square). The lanes past a queue's
    /// length keep what they held: a pass masks them out.
    fn restart(&mut self, d: usize, start: State) {
        self.len = [0; MAX_LANE_N];
        self.waiting = 0;
        self.full = 0;
        self.cols[d][0] = start.cols;
        self.down[d][0] = start.down;
        self.up[d][0] = start.up;
        self.free[d][0] = start.free;
        self.set_len(d, usize::from(start.free != 0));
    }

    /// The row of the next pass: the deepest holding a full vector, else
    /// the shallowest holding a board (to fill the rows below it); `None`
    /// when every queue is empty. Either way the next row's queue holds
    /// less than a vector, so a pass leaves it under [`CAP`].
    #[inline(always)]
    fn next(&self) -> Option<usize> {
        if self.full != 0 {
            Some(31 - self.full.leading_zeros() as usize)
        } else if self.waiting != 0 {
            Some(self.waiting.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// Takes up to a vector from the end of row `d`'s queue: where they
    /// start, and how many.
    #[inline(always)]
    fn take(&mut self, d: usize) -> (usize, usize) {
        let len = self.len[d & (MAX_LANE_N - 1)];
        let taken = len.min(LANES);
        (len - taken, taken)
    }

    /// Sets the length of row `d`'s queue.
    #[inline(always)]
    fn set_len(&mut self, d: usize, len: usize) {
        let d = d & (MAX_LANE_N - 1);
        self.len[d] = len;
        let bit = 1 << d;
        self.waiting = (self.waiting & !bit) | (u32::from(len > 0) << d);
        self.full = (self.full & !bit) | (u32::from(len >= LANES) << d);
    }
}

/// The complete boards below `start`, a board at inner row `d` of
/// `layout`, counted by `kernel` with the last rows as `ends` says; `None`
/// when `stop` was set first.
pub(crate) fn count_below(
    layout: &Layout,
    d: usize,
    start: State,
    kernel: Kernel,
    ends: Ends,
    stop: &AtomicBool,
) -> Option<u64> {
    if d >= layout.depth {
        return Some(1);
    }
    if d + 1 == layout.depth {
        return Some(u64::from(start.free.count_ones()));
    }
    QUEUES.with_borrow_mut(|levels| {
        share(levels, d, start);
        match (kernel, ends) {
            (Kernel::Portable, Ends::Plain) => drive(levels, stop, |levels, d| {
                portable::pass::<false>(levels, layout, d)
            }),
            (Kernel::Portable, Ends::Early) => drive(levels, stop, |levels, d| {
                portable::pass::<true>(levels, layout, d)
            }),
            #[cfg(target_arch = "x86_64")]
            (Kernel::Avx2, ends) => avx2::Avx2::detect()
                .expect("the AVX2 kernel is chosen only where the processor has AVX2")
                .count(levels, layout, ends, stop),
            #[cfg(not(target_arch = "x86_64"))]
            (Kernel::Avx2, _) => unreachable!("no AVX2 kernel outside x86-64"),
        }
    })
}

thread_local! {
    /// Each thread's queues, kept from one count to the next: 32 KB that
    /// need no clearing, which at n = 14 took a fifth of the count.
    static QUEUES: RefCell<Box<[Levels; SEARCHES]>> =
        RefCell::new(Box::new(std::array::from_fn(|_| Levels::empty())));
}

/// Queues in `levels` the searches that share the work below `start`, a
/// board at inner row `d`: each takes every other open square of its row.
/// Their passes alternate, so that the processor overlaps the one's with
/// the other's (a pass waits on the queue the pass before it wrote).
fn share(levels: &mut [Levels; SEARCHES], d: usize, start: State) {
    let mut free = [0; SEARCHES];
    let mut open = start.free;
    let mut part = 0;
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open ^= bit;
        free[part] |= bit;
        part = (part + 1) % SEARCHES;
    }
    for (levels, free) in levels.iter_mut().zip(free) {
        levels.restart(d, State { free, ..start });
    }
}

/// Runs the passes of both searches in turn until their queues are empty,
/// with the solutions they count; `None` when `stop` was set first.
#[inline(always)]
fn drive(
    levels: &mut [Levels; SEARCHES],
    stop: &AtomicBool,
    mut pass: impl FnMut(&mut Levels, usize) -> u64,
) -> Option<u64> {
    let mut solutions = 0;
    let mut passes = 0u32;
    loop {
        let next = levels.each_ref().map(Levels::next);
        if next.iter().all(Option::is_none) {
            return Some(solutions);
        }
        for (levels, d) in levels.iter_mut().zip(next) {
            if let Some(d) = d {
                solutions += pass(levels, d);
            }
        }
        passes = passes.wrapping_add(1);
        if passes % POLL == 0 && stop.load(Ordering::Relaxed) {
            return None;
        }
    }
}

/// The passes in portable Rust: arrays of eight words, which the compiler
/// may or may not turn into vectors.
mod portable {
    use super::{LANES, Layout, Levels};

    type Lanes = [u32; LANES];

    /// One pass over row `d` (see the module documentation): the
    /// solutions it completes.
    pub(super) fn pass<const EARLY: bool>(levels: &mut Levels, layout: &Layout, d: usize) -> u64 {
        let (base, taken) = levels.take(d);
        let load = |from: &[u32]| -> Lanes { std::array::from_fn(|i| from[base + i]) };
        let (cols, down, up) = (
            load(&levels.cols[d]),
            load(&levels.down[d]),
            load(&levels.up[d]),
        );
        let free: Lanes = std::array::from_fn(|i| {
            if i < taken {
                levels.free[d][base + i]
            } else {
                0
            }
        });
        let bit: Lanes = std::array::from_fn(|i| free[i] & free[i].wrapping_neg());
        let rest: Lanes = std::array::from_fn(|i| free[i] ^ bit[i]);
        let shift = layout.shift[d];
        let next_cols: Lanes = std::array::from_fn(|i| cols[i] | bit[i]);
        let next_down: Lanes = std::array::from_fn(|i| (down[i] | bit[i]) << shift);
        let next_up: Lanes = std::array::from_fn(|i| (up[i] | bit[i]) >> shift);
        let next_free: Lanes = std::array::from_fn(|i| {
            layout.allow[d + 1] & !(next_cols[i] | next_down[i] | next_up[i])
        });
        let depth = layout.depth;
        let ahead = |i: usize| {
            let shift = layout.shift[d + 1];
            layout.allow[d + 2] & !(next_cols[i] | next_down[i] << shift | next_up[i] >> shift)
        };
        let live = |i: usize| {
            bit[i] != 0 && next_free[i] != 0 && (!EARLY || d + 2 >= depth || ahead(i) != 0)
        };
        let mut kept = base;
        for i in 0..LANES {
            levels.cols[d][kept] = cols[i];
            levels.down[d][kept] = down[i];
            levels.up[d][kept] = up[i];
            levels.free[d][kept] = rest[i];
            kept += usize::from(rest[i] != 0);
        }
        levels.set_len(d, kept);
        if d + 2 == depth {
            return (0..LANES).filter(|&i| live(i)).count() as u64;
        }
        if EARLY && d + 3 == depth {
            let shift = layout.shift[d + 1];
            let last = layout.allow[d + 2];
            let completes = |i: usize, square: u32| {
                let taken = (next_cols[i] | square)
                    | (next_down[i] | square) << shift
                    | (next_up[i] | square) >> shift;
                square != 0 && last & !taken != 0
            };
            return (0..LANES)
                .filter(|&i| live(i))
                .map(|i| {
                    let first = next_free[i] & next_free[i].wrapping_neg();
                    u64::from(completes(i, first)) + u64::from(completes(i, next_free[i] ^ first))
                })
                .sum();
        }
        let mut queued = levels.len[d + 1];
        for i in 0..LANES {
            levels.cols[d + 1][queued] = next_cols[i];
            levels.down[d + 1][queued] = next_down[i];
            levels.up[d + 1][queued] = next_up[i];
            levels.free[d + 1][queued] = next_free[i];
            queued += usize::from(live(i));
        }
        levels.set_len(d + 1, queued);
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frames::Frame;

    /// The boards below `state` at inner row `d`, by plain recursion.
    fn recount(layout: &Layout, d: usize, state: State) -> u64 {
        if d + 1 >= layout.depth {
            return if d >= layout.depth {
                1
            } else {
                u64::from(state.free.count_ones())
            };
        }
        let mut free = state.free;
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            count += recount(layout, d + 1, child(layout, d, state, bit));
        }
        count
    }

    /// The board below `state` (inner row `d`) with a queen on `bit`.
    fn child(layout: &Layout, d: usize, state: State, bit: u32) -> State {
        let shift = layout.shift[d];
        let cols = state.cols | bit;
        let down = (state.down | bit) << shift;
        let up = (state.up | bit) >> shift;
        State {
            cols,
            down,
            up,
            free: layout.allow[d + 1] & !(cols | down | up),
        }
    }

    /// The root state of a frame's inner rows.
    fn root(layout: &Layout) -> State {
        State {
            free: layout.allow[0],
            ..State::default()
        }
    }

    #[test]
    fn every_kernel_and_ending_counts_what_a_recursion_counts() {
        let never = AtomicBool::new(false);
        for n in 5..=12 {
            for frame in Frame::all(n) {
                let layout = Layout::new(&frame.inner(n));
                let expected = recount(&layout, 0, root(&layout));
                for kernel in Kernel::available() {
                    for ends in [Ends::Plain, Ends::Early] {
                        let counted = count_below(&layout, 0, root(&layout), kernel, ends, &never);
                        assert_eq!(
                            counted,
                            Some(expected),
                            "n = {n}, {frame:?}, {kernel:?}, {ends:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_set_stop_flag_stops_a_long_count() {
        let stop = AtomicBool::new(true);
        // The first frame of n = 20 takes some hundred thousand passes.
        let frame = Frame::all(20)[0];
        let layout = Layout::new(&frame.inner(20));
        for kernel in Kernel::available() {
            assert_eq!(
                count_below(&layout, 0, root(&layout), kernel, Ends::Early, &stop),
                None
            );
        }
        // A count shorter than one poll finishes all the same.
        let small = Layout::new(&Frame::all(8)[0].inner(8));
        assert!(
            count_below(
                &small,
                0,
                root(&small),
                Kernel::Portable,
                Ends::Plain,
                &stop
            )
            .is_some()
        );
    }

    #[test]
    fn queues_pick_the_deepest_full_row() {
        let mut levels = Levels::empty();
        levels.restart(
            2,
            State {
                free: 1,
                ..State::default()
            },
        );
        assert_eq!(levels.next(), Some(2));
        levels.set_len(3, LANES);
        levels.set_len(5, LANES - 1);
        assert_eq!(levels.next(), Some(3));
        levels.set_len(3, 0);
        assert_eq!(levels.next(), Some(2));
        assert_eq!(levels.take(5), (0, LANES - 1));
        levels.set_len(2, 0);
        levels.set_len(5, 0);
        assert_eq!(levels.next(), None);
    }
}
