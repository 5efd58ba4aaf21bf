//! The state of one row as masks, and the rules a counting search adds to
//! the queens' own: which columns a row may take at all, and which columns
//! must be taken before a row is reached.
//!
//! The plain search has no rule of its own: every row may take every free
//! column. The mirror lets the first row take only the left half of the
//! board; Takaken's branches fix the first queens and keep the edges clear
//! near the corners (see [`crate::classes`]). All of them are the same walk
//! over [`Rules`]: a technique costs the walk nothing per node but reading
//! a row's allowed columns, and for Takaken's side branches one test of the
//! columns needed.

/// The largest board: one bit per column in a `u64`.
pub(crate) const MAX_N: usize = 64;

/// Entries in every per-row table: one per row, one for the full board
/// below the last row, and room to spare up to a power of two, so that an
/// index masked with `SLOTS - 1` is in bounds without a check in the walk.
pub(crate) const SLOTS: usize = 128;

/// Masks an index into a per-row table: a no-op for every row of an
/// accepted board, and proof to the compiler that the index is in bounds.
#[inline(always)]
pub(crate) const fn slot(row: usize) -> usize {
    row & (SLOTS - 1)
}

/// The columns `0..n` as a mask.
pub(crate) const fn full(n: usize) -> u64 {
    if n == 0 { 0 } else { u64::MAX >> (64 - n) }
}

/// The lowest set bit of `mask`: the leftmost column in it, 0 when empty.
#[inline(always)]
pub(crate) const fn lowest(mask: u64) -> u64 {
    mask & mask.wrapping_neg()
}

/// What a search knows when it reaches a row: the lines the queens above
/// hold through the row, and the columns of the row still to try.
///
/// Bit `c` of each mask stands for column `c`. The three line masks are seed
/// 004's lookup arrays `colfree`, `downfree` and `upfree`, negated and
/// packed, with one difference: the diagonal masks hold only the diagonals
/// that cross this row, at the column where they cross it. Going down a
/// row, a `\` diagonal crosses one column further right and a `/` one
/// column further left, so the masks shift by one bit per row instead of
/// being indexed by `row - col` and `row + col`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Slot {
    /// Columns holding a queen.
    pub(crate) cols: u64,
    /// Columns where a `\` diagonal holding a queen crosses this row.
    pub(crate) down: u64,
    /// Columns where a `/` diagonal holding a queen crosses this row.
    pub(crate) up: u64,
    /// Columns of this row not yet tried that are safe and allowed.
    pub(crate) free: u64,
}

impl Slot {
    /// The lines of the row below once a queen stands on `bit` of this row.
    #[inline(always)]
    pub(crate) const fn lines_below(&self, bit: u64) -> (u64, u64, u64) {
        (
            self.cols | bit,
            (self.down | bit) << 1,
            (self.up | bit) >> 1,
        )
    }
}

/// The rules of one search: the board size, the columns each row may take,
/// and the columns that must be taken before a row is reached.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    /// The board size.
    n: usize,
    /// Every column of the board.
    all: u64,
    /// `allow[row]`: the columns `row` may take. Zero past the last row, so
    /// that the full board below it offers nothing.
    allow: [u64; SLOTS],
    /// `need[row]`: the columns the rows above `row` must all have taken;
    /// a board that reaches `row` without them is abandoned there.
    need: [u64; SLOTS],
    /// Whether any row needs columns: the walk skips the test otherwise.
    needs: bool,
}

impl Rules {
    /// The rules of the plain search on an `n`×`n` board: any row, any
    /// column.
    pub(crate) fn new(n: usize) -> Self {
        let all = full(n);
        let mut allow = [0; SLOTS];
        allow[..n].fill(all);
        Rules {
            n,
            all,
            allow,
            need: [0; SLOTS],
            needs: false,
        }
    }

    /// These rules with `row` limited to the columns in `mask`.
    pub(crate) fn allowing(mut self, row: usize, mask: u64) -> Self {
        self.allow[row] &= mask;
        self
    }

    /// These rules with the columns in `mask` required to be taken by the
    /// rows above `row`.
    pub(crate) fn needing(mut self, row: usize, mask: u64) -> Self {
        self.need[row] |= mask;
        self.needs = true;
        self
    }

