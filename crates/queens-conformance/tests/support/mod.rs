//! Solvers for testing the suite itself: a small correct one, correct
//! variants of it that declare another order or a small practical range, and
//! broken ones, each with one deliberate fault the suite must name.
//!
//! This crate must not depend on the workspace's algorithm crates (they
//! depend on it), so the known-good solver is written here: a recursive
//! row-by-row search with lookup arrays, small enough to be checked by eye.

mod one;
mod stateful;

pub(crate) use one::{Formula, OneVariant};
pub(crate) use stateful::{KeepsBoard, Reset};

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use queens_conformance::reference;
use queens_core::{
    Error, Line, Observer, Order, Problem, Search, Sink, Solver, SolverInfo, Square, Stats,
};

/// A recursive row-by-row search: in each row, every column from left to
/// right that no earlier queen attacks, looked up in three arrays of used
/// lines. Solutions come in row-major order.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RowByRow;

impl Search for RowByRow {
    const INFO: SolverInfo = SolverInfo {
        name: "row-by-row",
        title: "recursive row-by-row search (the suite's own test solver)",
        seeds: "",
        order: Order::RowMajor,
        levels: queens_core::Levels::Rows,
        max_n: 16,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        let n = problem.n();
        let mut board = Board {
            queens: vec![0; n],
            column_used: vec![false; n],
            diagonal_used: vec![false; 2 * n],
            anti_diagonal_used: vec![false; 2 * n],
        };
        let _ = board.place_row(problem, 0, observer);
    }
}

/// The queens placed so far and the lines they occupy.
struct Board {
    queens: Vec<usize>,
    column_used: Vec<bool>,
    /// Indexed by `row + n - col`: constant along a `\` diagonal.
    diagonal_used: Vec<bool>,
    /// Indexed by `row + col`: constant along a `/` diagonal.
    anti_diagonal_used: Vec<bool>,
}

impl Board {
    /// The line along which an earlier queen attacks `square`, if any.
    fn conflict(&self, square: Square) -> Option<Line> {
        let n = self.queens.len();
        if self.column_used[square.col] {
            Some(Line::Column)
        } else if self.diagonal_used[square.row + n - square.col] {
            Some(Line::Diagonal)
        } else if self.anti_diagonal_used[square.row + square.col] {
            Some(Line::AntiDiagonal)
        } else {
            None
        }
    }

    /// Marks the lines of `square` used or free.
    fn mark(&mut self, square: Square, used: bool) {
        let n = self.queens.len();
        self.column_used[square.col] = used;
        self.diagonal_used[square.row + n - square.col] = used;
        self.anti_diagonal_used[square.row + square.col] = used;
    }

    /// Places a queen in `row` and every row below it, reporting each event.
    /// Returns `Break` when the observer asks the search to stop.
    fn place_row<O: Observer>(
        &mut self,
        problem: &Problem,
        row: usize,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let n = self.queens.len();
        if row == n {
            return observer.solution(&self.queens);
        }
        let columns = match problem.column_in_row(row) {
            Some(fixed) => (fixed, fixed + 1),
            None => (0, n),
        };
        for col in columns.0..columns.1 {
            let square = Square::new(row, col);
            let conflict = self.conflict(square);
            observer.checked(square, 3, conflict);
            if conflict.is_none() {
                self.queens[row] = col;
                self.mark(square, true);
                observer.placed(square)?;
                self.place_row(problem, row + 1, observer)?;
                observer.removed(square);
                self.mark(square, false);
            }
            if row == 0 {
                observer.progressed(col + 1 - columns.0, columns.1 - columns.0);
            }
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }
}

/// How a [`Wrapped`] solver changes [`RowByRow`]: three correct
/// variants that exercise other branches of the checks, then one deliberate
/// fault each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Variant {
    /// Correct: emits in column-major order and says so.
    ColumnMajor,
    /// Correct: emits in reverse row-major order and declares no order.
    Unordered,
    /// Correct: declares practical_n = 7, like the naive solver.
    PracticalSeven,
    /// Declares max_n = practical_n = 1, and so refuses every larger board.
    DeclaresOne,
    /// Emits no solution at all.
    EmitsNothing,
    /// Emits only every other solution.
    DropsEveryOther,
    /// Emits the first solution twice on boards of five queens or more.
    DuplicatesFirst,
    /// Emits an attacked placement instead of the first solution of n = 5.
    CorruptsOne,
    /// Emits the right solutions in reverse order.
    Reversed,
    /// Emits the second and third solutions the wrong way round.
    SwapsSecondAndThird,
    /// Solves the plain board, whatever queens were pre-placed.
    IgnoresPreplaced,
    /// Goes on emitting after the sink asked it to stop.
    IgnoresBreak,
    /// Goes on searching after an observer asked it to stop at a queen.
    IgnoresStopAtQueen,
    /// Reports empty statistics.
    NoStatistics,
    /// Declares max_n = 12 but solves larger boards instead of refusing.
    SkipsSizeCheck,
    /// Panics on boards of seven queens.
    PanicsAtSeven,
}

