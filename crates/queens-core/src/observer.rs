//! The instrumentation hook through which a solver reports what its search
//! does, and the statistics counted from it.
//!
//! Every solver is written once, generic over an [`Observer`]. Timed runs use
//! [`Silent`], whose methods are empty and vanish when the search is
//! compiled, so counting never slows the timed path; counted runs use
//! [`Stats`]; the tracer of the command-line tool uses its own observer. A
//! student therefore sees statistics and traces taken from the very code that
//! is timed, not from a second copy of the algorithm.
//!
//! # What the statistics mean
//!
//! The three numbers mean the same thing for every solver:
//!
//! - **queens placed**: search nodes. One more queen put on the board, by a
//!   backtracking solver when a candidate square passes its safety check (or
//!   a pre-placed queen is put in its row), by the naive generator each time
//!   it puts the next queen of a combination on a cell, by the permutation
//!   generator each time it puts the next row's queen of a permutation.
//! - **safety checks**: one test of one candidate square (backtracking, and
//!   a local search's try of a square), of one complete placement (the naive
//!   and permutation generators), or of a whole row at once (the bitboard,
//!   which works out a row's open squares as one mask), whatever its
//!   outcome.
//! - **cells read**: the board cells or array entries that those checks read.
//!   The matrix solver reads the board cells of each line to the left, a
//!   whole line at a time, until a line holds a queen; the array solver reads
//!   the entry of every earlier row; the lookup solver reads one entry of each
//!   of its three lookup arrays; the naive solver reads the cells of a
//!   combination until it finds a clash, the permutation solver the rows of
//!   a permutation until one shares a diagonal with an earlier row; the
//!   bitboard reads machine words, the three masks of taken columns and
//!   diagonals that a row's open squares are computed from. This is the
//!   number in which the representations differ, so each solver counts the
//!   reads its own check really makes, stopping where the check stops. (The
//!   three backtracking checks stop later than their seeds' loops do: jumps
//!   that a processor cannot guess cost more than the reads they save. Each
//!   crate's essay says how much.)
//!
//! # Cells read or words read
//!
//! A word is not a cell: one read of a 64-bit mask covers a whole line of
//! the board. So the third number is kept in the unit its solver reads, its
//! [`ReadUnit`] ([`crate::Solver::reads`]), and every view labels it from
//! there: *cells read* for every solver but the bitboard, *words read* for
//! the bitboard. The JSON of the command-line tool names it the same way:
//! [`ReadStats`] writes the count under `cells_read` or `words_read`, never
//! one under the other's name.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::board::{Line, Square};

