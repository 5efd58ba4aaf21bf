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
//! first line the command prints (`.stats.queens_placed`), or of its K-th
//! line with `K:` before the path (`2:.queens`, a listing's second
//! solution); `.` is the whole record; `stdout` or `stderr` is what it
//! prints there, answered or refused, its powers written as the pages write
//! them (`--help`'s `10^7` read as `10⁷`). The figure, right of ` = `, is a
//! number as the sentence writes it (`2,056`, `0.5`, or a word from `one` to
//! `twelve`), which a number or a ratio must equal once rounded to the
//! figure's decimals; or a text, which a JSON string, a JSON array written
//! as the docs write a placement (`[1, 3, 5, 7, 2, 0, 6, 4]`) or a stream
//! must contain; or `the block`, the fenced block the marker follows, shown
//! as the tool prints it:
//!
//! ```text
//! <!-- checked: queens all 4 --format rows | stdout = the block -->
//! <!-- checked: queens count 8 --budget 100000 --json | . = the block -->
//! ```
//!
//! A command may read its standard input from the marker, after ` <<< `
//! as a shell's here-string (`queens check <<< 2 4 1 5 | stderr = …`): what
//! a page writes `printf '2 4 1 5' | queens check`.
//!
//! A stream must then contain the block's lines, after its first when that
//! is the command as typed (`$ queens all 4 --format rows`, which must be
//! the marker's); a record must be the block's, key for key, but for the
//! keys no run repeats (`seconds`, and `threads`, one per core).
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

use crate::support::{Run, queens_reading};

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
    /// What the command reads on its standard input.
    input: String,
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

/// What a reading found: a number, a text the figure must be part of, or a
/// whole record the figure must be.
#[derive(Debug)]
enum Found {
    Number(f64),
    Text(String),
    Record(Value),
}

/// The figure that stands for the fenced block the marker follows.
const BLOCK: &str = "the block";

/// The keys of a record that no run repeats: the time the search took, and
/// the threads, one per core of the machine.
const UNREPEATABLE: [&str; 2] = ["seconds", "threads"];

/// The superscript digits, from zero.
const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

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
    let mut sides = readings.split(" / ").map(|side| reading(&place, side));
    let (reading, over) = (sides.next().expect("split yields one"), sides.next());
    assert!(sides.next().is_none(), "{place}: a ratio of two, not more");
    let figure = if figure == BLOCK {
        block(&place, paragraph, &reading.args)
    } else {
        // A figure may run over a line's end: the paragraph is read as one line.
        let paragraph = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            paragraph.contains(figure),
            "{place}: the paragraph before the marker does not quote {figure}"
        );
        figure.to_owned()
    };
    Claim {
        place,
        reading,
        over,
        figure,
    }
}

/// The text of the fenced block `paragraph` (at `place`), which shows what
/// `queens ARGS` prints: its lines between the fences, without the first
/// when that is the command as typed, `$ queens ARGS`, which must be `args`.
fn block(place: &str, paragraph: &str, args: &[String]) -> String {
    let inside = paragraph
        .strip_prefix("```")
        .and_then(|block| block.strip_suffix("```"))
        .and_then(|block| block.split_once('\n'))
        .map(|(_, lines)| lines)
        .unwrap_or_else(|| panic!("{place}: `{BLOCK}` follows no fenced block"));
    match inside.split_once('\n') {
        Some((typed, rest)) if typed.starts_with("$ ") => {
            let command = format!("$ queens {}", args.join(" "));
            assert_eq!(typed, command, "{place}: the block shows another command");
            rest.to_owned()
        }
        _ => inside.to_owned(),
    }
}

