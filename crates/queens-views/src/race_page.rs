//! The race page: one self-contained HTML file, written by `queens race N
//! --html FILE`, with a board per solver side by side, each replaying its
//! solver's own trace under one of three clocks ([`Clock`]).
//!
//! The page is hand-written HTML, CSS and JavaScript (the files under
//! `src/race_page/`), built on the trace page's board, style sheet, queen
//! and legend ([`crate::page`]), and filled in here with every lane's
//! compact trace ([`crate::race::compact`]) as JSON. It needs nothing from
//! the network.
//!
//! Each lane also carries what it must show when the race is over by each
//! clock, worked out here by the same rules the terminal view uses: its
//! counters and its standing (`finished 2nd at 4,427 cells read: 1.65×`),
//! or for a lane cut at its budget how far it had got. `cargo xtask
//! browser-check` plays the page to its end in each clock and compares what
//! it shows with these, and with the solvers' own statistics.

use std::collections::BTreeMap;

use queens_core::Square;
use queens_core::format::thousands;

use crate::page::{self, escape_html, fill, script_json};
use crate::race::clock::{self, Clock};
use crate::race::{Lane, MOST_LANE_STEPS, Race};

/// The page's `<main>`, with `{{name}}` holes.
const TEMPLATE: &str = include_str!("race_page/race.html");
/// One lane's board and counters.
const LANE: &str = include_str!("race_page/lane.html");
/// The race's own style, after the trace page's.
const STYLE: &str = include_str!("race_page/race.css");
/// The race itself.
const SCRIPT: &str = include_str!("race_page/race.js");

/// What the page's script reads.
#[derive(serde::Serialize)]
struct Payload<'r> {
    n: usize,
    preplaced: &'r [Square],
    /// The clock the page opens with.
    clock: &'static str,
    /// What the clock of reads is called: `cells read`, or what it counts
    /// when the lanes read in different units.
    reads_clock: String,
    /// What a reading of that clock counts: `cells read`, `words read` or
    /// `reads`.
    reads_word: &'static str,
    lanes: Vec<LaneData<'r>>,
}

/// One lane as the script reads it.
#[derive(serde::Serialize)]
struct LaneData<'r> {
    name: &'static str,
    /// "row", "column" or "queen": what a backtrack leaves.
    noun: &'static str,
    code: &'r str,
    steps: u64,
    whole: bool,
    seconds: f64,
    /// What the lane shows at the finish line, by clock name.
    finish: BTreeMap<&'static str, Shown>,
}

/// The counters and the status a lane shows when the race is over.
#[derive(serde::Serialize)]
struct Shown {
    step: u64,
    queens_placed: u64,
    safety_checks: u64,
    cells_read: u64,
    solutions: u64,
    status: String,
}

/// The whole page for `race`, made by `command`, opening with `clock`.
pub fn render(race: &Race, command: &str, clock: Clock) -> String {
    let names: Vec<&str> = race.lanes.iter().map(|lane| lane.info.name).collect();
    let heading = format!("{}-queens, side by side: {}", race.n, names.join(", "));
    let main = fill(
        TEMPLATE,
        &[
            ("heading", escape_html(&heading)),
            ("command", escape_html(command)),
            ("legend", page::LEGEND.to_owned()),
            ("lanes", lanes_markup(race)),
            ("reads_unit", clock::reads_unit(&race.lanes).to_owned()),
            ("reads_clock", escape_html(&clock::reads_clock(&race.lanes))),
            ("footer", escape_html(&footer(race))),
        ],
    );
    page::document(&page::Document {
        kind: "queens race --html",
        title: &heading,
        style: &format!("{}{STYLE}", page::STYLE),
        main,
        replays: "the race",
        data_id: "race-data",
        data: script_json(&payload(race, clock)),
        script: &format!("{}{SCRIPT}", page::BOARD_SCRIPT),
    })
}

/// The boards and counters of every lane, for the script to fill.
fn lanes_markup(race: &Race) -> String {
    race.lanes
        .iter()
        .map(|lane| {
            fill(
                LANE,
                &[
                    ("name", lane.info.name.to_owned()),
                    ("title", escape_html(lane.info.title)),
                    ("steps", steps_kept(lane)),
                    ("kept", kept(lane)),
                    ("cut", cut_note(lane)),
                    ("reads", lane.reads.noun().to_owned()),
                    ("reads_reason", escape_html(lane.reads.reason())),
                ],
            )
        })
        .collect()
}

/// How many steps a lane holds: `7,098`, or `7,098 kept` when it is cut.
fn steps_kept(lane: &Lane) -> String {
    let steps = thousands(u128::from(lane.steps));
    if lane.whole {
        steps
    } else {
        format!("{steps} kept")
    }
}

