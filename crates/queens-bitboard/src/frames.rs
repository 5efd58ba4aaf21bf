//! Frames: the queens of the board's four edges, placed before the search,
//! one frame of each class under the eight symmetries.
//!
//! # Why the edges first
//!
//! Every edge of a solved board holds exactly one queen (a row or a column
//! each). Placing those four queens first (three when one stands in a
//! corner, on two edges) fixes the first and last rows and two more, and
//! their columns and diagonals close squares in every row in between from
//! the start: the search inside the frame has four queens fewer to place,
//! and fewer squares to try for the others.
//!
//! # One frame of each class
//!
//! A symmetry of the square maps a solution's frame to the frame of its
//! image. So the solutions whose frames are images of a frame `f` are the
//! images of the solutions with frame `f`, and the search needs to visit
//! one frame of each class of frames only:
//!
//! - a frame that no symmetry but the identity keeps (nearly all of them)
//!   stands for 8 frames, and each of its solutions for a class of 8
//!   solutions, the only member of its class with this frame;
//! - a frame that some symmetries keep (its stabilizer `H`) stands for
//!   8 / |H| frames, and a class of solutions meets it |H| / |Stab(s)|
//!   times, `Stab(s)` being the symmetries that keep the solution `s`. Its
//!   solutions are compared with their images under `H` (the rare
//!   [`LeafCounter`] of [`SymmetricClasses`]): the smallest image is counted, in a
//!   class of 8 / |Stab(s)| boards.
//!
//! Which member of a class of frames is searched is free. The walk goes
//! down the rows, so the member chosen is the one whose first inner rows
//! offer the fewest squares ([`Frame::all`]): at n = 16 this visits 14%
//! fewer nodes than the frame listed first of each class would.

use std::cmp::Ordering;

use queens_core::Symmetry;

use crate::classes::Classes;
use crate::rules::{MAX_N, Rules, full};
use crate::walk::{Board, LeafCounter};

/// The most queens a frame holds: one for each edge.
const EDGES: usize = 4;

/// The first inner rows whose open squares choose a class's member: their
/// product estimates the width of the top of the search.
const SCORED_ROWS: usize = 4;

/// The queens of the four edges of a board: one frame of a class of frames
/// under the eight symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    /// The border queens as `(row, column)`, in increasing order; the first
    /// `len` are used.
    queens: [(u8, u8); EDGES],
    len: u8,
    /// Bit `k` set: `Symmetry::ALL[k]` maps the frame to itself. Bit 0, the
    /// identity, is always set.
    stabilizer: u8,
    /// The number of frames in the class.
    orbit: u8,
}

impl Frame {
    /// One frame of each class of frames of an `n`×`n` board (n ≥ 2,
    /// n ≤ 64), in the order their smallest members are met when the edge
    /// queens' columns and rows are counted up (top, bottom, left, right);
    /// each the member of its class with the fewest open squares in its
    /// first inner rows.
    pub fn all(n: usize) -> Vec<Frame> {
        debug_assert!((2..=MAX_N).contains(&n));
        let last = n - 1;
        let mut frames = Vec::new();
        // An image's top queen stands in column a, n − 1 − a or the like of
        // another edge's queen: the smallest member's top queen is nearest
        // a corner of all four, which bounds the other three.
        for top in 0..=last / 2 {
            let nearer = top..=last - top;
            for bottom in nearer.clone() {
                for left in nearer.clone() {
                    for right in nearer.clone() {
                        let squares = [(0, top), (last, bottom), (left, 0), (right, last)];
                        if let Some(frame) = Frame::of_edges(n, squares) {
                            frames.push(frame);
                        }
                    }
                }
            }
        }
        frames
    }

