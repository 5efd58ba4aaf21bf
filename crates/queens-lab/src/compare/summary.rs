//! The one-screen summary of a comparison: solvers as rows, board sizes as
//! columns, each cell a speed-up against the one baseline; then, for each
//! solver, the statistic behind its gap to the baseline, and for each step
//! of the counters' ladder, what its technique buys.
//!
//! `cargo xtask compare` prints it for a terminal (at most [`WIDTH`]
//! columns); `docs/comparison.md` opens with it in Markdown. Both lay out the
//! same [`Summary`], so they say the same thing.

use tabled::builder::Builder;
use tabled::settings::Style;

use super::report::{
    CompareMode, Finished, Ladder, ModeTable, Outcome, Report, SkipCause, pace, why,
};
use crate::units;

/// The widest line the terminal summary prints: a terminal's 100 columns.
pub const WIDTH: usize = 100;

/// The summary of one mode, before it is laid out.
struct Summary {
    /// What the table shows: the question, the sizes, the baseline.
    heading: String,
    /// How to read a cell.
    legend: String,
    /// The column headings: the board sizes.
    sizes: Vec<usize>,
    /// One row per solver, in registry order.
    solvers: Vec<Row>,
    /// One row per step of the ladder, bottom first; empty outside count
    /// mode.
    steps: Vec<Row>,
    /// What the marks of the skipped cells, and the times standing in for
    /// ratios, mean.
    notes: Vec<String>,
    /// Each solver against the baseline, in the statistic that explains it.
    gaps: Vec<Line>,
    /// What each step of the ladder buys over the one before it.
    gains: Vec<Line>,
    /// The baseline's name, for the headings of the two lists.
    baseline: String,
}

/// A row of the table: its label and one text per board size.
struct Row {
    label: String,
    cells: Vec<String>,
}

/// A line of a list: whom it is about, and what it says.
struct Line {
    name: String,
    text: String,
}

/// What a cell of the table shows.
#[derive(Clone, Copy)]
enum Mark {
    /// A median time: the baseline's own, or another's where the baseline
    /// did not finish.
    Time(f64),
    /// How many times as fast as the baseline.
    Ratio(f64),
    /// Nothing measured, for this cause.
    Skipped(SkipCause),
}

/// The mark of a skipped cell.
const SKIPPED: &str = "—";

/// The busy cells a terminal summary names: enough to see which part of
/// the run was disturbed, few enough to keep the summary on one screen.
const SUMMARY_BUSY_CELLS: usize = 4;

/// The summary for a terminal: each mode's table and its two lists, under
/// a line on the machine and the method, which points to `--details`
/// unless the full tables are printed above it (`below_details`).
pub fn terminal(report: &Report, below_details: bool) -> String {
    let mut text = wrap(&format!("Machine: {}.", report.machine));
    if let Some(verdict) = report.others.verdict_naming(SUMMARY_BUSY_CELLS) {
        text.push_str(&wrap(&verdict));
    }
    // The tables above say whose reads are words; alone, the summary does.
    let (figures, words) = if below_details {
        ("every figure is in the tables above", String::new())
    } else {
        ("--details prints every figure", report.words_sentence())
    };
    text.push_str(&wrap(&format!(
        "Median of {} timed run{} per cell, {} time limit per search; {figures}.{words}",
        report.runs,
        plural(report.runs),
        units::seconds(report.time_limit_seconds)
    )));
    for summary in summaries(report) {
        text.push('\n');
        text.push_str(&terminal_summary(&summary));
    }
    text
}

