//! The report as text: the full tables for a terminal, Markdown (also the
//! body of `docs/comparison.md`), CSV and JSON. All four are drawn from the
//! one [`Report`], so they always agree; each text format ends (terminal)
//! or opens (Markdown) with the one-screen [`summary`].

use queens_core::ReadUnit;
use serde::Serialize;
use tabled::Table;
use tabled::builder::Builder;
use tabled::grid::config::HorizontalLine;
use tabled::settings::formatting::AlignmentStrategy;
use tabled::settings::object::Columns;
use tabled::settings::themes::{BorderCorrection, Theme};
use tabled::settings::{Alignment, Format, Span, Style, Width};

use super::instructions::Instructions;
use super::report::{
    Cell, Counted, Figures, Finished, Ladder, LadderCell, ModeTable, Outcome, Report,
};
use super::summary;
use crate::error::Error;
use crate::units;

/// The columns of every solver's table, in order, each broken where a
/// terminal's header breaks it so that the table stays narrow (see
/// [`named_columns`]); the reads and the last are named in the tables
/// themselves, by the unit of the reads and after the baseline. The
/// staleness check of `docs/comparison.md` finds a row of figures by their
/// number.
pub const COLUMNS: [&str; 9] = [
    "n",
    "algorithm",
    "solutions",
    "queens\nplaced",
    "safety\nchecks",
    READS,
    "median\ntime",
    "time per\nqueen",
    SPEEDUP,
];

/// The reads column's name when the solvers read in different units, each
/// figure then saying its own (`447 words`, `81,696 cells`); when they all
/// read one, the column is named by it (`cells read`, [`reads_column`]).
pub const READS: &str = "reads";

/// Where the per-cell figures start: the columns after `n` and `algorithm`.
const FIRST_FIGURE: usize = 2;

/// The report for a terminal: the one-screen summary, or with `details`
/// every figure of every board size first, the summary last, where the eye
/// lands when the output stops.
pub fn terminal(report: &Report, details: bool) -> String {
    if !details {
        let ladder = report.ladder.as_ref();
        let instructions = ladder.map_or_else(String::new, |ladder| instructions(ladder, false));
        return format!("{}{instructions}", summary::terminal(report, false));
    }
    let mut text = format!("{}\n\n", preamble(report));
    for table in &report.tables {
        text.push_str(&format!("{}\n", title(report, table)));
        text.push_str(&terminal_table(report, table).to_string());
        text.push_str("\n\n");
        for row in &table.rows {
            text.push_str(&format!("n = {}: {}\n", row.n, row.verdict));
        }
        text.push('\n');
    }
    if let Some(ladder) = &report.ladder {
        text.push_str(&format!("{}\n", ladder_title(report)));
        let mut table = ladder_table(report, ladder, "\n");
        table.with(Style::rounded()).modify(
            Columns::new(FIRST_FIGURE..),
            (Alignment::right(), AlignmentStrategy::PerLine),
        );
        text.push_str(&table.to_string());
        text.push('\n');
        text.push_str(&ladder_skipped(ladder));
        text.push_str(&instructions(ladder, false));
        text.push('\n');
    }
    text.push_str(&summary::terminal(report, true));
    text
}

/// The report in Markdown, headed by `heading` (the page's own header, or
/// nothing): the summary, then the full tables. A skipped cell says only
/// "skipped" in its table, and its reason is listed below, so that the
/// columns stay narrow.
pub fn markdown(report: &Report, heading: &str) -> String {
    let mut text = format!("{heading}{}\n\n", preamble(report));
    text.push_str(&summary::markdown(report));
    for table in &report.tables {
        text.push_str(&format!("\n## {}\n\n", title(report, table)));
        text.push_str(&markdown_table(report, table).to_string());
        text.push_str("\n\nVerdicts:\n\n");
        for row in &table.rows {
            text.push_str(&format!("- n = {}: {}\n", row.n, row.verdict));
        }
        text.push_str(&skipped_list(table.rows.iter().flat_map(|row| {
            let cells = row.cells.iter();
            cells.map(|cell| (row.n, cell.algorithm.as_str(), &cell.outcome))
        })));
    }
    if let Some(ladder) = &report.ladder {
        text.push_str(&format!("\n## {}\n\n", ladder_title(report)));
        let mut table = ladder_table(report, ladder, " ");
        text.push_str(&table.with(Style::markdown()).to_string());
        text.push('\n');
        text.push_str(&ladder_skipped(ladder));
        text.push_str(&instructions(ladder, true));
    }
    text
}

