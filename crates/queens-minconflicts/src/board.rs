//! The board of the local search: one queen per row, and how many queens
//! stand on each diagonal, so that whether a square is attacked, and what a
//! swap would change, costs a few array reads whatever `n` is.

use queens_core::Line;

/// A placement `queens[row] = col` with its diagonal counters.
///
/// Columns are never counted: the search only ever permutes the columns
/// among the rows, so no two queens share one. Every count is a `u32`, half
/// the memory of a `usize`, so that more of the board stays in the caches:
/// at n = 10⁷ the three arrays already take 200 MB.
pub(crate) struct Board {
    n: usize,
    /// `queens[row]`: the column of the queen in `row`.
    queens: Vec<u32>,
    /// Queens on each `/` anti-diagonal, indexed `row + col`.
    up: Vec<u32>,
    /// Queens on each `\` diagonal, indexed `row + n - 1 - col`.
    down: Vec<u32>,
    /// Pairs of queens attacking along a diagonal: zero exactly when the
    /// placement is a solution.
    pairs: u64,
}

impl Board {
    /// An empty `n`×`n` board (n ≥ 1) with `queens` as its pool of columns:
    /// nothing is counted until queens are put down with [`Board::put`].
    pub(crate) fn new(n: usize, queens: Vec<u32>) -> Self {
        Board {
            n,
            queens,
            up: vec![0; 2 * n - 1],
            down: vec![0; 2 * n - 1],
            pairs: 0,
        }
    }

    /// The column in `row`, counted on the board or still in the pool.
    #[inline(always)]
    pub(crate) fn column(&self, row: usize) -> usize {
        self.queens[row] as usize
    }

    /// Writes `col` into `row` without counting it: for the pool, whose
    /// columns are not on the board yet.
    #[inline(always)]
    pub(crate) fn set_column(&mut self, row: usize, col: usize) {
        // Columns are below n ≤ the solver's max_n, far below u32::MAX.
        self.queens[row] = col as u32;
    }

    /// The attacking pairs: zero for a solution.
    pub(crate) fn pairs(&self) -> u64 {
        self.pairs
    }

    /// The placement, as the model hands solutions on.
    pub(crate) fn placement(&self) -> Vec<usize> {
        self.queens.iter().map(|&col| col as usize).collect()
    }

    #[inline(always)]
    fn lines(&self, row: usize, col: usize) -> (usize, usize) {
        (row + col, row + self.n - 1 - col)
    }

    /// The line along which a queen on the board would attack a new queen
    /// on `(row, col)`, if any.
    #[inline(always)]
    pub(crate) fn attack_on(&self, row: usize, col: usize) -> Option<Line> {
        let (up, down) = self.lines(row, col);
        line(self.up[up] > 0, self.down[down] > 0)
    }

    /// Puts a queen on `(row, col)` and returns the queens it now attacks.
    #[inline(always)]
    pub(crate) fn put(&mut self, row: usize, col: usize) -> u32 {
        let (up, down) = self.lines(row, col);
        let others = self.up[up] + self.down[down];
        self.up[up] += 1;
        self.down[down] += 1;
        self.set_column(row, col);
        self.pairs += u64::from(others);
        others
    }

    /// Takes the queen off `(row, col)` and returns the queens it attacked.
    /// The column stays written in `row`, as the pool needs it.
    #[inline(always)]
    pub(crate) fn lift(&mut self, row: usize, col: usize) -> u32 {
        let (up, down) = self.lines(row, col);
        self.up[up] -= 1;
        self.down[down] -= 1;
        let others = self.up[up] + self.down[down];
        self.pairs -= u64::from(others);
        others
    }

    /// Whether another queen attacks the queen in `row`.
    #[inline(always)]
    pub(crate) fn attacked(&self, row: usize) -> bool {
        self.conflict(row).is_some()
    }

    /// The line along which another queen attacks the queen in `row`, if
    /// any: what a trace shows for a check.
    #[inline(always)]
    pub(crate) fn conflict(&self, row: usize) -> Option<Line> {
        let (up, down) = self.lines(row, self.column(row));
        line(self.up[up] > 1, self.down[down] > 1)
    }