/// The reading `queens ARGS | PATH` of the marker at `place`.
fn reading(place: &str, side: &str) -> Reading {
    let (command, path) = side
        .strip_prefix("queens ")
        .and_then(|side| side.split_once(" | "))
        .unwrap_or_else(|| panic!("{place}: not `queens ARGS | PATH`: {side}"));
    let (command, input) = command.split_once(" <<< ").unwrap_or((command, ""));
    Reading {
        args: command.split_whitespace().map(str::to_owned).collect(),
        input: input.to_owned(),
        path: path.to_owned(),
    }
}

/// What `reading` finds in its command's run, run once for every marker
/// that names it.
fn found(runs: &mut HashMap<(Vec<String>, String), Run>, reading: &Reading) -> Option<Found> {
    let run = runs
        .entry((reading.args.clone(), reading.input.clone()))
        .or_insert_with(|| queens_reading(&reading.args, &reading.input));
    match reading.path.as_str() {
        "stdout" => Some(Found::Text(superscripts(&run.stdout))),
        "stderr" => Some(Found::Text(superscripts(&run.stderr))),
        path => in_record(run.answered(), path),
    }
}

/// What `path` (`.stats.queens_placed`, `2:.queens`, `.`) finds in the
/// JSON lines a command `printed`.
fn in_record(printed: &str, path: &str) -> Option<Found> {
    let (line, path) = match path.split_once(':') {
        Some((line, path)) => (line.parse::<usize>().ok()?.checked_sub(1)?, path),
        None => (0, path),
    };
    let json: Value = serde_json::from_str(printed.lines().nth(line)?).ok()?;
    if path == "." {
        return Some(Found::Record(json));
    }
    match at_path(&json, path)? {
        Value::Number(number) => number.as_f64().map(Found::Number),
        Value::String(text) => Some(Found::Text(text.clone())),
        // A placement, as the docs write one: `[1, 3, 5, 7, 2, 0, 6, 4]`.
        list @ Value::Array(_) => Some(Found::Text(list.to_string().replace(',', ", "))),
        _ => None,
    }
}

/// `text` with its powers in superscript, as the pages write them: a
/// terminal's help writes `10^7` where a page writes `10⁷`.
fn superscripts(text: &str) -> String {
    let mut written = String::with_capacity(text.len());
    let mut signs = text.chars().peekable();
    while let Some(sign) = signs.next() {
        if sign == '^' && signs.peek().is_some_and(char::is_ascii_digit) {
            while let Some(digit) = signs.next_if(char::is_ascii_digit) {
                written.push(SUPERSCRIPTS[digit as usize - '0' as usize]);
            }
        } else {
            written.push(sign);
        }
    }
    written
}

