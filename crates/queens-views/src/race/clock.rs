//! The clocks of a race: what moves every lane forward by one tick, and
//! who finishes when.
//!
//! - [`Clock::Steps`]: every lane takes one step (one event of its trace)
//!   per tick, so the lanes make the same decisions side by side, whatever
//!   each costs.
//! - [`Clock::Cells`]: every lane reads the same number of cells per tick,
//!   so a solver whose checks read fewer cells pulls ahead. Its ratios at
//!   the finish are ratios of cells read, the statistics `cargo xtask
//!   compare` prints.
//! - [`Clock::Time`]: every lane spends the same time per tick, each of its
//!   steps costing its solver's measured time per step on this machine.
//!
//! A lane is at the last step whose cost is reached: at `at` cells read,
//! the steps whose cells read so far are at most `at`. The start, `at` = 0,
//! is before every lane's first step, by every clock, although a lane's
//! first steps may read nothing (the naive generator's placements, the
//! matrix solver's first column); only a lane whose whole search reads
//! nothing (the matrix solver's n = 1) has finished there. The page's
//! script places the lanes by the same rules ([`Clock::position`]).
//!
//! The bitboard reads machine words, not cells ([`ReadUnit`]): by the clock
//! of reads it spends a word where the others spend a cell, and the clock
//! says so ([`reads_clock`]).

use queens_core::ReadUnit;
use queens_core::format::thousands;

use super::Lane;

/// What a tick of the race measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// One step of every lane per tick.
    Steps,
    /// The same cells read by every lane per tick.
    Cells,
    /// The same time, measured on this machine, per tick.
    Time,
}

impl Clock {
    /// Every clock, in the order the page offers them.
    pub const ALL: [Clock; 3] = [Clock::Steps, Clock::Cells, Clock::Time];

    /// The name on the command line and in the page.
    pub const fn name(self) -> &'static str {
        match self {
            Clock::Steps => "steps",
            Clock::Cells => "cells",
            Clock::Time => "time",
        }
    }

    /// What the clock counts for `lanes`, in words: `step`, `time`, or the
    /// clock of reads as [`reads_clock`] names it.
    pub(crate) fn noun(self, lanes: &[Lane]) -> String {
        match self {
            Clock::Steps => "step".to_owned(),
            Clock::Cells => reads_clock(lanes),
            Clock::Time => "time".to_owned(),
        }
    }

    /// What the clock reads when `lane` has taken every step it holds.
    pub(crate) fn end(self, lane: &Lane) -> f64 {
        match self {
            Clock::Steps => lane.steps as f64,
            Clock::Cells => lane.end.stats.cells_read as f64,
            Clock::Time => lane.seconds,
        }
    }

    /// How many steps `lane` has taken when the clock reads `at`.
    pub(crate) fn position(self, lane: &Lane, at: f64) -> u64 {
        let steps = lane.steps;
        match self {
            Clock::Steps => (at.floor() as u64).min(steps),
            // The start is before the first step of every lane that reads
            // anything; one whose whole search reads nothing has finished.
            Clock::Cells if at <= 0.0 && self.end(lane) > 0.0 => 0,
            Clock::Cells => lane.cells.partition_point(|&cells| cells as f64 <= at) as u64,
            Clock::Time if at >= lane.seconds => steps,
            Clock::Time => ((at / lane.seconds * steps as f64).floor() as u64).min(steps),
        }
    }

    /// A reading of the clock in the unit of `lanes`: `1,199 steps`,
    /// `2,682 cells read` (`words read`, or `reads` when the lanes read in
    /// different units), `12.5 µs`.
    pub(crate) fn reading(self, at: f64, lanes: &[Lane]) -> String {
        match self {
            Clock::Steps => format!("{} steps", thousands(at.round() as u128)),
            Clock::Cells => format!("{} {}", thousands(at.round() as u128), reads_word(lanes)),
            Clock::Time => micros(at),
        }
    }
}

/// What the lanes read, in one word: `cells`, `words`, or `reads` when
/// they read in different units.
pub(crate) fn reads_unit(lanes: &[Lane]) -> &'static str {
    match read_units(lanes)[..] {
        [unit] => unit.unit(),
        _ => "reads",
    }
}

/// What a reading of the clock of reads counts: `cells read`, `words
/// read`, or `reads` when the lanes read in different units.
pub(crate) fn reads_word(lanes: &[Lane]) -> &'static str {
    match read_units(lanes)[..] {
        [unit] => unit.noun(),
        _ => "reads",
    }
}