/// What a lane's steps are: the whole search, or its beginning.
fn kept(lane: &Lane) -> String {
    if lane.whole {
        "the whole search".to_owned()
    } else {
        format!(
            "cut: its search has more than {} steps",
            thousands(u128::from(MOST_LANE_STEPS))
        )
    }
}

/// What a cut lane says on its board, under it, where no one has to hover
/// to see it: how many of its steps the race keeps, of how many at least.
fn cut_note(lane: &Lane) -> String {
    if lane.whole {
        return String::new();
    }
    format!(
        r#"<p id="{}-cut" class="cut-note">cut at step {} of more than {}: the race keeps only the steps it needs</p>"#,
        lane.info.name,
        thousands(u128::from(lane.steps)),
        thousands(u128::from(MOST_LANE_STEPS))
    )
}

/// The line at the foot of the page: where the times come from.
fn footer(race: &Race) -> String {
    let times: Vec<String> = race
        .lanes
        .iter()
        .map(|lane| {
            let per_step = if lane.steps == 0 {
                0.0
            } else {
                lane.seconds / lane.steps as f64
            };
            format!("{} {:.2} ns a step", lane.info.name, per_step * 1e9)
        })
        .collect();
    format!(
        "Each board replays its solver's own trace (queens_core::trace). The time clock \
         gives each step its solver's time per step on the silent path, measured on the \
         machine that wrote the page: {}.",
        times.join(", ")
    )
}

/// The script's data: every lane, and what it shows at the finish.
fn payload(race: &Race, clock: Clock) -> Payload<'_> {
    let lanes = race
        .lanes
        .iter()
        .enumerate()
        .map(|(index, lane)| LaneData {
            name: lane.info.name,
            noun: lane.info.levels.noun(),
            code: &lane.code,
            steps: lane.steps,
            whole: lane.whole,
            seconds: lane.seconds,
            finish: Clock::ALL
                .iter()
                .map(|&clock| (clock.name(), shown(race, index, clock)))
                .collect(),
        })
        .collect();
    Payload {
        n: race.n,
        preplaced: &race.preplaced,
        clock: clock.name(),
        reads_clock: clock::reads_clock(&race.lanes),
        reads_word: clock::reads_word(&race.lanes),
        lanes,
    }
}

/// What lane `index` shows when the race is over by `clock`.
fn shown(race: &Race, index: usize, clock: Clock) -> Shown {
    let lane = &race.lanes[index];
    let step = clock.position(lane, clock::finish_line(&race.lanes, clock));
    let counters = lane.counters_at(race.n, step);
    let status = clock::how_far(&race.lanes, race.n, index, clock).unwrap_or_else(|| {
        clock::standings(&race.lanes, clock)
            .into_iter()
            .find(|finish| finish.lane == index)
            .map(|finish| format!("finished {}", finish.describe(clock, &race.lanes)))
            .unwrap_or_default()
    });
    Shown {
        step,
        queens_placed: counters.stats.queens_placed,
        safety_checks: counters.stats.safety_checks,
        cells_read: counters.stats.cells_read,
        solutions: counters.solutions,
        status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::raced;

    #[test]
    fn a_cut_lane_says_so_on_its_board() {
        let race = raced(6, &["naive", "lookup"]);
        let page = render(&race, "queens race 6", Clock::Cells);
        let naive = &race.lanes[0];
        assert!(!naive.whole);
        let note = format!(
            r#"<p id="naive-cut" class="cut-note">cut at step {} of more than 400,000: the race keeps only the steps it needs</p>"#,
            thousands(u128::from(naive.steps))
        );
        assert!(page.contains(&note), "no note on the cut board: {note}");
        assert!(!page.contains(r#"id="lookup-cut""#));
        let kept = format!(
            "<dt>step <small>of {} kept</small></dt><dd id=\"naive-step\">",
            thousands(u128::from(naive.steps))
        );
        assert!(page.contains(&kept), "{kept}");
        let lookup = thousands(u128::from(race.lanes[1].steps));
        assert!(page.contains(&format!(
            "<dt>step <small>of {lookup}</small></dt><dd id=\"lookup-step\">"
        )));
    }

    #[test]
    fn each_lane_names_what_its_checks_read() {
        let race = raced(5, &["lookup", "bitboard"]);
        let page = render(&race, "queens race 5", Clock::Steps);
        assert!(page.contains(r#"a read is one board cell or one array entry">cells read</dt><dd id="lookup-cells-read">"#));
        assert!(page.contains(r#"a whole line of the board at once, not one board cell">words read</dt><dd id="bitboard-cells-read">"#));
        assert!(page.contains("by reads (bitboard reads words, each counted as a cell)</label>"));
    }
}
