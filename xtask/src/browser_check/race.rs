//! The race page of `queens race --html`, proven in a real browser.
//!
//! The page of every solver that finds all solutions on the board of
//! `--n` is made with the workspace's own binary, then played in headless
//! Chromium to its end in each of its three clocks (`#clock=NAME&play&
//! speed=max`, under a budget of virtual time, so that the page's timers
//! run as fast as the machine allows). From each DOM Chromium dumps, every
//! board's counters and status are read and compared with what the page's
//! data says it must show at the finish, and, for each solver whose whole
//! search the page holds, with the solver's own statistics: the steps of
//! its trace and a counted run. By cells read, each finisher's ratio must
//! be its counted cells read over the fewest any finisher read: the ratio
//! `cargo xtask compare`'s statistics give. Then a screenshot at 1280×720
//! goes to `docs/views/race-page.png`.

use std::ops::ControlFlow;
use std::path::Path;

use queens_core::format::thousands;
use queens_core::trace::{Event, Tracer};
use queens_core::{Problem, Square};
use serde_json::Value;

use super::browser::{file_url, make_page, open_headless, shown_path, take_screenshot};
use super::page::{Counters, attribute, counted_run, element_text, parse_number};
use crate::error::Error;

/// The clocks of the page, by the names its address takes.
const CLOCKS: [&str; 3] = ["steps", "cells", "time"];

/// The window of the screenshot: the smallest the page is made for.
const WINDOW: (u32, u32) = (1280, 720);

/// The virtual time a page may play for, in milliseconds: far more than
/// the longest race at full speed needs.
const VIRTUAL_MS: u32 = 3_600_000;

/// How far into the race by cells read the screenshot is taken: when the
/// cheapest boards have finished and the dearest are still searching.
const SHOWCASE: f64 = 0.65;

/// The counters of a board, in the page's order, by the ends of their ids.
const COUNTERS: [&str; 5] = [
    "step",
    "queens-placed",
    "safety-checks",
    "cells-read",
    "solutions",
];

/// Checks the race page on the board of `n` in `browser`, working in
/// `folder`, and saves its screenshot to `screenshot` (by default
/// `docs/views/race-page.png`).
pub(super) fn check(
    browser: &Path,
    root: &Path,
    folder: &Path,
    n: usize,
    screenshot: Option<&Path>,
) -> Result<(), Error> {
    let page = folder.join("race.html");
    make_page(root, &["race", &n.to_string()], &page)?;
    let html = std::fs::read_to_string(&page)
        .map_err(|error| Error::Failed(format!("cannot read {}: {error}", page.display())))?;
    let data = race_data(&html)?;
    let lanes = data["lanes"].as_array().cloned().unwrap_or_default();
    println!(
        "race page: {} ({} boards, {} bytes)",
        shown_path(root, &page),
        lanes.len(),
        thousands(html.len() as u128)
    );
    let own = own_statistics(&lanes, n)?;
    let url = file_url(&page)?;
    let mut failed = 0;
    for clock in CLOCKS {
        let dom_file = folder.join(format!("race-{clock}.html"));
        open_headless(
            browser,
            &[
                format!("--virtual-time-budget={VIRTUAL_MS}"),
                "--dump-dom".to_owned(),
                format!("{url}#clock={clock}&play&speed=max"),
            ],
            Some(&dom_file),
            folder,
        )?;
        let dom = std::fs::read_to_string(&dom_file).map_err(|error| {
            Error::Failed(format!("cannot read {}: {error}", dom_file.display()))
        })?;
        failed += check_clock(&dom, clock, &lanes, &own);
    }
    if failed > 0 {
        return Err(Error::Failed(format!(
            "race check failed: {failed} board(s) show what they should not"
        )));
    }
    let screenshot =
        screenshot.map_or_else(|| root.join("docs/views/race-page.png"), Path::to_path_buf);
    let ticks = lanes
        .iter()
        .filter(|lane| lane["whole"] == true)
        .filter_map(|lane| lane["steps"].as_u64())
        .max()
        .unwrap_or(0);
    let tick = (ticks as f64 * SHOWCASE).round() as u64;
    take_screenshot(
        browser,
        &format!("{url}#clock=cells&tick={tick}"),
        WINDOW,
        &screenshot,
        folder,
    )?;
    println!(
        "screenshot: {} (by cells read, tick {} of {}, {}×{})",
        shown_path(root, &screenshot),
        thousands(u128::from(tick)),
        thousands(u128::from(ticks)),
        WINDOW.0,
        WINDOW.1
    );
    Ok(())
}

