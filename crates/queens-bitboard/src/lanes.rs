//! Searches abreast: the rows inside a frame counted a row at a time for
//! many boards at once, one board per lane of a vector.
//!
//! # Rows in step, not walkers
//!
//! A depth-first walk keeps one path; sixteen walks side by side would
//! stand on sixteen different rows, each reading its own row's rules. Here
//! the boards waiting at each inner row are kept in a small queue per row
//! ([`Levels`]), and one pass takes up to a kernel's lanes of them from one
//! row (sixty-four with AVX2 or AVX-512, sixteen in portable Rust):
//! all of them read the same open squares and move their diagonals by the
//! same shift, so one vector instruction serves them all. A pass places a
//! queen on each board's lowest open square, puts the boards that still
//! have squares back into their row's queue and the children that have one
//! into the next row's, both packed (by a table of lane permutations, or
//! the processor's compression), and counts the children that complete a
//! board. The deepest row holding a
//! full vector goes first, which keeps every queue under two vectors and
//! the lanes mostly busy (with sixteen lanes, 85% of the lanes of n = 14
//! hold a board).
//!
//! Many lanes rather than few: the bookkeeping of a pass (which row, how
//! many boards, where they go) costs as much for any number of lanes, and
//! the vector work is the smaller part of a pass. With sixteen lanes
//! instead of eight, and the bounds of every queue proved by masks instead
//! of checked, a count of n = 15 took 379 million instructions in the
//! passes instead of 694 million; the vector kernels take sixty-four.
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
//! The pass is written once ([`queues::define_pass`]) over a handful of lane
//! operations, which exist four times:
//!
//! | kernel | lanes a pass | instructions |
//! |---|---|---|
//! | [`Kernel::Portable`] | 16 of 32 bits | portable Rust on arrays |
//! | [`Kernel::Avx2`] | 64 of 32 bits | AVX2: eight registers a field, packed by a table of permutations |
//! | [`Kernel::Avx512`] | 64 of 32 bits | AVX-512 F: four registers a field, packed by the processor's compression |
//! | [`Kernel::Avx512Narrow`] | 64 of 16 bits | AVX-512 BW and VBMI2: two registers a field, where a frame's open columns fit in 16 bits (n ≤ 18) |
//!
//! The vector kernels are x86-64 only; the fastest the processor has is
//! chosen at run time ([`Kernel::detect`]), so one binary runs at its best
//! on any host. All run the same passes in the same order, and the tests
//! run every kernel the processor has. The widest lanes are 32 bits: boards
//! up to [`MAX_LANE_N`] columns.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod portable;
mod queues;

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;

pub use queues::Ends;
#[cfg(target_arch = "x86_64")]
use queues::Vectors;
pub(crate) use queues::{Layout, MAX_LANE_N, State};
use queues::{Levels, SEARCHES, drive};

/// The code that runs the passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Portable Rust, on every processor.
    Portable,
    /// AVX2 vectors, on x86-64 processors that have them.
    Avx2,
    /// AVX-512 vectors, on x86-64 processors that have them.
    Avx512,
    /// AVX-512 vectors of thirty-two 16-bit lanes where a frame's open
    /// columns fit in 16 bits (boards of n ≤ 18), [`Kernel::Avx512`]
    /// elsewhere; on x86-64 processors with AVX-512 BW and VBMI2 too.
    Avx512Narrow,
}

impl Kernel {
    /// The fastest kernel this processor runs.
    pub fn detect() -> Kernel {
        Kernel::available()
            .last()
            .copied()
            .unwrap_or(Kernel::Portable)
    }