    /// The board size.
    pub(crate) const fn n(&self) -> usize {
        self.n
    }

    /// Every column of the board.
    pub(crate) const fn all(&self) -> u64 {
        self.all
    }

    /// Whether some row needs columns taken above it.
    pub(crate) const fn needs(&self) -> bool {
        self.needs
    }

    /// The first row of an empty board.
    pub(crate) fn root(&self) -> Slot {
        Slot {
            free: self.allow[0],
            ..Slot::default()
        }
    }

    /// The row below `row`, reached with a queen on `bit` of `row` (which
    /// is `slot`). With `NEED`, a row reached without the columns it needs
    /// offers nothing; without it, the rules must need none.
    #[inline(always)]
    pub(crate) fn child<const NEED: bool>(&self, slot: &Slot, bit: u64, row: usize) -> Slot {
        let below = self::slot(row + 1);
        let (cols, down, up) = slot.lines_below(bit);
        let mut free = self.allow[below] & !(cols | down | up);
        if NEED {
            // Zero when a needed column is still free, every bit otherwise:
            // arithmetic rather than a jump, which the walk could not guess.
            let missing = self.need[below] & !cols;
            free &= u64::from(missing == 0).wrapping_neg();
        }
        Slot {
            cols,
            down,
            up,
            free,
        }
    }

    /// The row below `row` as [`Rules::child`] finds it, the need tested
    /// when these rules have one: for the searches that are not the hot
    /// loop.
    pub(crate) fn child_checked(&self, slot: &Slot, bit: u64, row: usize) -> Slot {
        if self.needs {
            self.child::<true>(slot, bit, row)
        } else {
            self.child::<false>(slot, bit, row)
        }
    }
}

/// The column of the queen of `row` on a board whose rows `0..=row + 1`
/// are in `slots`: the one column the row below holds and `row` does not.
#[cfg(test)]
pub(crate) fn column(slots: &[Slot], row: usize) -> usize {
    (slots[row + 1].cols ^ slots[row].cols).trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_move_one_column_per_row() {
        // A queen in column 2 of an 8×8 board: below it, its column, the `\`
        // diagonal one column right and the `/` one column left are held.
        let rules = Rules::new(8);
        let root = rules.root();
        assert_eq!(root.free, 0xff);
        let below = rules.child::<false>(&root, 1 << 2, 0);
        assert_eq!(below.cols, 0b0000_0100);
        assert_eq!(below.down, 0b0000_1000);
        assert_eq!(below.up, 0b0000_0010);
        assert_eq!(below.free, 0b1111_0001);
        let further = rules.child::<false>(&below, 1 << 7, 1);
        // Queens in columns 2 and 7: row 2 holds columns 2 and 7, the `\`
        // diagonals at 4 (and 8, off the board), the `/` ones at 0 and 6.
        assert_eq!(further.free, 0b0010_1010);
        assert_eq!(column(&[root, below, further], 1), 7);
    }

    #[test]
    fn rules_allow_and_need() {
        let rules = Rules::new(6).allowing(1, 0b11_1100).needing(2, 0b10_0000);
        assert!(rules.needs());
        let root = rules.root();
        let one = rules.child::<true>(&root, 1, 0);
        assert_eq!(one.free, 0b11_1100 & !0b00_0011);
        // Row 2 is reached without column 5: it offers nothing.
        let two = rules.child::<true>(&one, 1 << 3, 1);
        assert_eq!(two.free, 0);
        let two = rules.child::<true>(&one, 1 << 5, 1);
        // Queens in columns 0 and 5: row 2 holds columns 0 and 5, `\` at 2
        // and 6 (off the board), `/` at 4.
        assert_eq!(two.free, 0b00_1010);
        assert_eq!(rules.child_checked(&one, 1 << 3, 1).free, 0);
        // The last row's child, the full board, offers nothing.
        assert_eq!(Rules::new(6).allow[6], 0);
        assert_eq!(full(64), u64::MAX);
        assert_eq!(full(0), 0);
        assert_eq!(lowest(0b1011_0000), 0b1_0000);
    }
}
