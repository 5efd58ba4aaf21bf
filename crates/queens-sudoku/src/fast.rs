//! The fast solver: candidates kept digit by digit and band by band as bit
//! sets of 27 cells, so that a few table look-ups apply the rules of one
//! digit to three rows and three boxes at once. The crate documentation
//! tells the ideas and what each bought, measured.

use crate::grid::{CELLS, Grid};
use crate::{Info, Outcome, Search, Stats, SudokuSolver};

/// The fast solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct FastSolver;

impl SudokuSolver for FastSolver {
    fn info(&self) -> Info {
        Info {
            name: "fast",
            summary: "bit sets per digit and band: locked candidates, hidden and naked singles, two-candidate cells guessed first",
            checks: "updates of one digit's candidates in one band of three rows",
        }
    }

    fn solve_within(&self, grid: &Grid, limit: usize, most_placements: u64) -> Outcome {
        let mut search = Search::new(limit, most_placements);
        if limit > 0 {
            if let Some(board) = Board::with_givens(grid) {
                board.search(&mut search);
            }
            if !search.is_done() {
                search.exhausted();
            }
        }
        search.finish()
    }
}

/// A contradiction: some digit has no place left in a row or box, or some
/// cell no digit left.
struct Stuck;

/// The 27 bits of a band's row, `row` 0 to 2.
const ROW: [u32; 3] = [0o777, 0o777 << 9, 0o777 << 18];

/// The cells of a band in the columns of `cols` (bit `col`, 0 to 8): the
/// nine bits repeated in each of the three rows.
const fn columns(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// For each 9-bit row of a digit's candidates, which of its three
/// mini-rows (the three cells it shares with a box) hold any: bit `k` for
/// box `k` of the band.
const MINI_ROWS: [u32; 512] = mini_rows();

/// See [`MINI_ROWS`].
const fn mini_rows() -> [u32; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 0b111 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
}

/// For each set of mini-rows still open to a digit in a band (bit `3 * row
/// + box`), the cells of the mini-rows that some valid placement can use.
///
/// A digit goes once in each of the band's three rows and once in each of
/// its three boxes, so the mini-rows it ends up in pair the rows with the
/// boxes: one of the six permutations. A mini-row in none of the
/// permutations the open set allows is ruled out, and an open set that
/// allows none (a row or box left empty) is a contradiction, marked 0. This
/// one look-up does locked candidates both ways (pointing and claiming) and
/// hidden singles in rows and boxes, within the band.
const KEEP: [u32; 512] = keep();

/// See [`KEEP`].
const fn keep() -> [u32; 512] {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut open = 0;
    while open < 512 {
        let mut usable = 0;
        let mut p = 0;
        while p < 6 {
            let [a, b, c] = PERMUTATIONS[p];
            let minis = 1 << a | 1 << (3 + b) | 1 << (6 + c);
            if open & minis == minis {
                usable |= minis;
            }
            p += 1;
        }
        let mut mini = 0;
        while mini < 9 {
            if usable >> mini & 1 != 0 {
                table[open] |= 0b111 << (mini / 3 * 9 + mini % 3 * 3);
            }
            mini += 1;
        }
        open += 1;
    }
    table
}

/// For each set of columns that hold a digit's candidates in a band (the
/// nine bits of the band's rows or-ed together), the columns the digit must
/// leave in the other two bands: the column of each box where the digit is
/// confined to one column (pointing, across bands). A digit placed in the
/// band is the simplest case: its box keeps it in one column.
const POINTING: [u32; 512] = pointing();

/// See [`POINTING`].
const fn pointing() -> [u32; 512] {
    let mut table = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let triplet = cols >> (3 * k) & 0b111;
            if triplet != 0 && triplet & (triplet - 1) == 0 {
                table[cols] |= columns((triplet << (3 * k)) as u32);
            }
            k += 1;
        }
        cols += 1;
    }
    table
}

/// For each cell of a band, its row and its box within the band.
const ROW_AND_BOX: [u32; 27] = row_and_box();

/// See [`ROW_AND_BOX`].
const fn row_and_box() -> [u32; 27] {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let box_cols: u32 = 0b111 << (cell % 9 / 3 * 3);
        table[cell] = ROW[cell / 9] | columns(box_cols);
        cell += 1;
    }
    table
}