    /// The frame with these edge queens (top, bottom, left, right), as the
    /// member its class searches: `None` when the queens attack each other,
    /// disagree on a corner, or are not the smallest member of their class.
    fn of_edges(n: usize, squares: [(usize, usize); EDGES]) -> Option<Frame> {
        let last = n - 1;
        let [(_, top), (_, bottom), (left, _), (right, _)] = squares;
        // A corner queen stands on both of its edges, or on neither.
        let corners_agree = (top == 0) == (left == 0)
            && (top == last) == (right == 0)
            && (bottom == 0) == (left == last)
            && (bottom == last) == (right == last);
        if !corners_agree {
            return None;
        }
        let frame = Frame::from_squares(&squares)?;
        // Most frames are not the smallest of their class: stop at the
        // first smaller image.
        if Symmetry::ALL[1..]
            .iter()
            .any(|&symmetry| frame.image(n, symmetry).queens() < frame.queens())
        {
            return None;
        }
        let images = Symmetry::ALL.map(|symmetry| frame.image(n, symmetry));
        let chosen = images
            .iter()
            .min_by_key(|image| (image.score(n), image.queens))
            .copied()?;
        let stabilizer = Symmetry::ALL
            .iter()
            .enumerate()
            .filter(|(_, symmetry)| chosen.image(n, **symmetry) == chosen)
            .fold(0u8, |bits, (k, _)| bits | 1 << k);
        Some(Frame {
            stabilizer,
            orbit: (8 / stabilizer.count_ones()) as u8,
            ..chosen
        })
    }

    /// A frame of these queens (duplicates merged), `None` when two attack
    /// each other.
    fn from_squares(squares: &[(usize, usize)]) -> Option<Frame> {
        let mut queens = [(u8::MAX, u8::MAX); EDGES];
        for (queen, &(row, col)) in queens.iter_mut().zip(squares) {
            *queen = (row as u8, col as u8);
        }
        queens.sort_unstable();
        // Merge a corner queen met on two edges, keeping the padding last.
        let mut len = 0;
        for i in 0..squares.len() {
            if i == 0 || queens[i] != queens[len - 1] {
                queens[len] = queens[i];
                len += 1;
            }
        }
        queens[len..].fill((u8::MAX, u8::MAX));
        let attack = |a: (u8, u8), b: (u8, u8)| {
            a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
        };
        for i in 0..len {
            if queens[i + 1..len].iter().any(|&b| attack(queens[i], b)) {
                return None;
            }
        }
        Some(Frame {
            queens,
            len: len as u8,
            stabilizer: 1,
            orbit: 1,
        })
    }

    /// The frame's image under `symmetry`, its queens sorted again.
    fn image(&self, n: usize, symmetry: Symmetry) -> Frame {
        let mut image = *self;
        for (to, &(row, col)) in image.queens.iter_mut().zip(self.queens()) {
            let (row, col) = symmetry.apply_to_square(n, usize::from(row), usize::from(col));
            *to = (row as u8, col as u8);
        }
        image.queens[..usize::from(self.len)].sort_unstable();
        image
    }

    /// The product of the open squares of the first inner rows: the
    /// smaller, the narrower the top of the search.
    fn score(&self, n: usize) -> u64 {
        (0..n)
            .filter(|&row| !self.holds_row(row))
            .take(SCORED_ROWS)
            .map(|row| u64::from(self.open(n, row).count_ones()))
            .product()
    }

    /// Whether a queen of the frame stands in `row`.
    fn holds_row(&self, row: usize) -> bool {
        self.queens()
            .iter()
            .any(|&(fixed, _)| usize::from(fixed) == row)
    }

    /// The border queens as `(row, column)`, in increasing order.
    pub fn queens(&self) -> &[(u8, u8)] {
        &self.queens[..usize::from(self.len)]
    }

    /// The number of frames of the class this one stands for: 8, 4 or 2.
    pub fn orbit(&self) -> usize {
        usize::from(self.orbit)
    }

    /// Whether a symmetry other than the identity keeps the frame: its
    /// solutions are then compared with their images.
    pub fn is_symmetric(&self) -> bool {
        self.stabilizer != 1
    }

