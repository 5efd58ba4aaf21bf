//! The counters of one thread, one technique each, so that each shows its
//! own gain: the plain walk over the whole tree, the walk over the left
//! half of the first row (the mirror), the walk over Takaken's branches,
//! which counts the classes too, the walk inside one frame of each class,
//! and the frames counted many boards abreast in vector lanes.

use std::sync::atomic::AtomicBool;

use queens_core::{Error, Search};

use crate::Bitboard;
use crate::classes::{Branch, Classes, Counts, Eights, SideClasses};
use crate::lanes::{Ends, Kernel};
use crate::rules::{Rules, full};
use crate::units::{Inside, units};
use crate::walk::{Frontier, Leaves, walk_below, walk_rules};

/// The row the walks of a whole search start from: deep enough that the
/// walkers share hundreds of starts or more from n = 10 on.
const START_ROW: usize = 5;

/// The number of solutions of the `n`×`n` board, by walking the whole
/// search tree.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
pub fn count_plain(n: usize) -> Result<u64, Error> {
    Bitboard::INFO.check_size(n)?;
    if n <= 1 {
        return Ok(1);
    }
    Ok(count_leaves(&Rules::new(n)))
}

/// The number of solutions of the `n`×`n` board, by walking the boards
/// whose first-row queen stands in the left half and counting each twice
/// (its mirror image has it in the right half), plus, for odd `n`, the
/// boards with that queen in the middle column once. The C peer's
/// technique.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
///
/// # Panics
///
/// When the count passes `u64::MAX`, which no count that can finish does
/// (see [`Classes::counts`]).
pub fn count_mirror(n: usize) -> Result<u64, Error> {
    Bitboard::INFO.check_size(n)?;
    if n <= 1 {
        return Ok(1);
    }
    let half = count_leaves(&Rules::new(n).allowing(0, full(n / 2)));
    let middle = if n % 2 == 1 {
        count_leaves(&Rules::new(n).allowing(0, 1 << (n / 2)))
    } else {
        0
    };
    Ok(half
        .checked_mul(2)
        .and_then(|twice| twice.checked_add(middle))
        .expect("the number of solutions passes u64::MAX"))
}

/// The numbers of solutions and of classes of the `n`×`n` board together,
/// by Takaken's branches (see the [crate documentation](crate#classes-of-8-4-and-2)),
/// on one thread.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
///
/// # Panics
///
/// When the count passes `u64::MAX`, which no count that can finish does
/// (see [`Classes::counts`]).
pub fn count_with_symmetry(n: usize) -> Result<Counts, Error> {
    Ok(classify(n)?.counts())
}

/// The classes of solutions of the `n`×`n` board by size, by Takaken's
/// branches, on one thread.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
///
/// # Panics
///
/// When the count passes `u64::MAX`, which no count that can finish does
/// (see [`Classes::counts`]).
pub fn classify(n: usize) -> Result<Classes, Error> {
    Bitboard::INFO.check_size(n)?;
    Ok(Branch::all(n)
        .into_iter()
        .map(|branch| classify_branch(branch, n))
        .fold(Classes::default(), Classes::plus))
}

/// The numbers of solutions and of classes of the `n`×`n` board, by the
/// row-by-row walk inside one frame of each class of frames (see
/// [`Frame`](crate::Frame)), on one thread.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
///
/// # Panics
///
/// When the count passes `u64::MAX` (see [`Classes::counts`]).
pub fn count_frames(n: usize) -> Result<Counts, Error> {
    count_inside(n, Inside::Walk)
}

/// The numbers of solutions and of classes of the `n`×`n` board, inside
/// one frame of each class, many boards abreast in the lanes of
/// `kernel`, the last rows counted as `ends` says, on one thread.
///
/// # Errors
///
/// [`Error::TooLarge`] when `n` > 64.
///
/// # Panics
///
/// When `kernel` is not one this processor runs ([`Kernel::runs_here`]),
/// or the count passes `u64::MAX` (see [`Classes::counts`]).
pub fn count_lanes(n: usize, kernel: Kernel, ends: Ends) -> Result<Counts, Error> {
    assert!(
        kernel.runs_here(),
        "the {kernel:?} kernel needs instructions this processor lacks"
    );
    count_inside(n, Inside::Lanes(kernel, ends))
}

/// The counts of every frame of the `n`×`n` board, counted inside as
/// `inside` says, one after another.
fn count_inside(n: usize, inside: Inside) -> Result<Counts, Error> {
    let plan = units(n)?.inside(inside);
    Ok((0..plan.len())
        .filter_map(|index| plan.classify_unit(index))
        .fold(Classes::default(), Classes::plus)
        .counts())
}

/// The classes that `branch` of the `n`×`n` board finds.
fn classify_branch(branch: Branch, n: usize) -> Classes {
    let never = AtomicBool::new(false);
    match branch {
        Branch::Whole => Classes {
            one: 1,
            ..Classes::default()
        },
        Branch::Corner { .. } => {
            let mut counter = Eights::default();
            walk_below(&branch.rules(n), &[], START_ROW, &mut counter, &never);
            counter.0
        }
        Branch::Side { b1 } => {
            let mut counter = SideClasses::new(n, b1);
            walk_below(&branch.rules(n), &[], START_ROW, &mut counter, &never);
            counter.classes
        }
    }
}

/// The complete boards under `rules`, walked from their first row.
fn count_leaves(rules: &Rules) -> u64 {
    let mut leaves = Leaves::default();
    let target = START_ROW.min(rules.n() - 1);
    let mut frontier = Frontier::new(rules, &[rules.root()], target);
    walk_rules(rules, &mut frontier, &mut leaves, &AtomicBool::new(false));
    leaves.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A000170, n = 0..=14.
    pub(crate) const TOTALS: [u64; 15] = [
        1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
    ];
    /// OEIS A002562, n = 0..=14.
    pub(crate) const UNIQUE: [u64; 15] =
        [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752];

    #[test]
    fn every_technique_counts_oeis() {
        for n in 0..TOTALS.len() {
            let both = Ok(Counts {
                total: TOTALS[n],
                unique: UNIQUE[n],
            });
            assert_eq!(count_plain(n), Ok(TOTALS[n]), "plain, n = {n}");
            assert_eq!(count_mirror(n), Ok(TOTALS[n]), "mirror, n = {n}");
            assert_eq!(count_with_symmetry(n), both, "symmetry, n = {n}");
            assert_eq!(count_frames(n), both, "frames, n = {n}");
            for kernel in Kernel::available() {
                for ends in [Ends::Plain, Ends::Early] {
                    let lanes = count_lanes(n, kernel, ends);
                    assert_eq!(lanes, both, "{kernel:?} lanes, {ends:?}, n = {n}");
                }
            }
        }
    }

    #[test]
    fn boards_past_64_are_refused() {
        let refused = Err(Error::TooLarge {
            solver: "bitboard",
            n: 65,
            max_n: 64,
        });
        assert_eq!(count_plain(65), refused);
        assert_eq!(count_mirror(65), refused);
        assert_eq!(count_with_symmetry(65).map(|_| 0), refused);
        assert_eq!(
            count_lanes(65, Kernel::Portable, Ends::Early).map(|_| 0),
            refused
        );
    }
}
