//! Sixteen searches abreast: the rows inside a frame counted a row at a
//! time for many boards at once, one board per lane of a vector.
//!
//! # Rows in step, not walkers
//!
//! A depth-first walk keeps one path; sixteen walks side by side would
//! stand on sixteen different rows, each reading its own row's rules. Here
//! the boards waiting at each inner row are kept in a small queue per row
//! ([`Levels`]), and one pass takes up to [`LANES`] of them from one row:
//! all of them read the same open squares and move their diagonals by the
//! same shift, so one vector instruction serves them all. A pass places a
//! queen on each board's lowest open square, puts the boards that still
//! have squares back into their row's queue and the children that have one
//! into the next row's, both packed by a table of lane permutations, and
//! counts the children that complete a board. The deepest row holding a
//! full vector goes first, which keeps every queue under two vectors and
//! the lanes mostly busy (85% of the lanes of n = 14 hold a board).
//!
//! Sixteen lanes rather than eight: the bookkeeping of a pass (which row,
//! how many boards, where they go) costs as much for either, and the
//! vector work is a small part of a pass. With sixteen, and the bounds of
//! every queue proved by masks instead of checked, a count of n = 15 took
//! 379 million instructions in the passes instead of 694 million.
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
//! The pass is written once ([`define_pass`]) over a handful of lane
//! operations, which exist twice: in portable Rust on arrays
//! ([`Kernel::Portable`]) and with AVX2 instructions ([`Kernel::Avx2`],
//! x86-64 only, chosen at run time when the processor has them). Both run
//! the same passes in the same order, and the tests run both. The lanes
//! are 32 bits wide: boards up to [`MAX_LANE_N`] columns.

#[cfg(target_arch = "x86_64")]
mod avx2;

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::frames::Inner;

/// The boards a pass counts at once: sixteen lanes of 32 bits, two AVX2
/// vectors.
pub(crate) const LANES: usize = 16;

/// The widest board the lanes hold: one bit per column in 32.
pub(crate) const MAX_LANE_N: usize = 32;

/// The inner rows a frame of at most [`MAX_LANE_N`] columns has, and the
/// queues the lanes keep; a power of two, so that a row masked with
/// `ROWS - 1` is in bounds without a check.
const ROWS: usize = MAX_LANE_N;

/// The boards a row's queue holds. A row holds less than two vectors (see
/// [`Levels::next`]), and a pass reads and writes whole vectors from a
/// start under one vector; a vector is stored as two halves, the second
/// where the first one's kept lanes end, which may reach half a vector
/// further.
const SLOTS: usize = 2 * LANES + LANES / 2;

/// The searches whose passes alternate (see [`share`]): two counted n = 16
/// 13% faster than one, three and four slower than two.
const SEARCHES: usize = 2;

/// How many passes go by between two looks at the stop flag: a few
/// milliseconds of work.
const POLL: u32 = 1 << 13;

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
    allow: [u32; ROWS],
    shift: [u32; ROWS],
}

