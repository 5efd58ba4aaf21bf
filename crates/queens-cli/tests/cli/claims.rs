//! The docs' figures, recomputed: a sentence of the README or of `docs/`
//! that quotes what the tool answers carries a marker, an HTML comment
//! the rendered page does not show,
//!
//! ```text
//! <!-- checked: queens count 8 --algo array --json | .stats.queens_placed = 2,056 -->
//! ```
//!
//! and this test runs that command, reads the JSON it prints, and fails
//! when the value at the path is not the figure, or when the paragraph the
//! marker closes does not quote the figure as written. A sentence and the
//! tool cannot then disagree unseen.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::queens;

/// One marker: where it is, the command's arguments, the path into its
/// JSON, and the figure as the sentence writes it.
struct Claim {
    place: String,
    args: Vec<String>,
    path: String,
    figure: String,
}

/// The workspace's pages: the README and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages = vec![root.join("README.md")];
    for entry in fs::read_dir(root.join("docs")).expect("docs/ reads") {
        let path = entry.expect("an entry reads").path();
        if path.extension().is_some_and(|ext| ext == "md") {
            pages.push(path);
        }
    }
    pages.sort();
    pages
}

/// The markers of `text` (a page called `name`), each with the paragraph
/// it closes checked to quote its figure.
fn claims(name: &str, text: &str) -> Vec<Claim> {
    const OPEN: &str = "<!-- checked: queens ";
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(OPEN) {
        let start = text.len() - rest.len() + at;
        let body = &rest[at + OPEN.len()..];
        let end = body
            .find(" -->")
            .unwrap_or_else(|| panic!("{name}: a marker is not closed"));
        let (command, assertion) = body[..end]
            .split_once(" | ")
            .unwrap_or_else(|| panic!("{name}: a marker without ` | `: {}", &body[..end]));
        let (path, figure) = assertion
            .split_once(" = ")
            .unwrap_or_else(|| panic!("{name}: a marker without ` = `: {assertion}"));
        let line = text[..start].lines().count();
        let paragraph = text[..start].rsplit("\n\n").next().unwrap_or_default();
        assert!(
            paragraph.contains(figure),
            "{name}:{line}: the paragraph before the marker does not quote {figure}"
        );
        found.push(Claim {
            place: format!("{name}:{line}"),
            args: command.split_whitespace().map(str::to_owned).collect(),
            path: path.to_owned(),
            figure: figure.to_owned(),
        });
        rest = &body[end..];
    }
    found
}

/// The value at `path` (`.stats.queens_placed`) of `json`.
fn at_path<'a>(json: &'a Value, path: &str) -> Option<&'a Value> {
    path.trim_start_matches('.')
        .split('.')
        .try_fold(json, |value, key| value.get(key))
}

/// Whether `value` is the figure as a sentence writes it: digits grouped by
/// commas for a number, the text itself for a string.
fn agrees(value: &Value, figure: &str) -> bool {
    match value {
        Value::Number(number) => number.to_string() == figure.replace(',', ""),
        Value::String(text) => text == figure,
        _ => false,
    }
}

#[test]
fn every_figure_a_page_quotes_from_the_tool_is_the_tools() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).expect("a page reads");
        let name = page.file_name().unwrap_or_default().to_string_lossy();
        for claim in claims(&name, &text) {
            let run = queens(&claim.args);
            let json: Value = serde_json::from_str(run.answered().lines().next().unwrap_or(""))
                .unwrap_or_else(|error| panic!("{}: not JSON: {error}", claim.place));
            match at_path(&json, &claim.path) {
                Some(value) if agrees(value, &claim.figure) => {}
                value => wrong.push(format!(
                    "{}: queens {} gives {:?} at {}, the page says {}",
                    claim.place,
                    claim.args.join(" "),
                    value,
                    claim.path,
                    claim.figure
                )),
            }
            checked += 1;
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(checked >= 10, "only {checked} figures carry a marker");
}

#[test]
fn a_marker_whose_paragraph_misquotes_is_refused() {
    let page = "At n = 8: 2,065 queens placed.\n<!-- checked: queens count 8 --json | .count = 2,056 -->\n";
    let refused = std::panic::catch_unwind(|| claims("page.md", page));
    assert!(refused.is_err());
    let quoted = claims("page.md", &page.replace("2,065", "2,056"));
    assert_eq!(quoted[0].args, ["count", "8", "--json"]);
    assert_eq!(
        (quoted[0].path.as_str(), quoted[0].figure.as_str()),
        (".count", "2,056")
    );
}
