//! The two traits every solver meets: [`Search`], which an algorithm crate
//! implements once, generic over its observer, and [`Solver`], the
//! object-safe face that one `&[&dyn Solver]` list of the command-line tool,
//! the conformance suite and `cargo xtask` drives.
//!
//! A blanket implementation turns every [`Search`] into a [`Solver`], so the
//! code that checks a problem against the solver's limits, attaches the
//! statistics counter and hands solutions to the caller is written here once.

use std::cmp::Ordering;
use std::fmt;
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::board::{Line, Square};
use crate::error::Error;
use crate::observer::{Decision, Observer, OwnCounts, ReadUnit, Silent, Stats};
use crate::problem::Problem;
use crate::watch::{Instrument, Watch, WatchObserver, WatchReport};

/// Where solutions go: called once per solution with `queens[row] = column`;
/// returning `Break` stops the search.
pub type Sink<'a> = dyn FnMut(&[usize]) -> ControlFlow<()> + 'a;

/// The order in which a solver emits its solutions; named in kebab case
/// (`row-major`) by [`fmt::Display`], [`std::str::FromStr`] and serde alike,
/// so a tool that reads an order (an assignment, a flag) takes this type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Rows top to bottom, columns left to right in each: solutions come in
    /// lexicographic order of `queens` (seeds 001, 002 and 004).
    RowMajor,
    /// Columns left to right, rows top to bottom in each: solutions come in
    /// lexicographic order of the transposed placement, `rows[col] = row`
    /// (seeds 000 and 003).
    ColumnMajor,
    /// The solver promises no order; its solutions are checked as a set.
    Unspecified,
}

impl Order {
    /// The key the order sorts by: `queens` itself for row-major, its
    /// transpose for column-major, `None` when there is no order.
    pub fn key(self, queens: &[usize]) -> Option<Vec<usize>> {
        match self {
            Order::RowMajor => Some(queens.to_vec()),
            Order::ColumnMajor => {
                let mut rows = vec![0; queens.len()];
                for (row, &col) in queens.iter().enumerate() {
                    if let Some(slot) = rows.get_mut(col) {
                        *slot = row;
                    }
                }
                Some(rows)
            }
            Order::Unspecified => None,
        }
    }

    /// Compares two solutions under this order; `Equal` when unordered.
    pub fn compare(self, a: &[usize], b: &[usize]) -> Ordering {
        self.key(a).cmp(&self.key(b))
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Order::RowMajor => "row-major",
            Order::ColumnMajor => "column-major",
            Order::Unspecified => "unspecified",
        })
    }
}

impl std::str::FromStr for Order {
    type Err = String;

    /// The order [`fmt::Display`] names `word`.
    fn from_str(word: &str) -> Result<Self, Self::Err> {
        [Order::RowMajor, Order::ColumnMajor, Order::Unspecified]
            .into_iter()
            .find(|order| order.to_string() == word)
            .ok_or_else(|| {
                format!("'{word}' is not an order: row-major, column-major or unspecified")
            })
    }
}

/// What one level of a search fills, the unit its depth counts in: the
/// backtracking solvers and the permutation generator go down a row or a
/// column at a time, the naive generator one queen of the combination at a
/// time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Levels {
    /// Level `k` fills row `k`.
    Rows,
    /// Level `k` fills column `k`.
    Columns,
    /// Level `k` puts the `k`th queen of a combination on a cell.
    Queens,
}

impl Levels {
    /// The noun for one level: "row", "column" or "queen".
    pub const fn noun(self) -> &'static str {
        match self {
            Levels::Rows => "row",
            Levels::Columns => "column",
            Levels::Queens => "queen",
        }
    }
}

/// How much work a solver will do on a board, when it can say beforehand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Workload {
    /// How the amount is computed, e.g. `C(81, 9)`.
    pub formula: String,
    /// The amount, or `None` when it does not fit in 128 bits.
    pub amount: Option<u128>,
    /// What is counted, plural: "placements".
    pub unit: &'static str,
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.amount {
            Some(amount) => write!(
                f,
                "{} = {} {}",
                self.formula,
                crate::format::thousands(amount),
                self.unit
            ),
            None => write!(f, "{} > 2^128 {}", self.formula, self.unit),
        }
    }
}

