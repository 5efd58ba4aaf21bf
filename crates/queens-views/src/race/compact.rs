//! A trace stored compactly, for a race page that holds every solver's
//! search: one character code per event instead of a JSON object, runs of
//! rejections written once, and the counters as the little each event adds.
//!
//! The code is a string over [`DIGITS`], 64 characters that need no
//! escaping in JSON or HTML. Each event is a letter, then its fields:
//!
//! | code | event | fields |
//! |---|---|---|
//! | `p` | a queen placed after one safety check | square, cells read |
//! | `q` | a queen placed without a check (a generator's, a pre-placed one) | square |
//! | `r`, `c` | a run of rejections along a row (`r`, column + 1 each) or down a column (`c`, row + 1 each) | first square, count, then per rejection an attack digit and its cells read |
//! | `t` | the queens on the board tested | conflict digit, cells read |
//! | `T` | other queens tested | count, squares, conflict digit, cells read |
//! | `x` | the last queen placed taken off | |
//! | `X` | another queen taken off | square |
//! | `b` | a backtrack | depth |
//! | `m` | a row's mask of open squares worked out (the bitboard's check) | row, mask, cells read |
//! | `s` | a solution: the queens on the board | |
//! | `S` | another solution | n columns |
//! | `k` | what the next event adds beyond what its letter says | safety checks, cells read |
//!
//! A square is one digit, `row * n + col`, for boards up to 8×8, and two
//! digits up to [`MOST_N`]. A count, a depth or cells read is a variable
//! number of digits, five bits each, low bits first; a digit below 32 is the
//! last. An attack digit is `line * 16 + attacker`, the attacker being the
//! index of the attacking queen among those on the board in the order they
//! were placed (the tracer names the first it finds in that order), 15 when
//! the tracer named none. A conflict digit is the line, or 4 for none.
//!
//! Nothing is recomputed: every square, attacker, line and cell read is the
//! one the solver's own trace reported ([`queens_core::trace::Tracer`]), and
//! [`Replay`] gives back exactly the steps that were encoded, which the tests
//! check on every solver's trace. The page's script decodes the same code.

use queens_core::trace::Event;
use queens_core::{Line, Square, Stats};

use crate::page::Step;

/// The 64 digits of the code, each its own value.
pub(crate) const DIGITS: &[u8; 64] =
    b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

/// The largest board the code describes: an attacker's index must fit in an
/// attack digit beside the value that means none.
pub const MOST_N: usize = 15;

/// The attacker index that means the tracer named none.
const NO_ATTACKER: usize = 15;

/// The conflict digit of a test that found none.
const NO_CONFLICT: usize = 4;

/// The lines in the order of their digits.
const LINES: [Line; 4] = [Line::Row, Line::Column, Line::Diagonal, Line::AntiDiagonal];

/// How many digits a square takes on an `n`×`n` board.
pub(crate) fn square_width(n: usize) -> usize {
    if n * n <= DIGITS.len() { 1 } else { 2 }
}

/// The counters after a step: the statistics and the solutions found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    /// Queens placed, safety checks and cells read.
    pub(crate) stats: Stats,
    /// Solutions found.
    pub(crate) solutions: u64,
}

/// A run of rejections waiting to be written: each extends the one before
/// by one column (`r`) or one row (`c`).
struct Run {
    first: Square,
    /// `r` or `c`, once a second rejection has set it.
    along: Option<u8>,
    /// The attack digit and cells read of each rejection.
    rejections: Vec<(usize, u64)>,
}

impl Run {
    /// The square after the last rejection of the run, along `along`.
    fn next(&self, along: u8) -> Square {
        let count = self.rejections.len();
        match along {
            b'r' => Square::new(self.first.row, self.first.col + count),
            _ => Square::new(self.first.row + count, self.first.col),
        }
    }

    /// Which way `square` extends the run, if it does.
    fn extended_by(&self, square: Square) -> Option<u8> {
        let ways: &[u8] = match self.along {
            Some(along) => &[along],
            None => b"rc",
        };
        ways.iter().copied().find(|&way| self.next(way) == square)
    }
}