/// Receives the events of a search. Every method has an empty default, so an
/// observer implements only what it needs.
pub trait Observer {
    /// A queen was put on `square`: one search node. Returning `Break` stops
    /// the search (a trace's step limit, Ctrl-C); the solver returns at once,
    /// without reporting the queen's removal.
    #[inline(always)]
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        let _ = square;
        ControlFlow::Continue(())
    }

    /// The queen on `square` was taken off again, to try the next candidate.
    #[inline(always)]
    fn removed(&mut self, square: Square) {
        let _ = square;
    }

    /// One safety check of the candidate `square`, which read `cells_read`
    /// board cells or array entries. `conflict` is `None` when the square is
    /// safe, or the line along which an earlier queen attacks it.
    #[inline(always)]
    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        let _ = (square, cells_read, conflict);
    }

    /// One test of a complete placement of `queens` (the naive and
    /// permutation generators), which read `cells_read` cells. `conflict` is `None` when it is a solution, or
    /// the line along which the first clash found lies.
    #[inline(always)]
    fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
        let _ = (queens, cells_read, conflict);
    }

    /// The open squares of `row` were worked out at once, from
    /// `words_read` machine words, as a mask with bit `c` set when column
    /// `c` is safe: the bitboard's safety check, of every column of the row
    /// together. An empty mask closes the row.
    #[inline(always)]
    fn opened(&mut self, row: usize, open: u64, words_read: u64) {
        let _ = (row, open, words_read);
    }

    /// A local search weighed putting a queen on `square`, reading
    /// `cells_read` cells: a safety check that rules nothing out, since the
    /// search may put the queen there attacked. `conflict` is `None` when
    /// the square is free, or a line along which a queen attacks it.
    #[inline(always)]
    fn tried(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        let _ = (square, cells_read, conflict);
    }

    /// A solver that walks no tree says what it does next and why (see
    /// [`Decision`]): narration only, no statistic counts it.
    #[inline(always)]
    fn decided(&mut self, decision: Decision) {
        let _ = decision;
    }

    /// Every candidate at `depth` (the row of a row-by-row search, the column
    /// of a column-by-column one) has been tried: the search goes back.
    #[inline(always)]
    fn exhausted(&mut self, depth: usize) {
        let _ = depth;
    }

    /// The search has finished `done` of the `of` branches at its top level
    /// (the candidates of the first row, the first column, or the first
    /// queen's cells): the measure of progress shown on a terminal.
    #[inline(always)]
    fn progressed(&mut self, done: usize, of: usize) {
        let _ = (done, of);
    }

    /// A solution, `queens[row] = column`. Returning `Break` stops the search.
    #[inline(always)]
    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        let _ = queens;
        ControlFlow::Continue(())
    }

    /// The search's own counts, beyond the three statistics every solver
    /// keeps, told once as it ends (before its solution, if any): the local
    /// search's swap tries, swaps and restarts (see [`OwnCounts`]).
    #[inline(always)]
    fn own_counts(&mut self, counts: &[(&'static str, u64)]) {
        let _ = counts;
    }
}

/// What a solver that walks no tree decides: the moves of the local search
/// and the rules of the construction, for [`Observer::decided`]. A trace
/// tells each as an event of its own (`{"event":"swap",…}`), so the tag is
/// the trace's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Decision {
    /// The greedy start puts the queen of `square.row` on `square` although
    /// it is attacked: none of the `tries` columns it tried was free.
    Settle {
        /// Where the queen goes.
        square: Square,
        /// How many columns were tried.
        tries: usize,
    },
    /// The local search picks the attacked queen of `row` to move, with
    /// `pairs` pairs of queens attacking each other on the board.
    Repair {
        /// The row picked.
        row: usize,
        /// The attacking pairs on the board.
        pairs: u64,
    },
    /// The queens of two rows exchange their columns, leaving `pairs`
    /// attacking pairs; `clean` when both landed on empty diagonals.
    Swap {
        /// The two rows.
        rows: [usize; 2],
        /// Whether both queens landed unattacked.
        clean: bool,
        /// The attacking pairs after the swap.
        pairs: u64,
    },
    /// The local search starts again: `tries` swaps in a row helped nothing.
    Restart {
        /// The tries since the last swap that helped.
        tries: u64,
    },
    /// The rule a construction follows, in words.
    Rule {
        /// The rule.
        rule: &'static str,
    },
    /// A construction fills rows `first_row..=last_row` with every other
    /// column from `first_col` (one column when the rows are one).
    Run {
        /// The first row filled.
        first_row: usize,
        /// The last row filled.
        last_row: usize,
        /// The column of the first row; each next row's is two further.
        first_col: usize,
    },
}

/// Reports progress after the queen at `depth`, candidate `candidate` of the
/// candidates `first..end` of its level, was taken off: when `depth` is 0,
/// one top-level branch of the search is finished. Backtracking solvers call
/// this after every removal; it costs a comparison when nobody listens.
#[inline(always)]
pub fn report_top_level<O: Observer + ?Sized>(
    observer: &mut O,
    depth: usize,
    candidate: usize,
    (first, end): (usize, usize),
) {
    if depth == 0 {
        observer.progressed(candidate + 1 - first, end - first);
    }
}

/// The observer that observes nothing: the timed path.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Observer for Silent {}

/// Keeps every solution it hears, in order, in the vector it borrows: for
/// tests, and for pairing with [`Stats`] as `(&mut stats, Collect(&mut v))`.
#[derive(Debug)]
pub struct Collect<'a>(pub &'a mut Vec<Vec<usize>>);

impl Observer for Collect<'_> {
    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        self.0.push(queens.to_vec());
        ControlFlow::Continue(())
    }
}

/// Keeps every safety check it hears, in order: the square checked, the
/// cells read and the line of the attack, if any. For tests of what a
/// solver's check reads.
#[derive(Debug, Default)]
pub struct Checks(pub Vec<(Square, u64, Option<Line>)>);

impl Observer for Checks {
    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.0.push((square, cells_read, conflict));
    }
}

/// What a solver's safety checks read: the unit of [`Stats::cells_read`],
/// declared once by the solver ([`crate::Search::READS`]) so that every view
/// says *cells read* or *words read* from it, and says why a word is not a
/// cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReadUnit {
    /// Board cells or array entries: every solver but the bitboard.
    #[default]
    Cells,
    /// Machine words: the bitboard's masks, each a whole line of the board.
    Words,
}

