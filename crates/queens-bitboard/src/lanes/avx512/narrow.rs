//! The lane operations with AVX-512 vectors of 16-bit lanes: thirty-two
//! boards a pass, for frames whose open columns fit in 16 bits
//! ([`Layout::narrowed`](super::super::queues::Layout::narrowed)).
//!
//! A pass costs about the same whatever its lanes' width: its bookkeeping
//! (which row, how many boards, where they go) is scalar, and a 512-bit
//! instruction takes as long on 32 lanes as on 16. Twice the boards a pass
//! is nearly half the cost a board. The 16-bit compression (`vpcompressw`)
//! is AVX-512 VBMI2's, the 16-bit compares AVX-512 BW's; the queues are the
//! same bytes as the 32-bit lanes', read as twice as many 16-bit words.

use std::arch::x86_64::{
    __m512i, __mmask32, _mm_cvtsi32_si128, _mm512_and_si512, _mm512_andnot_si512,
    _mm512_maskz_compress_epi16, _mm512_or_si512, _mm512_set1_epi16, _mm512_setzero_si512,
    _mm512_sll_epi16, _mm512_srl_epi16, _mm512_sub_epi16, _mm512_ternarylogic_epi32,
    _mm512_testn_epi16_mask, _mm512_xor_si512,
};
use std::sync::atomic::AtomicBool;

use super::super::queues::{
    Ends, Layout, Levels, NARROW_LANES, SEARCHES, SLOTS, define_pass, drive,
};

/// The lanes of a pass.
const LANES: usize = NARROW_LANES;

/// Proof that the processor has AVX-512 F, BW and VBMI2: made only by
/// [`Narrow::detect`].
#[derive(Clone, Copy, Debug)]
pub(in super::super) struct Narrow(());

impl Narrow {
    /// The token, when the processor has AVX-512 F, BW and VBMI2 (and the
    /// LZCNT and POPCNT instructions the passes' bookkeeping uses).
    pub(in super::super) fn detect() -> Option<Narrow> {
        let has = std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt");
        has.then_some(Narrow(()))
    }

    /// Runs the passes until the queues are empty (see
    /// [`super::super::queues::drive`]); `layout` is narrowed, and so are
    /// the boards queued.
    pub(in super::super) fn count(
        self,
        levels: &mut [Levels; SEARCHES],
        layout: &Layout,
        ends: Ends,
        stop: &AtomicBool,
    ) -> Option<u64> {
        #[allow(unsafe_code)]
        // SAFETY: `self` exists, so `detect` found AVX-512 F, BW and VBMI2,
        // LZCNT and POPCNT on this processor: the only requirement of
        // calling a function compiled with those features.
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
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,lzcnt,popcnt")]
fn run<const EARLY: bool>(
    levels: &mut [Levels; SEARCHES],
    layout: &Layout,
    stop: &AtomicBool,
) -> Option<u64> {
    drive(levels, stop, |levels, d| pass::<EARLY>(levels, layout, d))
}

define_pass!(#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]);

/// Thirty-two lanes in one register.
type V = __m512i;

/// The lanes a store keeps: bit `i` for lane `i`.
type Keep = __mmask32;

fn compaction(mask: u32) -> Keep {
    mask
}

/// Thirty-two lanes of `queue` from `at`.
#[target_feature(enable = "avx512f")]
fn load(queue: &[u32; SLOTS], at: usize) -> V {
    let queue: &[u16] = bytemuck::cast_slice(queue);
    let lanes: [u16; LANES] = queue[at..at + LANES]
        .try_into()
        .expect("a register's worth of lanes");
    bytemuck::cast(lanes)
}

/// The kept lanes of `lanes`, in order, stored to `queue` from `at` (all
/// thirty-two lanes are written; those past the kept ones are overwritten
/// by the next store or lie past the queue's length).
#[target_feature(enable = "avx512f,avx512vbmi2")]
fn store(queue: &mut [u32; SLOTS], at: usize, lanes: V, keep: &Keep) {
    let queue: &mut [u16] = bytemuck::cast_slice_mut(queue);
    let packed: [u16; LANES] = bytemuck::cast(_mm512_maskz_compress_epi16(*keep, lanes));
    queue[at..at + LANES].copy_from_slice(&packed);
}

#[target_feature(enable = "avx512f")]
fn or(a: V, b: V) -> V {
    _mm512_or_si512(a, b)
}

#[target_feature(enable = "avx512f")]
fn xor(a: V, b: V) -> V {
    _mm512_xor_si512(a, b)
}

#[target_feature(enable = "avx512f,avx512bw")]
fn lowest(lanes: V) -> V {
    _mm512_and_si512(lanes, _mm512_sub_epi16(_mm512_setzero_si512(), lanes))
}

#[target_feature(enable = "avx512f,avx512bw")]
fn shl(lanes: V, shift: u32) -> V {
    _mm512_sll_epi16(lanes, _mm_cvtsi32_si128(shift as i32))
}

#[target_feature(enable = "avx512f,avx512bw")]
fn shr(lanes: V, shift: u32) -> V {
    _mm512_srl_epi16(lanes, _mm_cvtsi32_si128(shift as i32))
}

/// The squares of `allow` (narrowed, 16 bits) that no line holds: the
/// three lines `or`ed in one instruction (truth table 0xfe: any of the
/// three), which is bitwise and so the same on 16-bit lanes.
#[target_feature(enable = "avx512f")]
fn open(allow: u32, cols: V, down: V, up: V) -> V {
    let taken = _mm512_ternarylogic_epi32::<0xfe>(cols, down, up);
    _mm512_andnot_si512(taken, _mm512_set1_epi16(allow as i16))
}

/// The mask of the lanes that hold 0.
#[target_feature(enable = "avx512f,avx512bw")]
fn zeros(lanes: V) -> u32 {
    _mm512_testn_epi16_mask(lanes, lanes)
}