/// Writes the code of a trace, event by event, with the counters after each.
pub(crate) struct Encoder {
    n: usize,
    code: String,
    /// The queens on the board, in the order they were placed, as the
    /// tracer keeps them.
    on_board: Vec<Square>,
    /// The counters after the last event encoded.
    before: Counters,
    run: Option<Run>,
}

impl Encoder {
    /// An encoder for a trace on an `n`×`n` board, `n` at most [`MOST_N`].
    pub(crate) fn new(n: usize) -> Self {
        debug_assert!(n <= MOST_N);
        Encoder {
            n,
            code: String::new(),
            on_board: Vec::new(),
            before: Counters::default(),
            run: None,
        }
    }

    /// Encodes `event`, after which the counters are `after`.
    pub(crate) fn push(&mut self, event: &Event, after: Counters) {
        let checks = after.stats.safety_checks - self.before.stats.safety_checks;
        let cells = after.stats.cells_read - self.before.stats.cells_read;
        self.before = after;
        if let Event::Reject {
            square,
            line,
            attacker,
        } = event
        {
            let digit = attack_digit(*line, *attacker, &self.on_board);
            return self.reject(*square, digit, checks, cells);
        }
        self.flush_run();
        match event {
            Event::Place { square } if checks > 0 => {
                self.extra(checks - 1, 0);
                self.letter(b'p');
                self.square(*square);
                self.number(cells);
            }
            Event::Place { square } => {
                self.extra(0, cells);
                self.letter(b'q');
                self.square(*square);
            }
            Event::Test { queens, conflict } => {
                self.extra(checks.saturating_sub(1), 0);
                if *queens == self.on_board {
                    self.letter(b't');
                } else {
                    self.letter(b'T');
                    self.number(queens.len() as u64);
                    queens.iter().for_each(|&queen| self.square(queen));
                }
                self.digit(conflict.map_or(NO_CONFLICT, line_index));
                self.number(cells);
            }
            Event::Remove { square } => {
                self.extra(checks, cells);
                if self.on_board.last() == Some(square) {
                    self.letter(b'x');
                } else {
                    self.letter(b'X');
                    self.square(*square);
                }
            }
            Event::Backtrack { depth, .. } => {
                self.extra(checks, cells);
                self.letter(b'b');
                self.number(*depth as u64);
            }
            Event::Mask { row, open } => {
                self.extra(checks.saturating_sub(1), 0);
                self.letter(b'm');
                self.number(*row as u64);
                self.number(*open);
                self.number(cells);
            }
            Event::Solution { queens, .. } => {
                self.extra(checks, cells);
                if *queens == placement(&self.on_board, self.n) {
                    self.letter(b's');
                } else {
                    self.letter(b'S');
                    queens.iter().for_each(|&col| self.number(col as u64));
                }
            }
            Event::Reject { .. } => unreachable!("rejections are encoded above"),
            other => unreachable!("the race refuses the solvers that say {other}"),
        }
        apply(&mut self.on_board, event);
    }

    /// The code of every event pushed.
    pub(crate) fn finish(mut self) -> String {
        self.flush_run();
        self.code
    }

    /// Adds a rejection of `square` to the run it extends, or starts a run.
    fn reject(&mut self, square: Square, digit: usize, checks: u64, cells: u64) {
        if checks != 1 {
            self.flush_run();
            self.extra(checks.saturating_sub(1), 0);
        }
        let along = self.run.as_ref().and_then(|run| run.extended_by(square));
        match (&mut self.run, along) {
            (Some(run), Some(along)) => {
                run.along = Some(along);
                run.rejections.push((digit, cells));
            }
            _ => {
                self.flush_run();
                self.run = Some(Run {
                    first: square,
                    along: None,
                    rejections: vec![(digit, cells)],
                });
            }
        }
    }

    /// Writes the run of rejections waiting, if any.
    fn flush_run(&mut self) {
        let Some(run) = self.run.take() else { return };
        self.letter(run.along.unwrap_or(b'r'));
        self.square(run.first);
        self.number(run.rejections.len() as u64);
        for (digit, cells) in run.rejections {
            self.digit(digit);
            self.number(cells);
        }
    }

