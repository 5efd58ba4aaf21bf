//! The docs' figures, recomputed: a sentence of the README, of `docs/`,
//! of `docs/views/` or of a crate's essay (the `//!` lines of its
//! `src/lib.rs`) that quotes what the tool answers carries a marker, an
//! HTML comment neither the rendered page nor rustdoc shows,
//!
//! ```text
//! <!-- checked: queens count 8 --algo array --json | .stats.queens_placed = 2,056 -->
//! <!-- checked: queens count 8 --algo lookup --json | .stats.safety_checks / queens count 8 --stats --json | .stats.safety_checks = eight -->
//! <!-- checked: queens first 100 | stderr = n = 64 -->
//! ```
//!
//! and this test runs each command (once, however many markers name it),
//! reads what it prints, and fails when the value is not the figure, or
//! when the paragraph the marker closes does not quote the figure as
//! written. A sentence and the tool cannot then disagree unseen.
//!
//! What a marker reads, left of ` = `, is `queens ARGS | PATH`, or two of
//! them joined by ` / ` for a ratio. PATH is a path into the JSON of the
//! first line the command prints (`.stats.queens_placed`), or `stdout` or
//! `stderr` for what it prints there, answered or refused. The figure, right
//! of ` = `, is a number as the sentence writes it (`2,056`, `0.5`, or a
//! word from `one` to `twelve`), which a number or a ratio must equal once
//! rounded to the figure's decimals; or a text, which a JSON string, a JSON
//! array written as the docs write a placement (`[1, 3, 5, 7, 2, 0, 6, 4]`)
//! or a stream must contain.
//!
//! The paragraph a marker closes is the text since the blank line above it
//! (markers in a row close the same one), or the whole fenced block the
//! marker follows: a tool's output shown as printed. Under a table a marker
//! stands a blank line apart, which ends the table in every renderer.
//! The generated pages (`docs/comparison.md`, `docs/growth.md`,
//! `docs/peers.md`, and the README's sample of compare, written with
//! `docs/comparison.md`) carry no markers: tests of their own keep their
//! counts and statistics true, and a marker would name figures the next
//! run may print elsewhere or not at all.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{Run, queens};

/// Numbers as the docs write them in words, from zero.
const WORDS: [&str; 13] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
];

/// What a marker reads: a command's arguments and where to look in what
/// it prints.
#[derive(Debug)]
struct Reading {
    args: Vec<String>,
    path: String,
}

/// One marker: where it is, what it reads (over a second reading for a
/// ratio), and the figure as the sentence writes it.
struct Claim {
    place: String,
    reading: Reading,
    over: Option<Reading>,
    figure: String,
}

/// What a reading found: a number, or a text the figure must be part of.
#[derive(Debug)]
enum Found {
    Number(f64),
    Text(String),
}

/// The workspace's top folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The files of `folder` whose names end in `suffix`, sorted.
fn files(folder: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("{} reads: {error}", folder.display()))
        .map(|entry| entry.expect("an entry reads").path())
        .filter(|path| path.to_string_lossy().ends_with(suffix))
        .collect();
    found.sort();
    found
}

/// The workspace's pages, each named by its path from the top and read as
/// its reader sees it: the README, every page of `docs/` and `docs/views/`,
/// and every crate's essay.
fn pages() -> Vec<(String, String)> {
    let root = root();
    let mut paths = vec![root.join("README.md")];
    paths.extend(files(&root.join("docs"), ".md"));
    paths.extend(files(&root.join("docs/views"), ".md"));
    let crates = files(&root.join("crates"), "");
    paths.extend(crates.iter().map(|folder| folder.join("src/lib.rs")));
    paths
        .into_iter()
        .filter(|path| path.is_file())
        .map(|path| {
            let text = fs::read_to_string(&path).expect("a page reads");
            let name = path.strip_prefix(&root).unwrap_or(&path);
            let name = name.to_string_lossy().into_owned();
            let text = if name.ends_with(".rs") {
                essay(&text)
            } else {
                text
            };
            (name, text)
        })
        .collect()
}

/// A crate root's essay, its `//!` lines without the prefix; every other
/// line is left blank, so that lines keep their numbers and the code after
/// the essay joins no paragraph of it.
fn essay(source: &str) -> String {
    let line = |line: &str| {
        let rest = line.trim_start().strip_prefix("//!").unwrap_or("");
        rest.strip_prefix(' ').unwrap_or(rest).to_owned()
    };
    source.lines().map(line).collect::<Vec<_>>().join("\n")
}

/// How a marker opens.
const OPEN: &str = "<!-- checked: ";

