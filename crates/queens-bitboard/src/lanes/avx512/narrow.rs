//! The lane operations with AVX-512 vectors of 16-bit lanes: sixty-four
//! boards a pass in two registers, for frames whose open columns fit in 16
//! bits ([`Layout::narrowed`](super::super::queues::Layout::narrowed)).
//!
//! A pass costs about the same whatever its lanes' width: its bookkeeping
//! (which row, how many boards, where they go) is scalar, and a 512-bit
//! instruction takes as long on 32 lanes as on 16. Twice the boards a pass
//! is nearly half the cost a board. The 16-bit compression (`vpcompressw`)
//! is AVX-512 VBMI2's, the 16-bit compares AVX-512 BW's; the queues are the
//! same bytes as the 32-bit lanes', read as twice as many 16-bit words.
//! The bitwise operations are the 32-bit kernel's own.

use std::arch::x86_64::{
    __m512i, __mmask32, _mm_cvtsi32_si128, _mm512_and_si512, _mm512_maskz_compress_epi16,
    _mm512_set1_epi16, _mm512_setzero_si512, _mm512_sll_epi16, _mm512_srl_epi16, _mm512_sub_epi16,
    _mm512_testn_epi16_mask,
};

use super::super::queues::{Mask, SLOTS, define_kernel};
use super::{open_in, or, xor};

/// Sixty-four lanes of 16 bits in two registers.
type V = [__m512i; 2];

/// The lanes of a pass: two registers of thirty-two.
pub(crate) const LANES: usize = 2 * HALF;

/// The lanes of one register.
const HALF: usize = 32;

define_kernel!(
    /// Proof that the processor has AVX-512 F, BW and VBMI2 (and the LZCNT
    /// and POPCNT instructions the passes' bookkeeping uses): made only by
    /// `detect`.
    Narrow,
    "avx512f,avx512bw,avx512vbmi2,lzcnt,popcnt",
    ["avx512f", "avx512bw", "avx512vbmi2", "lzcnt", "popcnt"]
);

/// The lanes a store keeps: each register's mask, and how many the first
/// keeps.
struct Keep {
    first: __mmask32,
    second: __mmask32,
    kept_first: usize,
}

#[target_feature(enable = "avx512f,popcnt")]
fn compaction(mask: Mask) -> Keep {
    let first = mask as __mmask32;
    Keep {
        first,
        second: (mask >> HALF) as __mmask32,
        kept_first: first.count_ones() as usize,
    }
}

/// Thirty-two lanes of `queue` from `at`, in 16-bit words.
#[target_feature(enable = "avx512f")]
fn load_half(queue: &[u16], at: usize) -> __m512i {
    let lanes: [u16; HALF] = queue[at..at + HALF]
        .try_into()
        .expect("a register's worth of lanes");
    bytemuck::cast(lanes)
}

/// Sixty-four lanes of `queue` from `at`, in 16-bit words.
#[target_feature(enable = "avx512f")]
fn load(queue: &[u32; SLOTS], at: usize) -> V {
    let queue: &[u16] = bytemuck::cast_slice(queue);
    [load_half(queue, at), load_half(queue, at + HALF)]
}

/// The lanes of `lanes` that `keep` selects, packed and stored to `queue`
/// from `at` (all thirty-two lanes are written; those past the kept ones
/// are overwritten by the next store or lie past the queue's length).
#[target_feature(enable = "avx512f,avx512vbmi2")]
fn store_half(queue: &mut [u16], at: usize, lanes: __m512i, keep: __mmask32) {
    let packed: [u16; HALF] = bytemuck::cast(_mm512_maskz_compress_epi16(keep, lanes));
    queue[at..at + HALF].copy_from_slice(&packed);
}

/// The kept lanes of `lanes`, in order, stored to `queue` from `at`, in
/// 16-bit words.
#[target_feature(enable = "avx512f,avx512vbmi2")]
fn store(queue: &mut [u32; SLOTS], at: usize, lanes: V, keep: &Keep) {
    let queue: &mut [u16] = bytemuck::cast_slice_mut(queue);
    store_half(queue, at, lanes[0], keep.first);
    store_half(queue, at + keep.kept_first, lanes[1], keep.second);
}

#[target_feature(enable = "avx512f,avx512bw")]
fn lowest(lanes: V) -> V {
    let zero = _mm512_setzero_si512();
    lanes.map(|lanes| _mm512_and_si512(lanes, _mm512_sub_epi16(zero, lanes)))
}

#[target_feature(enable = "avx512f,avx512bw")]
fn shl(lanes: V, shift: u32) -> V {
    let shift = _mm_cvtsi32_si128(shift as i32);
    lanes.map(|lanes| _mm512_sll_epi16(lanes, shift))
}

#[target_feature(enable = "avx512f,avx512bw")]
fn shr(lanes: V, shift: u32) -> V {
    let shift = _mm_cvtsi32_si128(shift as i32);
    lanes.map(|lanes| _mm512_srl_epi16(lanes, shift))
}

/// The squares of `allow` (narrowed, 16 bits) that no line holds.
#[target_feature(enable = "avx512f,avx512bw")]
fn open(allow: u32, cols: V, down: V, up: V) -> V {
    open_in(_mm512_set1_epi16(allow as i16), cols, down, up)
}

/// The mask of the lanes that hold 0.
#[target_feature(enable = "avx512f,avx512bw")]
fn zeros(lanes: V) -> Mask {
    Mask::from(_mm512_testn_epi16_mask(lanes[0], lanes[0]))
        | Mask::from(_mm512_testn_epi16_mask(lanes[1], lanes[1])) << HALF
}
