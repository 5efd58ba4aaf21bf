//! The explicit construction: one solution of any board from n = 4 up,
//! written down in O(n) without searching (Hoffman, Loessi and Moore 1969;
//! the form below is the classic "even columns, then odd ones").
//!
//! # The idea
//!
//! Backtracking finds a first solution quickly up to thirty-odd queens and
//! then can wander for hours. Yet every board from n = 4 up has solutions,
//! and one of them follows a pattern simple enough to write down: a knight's
//! move down the board, two columns right for each row down, then again
//! from the left edge. The construction lists the columns of the queens,
//! row by row, as runs of every other column, with a few columns moved for
//! the sizes where the plain pattern fails. Nothing is tried and nothing is
//! undone: row `r`'s column is known at once, so the whole cost is writing
//! the answer: 1,000,000 queens placed for a board of 1,000,000, and not
//! one safety check.
//! <!-- checked: queens first 1000000 --algo construct --json | .stats.queens_placed = 1,000,000 -->
//! <!-- checked: queens first 1000000 --algo construct --json | .stats.safety_checks = 0 -->
//!
//! In this essay rows and columns are numbered from 1, as the literature
//! does; the code subtracts 1 once, as it writes each column. Two queens
//! attack along a `\` diagonal when they have the same `c - r` and along a
//! `/` anti-diagonal when they have the same `r + c`; one queen per row and
//! one per column is built in, since each row gets one column and every
//! column is listed once. So each case below only has to show that no two
//! queens share a difference or a sum.
//!
//! # n mod 6 = 0 or 4: the even columns, then the odd ones
//!
//! With `n = 2h`, rows `1..=h` take the even columns `2, 4, ..., n` and rows
//! `h + 1..=n` the odd ones `1, 3, ..., n - 1`. For n = 6:
//!
//! ```text
//! . Q . . . .    row r <= h: column 2r,
//! . . . Q . .      c - r = r (1 to h), r + c = 3r
//! . . . . . Q
//! Q . . . . .    row h + j: column 2j - 1,
//! . . Q . . .      c - r = j - 1 - h (-h to -1), r + c = h + 3j - 1
//! . . . . Q .
//! ```
//!
//! The differences are positive in the top half and negative in the bottom
//! half, and step by one within each: all distinct. The sums step by three
//! within each half; the top half's are multiples of 3 and the bottom
//! half's are `h - 1` more than a multiple of 3, so they can only meet when
//! `h - 1` is a multiple of 3, that is when `n mod 6 = 2`. For n mod 6 = 0
//! and 4 they never do.
//!
//! # n mod 6 = 1 or 5: the board of n − 1 and a corner queen
//!
//! When `n` is odd and `n - 1` is one of the boards above (n mod 6 = 1 or
//! 5), the even columns, then the odd ones, end with column `n` in row `n`:
//! the solution of `n - 1` with a queen added in the corner. For n = 7:
//!
//! ```text
//! . Q . . . . .
//! . . . Q . . .
//! . . . . . Q .
//! Q . . . . . .
//! . . Q . . . .
//! . . . . Q . .
//! . . . . . . Q   the corner: c - r = 0, r + c = 2n
//! ```
//!
//! Row `n` and column `n` were empty; no queen of the smaller board has the
//! difference 0 (theirs are positive or negative), and none has the sum
//! `2n`, the largest on the board.
//!
//! # n mod 6 = 2: 3 and 1 first, 5 last
//!
//! Here the plain order fails (for n = 8, the queens at (row 2, col 4) and
//! (row 5, col 1) share the sum 6), so the odd columns go `3, 1, 7, 9, ...,
//! n - 1, 5`. For n = 8:
//!
//! ```text
//! . Q . . . . . .    rows 1..=h as before: c - r from 1 to h, r + c = 3r
//! . . . Q . . . .
//! . . . . . Q . .
//! . . . . . . . Q
//! . . Q . . . . .    row h + 1, column 3: c - r = 2 - h, r + c = h + 4
//! Q . . . . . . .    row h + 2, column 1: c - r = -h - 1, r + c = h + 3
//! . . . . . . Q .    row h + j, column 2j + 1 (j = 3..h-1):
//! . . . . Q . . .      c - r = j + 1 - h (4 - h to 0), r + c = h + 3j + 1
//!                    row n, column 5: c - r = 5 - 2h, r + c = 2h + 5
//! ```
//!
//! Now `h mod 3 = 1`, so the bottom half's sums are 1 or 2 more than a
//! multiple of 3 and never meet the top half's; among themselves `h + 3` and
//! `2h + 5` differ, as do `h + 4` and the run, which steps by three from
//! `h + 10`. The bottom half's differences are all at most 0, below the top
//! half's; the run is `4 - h..=0`, and the three others, `2 - h`, `-h - 1`
//! and `5 - 2h`, lie below it and could only meet each other for h = 3 or
//! 6, which are multiples of 3.
//!
//! # n mod 6 = 3: 2 moved last, then 1 and 3 last
//!
//! Adding a corner queen to the board of n − 1 (n − 1 mod 6 = 2) would not
//! do: that board has a queen on the main diagonal (for n − 1 = 8, at
//! (row 7, col 7)). Instead the even columns go `4, 6, ..., n - 1, 2` and the odd
//! ones `5, 7, ..., n, 1, 3`. For n = 9, `h = (n - 1) / 2 = 4`:
//!
//! ```text
//! . . . Q . . . . .    row r < h, column 2r + 2: c - r = r + 2 (3 to h + 1), r + c = 3r + 2
//! . . . . . Q . . .
//! . . . . . . . Q .
//! . Q . . . . . . .    row h, column 2: c - r = 2 - h, r + c = h + 2
//! . . . . Q . . . .    row h + j, column 2j + 3 (j = 1..h-1):
//! . . . . . . Q . .      c - r = j + 3 - h (4 - h to 2), r + c = h + 3j + 3
//! . . . . . . . . Q
//! Q . . . . . . . .    row n - 1, column 1: c - r = 1 - 2h, r + c = 2h + 1
//! . . Q . . . . . .    row n, column 3: c - r = 2 - 2h, r + c = 2h + 4
//! ```
//!
//! Again `h mod 3 = 1`. The sums fall in three classes modulo 3: the first
//! run's are 2 more than a multiple of 3, the second run's 1 more, and the
//! three single queens' (`h + 2 < 2h + 1 < 2h + 4`) are multiples of 3.
//! The differences of the first run (3 and up) are above those of the
//! second (2 and down), and the single queens' (`2 - h`, `1 - 2h`,
//! `2 - 2h`) are below both and distinct.
//!
//! # Small boards, order and cost
//!
//! The cases need room: the adjusted sequences start at n = 8 and 9, and
//! n = 2 and 3 have no solution at all, which the solver reports by
//! emitting none. n = 1 is the single queen `[0]` (the plain pattern gives
//! it) and n = 0 the empty board.
//!
//! The solver finds one solution ([`Finds::One`]): counting and listing are
//! refused by the modes. It cannot keep pre-placed queens: a construction
//! has no freedom to bend around them, so it declares `preplaced: false` and
//! the modes refuse such problems; asked through the raw entry points, it
//! emits its board only when that board happens to keep them, never a
//! placement that moves one. Its one solution is not the first in any order
//! a search defines (for n = 8 it gives `[1, 3, 5, 7, 2, 0, 6, 4]`, the
//! row-major first is `[0, 4, 7, 5, 2, 6, 1, 3]`), so it declares
//! [`Order::Unspecified`].
//! <!-- checked: queens first 8 --algo construct --json | .queens = [1, 3, 5, 7, 2, 0, 6, 4] -->
//! <!-- checked: queens first 8 --algo lookup --json | .queens = [0, 4, 7, 5, 2, 6, 1, 3] -->
//! <!-- checked: queens first 8 --algo construct --queen 0:0 | stderr = cannot keep pre-placed queens -->
//!
//! Time and memory are O(n): one pass writes the columns, one reports each
//! queen to the observer, in row order; the placement is the only
//! allocation, made before either.
//!
//! # What its trace says
//!
//! Nothing is checked, so a trace has no `reject` and no `try`: it names
//! the rule for the board's `n mod 6` (columns counted from 1, as above),
//! then each run of rows before the queens it places, in the trace's own
//! numbering from 0 (`rows 0 to 3: every other col from col 1`, `row 4:
//! col 2`). Its statistics are the n queens placed, and no check.