/// The name of the clock of reads for these lanes: `cells read` (or
/// `words read`) when they all read one unit, or which lanes read words
/// and that the clock counts each as a cell.
pub(crate) fn reads_clock(lanes: &[Lane]) -> String {
    match read_units(lanes)[..] {
        [unit] => unit.noun().to_owned(),
        _ => {
            let wordy: Vec<&str> = lanes
                .iter()
                .filter(|lane| lane.reads == ReadUnit::Words)
                .map(|lane| lane.info.name)
                .collect();
            format!(
                "reads ({} reads words, each counted as a cell)",
                wordy.join(", ")
            )
        }
    }
}

/// Whose reads are words and why a word is not a cell, the sentence the
/// page gives in its tooltips ([`ReadUnit::words_sentence`]), for the
/// terminal's table; `None` when no lane reads words.
pub(crate) fn words_sentence(lanes: &[Lane]) -> Option<String> {
    let wordy: Vec<&str> = lanes
        .iter()
        .filter(|lane| lane.reads == ReadUnit::Words)
        .map(|lane| lane.info.name)
        .collect();
    ReadUnit::words_sentence(&wordy)
}

/// The units the lanes read, each once.
fn read_units(lanes: &[Lane]) -> Vec<ReadUnit> {
    let mut units: Vec<ReadUnit> = Vec::new();
    for lane in lanes {
        if !units.contains(&lane.reads) {
            units.push(lane.reads);
        }
    }
    units
}

/// Seconds as microseconds with three significant digits, or milliseconds
/// past a thousand microseconds.
fn micros(seconds: f64) -> String {
    let (value, unit) = if seconds >= 1e-3 {
        (seconds * 1e3, "ms")
    } else {
        (seconds * 1e6, "µs")
    };
    let decimals = match value {
        value if value >= 99.95 => 0,
        value if value >= 9.995 => 1,
        _ => 2,
    };
    format!("{value:.decimals$} {unit}")
}

/// Where the race ends by `clock`: when the last whole lane finishes, or,
/// when every lane was cut, when the longest stops.
pub(crate) fn finish_line(lanes: &[Lane], clock: Clock) -> f64 {
    let whole = lanes.iter().any(|lane| lane.whole);
    lanes
        .iter()
        .filter(|lane| lane.whole || !whole)
        .map(|lane| clock.end(lane))
        .fold(0.0, f64::max)
}

/// A share with two significant digits: `12`, `0.11`, `0.0016`.
fn two_digits(value: f64) -> String {
    let decimals = if value > 0.0 {
        (1.0 - value.log10().floor()).max(0.0) as usize
    } else {
        0
    };
    format!("{value:.decimals$}")
}

/// A lane that finished, by one clock.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Finish {
    /// The lane's index in the race.
    pub(crate) lane: usize,
    /// Its place, from 1; lanes that finish together share one.
    pub(crate) place: usize,
    /// The clock's reading when it finished.
    pub(crate) at: f64,
    /// How many times the winner's reading, when the winner's is not 0.
    pub(crate) ratio: Option<f64>,
}

impl Finish {
    /// The finish as the race of `lanes` words it: `2nd at 4,427 cells
    /// read: 1.65×`.
    pub(crate) fn describe(&self, clock: Clock, lanes: &[Lane]) -> String {
        let ratio = self
            .ratio
            .map(|ratio| format!(": {}", self::ratio(ratio)))
            .unwrap_or_default();
        format!(
            "{} at {}{ratio}",
            ordinal(self.place),
            clock.reading(self.at, lanes)
        )
    }
}

/// The whole lanes in the order they finish by `clock`, ties in the order
/// of the race.
pub(crate) fn standings(lanes: &[Lane], clock: Clock) -> Vec<Finish> {
    let mut finished: Vec<(usize, f64)> = lanes
        .iter()
        .enumerate()
        .filter(|(_, lane)| lane.whole)
        .map(|(index, lane)| (index, clock.end(lane)))
        .collect();
    finished.sort_by(|a, b| a.1.total_cmp(&b.1));
    let winner = finished.first().map_or(0.0, |&(_, at)| at);
    let mut standings: Vec<Finish> = Vec::with_capacity(finished.len());
    for (index, &(lane, at)) in finished.iter().enumerate() {
        let place = match standings.last() {
            Some(last) if last.at == at => last.place,
            _ => index + 1,
        };
        standings.push(Finish {
            lane,
            place,
            at,
            ratio: (winner > 0.0).then(|| at / winner),
        });
    }
    standings
}