/// The test solver changed by one [`Variant`]. It runs [`RowByRow`] to
/// the end, rearranges or distorts the solutions it found, then replays them
/// to the sink.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wrapped(pub(crate) Variant);

impl Wrapped {
    /// The problem the inner search solves.
    fn inner_problem(&self, problem: &Problem) -> Problem {
        if self.0 == Variant::IgnoresPreplaced {
            Problem::new(problem.n())
        } else {
            problem.clone()
        }
    }

    /// Refuses boards past max_n, unless that is the fault.
    fn check_size(&self, problem: &Problem) -> Result<(), Error> {
        if self.0 == Variant::SkipsSizeCheck {
            Ok(())
        } else {
            self.info().check_size(problem.n())
        }
    }

    /// The solutions as this solver emits them.
    fn distort(&self, problem: &Problem, mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
        let n = problem.n();
        match self.0 {
            Variant::DropsEveryOther => {
                solutions = solutions.into_iter().step_by(2).collect();
            }
            Variant::DuplicatesFirst if n >= 5 && !solutions.is_empty() => {
                solutions.insert(1, solutions[0].clone());
            }
            Variant::CorruptsOne if n == 5 && problem.is_plain() => {
                solutions[0] = vec![0, 3, 4, 1, 3];
            }
            Variant::ColumnMajor => {
                solutions.sort_by_key(|queens| Order::ColumnMajor.key(queens));
            }
            Variant::Reversed | Variant::Unordered => solutions.reverse(),
            Variant::SwapsSecondAndThird if solutions.len() >= 3 => solutions.swap(1, 2),
            Variant::PanicsAtSeven if n == 7 => panic!("deliberately broken at n = 7"),
            Variant::EmitsNothing => solutions.clear(),
            _ => {}
        }
        solutions
    }

    /// Hands `solutions` to `sink`, stopping when it says so unless that is
    /// the fault.
    fn replay(&self, solutions: &[Vec<usize>], sink: &mut Sink<'_>) {
        for queens in solutions {
            if sink(queens).is_break() && self.0 != Variant::IgnoresBreak {
                return;
            }
        }
    }
}

/// Collects every solution the inner search emits.
fn collect_into(solutions: &mut Vec<Vec<usize>>) -> impl FnMut(&[usize]) -> ControlFlow<()> + '_ {
    |queens| {
        solutions.push(queens.to_vec());
        ControlFlow::Continue(())
    }
}

impl Solver for Wrapped {
    fn info(&self) -> SolverInfo {
        let name = match self.0 {
            Variant::ColumnMajor => "column-major",
            Variant::Unordered => "unordered",
            Variant::PracticalSeven => "practical-seven",
            Variant::DeclaresOne => "declares-one",
            Variant::EmitsNothing => "emits-nothing",
            Variant::DropsEveryOther => "drops-every-other",
            Variant::DuplicatesFirst => "duplicates-first",
            Variant::CorruptsOne => "corrupts-one",
            Variant::Reversed => "reversed",
            Variant::SwapsSecondAndThird => "swaps-second-and-third",
            Variant::IgnoresPreplaced => "ignores-preplaced",
            Variant::IgnoresBreak => "ignores-break",
            Variant::IgnoresStopAtQueen => "ignores-stop-at-queen",
            Variant::NoStatistics => "no-statistics",
            Variant::SkipsSizeCheck => "skips-size-check",
            Variant::PanicsAtSeven => "panics-at-seven",
        };
        let max_n = if self.0 == Variant::SkipsSizeCheck {
            13
        } else if self.0 == Variant::DeclaresOne {
            1
        } else {
            RowByRow::INFO.max_n
        };
        let order = match self.0 {
            Variant::ColumnMajor => Order::ColumnMajor,
            Variant::Unordered => Order::Unspecified,
            _ => Order::RowMajor,
        };
        let practical_n = match self.0 {
            Variant::PracticalSeven => 7,
            Variant::DeclaresOne => 1,
            _ => 14,
        };
        SolverInfo {
            name,
            order,
            max_n,
            practical_n,
            ..RowByRow::INFO
        }
    }

    fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
        self.solve_counted(problem, sink).map(drop)
    }

    fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
        self.check_size(problem)?;
        let mut solutions = Vec::new();
        let stats = RowByRow.solve_counted(
            &self.inner_problem(problem),
            &mut collect_into(&mut solutions),
        )?;
        self.replay(&self.distort(problem, solutions), sink);
        Ok(if self.0 == Variant::NoStatistics {
            Stats::default()
        } else {
            stats
        })
    }

    fn solve_observed(
        &self,
        problem: &Problem,
        observer: &mut dyn Observer,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        self.check_size(problem)?;
        let mut solutions = Vec::new();
        let mut deaf = Deaf(observer);
        let observer: &mut dyn Observer = if self.0 == Variant::IgnoresStopAtQueen {
            &mut deaf
        } else {
            deaf.0
        };
        RowByRow.solve_observed(
            &self.inner_problem(problem),
            observer,
            &mut collect_into(&mut solutions),
        )?;
        self.replay(&self.distort(problem, solutions), sink);
        Ok(())
    }
}

/// Passes every event on but never lets the observer stop the search at a
/// queen: the fault of [`Variant::IgnoresStopAtQueen`].
struct Deaf<'a>(&'a mut dyn Observer);

impl Observer for Deaf<'_> {
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        let _ = self.0.placed(square);
        ControlFlow::Continue(())
    }

    fn removed(&mut self, square: Square) {
        self.0.removed(square);
    }

    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.0.checked(square, cells_read, conflict);
    }

    fn exhausted(&mut self, depth: usize) {
        self.0.exhausted(depth);
    }

    fn progressed(&mut self, done: usize, of: usize) {
        self.0.progressed(done, of);
    }

    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        self.0.solution(queens)
    }
}

/// A solver that remembers being stopped: after a search the sink cut short,
/// every later call drops its first solution, as a solver that keeps its
/// board in `self` and does not clear it after an early return would go
/// wrong. Correct as long as each call runs to the end.
#[derive(Debug, Default)]
pub(crate) struct Leaky {
    stopped_early: AtomicBool,
}

impl Clone for Leaky {
    fn clone(&self) -> Self {
        Leaky::default()
    }
}

impl Solver for Leaky {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "leaky",
            ..RowByRow::INFO
        }
    }

    fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
        self.solve_counted(problem, sink).map(drop)
    }

    fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
        self.info().check_size(problem.n())?;
        let skip = usize::from(self.stopped_early.load(Ordering::Relaxed));
        let mut solutions = Vec::new();
        let stats = RowByRow.solve_counted(problem, &mut collect_into(&mut solutions))?;
        for queens in solutions.iter().skip(skip) {
            if sink(queens).is_break() {
                self.stopped_early.store(true, Ordering::Relaxed);
                break;
            }
        }
        Ok(stats)
    }

    fn solve_observed(
        &self,
        problem: &Problem,
        observer: &mut dyn Observer,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        let _ = observer;
        self.solve(problem, sink)
    }
}

/// A fake that knows the answers up to eight queens by heart (here taken
/// from the reference) and claims to count to fourteen.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TableOfAnswers;

impl Search for TableOfAnswers {
    const INFO: SolverInfo = SolverInfo {
        name: "table-of-answers",
        title: "a table of the answers up to eight queens",
        seeds: "",
        order: Order::RowMajor,
        levels: queens_core::Levels::Rows,
        max_n: 16,
        practical_n: 14,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        // One look-up in the table counts as the safety check; each queen of
        // an answer as placed.
        observer.checked(Square::new(0, 0), 1, None);
        if problem.n() > 8 {
            return;
        }
        for queens in reference::solutions(problem) {
            let placed = queens
                .iter()
                .enumerate()
                .try_for_each(|(row, &col)| observer.placed(Square::new(row, col)));
            if placed.is_break() || observer.solution(&queens).is_break() {
                return;
            }
        }
    }
}