use std::ops::ControlFlow;

use queens_core::{Decision, Finds, Levels, Observer, Order, Problem, Search, SolverInfo, Square};

/// The explicit construction: one solution of any board from n = 4 up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Construction;

impl Search for Construction {
    const INFO: SolverInfo = SolverInfo {
        name: "construct",
        title: "explicit construction",
        seeds: "none",
        order: Order::Unspecified,
        levels: Levels::Rows,
        // Ten times the board the issue asks for in a second: 800 MB for
        // the placement alone, about what a laptop can spare.
        max_n: 100_000_000,
        practical_n: 10_000_000,
        workload: None,
    };

    const FINDS: Finds = Finds::One { preplaced: false };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let Some(queens) = construct(problem.n()) else {
            return;
        };
        // The modes refuse pre-placed queens; through the raw entry points
        // a board that moves one is no solution of the problem.
        if problem.first_moved(&queens).is_some() {
            return;
        }
        if narrate(problem.n(), &queens, observer).is_break() {
            return;
        }
        let _ = observer.solution(&queens);
    }
}

/// Tells `observer` the rule for `n`, then each run of rows before placing
/// its queens, in row order. `Break` when the observer stops it.
fn narrate<O: Observer>(n: usize, queens: &[usize], observer: &mut O) -> ControlFlow<()> {
    observer.decided(Decision::Rule { rule: rule(n) });
    let mut row = 0;
    for &run in runs(n) {
        let rows = run.len(n);
        if rows == 0 {
            continue;
        }
        observer.decided(Decision::Run {
            first_row: row,
            last_row: row + rows - 1,
            first_col: queens[row],
        });
        for (row, &col) in queens.iter().enumerate().skip(row).take(rows) {
            observer.placed(Square::new(row, col))?;
        }
        row += rows;
    }
    ControlFlow::Continue(())
}