/// The ladder's instructions per solution, when counted, as a paragraph
/// and a table, in Markdown or else rounded for a terminal; why they were
/// not, when asked for and missing.
fn instructions(ladder: &Ladder, markdown: bool) -> String {
    let (n, tool, kernel, steps) = match &ladder.instructions {
        None => return String::new(),
        Some(Instructions::Missing(why)) => {
            return format!("\nInstructions per solution not counted: {why}.\n");
        }
        Some(Instructions::Counted {
            n,
            tool,
            kernel,
            steps,
        }) => (n, tool, kernel, steps),
    };
    let mut builder = Builder::default();
    builder.push_record([
        "step",
        "instructions per solution",
        "gain over the step before",
    ]);
    let mut before: Option<f64> = None;
    for count in steps {
        let Some(per_solution) = count.per_solution else {
            let why = count.not_counted.as_deref().unwrap_or("not counted");
            builder.push_record([count.step.as_str(), "—", why]);
            continue;
        };
        let fewer = before.map_or_else(
            || "—".to_owned(),
            |before| units::ratio(before / per_solution),
        );
        builder.push_record([
            count.step.clone(),
            units::count(per_solution.round() as u64),
            fewer,
        ]);
        before = Some(per_solution);
    }
    let mut table = builder.build();
    if markdown {
        table.with(Style::markdown());
    } else {
        table.with(Style::rounded());
    }
    table.modify(Columns::new(1..), Alignment::right());
    format!(
        "\nInstructions per solution at n = {n}, one thread, counted by {tool} (`+ threads` on \
         {kernel}, the fastest kernel the program sees under it), the program's start taken \
         off: what each step saves whatever the host.\n\n{table}\n"
    )
}

/// The report as JSON: every cell, the skipped ones with their reasons.
pub fn json(report: &Report) -> String {
    // A report holds only strings, numbers and lists: it always serialises.
    serde_json::to_string_pretty(report).unwrap_or_default() + "\n"
}

/// The report as CSV, one record per cell.
pub fn csv(report: &Report) -> Result<String, Error> {
    let mut records = Vec::new();
    for table in &report.tables {
        for row in &table.rows {
            records.extend(
                row.cells
                    .iter()
                    .map(|cell| CsvRecord::new(table, row.n, cell)),
            );
        }
    }
    for row in report.ladder.iter().flat_map(|ladder| &ladder.rows) {
        records.extend(row.cells.iter().map(|cell| CsvRecord::step(row.n, cell)));
    }
    let mut writer = csv::Writer::from_writer(Vec::new());
    for record in records {
        writer
            .serialize(record)
            .map_err(|error| Error::Failed(format!("writing CSV: {error}")))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|error| Error::Failed(format!("writing CSV: {error}")))?;
    String::from_utf8(bytes).map_err(|error| Error::Failed(format!("writing CSV: {error}")))
}

/// The lines above the tables: where it ran and how it was timed.
fn preamble(report: &Report) -> String {
    format!(
        "Machine: {}.\nEach time is the median of {} timed run{} of the silent path; \
         the statistics come from one separate counted run. \
         Time limit: {} per search.{}{}{}",
        report.machine,
        report.runs,
        if report.runs == 1 { "" } else { "s" },
        units::seconds(report.time_limit_seconds),
        baseline_sentence(report),
        report.words_sentence(),
        report
            .others
            .verdict()
            .map_or_else(String::new, |verdict| format!("\n{verdict}"))
    )
}

/// What the speed-ups are against, for the preamble.
fn baseline_sentence(report: &Report) -> String {
    report.baseline_solver().map_or_else(String::new, |base| {
        format!(
            " Every speed-up is against {} ({}, seeds {}) on the same board.",
            base.name, base.title, base.seeds
        )
    })
}

/// The heading of the ladder's table. The staleness check finds the table
/// by the word before the colon.
fn ladder_title(report: &Report) -> String {
    format!(
        "ladder: the bitboard counters, count every solution, n = {}",
        crate::measuring::describe(&report.sizes)
    )
}

