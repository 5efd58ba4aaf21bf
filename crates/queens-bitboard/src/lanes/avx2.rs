//! The passes with AVX2 vectors: the eight lanes of a pass in one 256-bit
//! register per field, packed by one lane permutation per field.
//!
//! Every function here is compiled for AVX2 (`#[target_feature]`), which
//! makes its intrinsics safe to call; vectors are loaded from and stored to
//! the queues through `bytemuck`'s casts, which are safe and compile to
//! single moves. What cannot be safe is entering this code on a processor
//! without AVX2: [`Avx2`] is a token that only [`Avx2::detect`] makes, after
//! asking the processor, and its one `unsafe` block calls in.

use std::arch::x86_64::{
    __m256i, _mm_cvtsi32_si128, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_ps,
    _mm256_cmpeq_epi32, _mm256_cmpgt_epi32, _mm256_movemask_ps, _mm256_or_si256,
    _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setzero_si256,
    _mm256_sll_epi32, _mm256_srl_epi32, _mm256_sub_epi32, _mm256_xor_si256,
};
use std::sync::atomic::AtomicBool;

use super::{CAP, Ends, LANES, Layout, Levels, SEARCHES, drive};

/// Proof that the processor has AVX2: made only by [`Avx2::detect`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2(());

impl Avx2 {
    /// The token, when the processor has AVX2 (and the LZCNT and POPCNT
    /// instructions the passes' bookkeeping uses).
    pub(super) fn detect() -> Option<Avx2> {
        let has = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt");
        has.then_some(Avx2(()))
    }

    /// Runs the passes until the queues are empty (see [`super::drive`]).
    pub(super) fn count(
        self,
        levels: &mut [Levels; SEARCHES],
        layout: &Layout,
        ends: Ends,
        stop: &AtomicBool,
    ) -> Option<u64> {
        #[allow(unsafe_code)]
        // SAFETY: `self` exists, so `detect` found AVX2, LZCNT and POPCNT on
        // this processor: the only requirement of calling a function
        // compiled with those features.
        unsafe {
            match ends {
                Ends::Plain => run::<false>(levels, layout, stop),
                Ends::Early => run::<true>(levels, layout, stop),
            }
        }
    }
}

/// The passes' loop, compiled with the features so that the passes inline
/// into it.
#[target_feature(enable = "avx2,lzcnt,popcnt")]
fn run<const EARLY: bool>(
    levels: &mut [Levels; SEARCHES],
    layout: &Layout,
    stop: &AtomicBool,
) -> Option<u64> {
    drive(levels, stop, |levels, d| pass::<EARLY>(levels, layout, d))
}