impl ReadUnit {
    /// The statistic's name, as the views label it: `cells read`,
    /// `words read`.
    pub const fn noun(self) -> &'static str {
        match self {
            ReadUnit::Cells => "cells read",
            ReadUnit::Words => "words read",
        }
    }

    /// The unit alone, plural: `cells`, `words`.
    pub const fn unit(self) -> &'static str {
        match self {
            ReadUnit::Cells => "cells",
            ReadUnit::Words => "words",
        }
    }

    /// The statistic's key in JSON: `cells_read`, `words_read`.
    pub const fn key(self) -> &'static str {
        match self {
            ReadUnit::Cells => "cells_read",
            ReadUnit::Words => "words_read",
        }
    }

    /// What one read is, and for words why it is not a cell: the
    /// sentence a view shows beside the count.
    pub const fn reason(self) -> &'static str {
        match self {
            ReadUnit::Cells => "a read is one board cell or one array entry",
            ReadUnit::Words => {
                "a read is one machine word, a mask with one bit per column or \
                 diagonal: a whole line of the board at once, not one board cell"
            }
        }
    }

    /// The sentence a view that shows several solvers' reads side by side
    /// (a comparison, a race) gives once: whose reads are words, and
    /// [`ReadUnit::reason`] for words. `wordy` are the names of the solvers
    /// that read words; `None` when there are none.
    pub fn words_sentence(wordy: &[&str]) -> Option<String> {
        (!wordy.is_empty()).then(|| {
            format!(
                "The reads of {} are counted in words, not cells: {}.",
                wordy.join(", "),
                ReadUnit::Words.reason()
            )
        })
    }
}

/// [`Stats`] with the unit of their reads, as the tool's JSON writes them:
/// `{"queens_placed":…,"safety_checks":…,"cells_read":…}`, or
/// `"words_read"` for a solver that reads words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadStats {
    /// The counts.
    pub stats: Stats,
    /// The unit of [`Stats::cells_read`].
    pub reads: ReadUnit,
}

impl Serialize for ReadStats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut record = serializer.serialize_struct("Stats", 3)?;
        record.serialize_field("queens_placed", &self.stats.queens_placed)?;
        record.serialize_field("safety_checks", &self.stats.safety_checks)?;
        record.serialize_field(self.reads.key(), &self.stats.cells_read)?;
        record.end()
    }
}

/// A search's own counts, named by the solver, which no other solver keeps
/// and [`Stats`] has no place for: min-conflicts' `tries` (partners drawn
/// for a swap), `swaps` and `restarts`. Empty for every search that tells
/// none ([`Observer::own_counts`]); JSON writes it as an object,
/// `{"tries":…,"swaps":…,"restarts":…}`, in the solver's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OwnCounts(pub Vec<(&'static str, u64)>);

impl OwnCounts {
    /// Whether the search told none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for OwnCounts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().copied())
    }
}

/// Counts of what a search did; see the [module documentation](self) for
/// what each one means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Queens put on the board (search nodes).
    pub queens_placed: u64,
    /// Safety checks of candidate squares or complete placements.
    pub safety_checks: u64,
    /// Board cells or array entries read by those checks, or machine words
    /// for a solver whose [`ReadUnit`] is [`ReadUnit::Words`]; the views
    /// and the JSON name it by that unit.
    pub cells_read: u64,
}

impl Observer for Stats {
    #[inline(always)]
    fn placed(&mut self, _square: Square) -> ControlFlow<()> {
        self.queens_placed += 1;
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn checked(&mut self, _square: Square, cells_read: u64, _conflict: Option<Line>) {
        self.safety_checks += 1;
        self.cells_read += cells_read;
    }

    #[inline(always)]
    fn tested(&mut self, _queens: &[Square], cells_read: u64, _conflict: Option<Line>) {
        self.safety_checks += 1;
        self.cells_read += cells_read;
    }

    #[inline(always)]
    fn opened(&mut self, _row: usize, _open: u64, words_read: u64) {
        self.safety_checks += 1;
        self.cells_read += words_read;
    }

    #[inline(always)]
    fn tried(&mut self, _square: Square, cells_read: u64, _conflict: Option<Line>) {
        self.safety_checks += 1;
        self.cells_read += cells_read;
    }
}

impl<O: Observer + ?Sized> Observer for &mut O {
    #[inline(always)]
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        (**self).placed(square)
    }

    #[inline(always)]
    fn removed(&mut self, square: Square) {
        (**self).removed(square);
    }