/// The heading of a table: `count: count every solution`. The staleness
/// check finds a mode's table by the word before the colon.
fn title(report: &Report, table: &ModeTable) -> String {
    format!(
        "{}: {}, n = {}",
        table.mode.name(),
        table.mode.question(),
        crate::measuring::describe(&report.sizes)
    )
}

/// The text of each column of a cell's row. A skipped cell puts `skipped`
/// where the solutions would be, and dashes in the other figures.
fn row_texts(
    report: &Report,
    n: usize,
    cell: &Cell,
    skipped: impl Fn(&str) -> String,
) -> Vec<String> {
    let mut texts = vec![n.to_string(), cell.algorithm.clone()];
    match &cell.outcome {
        Outcome::Finished(finished) => texts.extend(figures(report, finished)),
        Outcome::Skipped { reason, .. } => {
            texts.push(skipped(reason));
            texts.extend(std::iter::repeat_n(
                "—".to_owned(),
                COLUMNS.len() - FIRST_FIGURE - 1,
            ));
        }
    }
    texts
}

fn figures(report: &Report, finished: &Finished) -> [String; 7] {
    [
        units::count(finished.figures.solutions),
        units::count(finished.figures.queens_placed),
        units::count(finished.figures.safety_checks),
        reads(report, &finished.figures),
        units::seconds(finished.median_seconds),
        finished
            .seconds_per_queen
            .map_or_else(|| "—".to_owned(), units::seconds),
        finished
            .speedup
            .map_or_else(|| "—".to_owned(), units::ratio),
    ]
}

/// A cell's reads: the number alone when every solver reads one unit,
/// which the column's name says; with the unit when they differ (`447
/// words`), so that a word is never read as a cell.
fn reads(report: &Report, figures: &Figures) -> String {
    let number = units::count(figures.reads);
    match report.read_unit() {
        Some(_) => number,
        None => format!("{number} {}", figures.read_unit.unit()),
    }
}

/// The name of the reads column, broken as [`COLUMNS`] are: by the one
/// unit every solver reads (`cells\nread`), or [`READS`] when they differ.
fn reads_column(report: &Report) -> String {
    report
        .read_unit()
        .map_or_else(|| READS.to_owned(), |unit| unit.noun().replace(' ', "\n"))
}

/// The speed-up column's name, without the baseline the tables add.
const SPEEDUP: &str = "speed-up";

/// `columns` for a terminal (`separator` a line break) or on one line (a
/// space, a word hyphenated at a break made whole again), the reads named
/// by their unit ([`reads_column`]) and the speed-up after the report's
/// baseline: `speed-up vs lookup`.
fn named_columns<const N: usize>(
    report: &Report,
    columns: [&str; N],
    separator: &str,
) -> Vec<String> {
    columns
        .iter()
        .map(|&name| {
            let name = match &report.baseline {
                Some(base) if name == SPEEDUP => format!("{name}\nvs {base}"),
                _ if name == READS => reads_column(report),
                _ => name.to_owned(),
            };
            if separator == "\n" {
                name
            } else {
                name.replace("-\n", "").replace('\n', separator)
            }
        })
        .collect()
}

fn builder(
    report: &Report,
    table: &ModeTable,
    columns: Vec<String>,
    skipped: impl Fn(&str) -> String,
) -> Builder {
    let mut builder = Builder::default();
    builder.push_record(columns);
    for row in &table.rows {
        for cell in &row.cells {
            builder.push_record(row_texts(report, row.n, cell, &skipped));
        }
    }
    builder
}

