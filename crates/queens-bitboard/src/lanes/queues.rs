//! The queues of the lanes: the boards waiting at each inner row of a
//! frame ([`Levels`]), the frame's rows as a pass reads them ([`Layout`]),
//! the one pass every kernel expands ([`define_pass`]), the loop that runs
//! the passes ([`drive`]) and, on x86-64, a vector kernel's token and its
//! one `unsafe` call (`define_kernel`, `Vectors`). The kernels
//! ([`super::portable`] and, on x86-64, `super::avx2`, `super::avx512`)
//! supply only the lane operations.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::frames::Inner;

/// The most boards of 32-bit lanes a pass counts at once: sixty-four, in
/// the vector kernels (the portable kernel takes sixteen, the narrow one
/// sixty-four of 16 bits, in half the bytes).
pub(super) const WIDEST: usize = 64;

/// A mask with a bit per lane of a pass: up to sixty-four lanes.
pub(super) type Mask = u64;

/// The widest board the lanes hold: one bit per column in 32.
pub(crate) const MAX_LANE_N: usize = 32;

/// The inner rows a frame of at most [`MAX_LANE_N`] columns has, and the
/// queues the lanes keep; a power of two, so that a row masked with
/// `ROWS - 1` is in bounds without a check.
pub(super) const ROWS: usize = MAX_LANE_N;

/// The 32-bit words of a row's queue of each field: as many boards of 32
/// bits, or twice as many of 16. A row holds less than two vectors (see
/// [`Levels::next`]), and a pass reads and writes whole vectors from a
/// start under one vector; a vector is stored a register at a time, each
/// where the kept lanes of the ones before it end, which stays within two
/// vectors too. The half vector past them is a margin: every slice is
/// bounds-checked all the same.
pub(super) const SLOTS: usize = 2 * WIDEST + WIDEST / 2;

/// The searches whose passes alternate (see [`super::count_below`]): two counted n = 16
/// 13% faster than one, three and four slower than two.
pub(super) const SEARCHES: usize = 2;

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

/// The inner rows of a frame as the lanes read them: each row's open
/// squares, and the shift of the diagonals to the next row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub(super) depth: usize,
    pub(super) allow: [u32; ROWS],
    pub(super) shift: [u32; ROWS],
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

    /// The layout in 16-bit lanes, when every open square lies in columns
    /// 1 to 16: column `c` becomes bit `c - 1`. Inside a frame, columns 0
    /// and `n - 1` hold the edges' queens, so boards of n ≤ 18 fit.
    pub(super) fn narrowed(&self) -> Option<Layout> {
        let fits = self.allow.iter().all(|&allow| allow & !NARROW_COLUMNS == 0);
        fits.then(|| Layout {
            allow: self.allow.map(|allow| allow >> 1),
            ..*self
        })
    }
}

/// The columns 16-bit lanes hold: 1 to 16.
const NARROW_COLUMNS: u32 = 0xffff << 1;

/// A board waiting at an inner row: the lines its queens hold through the
/// row, and the row's open squares not yet tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct State {
    pub(crate) cols: u32,
    pub(crate) down: u32,
    pub(crate) up: u32,
    pub(crate) free: u32,
}

impl State {
    /// The board in 16-bit lanes, its columns as [`Layout::narrowed`] puts
    /// them. What falls off is never read: a `/` diagonal in column 0 moves
    /// left, off the board, and a `\` one past column 16 moves right, past
    /// the last open column; no queen stands in column 0 or past 16.
    pub(super) fn narrowed(self) -> State {
        let narrow = |lines: u32| (lines >> 1) & 0xffff;
        State {
            cols: narrow(self.cols),
            down: narrow(self.down),
            up: narrow(self.up),
            free: narrow(self.free),
        }
    }
}

/// The boards waiting at one inner row, one array per field so that a
/// vector of boards loads as one vector per field.
#[derive(Clone, Copy)]
pub(super) struct Queue {
    pub(super) cols: [u32; SLOTS],
    pub(super) down: [u32; SLOTS],
    pub(super) up: [u32; SLOTS],
    pub(super) free: [u32; SLOTS],
}