    #[inline(always)]
    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        (**self).checked(square, cells_read, conflict);
    }

    #[inline(always)]
    fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
        (**self).tested(queens, cells_read, conflict);
    }

    #[inline(always)]
    fn opened(&mut self, row: usize, open: u64, words_read: u64) {
        (**self).opened(row, open, words_read);
    }

    #[inline(always)]
    fn tried(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        (**self).tried(square, cells_read, conflict);
    }

    #[inline(always)]
    fn decided(&mut self, decision: Decision) {
        (**self).decided(decision);
    }

    #[inline(always)]
    fn exhausted(&mut self, depth: usize) {
        (**self).exhausted(depth);
    }

    #[inline(always)]
    fn progressed(&mut self, done: usize, of: usize) {
        (**self).progressed(done, of);
    }

    #[inline(always)]
    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        (**self).solution(queens)
    }

    #[inline(always)]
    fn own_counts(&mut self, counts: &[(&'static str, u64)]) {
        (**self).own_counts(counts);
    }
}

/// Two observers fed the same events, the first first. The search stops when
/// either asks it to.
impl<A: Observer, B: Observer> Observer for (A, B) {
    #[inline(always)]
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        either_breaks(self.0.placed(square), self.1.placed(square))
    }

    #[inline(always)]
    fn removed(&mut self, square: Square) {
        self.0.removed(square);
        self.1.removed(square);
    }

    #[inline(always)]
    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.0.checked(square, cells_read, conflict);
        self.1.checked(square, cells_read, conflict);
    }

    #[inline(always)]
    fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
        self.0.tested(queens, cells_read, conflict);
        self.1.tested(queens, cells_read, conflict);
    }

    #[inline(always)]
    fn opened(&mut self, row: usize, open: u64, words_read: u64) {
        self.0.opened(row, open, words_read);
        self.1.opened(row, open, words_read);
    }

    #[inline(always)]
    fn tried(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        self.0.tried(square, cells_read, conflict);
        self.1.tried(square, cells_read, conflict);
    }

    #[inline(always)]
    fn decided(&mut self, decision: Decision) {
        self.0.decided(decision);
        self.1.decided(decision);
    }

    #[inline(always)]
    fn exhausted(&mut self, depth: usize) {
        self.0.exhausted(depth);
        self.1.exhausted(depth);
    }

    #[inline(always)]
    fn progressed(&mut self, done: usize, of: usize) {
        self.0.progressed(done, of);
        self.1.progressed(done, of);
    }

    #[inline(always)]
    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        either_breaks(self.0.solution(queens), self.1.solution(queens))
    }

    #[inline(always)]
    fn own_counts(&mut self, counts: &[(&'static str, u64)]) {
        self.0.own_counts(counts);
        self.1.own_counts(counts);
    }
}

/// `Break` when either flow is; both observers have already seen the event.
#[inline(always)]
fn either_breaks(first: ControlFlow<()>, second: ControlFlow<()>) -> ControlFlow<()> {
    if first.is_break() || second.is_break() {
        ControlFlow::Break(())
    } else {
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_names_the_reads_by_their_unit() {
        let stats = Stats {
            queens_placed: 1,
            safety_checks: 2,
            cells_read: 6,
        };
        let json = |reads| serde_json::to_string(&ReadStats { stats, reads }).unwrap();
        assert_eq!(
            json(ReadUnit::Cells),
            r#"{"queens_placed":1,"safety_checks":2,"cells_read":6}"#
        );
        assert_eq!(
            json(ReadUnit::Words),
            r#"{"queens_placed":1,"safety_checks":2,"words_read":6}"#
        );
        assert_eq!(
            (ReadUnit::Words.noun(), ReadUnit::Cells.noun()),
            ("words read", "cells read")
        );
        assert!(ReadUnit::Words.reason().ends_with("not one board cell"));
        assert_eq!(ReadUnit::words_sentence(&[]), None);
        assert_eq!(
            ReadUnit::words_sentence(&["bitboard"]).as_deref(),
            Some(
                "The reads of bitboard are counted in words, not cells: a read is one machine \
                 word, a mask with one bit per column or diagonal: a whole line of the board at \
                 once, not one board cell."
            )
        );
    }

    #[test]
    fn stats_count_nodes_checks_and_reads() {
        let mut stats = Stats::default();
        assert!(stats.placed(Square::new(0, 0)).is_continue());
        stats.checked(Square::new(1, 0), 1, Some(Line::Column));
        stats.checked(Square::new(1, 2), 3, None);
        stats.tested(&[Square::new(0, 1)], 4, None);
        stats.opened(2, 0b1010, 3);
        stats.tried(Square::new(3, 1), 2, Some(Line::Diagonal));
        stats.decided(Decision::Restart { tries: 9 });
        stats.removed(Square::new(0, 0));
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
    fn a_pair_stops_when_either_stops() {
        struct StopAtOnce;
        impl Observer for StopAtOnce {
            fn solution(&mut self, _queens: &[usize]) -> ControlFlow<()> {
                ControlFlow::Break(())
            }
        }
        let mut pair = (Stats::default(), StopAtOnce);
        assert!(pair.placed(Square::new(0, 0)).is_continue());
        assert!(pair.solution(&[0]).is_break());
        assert_eq!(pair.0.queens_placed, 1);
        assert!((Silent, Silent).solution(&[0]).is_continue());
    }
}