/// What a solver's search finds: every solution, or one.
///
/// A backtracking search walks the whole tree, so it can list, count and
/// prove that there is no solution. A construction or a local search finds
/// one solution of a board far too large for any tree, and no more: the
/// modes refuse to count or list with it ([`Error::FindsOne`]), and when it
/// finds nothing that is no proof that nothing exists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Finds {
    /// Every solution, in the solver's order.
    #[default]
    All,
    /// One solution, or none found.
    One {
        /// Whether it keeps pre-placed queens; one that cannot refuses
        /// them ([`Error::PreplacedUnsupported`]).
        preplaced: bool,
    },
}

/// What a solver tells about itself.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SolverInfo {
    /// The short name used on the command line: `naive`, `matrix`, ...
    pub name: &'static str,
    /// A title for tables and documents: "1-D array backtracking".
    pub title: &'static str,
    /// The seed documents the algorithm comes from, e.g. "000".
    pub seeds: &'static str,
    /// The order of its solutions.
    pub order: Order,
    /// What each level of its search fills.
    pub levels: Levels,
    /// The largest `n` it accepts at all; larger boards are an error.
    pub max_n: usize,
    /// The largest `n` it counts in reasonable time (seconds, in an
    /// optimised build). The conformance suite counts as far as its scope
    /// asks (12 by default), whatever this says: a solver that declares
    /// less than it is asked fails those checks.
    pub practical_n: usize,
    /// The work it will do on a problem, when known beforehand.
    #[serde(skip)]
    pub workload: Option<fn(&Problem) -> Workload>,
}

impl SolverInfo {
    /// Checks that the solver accepts an `n`×`n` board. Callers can ask before
    /// building a [`Problem`], which allocates in proportion to `n`.
    pub fn check_size(&self, n: usize) -> Result<(), Error> {
        if n > self.max_n {
            Err(Error::TooLarge {
                solver: self.name,
                n,
                max_n: self.max_n,
            })
        } else {
            Ok(())
        }
    }
}

/// An algorithm, written once and generic over the observer of its search.
///
/// Implement this in an algorithm crate; the blanket implementation makes it
/// a [`Solver`]. The search receives a problem already checked against
/// [`SolverInfo::max_n`], and must:
///
/// - report every queen put on and taken off the board, every safety check,
///   every exhausted row (or column) and each finished top-level branch to
///   `observer`, and return at once when [`Observer::placed`] answers `Break`;
/// - call [`Observer::solution`] for each solution, in the documented order,
///   and return as soon as it answers `Break`;
/// - keep every pre-placed queen where the problem put it;
/// - allocate nothing once the search loop runs, and not recurse so deep
///   that a large accepted `n` overflows the stack.
pub trait Search: Send + Sync {
    /// What the solver tells about itself.
    const INFO: SolverInfo;

    /// What its search finds: every solution unless it says otherwise.
    const FINDS: Finds = Finds::All;

    /// What its safety checks read: board cells or array entries unless it
    /// says otherwise. A trait constant rather than a field of
    /// [`SolverInfo`], so that a student's `SolverInfo` need not name it.
    const READS: ReadUnit = ReadUnit::Cells;

    /// Runs the search on `problem`, reporting to `observer`.
    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O);
}

/// The object-safe face of a solver. Implemented for every [`Search`]; a
/// student's solver that counts no statistics may implement it directly.
pub trait Solver: Send + Sync {
    /// What the solver tells about itself.
    fn info(&self) -> SolverInfo;

    /// What its search finds: every solution unless it says otherwise.
    fn finds(&self) -> Finds {
        Finds::All
    }

    /// What its safety checks read, the unit of [`Stats::cells_read`]:
    /// cells unless it says otherwise.
    fn reads(&self) -> ReadUnit {
        ReadUnit::Cells
    }

    /// Streams the solutions of `problem` to `sink` with no instrumentation:
    /// the path that is timed.
    fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error>;

    /// Streams the solutions of `problem` to `sink` and returns the search's
    /// statistics.
    fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error>;