/// The queues of boards waiting at each inner row.
pub(super) struct Levels {
    pub(super) rows: [Queue; ROWS],
    pub(super) len: [usize; ROWS],
    /// Bit `d`: row `d`'s queue holds a board.
    waiting: u32,
    /// Bit `d`: row `d`'s queue holds a full vector.
    full: u32,
}

impl Levels {
    /// Empty queues.
    pub(super) fn empty() -> Levels {
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
    /// (nothing when it has no open square): a queue of one board, never a
    /// full vector. The lanes past a queue's length keep what they held: a
    /// pass masks them out. A pass of 16-bit lanes reads the low half of
    /// the first word as its first lane: the narrow kernel is x86-64's,
    /// which is little-endian, and its start's lines fit in 16 bits.
    pub(super) fn restart(&mut self, d: usize, start: State) {
        let d = d & (ROWS - 1);
        self.len = [0; ROWS];
        self.full = 0;
        let row = &mut self.rows[d];
        row.cols[0] = start.cols;
        row.down[0] = start.down;
        row.up[0] = start.up;
        row.free[0] = start.free;
        let queued = start.free != 0;
        self.len[d] = usize::from(queued);
        self.waiting = u32::from(queued) << d;
    }

    /// The row of the next pass: the deepest holding a full vector, else
    /// the shallowest holding a board (to fill the rows below it); `None`
    /// when every queue is empty. Either way the rows below it hold less
    /// than a vector, so a pass leaves the next row under two, and a queue
    /// is never longer than two vectors less one board.
    #[inline(always)]
    pub(super) fn next(&self) -> Option<usize> {
        if self.full != 0 {
            Some(31 - self.full.leading_zeros() as usize)
        } else if self.waiting != 0 {
            Some(self.waiting.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// Takes up to a vector of `W` lanes from the end of row `d`'s queue:
    /// where they start (under one vector, see [`Levels::next`]), and a
    /// mask of the lanes that hold a board.
    #[inline(always)]
    pub(super) fn take<const W: usize>(&self, d: usize) -> (usize, Mask) {
        let len = self.len[d & (ROWS - 1)];
        let taken = len.min(W);
        ((len - taken) & (W - 1), lanes_below(taken))
    }

    /// Sets the length of row `d`'s queue, in boards of a vector of `W`
    /// lanes.
    #[inline(always)]
    pub(super) fn set_len<const W: usize>(&mut self, d: usize, len: usize) {
        let d = d & (ROWS - 1);
        self.len[d] = len;
        let bit = 1 << d;
        self.waiting = (self.waiting & !bit) | (u32::from(len > 0) << d);
        self.full = (self.full & !bit) | (u32::from(len >= W) << d);
    }

    /// Sets the lengths of the queues of row `d` (not the last) and the
    /// row below it, in one update of the masks, for a vector of `W`
    /// lanes.
    #[inline(always)]
    pub(super) fn set_lens<const W: usize>(&mut self, d: usize, len: usize, below: usize) {
        let d = d & (ROWS - 1);
        self.len[d] = len;
        self.len[(d + 1) & (ROWS - 1)] = below;
        let two = 3 << d;
        let waiting = u32::from(len > 0) | u32::from(below > 0) << 1;
        let full = u32::from(len >= W) | u32::from(below >= W) << 1;
        self.waiting = (self.waiting & !two) | waiting << d;
        self.full = (self.full & !two) | full << d;
    }
}

/// The mask of the first `count` lanes (at most 64).
#[inline(always)]
pub(super) fn lanes_below(count: usize) -> Mask {
    // No shift by 64 for none: a shift past the width is no mask.
    Mask::MAX.checked_shr((64 - count) as u32).unwrap_or(0)
}

/// Defines `pass`, one pass over a row (see the module documentation),
/// from the lane operations in scope: the vector `V` of `LANES` lanes (a
/// constant of the kernel), masks of lanes as [`Mask`],
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
            levels: &mut $crate::lanes::queues::Levels,
            layout: &$crate::lanes::queues::Layout,
            d: usize,
        ) -> u64 {
            use $crate::lanes::queues::ROWS;
            let d = d & (ROWS - 1);
            let (below, after) = ((d + 1) & (ROWS - 1), (d + 2) & (ROWS - 1));
            let (base, taken) = levels.take::<LANES>(d);
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
                levels.set_len::<LANES>(d, kept);
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
            let queued = levels.len[below] & (LANES - 1);
            let keep = compaction(live);
            let row = &mut levels.rows[below];
            store(&mut row.cols, queued, cols, &keep);
            store(&mut row.down, queued, down, &keep);
            store(&mut row.up, queued, up, &keep);
            store(&mut row.free, queued, next, &keep);
            levels.set_lens::<LANES>(d, kept, queued + live.count_ones() as usize);
            0
        }
    };
}

pub(super) use define_pass;

/// A kernel of vector instructions: a token that only its `detect` makes,
/// after asking the processor, and the passes compiled for those
/// instructions, which only the token runs.
#[cfg(target_arch = "x86_64")]
pub(super) trait Vectors: Copy {
    /// The token, when the processor has the kernel's instructions.
    fn detect() -> Option<Self>;