impl Layout {
    /// The layout of `inner`, the rows of a frame of at most
    /// [`MAX_LANE_N`] columns.
    pub(crate) fn new(inner: &Inner) -> Layout {
        let mut layout = Layout {
            depth: inner.depth,
            allow: [0; ROWS],
            shift: [0; ROWS],
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

/// The boards waiting at one inner row, one array per field so that a
/// vector of boards loads as one vector per field.
#[derive(Clone, Copy)]
struct Queue {
    cols: [u32; SLOTS],
    down: [u32; SLOTS],
    up: [u32; SLOTS],
    free: [u32; SLOTS],
}

/// The queues of boards waiting at each inner row.
struct Levels {
    rows: [Queue; ROWS],
    len: [usize; ROWS],
    /// Bit `d`: row `d`'s queue holds a board.
    waiting: u32,
    /// Bit `d`: row `d`'s queue holds a full vector.
    full: u32,
}

impl Levels {
    /// Empty queues.
    fn empty() -> Levels {
        Levels {
            rows: [Queue {
                cols: [0; SLOTS],
                down: [0; SLOTS],
                up: [0; SLOTS],
                free: [0; SLOTS],
            }; ROWS],
            len: [0; ROWS],
            waiting: 0,
            full: 0,
        }
    }

    /// Empties the queues, then queues `start` alone at inner row `d`
    /// (nothing when it has no open square). The lanes past a queue's
    /// length keep what they held: a pass masks them out.
    fn restart(&mut self, d: usize, start: State) {
        self.len = [0; ROWS];
        self.waiting = 0;
        self.full = 0;
        let row = &mut self.rows[d];
        row.cols[0] = start.cols;
        row.down[0] = start.down;
        row.up[0] = start.up;
        row.free[0] = start.free;
        self.set_len(d, usize::from(start.free != 0));
    }

    /// The row of the next pass: the deepest holding a full vector, else
    /// the shallowest holding a board (to fill the rows below it); `None`
    /// when every queue is empty. Either way the rows below it hold less
    /// than a vector, so a pass leaves the next row under two, and a queue
    /// is never longer than two vectors less one board.
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
    /// start (under one vector, see [`Levels::next`]), and a mask of the
    /// lanes that hold a board.
    #[inline(always)]
    fn take(&self, d: usize) -> (usize, u32) {
        let len = self.len[d & (ROWS - 1)];
        let taken = len.min(LANES);
        ((len - taken) & (LANES - 1), lanes_below(taken))
    }

    /// Sets the length of row `d`'s queue.
    #[inline(always)]
    fn set_len(&mut self, d: usize, len: usize) {
        let d = d & (ROWS - 1);
        self.len[d] = len;
        let bit = 1 << d;
        self.waiting = (self.waiting & !bit) | (u32::from(len > 0) << d);
        self.full = (self.full & !bit) | (u32::from(len >= LANES) << d);
    }

    /// Sets the lengths of the queues of row `d` (not the last) and the
    /// row below it, in one update of the masks.
    #[inline(always)]
    fn set_lens(&mut self, d: usize, len: usize, below: usize) {
        let d = d & (ROWS - 1);
        self.len[d] = len;
        self.len[(d + 1) & (ROWS - 1)] = below;
        let two = 3 << d;
        let waiting = u32::from(len > 0) | u32::from(below > 0) << 1;
        let full = u32::from(len >= LANES) | u32::from(below >= LANES) << 1;
        self.waiting = (self.waiting & !two) | waiting << d;
        self.full = (self.full & !two) | full << d;
    }
}

/// The mask of the first `count` lanes (at most [`LANES`]).
#[inline(always)]
fn lanes_below(count: usize) -> u32 {
    (1u32 << count) - 1
}

/// Defines `pass`, one pass over a row (see the module documentation),
/// from the lane operations in scope: the vector `V` of [`LANES`] words,
/// `load`, `store` of the lanes that a `compaction` of a mask keeps, the
/// bitwise `or`, `xor` and `open`, `lowest`, `shl`, `shr`, and `zeros`,
/// the mask of the lanes that hold 0. Each kernel expands it once, with
/// its own attributes, so that the kernels run the same passes.
macro_rules! define_pass {
    ($(#[$attribute:meta])*) => {
        /// One pass over row `d` (see the module documentation): the
        /// solutions it completes.
        $(#[$attribute])*
        pub(super) fn pass<const EARLY: bool>(
            levels: &mut super::Levels,
            layout: &super::Layout,
            d: usize,
        ) -> u64 {
            use super::ROWS;
            let d = d & (ROWS - 1);
            let (below, after) = ((d + 1) & (ROWS - 1), (d + 2) & (ROWS - 1));
            let (base, taken) = levels.take(d);
            let row = &mut levels.rows[d];
            let (cols, down, up) = (load(&row.cols, base), load(&row.down, base), load(&row.up, base));
            let free = load(&row.free, base);
            let bit = lowest(free);
            let rest = xor(free, bit);
            let kept = !zeros(rest) & taken;
            let keep = compaction(kept);
            store(&mut row.cols, base, cols, &keep);
            store(&mut row.down, base, down, &keep);
            store(&mut row.up, base, up, &keep);
            store(&mut row.free, base, rest, &keep);
            let kept = base + kept.count_ones() as usize;
            let shift = layout.shift[d];
            let cols = or(cols, bit);
            let down = shl(or(down, bit), shift);
            let up = shr(or(up, bit), shift);
            let next = open(layout.allow[below], cols, down, up);
            let depth = layout.depth;
            let mut dead = zeros(next);
            if EARLY && d + 2 < depth {
                let shift = layout.shift[below];
                let ahead = open(layout.allow[after], cols, shl(down, shift), shr(up, shift));
                dead |= zeros(ahead);
            }
            let live = !dead & taken;
            if d + 2 == depth || (EARLY && d + 3 == depth) {
                levels.set_len(d, kept);
                if d + 2 == depth {
                    return u64::from(live.count_ones());
                }
                // Two columns are left: complete each child with each.
                let (last, shift) = (layout.allow[after], layout.shift[below]);
                let completes = |square| {
                    let done = open(
                        last,
                        or(cols, square),
                        shl(or(down, square), shift),
                        shr(or(up, square), shift),
                    );
                    !(zeros(done) | zeros(square)) & live
                };
                let first = lowest(next);
                let second = xor(next, first);
                return u64::from(completes(first).count_ones() + completes(second).count_ones());
            }
            let queued = levels.len[below] & (super::LANES - 1);
            let keep = compaction(live);
            let row = &mut levels.rows[below];
            store(&mut row.cols, queued, cols, &keep);
            store(&mut row.down, queued, down, &keep);
            store(&mut row.up, queued, up, &keep);
            store(&mut row.free, queued, next, &keep);
            levels.set_lens(d, kept, queued + live.count_ones() as usize);
            0
        }
    };
}

use define_pass;

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
    /// Each thread's queues, kept from one count to the next: 40 KB that
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

/// Runs the passes of the searches in turn until their queues are empty,
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
        let mut busy = false;
        for levels in levels.iter_mut() {
            if let Some(d) = levels.next() {
                solutions += pass(levels, d);
                busy = true;
            }
        }
        if !busy {
            return Some(solutions);
        }
        passes = passes.wrapping_add(1);
        if passes % POLL == 0 && stop.load(Ordering::Relaxed) {
            return None;
        }
    }
}

/// The lane operations in portable Rust: arrays of words, which the
/// compiler may or may not turn into vectors.
mod portable {
    use super::{LANES, SLOTS};

    type V = [u32; LANES];

    /// The lanes a store keeps: bit `i` for lane `i`.
    type Keep = u32;

    fn load(queue: &[u32; SLOTS], at: usize) -> V {
        std::array::from_fn(|i| queue[at + i])
    }

    fn compaction(mask: u32) -> Keep {
        mask
    }

    /// Stores the kept lanes of `lanes` in order from `at`.
    fn store(queue: &mut [u32; SLOTS], at: usize, lanes: V, keep: &Keep) {
        let mut to = at;
        for (i, lane) in lanes.into_iter().enumerate() {
            queue[to] = lane;
            to += (keep >> i & 1) as usize;
        }
    }

    fn map(lanes: V, f: impl Fn(u32) -> u32) -> V {
        lanes.map(f)
    }

    fn zip(a: V, b: V, f: impl Fn(u32, u32) -> u32) -> V {
        std::array::from_fn(|i| f(a[i], b[i]))
    }

    fn or(a: V, b: V) -> V {
        zip(a, b, |a, b| a | b)
    }

    fn xor(a: V, b: V) -> V {
        zip(a, b, |a, b| a ^ b)
    }

    fn lowest(lanes: V) -> V {
        map(lanes, |lane| lane & lane.wrapping_neg())
    }

    fn shl(lanes: V, shift: u32) -> V {
        map(lanes, |lane| lane << shift)
    }

    fn shr(lanes: V, shift: u32) -> V {
        map(lanes, |lane| lane >> shift)
    }

    /// The squares of `allow` that no line holds.
    fn open(allow: u32, cols: V, down: V, up: V) -> V {
        std::array::from_fn(|i| allow & !(cols[i] | down[i] | up[i]))
    }

    fn zeros(lanes: V) -> u32 {
        (0..LANES).fold(0, |mask, i| mask | u32::from(lanes[i] == 0) << i)
    }

    define_pass!();
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
        levels.set_lens(3, LANES, LANES - 1);
        assert_eq!(levels.next(), Some(3));
        levels.set_len(3, 0);
        assert_eq!(levels.next(), Some(2));
        assert_eq!(levels.take(4), (0, lanes_below(LANES - 1)));
        levels.set_lens(4, 2 * LANES - 1, 1);
        assert_eq!(levels.take(4), (LANES - 1, lanes_below(LANES)));
        assert_eq!(levels.next(), Some(4));
        levels.set_lens(4, 0, 0);
        levels.set_len(2, 0);
        assert_eq!(levels.next(), None);
    }
}