    /// Streams the solutions of `problem` to `sink` under `watch`: counting
    /// statistics or not, passing progress on, and stopping when the watch's
    /// flag is set or its budget of queens is placed (see [`crate::watch`]).
    /// A solver implementing [`Solver`] by hand may leave this out: it then
    /// reports no progress, has no budget, and stops only when `sink` asks.
    fn solve_watched(
        &self,
        problem: &Problem,
        watch: &mut Watch<'_>,
        sink: &mut Sink<'_>,
    ) -> Result<WatchReport, Error> {
        let stats = match watch.instrument {
            Instrument::Off => {
                self.solve(problem, sink)?;
                None
            }
            Instrument::Counted => Some(self.solve_counted(problem, sink)?),
        };
        Ok(WatchReport {
            stats,
            queens_placed: stats.map_or(0, |stats| stats.queens_placed),
            halt: None,
            own: OwnCounts::default(),
        })
    }

    /// Streams the solutions of `problem` to `sink`, reporting every event of
    /// the search to `observer` (for traces).
    fn solve_observed(
        &self,
        problem: &Problem,
        observer: &mut dyn Observer,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error>;
}

/// Passes a search's events to an inner observer and its solutions to the
/// caller's sink.
struct Emitting<'s, 'f, O> {
    inner: O,
    sink: &'s mut Sink<'f>,
}

impl<O: Observer> Observer for Emitting<'_, '_, O> {
    #[inline(always)]
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        self.inner.placed(square)
    }

    #[inline(always)]
    fn removed(&mut self, square: Square) {
        self.inner.removed(square);
    }

    #[inline(always)]
    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.inner.checked(square, cells_read, conflict);
    }

    #[inline(always)]
    fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
        self.inner.tested(queens, cells_read, conflict);
    }

    #[inline(always)]
    fn opened(&mut self, row: usize, open: u64, words_read: u64) {
        self.inner.opened(row, open, words_read);
    }

    #[inline(always)]
    fn tried(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.inner.tried(square, cells_read, conflict);
    }

    #[inline(always)]
    fn decided(&mut self, decision: Decision) {
        self.inner.decided(decision);
    }

    #[inline(always)]
    fn exhausted(&mut self, depth: usize) {
        self.inner.exhausted(depth);
    }

    #[inline(always)]
    fn progressed(&mut self, done: usize, of: usize) {
        self.inner.progressed(done, of);
    }

    #[inline(always)]
    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        if self.inner.solution(queens).is_break() {
            return ControlFlow::Break(());
        }
        (self.sink)(queens)
    }

    #[inline(always)]
    fn own_counts(&mut self, counts: &[(&'static str, u64)]) {
        self.inner.own_counts(counts);
    }
}

impl<S: Search> Solver for S {
    fn info(&self) -> SolverInfo {
        S::INFO
    }

    fn finds(&self) -> Finds {
        S::FINDS
    }

    fn reads(&self) -> ReadUnit {
        S::READS
    }

    fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
        S::INFO.check_size(problem.n())?;
        self.search(
            problem,
            &mut Emitting {
                inner: Silent,
                sink,
            },
        );
        Ok(())
    }

    fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
        S::INFO.check_size(problem.n())?;
        let mut stats = Stats::default();
        self.search(
            problem,
            &mut Emitting {
                inner: &mut stats,
                sink,
            },
        );
        Ok(stats)
    }

    fn solve_watched(
        &self,
        problem: &Problem,
        watch: &mut Watch<'_>,
        sink: &mut Sink<'_>,
    ) -> Result<WatchReport, Error> {
        S::INFO.check_size(problem.n())?;
        Ok(match watch.instrument {
            Instrument::Off => watched(self, problem, Silent, watch, sink).1,
            Instrument::Counted => {
                let (stats, report) = watched(self, problem, Stats::default(), watch, sink);
                WatchReport {
                    stats: Some(stats),
                    ..report
                }
            }
        })
    }

    fn solve_observed(
        &self,
        problem: &Problem,
        observer: &mut dyn Observer,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        S::INFO.check_size(problem.n())?;
        self.search(
            problem,
            &mut Emitting {
                inner: observer,
                sink,
            },
        );
        Ok(())
    }
}

