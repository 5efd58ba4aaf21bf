//! The race on a terminal: the boards side by side, redrawn in place frame
//! by frame, then the counters of every lane in a table.
//!
//! The race is cut into frames of equal ticks of its clock, from the start
//! to its finish line ([`clock::finish_line`]). On a terminal each frame is
//! drawn over the one before (the cursor goes back up as many lines as the
//! frame has), [`FRAME_PAUSE`] apart; to a pipe or a file only every K-th
//! frame is printed, one after the other, and the last one always, so that
//! what a script reads does not depend on timing. A stop flag (Ctrl-C's)
//! stops the animation.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use queens_core::TextFormat;
use queens_core::format::thousands;
use queens_core::trace::Event;

use super::clock::{self, Clock};
use super::compact::Replay;
use super::{Lane, Race};

/// The time between two frames on a terminal.
const FRAME_PAUSE: Duration = Duration::from_millis(40);

/// The narrowest column a lane takes: its counters' lines fit in it.
const LEAST_COLUMN: usize = 18;

/// The space between two lanes.
const GAP: &str = "   ";

/// How the race is shown.
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// The clock that moves the lanes.
    pub clock: Clock,
    /// How many frames the race is cut into.
    pub frames: u64,
    /// Which frames a pipe gets: every K-th (and the last); `None`, the
    /// last only.
    pub every: Option<u64>,
    /// Whether the frames are redrawn in place, on a terminal.
    pub live: bool,
}

/// Why a race shown on the terminal ended before its table.
#[derive(Debug)]
pub enum ShowError {
    /// The output could not be written.
    Write(io::Error),
    /// The stop flag stopped the animation at this reading of the clock.
    Interrupted {
        /// The clock's reading then.
        reading: String,
    },
}

impl From<io::Error> for ShowError {
    fn from(error: io::Error) -> Self {
        ShowError::Write(error)
    }
}

/// Shows the race frame by frame on `out`, then the table of counters.
/// Between two frames drawn live, a set `stop` ends the show.
pub fn show(
    race: &Race,
    view: View,
    stop: &AtomicBool,
    out: &mut impl Write,
) -> Result<(), ShowError> {
    let line = clock::finish_line(&race.lanes, view.clock);
    let mut replays: Vec<Replay<'_>> = race.lanes.iter().map(|lane| lane.replay(race.n)).collect();
    let mut last: Vec<Option<Event>> = vec![None; race.lanes.len()];
    let mut drawn = 0;
    for frame in 1..=view.frames {
        let at = line * frame as f64 / view.frames as f64;
        for ((lane, replay), last) in race.lanes.iter().zip(&mut replays).zip(&mut last) {
            let target = view.clock.position(lane, at);
            while replay.taken() < target {
                let Some(step) = replay.next() else { break };
                *last = Some(step.event);
            }
        }
        let shown =
            frame == view.frames || view.live || view.every.is_some_and(|every| frame % every == 0);
        if !shown {
            continue;
        }
        let text = draw(race, view.clock, at, &replays, &last);
        if view.live && drawn > 0 {
            // Back to the top of the frame before, to draw over it.
            write!(out, "\x1b[{drawn}A")?;
        } else if drawn > 0 {
            writeln!(out)?;
        }
        // On a terminal each line also clears what the frame before left
        // to its right.
        let clear = if view.live { "\x1b[K" } else { "" };
        for row in text.lines() {
            writeln!(out, "{row}{clear}")?;
        }
        out.flush()?;
        drawn = text.lines().count();
        if view.live && frame < view.frames {
            std::thread::sleep(FRAME_PAUSE);
            if stop.load(Ordering::Relaxed) {
                return Err(ShowError::Interrupted {
                    reading: view.clock.reading(at, &race.lanes),
                });
            }
        }
    }
    writeln!(out)?;
    out.write_all(table(race, view.clock).as_bytes())?;
    Ok(())
}