    /// Writes a `k` for what the next event adds beyond its letter, if
    /// anything.
    fn extra(&mut self, checks: u64, cells: u64) {
        if checks > 0 || cells > 0 {
            self.letter(b'k');
            self.number(checks);
            self.number(cells);
        }
    }

    fn letter(&mut self, letter: u8) {
        self.code.push(char::from(letter));
    }

    fn digit(&mut self, value: usize) {
        self.code.push(char::from(DIGITS[value]));
    }

    fn square(&mut self, square: Square) {
        let index = square.row * self.n + square.col;
        if square_width(self.n) == 2 {
            self.digit(index / DIGITS.len());
        }
        self.digit(index % DIGITS.len());
    }

    fn number(&mut self, mut value: u64) {
        while value >= 32 {
            self.digit(32 + (value % 32) as usize);
            value /= 32;
        }
        self.digit(value as usize);
    }
}

/// The attack digit of a rejection along `line` by `attacker`.
fn attack_digit(line: Line, attacker: Option<Square>, on_board: &[Square]) -> usize {
    let index = attacker
        .and_then(|attacker| on_board.iter().position(|&queen| queen == attacker))
        .unwrap_or(NO_ATTACKER);
    line_index(line) * 16 + index
}

fn line_index(line: Line) -> usize {
    LINES.iter().position(|&known| known == line).unwrap_or(0)
}

/// The placement `queens[row] = column` of the queens on the board, when
/// they are one queen in each of the `n` rows.
fn placement(on_board: &[Square], n: usize) -> Vec<usize> {
    let mut queens = vec![usize::MAX; n];
    for queen in on_board {
        if let Some(slot) = queens.get_mut(queen.row) {
            *slot = queen.col;
        }
    }
    queens
}

/// The board after `event`, as the tracer keeps it: a placed queen goes
/// last, a removed one leaves from where it stands.
fn apply(on_board: &mut Vec<Square>, event: &Event) {
    match event {
        Event::Place { square } => on_board.push(*square),
        Event::Remove { square } => {
            if let Some(index) = on_board.iter().rposition(|queen| queen == square) {
                on_board.remove(index);
            }
        }
        _ => {}
    }
}

/// The steps of a code, decoded one by one, with the board after each.
pub(crate) struct Replay<'c> {
    code: &'c [u8],
    at: usize,
    n: usize,
    /// "row", "column" or "queen": the noun of a backtrack.
    noun: &'static str,
    on_board: Vec<Square>,
    counters: Counters,
    /// The steps decoded so far.
    taken: u64,
    /// The run of rejections being decoded: its next square, which way it
    /// goes, and how many rejections are left.
    run: Option<(Square, u8, u64)>,
}

impl<'c> Replay<'c> {
    /// Replays `code`, a trace on an `n`×`n` board whose backtracks are
    /// by `noun`.
    pub(crate) fn new(code: &'c str, n: usize, noun: &'static str) -> Self {
        Replay {
            code: code.as_bytes(),
            at: 0,
            n,
            noun,
            on_board: Vec::new(),
            counters: Counters::default(),
            taken: 0,
            run: None,
        }
    }

    /// How many steps have been decoded.
    pub(crate) fn taken(&self) -> u64 {
        self.taken
    }

    /// The queens on the board after the last step, in the order placed.
    pub(crate) fn on_board(&self) -> &[Square] {
        &self.on_board
    }

    /// The counters after the last step.
    pub(crate) fn counters(&self) -> Counters {
        self.counters
    }

    fn digit(&mut self) -> usize {
        let byte = self.code[self.at];
        self.at += 1;
        DIGITS
            .iter()
            .position(|&digit| digit == byte)
            .expect("the code holds only its digits")
    }

    fn number(&mut self) -> u64 {
        let (mut value, mut shift) = (0, 0);
        loop {
            let digit = self.digit() as u64;
            value |= (digit % 32) << shift;
            if digit < 32 {
                return value;
            }
            shift += 5;
        }
    }

