//! The page that replays a trace in a browser: one self-contained HTML file,
//! written by `queens trace N --html FILE`.
//!
//! The page is hand-written HTML, CSS and JavaScript (the files under
//! `src/page/`, built into the binary), filled in here with the trace as JSON.
//! It needs nothing from the network: no script, style sheet or font is
//! fetched, so it opens the same from a USB stick as from a web server.
//!
//! Each step is narrated with the same words as the text trace (the
//! [`Display`](std::fmt::Display) of [`Event`]), so the page and the terminal
//! never tell the search differently. `<main>` carries the summary as data
//! attributes and each counter a stable id, which is what
//! `cargo xtask browser-check` compares after jumping to `#end`.

use queens_core::trace::Event;
use queens_core::{ReadUnit, Square, Stats};

/// The most steps one page replays: a page of more would be too large to
/// load and too long to watch.
pub const MOST_PAGE_STEPS: u64 = 100_000;

/// The frame of every page: the document around its `<main>`, with
/// `{{name}}` holes that [`fill`] fills.
const FRAME: &str = include_str!("page/frame.html");
/// The page's `<main>`, with holes of its own.
const TEMPLATE: &str = include_str!("page/page.html");
/// The page's style sheet, after the board's.
pub(crate) const STYLE: &str = concat!(
    include_str!("page/board.css"),
    include_str!("page/page.css")
);
/// The replay itself, after the board it draws on.
const SCRIPT: &str = concat!(include_str!("page/board.js"), include_str!("page/page.js"));
/// The board's drawing code alone, for the race page.
pub(crate) const BOARD_SCRIPT: &str = include_str!("page/board.js");
/// The queen every square may show, as an SVG symbol.
const SYMBOLS: &str = include_str!("page/symbols.html");
/// What the board's highlights mean.
pub(crate) const LEGEND: &str = include_str!("page/legend.html");

/// One step of a trace as the page replays it: the event, and the counters
/// after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Step {
    /// What happened.
    pub(crate) event: Event,
    /// The statistics after this event.
    pub(crate) stats: Stats,
    /// The solutions found after this event.
    pub(crate) solutions: u64,
}

/// Everything the page shows.
#[derive(Clone, Debug, serde::Serialize)]
pub(crate) struct PageInput<'a> {
    /// The command that made the trace, e.g. `queens trace 6 --algo lookup`.
    pub(crate) command: String,
    /// The board size.
    pub(crate) n: usize,
    /// The solver's short name.
    pub(crate) algorithm: &'static str,
    /// The solver's title.
    pub(crate) title: &'static str,
    /// "row", "column" or "queen": what each level of the search fills.
    pub(crate) depth_noun: &'static str,
    /// The pre-placed queens.
    pub(crate) preplaced: &'a [Square],
    /// Every step, in order.
    pub(crate) steps: &'a [Step],
    /// The statistics at the end of the trace.
    pub(crate) summary: Stats,
    /// What the solver's checks read, the unit of `cells_read`.
    pub(crate) reads: ReadUnit,
    /// The solutions found by the end of the trace.
    pub(crate) solutions: u64,
    /// Whether `--limit` cut the trace short.
    pub(crate) truncated: bool,
}

/// What the page's script reads: the input, and each step narrated.
#[derive(serde::Serialize)]
struct Payload<'i, 'a> {
    #[serde(flatten)]
    input: &'i PageInput<'a>,
    narration: Vec<String>,
}

/// The whole HTML page for `input`.
pub(crate) fn render(input: &PageInput<'_>) -> String {
    let heading = format!(
        "{}-queens, step by step: {} ({})",
        input.n, input.title, input.algorithm
    );
    let main = fill(
        TEMPLATE,
        &[
            ("heading", escape_html(&heading)),
            ("command", escape_html(&input.command)),
            ("summary", summary_attributes(input)),
            ("reads", input.reads.noun().to_owned()),
            ("reads_reason", escape_html(input.reads.reason())),
            ("footer", escape_html(&footer(input))),
            ("legend", LEGEND.to_owned()),
        ],
    );
    document(&Document {
        kind: "queens trace --html",
        title: &heading,
        style: STYLE,
        main,
        replays: "the trace",
        data_id: "trace-data",
        data: trace_json(input),
        script: SCRIPT,
    })
}