    /// The instructions the kernel needs, as a machine line names them:
    /// hosts that a virtual machine names alike differ there, and the
    /// counter's speed with them.
    pub fn instructions(self) -> &'static str {
        match self {
            Kernel::Portable => "no AVX2",
            Kernel::Avx2 => "AVX2",
            Kernel::Avx512 => "AVX-512",
            Kernel::Avx512Narrow => "AVX-512 VBMI2",
        }
    }

    /// Every kernel this processor runs, slowest first: the portable one,
    /// then AVX2, then AVX-512.
    pub fn available() -> Vec<Kernel> {
        let all = [
            Kernel::Portable,
            Kernel::Avx2,
            Kernel::Avx512,
            Kernel::Avx512Narrow,
        ];
        all.into_iter()
            .filter(|kernel| kernel.runs_here())
            .collect()
    }

    /// Whether this processor has the kernel's instructions.
    pub fn runs_here(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        return match self {
            Kernel::Portable => true,
            Kernel::Avx2 => avx2::Avx2::detect().is_some(),
            Kernel::Avx512 => avx512::Avx512::detect().is_some(),
            Kernel::Avx512Narrow => avx512::narrow::Narrow::detect().is_some(),
        };
        #[cfg(not(target_arch = "x86_64"))]
        return self == Kernel::Portable;
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
        #[cfg(target_arch = "x86_64")]
        if let (Kernel::Avx512Narrow, Some(narrow)) = (kernel, layout.narrowed()) {
            return count_with::<avx512::narrow::Narrow>(
                levels,
                &narrow,
                d,
                start.narrowed(),
                ends,
                stop,
            );
        }
        match kernel {
            Kernel::Portable => {
                share(levels, d, start);
                match ends {
                    Ends::Plain => drive(levels, stop, |levels, d| {
                        portable::pass::<false>(levels, layout, d)
                    }),
                    Ends::Early => drive(levels, stop, |levels, d| {
                        portable::pass::<true>(levels, layout, d)
                    }),
                }
            }
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => count_with::<avx2::Avx2>(levels, layout, d, start, ends, stop),
            // The narrow kernel's boards past 16 columns, in 32-bit lanes.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 | Kernel::Avx512Narrow => {
                count_with::<avx512::Avx512>(levels, layout, d, start, ends, stop)
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 | Kernel::Avx512 | Kernel::Avx512Narrow => {
                unreachable!("no vector kernel outside x86-64")
            }
        }
    })
}

/// [`count_below`] by the vector kernel `K`, which the processor has.
#[cfg(target_arch = "x86_64")]
fn count_with<K: Vectors>(
    levels: &mut [Levels; SEARCHES],
    layout: &Layout,
    d: usize,
    start: State,
    ends: Ends,
    stop: &AtomicBool,
) -> Option<u64> {
    let kernel = K::detect().expect("a kernel is chosen only where the processor has it");
    share(levels, d, start);
    kernel.count(levels, layout, ends, stop)
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

#[cfg(test)]
mod tests {
    use super::queues::lanes_below;
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
        const LANES: usize = 16;
        let mut levels = Levels::empty();
        levels.restart(
            2,
            State {
                free: 1,
                ..State::default()
            },
        );
        assert_eq!(levels.next(), Some(2));
        levels.set_lens::<LANES>(3, LANES, LANES - 1);
        assert_eq!(levels.next(), Some(3));
        levels.set_len::<LANES>(3, 0);
        assert_eq!(levels.next(), Some(2));
        assert_eq!(levels.take::<LANES>(4), (0, lanes_below(LANES - 1)));
        levels.set_lens::<LANES>(4, 2 * LANES - 1, 1);
        assert_eq!(levels.take::<LANES>(4), (LANES - 1, lanes_below(LANES)));
        assert_eq!(levels.next(), Some(4));
        levels.set_lens::<LANES>(4, 0, 0);
        levels.set_len::<LANES>(2, 0);
        assert_eq!(levels.next(), None);
        // Sixty-four lanes of 16 bits: the whole mask, and none.
        levels.set_len::<64>(5, 2 * 64 - 1);
        assert_eq!(levels.take::<64>(5), (64 - 1, u64::MAX));
        assert_eq!(levels.next(), Some(5));
        assert_eq!(lanes_below(0), 0);
    }

    #[test]
    fn every_kernel_counts_what_a_recursion_counts_on_the_largest_boards() {
        let never = AtomicBool::new(false);
        // 17 and 18 fit in 16-bit lanes, 19 and 20 do not: the narrow
        // kernel counts them in 32-bit lanes. Below one queen, on the
        // middle open square of a frame's first inner row: a debug build's
        // moment.
        for n in 17..=20 {
            let frame = Frame::all(n)[n % 3];
            let layout = Layout::new(&frame.inner(n));
            assert_eq!(layout.narrowed().is_some(), n <= 18, "n = {n}");
            let start = root(&layout);
            let middle =
                (0..start.free.count_ones() / 2).fold(start.free, |open, _| open & (open - 1));
            let state = child(&layout, 0, start, middle & middle.wrapping_neg());
            let expected = recount(&layout, 1, state);
            assert!(expected > 500, "n = {n}: {expected} boards");
            for kernel in Kernel::available() {
                for ends in [Ends::Plain, Ends::Early] {
                    let counted = count_below(&layout, 1, state, kernel, ends, &never);
                    assert_eq!(counted, Some(expected), "n = {n}, {kernel:?}, {ends:?}");
                }
            }
        }
    }
}
