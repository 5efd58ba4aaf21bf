//! The bitboard as a solver of the model: every solution of a problem,
//! pre-placed queens kept, in lexicographic order, with statistics and
//! progress, through [`queens_core::Search`].
//!
//! This is the lookup-array search of `queens-lookup` with its three arrays
//! packed into three words (see [`crate::rules::Slot`]): a row's free
//! columns are `!(cols | down | up)`, all at once, and the loop jumps from
//! one free column straight to the next (the lowest set bit) instead of
//! testing the attacked columns between them one by one.
//!
//! # What the statistics count
//!
//! The same as the lookup solver, so that the two can be compared number
//! for number: a queen placed is a node, and each column a row offers
//! (every column, or a pre-placed queen's alone) is one safety check as
//! the search passes it, reading [`CELLS_PER_CHECK`] entries, one bit of
//! each of the three words. The bitboard reads those bits 64 at a time,
//! with one `and` of three words per row rather than three reads per
//! column; that is its gain, and no statistic of the model counts it, so
//! the figures equal `queens-lookup`'s exactly (the tests pin them).

use queens_core::observer::report_top_level;
use queens_core::{Levels, Line, Observer, Order, Problem, Search, SolverInfo, Square};

use crate::rules::{MAX_N, Slot, full, lowest};

/// The bitboard backtracking solver: the lookup-array search, 64 columns
/// at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bitboard;

/// The entries a safety check reads: one bit of each of the three masks.
pub const CELLS_PER_CHECK: u64 = 3;

impl Search for Bitboard {
    const INFO: SolverInfo = SolverInfo {
        name: "bitboard",
        title: "bitboard backtracking",
        seeds: "003, 004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: MAX_N,
        practical_n: 16,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        if n == 0 {
            // The empty board has one solution: no queens at all.
            let _ = observer.solution(&[]);
            return;
        }
        let offers = Offers::new(problem);
        let mut rows = [Slot::default(); MAX_N];
        let mut queens = [0usize; MAX_N];
        rows[0].free = offers.offered[0];
        let mut row = 0;
        // The next column of `row` to report as checked.
        let mut next = offers.columns[0].0;
        loop {
            let here = rows[row];
            if here.free == 0 {
                // Every column left in the row is attacked: back to the row
                // above, to move its queen on.
                offers.report_attacked(observer, row, &here, next..offers.columns[row].1);
                observer.exhausted(row);
                if row == 0 {
                    return;
                }
                row -= 1;
                let col = queens[row];
                observer.removed(Square::new(row, col));
                report_top_level(observer, row, col, offers.columns[0]);
                next = col + 1;
                continue;
            }
            let bit = lowest(here.free);
            let col = bit.trailing_zeros() as usize;
            rows[row].free ^= bit;
            offers.report_attacked(observer, row, &here, next..col);
            observer.checked(Square::new(row, col), CELLS_PER_CHECK, None);
            queens[row] = col;
            if observer.placed(Square::new(row, col)).is_break() {
                return;
            }
            if row + 1 < n {
                rows[row + 1] = offers.below(&here, bit, row);
                row += 1;
                next = offers.columns[row].0;
                continue;
            }
            if observer.solution(&queens[..n]).is_break() {
                return;
            }
            observer.removed(Square::new(row, col));
            report_top_level(observer, row, col, offers.columns[0]);
            next = col + 1;
        }
    }
}

/// What a problem offers each row, worked out before the search loop so
/// that the loop allocates nothing.
struct Offers {
    /// `offered[row]`: the pre-placed queen's column alone, or every column.
    offered: [u64; MAX_N],
    /// The same as a range of columns, `(first, end)`, for the report of
    /// the checks.
    columns: [(usize, usize); MAX_N],
}

impl Offers {
    fn new(problem: &Problem) -> Self {
        let mut offers = Offers {
            offered: [0; MAX_N],
            columns: [(0, 0); MAX_N],
        };
        for row in 0..problem.n() {
            let (first, end) = problem.columns_to_try(row);
            offers.columns[row] = (first, end);
            offers.offered[row] = full(end) & !full(first);
        }
        offers
    }

