//! Counting every solution and every class of solutions at once, after
//! Takaken: the search visits (nearly) one member of each class, and knows
//! from that member how many boards its class holds.
//!
//! # Classes of 8, 4 and 2
//!
//! The eight symmetries of the square map solutions to solutions. A class
//! (the images of one solution) holds 8 boards, or 4 when a half turn maps
//! its boards to themselves, or 2 when a quarter turn does. No solution of
//! n ≥ 2 is its own mirror image: a reflection in a diagonal would pair
//! queens on one diagonal of the other direction (or leave them all on
//! its own), a reflection in a middle line would pair them in one row or
//! column. So the total is `8·C8 + 4·C4 + 2·C2` and the number of
//! classes `C8 + C4 + C2`, and a search that finds each class once, knowing
//! its size, finds both without enumerating the other members.
//!
//! # Which member is found
//!
//! Every edge of the board holds exactly one queen. Call the distance of
//! an edge's queen from the nearer corner of that edge its depth; the
//! member searched for has the smallest depth on its top edge, with the
//! queen in the left half. Two kinds of branch follow, as in Takaken's
//! program:
//!
//! - **Corner** (`BOUND1` in Takaken's `Backtrack1`): the first-row queen
//!   stands in column 0. No symmetry other than the reflection in the main
//!   diagonal keeps a corner queen in a corner it could share, and that
//!   reflection maps no solution to itself, so every class met here has 8
//!   boards. The member kept is the one whose second-row queen (column
//!   `b1`) is nearer the left than the second-column queen is to the top:
//!   rows `2..b1` may not take column 1. No board needs checking.
//! - **Side** (`Backtrack2`): the first-row queen stands in column
//!   `b1 ≥ 1`, left of the middle. The other three edges' queens must be at
//!   least as deep: columns 0 and n−1 are closed to rows above `b1` and
//!   below `b2 = n−1−b1` (both side columns must be taken by row `b2`), and
//!   the last row may not take the `b1` columns nearest each corner. Ties
//!   remain: a member found can be a rotation of another one found. Only a
//!   board whose image under a quarter turn, half turn or three-quarter
//!   turn has the same first row can tie, which a few bits of the board
//!   tell; for those, and only those, the board is compared with that
//!   rotation. If the rotation is smaller the board is not counted (the
//!   rotation is); if it is the board itself the class has 2 (quarter turn)
//!   or 4 (half turn) boards; otherwise 8.
//!
//! Takaken's program tests the two side columns at row `b2` as it reaches
//! it; here the rows below `b2` need both side columns taken, which the
//! walk tests with the other rules (see [`crate::rules`]), and the last
//! row's exclusion is a rule of the last row. The counts are those of the
//! OEIS for n = 1..=18 (the tests go to 14; `examples/count.rs` to 18).

use std::cmp::Ordering;

use queens_core::Symmetry;

use crate::rules::{MAX_N, Rules, full};
use crate::walk::{Board, LeafCounter};

/// The numbers of solutions and of fundamental solutions (classes under
/// the eight symmetries of the square) of a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Every solution.
    pub total: u64,
    /// The classes: the fundamental solutions.
    pub unique: u64,
}

/// How many classes of each size a search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Classes {
    /// Classes of eight boards: no rotation maps a member to itself.
    pub eight: u64,
    /// Classes of four boards: a half turn maps each member to itself.
    pub four: u64,
    /// Classes of two boards: a quarter turn maps each member to itself.
    pub two: u64,
    /// Classes of one board: the empty board of n = 0 and the lone queen of
    /// n = 1, which every symmetry keeps.
    pub one: u64,
}

impl Classes {
    /// The number of solutions and of classes.
    ///
    /// # Panics
    ///
    /// When the number of solutions passes `u64::MAX`, which it would first
    /// do around n = 29, far beyond what can be counted: never silently
    /// wrong.
    pub fn counts(self) -> Counts {
        self.checked_counts()
            .expect("the number of solutions passes u64::MAX")
    }

    /// The numbers of solutions and of classes, `None` when one passes
    /// `u64::MAX`: for classes read from elsewhere, which may be anything.
    pub fn checked_counts(self) -> Option<Counts> {
        let total = [
            (self.eight, 8),
            (self.four, 4),
            (self.two, 2),
            (self.one, 1),
        ]
        .into_iter()
        .try_fold(0u64, |sum, (classes, size)| {
            classes.checked_mul(size)?.checked_add(sum)
        })?;
        let unique = [self.eight, self.four, self.two, self.one]
            .into_iter()
            .try_fold(0u64, u64::checked_add)?;
        Some(Counts { total, unique })
    }