/// The paragraph that ends `before`, the text up to a marker: from its last
/// blank line, or the whole fenced block it ends with (a tool's output shown
/// as it printed it, blank lines included). Markers in a row close the same
/// paragraph.
fn paragraph(before: &str) -> &str {
    let mut body = before.trim_end();
    while let Some((rest, last)) = body.rsplit_once('\n') {
        // Markers, and any other comment line (the README's generated
        // sample ends with one), are not part of the text they follow.
        if !last.trim_start().starts_with("<!--") {
            break;
        }
        body = rest.trim_end();
    }
    let start = match body.strip_suffix("```") {
        Some(inside) => inside.rfind("\n```").map_or(0, |fence| fence + 1),
        None => body.rfind("\n\n").map_or(0, |blank| blank + 2),
    };
    &body[start..]
}

/// The markers of `text` (a page called `name`), each with the paragraph
/// it closes checked to quote its figure.
fn claims(name: &str, text: &str) -> Vec<Claim> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(OPEN) {
        let start = text.len() - rest.len() + at;
        let body = &rest[at + OPEN.len()..];
        let end = body
            .find(" -->")
            .unwrap_or_else(|| panic!("{name}: a marker is not closed"));
        let place = format!("{name}:{}", text[..start].matches('\n').count() + 1);
        found.push(claim(place, &body[..end], paragraph(&text[..start])));
        rest = &body[end..];
    }
    found
}

/// The claim of the marker `marker` at `place`, which closes `paragraph`.
fn claim(place: String, marker: &str, paragraph: &str) -> Claim {
    let (readings, figure) = marker
        .split_once(" = ")
        .unwrap_or_else(|| panic!("{place}: a marker without ` = `: {marker}"));
    // A figure may run over a line's end: the paragraph is read as one line.
    let paragraph = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        paragraph.contains(figure),
        "{place}: the paragraph before the marker does not quote {figure}"
    );
    let mut sides = readings.split(" / ").map(|side| reading(&place, side));
    let (reading, over) = (sides.next().expect("split yields one"), sides.next());
    assert!(sides.next().is_none(), "{place}: a ratio of two, not more");
    Claim {
        place,
        reading,
        over,
        figure: figure.to_owned(),
    }
}

/// The reading `queens ARGS | PATH` of the marker at `place`.
fn reading(place: &str, side: &str) -> Reading {
    let (command, path) = side
        .strip_prefix("queens ")
        .and_then(|side| side.split_once(" | "))
        .unwrap_or_else(|| panic!("{place}: not `queens ARGS | PATH`: {side}"));
    Reading {
        args: command.split_whitespace().map(str::to_owned).collect(),
        path: path.to_owned(),
    }
}

/// What `reading` finds in its command's run, run once for every marker
/// that names it.
fn found(runs: &mut HashMap<Vec<String>, Run>, reading: &Reading) -> Option<Found> {
    let run = runs
        .entry(reading.args.clone())
        .or_insert_with(|| queens(&reading.args));
    match reading.path.as_str() {
        "stdout" => Some(Found::Text(run.stdout.clone())),
        "stderr" => Some(Found::Text(run.stderr.clone())),
        path => {
            let line = run.answered().lines().next().unwrap_or("");
            let json: Value = serde_json::from_str(line).ok()?;
            match at_path(&json, path)? {
                Value::Number(number) => number.as_f64().map(Found::Number),
                Value::String(text) => Some(Found::Text(text.clone())),
                // A placement, as the docs write one: `[1, 3, 5, 7, 2, 0, 6, 4]`.
                list @ Value::Array(_) => Some(Found::Text(list.to_string().replace(',', ", "))),
                _ => None,
            }
        }
    }
}

/// What `claim` finds: its reading's value, or the ratio of its two.
fn measured(runs: &mut HashMap<Vec<String>, Run>, claim: &Claim) -> Option<Found> {
    let value = found(runs, &claim.reading)?;
    let Some(over) = &claim.over else {
        return Some(value);
    };
    match (value, found(runs, over)?) {
        (Found::Number(top), Found::Number(bottom)) => Some(Found::Number(top / bottom)),
        _ => None,
    }
}

/// The value at `path` (`.stats.queens_placed`) of `json`.
fn at_path<'a>(json: &'a Value, path: &str) -> Option<&'a Value> {
    path.trim_start_matches('.')
        .split('.')
        .try_fold(json, |value, key| value.get(key))
}

/// The number a sentence writes as `figure` (`2,056`, `0.5`, `eight`,
/// `8.7 × 10⁷`), with its count of decimals (negative for a power of ten:
/// `8.7 × 10⁷` holds its value to the nearest million); none for a text.
fn figure_number(figure: &str) -> Option<(f64, i32)> {
    if let Some(word) = WORDS.iter().position(|&word| word == figure) {
        return Some((word as f64, 0));
    }
    if let Some((mantissa, power)) = figure.split_once(" × 10") {
        let (number, decimals) = figure_number(mantissa)?;
        let exponent = superscript(power)?;
        return Some((number * 10f64.powi(exponent), decimals - exponent));
    }
    let digits = figure.replace(',', "");
    let decimals = digits.split_once('.').map_or(0, |(_, after)| after.len());
    Some((digits.parse().ok()?, i32::try_from(decimals).ok()?))
}