    fn square(&mut self) -> Square {
        let mut index = self.digit();
        if square_width(self.n) == 2 {
            index = index * DIGITS.len() + self.digit();
        }
        Square::new(index / self.n, index % self.n)
    }

    /// Adds a check with `cells` read to the counters.
    fn checked(&mut self, checks: u64, cells: u64) {
        self.counters.stats.safety_checks += checks;
        self.counters.stats.cells_read += cells;
    }

    /// The next rejection of the run being decoded.
    fn rejection(&mut self, (square, along, left): (Square, u8, u64)) -> Event {
        let digit = self.digit();
        let cells = self.number();
        self.checked(1, cells);
        let next = match along {
            b'r' => Square::new(square.row, square.col + 1),
            _ => Square::new(square.row + 1, square.col),
        };
        self.run = (left > 1).then_some((next, along, left - 1));
        Event::Reject {
            square,
            line: LINES[digit / 16],
            attacker: self.on_board.get(digit % 16).copied(),
        }
    }

    /// Decodes the next event, updating the counters.
    fn event(&mut self) -> Event {
        if let Some(run) = self.run {
            return self.rejection(run);
        }
        let letter = self.code[self.at];
        self.at += 1;
        match letter {
            b'k' => {
                let checks = self.number();
                let cells = self.number();
                self.checked(checks, cells);
                self.event()
            }
            b'p' | b'q' => {
                let square = self.square();
                if letter == b'p' {
                    let cells = self.number();
                    self.checked(1, cells);
                }
                self.counters.stats.queens_placed += 1;
                Event::Place { square }
            }
            b'r' | b'c' => {
                let first = self.square();
                let count = self.number();
                self.rejection((first, letter, count))
            }
            b't' | b'T' => {
                let queens = if letter == b't' {
                    self.on_board.clone()
                } else {
                    let count = self.number();
                    (0..count).map(|_| self.square()).collect()
                };
                let conflict = LINES.get(self.digit()).copied();
                let cells = self.number();
                self.checked(1, cells);
                Event::Test { queens, conflict }
            }
            b'x' => Event::Remove {
                square: *self.on_board.last().expect("a queen to take off"),
            },
            b'X' => Event::Remove {
                square: self.square(),
            },
            b'b' => Event::Backtrack {
                noun: self.noun,
                depth: self.number() as usize,
            },
            b'm' => {
                let row = self.number() as usize;
                let open = self.number();
                let cells = self.number();
                self.checked(1, cells);
                Event::Mask { row, open }
            }
            b's' | b'S' => {
                let queens = if letter == b's' {
                    placement(&self.on_board, self.n)
                } else {
                    (0..self.n).map(|_| self.number() as usize).collect()
                };
                self.counters.solutions += 1;
                Event::Solution {
                    number: self.counters.solutions,
                    queens,
                }
            }
            other => panic!("no event has the code {:?}", char::from(other)),
        }
    }
}