    /// The classes of both.
    ///
    /// # Panics
    ///
    /// When a sum passes `u64::MAX` (see [`Classes::counts`]).
    #[must_use]
    pub fn plus(self, other: Classes) -> Classes {
        self.checked_plus(other)
            .expect("a class count passes u64::MAX")
    }

    /// The classes of both, `None` when a sum passes `u64::MAX`.
    pub fn checked_plus(self, other: Classes) -> Option<Classes> {
        Some(Classes {
            eight: self.eight.checked_add(other.eight)?,
            four: self.four.checked_add(other.four)?,
            two: self.two.checked_add(other.two)?,
            one: self.one.checked_add(other.one)?,
        })
    }
}

/// A branch of the search by classes: where the first queens stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Branch {
    /// n ≤ 1: the one solution, a class of one, with nothing to search.
    Whole,
    /// The first-row queen in column 0, the second-row queen in column
    /// `b1` (2 ≤ b1 ≤ n − 2).
    Corner {
        /// The column of the second-row queen.
        b1: usize,
    },
    /// The first-row queen in column `b1` (1 ≤ b1, 2·b1 < n − 1).
    Side {
        /// The column of the first-row queen.
        b1: usize,
    },
}

impl Branch {
    /// Every branch of an `n`×`n` board, in the order a plan numbers them:
    /// the corner branches by `b1`, then the side branches by `b1`.
    pub fn all(n: usize) -> Vec<Branch> {
        if n <= 1 {
            return vec![Branch::Whole];
        }
        let corners = (2..n - 1).map(|b1| Branch::Corner { b1 });
        let sides = (1..)
            .take_while(|b1| 2 * b1 < n - 1)
            .map(|b1| Branch::Side { b1 });
        corners.chain(sides).collect()
    }

    /// The rules of this branch on an `n`×`n` board (n ≥ 2): its fixed
    /// queens, and the columns closed near the corners.
    pub(crate) fn rules(self, n: usize) -> Rules {
        let rules = Rules::new(n);
        match self {
            Branch::Whole => rules,
            Branch::Corner { b1 } => {
                // Column 1 stays empty above row b1: the queen of column 1 is
                // further from the top than the queen of row 1 is from the
                // left, which picks one of a board and its transpose.
                (2..b1).fold(rules.allowing(0, 1).allowing(1, 1 << b1), |rules, row| {
                    rules.allowing(row, !0b10)
                })
            }
            Branch::Side { b1 } => {
                let sides = 1 | 1 << (n - 1);
                // The b1 columns nearest each corner: closed to the last row.
                let near_corners = full(b1) | full(b1) << (n - b1);
                (1..b1)
                    .fold(rules.allowing(0, 1 << b1), |rules, row| {
                        rules.allowing(row, !sides)
                    })
                    .needing(n - b1, sides)
                    .allowing(n - 1, !near_corners)
            }
        }
    }
}

/// Counts boards that each stand for a class of eight: those of Takaken's
/// corner branches, and of the frames that no symmetry keeps.
#[derive(Debug, Default)]
pub(crate) struct Eights(pub(crate) Classes);

impl LeafCounter for Eights {
    #[inline(always)]
    fn leaf(&mut self, _board: Board<'_>) {
        // One per board, as `Leaves` counts.
        self.0.eight += 1;
    }
}

/// Counts the classes of a side branch, comparing with a rotation the
/// boards that a rotation could tie with.
#[derive(Debug)]
pub(crate) struct SideClasses {
    n: usize,
    b1: usize,
    /// The classes found so far.
    pub(crate) classes: Classes,
}

impl SideClasses {
    /// A counter for the side branch of `b1` on an `n`×`n` board.
    pub(crate) fn new(n: usize, b1: usize) -> Self {
        SideClasses {
            n,
            b1,
            classes: Classes::default(),
        }
    }

