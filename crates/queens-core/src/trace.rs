//! The search as it happens: an [`Observer`] that turns a solver's own events
//! into a narrated trace, the way seed 002's slides and seed 004's
//! "backtracking situation" tell it.
//!
//! The tracer keeps its own picture of the board from the `placed` and
//! `removed` events, so it can name the queen that attacks a rejected square
//! even when the solver's check only knows the line (the lookup arrays know a
//! diagonal is taken, not by whom). It counts [`Stats`] from the same events,
//! so a trace's summary always equals a counted run's statistics.
//!
//! Each solver narrates its own work. The backtracking solvers check one
//! square at a time and say `reject` when a check fails; the bitboard works
//! out a row's open squares at once and says `mask`; the local search
//! `try`s squares it may still take, and says why it moves, swaps or
//! starts again; the construction names the rule it follows.

use std::fmt;
use std::ops::ControlFlow;

use serde::Serialize;

use crate::board::{Line, Square};
use crate::observer::{Decision, Observer, Stats};
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
    /// The open squares of a row, worked out at once (the bitboard).
    Mask {
        /// The row.
        row: usize,
        /// Bit `c` set when column `c` is open.
        open: u64,
    },
    /// A local search weighed a square it may still take, attacked or not.
    Try {
        /// The square.
        square: Square,
        /// `None` when it is free, or a line it is attacked along.
        conflict: Option<Line>,
        /// The queen attacking it along that line.
        attacker: Option<Square>,
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
    /// A local search's move or a construction's rule: the decision, told
    /// with its own tag (`{"event":"swap",…}`). Untagged variants come last.
    #[serde(untagged)]
    Decided(Decision),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Place { square } => write!(f, "place {}", *square),
            Event::Remove { square } => write!(f, "remove {}", *square),
            Event::Reject {
                square,
                line,
                attacker: Some(attacker),
            } => write!(
                f,
                "reject {}: attacked by {} on {}",
                *square,
                *attacker,
                line.with_article()
            ),
            Event::Reject {
                square,
                line,
                attacker: None,
            } => write!(f, "reject {}: attacked on {}", *square, line.with_article()),
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
            Event::Mask { row, open } => write_mask(f, *row, *open),
            Event::Try {
                square,
                conflict,
                attacker,
            } => {
                write!(f, "try {}: ", *square)?;
                write_attack(f, *conflict, *attacker)
            }
            Event::Backtrack { noun, depth } => write!(f, "backtrack from {noun} {depth}"),
            Event::Solution { number, .. } => write!(f, "solution {number}"),
            Event::Decided(decision) => decision.fmt(f),
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Settle { square, tries } => write!(
                f,
                "settle for {}: none of its {tries} tries found a free column",
                *square
            ),
            Decision::Repair { row, pairs } => write!(
                f,
                "repair row {row}: its queen is attacked, {pairs} attacking {} on the board",
                plural(*pairs, "pair")
            ),
            Decision::Swap { rows, clean, pairs } => write!(
                f,
                "swap rows {} and {}: {}, {pairs} attacking {} left",
                rows[0],
                rows[1],
                if *clean { "clean" } else { "fewer attacks" },
                plural(*pairs, "pair")
            ),
            Decision::Restart { tries } => write!(
                f,
                "restart: {tries} tries without a helpful swap, every free queen comes off"
            ),
            Decision::Rule { rule } => write!(f, "rule: {rule}"),
            Decision::Run {
                first_row,
                last_row,
                first_col,
            } if first_row == last_row => write!(f, "row {first_row}: col {first_col}"),
            Decision::Run {
                first_row,
                last_row,
                first_col,
            } => write!(
                f,
                "rows {first_row} to {last_row}: every other col from col {first_col}"
            ),
        }
    }
}

/// A mask's line: `mask of row 1: cols 2, 3 open`, or `no col open`.
fn write_mask(f: &mut fmt::Formatter<'_>, row: usize, open: u64) -> fmt::Result {
    write!(f, "mask of row {row}: ")?;
    if open == 0 {
        return write!(f, "no col open");
    }
    let cols: Vec<String> = (0..64)
        .filter(|col| open >> col & 1 == 1)
        .map(|col: u32| col.to_string())
        .collect();
    write!(
        f,
        "{} {} open",
        plural(cols.len() as u64, "col"),
        cols.join(", ")
    )
}

/// How a tried square stands: `free`, or attacked and by whom.
fn write_attack(
    f: &mut fmt::Formatter<'_>,
    conflict: Option<Line>,
    attacker: Option<Square>,
) -> fmt::Result {
    match (conflict, attacker) {
        (None, _) => write!(f, "free"),
        (Some(line), Some(attacker)) => {
            write!(f, "attacked by {} on {}", attacker, line.with_article())
        }
        (Some(line), None) => write!(f, "attacked on {}", line.with_article()),
    }
}

