//! The report as text: a terminal table, Markdown (also the body of
//! `docs/comparison.md`), CSV and JSON. All four are drawn from the one
//! [`Report`], so they always agree.

use serde::Serialize;
use tabled::Table;
use tabled::builder::Builder;
use tabled::grid::config::HorizontalLine;
use tabled::settings::formatting::AlignmentStrategy;
use tabled::settings::object::Columns;
use tabled::settings::themes::{BorderCorrection, Theme};
use tabled::settings::{Alignment, Format, Span, Style, Width};

use super::report::{Cell, Finished, ModeTable, Outcome, Report};
use crate::units;

/// The columns of every table, in order. The staleness check of
/// `docs/comparison.md` finds its columns by these names.
pub const COLUMNS: [&str; 9] = [
    "n",
    "algorithm",
    "solutions",
    "queens placed",
    "safety checks",
    "cells read",
    "median time",
    "time per queen",
    "speed-up",
];

/// Where the per-cell figures start: the columns after `n` and `algorithm`.
const FIRST_FIGURE: usize = 2;

/// The report as tables for a terminal.
pub fn terminal(report: &Report) -> String {
    let mut text = format!("{}\n\n", preamble(report));
    for table in &report.tables {
        text.push_str(&format!("{}\n", title(report, table)));
        text.push_str(&terminal_table(table).to_string());
        text.push_str("\n\n");
        for row in &table.rows {
            text.push_str(&format!("n = {}: {}\n", row.n, row.verdict));
        }
        text.push('\n');
    }
    text
}

/// The report in Markdown, headed by `heading` (the page's own header, or
/// nothing). A skipped cell says only "skipped" in its table, and its reason
/// is listed below, so that the columns stay narrow.
pub fn markdown(report: &Report, heading: &str) -> String {
    let mut text = format!("{heading}{}\n", preamble(report));
    for table in &report.tables {
        text.push_str(&format!("\n## {}\n\n", title(report, table)));
        text.push_str(&markdown_table(table).to_string());
        text.push_str("\n\nVerdicts:\n\n");
        for row in &table.rows {
            text.push_str(&format!("- n = {}: {}\n", row.n, row.verdict));
        }
        let skipped: Vec<String> = table
            .rows
            .iter()
            .flat_map(|row| row.cells.iter().map(move |cell| (row.n, cell)))
            .filter_map(|(n, cell)| match &cell.outcome {
                Outcome::Skipped { reason, .. } => {
                    Some(format!("- n = {n}, {}: {reason}\n", cell.algorithm))
                }
                Outcome::Finished(_) => None,
            })
            .collect();
        if !skipped.is_empty() {
            text.push_str("\nSkipped:\n\n");
            text.extend(skipped);
        }
    }
    text
}

/// The report as JSON: every cell, the skipped ones with their reasons.
pub fn json(report: &Report) -> String {
    // A report holds only strings, numbers and lists: it always serialises.
    serde_json::to_string_pretty(report).unwrap_or_default() + "\n"
}

/// The report as CSV, one record per cell.
pub fn csv(report: &Report) -> Result<String, crate::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for table in &report.tables {
        for row in &table.rows {
            for cell in &row.cells {
                writer
                    .serialize(CsvRecord::new(table, row.n, cell))
                    .map_err(|error| crate::Error::Failed(format!("writing CSV: {error}")))?;
            }
        }
    }
    let bytes = writer
        .into_inner()
        .map_err(|error| crate::Error::Failed(format!("writing CSV: {error}")))?;
    String::from_utf8(bytes).map_err(|error| crate::Error::Failed(format!("writing CSV: {error}")))
}

/// The lines above the tables: where it ran and how it was timed.
fn preamble(report: &Report) -> String {
    format!(
        "Machine: {}.\nEach time is the median of {} timed run{} of the silent path; \
         the statistics come from one separate counted run. \
         Budget: {} per search.",
        report.machine,
        report.runs,
        if report.runs == 1 { "" } else { "s" },
        units::seconds(report.budget_seconds)
    )
}

/// The heading of a table: `count: count every solution`. The staleness
/// check finds a mode's table by the word before the colon.
fn title(report: &Report, table: &ModeTable) -> String {
    format!(
        "{}: {}, n = {}",
        table.mode.name(),
        table.mode.question(),
        super::sizes::describe(&report.sizes)
    )
}

