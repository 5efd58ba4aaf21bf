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
//! What the bitboard does, not what the lookup solver would have done: a
//! queen placed is a node, as for every solver; a safety check is one
//! row's mask of open squares worked out (every column of the row tested
//! at once, the first row's included), and the cells it reads are the
//! [`WORDS_PER_MASK`] machine words the mask is computed from, the taken
//! columns and the two diagonals' crossings. So a row costs one check of
//! three words, where the lookup solver makes one check of three array
//! entries per column: at n = 8 the bitboard places the same 2,056 queens
//! with 1,965 checks reading 5,895 words, the lookup solver with 15,720
//! checks reading 47,160 entries. Every placement below the last row opens
//! the row under it, so on a board without pre-placed queens the checks
//! are the queens placed, less the solutions, plus the first row's.
//!
//! # What the trace says
//!
//! `mask of row r: cols … open` when a row's mask is worked out (`no col
//! open` closes the row, and the `backtrack` follows), then a `place` for
//! each queen taken from it, always the lowest bit left: the search never
//! looks at an attacked square, so it never rejects one.

use queens_core::observer::report_top_level;
use queens_core::{Levels, Observer, Order, Problem, ReadUnit, Search, SolverInfo, Square};

use crate::rules::{MAX_N, Slot, full, lowest};

/// The bitboard backtracking solver: the lookup-array search, 64 columns
/// at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bitboard;

/// The machine words a row's mask of open squares is computed from: the
/// columns, the `\\` diagonals and the `/` diagonals that queens above hold
/// (the words read of one safety check).
pub const WORDS_PER_MASK: u64 = 3;

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

    /// Its check reads the three masks, words that each hold a line.
    const READS: ReadUnit = ReadUnit::Words;

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
        rows[0] = offers.open(observer, 0, (0, 0, 0));
        let mut row = 0;
        loop {
            let here = rows[row];
            if here.free == 0 {
                // The row's mask is empty: back to the row above, to move
                // its queen on.
                observer.exhausted(row);
                if row == 0 {
                    return;
                }
                row -= 1;
                offers.lift(observer, row, queens[row]);
                continue;
            }
            let bit = lowest(here.free);
            let col = bit.trailing_zeros() as usize;
            rows[row].free ^= bit;
            queens[row] = col;
            if observer.placed(Square::new(row, col)).is_break() {
                return;
            }
            if row + 1 < n {
                rows[row + 1] = offers.open(observer, row + 1, here.lines_below(bit));
                row += 1;
                continue;
            }
            if observer.solution(&queens[..n]).is_break() {
                return;
            }
            offers.lift(observer, row, col);
        }
    }
}

/// What a problem offers each row, worked out before the search loop so
/// that the loop allocates nothing.
struct Offers {
    /// `offered[row]`: the pre-placed queen's column alone, or every column.
    offered: [u64; MAX_N],
    /// The columns the first row offers, `(first, end)`: the top-level
    /// branches that progress is measured in.
    top: (usize, usize),
}

impl Offers {
    fn new(problem: &Problem) -> Self {
        let mut offered = [0; MAX_N];
        for (row, offer) in offered.iter_mut().enumerate().take(problem.n()) {
            let (first, end) = problem.columns_to_try(row);
            *offer = full(end) & !full(first);
        }
        Offers {
            offered,
            top: problem.columns_to_try(0),
        }
    }

    /// The state of `row` below queens holding `(cols, down, up)`: its open
    /// squares, the columns offered that no line holds, as one mask of the
    /// three words. Reported as the row's safety check; for the silent
    /// observer the report is compiled away.
    #[inline(always)]
    fn open<O: Observer>(
        &self,
        observer: &mut O,
        row: usize,
        (cols, down, up): (u64, u64, u64),
    ) -> Slot {
        let free = self.offered[row] & !(cols | down | up);
        observer.opened(row, free, WORDS_PER_MASK);
        Slot {
            cols,
            down,
            up,
            free,
        }
    }