    /// Swaps the columns of rows `i` and `j` when that helps, and says
    /// whether it did and along which lines the two queens were attacked
    /// where they landed.
    ///
    /// A swap is *clean* when both queens land on diagonals no other queen
    /// stands on: the attacks of the two queens vanish and no other queen
    /// gains one. Only clean swaps are taken unless `reducing` allows any
    /// swap that lowers the number of attacking pairs, which may leave a
    /// third queen newly attacked. Otherwise the swap is undone.
    #[inline(always)]
    pub(crate) fn try_swap(&mut self, i: usize, j: usize, reducing: bool) -> Tried {
        let (a, b) = (self.column(i), self.column(j));
        let before = self.lift(i, a) + self.lift(j, b);
        let after = self.put(i, b) + self.put(j, a);
        // For a trace only: the timed search never reads them.
        let conflicts = [self.conflict(i), self.conflict(j)];
        let swapped = after == 0 || (reducing && after < before);
        if !swapped {
            self.lift(i, b);
            self.lift(j, a);
            self.put(i, a);
            self.put(j, b);
        }
        Tried { swapped, conflicts }
    }
}

/// What [`Board::try_swap`] did.
pub(crate) struct Tried {
    /// Whether the swap was kept.
    pub(crate) swapped: bool,
    /// The lines along which each queen was attacked where it landed.
    pub(crate) conflicts: [Option<Line>; 2],
}

/// The line a check names: the `/` anti-diagonal before the `\` diagonal.
#[inline(always)]
fn line(up: bool, down: bool) -> Option<Line> {
    if up {
        Some(Line::AntiDiagonal)
    } else if down {
        Some(Line::Diagonal)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puts the placement `queens` on an empty board.
    fn board(queens: &[u32]) -> Board {
        let mut board = Board::new(queens.len(), queens.to_vec());
        for (row, &col) in queens.iter().enumerate() {
            board.put(row, col as usize);
        }
        board
    }

    #[test]
    fn counters_count_attacking_pairs() {
        assert_eq!(board(&[1, 3, 0, 2]).pairs(), 0);
        // The main diagonal holds four queens: six pairs.
        let identity = board(&[0, 1, 2, 3]);
        assert_eq!(identity.pairs(), 6);
        assert_eq!(identity.conflict(0), Some(Line::Diagonal));
        // The anti-diagonal as well.
        assert_eq!(board(&[3, 2, 1, 0]).conflict(2), Some(Line::AntiDiagonal));
    }

    #[test]
    fn the_repair_of_the_essay() {
        // Rows 5 and 6 attack along a `\` diagonal; swapping the columns of
        // rows 6 and 2 is clean and solves the board.
        let mut board = board(&[0, 4, 1, 5, 2, 6, 7, 3]);
        assert_eq!(board.pairs(), 1);
        assert!(board.attacked(5) && board.attacked(6) && !board.attacked(2));
        // Swapping rows 6 and 0 lowers nothing and is undone.
        assert!(!board.try_swap(6, 0, true).swapped);
        assert_eq!(board.placement(), [0, 4, 1, 5, 2, 6, 7, 3]);
        assert_eq!(board.pairs(), 1);
        let tried = board.try_swap(6, 2, false);
        assert!(tried.swapped);
        assert_eq!(tried.conflicts, [None, None]);
        assert_eq!(board.placement(), [0, 4, 7, 5, 2, 6, 1, 3]);
        assert_eq!(board.pairs(), 0);
    }

    #[test]
    fn a_swap_that_is_not_clean_needs_leave() {
        // [0, 1, 2, 3] has six pairs; swapping rows 0 and 1 gives
        // [1, 0, 2, 3] with two, but the two swapped queens land on one
        // `/` anti-diagonal: not clean.
        let mut identity = board(&[0, 1, 2, 3]);
        let tried = identity.try_swap(0, 1, false);
        assert!(!tried.swapped);
        assert_eq!(tried.conflicts[1], Some(Line::AntiDiagonal));
        assert_eq!(identity.pairs(), 6);
        assert!(identity.try_swap(0, 1, true).swapped);
        assert_eq!(identity.placement(), [1, 0, 2, 3]);
        assert_eq!(identity.pairs(), 2);
    }
}
