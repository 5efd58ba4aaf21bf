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
//! the steps whose cells read so far are at most `at`. The page's script
//! places the lanes by the same rules ([`Clock::position`]).

use queens_core::format::thousands;

use super::Lane;

/// What a tick of the race measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clock {
    /// One step of every lane per tick.
    Steps,
    /// The same cells read by every lane per tick.
    Cells,
    /// The same time, measured on this machine, per tick.
    Time,
}

impl Clock {
    /// Every clock, in the order the page offers them.
    pub(crate) const ALL: [Clock; 3] = [Clock::Steps, Clock::Cells, Clock::Time];

    /// The name on the command line and in the page.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Clock::Steps => "steps",
            Clock::Cells => "cells",
            Clock::Time => "time",
        }
    }

    /// What the clock counts, in words: `step`, `cells read`, `time`.
    pub(crate) const fn noun(self) -> &'static str {
        match self {
            Clock::Steps => "step",
            Clock::Cells => "cells read",
            Clock::Time => "time",
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
            Clock::Cells => lane.cells.partition_point(|&cells| cells as f64 <= at) as u64,
            Clock::Time if at >= lane.seconds => steps,
            Clock::Time => ((at / lane.seconds * steps as f64).floor() as u64).min(steps),
        }
    }

    /// A reading of the clock, in its unit: `1,199 steps`, `2,682 cells
    /// read`, `12.5 µs`.
    pub(crate) fn reading(self, at: f64) -> String {
        match self {
            Clock::Steps => format!("{} steps", thousands(at.round() as u128)),
            Clock::Cells => format!("{} cells read", thousands(at.round() as u128)),
            Clock::Time => micros(at),
        }
    }
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
    /// The finish as the race words it: `2nd at 4,427 cells read: 1.65×`.
    pub(crate) fn describe(&self, clock: Clock) -> String {
        let ratio = self
            .ratio
            .map(|ratio| format!(": {}", self::ratio(ratio)))
            .unwrap_or_default();
        format!(
            "{} at {}{ratio}",
            ordinal(self.place),
            clock.reading(self.at)
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
        format!("when the others had finished, at {}", clock.reading(line))
    } else {
        format!(
            "where its steps end, at {}",
            clock.reading(clock.end(lane).min(line))
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