/// One run of the columns the construction lists, numbered from 1.
#[derive(Clone, Copy, Debug)]
enum Run {
    /// Every other column from this one up to `n`.
    EveryOther(usize),
    /// This one column.
    One(usize),
}

impl Run {
    /// How many rows the run fills on an `n`×`n` board.
    fn len(self, n: usize) -> usize {
        match self {
            Run::EveryOther(first) => (first..=n).step_by(2).count(),
            Run::One(_) => 1,
        }
    }
}

/// The rule for an `n`×`n` board in words, columns counted from 1.
fn rule(n: usize) -> &'static str {
    match n % 6 {
        2 => "n mod 6 = 2, columns from 1: 2, 4, ..., n, then 3, 1, 7, 9, ..., n - 1, 5",
        3 => "n mod 6 = 3, columns from 1: 4, 6, ..., n - 1, 2, then 5, 7, ..., n, 1, 3",
        _ => {
            "n mod 6 = 0, 1, 4 or 5, columns from 1: the even ones 2, 4, ..., then the odd ones 1, 3, ..."
        }
    }
}

/// The plain sequence, for n mod 6 = 0, 1, 4 and 5: the even columns, then
/// the odd ones.
const PLAIN: &[Run] = &[Run::EveryOther(2), Run::EveryOther(1)];

/// For n mod 6 = 2: the odd columns start with 3 and 1 and end with 5.
const MOD_6_IS_2: &[Run] = &[
    Run::EveryOther(2),
    Run::One(3),
    Run::One(1),
    Run::EveryOther(7),
    Run::One(5),
];

/// For n mod 6 = 3: 2 ends the even columns, 1 and 3 end the odd ones.
const MOD_6_IS_3: &[Run] = &[
    Run::EveryOther(4),
    Run::One(2),
    Run::EveryOther(5),
    Run::One(1),
    Run::One(3),
];

/// The sequence of columns for an `n`×`n` board, by `n mod 6`.
fn runs(n: usize) -> &'static [Run] {
    match n % 6 {
        2 => MOD_6_IS_2,
        3 => MOD_6_IS_3,
        _ => PLAIN,
    }
}

/// The constructed solution of an `n`×`n` board, `queens[row] = col`
/// (0-based), or `None` for n = 2 and 3, which have none.
pub fn construct(n: usize) -> Option<Vec<usize>> {
    if n == 2 || n == 3 {
        return None;
    }
    let mut queens = Vec::with_capacity(n);
    for &run in runs(n) {
        match run {
            Run::EveryOther(first) => queens.extend((first..=n).step_by(2).map(|col| col - 1)),
            Run::One(col) => queens.push(col - 1),
        }
    }
    Some(queens)
}

#[cfg(test)]
mod tests {
    use super::*;

    use queens_conformance::linear::validate;
    use queens_core::{Error, Solver, modes};

    #[test]
    fn every_board_from_4_to_10_000_is_a_solution() {
        for n in 4..=10_000 {
            let queens = construct(n).expect("every board from 4 up has a solution");
            assert_eq!(validate(&queens), Ok(()), "n = {n}");
        }
    }

    #[test]
    fn small_boards() {
        assert_eq!(construct(0), Some(vec![]));
        assert_eq!(construct(1), Some(vec![0]));
        assert_eq!(construct(2), None);
        assert_eq!(construct(3), None);
        assert_eq!(modes::first(&Construction, &Problem::new(3)), Ok(None));
        assert_eq!(
            modes::first(&Construction, &Problem::new(0)),
            Ok(Some(vec![]))
        );
    }