    /// The rows and squares left to the search inside the frame on an
    /// `n`×`n` board.
    pub(crate) fn inner(&self, n: usize) -> Inner {
        let mut inner = Inner {
            depth: 0,
            rows: [0; MAX_N],
            allow: [0; MAX_N],
        };
        for row in 0..n {
            if self.holds_row(row) {
                continue;
            }
            inner.rows[inner.depth] = row as u8;
            inner.allow[inner.depth] = self.open(n, row);
            inner.depth += 1;
        }
        // The board's end below the last inner row, so that the last row's
        // shift is defined too.
        inner.rows[inner.depth] = n as u8;
        inner
    }

    /// The squares of `row` that no queen of the frame attacks.
    fn open(&self, n: usize, row: usize) -> u64 {
        self.queens().iter().fold(full(n), |open, &(fixed, col)| {
            let (fixed, col) = (usize::from(fixed), usize::from(col));
            let distance = row.abs_diff(fixed);
            let mut attacked = 1u64 << col;
            if col + distance < n {
                attacked |= 1 << (col + distance);
            }
            if distance <= col {
                attacked |= 1 << (col - distance);
            }
            open & !attacked
        })
    }

    /// The frame as rules of the row-by-row walk: each queen's row may take
    /// its column only, every other row the squares the frame leaves open.
    pub(crate) fn rules(&self, n: usize) -> Rules {
        let inner = self.inner(n);
        let rules = self
            .queens()
            .iter()
            .fold(Rules::new(n), |rules, &(row, col)| {
                rules.allowing(usize::from(row), 1 << col)
            });
        (0..inner.depth).fold(rules, |rules, depth| {
            rules.allowing(usize::from(inner.rows[depth]), inner.allow[depth])
        })
    }

    /// The symmetries other than the identity that keep the frame.
    fn keepers(&self) -> impl Iterator<Item = Symmetry> + '_ {
        Symmetry::ALL
            .into_iter()
            .enumerate()
            .skip(1)
            .filter(|(k, _)| self.stabilizer & 1 << k != 0)
            .map(|(_, symmetry)| symmetry)
    }
}

/// The search inside a frame: the rows without a queen of the frame, top
/// down, and the squares the frame leaves open in each.
#[derive(Clone, Debug)]
pub(crate) struct Inner {
    /// The number of inner rows.
    pub(crate) depth: usize,
    /// `rows[d]`: the board row of inner row `d`; `rows[depth]` is `n`.
    pub(crate) rows: [u8; MAX_N],
    /// `allow[d]`: the squares of inner row `d` that the frame leaves open.
    pub(crate) allow: [u64; MAX_N],
}

/// The lines that the queens placed inside a frame hold through an inner
/// row: columns, and the `\` and `/` diagonals where they cross it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lines {
    pub(crate) cols: u64,
    pub(crate) down: u64,
    pub(crate) up: u64,
}

impl Inner {
    /// The rows a queen's diagonals move from inner row `d` to the next:
    /// one, or more where the frame's own rows lie between.
    pub(crate) fn shift(&self, d: usize) -> u32 {
        u32::from(self.rows[d + 1] - self.rows[d])
    }

    /// The squares of inner row `d` open under `lines`.
    pub(crate) fn open(&self, d: usize, lines: Lines) -> u64 {
        self.allow[d] & !(lines.cols | lines.down | lines.up)
    }

    /// The lines through inner row `d + 1` once a queen stands on `bit` of
    /// inner row `d` (not the last).
    pub(crate) fn below(&self, d: usize, lines: Lines, bit: u64) -> Lines {
        let shift = self.shift(d);
        Lines {
            cols: lines.cols | bit,
            down: (lines.down | bit) << shift,
            up: (lines.up | bit) >> shift,
        }
    }

    /// The lines through inner row `columns.len()` with queens on
    /// `columns` in the inner rows above it; `None` when one of them is not
    /// open.
    pub(crate) fn after(&self, columns: &[usize]) -> Option<Lines> {
        columns
            .iter()
            .enumerate()
            .try_fold(Lines::default(), |lines, (d, &col)| {
                let bit = 1u64.checked_shl(col as u32)?;
                (self.open(d, lines) & bit != 0).then(|| self.below(d, lines, bit))
            })
    }
}