/// The search state.
///
/// Bands are the three horizontal stripes of three rows; a cell of band
/// `b` is bit `9 * row + col` of a `u32`, `row` 0 to 2 within the band.
#[derive(Clone, Copy)]
struct Board {
    /// `cand[3 * digit + band]`: the cells of the band where the digit (0 to
    /// 8) stands or may still go. A placed digit stays as its own candidate,
    /// so each row and box of every band keeps at least one bit per digit
    /// for as long as the board is consistent.
    cand: [u32; 27],
    /// `cand` as of its last update: an entry that differs needs one.
    seen: [u32; 27],
    /// The empty cells of each band.
    open: [u32; 3],
}

impl Board {
    /// The board of `grid`'s givens, or `None` when they contradict.
    fn with_givens(grid: &Grid) -> Option<Board> {
        let mut board = Board {
            cand: [0o777_777_777; 27],
            seen: [0; 27],
            open: [0o777_777_777; 3],
        };
        for (cell, &value) in grid.cells().iter().enumerate() {
            if value != 0 {
                let (digit, band, bit) = (usize::from(value - 1), cell / 27, cell % 27);
                if board.cand[3 * digit + band] & 1 << bit == 0 {
                    return None;
                }
                board.restrict(digit, band, bit);
                board.place(digit, band, bit);
            }
        }
        Some(board)
    }

