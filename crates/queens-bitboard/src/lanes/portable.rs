//! The lane operations in portable Rust: arrays of words, which the
//! compiler may or may not turn into vectors.

use super::queues::{Mask, SLOTS, define_pass};

/// The lanes of a pass.
pub(super) const LANES: usize = 16;

type V = [u32; LANES];

/// The lanes a store keeps: bit `i` for lane `i`.
type Keep = Mask;

fn load(queue: &[u32; SLOTS], at: usize) -> V {
    std::array::from_fn(|i| queue[at + i])
}

fn compaction(mask: Mask) -> Keep {
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

fn zeros(lanes: V) -> Mask {
    (0..LANES).fold(0, |mask, i| mask | Mask::from(lanes[i] == 0) << i)
}

define_pass!();