/// Counts the classes of a symmetric frame's solutions: each board is
/// compared with its images under the symmetries that keep the frame.
#[derive(Debug)]
pub(crate) struct SymmetricClasses<'f> {
    frame: &'f Frame,
    n: usize,
    /// The classes found so far.
    pub(crate) classes: Classes,
}

impl<'f> SymmetricClasses<'f> {
    /// A counter for `frame` on an `n`×`n` board.
    pub(crate) fn new(frame: &'f Frame, n: usize) -> Self {
        SymmetricClasses {
            frame,
            n,
            classes: Classes::default(),
        }
    }

    /// The size of the class of `queens` if it is the smallest of its
    /// images under the frame's symmetries, `None` if an image is smaller
    /// (that image is counted instead).
    fn class_size(&self, queens: &[usize]) -> Option<usize> {
        let mut image = [0; MAX_N];
        let image = &mut image[..queens.len()];
        let mut keeping = 1;
        for symmetry in self.frame.keepers() {
            symmetry.apply_into(queens, image);
            match (*image).cmp(queens) {
                Ordering::Less => return None,
                Ordering::Equal => keeping += 1,
                Ordering::Greater => {}
            }
        }
        Some(8 / keeping)
    }
}

impl LeafCounter for SymmetricClasses<'_> {
    fn leaf(&mut self, board: Board<'_>) {
        let mut queens = [0; MAX_N];
        for (row, queen) in queens[..self.n].iter_mut().enumerate() {
            *queen = board.column(row);
        }
        match self.class_size(&queens[..self.n]) {
            Some(8) => self.classes.eight += 1,
            Some(4) => self.classes.four += 1,
            Some(2) => self.classes.two += 1,
            Some(size) => unreachable!("a class of {size} boards of n ≥ 2"),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_of_small_boards() {
        // The counts of classes of frames, and of frames each stands for:
        // 8 for nearly all.
        let classes: Vec<usize> = (4..=10).map(|n| Frame::all(n).len()).collect();
        assert_eq!(classes, [2, 5, 16, 34, 78, 147, 272]);
        let frames = Frame::all(8);
        let symmetric = frames.iter().filter(|frame| frame.is_symmetric()).count();
        assert_eq!(symmetric, 9);
        assert!(
            frames
                .iter()
                .all(|frame| frame.orbit() * frame.stabilizer.count_ones() as usize == 8)
        );
        assert!(Frame::all(3).is_empty());
    }

    #[test]
    fn the_four_queens_frame_is_kept_by_a_quarter_turn() {
        // [1, 3, 0, 2]: every queen on an edge, the board its own frame.
        let frame = Frame::all(4)
            .into_iter()
            .find(|frame| frame.queens().len() == 4)
            .unwrap();
        assert_eq!(frame.orbit(), 2);
        assert_eq!(frame.inner(4).depth, 0);
        let counter = SymmetricClasses::new(&frame, 4);
        let queens: Vec<usize> = (0..4)
            .map(|row| usize::from(frame.queens()[row].1))
            .collect();
        assert_eq!(counter.class_size(&queens), Some(2));
    }

    #[test]
    fn inner_rows_skip_the_frames_rows() {
        // Queens (0, 2), (3, 0), (4, 7), (7, 5) of an 8×8 board.
        let frame = Frame::from_squares(&[(0, 2), (7, 5), (3, 0), (4, 7)]).unwrap();
        let inner = frame.inner(8);
        assert_eq!(inner.depth, 4);
        assert_eq!(inner.rows[..4], [1, 2, 5, 6]);
        assert_eq!((inner.shift(0), inner.shift(1), inner.shift(2)), (1, 3, 1));
        // Row 1: (0, 2) holds columns 1 to 3, (3, 0) columns 0 and 2,
        // (4, 7) columns 4 and 7, (7, 5) column 5: only 6 is open.
        assert_eq!(inner.allow[0], 0b0100_0000);
        assert!(Frame::from_squares(&[(0, 2), (1, 3)]).is_none());
    }
}