/// What a page puts in the frame every page shares.
pub(crate) struct Document<'a> {
    /// The command that writes it, for the comment at its top.
    pub(crate) kind: &'a str,
    /// Its title, as text.
    pub(crate) title: &'a str,
    /// Its style sheet.
    pub(crate) style: &'a str,
    /// Its `<main>` element, filled.
    pub(crate) main: String,
    /// What its script replays, for readers without JavaScript.
    pub(crate) replays: &'a str,
    /// The id of the element that holds its data.
    pub(crate) data_id: &'a str,
    /// Its data, as JSON safe in a script element ([`script_json`]).
    pub(crate) data: String,
    /// Its script.
    pub(crate) script: &'a str,
}

/// The whole HTML document of a page.
pub(crate) fn document(page: &Document<'_>) -> String {
    fill(
        FRAME,
        &[
            ("kind", page.kind.to_owned()),
            ("title", escape_html(page.title)),
            ("style", page.style.to_owned()),
            ("symbols", SYMBOLS.to_owned()),
            ("main", page.main.clone()),
            ("replays", page.replays.to_owned()),
            ("data_id", page.data_id.to_owned()),
            ("data", page.data.clone()),
            ("script", page.script.to_owned()),
        ],
    )
}

/// The summary as data attributes of `<main>`, for a checker to compare with
/// the counters the page shows.
fn summary_attributes(input: &PageInput<'_>) -> String {
    format!(
        r#"data-steps="{}" data-queens-placed="{}" data-safety-checks="{}" data-cells-read="{}" data-solutions="{}" data-truncated="{}""#,
        input.steps.len(),
        input.summary.queens_placed,
        input.summary.safety_checks,
        input.summary.cells_read,
        input.solutions,
        input.truncated
    )
}

/// The closing summary, as the text trace ends.
fn footer(input: &PageInput<'_>) -> String {
    use queens_core::format::thousands;
    let cut = if input.truncated {
        ", cut short by --limit"
    } else {
        ""
    };
    format!(
        "The whole trace: {} steps{cut}; {} queens placed, {} safety checks, {} {}; solutions found: {}.",
        thousands(input.steps.len() as u128),
        thousands(u128::from(input.summary.queens_placed)),
        thousands(u128::from(input.summary.safety_checks)),
        thousands(u128::from(input.summary.cells_read)),
        input.reads.noun(),
        thousands(u128::from(input.solutions)),
    )
}

/// The trace as JSON that is safe inside a `<script>` element: a `<` can only
/// stand inside a JSON string, where `\u003c` means the same, so no `</script>`
/// or `<!--` in a command line can end the element early.
fn trace_json(input: &PageInput<'_>) -> String {
    let payload = Payload {
        input,
        narration: input
            .steps
            .iter()
            .map(|step| step.event.to_string())
            .collect(),
    };
    script_json(&payload)
}

/// `value` as JSON that is safe inside a `<script>` element (see
/// [`trace_json`]).
pub(crate) fn script_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value)
        .expect("the data serialises: every key is a string")
        .replace('<', r"\u003c")
}

/// `text` with the characters that mean something in HTML escaped.
pub(crate) fn escape_html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            other => escaped.push(other),
        }
    }
    escaped
}