    /// Depth-first search below this board. Each level fills the cell it
    /// guesses at, so the recursion is at most 81 deep: with two boards of
    /// 228 bytes a level, a few tens of kilobytes of stack at worst.
    fn search(mut self, search: &mut Search) {
        if self.settle(&mut search.stats).is_err() {
            return;
        }
        let Some((band, bit)) = self.choose() else {
            search.found(self.grid());
            return;
        };
        if search.spent() {
            return;
        }
        let mut digits = self.digits_at(band, bit);
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut child = self;
            child.restrict(digit, band, bit);
            search.stats.guesses += 1;
            child.search(search);
            if search.is_done() {
                return;
            }
            search.stats.backtracks += 1;
        }
    }

    /// Applies the rules until nothing more follows: every changed digit
    /// and band updated, then naked singles placed, again until neither
    /// finds anything.
    fn settle(&mut self, stats: &mut Stats) -> Result<(), Stuck> {
        loop {
            self.update_all(stats)?;
            if self.open == [0; 3] || !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    /// Updates every digit and band whose candidates changed, until none did.
    fn update_all(&mut self, stats: &mut Stats) -> Result<(), Stuck> {
        // Counted in locals and added once: an increment through `stats` in
        // the inner loop cost about 8% (measured).
        let (mut updates, mut placements) = (0, 0);
        let result = self.update_until_stable(&mut updates, &mut placements);
        stats.checks += updates;
        stats.placements += placements;
        result
    }

    /// [`Board::update_all`]'s loop, counting updates and placements.
    fn update_until_stable(
        &mut self,
        updates: &mut u64,
        placements: &mut u64,
    ) -> Result<(), Stuck> {
        loop {
            let mut changed = false;
            // Written out for each index, so that each update is compiled
            // with its digit, band and neighbours known.
            macro_rules! each_index {
                ($($index:literal)*) => {$(
                    if self.cand[$index] != self.seen[$index] {
                        *updates += 1;
                        *placements += self.update($index / 3, $index % 3)?;
                        changed = true;
                    }
                )*};
            }
            each_index!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !changed {
                return Ok(());
            }
        }
    }

    /// Applies the rules of one digit in one band: rows and boxes
    /// ([`KEEP`]), then pointing to the other bands ([`POINTING`]); places
    /// the digit in each row where one cell is left to it, and returns how
    /// many it placed.
    #[inline(always)]
    fn update(&mut self, digit: usize, band: usize) -> Result<u64, Stuck> {
        let index = 3 * digit + band;
        let (next, last) = (3 * digit + (band + 1) % 3, 3 * digit + (band + 2) % 3);
        let cand = self.cand[index];
        let open = MINI_ROWS[(cand & 0o777) as usize]
            | MINI_ROWS[(cand >> 9 & 0o777) as usize] << 3
            | MINI_ROWS[(cand >> 18) as usize] << 6;
        let cand = cand & KEEP[open as usize];
        if cand == 0 {
            return Err(Stuck);
        }
        self.seen[index] = cand;
        let leave = POINTING[((cand | cand >> 9 | cand >> 18) & 0o777) as usize];
        self.cand[next] &= !leave;
        self.cand[last] &= !leave;
        // The cells alone in their row, placed or not: clearing them from
        // every digit, then giving this one back, costs less than the
        // mispredicted branches of placing only the new ones (measured).
        let lone = |row: u32| {
            let cells = cand & row;
            if cells.is_power_of_two() { cells } else { 0 }
        };
        let solved = lone(ROW[0]) | lone(ROW[1]) | lone(ROW[2]);
        let placed = self.open[band] & solved;
        self.open[band] &= !solved;
        for other in (band..27).step_by(3) {
            self.cand[other] &= !solved;
        }
        self.cand[index] = cand;
        Ok(u64::from(placed.count_ones()))
    }

    /// Places a given, `digit` on cell `bit` of `band` after
    /// [`Board::restrict`]: the cell leaves the other digits and the open
    /// cells; the column in the other bands is the next update's business.
    fn place(&mut self, digit: usize, band: usize, bit: usize) {
        let cell = 1 << bit;
        self.open[band] &= !cell;
        for other in 0..9 {
            if other != digit {
                self.cand[3 * other + band] &= !cell;
            }
        }
    }

    /// Leaves `digit` only cell `bit` in that cell's row and box of `band`;
    /// the next update places it.
    fn restrict(&mut self, digit: usize, band: usize, bit: usize) {
        self.cand[3 * digit + band] &= !ROW_AND_BOX[bit] | 1 << bit;
    }

    /// Finds the open cells with one candidate and restricts their digit to
    /// them; true when there was any. A cell with none is a contradiction.
    fn naked_singles(&mut self) -> Result<bool, Stuck> {
        let mut found = false;
        for band in 0..3 {
            let (once, twice, _) = self.candidate_counts(band);
            if self.open[band] & !once != 0 {
                return Err(Stuck);
            }
            let mut singles = self.open[band] & !twice;
            while singles != 0 {
                let bit = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let digit = (0..9)
                    .find(|&d| self.cand[3 * d + band] >> bit & 1 != 0)
                    .ok_or(Stuck)?;
                self.restrict(digit, band, bit);
                found = true;
            }
        }
        Ok(found)
    }

    /// The cells of `band` with at least one candidate, at least two and at
    /// least three, counted for all nine digits at once.
    fn candidate_counts(&self, band: usize) -> (u32, u32, u32) {
        let (mut once, mut twice, mut thrice) = (0, 0, 0);
        for digit in 0..9 {
            let cand = self.cand[3 * digit + band];
            thrice |= twice & cand;
            twice |= once & cand;
            once |= cand;
        }
        (once, twice, thrice)
    }

    /// The open cell to guess at: the first with two candidates, which halves
    /// the work left whichever way the guess goes, or else the one with
    /// fewest candidates, the first in reading order among equals; `None`
    /// when the board is full.
    fn choose(&self) -> Option<(usize, usize)> {
        for band in 0..3 {
            let (_, twice, thrice) = self.candidate_counts(band);
            let pairs = self.open[band] & twice & !thrice;
            if pairs != 0 {
                return Some((band, pairs.trailing_zeros() as usize));
            }
        }
        let mut best = None;
        let mut fewest = u32::MAX;
        for band in 0..3 {
            let mut open = self.open[band];
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = self.digits_at(band, bit).count_ones();
                if count < fewest {
                    fewest = count;
                    best = Some((band, bit));
                }
            }
        }
        best
    }

    /// The digits still possible on cell `bit` of `band`, bit `digit` set.
    fn digits_at(&self, band: usize, bit: usize) -> u32 {
        (0..9).fold(0, |digits, digit| {
            digits | (self.cand[3 * digit + band] >> bit & 1) << digit
        })
    }

    /// The grid of a full board.
    fn grid(&self) -> Grid {
        let mut cells = [0; CELLS];
        for (index, &cand) in self.cand.iter().enumerate() {
            let (digit, band) = (index / 3, index % 3);
            let mut bits = cand;
            while bits != 0 {
                cells[27 * band + bits.trailing_zeros() as usize] = digit as u8 + 1;
                bits &= bits - 1;
            }
        }
        Grid::from_solver(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The crate's essay says how much a guess copies: one board.
    #[test]
    fn the_essay_quotes_the_size_of_the_board_a_guess_copies() {
        let copied = format!("copy of the board ({} bytes)", std::mem::size_of::<Board>());
        assert!(
            include_str!("lib.rs").contains(&copied),
            "the essay does not say {copied:?}"
        );
    }
}