    /// The state of the row below `row` once a queen stands on `bit`.
    #[inline(always)]
    fn below(&self, here: &Slot, bit: u64, row: usize) -> Slot {
        let (cols, down, up) = here.lines_below(bit);
        Slot {
            cols,
            down,
            up,
            free: self.offered[row + 1] & !(cols | down | up),
        }
    }

    /// Reports the checks of the attacked columns `cols` of `row` (whose
    /// state is `here`), each with the line that attacks it. The bitboard
    /// finds them all at once; reporting them one by one keeps the events
    /// of a trace those of the lookup solver. For the silent observer the
    /// loop has no effect and is compiled away.
    #[inline(always)]
    fn report_attacked<O: Observer>(
        &self,
        observer: &mut O,
        row: usize,
        here: &Slot,
        cols: std::ops::Range<usize>,
    ) {
        for col in cols {
            observer.checked(
                Square::new(row, col),
                CELLS_PER_CHECK,
                first_taken(here, col),
            );
        }
    }
}

/// The first line through `col` of the row `here` that holds a queen, in
/// seed 004's order (column, `/`, `\`); `None` when the square is safe.
fn first_taken(here: &Slot, col: usize) -> Option<Line> {
    let bit = 1u64 << col;
    if here.cols & bit != 0 {
        Some(Line::Column)
    } else if here.up & bit != 0 {
        Some(Line::AntiDiagonal)
    } else if here.down & bit != 0 {
        Some(Line::Diagonal)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::observer::{Checks, Collect};
    use queens_core::{Stats, modes};
    use std::ops::ControlFlow;

    #[test]
    fn statistics_equal_the_lookup_solvers() {
        // queens-lookup's figures for the same problems (its tests pin them
        // against a transcription of seed 004).
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        Bitboard.search(&Problem::new(4), &mut (&mut stats, Collect(&mut solutions)));
        assert_eq!(solutions, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 16,
                safety_checks: 60,
                cells_read: 180
            }
        );
        let mut stats = Stats::default();
        Bitboard.search(&Problem::new(8), &mut stats);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 2056,
                safety_checks: 15720,
                cells_read: 47160
            }
        );
        let problem = Problem::with_queens(8, [Square::new(0, 3)]).unwrap();
        let mut stats = Stats::default();
        Bitboard.search(&problem, &mut stats);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 271,
                safety_checks: 2025,
                cells_read: 6075
            }
        );
    }

    #[test]
    fn checks_name_the_line_as_the_lookup_solver_does() {
        // Row 1 of a 4×4 board below a queen at (0, 1): column 0 is on its
        // `/` diagonal, 1 on its column, 2 on its `\` diagonal, 3 free.
        let problem = Problem::with_queens(4, [Square::new(0, 1)]).unwrap();
        let mut checks = Checks::default();
        Bitboard.search(&problem, &mut checks);
        assert_eq!(
            checks.0[..5],
            [
                (Square::new(0, 1), 3, None),
                (Square::new(1, 0), 3, Some(Line::AntiDiagonal)),
                (Square::new(1, 1), 3, Some(Line::Column)),
                (Square::new(1, 2), 3, Some(Line::Diagonal)),
                (Square::new(1, 3), 3, None),
            ]
        );
    }

    #[test]
    fn the_largest_board_uses_every_bit() {
        // As in queens-lookup: odd columns in the top half, even ones in the
        // bottom half, every queen but the last pre-placed.
        let solution: Vec<usize> = (0..32)
            .map(|i| 2 * i + 1)
            .chain((0..32).map(|i| 2 * i))
            .collect();
        let problem =
            Problem::with_queens(64, queens_core::board::squares(&solution[..63])).unwrap();
        assert_eq!(modes::all(&Bitboard, &problem), Ok(vec![solution]));
        assert!(modes::count(&Bitboard, &Problem::new(65)).is_err());
    }

    #[test]
    fn stops_when_the_observer_asks() {
        struct StopAt(u64, u64);
        impl Observer for StopAt {
            fn placed(&mut self, _square: Square) -> ControlFlow<()> {
                self.0 += 1;
                if self.0 == self.1 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
            fn solution(&mut self, _queens: &[usize]) -> ControlFlow<()> {
                ControlFlow::Continue(())
            }
        }
        let mut stop = StopAt(0, 100);
        Bitboard.search(&Problem::new(8), &mut stop);
        assert_eq!(stop.0, 100);
    }
}