/// One frame: a heading, then the lanes side by side.
fn draw(
    race: &Race,
    clock: Clock,
    at: f64,
    replays: &[Replay<'_>],
    last: &[Option<Event>],
) -> String {
    let line = clock::finish_line(&race.lanes, clock);
    let width = (2 * race.n).saturating_sub(1).max(LEAST_COLUMN);
    let columns: Vec<Vec<String>> = replays
        .iter()
        .zip(last)
        .enumerate()
        .map(|(index, (replay, event))| column(race, index, replay, event.as_ref(), clock))
        .collect();
    let mut text = format!(
        "n = {}, by {}: {} of {}\n\n",
        race.n,
        clock.noun(&race.lanes),
        clock.reading(at, &race.lanes),
        clock.reading(line, &race.lanes)
    );
    let rows = columns.iter().map(Vec::len).max().unwrap_or(0);
    for row in 0..rows {
        let cells: Vec<String> = columns
            .iter()
            .map(|column| format!("{:<width$}", column.get(row).map_or("", String::as_str)))
            .collect();
        text.push_str(cells.join(GAP).trim_end());
        text.push('\n');
    }
    text
}

/// The lines of one lane: its name, its board, its last step and its
/// counters.
fn column(
    race: &Race,
    index: usize,
    replay: &Replay<'_>,
    event: Option<&Event>,
    clock: Clock,
) -> Vec<String> {
    let lane = &race.lanes[index];
    let board = TextFormat::Stars.render_squares(race.n, replay.on_board(), &race.preplaced);
    let counters = replay.counters();
    let stats = counters.stats;
    let mut lines = vec![lane.info.name.to_owned()];
    lines.extend(board.lines().map(str::to_owned));
    lines.push(event.map_or_else(|| "before the start".to_owned(), caption));
    lines.push(format!(
        "step      {}",
        thousands(u128::from(replay.taken()))
    ));
    for (name, value) in [
        ("placed", stats.queens_placed),
        ("checks", stats.safety_checks),
        (lane.reads.unit(), stats.cells_read),
        ("solutions", counters.solutions),
    ] {
        lines.push(format!("{name:<9} {}", thousands(u128::from(value))));
    }
    lines.push(status(race, index, replay.taken(), clock));
    lines
}

/// What a lane is doing: running, finished and in which place, or cut.
fn status(race: &Race, index: usize, taken: u64, clock: Clock) -> String {
    let lane = &race.lanes[index];
    if taken < lane.steps {
        return "searching".to_owned();
    }
    if !lane.whole {
        return "cut: over budget".to_owned();
    }
    clock::standings(&race.lanes, clock)
        .into_iter()
        .find(|finish| finish.lane == index)
        .map_or_else(String::new, |finish| {
            format!("finished {}", clock::ordinal(finish.place))
        })
}

/// A step in a few words, to fit under a board: the line of an attack is
/// drawn as `—`, `|`, `\` or `/`.
fn caption(event: &Event) -> String {
    match event {
        Event::Place { square } => format!("place {square}"),
        Event::Remove { square } => format!("remove {square}"),
        Event::Reject { square, line, .. } => format!("reject {square} {}", line_mark(*line)),
        Event::Test {
            conflict: Some(line),
            ..
        } => format!("test: clash {}", line_mark(*line)),
        Event::Test { conflict: None, .. } => "test: a solution".to_owned(),
        Event::Backtrack { noun, depth } => format!("back from {noun} {depth}"),
        Event::Solution { number, .. } => format!("solution {}", thousands(u128::from(*number))),
        Event::Mask { row, open } => format!("mask row {row}: {} open", open.count_ones()),
        // The race refuses the solvers that narrate anything else.
        other => other.to_string(),
    }
}

/// The line of an attack as a mark.
fn line_mark(line: queens_core::Line) -> &'static str {
    match line {
        queens_core::Line::Row => "—",
        queens_core::Line::Column => "|",
        queens_core::Line::Diagonal => "\\",
        queens_core::Line::AntiDiagonal => "/",
    }
}

/// What `lane` read, `read` of its unit: the number alone when every lane
/// reads the same unit, which the column's heading names, or with the unit
/// when they differ (`5,895 words`).
fn read(race: &Race, lane: &Lane, read: u64) -> String {
    let number = thousands(u128::from(read));
    if clock::reads_unit(&race.lanes) == lane.reads.unit() {
        number
    } else {
        format!("{number} {}", lane.reads.unit())
    }
}

/// The counters of every lane at the finish line, and how each finished
/// by `clock`; under it, whose reads are words and why a word is not a
/// cell, and how far each cut lane had got.
pub fn table(race: &Race, clock: Clock) -> String {
    let line = clock::finish_line(&race.lanes, clock);
    let standings = clock::standings(&race.lanes, clock);
    let heading = [
        "solver",
        "steps",
        "queens placed",
        "safety checks",
        clock::reads_word(&race.lanes),
        "solutions",
        "finished",
    ];
    let rows: Vec<[String; 7]> = race
        .lanes
        .iter()
        .enumerate()
        .map(|(index, lane)| {
            let taken = clock.position(lane, line);
            let counters = lane.counters_at(race.n, taken);
            let finished = standings
                .iter()
                .find(|finish| finish.lane == index)
                .map_or_else(
                    || "cut (below)".to_owned(),
                    |finish| finish.describe(clock, &race.lanes),
                );
            [
                lane.info.name.to_owned(),
                thousands(u128::from(taken)),
                thousands(u128::from(counters.stats.queens_placed)),
                thousands(u128::from(counters.stats.safety_checks)),
                read(race, lane, counters.stats.cells_read),
                thousands(u128::from(counters.solutions)),
                finished,
            ]
        })
        .collect();
    let mut text = format!("by {}:\n", clock.noun(&race.lanes));
    let widths: Vec<usize> = (0..heading.len())
        .map(|at| {
            rows.iter()
                .map(|row| row[at].chars().count())
                .chain([heading[at].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let lines = std::iter::once(heading.map(str::to_owned)).chain(rows);
    for row in lines {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(at, (cell, &width))| match at {
                0 | 6 => format!("{cell:<width$}"),
                _ => format!("{cell:>width$}"),
            })
            .collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    // Under the counters, whose reads column holds words too: why a word
    // is not a cell, as the page's tooltips say it.
    let sentences = clock::words_sentence(&race.lanes).into_iter().chain(
        (0..race.lanes.len()).filter_map(|index| clock::how_far(&race.lanes, race.n, index, clock)),
    );
    for sentence in sentences {
        text.push_str(&sentence);
        text.push('\n');
    }
    text
}