/// A table for the terminal: a rule between board sizes, figures aligned
/// right, a skipped cell's reason spread over the figure columns and wrapped
/// to their width.
fn terminal_table(report: &Report, mode_table: &ModeTable) -> Table {
    let columns = named_columns(report, COLUMNS, "\n");
    let reason_width = figures_width(report, &columns, mode_table);
    let mut table = builder(report, mode_table, columns, |reason| {
        format!("skipped: {reason}")
    })
    .build();
    let mut theme = Theme::from_style(Style::rounded());
    let mut line = 1;
    for row in &mode_table.rows {
        theme.insert_horizontal_line(line, HorizontalLine::full('─', '┼', '├', '┤'));
        line += row.cells.len();
    }
    table.with(theme);
    table.modify(
        Columns::new(FIRST_FIGURE..),
        (Alignment::right(), AlignmentStrategy::PerLine),
    );
    let mut line = 1;
    for row in &mode_table.rows {
        for cell in &row.cells {
            if matches!(cell.outcome, Outcome::Skipped { .. }) {
                table.modify(
                    (line, FIRST_FIGURE),
                    (
                        Width::wrap(reason_width).keep_words(true),
                        // The wrap leaves the space it broke at on the next line.
                        Format::content(|text| {
                            text.lines().map(str::trim).collect::<Vec<_>>().join("\n")
                        }),
                        Span::column((COLUMNS.len() - FIRST_FIGURE) as isize),
                        Alignment::left(),
                    ),
                );
            }
            line += 1;
        }
    }
    table.with(BorderCorrection::span());
    table
}