/// A ratio as the race prints it: `1.65×`.
fn ratio(value: f64) -> String {
    format!("{value:.2}×")
}

/// An ordinal place: `1st`, `2nd`, `3rd`, `4th`.
pub(crate) fn ordinal(place: usize) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

/// For a lane cut at its budget, how far it had got when the whole lanes
/// had all finished by `clock` (or, when its kept steps end sooner, where
/// they end); `None` for a whole lane.
pub(crate) fn how_far(lanes: &[Lane], n: usize, index: usize, clock: Clock) -> Option<String> {
    let lane = &lanes[index];
    if lane.whole {
        return None;
    }
    let line = finish_line(lanes, clock);
    let others = lanes.iter().any(|lane| lane.whole);
    // A lane cut to the race had steps beyond its finish line.
    let reached = lane.steps < lane.traced || clock.end(lane) >= line;
    let when = if others && reached {
        format!(
            "when the others had finished, at {}",
            clock.reading(line, lanes)
        )
    } else {
        format!(
            "where its steps end, at {}",
            clock.reading(clock.end(lane).min(line), lanes)
        )
    };
    let at = clock.position(lane, line);
    let counters = lane.counters_at(n, at);
    let stats = counters.stats;
    let share = lane
        .workload
        .as_ref()
        .and_then(|workload| {
            let amount = workload.amount?;
            let share = stats.safety_checks as f64 * 100.0 / amount as f64;
            Some(format!(" ({}% of its {workload})", two_digits(share)))
        })
        .unwrap_or_default();
    Some(format!(
        "{} was cut at its budget of {} steps; {when}, it had taken {} steps, placed {} queens, \
         made {} safety checks{share} and found {} solutions.",
        lane.info.name,
        thousands(u128::from(super::MOST_LANE_STEPS)),
        thousands(u128::from(at)),
        thousands(u128::from(stats.queens_placed)),
        thousands(u128::from(stats.safety_checks)),
        thousands(u128::from(counters.solutions)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::{Race, raced};

    #[test]
    fn the_start_is_before_every_lanes_first_step() {
        let race = raced(6, &["naive", "matrix", "lookup"]);
        let [naive, matrix, _] = [&race.lanes[0], &race.lanes[1], &race.lanes[2]];
        // The naive generator's placements and the matrix solver's first
        // column read nothing: by reads alone they would be taken at 0.
        assert_eq!((naive.cells[0], matrix.cells[0]), (0, 0));
        for lane in &race.lanes {
            for clock in Clock::ALL {
                assert_eq!(clock.position(lane, 0.0), 0, "{}", lane.info.name);
            }
        }
        // Any reading past the start takes the steps that read nothing.
        assert_eq!(Clock::Cells.position(naive, 0.5), 6);
        assert_eq!(Clock::Cells.position(matrix, 0.5), 1);
        // A search that reads nothing at all is over at the start.
        let free = raced(1, &["matrix"]);
        let lane = &free.lanes[0];
        assert_eq!((lane.steps, lane.end.stats.cells_read), (4, 0));
        assert_eq!(Clock::Cells.position(lane, 0.0), 4);
    }

    #[test]
    fn the_clock_of_reads_says_when_a_lane_reads_words() {
        let names = |race: &Race| (reads_unit(&race.lanes), reads_clock(&race.lanes));
        assert_eq!(
            names(&raced(4, &["lookup"])),
            ("cells", "cells read".to_owned())
        );
        assert_eq!(
            names(&raced(4, &["bitboard"])),
            ("words", "words read".to_owned())
        );
        assert_eq!(
            names(&raced(4, &["matrix", "bitboard"])),
            (
                "reads",
                "reads (bitboard reads words, each counted as a cell)".to_owned()
            )
        );
    }

    #[test]
    fn the_terminals_table_says_why_a_word_is_not_a_cell() {
        let reason = ReadUnit::words_sentence(&["bitboard"]).unwrap();
        let mixed = raced(4, &["matrix", "bitboard"]);
        for clock in Clock::ALL {
            let table = crate::race::terminal::table(&mixed, clock);
            let lines: Vec<&str> = table.lines().collect();
            // The heading, the columns, a line per lane, then the reason.
            assert_eq!(lines[4], reason, "{table}");
            assert!(lines[3].contains(" 45 words "), "{table}");
        }
        assert!(reason.contains(ReadUnit::Words.reason()));
        let cells = crate::race::terminal::table(&raced(4, &["matrix", "lookup"]), Clock::Cells);
        assert!(!cells.contains("words"), "{cells}");
    }

    #[test]
    fn cheap_checks_pull_ahead_by_cells_read_and_tie_by_steps() {
        let race = raced(6, &["matrix", "lookup"]);
        let [matrix, lookup] = [&race.lanes[0], &race.lanes[1]];
        let by_cells: Vec<String> = standings(&race.lanes, Clock::Cells)
            .iter()
            .map(|finish| {
                let name = race.lanes[finish.lane].info.name;
                format!("{name} {}", finish.describe(Clock::Cells, &race.lanes))
            })
            .collect();
        assert_eq!(
            by_cells,
            [
                "lookup 1st at 2,682 cells read: 1.00×",
                "matrix 2nd at 4,427 cells read: 1.65×"
            ]
        );
        let by_steps: Vec<String> = standings(&race.lanes, Clock::Steps)
            .iter()
            .map(|finish| finish.describe(Clock::Steps, &race.lanes))
            .collect();
        assert_eq!(by_steps, ["1st at 1,199 steps: 1.00×"; 2]);
        assert_eq!(finish_line(&race.lanes, Clock::Cells), 4_427.0);
        // When lookup finishes, matrix has read 2,682 cells or fewer.
        let behind = Clock::Cells.position(matrix, 2_682.0);
        assert!(behind < 1_199);
        assert!(matrix.cells[behind as usize - 1] <= 2_682);
        assert!(matrix.cells[behind as usize] > 2_682);
        assert_eq!(Clock::Cells.position(lookup, 2_682.0), 1_199);
        assert_eq!(Clock::Steps.position(lookup, 600.5), 600);
        assert_eq!(Clock::Time.position(lookup, lookup.seconds), 1_199);
        assert_eq!(Clock::Time.position(lookup, 0.0), 0);
        assert_eq!(Clock::Time.position(lookup, lookup.seconds / 2.0), 599);
        assert!(how_far(&race.lanes, 6, 0, Clock::Cells).is_none());
    }

    #[test]
    fn a_cut_lane_says_how_far_it_got() {
        // The counters are those of `queens trace 6 --algo naive --limit
        // 7098` (and `--limit 1199`).
        let race = raced(6, &["naive", "matrix", "lookup"]);
        assert_eq!(
            how_far(&race.lanes, 6, 0, Clock::Cells).as_deref(),
            Some(
                "naive was cut at its budget of 400,000 steps; when the others had finished, at \
                 4,427 cells read, it had taken 7,098 steps, placed 2,370 queens, made 2,213 \
                 safety checks (0.11% of its C(36, 6) = 1,947,792 placements) and found 0 \
                 solutions."
            )
        );
        assert_eq!(
            how_far(&race.lanes, 6, 0, Clock::Steps).as_deref(),
            Some(
                "naive was cut at its budget of 400,000 steps; when the others had finished, at \
                 1,199 steps, it had taken 1,199 steps, placed 403 queens, made 382 safety checks \
                 (0.020% of its C(36, 6) = 1,947,792 placements) and found 0 solutions."
            )
        );
        // Alone, a cut lane has no others to wait for.
        let alone = raced(9, &["permutation"]);
        assert_eq!(finish_line(&alone.lanes, Clock::Steps), 400_000.0);
        assert!(standings(&alone.lanes, Clock::Steps).is_empty());
        let said = how_far(&alone.lanes, 9, 0, Clock::Steps).unwrap();
        assert!(
            said.starts_with(
                "permutation was cut at its budget of 400,000 steps; where its steps end, at \
                 400,000 steps, it had taken 400,000 steps"
            ),
            "{said}"
        );
    }

    #[test]
    fn readings_places_and_shares_are_worded_for_people() {
        assert_eq!(Clock::Time.reading(12.345e-6, &[]), "12.3 µs");
        assert_eq!(Clock::Time.reading(0.004_567, &[]), "4.57 ms");
        assert_eq!(Clock::Time.reading(999.96e-6, &[]), "1000 µs");
        let lookup = raced(4, &["lookup"]);
        assert_eq!(
            Clock::Cells.reading(47_160.0, &lookup.lanes),
            "47,160 cells read"
        );
        let mixed = raced(4, &["lookup", "bitboard"]);
        assert_eq!(Clock::Cells.reading(47_160.0, &mixed.lanes), "47,160 reads");
        let places: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).into();
        assert_eq!(
            places,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
        assert_eq!(two_digits(12.34), "12");
        assert_eq!(two_digits(0.1136), "0.11");
        assert_eq!(two_digits(0.001_59), "0.0016");
        assert_eq!(two_digits(0.0), "0");
    }
}