    /// Runs the passes until the queues are empty (see [`drive`]).
    fn count(
        self,
        levels: &mut [Levels; SEARCHES],
        layout: &Layout,
        ends: Ends,
        stop: &AtomicBool,
    ) -> Option<u64>;
}

/// Defines a vector kernel from the lane operations in scope (see
/// [`define_pass`]): its token `$token`, which implements [`Vectors`] by
/// asking the processor for each of `$feature`, and its passes and their
/// loop, compiled with `$features` (the same, comma-separated). The one
/// `unsafe` block of every vector kernel is here: what cannot be safe is
/// entering code compiled for instructions the processor lacks, and the
/// token exists only once they are found.
#[cfg(target_arch = "x86_64")]
macro_rules! define_kernel {
    ($(#[$doc:meta])* $token:ident, $features:literal, [$($feature:tt),+]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $token(());

        impl $crate::lanes::queues::Vectors for $token {
            fn detect() -> Option<Self> {
                let has = $(std::is_x86_feature_detected!($feature))&&+;
                has.then_some($token(()))
            }

            fn count(
                self,
                levels: &mut [$crate::lanes::queues::Levels; $crate::lanes::queues::SEARCHES],
                layout: &$crate::lanes::queues::Layout,
                ends: $crate::lanes::queues::Ends,
                stop: &std::sync::atomic::AtomicBool,
            ) -> Option<u64> {
                use $crate::lanes::queues::Ends;
                #[allow(unsafe_code)]
                // SAFETY: `self` exists, so `detect` found every feature
                // `run` is compiled with on this processor: the only
                // requirement of calling it.
                unsafe {
                    match ends {
                        Ends::Plain => run::<false>(levels, layout, stop),
                        Ends::Early => run::<true>(levels, layout, stop),
                    }
                }
            }
        }

        /// The passes' loop, compiled with the features so that the passes
        /// inline into it.
        #[target_feature(enable = $features)]
        fn run<const EARLY: bool>(
            levels: &mut [$crate::lanes::queues::Levels; $crate::lanes::queues::SEARCHES],
            layout: &$crate::lanes::queues::Layout,
            stop: &std::sync::atomic::AtomicBool,
        ) -> Option<u64> {
            $crate::lanes::queues::drive(levels, stop, |levels, d| pass::<EARLY>(levels, layout, d))
        }

        $crate::lanes::queues::define_pass!(#[target_feature(enable = $features)]);
    };
}

#[cfg(target_arch = "x86_64")]
pub(super) use define_kernel;

/// Runs the passes of the searches in turn until their queues are empty,
/// with the solutions they count; `None` when `stop` was set first.
#[inline(always)]
pub(super) fn drive(
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
        if passes.is_multiple_of(POLL) && stop.load(Ordering::Relaxed) {
            return None;
        }
    }
}