/// The JSON data of a race page.
fn race_data(html: &str) -> Result<Value, Error> {
    const DATA: &str = r#"<script type="application/json" id="race-data">"#;
    let start = html
        .find(DATA)
        .ok_or_else(|| Error::Failed("the race page has no data".to_owned()))?
        + DATA.len();
    let end = start + html[start..].find("</script>").unwrap_or(0);
    serde_json::from_str(&html[start..end])
        .map_err(|error| Error::Failed(format!("the race page's data is not JSON: {error}")))
}

/// The solvers' own statistics, by board: the steps of a trace of the
/// whole search and a counted run, for the boards that hold the whole
/// search; `None` for a board cut at its budget.
fn own_statistics(lanes: &[Value], n: usize) -> Result<Vec<Option<Counters>>, Error> {
    lanes
        .iter()
        .map(|lane| {
            if lane["whole"] != true {
                return Ok(None);
            }
            let name = lane["name"].as_str().unwrap_or_default();
            let counted = counted_run(name, n)?;
            Ok(Some(Counters {
                steps: traced_steps(name, n),
                ..counted
            }))
        })
        .collect()
}

/// The steps of the whole trace of the solver `name` on a plain `n`-board.
fn traced_steps(name: &str, n: usize) -> u64 {
    let Some(solver) = queens_solvers::by_name(name) else {
        return 0;
    };
    let mut steps = 0;
    let mut tracer = Tracer::new(solver.info().levels, |_: &Event, _: &[Square]| {
        steps += 1;
        ControlFlow::Continue(())
    });
    let _ = solver.solve_observed(&Problem::new(n), &mut tracer, &mut |_| {
        ControlFlow::Continue(())
    });
    drop(tracer);
    steps
}

/// Compares what each board of a race played to its end by `clock` shows
/// (`dom`) with the page's data and the solvers' own statistics, printing
/// a line per board. Returns how many boards differ, the race counting as
/// one when it did not reach its end.
fn check_clock(dom: &str, clock: &str, lanes: &[Value], own: &[Option<Counters>]) -> usize {
    let over = attribute(dom, "race", "data-over") == Some("true");
    let tick = attribute(dom, "race", "data-tick").unwrap_or("?");
    println!(
        "by {clock}, played to tick {tick} ({}): each board against the page's data, the \
         solver's own trace and counted run{}",
        if over { "the race is over" } else { "NOT OVER" },
        if clock == "cells" {
            ", and the ratio of its reads (cells, or the bitboard's words)"
        } else {
            ""
        }
    );
    println!(
        "  {:<12} {:>7} {:>8} {:>8} {:>8} {:>9}  status",
        "board", "step", "queens", "checks", "reads", "solutions"
    );
    let least_cells = own.iter().flatten().map(|own| own.cells_read).min();
    let mut failed = usize::from(!over);
    for (lane, own) in lanes.iter().zip(own) {
        let name = lane["name"].as_str().unwrap_or_default();
        let expected = &lane["finish"][clock];
        let shown: Vec<Option<u64>> = COUNTERS
            .iter()
            .map(|counter| element_text(dom, &format!("{name}-{counter}")).and_then(parse_number))
            .collect();
        let wanted: Vec<Option<u64>> = COUNTERS
            .iter()
            .map(|counter| expected[counter.replace('-', "_")].as_u64())
            .collect();
        let status = element_text(dom, &format!("{name}-status")).unwrap_or_default();
        let mut verdicts = vec![verdict(
            "page",
            shown == wanted && status == expected["status"],
        )];
        if let Some(own) = own {
            let counted = [
                own.steps,
                own.queens_placed,
                own.safety_checks,
                own.cells_read,
                own.solutions,
            ]
            .map(Some);
            verdicts.push(verdict("counted", shown == counted));
            if let (Some(least), "cells") = (least_cells, clock) {
                let ratio = format!("{:.2}×", own.cells_read as f64 / least as f64);
                verdicts.push(verdict(&ratio, status.ends_with(&ratio)));
            }
        }
        if verdicts.iter().any(|verdict| verdict.ends_with("MISMATCH")) {
            failed += 1;
        }
        let number =
            |value: Option<u64>| value.map_or("?".to_owned(), |value| thousands(u128::from(value)));
        println!(
            "  {:<12} {:>7} {:>8} {:>8} {:>8} {:>9}  {status} [{}]",
            name,
            number(shown[0]),
            number(shown[1]),
            number(shown[2]),
            number(shown[3]),
            number(shown[4]),
            verdicts.join(", ")
        );
    }
    failed
}

/// `against ok` or `against MISMATCH`.
fn verdict(against: &str, passed: bool) -> String {
    format!("{against} {}", if passed { "ok" } else { "MISMATCH" })
}