    /// Reports the queen of `row` on `col` taken off, to try the next bit
    /// of the row's mask.
    #[inline(always)]
    fn lift<O: Observer>(&self, observer: &mut O, row: usize, col: usize) {
        observer.removed(Square::new(row, col));
        report_top_level(observer, row, col, self.top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::observer::Collect;
    use queens_core::trace::{Event, Tracer};
    use queens_core::{Stats, modes};
    use std::ops::ControlFlow;

    /// The statistics and solutions of `problem`.
    fn counted(problem: &Problem) -> (Stats, u64) {
        let mut stats = Stats::default();
        let mut solutions = Vec::new();
        Bitboard.search(problem, &mut (&mut stats, Collect(&mut solutions)));
        (stats, solutions.len() as u64)
    }

    #[test]
    fn statistics_count_masks_and_the_words_they_read() {
        // The lookup solver places the same queens (2,056 at n = 8) with a
        // check of three entries per column: 15,720 checks, 47,160 reads.
        let expected = [
            (4, 16, 15, 45),
            (5, 53, 44, 132),
            (6, 152, 149, 447),
            (7, 551, 512, 1536),
            (8, 2056, 1965, 5895),
        ];
        for (n, queens_placed, safety_checks, cells_read) in expected {
            let (stats, solutions) = counted(&Problem::new(n));
            assert_eq!(
                stats,
                Stats {
                    queens_placed,
                    safety_checks,
                    cells_read
                },
                "n = {n}"
            );
            // One mask for the first row and one under every queen that is
            // not the last of a solution, three words each.
            assert_eq!(safety_checks, queens_placed - solutions + 1, "n = {n}");
            assert_eq!(cells_read, WORDS_PER_MASK * safety_checks, "n = {n}");
        }
        let problem = Problem::with_queens(8, [Square::new(0, 3)]).unwrap();
        let (stats, solutions) = counted(&problem);
        assert_eq!(solutions, 18);
        assert_eq!(
            stats,
            Stats {
                queens_placed: 271,
                safety_checks: 254,
                cells_read: 762
            }
        );
    }

    /// The lines of `queens trace` for `problem`.
    fn traced(problem: &Problem) -> Vec<Event> {
        let mut events = Vec::new();
        let mut tracer = Tracer::new(Levels::Rows, |event: &Event, _: &[Square]| {
            events.push(event.clone());
            ControlFlow::Continue(())
        });
        Bitboard.search(problem, &mut tracer);
        drop(tracer);
        events
    }

    #[test]
    fn the_trace_takes_the_lowest_bit_of_each_mask_and_rejects_nothing() {
        for n in [4, 6] {
            let events = traced(&Problem::new(n));
            // What is left of each row's mask, as the trace tells it.
            let mut left = [0u64; 8];
            let mut masks = 0;
            for event in &events {
                match *event {
                    Event::Mask { row, open } => {
                        left[row] = open;
                        masks += 1;
                    }
                    Event::Place { square } => {
                        let mask = left[square.row];
                        assert_ne!(mask, 0, "n = {n}: a queen from an empty mask");
                        assert_eq!(square.col as u32, mask.trailing_zeros(), "n = {n}");
                        left[square.row] = mask & (mask - 1);
                    }
                    Event::Backtrack { depth, .. } => {
                        assert_eq!(left[depth], 0, "n = {n}: a row closed with bits left");
                    }
                    Event::Reject { .. } => panic!("n = {n}: the bitboard rejected a square"),
                    _ => {}
                }
            }
            assert_eq!(masks, counted(&Problem::new(n)).0.safety_checks);
        }
        // n = 4 opens with the whole first row, then row 1 under (0, 0).
        assert_eq!(
            traced(&Problem::new(4))[..4],
            [
                Event::Mask {
                    row: 0,
                    open: 0b1111
                },
                Event::Place {
                    square: Square::new(0, 0)
                },
                Event::Mask {
                    row: 1,
                    open: 0b1100
                },
                Event::Place {
                    square: Square::new(1, 2)
                },
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