/// Runs `search` on `problem` with `inner` as its observer under `watch`:
/// what [`Solver::solve_watched`] does for either instrument. The report's
/// statistics are left to the caller, which holds them in `inner`.
fn watched<S: Search, I: Observer>(
    search: &S,
    problem: &Problem,
    inner: I,
    watch: &mut Watch<'_>,
    sink: &mut Sink<'_>,
) -> (I, WatchReport) {
    let mut emitting = Emitting {
        inner: (inner, WatchObserver::new(watch)),
        sink,
    };
    search.search(problem, &mut emitting);
    let (inner, watcher) = emitting.inner;
    (inner, watcher.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::StopReason;

    #[test]
    fn an_order_reads_back_the_name_it_is_written_as() {
        for order in [Order::RowMajor, Order::ColumnMajor, Order::Unspecified] {
            assert_eq!(order.to_string().parse::<Order>(), Ok(order));
        }
        assert_eq!("column-major".parse::<Order>(), Ok(Order::ColumnMajor));
        assert_eq!(
            "rows".parse::<Order>(),
            Err("'rows' is not an order: row-major, column-major or unspecified".to_owned())
        );
    }

    #[test]
    fn order_keys() {
        assert_eq!(Order::RowMajor.key(&[1, 3, 0, 2]), Some(vec![1, 3, 0, 2]));
        assert_eq!(
            Order::ColumnMajor.key(&[1, 3, 0, 2]),
            Some(vec![2, 0, 3, 1])
        );
        assert_eq!(Order::Unspecified.key(&[1, 3, 0, 2]), None);
        assert_eq!(
            Order::ColumnMajor.compare(&[2, 0, 3, 1], &[1, 3, 0, 2]),
            Ordering::Less
        );
    }

    /// A row-by-row search that places queens without any check, enough to
    /// see the watched entry point count, report progress and stop.
    struct Blind;

    impl Search for Blind {
        const INFO: SolverInfo = SolverInfo {
            name: "blind",
            title: "a search with no checks",
            seeds: "none",
            order: Order::RowMajor,
            levels: Levels::Rows,
            max_n: 4,
            practical_n: 4,
            workload: None,
        };

        fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
            let n = problem.n();
            for col in 0..n {
                for row in 0..n {
                    if observer.placed(Square::new(row, col)).is_break() {
                        return;
                    }
                }
                observer.progressed(col + 1, n);
            }
        }
    }

    #[test]
    fn watched_runs_count_report_progress_and_stop() {
        let mut reports = Vec::new();
        let mut listener = |progress: crate::watch::Progress| {
            reports.push((progress.branches_done, progress.branches));
        };
        let mut watch = Watch::new(Instrument::Counted).with_progress(&mut listener);
        let watched = Blind
            .solve_watched(&Problem::new(3), &mut watch, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(watched.stats.map(|stats| stats.queens_placed), Some(9));
        assert_eq!((watched.queens_placed, watched.halt), (9, None));
        assert_eq!(reports, [(1, 3), (2, 3), (3, 3)]);
        let stop = std::sync::atomic::AtomicBool::new(true);
        let mut watch = Watch::new(Instrument::Off).with_stop(&stop);
        let watched = Blind
            .solve_watched(&Problem::new(3), &mut watch, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(
            (watched.stats, watched.queens_placed, watched.halt),
            (None, 1, Some(StopReason::Interrupted))
        );
        let mut watch = Watch::new(Instrument::Off).with_budget(Some(4));
        let watched = Blind
            .solve_watched(&Problem::new(3), &mut watch, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(
            (watched.queens_placed, watched.halt),
            (4, Some(StopReason::OverBudget))
        );
    }

    #[test]
    fn workload_reads_with_thousands_separators() {
        let workload = Workload {
            formula: "C(81, 9)".into(),
            amount: Some(260_887_834_350),
            unit: "placements",
        };
        assert_eq!(
            workload.to_string(),
            "C(81, 9) = 260,887,834,350 placements"
        );
    }
}
