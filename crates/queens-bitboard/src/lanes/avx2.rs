//! The lane operations with AVX2 vectors: the sixty-four lanes of a pass
//! in eight 256-bit registers per field, packed by one lane permutation per
//! register.
//!
//! Eight registers a field are more than the processor has (sixteen in
//! all, for four fields), so the compiler keeps some in memory; still,
//! each doubling from two registers a field to four and to eight made a
//! count faster, for the reason [`super::avx512`] gives: the bookkeeping of
//! a pass costs the same for any number of lanes.
//!
//! Every function here is compiled for AVX2 (`#[target_feature]`), which
//! makes its intrinsics safe to call; vectors are loaded from and stored to
//! the queues through `bytemuck`'s casts, which are safe and compile to
//! single moves. What cannot be safe is entering this code on a processor
//! without AVX2: [`Avx2`] is a token that only its `detect` makes, after
//! asking the processor, and the kernels' one `unsafe` block
//! (`define_kernel` in [`super::queues`]) calls in.

use std::arch::x86_64::{
    __m256i, _mm_cvtsi32_si128, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_ps,
    _mm256_cmpeq_epi32, _mm256_movemask_ps, _mm256_or_si256, _mm256_permutevar8x32_epi32,
    _mm256_set1_epi32, _mm256_setzero_si256, _mm256_sll_epi32, _mm256_srl_epi32, _mm256_sub_epi32,
    _mm256_xor_si256,
};

use super::queues::{Mask, SLOTS, define_kernel};

/// The lanes of a pass.
pub(super) const LANES: usize = REGS * HALF;

/// The registers of a field.
const REGS: usize = 8;

/// The lanes of one AVX2 register.
const HALF: usize = 8;

define_kernel!(
    /// Proof that the processor has AVX2 (and the LZCNT and POPCNT
    /// instructions the passes' bookkeeping uses): made only by `detect`.
    Avx2,
    "avx2,lzcnt,popcnt",
    ["avx2", "lzcnt", "popcnt"]
);

/// Sixty-four lanes in eight registers.
type V = [__m256i; REGS];

/// `COMPACT[mask]`: the lanes whose bit is set in `mask`, in order, as a
/// permutation that moves them to the front.
static COMPACT: [[u32; HALF]; 1 << HALF] = {
    let mut table = [[0; HALF]; 1 << HALF];
    let mut mask = 0;
    while mask < 1 << HALF {
        let (mut lane, mut to) = (0, 0);
        while lane < HALF {
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

/// The lanes a store keeps: a permutation of each register, and where its
/// kept lanes go, after those of the registers before it.
struct Keep {
    permutations: [__m256i; REGS],
    starts: [usize; REGS],
}

/// The permutations that keep the lanes whose bit is set in `mask`.
#[target_feature(enable = "avx2,popcnt")]
fn compaction(mask: Mask) -> Keep {
    let masks: [usize; REGS] = std::array::from_fn(|i| (mask >> (i * HALF)) as usize & 0xff);
    let mut starts = [0; REGS];
    for i in 1..REGS {
        starts[i] = starts[i - 1] + masks[i - 1].count_ones() as usize;
    }
    Keep {
        permutations: masks.map(|mask| bytemuck::cast(COMPACT[mask])),
        starts,
    }
}

/// Eight lanes of `queue` from `at`.
#[target_feature(enable = "avx2")]
fn load_half(queue: &[u32; SLOTS], at: usize) -> __m256i {
    let lanes: [u32; HALF] = queue[at..at + HALF]
        .try_into()
        .expect("a register's worth of lanes");
    bytemuck::cast(lanes)
}

/// A pass's lanes of `queue` from `at`.
#[target_feature(enable = "avx2")]
fn load(queue: &[u32; SLOTS], at: usize) -> V {
    std::array::from_fn(|i| load_half(queue, at + i * HALF))
}

/// The lanes of `register` that `permutation` selects, stored to `queue`
/// from `at` (all eight lanes are written; those past the selected ones
/// are overwritten by the next store or lie past the queue's length).
#[target_feature(enable = "avx2")]
fn store_half(queue: &mut [u32; SLOTS], at: usize, register: __m256i, permutation: __m256i) {
    let lanes: [u32; HALF] = bytemuck::cast(_mm256_permutevar8x32_epi32(register, permutation));
    queue[at..at + HALF].copy_from_slice(&lanes);
}

/// The kept lanes of `lanes`, in order, stored to `queue` from `at`.
#[target_feature(enable = "avx2")]
fn store(queue: &mut [u32; SLOTS], at: usize, lanes: V, keep: &Keep) {
    for (i, lanes) in lanes.into_iter().enumerate() {
        store_half(queue, at + keep.starts[i], lanes, keep.permutations[i]);
    }
}

/// `f` on every register.
#[target_feature(enable = "avx2")]
fn map(lanes: V, f: impl Fn(__m256i) -> __m256i) -> V {
    lanes.map(f)
}

/// `f` on every pair of registers.
#[target_feature(enable = "avx2")]
fn zip(a: V, b: V, f: impl Fn(__m256i, __m256i) -> __m256i) -> V {
    std::array::from_fn(|i| f(a[i], b[i]))
}

#[target_feature(enable = "avx2")]
fn or(a: V, b: V) -> V {
    zip(a, b, |a, b| _mm256_or_si256(a, b))
}

#[target_feature(enable = "avx2")]
fn xor(a: V, b: V) -> V {
    zip(a, b, |a, b| _mm256_xor_si256(a, b))
}

#[target_feature(enable = "avx2")]
fn lowest(lanes: V) -> V {
    let zero = _mm256_setzero_si256();
    map(lanes, |lanes| {
        _mm256_and_si256(lanes, _mm256_sub_epi32(zero, lanes))
    })
}

#[target_feature(enable = "avx2")]
fn shl(lanes: V, shift: u32) -> V {
    let shift = _mm_cvtsi32_si128(shift as i32);
    map(lanes, |lanes| _mm256_sll_epi32(lanes, shift))
}

#[target_feature(enable = "avx2")]
fn shr(lanes: V, shift: u32) -> V {
    let shift = _mm_cvtsi32_si128(shift as i32);
    map(lanes, |lanes| _mm256_srl_epi32(lanes, shift))
}

/// The squares of `allow` that no line holds.
#[target_feature(enable = "avx2")]
fn open(allow: u32, cols: V, down: V, up: V) -> V {
    let allow = _mm256_set1_epi32(allow as i32);
    map(or(cols, or(down, up)), |taken| {
        _mm256_andnot_si256(taken, allow)
    })
}

/// The mask of the lanes that hold 0.
#[target_feature(enable = "avx2")]
fn zeros(lanes: V) -> Mask {
    let zero = _mm256_setzero_si256();
    let half = |lanes| {
        let zeros = _mm256_cmpeq_epi32(lanes, zero);
        Mask::from(_mm256_movemask_ps(_mm256_castsi256_ps(zeros)) as u8)
    };
    lanes
        .into_iter()
        .enumerate()
        .fold(0, |mask, (i, lanes)| mask | half(lanes) << (i * HALF))
}
