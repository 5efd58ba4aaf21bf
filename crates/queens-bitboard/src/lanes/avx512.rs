//! The lane operations with AVX-512 vectors: the sixty-four lanes of a
//! pass in four 512-bit registers per field, packed by the processor's own
//! compression; and ([`narrow`]) sixty-four 16-bit lanes in two.
//!
//! Why four registers: a pass costs its bookkeeping (which row, how many
//! boards, where they go: scalar work) plus its vector work, and the
//! bookkeeping is the larger part, so each doubling of the lanes, from one
//! register a field to two and to four, made a count of n = 19 faster. The
//! last paid least: more lanes also leave more of them empty at the end of
//! each frame.
//!
//! Where AVX2 packs the kept lanes with a table of permutations, AVX-512
//! has an instruction for it
//! (`vpcompressd`), a mask register for the lanes that hold zero
//! (`vptestnmd`), and one instruction for a three-way `or`
//! (`vpternlogd`). The compression is done in a register and stored
//! whole: stored straight to memory it is microcoded, and slow, on some
//! processors.
//!
//! The safety argument is [`super::avx2`]'s: every function is compiled
//! for AVX-512 (`#[target_feature]`), vectors move through `bytemuck`'s
//! safe casts, and [`Avx512`], a token only its `detect` makes, runs the
//! passes through the kernels' one `unsafe` block.

use std::arch::x86_64::{
    __m512i, __mmask16, _mm_cvtsi32_si128, _mm512_and_si512, _mm512_andnot_si512,
    _mm512_maskz_compress_epi32, _mm512_or_si512, _mm512_set1_epi32, _mm512_setzero_si512,
    _mm512_sll_epi32, _mm512_srl_epi32, _mm512_sub_epi32, _mm512_ternarylogic_epi32,
    _mm512_testn_epi32_mask, _mm512_xor_si512,
};

use super::queues::{Mask, SLOTS, define_kernel};

pub(super) mod narrow;

define_kernel!(
    /// Proof that the processor has AVX-512F (and the LZCNT and POPCNT
    /// instructions the passes' bookkeeping uses): made only by `detect`.
    Avx512,
    "avx512f,lzcnt,popcnt",
    ["avx512f", "lzcnt", "popcnt"]
);

/// The lanes of a pass.
pub(super) const LANES: usize = REGS * HALF;

/// The registers of a field.
const REGS: usize = 4;

/// The lanes of one register.
const HALF: usize = 16;

/// Sixty-four lanes in four registers.
type V = [__m512i; REGS];

/// The lanes a store keeps: each register's mask, and where its kept lanes
/// go, after those of the registers before it.
struct Keep {
    masks: [__mmask16; REGS],
    starts: [usize; REGS],
}

/// The masks and starts that keep the lanes whose bit is set in `mask`.
#[target_feature(enable = "avx512f,popcnt")]
fn compaction(mask: Mask) -> Keep {
    let masks: [__mmask16; REGS] = std::array::from_fn(|i| (mask >> (i * HALF)) as __mmask16);
    let mut starts = [0; REGS];
    for i in 1..REGS {
        starts[i] = starts[i - 1] + masks[i - 1].count_ones() as usize;
    }
    Keep { masks, starts }
}

/// A register's lanes of `queue` from `at`.
#[target_feature(enable = "avx512f")]
fn load_half(queue: &[u32; SLOTS], at: usize) -> __m512i {
    let lanes: [u32; HALF] = queue[at..at + HALF]
        .try_into()
        .expect("a register's worth of lanes");
    bytemuck::cast(lanes)
}

/// A pass's lanes of `queue` from `at`.
#[target_feature(enable = "avx512f")]
fn load(queue: &[u32; SLOTS], at: usize) -> V {
    std::array::from_fn(|i| load_half(queue, at + i * HALF))
}

/// The lanes of `lanes` that `keep` selects, packed and stored to `queue`
/// from `at` (all sixteen lanes are written; those past the kept ones are
/// overwritten by the next store or lie past the queue's length).
#[target_feature(enable = "avx512f")]
fn store_half(queue: &mut [u32; SLOTS], at: usize, lanes: __m512i, keep: __mmask16) {
    let packed: [u32; HALF] = bytemuck::cast(_mm512_maskz_compress_epi32(keep, lanes));
    queue[at..at + HALF].copy_from_slice(&packed);
}

/// The kept lanes of `lanes`, in order, stored to `queue` from `at`.
#[target_feature(enable = "avx512f")]
fn store(queue: &mut [u32; SLOTS], at: usize, lanes: V, keep: &Keep) {
    for (i, lanes) in lanes.into_iter().enumerate() {
        store_half(queue, at + keep.starts[i], lanes, keep.masks[i]);
    }
}

/// `a | b`, lane by lane: bitwise, so the same for 16-bit lanes.
#[target_feature(enable = "avx512f")]
fn or<const R: usize>(a: [__m512i; R], b: [__m512i; R]) -> [__m512i; R] {
    std::array::from_fn(|i| _mm512_or_si512(a[i], b[i]))
}

/// `a ^ b`, lane by lane: bitwise, so the same for 16-bit lanes.
#[target_feature(enable = "avx512f")]
fn xor<const R: usize>(a: [__m512i; R], b: [__m512i; R]) -> [__m512i; R] {
    std::array::from_fn(|i| _mm512_xor_si512(a[i], b[i]))
}

#[target_feature(enable = "avx512f")]
fn lowest(lanes: V) -> V {
    let zero = _mm512_setzero_si512();
    lanes.map(|lanes| _mm512_and_si512(lanes, _mm512_sub_epi32(zero, lanes)))
}

#[target_feature(enable = "avx512f")]
fn shl(lanes: V, shift: u32) -> V {
    let shift = _mm_cvtsi32_si128(shift as i32);
    lanes.map(|lanes| _mm512_sll_epi32(lanes, shift))
}

#[target_feature(enable = "avx512f")]
fn shr(lanes: V, shift: u32) -> V {
    let shift = _mm_cvtsi32_si128(shift as i32);
    lanes.map(|lanes| _mm512_srl_epi32(lanes, shift))
}

/// The squares of `allow` that no line holds.
#[target_feature(enable = "avx512f")]
fn open(allow: u32, cols: V, down: V, up: V) -> V {
    open_in(_mm512_set1_epi32(allow as i32), cols, down, up)
}

/// The squares of `allow`, a row's open squares in every lane, that no
/// line holds: the three lines `or`ed in one instruction (truth table
/// 0xfe: any of the three), bitwise, so the same for 16-bit lanes.
#[target_feature(enable = "avx512f")]
fn open_in<const R: usize>(
    allow: __m512i,
    cols: [__m512i; R],
    down: [__m512i; R],
    up: [__m512i; R],
) -> [__m512i; R] {
    std::array::from_fn(|i| {
        let taken = _mm512_ternarylogic_epi32::<0xfe>(cols[i], down[i], up[i]);
        _mm512_andnot_si512(taken, allow)
    })
}

/// The mask of the lanes that hold 0.
#[target_feature(enable = "avx512f")]
fn zeros(lanes: V) -> Mask {
    lanes.into_iter().enumerate().fold(0, |mask, (i, lanes)| {
        mask | Mask::from(_mm512_testn_epi32_mask(lanes, lanes)) << (i * HALF)
    })
}