    /// One pinned board per case of n mod 6, the special ones twice, so
    /// that any change to the sequences is caught.
    #[test]
    fn pinned_boards() {
        let pinned: [(usize, &[usize]); 6] = [
            (6, &[1, 3, 5, 0, 2, 4]),
            (7, &[1, 3, 5, 0, 2, 4, 6]),
            (8, &[1, 3, 5, 7, 2, 0, 6, 4]),
            (9, &[3, 5, 7, 1, 4, 6, 8, 0, 2]),
            (14, &[1, 3, 5, 7, 9, 11, 13, 2, 0, 6, 8, 10, 12, 4]),
            (15, &[3, 5, 7, 9, 11, 13, 1, 4, 6, 8, 10, 12, 14, 0, 2]),
        ];
        for (n, queens) in pinned {
            assert_eq!(construct(n).as_deref(), Some(queens), "n = {n}");
        }
    }

    /// Records the queens placed, answering `Break` at the `stop_at`th,
    /// and the solutions.
    struct Recorder {
        stop_at: usize,
        placed: Vec<Square>,
        solutions: Vec<Vec<usize>>,
    }

    impl Observer for Recorder {
        fn placed(&mut self, square: Square) -> ControlFlow<()> {
            self.placed.push(square);
            if self.placed.len() == self.stop_at {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }

        fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
            self.solutions.push(queens.to_vec());
            ControlFlow::Continue(())
        }
    }

    /// What `search` reports on a plain board of `n`, stopped at the
    /// `stop_at`th queen.
    fn recorded(n: usize, stop_at: usize) -> Recorder {
        let mut recorder = Recorder {
            stop_at,
            placed: Vec::new(),
            solutions: Vec::new(),
        };
        Construction.search(&Problem::new(n), &mut recorder);
        recorder
    }

    #[test]
    fn the_queens_are_reported_in_row_order_and_a_break_stops() {
        let whole = recorded(4, 0);
        let squares = [(0, 1), (1, 3), (2, 0), (3, 2)].map(|(row, col)| Square::new(row, col));
        assert_eq!(whole.placed, squares);
        assert_eq!(whole.solutions, [[1, 3, 0, 2]]);
        let stopped = recorded(4, 3);
        assert_eq!(stopped.placed, squares[..3]);
        assert!(stopped.solutions.is_empty());
    }

    #[test]
    fn the_trace_names_the_rule_and_each_run() {
        use queens_core::trace::{Event, Tracer};
        let mut lines = Vec::new();
        let mut tracer = Tracer::new(Levels::Rows, |event: &Event, _: &[Square]| {
            lines.push(event.to_string());
            ControlFlow::Continue(())
        });
        Construction.search(&Problem::new(8), &mut tracer);
        assert_eq!(tracer.stats().queens_placed, 8);
        assert_eq!(tracer.stats().safety_checks, 0);
        drop(tracer);
        assert_eq!(
            lines,
            [
                "rule: n mod 6 = 2, columns from 1: 2, 4, ..., n, then 3, 1, 7, 9, ..., n - 1, 5",
                "rows 0 to 3: every other col from col 1",
                "place (row 0, col 1)",
                "place (row 1, col 3)",
                "place (row 2, col 5)",
                "place (row 3, col 7)",
                "row 4: col 2",
                "place (row 4, col 2)",
                "row 5: col 0",
                "place (row 5, col 0)",
                "row 6: col 6",
                "place (row 6, col 6)",
                "row 7: col 4",
                "place (row 7, col 4)",
                "solution 1",
            ]
        );
    }

    #[test]
    fn preplaced_queens_are_refused_and_never_moved() {
        let kept = Problem::with_queens(4, [Square::new(0, 1)]).unwrap();
        assert_eq!(
            modes::first(&Construction, &kept),
            Err(Error::PreplacedUnsupported {
                solver: "construct"
            })
        );
        let moved = Problem::with_queens(4, [Square::new(0, 2)]).unwrap();
        let mut emitted = Vec::new();
        for problem in [&kept, &moved] {
            Construction
                .solve(problem, &mut |queens| {
                    emitted.push(queens.to_vec());
                    ControlFlow::Continue(())
                })
                .unwrap();
        }
        assert_eq!(emitted, [[1, 3, 0, 2]]);
    }
}

#[cfg(test)]
queens_conformance::suite!(
    #[instrumentation]
    Construction
);