/// `COMPACT[mask]`: the lanes whose bit is set in `mask`, in order, as a
/// permutation that moves them to the front.
static COMPACT: [[u32; LANES]; 1 << LANES] = {
    let mut table = [[0; LANES]; 1 << LANES];
    let mut mask = 0;
    while mask < 1 << LANES {
        let (mut lane, mut to) = (0, 0);
        while lane < LANES {
            if mask & 1 << lane != 0 {
                table[mask][to] = lane as u32;
                to += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
};

/// Eight lanes of `queue` from `at`.
#[target_feature(enable = "avx2")]
fn load(queue: &[u32; CAP], at: usize) -> __m256i {
    let lanes: [u32; LANES] = queue[at..at + LANES]
        .try_into()
        .expect("a vector's worth of lanes");
    bytemuck::cast(lanes)
}

/// The lanes of `vector` selected by `permutation`, stored to `queue` from
/// `at` (all eight lanes are written; those past the selected ones are
/// overwritten by the next store or lie past the queue's length).
#[target_feature(enable = "avx2")]
fn store(queue: &mut [u32; CAP], at: usize, vector: __m256i, permutation: __m256i) {
    let lanes: [u32; LANES] = bytemuck::cast(_mm256_permutevar8x32_epi32(vector, permutation));
    queue[at..at + LANES].copy_from_slice(&lanes);
}

/// The lanes of a comparison's result that are set, as a mask of eight
/// bits.
#[target_feature(enable = "avx2")]
fn lanes_of(comparison: __m256i) -> u32 {
    _mm256_movemask_ps(_mm256_castsi256_ps(comparison)) as u32
}

/// The squares of a row left open by the lines `cols`, `down` and `up`
/// moved by `shift` rows: `allow & !(cols | down << shift | up >> shift)`.
#[target_feature(enable = "avx2")]
fn open(allow: u32, cols: __m256i, down: __m256i, up: __m256i, shift: u32) -> __m256i {
    let shift = _mm_cvtsi32_si128(shift as i32);
    let taken = _mm256_or_si256(
        cols,
        _mm256_or_si256(_mm256_sll_epi32(down, shift), _mm256_srl_epi32(up, shift)),
    );
    _mm256_andnot_si256(taken, _mm256_set1_epi32(allow as i32))
}

/// One pass over row `d`, as the portable pass does it: the solutions it
/// completes.
#[target_feature(enable = "avx2,popcnt")]
fn pass<const EARLY: bool>(levels: &mut Levels, layout: &Layout, d: usize) -> u64 {
    let (base, taken) = levels.take(d);
    let zero = _mm256_setzero_si256();
    let taken_lanes = _mm256_cmpgt_epi32(
        _mm256_set1_epi32(taken as i32),
        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
    );
    let cols = load(&levels.cols[d], base);
    let down = load(&levels.down[d], base);
    let up = load(&levels.up[d], base);
    let free = _mm256_and_si256(taken_lanes, load(&levels.free[d], base));
    let bit = _mm256_and_si256(free, _mm256_sub_epi32(zero, free));
    let rest = _mm256_xor_si256(free, bit);
    let next_cols = _mm256_or_si256(cols, bit);
    let next_down = _mm256_or_si256(down, bit);
    let next_up = _mm256_or_si256(up, bit);
    let shift = layout.shift[d];
    let next_free = open(layout.allow[d + 1], next_cols, next_down, next_up, shift);
    let shift_vector = _mm_cvtsi32_si128(shift as i32);
    let next_down = _mm256_sll_epi32(next_down, shift_vector);
    let next_up = _mm256_srl_epi32(next_up, shift_vector);
    let depth = layout.depth;
    let is_zero = |vector| _mm256_cmpeq_epi32(vector, zero);
    let mut dead = _mm256_or_si256(is_zero(next_free), is_zero(bit));
    if EARLY && d + 2 < depth {
        let ahead = open(
            layout.allow[d + 2],
            next_cols,
            next_down,
            next_up,
            layout.shift[d + 1],
        );
        dead = _mm256_or_si256(dead, is_zero(ahead));
    }
    let live = !lanes_of(dead) & 0xff;
    let kept = !lanes_of(is_zero(rest)) & 0xff;
    let permutation: __m256i = bytemuck::cast(COMPACT[kept as usize]);
    store(&mut levels.cols[d], base, cols, permutation);
    store(&mut levels.down[d], base, down, permutation);
    store(&mut levels.up[d], base, up, permutation);
    store(&mut levels.free[d], base, rest, permutation);
    levels.set_len(d, base + kept.count_ones() as usize);
    if d + 2 == depth {
        return u64::from(live.count_ones());
    }
    if EARLY && d + 3 == depth {
        // Two columns are left: complete each child with each of them.
        let children = _mm256_andnot_si256(dead, next_free);
        let first = _mm256_and_si256(children, _mm256_sub_epi32(zero, children));
        let second = _mm256_xor_si256(children, first);
        let (last, last_shift) = (layout.allow[d + 2], layout.shift[d + 1]);
        let completions = |square: __m256i| {
            let completed = open(
                last,
                _mm256_or_si256(next_cols, square),
                _mm256_or_si256(next_down, square),
                _mm256_or_si256(next_up, square),
                last_shift,
            );
            let failed = _mm256_or_si256(is_zero(completed), is_zero(square));
            (!lanes_of(failed) & 0xff).count_ones()
        };
        return u64::from(completions(first) + completions(second));
    }
    let queued = levels.len[d + 1];
    let permutation: __m256i = bytemuck::cast(COMPACT[live as usize]);
    store(&mut levels.cols[d + 1], queued, next_cols, permutation);
    store(&mut levels.down[d + 1], queued, next_down, permutation);
    store(&mut levels.up[d + 1], queued, next_up, permutation);
    store(&mut levels.free[d + 1], queued, next_free, permutation);
    levels.set_len(d + 1, queued + live.count_ones() as usize);
    0
}