/// The text of each column of a cell's row. A skipped cell puts `skipped`
/// where the solutions would be, and dashes in the other figures.
fn row_texts(n: usize, cell: &Cell, skipped: impl Fn(&str) -> String) -> Vec<String> {
    let mut texts = vec![n.to_string(), cell.algorithm.clone()];
    match &cell.outcome {
        Outcome::Finished(finished) => texts.extend(figures(finished)),
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

fn figures(finished: &Finished) -> [String; 7] {
    [
        units::count(finished.figures.solutions),
        units::count(finished.figures.queens_placed),
        units::count(finished.figures.safety_checks),
        units::count(finished.figures.cells_read),
        units::seconds(finished.median_seconds),
        finished
            .seconds_per_queen
            .map_or_else(|| "—".to_owned(), units::seconds),
        units::ratio(finished.speedup),
    ]
}

fn builder<const N: usize>(
    table: &ModeTable,
    columns: [&str; N],
    skipped: impl Fn(&str) -> String,
) -> Builder {
    let mut builder = Builder::default();
    builder.push_record(columns);
    for row in &table.rows {
        for cell in &row.cells {
            builder.push_record(row_texts(row.n, cell, &skipped));
        }
    }
    builder
}

/// The column names for a terminal, on two lines each so that the table
/// stays narrow.
const TERMINAL_COLUMNS: [&str; 9] = [
    "n",
    "algorithm",
    "solutions",
    "queens\nplaced",
    "safety\nchecks",
    "cells\nread",
    "median\ntime",
    "time per\nqueen",
    "speed-\nup",
];

/// A table for the terminal: a rule between board sizes, figures aligned
/// right, a skipped cell's reason spread over the figure columns and wrapped
/// to their width.
fn terminal_table(mode_table: &ModeTable) -> Table {
    let mut table = builder(mode_table, TERMINAL_COLUMNS, |reason| {
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
    let reason_width = figures_width(mode_table);
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
/// reason: their widths as the headers and the finished cells set them, with
/// the padding and the borders between them.
fn figures_width(mode_table: &ModeTable) -> usize {
    let mut widths: Vec<usize> = TERMINAL_COLUMNS[FIRST_FIGURE..]
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
                for (width, text) in widths.iter_mut().zip(figures(finished)) {
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
fn markdown_table(mode_table: &ModeTable) -> Table {
    let mut table = builder(mode_table, COLUMNS, |_| "skipped".to_owned()).build();
    table.with(Style::markdown());
    table
}

/// One cell as a CSV record.
#[derive(Serialize)]
struct CsvRecord<'a> {
    mode: &'static str,
    n: usize,
    algorithm: &'a str,
    status: &'static str,
    solutions: Option<u64>,
    queens_placed: Option<u64>,
    safety_checks: Option<u64>,
    cells_read: Option<u64>,
    median_seconds: Option<f64>,
    seconds_per_queen: Option<f64>,
    speedup: Option<f64>,
    reason: Option<&'a str>,
}

impl<'a> CsvRecord<'a> {
    fn new(table: &ModeTable, n: usize, cell: &'a Cell) -> Self {
        let mut record = CsvRecord {
            mode: table.mode.name(),
            n,
            algorithm: &cell.algorithm,
            status: "skipped",
            solutions: None,
            queens_placed: None,
            safety_checks: None,
            cells_read: None,
            median_seconds: None,
            seconds_per_queen: None,
            speedup: None,
            reason: None,
        };
        match &cell.outcome {
            Outcome::Finished(finished) => {
                record.status = "finished";
                record.solutions = Some(finished.figures.solutions);
                record.queens_placed = Some(finished.figures.queens_placed);
                record.safety_checks = Some(finished.figures.safety_checks);
                record.cells_read = Some(finished.figures.cells_read);
                record.median_seconds = Some(finished.median_seconds);
                record.seconds_per_queen = finished.seconds_per_queen;
                record.speedup = Some(finished.speedup);
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
    use crate::compare::measure::Plan;
    use crate::compare::report::CompareMode;

    /// Every solver at n = 6 and n = 30 with a budget of a millisecond: the
    /// naive generator is skipped at 6, everything at 30.
    fn report() -> Report {
        crate::compare::compare(&Plan {
            solvers: queens_solvers::ALL.to_vec(),
            sizes: vec![6, 30],
            modes: vec![CompareMode::Count],
            runs: 1,
            budget: Duration::from_millis(1),
        })
    }

    #[test]
    fn json_carries_every_cell_and_the_reasons_for_the_skipped_ones() {
        let report = report();
        let json: serde_json::Value = serde_json::from_str(&json(&report)).unwrap();
        let rows = json["tables"][0]["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        for row in rows {
            assert_eq!(
                row["cells"].as_array().unwrap().len(),
                queens_solvers::ALL.len()
            );
        }
        let naive_at_6 = &rows[0]["cells"][0];
        assert_eq!(naive_at_6["algorithm"], "naive");
        assert_eq!(naive_at_6["status"], "skipped");
        assert!(
            naive_at_6["reason"]
                .as_str()
                .unwrap()
                .starts_with("would test C(36, 6) = 1,947,792 placements"),
            "{naive_at_6}"
        );
        let lookup_at_6 = rows[0]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|cell| cell["algorithm"] == "lookup")
            .unwrap();
        assert_eq!(lookup_at_6["status"], "finished");
        assert_eq!(lookup_at_6["solutions"], 4);
        assert_eq!(lookup_at_6["queens_placed"], 152);
        for cell in rows[1]["cells"].as_array().unwrap() {
            assert_eq!(cell["status"], "skipped", "{cell}");
            assert!(
                cell["reason"]
                    .as_str()
                    .is_some_and(|reason| !reason.is_empty())
            );
        }
    }

    #[test]
    fn every_format_shows_the_skipped_cells() {
        let report = report();
        let table = terminal(&report);
        assert!(table.contains("skipped: would test C(36, 6)"), "{table}");
        let markdown = markdown(&report, "");
        // The algorithm column is as wide as its longest name, "permutation".
        assert!(
            markdown.contains("| naive       | skipped   |"),
            "{markdown}"
        );
        assert!(
            markdown.contains("- n = 6, naive: would test C(36, 6)"),
            "{markdown}"
        );
        let csv = csv(&report).unwrap();
        assert!(
            csv.starts_with("mode,n,algorithm,status,solutions,"),
            "{csv}"
        );
        assert!(
            csv.contains("count,6,naive,skipped,,,,,,,,\"would test C(36, 6)"),
            "{csv}"
        );
        assert!(csv.contains("count,6,lookup,finished,4,152,"), "{csv}");
    }
}