/// The exponent written in superscript digits, `⁷`, `¹⁰`.
fn superscript(power: &str) -> Option<i32> {
    power.chars().try_fold(0, |exponent, digit| {
        let value = "⁰¹²³⁴⁵⁶⁷⁸⁹".chars().position(|sup| sup == digit)?;
        Some(exponent * 10 + i32::try_from(value).ok()?)
    })
}

/// Whether `found` is the figure as a sentence writes it: the number
/// rounded to the figure's decimals, or a text that contains it.
fn agrees(found: &Found, figure: &str) -> bool {
    match found {
        Found::Text(text) => text.contains(figure),
        Found::Number(value) => figure_number(figure).is_some_and(|(number, decimals)| {
            let scale = 10f64.powi(decimals);
            (value * scale).round() == (number * scale).round()
        }),
    }
}

#[test]
fn every_figure_a_page_quotes_from_the_tool_is_the_tools() {
    let mut runs = HashMap::new();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (name, text) in pages() {
        for claim in claims(&name, &text) {
            let found = measured(&mut runs, &claim);
            if !found
                .as_ref()
                .is_some_and(|found| agrees(found, &claim.figure))
            {
                wrong.push(format!(
                    "{}: {:?} / {:?} gives {found:?}, the page says {}",
                    claim.place, claim.reading, claim.over, claim.figure
                ));
            }
            checked += 1;
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(checked >= 195, "only {checked} figures carry a marker");
}

#[test]
fn a_marker_whose_paragraph_misquotes_is_refused() {
    let page = "At n = 8: 2,065 queens\nplaced.\n<!-- checked: queens count 8 --json | .count = 2,056 queens placed -->\n";
    let refused = std::panic::catch_unwind(|| claims("page.md", page));
    assert!(refused.is_err());
    let quoted = claims("page.md", &page.replace("2,065", "2,056"));
    assert_eq!(quoted[0].reading.args, ["count", "8", "--json"]);
    assert_eq!(
        (quoted[0].reading.path.as_str(), quoted[0].figure.as_str()),
        (".count", "2,056 queens placed")
    );
    assert_eq!(quoted[0].place, "page.md:3");
}

#[test]
fn a_ratio_reads_two_commands_and_is_rounded_to_the_figure() {
    let page = "Checks: eight times fewer.\n<!-- checked: queens count 8 | .a / queens count 9 | .b = eight -->\n";
    let ratio = claims("page.md", page).remove(0);
    let over = ratio.over.expect("a ratio has a divisor");
    assert_eq!(over.args, ["count", "9"]);
    assert_eq!(over.path, ".b");
    assert!(agrees(&Found::Number(15_720.0 / 1_965.0), &ratio.figure));
    assert!(!agrees(&Found::Number(8.6), &ratio.figure));
    assert!(agrees(&Found::Number(0.456), "0.46"));
    assert!(!agrees(&Found::Number(0.456), "0.45"));
    assert!(agrees(&Found::Number(87_491_425.0), "8.7 × 10⁷"));
    assert!(!agrees(&Found::Number(87_491_425.0), "8.8 × 10⁷"));
    assert!(!agrees(&Found::Number(87_491_425.0), "8.7 × 10⁸"));
    assert!(agrees(&Found::Number(1.4e9), "1.4 × 10⁹"));
    assert!(agrees(&Found::Number(2.3e17), "2.3 × 10¹⁷"));
}

#[test]
fn a_text_figure_is_found_in_what_the_command_printed() {
    let said = Found::Text("error: n = 100 is past the largest board, n = 64".into());
    assert!(agrees(&said, "n = 64"));
    assert!(!agrees(&said, "n = 32"));
    assert!(!agrees(&Found::Text("64".into()), "sixty-four"));
}

#[test]
fn a_marker_reads_the_paragraph_table_or_fenced_block_above_it() {
    let page =
        "Before.\n\n```text\nsafety checks: 14\n\ncells read: 15\n```\n<!-- checked: x -->\n";
    let block = "```text\nsafety checks: 14\n\ncells read: 15\n```";
    assert_eq!(paragraph(&page[..page.find(OPEN).unwrap()]), block);
    let second = page.replace("-->\n", "-->\n<!-- checked: y -->\n");
    assert_eq!(paragraph(&second[..second.rfind(OPEN).unwrap()]), block);
    assert_eq!(paragraph("Before.\n\nAt n = 8: 92.\n"), "At n = 8: 92.");
    // A marker below a table, a blank line apart so that it ends the table.
    assert_eq!(paragraph("Before.\n\n| n | 8 |\n\n"), "| n | 8 |");
}

#[test]
fn an_essay_is_read_without_its_prefix_and_without_its_code() {
    let source = "//! At n = 8: 92.\n//!\n//! <!-- checked: x -->\nfn main() {}\n";
    assert_eq!(essay(source), "At n = 8: 92.\n\n<!-- checked: x -->\n");
}