/// The room the figure columns of a terminal table give a skipped cell's
/// reason: their widths as the headers (`columns`) and the finished cells
/// set them, with the padding and the borders between them.
fn figures_width(report: &Report, columns: &[String], mode_table: &ModeTable) -> usize {
    let mut widths: Vec<usize> = columns[FIRST_FIGURE..]
        .iter()
        .map(|name| {
            name.lines()
                .map(|line| line.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in &mode_table.rows {
        for cell in &row.cells {
            if let Outcome::Finished(finished) = &cell.outcome {
                for (width, text) in widths.iter_mut().zip(figures(report, finished)) {
                    *width = (*width).max(text.chars().count());
                }
            }
        }
    }
    // Each column has a space of padding either side and a border after it;
    // the spanned cell keeps its own padding and the last border.
    widths.iter().map(|width| width + 3).sum::<usize>() - 3
}

/// A Markdown table: one line per cell, every column filled.
fn markdown_table(report: &Report, mode_table: &ModeTable) -> Table {
    let columns = named_columns(report, COLUMNS, " ");
    let mut table = builder(report, mode_table, columns, |_| "skipped".to_owned()).build();
    table.with(Style::markdown());
    table
}

/// The columns of the ladder's table, broken as [`COLUMNS`] are. The
/// staleness check of `docs/comparison.md` finds a row of the ladder by
/// their number.
pub const LADDER_COLUMNS: [&str; 7] = [
    "n",
    "counter",
    "solutions",
    "funda-\nmental",
    "median\ntime",
    SPEEDUP,
    "vs the step\nbefore",
];

/// The ladder as a table, unstyled.
fn ladder_table(report: &Report, ladder: &Ladder, separator: &str) -> Table {
    let mut builder = Builder::default();
    builder.push_record(named_columns(report, LADDER_COLUMNS, separator));
    for row in &ladder.rows {
        for cell in &row.cells {
            builder.push_record(ladder_texts(row.n, cell));
        }
    }
    builder.build()
}

/// The text of each column of a step's row: a skipped step says so where
/// the solutions would be, with dashes in the other figures.
fn ladder_texts(n: usize, cell: &LadderCell) -> Vec<String> {
    let mut texts = vec![n.to_string(), cell.step.clone()];
    let ratio = |ratio: Option<f64>| ratio.map_or_else(|| "—".to_owned(), units::ratio);
    match &cell.outcome {
        Outcome::Finished(Counted {
            figures,
            median_seconds,
            speedup,
            gain,
            ..
        }) => texts.extend([
            units::count(figures.solutions),
            figures
                .fundamental
                .map_or_else(|| "—".to_owned(), units::count),
            units::seconds(*median_seconds),
            ratio(*speedup),
            ratio(*gain),
        ]),
        Outcome::Skipped { .. } => {
            texts.push("skipped".to_owned());
            texts.extend(std::iter::repeat_n(
                "—".to_owned(),
                LADDER_COLUMNS.len() - FIRST_FIGURE - 1,
            ));
        }
    }
    texts
}

/// The reasons the ladder's skipped steps give, as a list; nothing when
/// every step ran.
fn ladder_skipped(ladder: &Ladder) -> String {
    skipped_list(ladder.rows.iter().flat_map(|row| {
        let cells = row.cells.iter();
        cells.map(|cell| (row.n, cell.step.as_str(), &cell.outcome))
    }))
}

/// The reasons of the skipped ones among `cells` (board size, name,
/// outcome), as a list under its heading; nothing when every one ran.
fn skipped_list<'a, F: 'a>(
    cells: impl Iterator<Item = (usize, &'a str, &'a Outcome<F>)>,
) -> String {
    let skipped: String = cells
        .filter_map(|(n, name, outcome)| match outcome {
            Outcome::Skipped { reason, .. } => Some(format!("- n = {n}, {name}: {reason}\n")),
            Outcome::Finished(_) => None,
        })
        .collect();
    if skipped.is_empty() {
        return String::new();
    }
    format!("\nSkipped:\n\n{skipped}")
}

/// One cell as a CSV record. A step of the ladder has the mode `ladder`,
/// its name as the algorithm, no statistics, and its fundamental solutions
/// when it counts them. The reads are `reads`, in the unit of `read_unit`
/// (`cells`, or the bitboard's `words`), never under a name of cells; the
/// newer columns come last, so that scripts reading the others by position
/// keep working.
#[derive(Serialize)]
struct CsvRecord<'a> {
    mode: &'static str,
    n: usize,
    algorithm: &'a str,
    status: &'static str,
    solutions: Option<u64>,
    queens_placed: Option<u64>,
    safety_checks: Option<u64>,
    reads: Option<u64>,
    median_seconds: Option<f64>,
    seconds_per_queen: Option<f64>,
    speedup: Option<f64>,
    reason: Option<&'a str>,
    fundamental: Option<u64>,
    read_unit: Option<ReadUnit>,
}

impl<'a> CsvRecord<'a> {
    /// A skipped cell's row, every figure empty: what the other rows fill.
    fn skipped(mode: &'static str, n: usize, algorithm: &'a str) -> Self {
        CsvRecord {
            mode,
            n,
            algorithm,
            status: "skipped",
            solutions: None,
            queens_placed: None,
            safety_checks: None,
            reads: None,
            median_seconds: None,
            seconds_per_queen: None,
            speedup: None,
            reason: None,
            fundamental: None,
            read_unit: None,
        }
    }

    fn new(table: &ModeTable, n: usize, cell: &'a Cell) -> Self {
        let mut record = CsvRecord::skipped(table.mode.name(), n, &cell.algorithm);
        match &cell.outcome {
            Outcome::Finished(finished) => {
                record.status = "finished";
                record.solutions = Some(finished.figures.solutions);
                record.queens_placed = Some(finished.figures.queens_placed);
                record.safety_checks = Some(finished.figures.safety_checks);
                record.reads = Some(finished.figures.reads);
                record.read_unit = Some(finished.figures.read_unit);
                record.median_seconds = Some(finished.median_seconds);
                record.seconds_per_queen = finished.seconds_per_queen;
                record.speedup = finished.speedup;
            }
            Outcome::Skipped { reason, .. } => record.reason = Some(reason),
        }
        record
    }

    fn step(n: usize, cell: &'a LadderCell) -> Self {
        let mut record = CsvRecord::skipped("ladder", n, &cell.step);
        match &cell.outcome {
            Outcome::Finished(counted) => {
                record.status = "finished";
                record.solutions = Some(counted.figures.solutions);
                record.fundamental = counted.figures.fundamental;
                record.median_seconds = Some(counted.median_seconds);
                record.speedup = counted.speedup;
            }
            Outcome::Skipped { reason, .. } => record.reason = Some(reason),
        }
        record
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::compare::agenda::Agenda;
    use crate::compare::report::CompareMode;

    /// Every solver and the ladder's first three steps, compared for real,
    /// with outcomes that hold on a busy machine: at n = 5 each search takes
    /// at most milliseconds; at n = 9 the naive generator would test
    /// C(81, 9) placements, predicted from its pace at n = 6 (a calibration
    /// of some 20 ms, with n = 7 predicted past the limit); and every search
    /// at n = 30 is predicted to take years.
    fn report() -> Report {
        crate::compare::measure::compare(&Agenda {
            solvers: queens_solvers::FINDS_ALL.to_vec(),
            sizes: vec![5, 9, 30],
            modes: vec![CompareMode::Count],
            ladder: queens_bitboard::Step::ALL[..3].to_vec(),
            runs: 1,
            time_limit: Duration::from_millis(500),
        })
    }

    #[test]
    fn the_preamble_says_whose_reads_are_words() {
        let report = crate::compare::fixture::report(8);
        let sentence = format!(
            " The reads of bitboard are counted in words, not cells: {}.",
            ReadUnit::Words.reason()
        );
        assert!(
            preamble(&report).contains(&sentence),
            "{}",
            preamble(&report)
        );
        let mut cells_only = report.clone();
        cells_only
            .solvers
            .retain(|solver| solver.read_unit == ReadUnit::Cells);
        assert!(!preamble(&cells_only).contains("words"));
    }

    #[test]
    fn the_reads_column_says_the_unit_where_the_solvers_differ() {
        let report = crate::compare::fixture::report(8);
        let mixed = unpadded_markdown(&report);
        // Lookup reads 3 cells per check, the bitboard 3 words per mask.
        assert!(
            mixed.contains("| safety checks | reads | median time |"),
            "{mixed}"
        );
        assert!(mixed.contains("| 75,000 cells |"), "{mixed}");
        assert!(mixed.contains("| 75,000 words |"), "{mixed}");
        assert!(!mixed.contains("cells read |"), "{mixed}");
        let table = terminal(&report, true);
        assert!(table.contains(" 75,000 words │"), "{table}");
        // Every solver reading cells: the column is named by the unit.
        let mut cells_only = report.clone();
        cells_only
            .solvers
            .retain(|solver| solver.read_unit == ReadUnit::Cells);
        for table in &mut cells_only.tables {
            for row in &mut table.rows {
                row.cells.retain(|cell| cell.algorithm != "bitboard");
            }
        }
        let plain = unpadded_markdown(&cells_only);
        assert!(
            plain.contains("| safety checks | cells read | median time |"),
            "{plain}"
        );
        assert!(plain.contains("| 75,000 |"), "{plain}");
        assert!(!plain.contains(" cells |"), "{plain}");
    }

    /// The Markdown of `report` with the padding of its columns taken out.
    fn unpadded_markdown(report: &Report) -> String {
        let text = markdown(report, "");
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn csv_and_json_give_the_reads_with_their_unit_never_under_a_cells_name() {
        let report = crate::compare::fixture::report(8);
        let csv = csv(&report).unwrap();
        assert!(
            csv.starts_with(
                "mode,n,algorithm,status,solutions,queens_placed,safety_checks,reads,\
                 median_seconds,seconds_per_queen,speedup,reason,fundamental,read_unit\n"
            ),
            "{csv}"
        );
        let record = |name: &str| {
            csv.lines()
                .find(|line| line.starts_with(&format!("count,8,{name},")))
                .unwrap_or_else(|| panic!("a record for {name} at n = 8: {csv}"))
                .to_owned()
        };
        assert!(record("bitboard").contains(",2500,25000,75000,"), "{csv}");
        assert!(record("bitboard").ends_with(",words"), "{csv}");
        assert!(record("lookup").ends_with(",cells"), "{csv}");
        assert!(!csv.contains("cells_read"), "{csv}");
        let json: serde_json::Value = serde_json::from_str(&json(&report)).unwrap();
        let cells = json["tables"][0]["rows"][2]["cells"].as_array().unwrap();
        let reads: Vec<(&str, &serde_json::Value, &serde_json::Value)> = cells
            .iter()
            .map(|cell| {
                assert!(cell.get("cells_read").is_none(), "{cell}");
                (
                    cell["algorithm"].as_str().unwrap(),
                    &cell["reads"],
                    &cell["read_unit"],
                )
            })
            .collect();
        let lookup = reads.iter().find(|(name, ..)| *name == "lookup").unwrap();
        assert_eq!((lookup.1, lookup.2), (&75_000.into(), &"cells".into()));
        let bitboard = reads.iter().find(|(name, ..)| *name == "bitboard").unwrap();
        assert_eq!((bitboard.1, bitboard.2), (&75_000.into(), &"words".into()));
        assert_eq!(json["solvers"][5]["read_unit"], "words");
    }

    #[test]
    fn json_carries_every_cell_and_the_reasons_for_the_skipped_ones() {
        let report = report();
        let json: serde_json::Value = serde_json::from_str(&json(&report)).unwrap();
        let rows = json["tables"][0]["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 3);
        for row in rows {
            assert_eq!(
                row["cells"].as_array().unwrap().len(),
                queens_solvers::FINDS_ALL.len()
            );
        }
        let naive_at_9 = &rows[1]["cells"][0];
        assert_eq!(naive_at_9["algorithm"], "naive");
        assert_eq!(naive_at_9["status"], "skipped");
        assert!(
            naive_at_9["reason"]
                .as_str()
                .unwrap()
                .starts_with("would test C(81, 9) = 260,887,834,350 placements"),
            "{naive_at_9}"
        );
        let lookup_at_5 = rows[0]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|cell| cell["algorithm"] == "lookup")
            .unwrap();
        assert_eq!(lookup_at_5["status"], "finished");
        assert_eq!(lookup_at_5["solutions"], 10);
        assert_eq!(lookup_at_5["queens_placed"], 53);
        for cell in rows[2]["cells"].as_array().unwrap() {
            assert_eq!(cell["status"], "skipped", "{cell}");
            assert!(
                cell["reason"]
                    .as_str()
                    .is_some_and(|reason| !reason.is_empty())
            );
        }
        assert_eq!(json["baseline"], "lookup");
        let ladder = json["ladder"]["rows"].as_array().unwrap();
        let steps: Vec<(&str, u64, Option<u64>)> = ladder[0]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|cell| {
                (
                    cell["step"].as_str().unwrap(),
                    cell["solutions"].as_u64().unwrap(),
                    cell["fundamental"].as_u64(),
                )
            })
            .collect();
        assert_eq!(
            steps,
            [
                ("counting walk", 10, None),
                ("+ mirror", 10, None),
                ("+ symmetry", 10, Some(2)),
            ]
        );
        assert!(ladder[0]["cells"][0]["speedup"].as_f64().unwrap() > 0.0);
        for cell in ladder[2]["cells"].as_array().unwrap() {
            assert_eq!(cell["status"], "skipped", "{cell}");
        }
    }

    #[test]
    fn every_format_shows_the_skipped_cells() {
        let report = report();
        let table = terminal(&report, true);
        assert!(table.contains("skipped: would test C(81, 9)"), "{table}");
        assert!(
            table.contains("- n = 30, + symmetry: predicted to take "),
            "{table}"
        );
        assert!(table.contains("│  speed-up │"), "{table}");
        assert!(table.contains("│ vs lookup │"), "{table}");
        let summary = terminal(&report, false);
        assert!(!summary.contains("skipped: would test"), "{summary}");
        assert!(
            table.ends_with(&summary::terminal(&report, true)),
            "the details end with the summary"
        );
        let markdown = markdown(&report, "");
        // The algorithm column is as wide as its longest name, "permutation".
        assert!(
            markdown.contains("| naive       | skipped   |"),
            "{markdown}"
        );
        assert!(
            markdown.contains("- n = 9, naive: would test C(81, 9)"),
            "{markdown}"
        );
        let csv = csv(&report).unwrap();
        assert!(
            csv.starts_with("mode,n,algorithm,status,solutions,"),
            "{csv}"
        );
        assert!(
            csv.contains("count,9,naive,skipped,,,,,,,,\"would test C(81, 9)"),
            "{csv}"
        );
        assert!(csv.contains("count,5,lookup,finished,10,53,"), "{csv}");
        let symmetry = csv
            .lines()
            .find(|line| line.starts_with("ladder,5,+ symmetry,"))
            .expect("a record for the symmetry step at n = 5");
        assert!(
            symmetry.starts_with("ladder,5,+ symmetry,finished,10,,,,"),
            "{symmetry}"
        );
        assert!(symmetry.ends_with(",,2,"), "{symmetry}");
        assert!(
            csv.contains("ladder,30,+ mirror,skipped,,,,,,,,\"predicted to take "),
            "{csv}"
        );
    }

    #[test]
    fn the_full_tables_above_the_summary_say_so_and_give_each_reason() {
        let full = terminal(&crate::compare::fixture::large_report(), true);
        assert!(
            full.contains("; every figure is in the tables above."),
            "{full}"
        );
        assert!(
            full.contains("n = 1,000, lookup: n = 1000 is too large for the lookup solver")
                || full.contains(
                    "n = 1000 is too large for the lookup solver, which accepts n up to 64"
                ),
            "{full}"
        );
    }
}
