//! The counters of a page of `queens trace --html` or `queens race --html`
//! and what they are held to: read from the DOM Chromium dumps and from the
//! attributes the page was written with, without an HTML parser, and
//! counted by a run of the solver in this process.

use std::ops::ControlFlow;

use queens_core::{Problem, Stats};

use crate::error::Error;

/// The five numbers the page shows and the summary it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Counters {
    /// Steps: the position shown, or the length of the trace.
    pub steps: u64,
    /// Queens placed.
    pub queens_placed: u64,
    /// Safety checks.
    pub safety_checks: u64,
    /// Cells read.
    pub cells_read: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// The counters' names as the page spells them in ids and data attributes,
/// and as this task prints them.
const NAMES: [(&str, &str); 5] = [
    ("steps", "step"),
    ("queens-placed", "queens placed"),
    ("safety-checks", "safety checks"),
    ("cells-read", "cells read"),
    ("solutions", "solutions"),
];

impl Counters {
    /// The counters in the order of [`NAMES`].
    fn values(self) -> [u64; 5] {
        [
            self.steps,
            self.queens_placed,
            self.safety_checks,
            self.cells_read,
            self.solutions,
        ]
    }

    /// Builds counters from five numbers in the order of [`NAMES`].
    fn from_values([steps, queens_placed, safety_checks, cells_read, solutions]: [u64; 5]) -> Self {
        Counters {
            steps,
            queens_placed,
            safety_checks,
            cells_read,
            solutions,
        }
    }

    /// What the page shows, read from the text of the counter elements of a
    /// dumped DOM (`<dd id="queens-placed">1,234</dd>`). The step counter's
    /// id is `step`; the others are named as in [`NAMES`].
    pub(super) fn shown(dom: &str) -> Result<Self, String> {
        let mut values = [0; 5];
        for (value, (name, _)) in values.iter_mut().zip(NAMES) {
            let id = if name == "steps" { "step" } else { name };
            let text = element_text(dom, id)
                .ok_or_else(|| format!("the page has no element with id=\"{id}\""))?;
            *value = parse_number(text)
                .ok_or_else(|| format!("the page shows '{text}' as {id}: did its script run?"))?;
        }
        Ok(Counters::from_values(values))
    }

    /// The summary the page was written with: the `data-*` attributes of its
    /// `<main id="trace">` element.
    pub(super) fn summary(html: &str) -> Result<Self, String> {
        let mut values = [0; 5];
        for (value, (name, _)) in values.iter_mut().zip(NAMES) {
            let attribute = format!("data-{name}");
            *value = main_attribute(html, &attribute)
                .and_then(parse_number)
                .ok_or_else(|| format!("the page has no number in its {attribute} attribute"))?;
        }
        Ok(Counters::from_values(values))
    }
}

/// One comparison this task makes, as printed.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Check {
    /// The counter's name.
    pub what: &'static str,
    /// What the page shows.
    pub shown: u64,
    /// What the summary says.
    pub expected: u64,
}

impl Check {
    /// Whether the page shows what it should.
    pub(super) fn passed(&self) -> bool {
        self.shown == self.expected
    }
}

/// Each counter shown against the summary, in the page's order.
pub(super) fn compare(shown: Counters, summary: Counters) -> Vec<Check> {
    NAMES
        .iter()
        .zip(shown.values().into_iter().zip(summary.values()))
        .map(|(&(_, what), (shown, expected))| Check {
            what,
            shown,
            expected,
        })
        .collect()
}

/// The text inside the element whose id is `id`, up to its first child tag.
/// The DOM is the page's own, serialised by Chromium: attributes in double
/// quotes, so a plain search finds the element without an HTML parser.
pub(super) fn element_text<'d>(dom: &'d str, id: &str) -> Option<&'d str> {
    let at = dom.find(&format!(r#" id="{id}""#))?;
    let rest = &dom[at..];
    let text = &rest[rest.find('>')? + 1..];
    Some(text[..text.find('<')?].trim())
}

/// The value of `name` among the attributes of the page's
/// `<main id="trace">` element.
pub(super) fn main_attribute<'d>(html: &'d str, name: &str) -> Option<&'d str> {
    attribute(html, "trace", name)
}