impl Iterator for Replay<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.run.is_none() && self.at == self.code.len() {
            return None;
        }
        let event = self.event();
        apply(&mut self.on_board, &event);
        self.taken += 1;
        Some(Step {
            event,
            stats: self.counters.stats,
            solutions: self.counters.solutions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(
        event: Event,
        (queens_placed, safety_checks, cells_read): (u64, u64, u64),
        solutions: u64,
    ) -> Step {
        Step {
            event,
            stats: Stats {
                queens_placed,
                safety_checks,
                cells_read,
            },
            solutions,
        }
    }

    /// `steps` encoded on an `n`×`n` board, and decoded again.
    fn round_trip(n: usize, steps: &[Step]) -> (String, Vec<Step>) {
        let mut encoder = Encoder::new(n);
        for step in steps {
            encoder.push(
                &step.event,
                Counters {
                    stats: step.stats,
                    solutions: step.solutions,
                },
            );
        }
        let code = encoder.finish();
        let decoded = Replay::new(&code, n, "row").collect();
        (code, decoded)
    }

    #[test]
    fn a_backtracking_search_reads_as_runs_of_rejections() {
        let (a, b) = (Square::new(0, 0), Square::new(1, 2));
        let steps = [
            step(Event::Place { square: a }, (1, 1, 3), 0),
            step(
                Event::Reject {
                    square: Square::new(1, 0),
                    line: Line::Column,
                    attacker: Some(a),
                },
                (1, 2, 6),
                0,
            ),
            step(
                Event::Reject {
                    square: Square::new(1, 1),
                    line: Line::Diagonal,
                    attacker: Some(a),
                },
                (1, 3, 9),
                0,
            ),
            step(Event::Place { square: b }, (2, 4, 12), 0),
            step(
                Event::Backtrack {
                    noun: "row",
                    depth: 2,
                },
                (2, 4, 12),
                0,
            ),
            step(Event::Remove { square: b }, (2, 4, 12), 0),
        ];
        let (code, decoded) = round_trip(4, &steps);
        // p, square 0, 3 cells; a run along row 1 from square 4 of two
        // rejections: column by queen 0 (digit 16), 3 cells; diagonal by
        // queen 0 (digit 32), 3 cells; p, square 6, 3 cells; b 2; x.
        assert_eq!(code, "p03r42g3w3p63b2x");
        assert_eq!(decoded, steps);
    }

    #[test]
    fn what_no_letter_implies_is_written_out() {
        let (a, b) = (Square::new(0, 1), Square::new(2, 3));
        let steps = [
            // A pre-placed queen placed without a check.
            step(Event::Place { square: a }, (1, 0, 0), 0),
            step(Event::Place { square: b }, (2, 0, 0), 0),
            // A queen taken off that is not the last one placed.
            step(Event::Remove { square: a }, (2, 0, 0), 0),
            // Two checks before one event, and cells read with no check.
            step(
                Event::Reject {
                    square: Square::new(3, 0),
                    line: Line::AntiDiagonal,
                    attacker: None,
                },
                (2, 2, 40),
                0,
            ),
            step(
                Event::Reject {
                    square: Square::new(4, 0),
                    line: Line::Row,
                    attacker: Some(b),
                },
                (2, 3, 41),
                0,
            ),
            step(
                Event::Backtrack {
                    noun: "row",
                    depth: 4,
                },
                (2, 3, 45),
                0,
            ),
            // A test of queens that are not the board's.
            step(
                Event::Test {
                    queens: vec![a, b],
                    conflict: None,
                },
                (2, 4, 47),
                0,
            ),
            step(
                Event::Test {
                    queens: vec![b],
                    conflict: Some(Line::Diagonal),
                },
                (2, 5, 48),
                0,
            ),
            // A solution that is not the board's queens.
            step(
                Event::Solution {
                    number: 1,
                    queens: vec![1, 3, 0, 2, 4],
                },
                (2, 5, 48),
                1,
            ),
        ];
        let (code, decoded) = round_trip(5, &steps);
        assert_eq!(decoded, steps);
        // The run down column 0 starts after a `k` of one extra check.
        assert!(code.contains("k10cf2"), "{code}");
        assert!(code.contains("X1"), "{code}");
        assert!(code.contains("T2"), "{code}");
        assert!(code.contains("S13024"), "{code}");
    }

    #[test]
    fn squares_past_sixty_four_take_two_digits() {
        assert_eq!(square_width(8), 1);
        assert_eq!(square_width(9), 2);
        let corner = Square::new(14, 14);
        let steps = [
            step(Event::Place { square: corner }, (1, 1, 2_000), 0),
            step(Event::Remove { square: corner }, (1, 1, 2_000), 0),
        ];
        let (code, decoded) = round_trip(MOST_N, &steps);
        // Square 224 = 3 * 64 + 32: `3w`. 2,000 cells = 16 + 30 * 32 +
        // 1 * 1,024: 32 + 16 (`M`), 32 + 30 (`-`), then 1.
        assert_eq!(code, "p3wM-1x");
        assert_eq!(decoded, steps);
    }
}