/// `noun`, with an `s` unless `count` is 1.
fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        noun.to_owned()
    } else {
        format!("{noun}s")
    }
}

impl From<Decision> for Event {
    fn from(decision: Decision) -> Self {
        Event::Decided(decision)
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

    /// The first queen on the board, in the order placed, that attacks
    /// `square` along `line`.
    fn attacker(&self, square: Square, line: Option<Line>) -> Option<Square> {
        let line = line?;
        self.on_board
            .iter()
            .copied()
            .find(|queen| queen.shared_line(square) == Some(line))
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
            let attacker = self.attacker(square, Some(line));
            let _ = self.send(&Event::Reject {
                square,
                line,
                attacker,
            });
        }
    }

    fn opened(&mut self, row: usize, open: u64, words_read: u64) {
        self.stats.opened(row, open, words_read);
        let _ = self.send(&Event::Mask { row, open });
    }

    fn tried(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.stats.tried(square, cells_read, conflict);
        let attacker = self.attacker(square, conflict);
        let _ = self.send(&Event::Try {
            square,
            conflict,
            attacker,
        });
    }

    fn decided(&mut self, decision: Decision) {
        let _ = self.send(&Event::from(decision));
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

    #[test]
    fn a_decision_is_written_as_an_event_of_its_own() {
        let swap = Event::from(Decision::Swap {
            rows: [1, 5],
            clean: true,
            pairs: 2,
        });
        assert_eq!(
            serde_json::to_string(&swap).unwrap(),
            r#"{"event":"swap","rows":[1,5],"clean":true,"pairs":2}"#
        );
        let run = Event::from(Decision::Run {
            first_row: 0,
            last_row: 3,
            first_col: 1,
        });
        assert_eq!(
            serde_json::to_string(&run).unwrap(),
            r#"{"event":"run","first_row":0,"last_row":3,"first_col":1}"#
        );
        assert_eq!(
            serde_json::to_string(&Event::Backtrack {
                noun: "row",
                depth: 2
            })
            .unwrap(),
            r#"{"event":"backtrack","noun":"row","depth":2}"#
        );
        assert_eq!(
            swap.to_string(),
            "swap rows 1 and 5: clean, 2 attacking pairs left"
        );
    }

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
                "reject (row 1, col 0): attacked by (row 0, col 1) on an anti-diagonal",
                "place (row 1, col 3)",
                "backtrack from row 2",
                "remove (row 1, col 3)",
                "solution 1",
                "test (row 0, col 0) (row 1, col 1): two queens share a diagonal",
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
    fn the_bitboard_the_local_search_and_the_construction_say_their_own() {
        let mut lines = Vec::new();
        let mut tracer = Tracer::new(Levels::Rows, collect(&mut lines));
        tracer.opened(0, 0b1111, 3);
        let _ = tracer.placed(Square::new(0, 0));
        tracer.opened(1, 0b1100, 3);
        tracer.opened(2, 0, 3);
        tracer.tried(Square::new(1, 1), 2, Some(Line::Diagonal));
        tracer.tried(Square::new(1, 3), 2, None);
        tracer.decided(Decision::Settle {
            square: Square::new(1, 1),
            tries: 32,
        });
        tracer.decided(Decision::Repair { row: 1, pairs: 1 });
        tracer.decided(Decision::Swap {
            rows: [1, 3],
            clean: true,
            pairs: 0,
        });
        tracer.decided(Decision::Swap {
            rows: [2, 0],
            clean: false,
            pairs: 2,
        });
        tracer.decided(Decision::Restart { tries: 4112 });
        tracer.decided(Decision::Rule {
            rule: "even columns",
        });
        tracer.decided(Decision::Run {
            first_row: 0,
            last_row: 3,
            first_col: 1,
        });
        tracer.decided(Decision::Run {
            first_row: 4,
            last_row: 4,
            first_col: 2,
        });
        let stats = tracer.stats();
        drop(tracer);
        assert_eq!(
            lines,
            [
                "mask of row 0: cols 0, 1, 2, 3 open",
                "place (row 0, col 0)",
                "mask of row 1: cols 2, 3 open",
                "mask of row 2: no col open",
                "try (row 1, col 1): attacked by (row 0, col 0) on a diagonal",
                "try (row 1, col 3): free",
                "settle for (row 1, col 1): none of its 32 tries found a free column",
                "repair row 1: its queen is attacked, 1 attacking pair on the board",
                "swap rows 1 and 3: clean, 0 attacking pairs left",
                "swap rows 2 and 0: fewer attacks, 2 attacking pairs left",
                "restart: 4112 tries without a helpful swap, every free queen comes off",
                "rule: even columns",
                "rows 0 to 3: every other col from col 1",
                "row 4: col 2",
            ]
        );
        assert_eq!(
            stats,
            Stats {
                queens_placed: 1,
                safety_checks: 5,
                cells_read: 13
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