/// The value of `name` among the attributes of the element whose id is
/// `id`, written in double quotes as the pages and Chromium write them.
pub(super) fn attribute<'d>(html: &'d str, id: &str, name: &str) -> Option<&'d str> {
    let at = html.find(&format!(r#" id="{id}""#))?;
    let start = html[..at].rfind('<')?;
    let tag = &html[start..at + html[at..].find('>')?];
    let value = &tag[tag.find(&format!(r#" {name}=""#))? + name.len() + 3..];
    Some(&value[..value.find('"')?])
}

/// A count as the page prints it, with or without thousands separators.
pub(super) fn parse_number(text: &str) -> Option<u64> {
    let digits: String = text.chars().filter(|&c| c != ',').collect();
    digits.parse().ok()
}

/// The statistics and solutions of a counted run of the solver `name` on a
/// plain `n`-board.
pub(super) fn counted_run(name: &str, n: usize) -> Result<Counters, Error> {
    let solver = queens_solvers::by_name(name)
        .ok_or_else(|| Error::BadInput(format!("unknown algorithm '{name}'")))?;
    let mut solutions = 0;
    let stats: Stats = solver
        .solve_counted(&Problem::new(n), &mut |_queens: &[usize]| {
            solutions += 1;
            ControlFlow::Continue(())
        })
        .map_err(|error| Error::Failed(error.to_string()))?;
    Ok(Counters {
        steps: 0,
        queens_placed: stats.queens_placed,
        safety_checks: stats.safety_checks,
        cells_read: stats.cells_read,
        solutions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts of a page dumped by Chromium after a jump to `#end`.
    const DOM: &str = concat!(
        r#"<html><body><main id="trace" data-steps="1199" data-queens-placed="152" "#,
        r#"data-safety-checks="894" data-cells-read="3228" data-solutions="4" "#,
        r#"data-truncated="false" data-position="1199"><dl class="counters">"#,
        r#"<div><dt>step <small>of <span id="steps">1,199</span></small></dt><dd id="step">1,199</dd></div>"#,
        r#"<div><dt>queens placed</dt><dd id="queens-placed">152</dd></div>"#,
        r#"<div><dt>safety checks</dt><dd id="safety-checks">894</dd></div>"#,
        r#"<div><dt>cells read</dt><dd id="cells-read">3,228</dd></div>"#,
        r#"<div><dt>solutions</dt><dd id="solutions">4</dd></div></dl></main></body></html>"#,
    );

    const EXPECTED: Counters = Counters {
        steps: 1199,
        queens_placed: 152,
        safety_checks: 894,
        cells_read: 3228,
        solutions: 4,
    };

    #[test]
    fn the_counters_shown_are_read_from_the_dom() {
        assert_eq!(Counters::shown(DOM), Ok(EXPECTED));
        assert_eq!(element_text(DOM, "steps"), Some("1,199"));
        assert_eq!(element_text(DOM, "step"), Some("1,199"));
        assert_eq!(element_text(DOM, "nowhere"), None);
    }

    #[test]
    fn the_summary_is_read_from_the_data_attributes() {
        assert_eq!(Counters::summary(DOM), Ok(EXPECTED));
        assert_eq!(main_attribute(DOM, "data-truncated"), Some("false"));
        assert_eq!(main_attribute(DOM, "data-position"), Some("1199"));
        assert_eq!(main_attribute(DOM, "data-missing"), None);
    }

    #[test]
    fn a_page_whose_script_did_not_run_is_reported() {
        let before = DOM.replace(
            r#"<dd id="cells-read">3,228</dd>"#,
            r#"<dd id="cells-read">–</dd>"#,
        );
        assert_eq!(
            Counters::shown(&before),
            Err("the page shows '–' as cells-read: did its script run?".to_owned())
        );
        let without = DOM.replace(r#" id="solutions""#, "");
        assert_eq!(
            Counters::shown(&without),
            Err(r#"the page has no element with id="solutions""#.to_owned())
        );
    }

    #[test]
    fn every_counter_is_compared_and_a_difference_fails() {
        let checks = compare(EXPECTED, EXPECTED);
        assert_eq!(checks.len(), 5);
        assert!(checks.iter().all(Check::passed));
        let shown = Counters {
            cells_read: 3227,
            ..EXPECTED
        };
        let failed: Vec<Check> = compare(shown, EXPECTED)
            .into_iter()
            .filter(|check| !check.passed())
            .collect();
        assert_eq!(
            failed,
            [Check {
                what: "cells read",
                shown: 3227,
                expected: 3228
            }]
        );
    }

    #[test]
    fn numbers_read_with_or_without_separators() {
        assert_eq!(parse_number("1,234,567"), Some(1_234_567));
        assert_eq!(parse_number("0"), Some(0));
        assert_eq!(parse_number("–"), None);
        assert_eq!(parse_number(""), None);
    }
}