/// `template` with each `{{name}}` replaced by its value, in one pass, so a
/// value that happens to contain `{{...}}` (a command line can) stays as it is.
pub(crate) fn fill(template: &str, values: &[(&str, String)]) -> String {
    let mut page = String::with_capacity(
        template.len() + values.iter().map(|(_, value)| value.len()).sum::<usize>(),
    );
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        page.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let hole = after.find("}}").and_then(|end| {
            let name = &after[..end];
            values
                .iter()
                .find(|(known, _)| *known == name)
                .map(|(_, value)| (value, end + 2))
        });
        match hole {
            Some((value, skip)) => {
                page.push_str(value);
                rest = &after[skip..];
            }
            None => {
                page.push_str("{{");
                rest = after;
            }
        }
    }
    page.push_str(rest);
    page
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::Line;

    fn step(event: Event, queens_placed: u64, solutions: u64) -> Step {
        Step {
            event,
            stats: Stats {
                queens_placed,
                safety_checks: queens_placed * 2,
                cells_read: queens_placed * 3,
            },
            solutions,
        }
    }

    /// A short made-up trace of n = 4 whose command tries to end the script.
    fn sample_page() -> String {
        let steps = [
            step(
                Event::Place {
                    square: Square::new(0, 1),
                },
                1,
                0,
            ),
            step(
                Event::Reject {
                    square: Square::new(1, 0),
                    line: Line::AntiDiagonal,
                    attacker: Some(Square::new(0, 1)),
                },
                1,
                0,
            ),
            step(
                Event::Solution {
                    number: 1,
                    queens: vec![1, 3, 0, 2],
                },
                4,
                1,
            ),
        ];
        let preplaced = [Square::new(0, 1)];
        render(&PageInput {
            command: "queens trace 4 --html '</script><script>alert(1)</script>.html'".to_owned(),
            n: 4,
            algorithm: "array",
            title: "1-D array backtracking",
            depth_noun: "row",
            preplaced: &preplaced,
            steps: &steps,
            summary: Stats {
                queens_placed: 4,
                safety_checks: 8,
                cells_read: 12,
            },
            reads: ReadUnit::Cells,
            solutions: 1,
            truncated: false,
        })
    }

    #[test]
    fn the_trace_is_embedded_as_json_with_its_narration() {
        let page = sample_page();
        let start = page
            .find(r#"<script type="application/json" id="trace-data">"#)
            .expect("the data element");
        let json = &page[start..];
        let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
        let data: serde_json::Value = serde_json::from_str(json).expect("valid JSON");
        assert_eq!(data["n"], 4);
        assert_eq!(data["depth_noun"], "row");
        assert_eq!(data["preplaced"], serde_json::json!([{"row": 0, "col": 1}]));
        assert_eq!(data["steps"].as_array().unwrap().len(), 3);
        assert_eq!(
            data["steps"][1],
            serde_json::json!({
                "event": {
                    "event": "reject",
                    "square": {"row": 1, "col": 0},
                    "line": "anti-diagonal",
                    "attacker": {"row": 0, "col": 1}
                },
                "stats": {"queens_placed": 1, "safety_checks": 2, "cells_read": 3},
                "solutions": 0
            })
        );
        assert_eq!(
            data["narration"],
            serde_json::json!([
                "place (row 0, col 1)",
                "reject (row 1, col 0): attacked by (row 0, col 1) on an anti-diagonal",
                "solution 1"
            ])
        );
        assert_eq!(
            data["command"],
            "queens trace 4 --html '</script><script>alert(1)</script>.html'"
        );
    }

    #[test]
    fn the_summary_is_in_data_attributes_and_the_counters_have_ids() {
        let page = sample_page();
        assert!(page.contains(
            r#"<main id="trace" data-steps="3" data-queens-placed="4" data-safety-checks="8" data-cells-read="12" data-solutions="1" data-truncated="false" data-position="0">"#
        ));
        for id in [
            "step",
            "steps",
            "queens-placed",
            "safety-checks",
            "cells-read",
            "solutions",
        ] {
            assert_eq!(page.matches(&format!(r#"id="{id}""#)).count(), 1, "{id}");
        }
        assert!(page.contains(
            "The whole trace: 3 steps; 4 queens placed, 8 safety checks, 12 cells read; solutions found: 1."
        ));
        assert!(page.contains(
            r#"<dt title="a read is one board cell or one array entry">cells read</dt><dd id="cells-read">"#
        ));
    }

    #[test]
    fn nothing_comes_from_the_network() {
        let page = sample_page();
        assert!(!page.contains("http"), "a URL in the page");
        assert!(!page.contains(" src="), "an external resource");
        assert!(!page.contains("<link"), "an external style sheet");
        assert!(!page.contains("{{"), "a hole left unfilled");
    }

    #[test]
    fn a_command_line_cannot_end_the_script_or_break_the_markup() {
        let page = sample_page();
        // Two script elements, each closed once: the data and the replay.
        assert_eq!(page.matches("<script").count(), 2);
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(page.contains(r"\u003c/script>\u003cscript>alert(1)\u003c/script>.html"));
        assert!(page.contains(
            "<code>queens trace 4 --html '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;.html'</code>"
        ));
    }

    #[test]
    fn holes_are_filled_once_and_unknown_ones_kept() {
        let filled = fill(
            "a {{x}} b {{y}} {{unknown}} {{",
            &[("x", "{{y}}".to_owned()), ("y", "2".to_owned())],
        );
        assert_eq!(filled, "a {{y}} b 2 {{unknown}} {{");
    }
}
