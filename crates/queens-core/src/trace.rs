//! The search as it happens: an [`Observer`] that turns a solver's own events
//! into a narrated trace, the way seed 002's slides and seed 004's
//! "backtracking situation" tell it.
//!
//! The tracer keeps its own picture of the board from the `placed` and
//! `removed` events, so it can name the queen that attacks a rejected square
//! even when the solver's check only knows the line (the lookup arrays know a
//! diagonal is taken, not by whom). It counts [`Stats`] from the same events,
//! so a trace's summary always equals a counted run's statistics.

use std::fmt;
use std::ops::ControlFlow;

use serde::Serialize;

use crate::board::{Line, Square};
use crate::observer::{Observer, Stats};
use crate::solver::Levels;

/// One step of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A queen was put on `square`.
    Place {
        /// Where.
        square: Square,
    },
    /// The queen on `square` was taken off.
    Remove {
        /// Where.
        square: Square,
    },
    /// A candidate square was found attacked.
    Reject {
        /// The candidate.
        square: Square,
        /// The line it is attacked along.
        line: Line,
        /// The queen attacking it.
        attacker: Option<Square>,
    },
    /// A complete placement was tested (the naive and permutation
    /// generators).
    Test {
        /// The queens of the placement.
        queens: Vec<Square>,
        /// `None` for a solution, or the line of the first clash.
        conflict: Option<Line>,
    },
    /// Every candidate of a level was tried: the search goes back.
    Backtrack {
        /// "row", "column" or "queen".
        noun: &'static str,
        /// Which row or column.
        depth: usize,
    },
    /// A solution was found.
    Solution {
        /// Its number, from 1.
        number: u64,
        /// The placement, `queens[row] = column`.
        queens: Vec<usize>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Place { square } => write!(f, "place {}", Spelled(*square)),
            Event::Remove { square } => write!(f, "remove {}", Spelled(*square)),
            Event::Reject {
                square,
                line,
                attacker: Some(attacker),
            } => write!(
                f,
                "reject {}: attacked by {attacker} on {}",
                Spelled(*square),
                line.with_article()
            ),
            Event::Reject {
                square,
                line,
                attacker: None,
            } => write!(
                f,
                "reject {}: attacked on {}",
                Spelled(*square),
                line.with_article()
            ),
            Event::Test { queens, conflict } => {
                let squares: Vec<String> = queens.iter().map(ToString::to_string).collect();
                match conflict {
                    None => write!(f, "test {}: a solution", squares.join(" ")),
                    Some(line) => write!(
                        f,
                        "test {}: two queens share {}",
                        squares.join(" "),
                        line.with_article()
                    ),
                }
            }
            Event::Backtrack { noun, depth } => write!(f, "backtrack from {noun} {depth}"),
            Event::Solution { number, .. } => write!(f, "solution {number}"),
        }
    }
}

/// A square spelled out as `(row 2, col 4)`.
struct Spelled(Square);

impl fmt::Display for Spelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(row {}, col {})", self.0.row, self.0.col)
    }
}

/// Narrates a search: passes each [`Event`] to `emit`, which may stop the
/// search by answering `Break`, and counts the statistics.
pub struct Tracer<F> {
    levels: Levels,
    on_board: Vec<Square>,
    stats: Stats,
    solutions: u64,
    stopped: bool,
    emit: F,
}

impl<F: FnMut(&Event, &[Square]) -> ControlFlow<()>> Tracer<F> {
    /// A tracer for a solver whose levels are `levels`. `emit` receives each event
    /// and the queens on the board after it.
    pub fn new(levels: Levels, emit: F) -> Self {
        Tracer {
            levels,
            on_board: Vec::new(),
            stats: Stats::default(),
            solutions: 0,
            stopped: false,
            emit,
        }
    }

    /// The statistics counted so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The number of solutions seen so far.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Whether `emit` asked to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    fn send(&mut self, event: &Event) -> ControlFlow<()> {
        if self.stopped {
            return ControlFlow::Break(());
        }
        let flow = (self.emit)(event, &self.on_board);
        self.stopped = flow.is_break();
        flow
    }
}

impl<F: FnMut(&Event, &[Square]) -> ControlFlow<()>> Observer for Tracer<F> {
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        self.stats.placed(square)?;
        self.on_board.push(square);
        self.send(&Event::Place { square })
    }

    fn removed(&mut self, square: Square) {
        if let Some(index) = self.on_board.iter().rposition(|&queen| queen == square) {
            self.on_board.remove(index);
        }
        let _ = self.send(&Event::Remove { square });
    }

    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.stats.checked(square, cells_read, conflict);
        if let Some(line) = conflict {
            let attacker = self
                .on_board
                .iter()
                .copied()
                .find(|queen| queen.shared_line(square) == Some(line));
            let _ = self.send(&Event::Reject {
                square,
                line,
                attacker,
            });
        }
    }

    fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
        self.stats.tested(queens, cells_read, conflict);
        let _ = self.send(&Event::Test {
            queens: queens.to_vec(),
            conflict,
        });
    }

    fn exhausted(&mut self, depth: usize) {
        let noun = self.levels.noun();
        let _ = self.send(&Event::Backtrack { noun, depth });
    }

    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        self.solutions += 1;
        self.send(&Event::Solution {
            number: self.solutions,
            queens: queens.to_vec(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(events: &mut Vec<String>) -> impl FnMut(&Event, &[Square]) -> ControlFlow<()> + '_ {
        |event, _board| {
            events.push(event.to_string());
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn events_read_like_the_slides() {
        let mut lines = Vec::new();
        let mut tracer = Tracer::new(Levels::Rows, collect(&mut lines));
        let _ = tracer.placed(Square::new(0, 1));
        tracer.checked(Square::new(1, 0), 1, Some(Line::AntiDiagonal));
        tracer.checked(Square::new(1, 3), 1, None);
        let _ = tracer.placed(Square::new(1, 3));
        tracer.exhausted(2);
        tracer.removed(Square::new(1, 3));
        let _ = tracer.solution(&[1, 3, 0, 2]);
        tracer.tested(
            &[Square::new(0, 0), Square::new(1, 1)],
            2,
            Some(Line::Diagonal),
        );
        let stats = tracer.stats();
        drop(tracer);
        assert_eq!(
            lines,
            [
                "place (row 0, col 1)",
                "reject (row 1, col 0): attacked by (0, 1) on an anti-diagonal",
                "place (row 1, col 3)",
                "backtrack from row 2",
                "remove (row 1, col 3)",
                "solution 1",
                "test (0, 0) (1, 1): two queens share a diagonal",
            ]
        );
        assert_eq!(
            stats,
            Stats {
                queens_placed: 2,
                safety_checks: 3,
                cells_read: 4
            }
        );
    }

    #[test]
    fn a_break_stops_every_later_event() {
        let mut count = 0;
        let mut tracer = Tracer::new(Levels::Columns, |_event: &Event, _board: &[Square]| {
            count += 1;
            if count == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(tracer.placed(Square::new(0, 0)).is_continue());
        assert!(tracer.placed(Square::new(2, 1)).is_break());
        assert!(tracer.solution(&[0]).is_break());
        assert!(tracer.stopped());
        drop(tracer);
        assert_eq!(count, 2);
    }
}