/// The summary in Markdown, one `## At a glance` section per mode.
pub fn markdown(report: &Report) -> String {
    summaries(report)
        .iter()
        .map(markdown_summary)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The summary of each of the report's modes.
fn summaries(report: &Report) -> Vec<Summary> {
    let Some(baseline) = report.baseline_index() else {
        return Vec::new();
    };
    report
        .tables
        .iter()
        .map(|table| summarise(report, table, baseline))
        .collect()
}

/// The summary of `table`, against the solver at `baseline`.
fn summarise(report: &Report, table: &ModeTable, baseline: usize) -> Summary {
    let base = &report.solvers[baseline];
    let ladder = report
        .ladder
        .as_ref()
        .filter(|_| table.mode == CompareMode::Count);
    let mut marks: Vec<(String, Vec<Mark>, bool)> = report
        .solvers
        .iter()
        .enumerate()
        .map(|(index, solver)| {
            let marks = solver_marks(table, index, index == baseline);
            (solver.name.clone(), marks, index == baseline)
        })
        .collect();
    let solver_rows = marks.len();
    if let Some(ladder) = ladder {
        for (index, step) in ladder.steps.iter().enumerate() {
            marks.push((step.name.clone(), step_marks(ladder, index), false));
        }
    }
    let notes = notes(&marks, &base.name, report.time_limit_seconds);
    let mut rows: Vec<Row> = marks
        .into_iter()
        .map(|(label, marks, _)| Row {
            label,
            cells: marks.into_iter().map(mark_text).collect(),
        })
        .collect();
    let steps = rows.split_off(solver_rows);
    Summary {
        heading: format!(
            "{}, n = {}: times as fast as {} (seeds {}), the baseline.",
            table.mode.question(),
            crate::measuring::describe(&report.sizes),
            base.name,
            base.seeds
        ),
        legend: format!(
            "{}'s own row gives its median time; 1/9.5 means 9.5 times slower.",
            base.name
        ),
        sizes: table.rows.iter().map(|row| row.n).collect(),
        solvers: rows,
        steps,
        notes,
        gaps: gaps(report, table, baseline),
        gains: ladder.map(gains).unwrap_or_default(),
        baseline: base.name.clone(),
    }
}

/// The marks of the solver at `index`: its times if it is the baseline,
/// else its speed-ups, or its times where the baseline did not finish.
fn solver_marks(table: &ModeTable, index: usize, is_baseline: bool) -> Vec<Mark> {
    table
        .rows
        .iter()
        .map(|row| match &row.cells[index].outcome {
            Outcome::Finished(finished) => finished
                .speedup
                .filter(|_| !is_baseline)
                .map_or(Mark::Time(finished.median_seconds), Mark::Ratio),
            Outcome::Skipped { cause, .. } => Mark::Skipped(*cause),
        })
        .collect()
}

/// The marks of the ladder's step at `index`.
fn step_marks(ladder: &Ladder, index: usize) -> Vec<Mark> {
    ladder
        .rows
        .iter()
        .map(|row| match &row.cells[index].outcome {
            Outcome::Finished(counted) => counted
                .speedup
                .map_or(Mark::Time(counted.median_seconds), Mark::Ratio),
            Outcome::Skipped { cause, .. } => Mark::Skipped(*cause),
        })
        .collect()
}

/// The text of a mark: `15.4 ms`, `3.0×`, `1/9.5` or the skipped mark.
fn mark_text(mark: Mark) -> String {
    match mark {
        Mark::Time(seconds) => units::seconds(seconds),
        Mark::Ratio(speedup) if speedup >= 1.0 => units::ratio(speedup),
        Mark::Ratio(speedup) => format!("1/{}", units::ratio(1.0 / speedup).trim_end_matches('×')),
        Mark::Skipped(_) => SKIPPED.to_owned(),
    }
}

/// The notes under the table: why cells are skipped, and what a time means
/// in a row other than the baseline's. Each only when the table needs it.
fn notes(
    rows: &[(String, Vec<Mark>, bool)],
    baseline: &str,
    time_limit_seconds: f64,
) -> Vec<String> {
    let skipped = |wanted: &[SkipCause]| {
        rows.iter()
            .flat_map(|(_, marks, _)| marks)
            .any(|mark| matches!(mark, Mark::Skipped(cause) if wanted.contains(cause)))
    };
    let mut causes = Vec::new();
    let limit = units::seconds(time_limit_seconds);
    if skipped(&[SkipCause::Predicted, SkipCause::PastTimeLimit]) {
        causes.push(format!("past the {limit} time limit per search"));
    }
    if skipped(&[SkipCause::StoppedAtTimeLimit]) {
        causes.push(format!(
            "stopped at the {limit} time limit, as a first solution's time is never predicted"
        ));
    }
    if skipped(&[SkipCause::Refused]) {
        causes.push("a board larger than the solver accepts".to_owned());
    }
    if skipped(&[SkipCause::NotOnThisProcessor]) {
        causes.push("a step whose vector instructions this processor lacks".to_owned());
    }
    let mut notes = Vec::new();
    if !causes.is_empty() {
        notes.push(format!(
            "{SKIPPED} skipped: {} (the full tables give each reason).",
            causes.join(", or ")
        ));
    }
    let stand_in = rows.iter().any(|(_, marks, is_baseline)| {
        !is_baseline && marks.iter().any(|mark| matches!(mark, Mark::Time(_)))
    });
    if stand_in {
        notes.push(format!(
            "A time outside {baseline}'s row: {baseline} did not finish that board, so there is no ratio."
        ));
    }
    notes
}

/// Each solver other than the baseline against it, at the largest board
/// both finished: how much faster or slower, and the first statistic in
/// which they differ. The partner is always the baseline and the statistic
/// depends on no timing, so the lines keep their subject from run to run.
fn gaps(report: &Report, table: &ModeTable, baseline: usize) -> Vec<Line> {
    let base_name = &report.solvers[baseline].name;
    report
        .solvers
        .iter()
        .enumerate()
        .filter(|&(index, _)| index != baseline)
        .map(|(index, solver)| {
            let text = match last_together(table, index, baseline) {
                None => format!("never finished a board {base_name} finished"),
                Some((n, subject, base)) if subject.figures.solutions != base.figures.solutions => {
                    format!(
                        "disagrees with {base_name} at n = {n}: {} solutions against {}",
                        units::count(subject.figures.solutions),
                        units::count(base.figures.solutions)
                    )
                }
                Some((n, subject, base)) => {
                    let speedup = subject.speedup.unwrap_or(1.0);
                    format!(
                        "{} at n = {n}: {}",
                        pace(speedup),
                        why(&subject.figures, &base.figures, speedup)
                    )
                }
            };
            let text = match beyond(table, index, baseline) {
                Some(n) => format!("{text}; alone it goes on to n = {}", units::count(n as u64)),
                None => text,
            };
            Line {
                name: solver.name.clone(),
                text,
            }
        })
        .collect()
}

/// The largest board the solver at `index` finished past the largest the
/// baseline finished, if any: where a solver that finds one solution goes
/// on after backtracking stops.
fn beyond(table: &ModeTable, index: usize, baseline: usize) -> Option<usize> {
    let finished = |at: usize| {
        table
            .rows
            .iter()
            .rev()
            .find(|row| row.cells[at].outcome.finished().is_some())
            .map(|row| row.n)
    };
    let last = finished(index)?;
    (finished(baseline).is_none_or(|base| last > base)).then_some(last)
}

/// The largest board on which the solvers at `index` and `baseline` both
/// finished, with their cells.
fn last_together(
    table: &ModeTable,
    index: usize,
    baseline: usize,
) -> Option<(usize, &Finished, &Finished)> {
    table.rows.iter().rev().find_map(|row| {
        let subject = row.cells[index].outcome.finished()?;
        let base = row.cells[baseline].outcome.finished()?;
        Some((row.n, subject, base))
    })
}

/// What each step of the ladder buys over the one before it (the first,
/// over the baseline), at the largest board both finished, with the
/// technique it adds.
fn gains(ladder: &Ladder) -> Vec<Line> {
    ladder
        .steps
        .iter()
        .enumerate()
        .map(|(index, step)| {
            let last = ladder.rows.iter().rev().find_map(|row| {
                let counted = row.cells[index].outcome.finished()?;
                Some((row.n, counted.gain?))
            });
            let text = match last {
                Some((n, gain)) => format!("{} at n = {n}: {}", pace(gain), step.adds),
                None => format!("never finished beside the step before: {}", step.adds),
            };
            Line {
                name: step.name.clone(),
                text,
            }
        })
        .collect()
}

/// The heading of the list of gaps.
fn gaps_heading(baseline: &str) -> String {
    format!("Why, against {baseline} at the largest n both finished (statistics of a counted run):")
}

/// The heading of the list of gains.
fn gains_heading(baseline: &str) -> String {
    format!("What each counter step buys over the one above it (the first, over {baseline}):")
}

/// The label over the ladder's rows, which share their first name with the
/// bitboard solver: these are its counters, without the observer.
const LADDER_LABEL: &str = "bitboard counters, each step one technique more:";

/// One mode's summary for a terminal.
fn terminal_summary(summary: &Summary) -> String {
    let mut text = wrap(&summary.heading);
    text.push_str(&wrap(&summary.legend));
    text.push('\n');
    text.push_str(&terminal_table(summary));
    for note in &summary.notes {
        text.push_str(&wrap(note));
    }
    text.push('\n');
    text.push_str(&terminal_list(
        &gaps_heading(&summary.baseline),
        &summary.gaps,
    ));
    if !summary.gains.is_empty() {
        text.push('\n');
        text.push_str(&terminal_list(
            &gains_heading(&summary.baseline),
            &summary.gains,
        ));
    }
    text
}

/// The table for a terminal: labels on the left, each column right-aligned
/// to its widest text, a rule under the sizes, the ladder under its label.
fn terminal_table(summary: &Summary) -> String {
    let indent = |row: &Row| Row {
        label: format!("  {}", row.label),
        cells: row.cells.clone(),
    };
    let steps: Vec<Row> = summary.steps.iter().map(indent).collect();
    let header = Row {
        label: "n =".to_owned(),
        cells: summary.sizes.iter().map(usize::to_string).collect(),
    };
    let all: Vec<&Row> = std::iter::once(&header)
        .chain(&summary.solvers)
        .chain(&steps)
        .collect();
    let label_width = all.iter().map(|row| width(&row.label)).max().unwrap_or(0);
    let widths: Vec<usize> = (0..summary.sizes.len())
        .map(|column| {
            all.iter()
                .map(|row| width(&row.cells[column]))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |row: &Row| {
        let mut line = format!("{:<label_width$}", row.label);
        for (cell, &cell_width) in row.cells.iter().zip(&widths) {
            line.push_str(&format!("  {cell:>cell_width$}"));
        }
        line + "\n"
    };
    let mut text = line(&header);
    let rule_width = label_width + widths.iter().map(|width| width + 2).sum::<usize>();
    text.push_str(&"─".repeat(rule_width));
    text.push('\n');
    text.extend(summary.solvers.iter().map(line));
    if !steps.is_empty() {
        text.push_str(LADDER_LABEL);
        text.push('\n');
        text.extend(steps.iter().map(line));
    }
    text
}

/// A list for a terminal: its heading, then one entry per line, the names
/// in a column and a long text wrapped under its start.
fn terminal_list(heading: &str, lines: &[Line]) -> String {
    let name_width = lines
        .iter()
        .map(|line| width(&line.name))
        .max()
        .unwrap_or(0);
    let mut text = wrap(heading);
    for line in lines {
        let entry = format!("  {:<name_width$} {}", line.name, line.text);
        text.push_str(&wrap_under(&entry, name_width + 3));
    }
    text
}

/// One mode's summary in Markdown.
fn markdown_summary(summary: &Summary) -> String {
    let mut text = format!(
        "## At a glance: {}\n\n{}\n\n",
        summary.heading.trim_end_matches('.'),
        summary.legend
    );
    text.push_str(&markdown_table(summary));
    text.push('\n');
    for note in &summary.notes {
        text.push_str(&format!("\n{note}\n"));
    }
    text.push_str(&markdown_list(
        &gaps_heading(&summary.baseline),
        &summary.gaps,
    ));
    if !summary.gains.is_empty() {
        text.push_str(&markdown_list(
            &gains_heading(&summary.baseline),
            &summary.gains,
        ));
    }
    text
}

/// The table in Markdown: the ladder's rows under a row with its label.
fn markdown_table(summary: &Summary) -> String {
    let mut builder = Builder::default();
    builder.push_record(
        std::iter::once("solver".to_owned())
            .chain(summary.sizes.iter().map(|n| format!("n = {n}"))),
    );
    let record = |row: &Row| {
        let mut record = vec![row.label.clone()];
        record.extend(row.cells.iter().cloned());
        record
    };
    for row in &summary.solvers {
        builder.push_record(record(row));
    }
    if !summary.steps.is_empty() {
        let label = format!("*{}*", LADDER_LABEL.trim_end_matches(':'));
        builder
            .push_record(std::iter::once(label).chain(summary.sizes.iter().map(|_| String::new())));
        for row in &summary.steps {
            builder.push_record(record(row));
        }
    }
    let mut table = builder.build();
    table.with(Style::markdown());
    table.to_string()
}

/// A list in Markdown.
fn markdown_list(heading: &str, lines: &[Line]) -> String {
    let mut text = format!("\n{heading}\n\n");
    for line in lines {
        text.push_str(&format!("- `{}`: {}\n", line.name, line.text));
    }
    text
}

/// The width of `text` on a terminal, one column per character (the
/// summary writes no wide characters).
fn width(text: &str) -> usize {
    text.chars().count()
}

/// `text` broken at spaces into lines of at most [`WIDTH`] columns, each
/// ending in a newline; a word longer than that keeps its own line.
fn wrap(text: &str) -> String {
    wrap_under(text, 0)
}

/// [`wrap`], each line after the first indented by `indent` spaces. The
/// spaces that lead the first line are kept: they are its indentation.
fn wrap_under(text: &str, indent: usize) -> String {
    let lead = text.len() - text.trim_start_matches(' ').len();
    let mut wrapped = String::new();
    let mut line = " ".repeat(lead);
    let mut empty = true;
    for word in text[lead..].split(' ') {
        if !empty && width(&line) + 1 + width(word) > WIDTH {
            wrapped.push_str(&line);
            wrapped.push('\n');
            line = " ".repeat(indent);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    wrapped.push_str(&line);
    wrapped.push('\n');
    wrapped
}

/// The plural ending for `count` things.
fn plural(count: u32) -> &'static str {
    if count == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use queens_bitboard::Step;

    use super::*;
    use crate::compare::fixture;

    /// The terminal summary's lines.
    fn lines(report: &Report) -> Vec<String> {
        terminal(report, false).lines().map(str::to_owned).collect()
    }

    #[test]
    fn the_default_summary_fits_one_screen() {
        let lines = lines(&fixture::report(14));
        // A terminal of 50 rows, less the command's and the prompt's.
        assert!(
            lines.len() <= 48,
            "{} lines:\n{}",
            lines.len(),
            lines.join("\n")
        );
        for line in &lines {
            assert!(width(line) <= WIDTH, "{} columns: {line}", width(line));
        }
    }

    #[test]
    fn the_table_names_its_baseline_and_shows_times_ratios_and_skips() {
        let lines = lines(&fixture::report(14));
        let text = lines.join("\n");
        assert!(
            text.contains(
                "count every solution, n = 6..=14: times as fast as lookup (seeds 003, 004), \
                 the baseline."
            ),
            "{text}"
        );
        let row = |label: &str| {
            lines
                .iter()
                .find(|line| line.starts_with(&format!("{label} ")))
                .unwrap_or_else(|| panic!("no row {label}:\n{text}"))
                .split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<String>>()
        };
        assert_eq!(
            row("n ="),
            ["n", "=", "6", "7", "8", "9", "10", "11", "12", "13", "14"]
        );
        // naive: 100,000 times lookup's time, then past the time limit.
        assert_eq!(
            row("naive"),
            [
                "naive",
                "1/100,000",
                "1/100,000",
                "—",
                "—",
                "—",
                "—",
                "—",
                "—",
                "—"
            ]
        );
        // lookup's own row: its times, a microsecond five times more per size.
        assert_eq!(row("lookup")[1..4], ["1.00", "µs", "5.00"]);
        assert_eq!(row("lookup")[17..], ["391", "ms"]);
        assert!(row("bitboard")[1..].iter().all(|cell| cell == "3.0×"));
        assert!(
            text.contains("— skipped: past the 2.00 s time limit per search"),
            "{text}"
        );
    }

    #[test]
    fn the_ladder_sits_under_its_label_below_the_solvers() {
        let lines = lines(&fixture::report(14));
        let label = lines
            .iter()
            .position(|line| line == LADDER_LABEL)
            .expect("the ladder's label");
        let steps = Step::ALL.len();
        let labels: Vec<&str> = lines[label + 1..=label + steps]
            .iter()
            .map(|line| line.split("  ").nth(1).unwrap_or_default())
            .collect();
        assert_eq!(labels, Step::ALL.map(Step::name));
        // The counters are 8, 16, ... 4,096 times as fast as lookup.
        let threads: Vec<&str> = lines[label + steps].split_whitespace().collect();
        assert_eq!(threads[2..], ["4,096×"; 9], "{}", lines[label + steps]);
        assert!(
            lines[label - 1].starts_with("bitboard "),
            "the solver's row above"
        );
    }

    #[test]
    fn each_solver_is_explained_against_the_baseline_by_a_statistic() {
        let text = terminal(&fixture::report(14), false);
        for expected in [
            "  naive       100,000× slower at n = 7: 1,000× more queens placed\n",
            "  permutation 50× slower at n = 11: 600× more queens placed\n",
            "  matrix      5.0× slower at n = 13: same queens and checks; \
             4.0× more cells read per check\n",
            "  bitboard    3.0× faster at n = 14: same queens, checks and reads; \
             3.0× less time per queen\n",
            "  counting walk  8.0× faster at n = 14: the bitboard's words walked without \
             branches, counting only\n",
            "  + threads      2.0× faster at n = 14: the frames as work units, on every core\n",
        ] {
            assert!(text.contains(expected), "{expected}\nnot in\n{text}");
        }
    }

    #[test]
    fn without_the_baseline_a_cell_shows_a_time_and_says_why() {
        let report = fixture::report(13);
        let text = terminal(&report, false);
        let bitboard = text
            .lines()
            .find(|line| line.starts_with("bitboard "))
            .unwrap();
        // At n = 14 a third of lookup's 391 ms.
        let cells: Vec<&str> = bitboard.split_whitespace().collect();
        assert_eq!(cells[8..], ["3.0×", "130", "ms"], "{bitboard}");
        assert!(
            text.contains("A time outside lookup's row: lookup did not finish that board"),
            "{text}"
        );
        assert!(
            text.contains("  bitboard    3.0× faster at n = 13: "),
            "{text}"
        );
        // The first step has no baseline at n = 14, so its gain is from n = 13.
        assert!(
            text.contains("  counting walk  8.0× faster at n = 13: "),
            "{text}"
        );
    }

    #[test]
    fn the_markdown_summary_holds_the_same_rows_and_no_figures_of_the_full_tables() {
        let markdown = markdown(&fixture::report(14));
        assert!(
            markdown.starts_with("## At a glance: count every solution, n = 6..=14: "),
            "{markdown}"
        );
        assert!(
            markdown.contains("| *bitboard counters, each step one technique more* |"),
            "{markdown}"
        );
        assert!(markdown.contains("| + threads  "), "{markdown}");
        assert!(
            markdown.contains("- `+ mirror`: 2.0× faster at n = 14: only the left half"),
            "{markdown}"
        );
    }

    #[test]
    fn the_large_first_boards_show_where_backtracking_stops_and_the_one_finders_go_on() {
        let report = fixture::large_report();
        let text = terminal(&report, false);
        let row = |label: &str| -> Vec<String> {
            text.lines()
                .find(|line| line.starts_with(&format!("{label} ")))
                .unwrap_or_else(|| panic!("no row {label}:\n{text}"))
                .split_whitespace()
                .map(str::to_owned)
                .collect()
        };
        assert!(
            text.contains(
                "find the first solution, n = 8,16,32,64,1000,100000,1000000: times as fast as \
                 lookup"
            ),
            "{text}"
        );
        // lookup: 1 ms per column up to n = 32, then past the time limit (64)
        // and past its 64-column arrays (1,000 and up).
        assert_eq!(
            row("lookup"),
            [
                "lookup", "8.00", "ms", "16.0", "ms", "32.0", "ms", "—", "—", "—", "—"
            ]
        );
        assert_eq!(row("bitboard")[4..], ["—", "—", "—", "—"]);
        // The construction: 1 ns per queen, a millionth of lookup's time,
        // then its own times where lookup has none.
        assert_eq!(
            row("construct"),
            [
                "construct",
                "1,000,000×",
                "1,000,000×",
                "1,000,000×",
                "64.0",
                "ns",
                "1.00",
                "µs",
                "100",
                "µs",
                "1.00",
                "ms"
            ]
        );
        assert_eq!(row("min-conflicts")[1], "50,000×");
        assert_eq!(
            row("min-conflicts")[row("min-conflicts").len() - 2..],
            ["20.0", "ms"]
        );
        assert!(
            text.contains(
                "— skipped: past the 2.00 s time limit per search, or a board larger than the \
                 solver accepts"
            ),
            "{text}"
        );
        for expected in [
            "  construct     1,000,000× faster at n = 32: 1,000× fewer queens placed; alone it \
             goes on to n =\n                1,000,000\n",
            "  min-conflicts 50,000× faster at n = 32: 500× fewer queens placed; alone it goes \
             on to n =\n                1,000,000\n",
            "  naive         1.0× faster at n = 8: same queens, checks and cells read",
        ] {
            assert!(text.contains(expected), "{expected}\nnot in\n{text}");
        }
        assert!(text.contains("; --details prints every figure."), "{text}");
    }

    #[test]
    fn long_lines_wrap_under_their_text() {
        let long = format!("  name  {}", "word ".repeat(30).trim_end());
        let wrapped = wrap_under(&long, 8);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert_eq!(lines.len(), 2, "{wrapped}");
        assert!(lines[0].starts_with("  name  word word"), "{wrapped}");
        assert_eq!(width(lines[0]), 97);
        assert!(lines[1].starts_with("        word"), "{wrapped}");
        assert_eq!(wrap("short"), "short\n");
    }
}