    /// The class of a board found, by the rotations that could give the
    /// same first row; `None` when a rotation is smaller, and so is the
    /// member counted instead.
    fn classify(&self, queens: &[usize]) -> Option<Size> {
        let (n, b1) = (self.n, self.b1);
        let b2 = n - 1 - b1;
        let mut image = [0; MAX_N];
        let image = &mut image[..n];
        let mut compare = |symmetry: Symmetry| {
            symmetry.apply_into(queens, image);
            queens.cmp(image)
        };
        // A quarter turn puts the queen of column 0 on the first row, in
        // column n − 1 − (its row): column b1 when that row is b2.
        if queens[b2] == 0 {
            match compare(Symmetry::Rotate90) {
                Ordering::Greater => return None,
                Ordering::Equal => return Some(Size::Two),
                Ordering::Less => {}
            }
        }
        // A half turn puts the last row's queen on the first row.
        if queens[n - 1] == n - 1 - b1 {
            match compare(Symmetry::Rotate180) {
                Ordering::Greater => return None,
                Ordering::Equal => return Some(Size::Four),
                Ordering::Less => {}
            }
        }
        // Three quarters put the queen of column n − 1 on the first row, in
        // (its row): column b1 when that row is b1. A board equal to this
        // image would equal its quarter turn too, already counted above.
        if queens[b1] == n - 1 && compare(Symmetry::Rotate270) == Ordering::Greater {
            return None;
        }
        Some(Size::Eight)
    }
}

/// The size of a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Size {
    Eight,
    Four,
    Two,
}

impl LeafCounter for SideClasses {
    #[inline(always)]
    fn leaf(&mut self, board: Board<'_>) {
        let (n, b1) = (self.n, self.b1);
        let b2 = n - 1 - b1;
        let queen = |row: usize| board.queen(row);
        // Most boards tie with no rotation: three bits tell.
        if queen(b2) != 1 && queen(n - 1) != 1 << (n - 1 - b1) && queen(b1) != 1 << (n - 1) {
            self.classes.eight += 1;
            return;
        }
        self.leaf_to_compare(&board);
    }
}

impl SideClasses {
    /// Counts a board that may tie with a rotation: rare, and kept out of
    /// the walk's loop.
    #[inline(never)]
    fn leaf_to_compare(&mut self, board: &Board<'_>) {
        let mut queens = [0; MAX_N];
        for (row, queen) in queens[..self.n].iter_mut().enumerate() {
            *queen = board.column(row);
        }
        match self.classify(&queens[..self.n]) {
            Some(Size::Eight) => self.classes.eight += 1,
            Some(Size::Four) => self.classes.four += 1,
            Some(Size::Two) => self.classes.two += 1,
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_of_small_boards() {
        assert_eq!(Branch::all(0), [Branch::Whole]);
        assert_eq!(Branch::all(1), [Branch::Whole]);
        assert_eq!(Branch::all(2), []);
        assert_eq!(Branch::all(3), []);
        assert_eq!(
            Branch::all(4),
            [Branch::Corner { b1: 2 }, Branch::Side { b1: 1 }]
        );
        assert_eq!(
            Branch::all(8),
            [
                Branch::Corner { b1: 2 },
                Branch::Corner { b1: 3 },
                Branch::Corner { b1: 4 },
                Branch::Corner { b1: 5 },
                Branch::Corner { b1: 6 },
                Branch::Side { b1: 1 },
                Branch::Side { b1: 2 },
                Branch::Side { b1: 3 },
            ]
        );
    }

    #[test]
    fn class_sums_are_checked() {
        let classes = Classes {
            eight: 11,
            four: 1,
            two: 0,
            one: 0,
        };
        assert_eq!(
            classes.counts(),
            Counts {
                total: 92,
                unique: 12
            }
        );
        assert_eq!(classes.plus(classes).eight, 22);
        let huge = Classes {
            eight: u64::MAX / 4,
            ..Classes::default()
        };
        assert!(std::panic::catch_unwind(|| huge.counts()).is_err());
        assert!(
            std::panic::catch_unwind(|| huge.plus(huge).plus(huge).plus(huge).plus(huge)).is_err()
        );
    }

    #[test]
    fn the_classes_of_the_essays_table() {
        let sizes = |n| {
            let classes = crate::classify(n).unwrap();
            [classes.eight, classes.four, classes.two, classes.one]
        };
        assert_eq!(sizes(4), [0, 0, 1, 0]);
        assert_eq!(sizes(5), [1, 0, 1, 0]);
        assert_eq!(sizes(6), [0, 1, 0, 0]);
        assert_eq!(sizes(8), [11, 1, 0, 0]);
        assert_eq!(sizes(12), [1765, 18, 4, 0]);
        assert_eq!(sizes(1), [0, 0, 0, 1]);
    }

    #[test]
    fn the_four_queens_board_is_a_class_of_two() {
        let counter = SideClasses::new(4, 1);
        assert_eq!(counter.classify(&[1, 3, 0, 2]), Some(Size::Two));
    }
}