/// `record` without the keys no run repeats ([`UNREPEATABLE`]), at any
/// depth.
fn repeatable(record: &Value) -> Value {
    match record {
        Value::Object(keys) => Value::Object(
            keys.iter()
                .filter(|(key, _)| !UNREPEATABLE.contains(&key.as_str()))
                .map(|(key, value)| (key.clone(), repeatable(value)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// What `claim` finds: its reading's value, or the ratio of its two.
fn measured(runs: &mut HashMap<(Vec<String>, String), Run>, claim: &Claim) -> Option<Found> {
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
        let value = SUPERSCRIPTS.iter().position(|&sup| sup == digit)?;
        Some(exponent * 10 + i32::try_from(value).ok()?)
    })
}

/// Whether `found` is the figure as a sentence writes it: the number
/// rounded to the figure's decimals, a text that contains it, or the
/// record a block shows but for what no run repeats.
fn agrees(found: &Found, figure: &str) -> bool {
    match found {
        Found::Text(text) => text.contains(figure),
        Found::Record(record) => serde_json::from_str::<Value>(figure)
            .is_ok_and(|shown| repeatable(&shown) == repeatable(record)),
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
    assert!(checked >= 336, "only {checked} figures carry a marker");
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
fn a_command_may_read_its_input_from_the_marker() {
    let page = "Says `invalid`.\n<!-- checked: queens check <<< 1 2 3 4 | stderr = invalid -->\n";
    let claim = claims("page.md", page).remove(0);
    assert_eq!(claim.reading.args, ["check"]);
    assert_eq!(claim.reading.input, "1 2 3 4");
    let mut runs = HashMap::new();
    let said = found(&mut runs, &claim.reading).expect("check prints its verdict");
    assert!(agrees(
        &said,
        "invalid: queens at (row 0, col 0) and (row 1, col 1)"
    ));
    // Another input is another run.
    let valid = reading("page.md", "queens check <<< 2 4 1 3 | stdout");
    let said = found(&mut runs, &valid).expect("check prints its verdict");
    assert!(agrees(&said, "valid: 4 queens"));
    assert!(!agrees(&said, "invalid"));
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

#[test]
fn a_path_may_read_a_later_line_or_the_whole_record() {
    let listing = "{\"queens\":[1,3,0,2]}\n{\"queens\":[2,0,3,1]}\n";
    let second = in_record(listing, "2:.queens").expect("a second line");
    assert!(agrees(&second, "[2, 0, 3, 1]"));
    assert!(!agrees(&second, "[1, 3, 0, 2]"));
    let first = in_record(listing, ".queens").expect("a first line");
    assert!(agrees(&first, "[1, 3, 0, 2]"));
    assert!(in_record(listing, "3:.queens").is_none());
    assert!(in_record(listing, "0:.queens").is_none());
    assert!(matches!(in_record(listing, "."), Some(Found::Record(_))));
}

#[test]
fn a_record_is_the_blocks_but_for_the_time_and_the_threads() {
    let printed = "{\"count\":92,\"counter\":{\"units\":76,\"threads\":2},\"seconds\":0.0003}";
    let record = in_record(printed, ".").expect("a record");
    let shown = "{\"count\":92,\"counter\":{\"units\":76,\"threads\":8},\"seconds\":0.1}\n";
    assert!(agrees(&record, shown));
    assert!(!agrees(&record, &shown.replace("92", "93")));
    assert!(!agrees(&record, &shown.replace("\"units\":76,", "")));
    assert!(!agrees(&record, "92"));
}

#[test]
fn a_block_is_read_without_the_command_typed_above_its_output() {
    let page = "Run it:\n\n```text\n$ queens all 4 --format rows\n2 4 1 3\n3 1 4 2\n```\n<!-- checked: queens all 4 --format rows | stdout = the block -->\n";
    let claim = claims("page.md", page).remove(0);
    assert_eq!(claim.figure, "2 4 1 3\n3 1 4 2\n");
    assert!(agrees(
        &Found::Text("2 4 1 3\n3 1 4 2\n".into()),
        &claim.figure
    ));
    assert!(!agrees(&Found::Text("2 4 1 3\n".into()), &claim.figure));
    let untyped = page.replace("$ queens all 4 --format rows\n", "");
    assert_eq!(claims("page.md", &untyped)[0].figure, claim.figure);
    // The command shown must be the one the marker runs.
    let other = page.replace("$ queens all 4", "$ queens all 5");
    assert!(std::panic::catch_unwind(|| claims("page.md", &other)).is_err());
    // And the figure must follow a block.
    let loose = "2 4 1 3\n<!-- checked: queens all 4 --format rows | stdout = the block -->\n";
    assert!(std::panic::catch_unwind(|| claims("page.md", loose)).is_err());
}

#[test]
fn a_streams_powers_are_read_in_superscript() {
    let help = Found::Text(superscripts(
        "from 6.3 × 10^7 queens to 1.4 × 10^9; 10^10 by default, x^y",
    ));
    assert!(agrees(&help, "6.3 × 10⁷"));
    assert!(agrees(&help, "10¹⁰ by default"));
    assert!(agrees(&help, "x^y"));
    assert!(!agrees(&help, "6.3 × 10⁸"));
    assert!(!agrees(&help, "10^7"));
}
