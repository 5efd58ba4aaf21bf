//! The plot of a comparison, as SVG: on the left the median time of one
//! search against n on a log scale, one line per solver and, in count mode,
//! one per step of the counters' ladder; on the right the
//! work, queens placed (solid) and reads (dashed), against n, also on a
//! log scale, in the same colours. It is drawn as every plot is, by
//! [`crate::plotting`].

use plotters::chart::SeriesLabelPosition;

use super::report::{CompareMode, Finished, Ladder, ModeTable, Outcome, Report};
use crate::error::Error;
use crate::plotting::{self, Axes, Panel, colour, legend, line, short_count, y_range};
use crate::units;

/// The plot of the first table of `report`, as an SVG document.
pub fn svg(report: &Report) -> Result<String, Error> {
    plotting::svg(|left, right| match report.tables.first() {
        Some(table) => {
            draw_times(left, report, table)?;
            draw_work(right, report, table)
        }
        None => Ok(()),
    })
}

/// The points (n, value) of solver `index` in `table`, for the cells that
/// finished with a positive value (a log scale has no room for zero).
fn points(table: &ModeTable, index: usize, value: impl Fn(&Finished) -> f64) -> Vec<(i32, f64)> {
    table
        .rows
        .iter()
        .filter_map(|row| match &row.cells.get(index)?.outcome {
            Outcome::Finished(finished) => {
                let n = i32::try_from(row.n).ok()?;
                Some((n, value(finished))).filter(|&(_, value)| value > 0.0)
            }
            Outcome::Skipped { .. } => None,
        })
        .collect()
}

/// The board sizes on the x axis, widened when there is only one.
fn x_range(report: &Report) -> std::ops::Range<i32> {
    let size = |n: Option<&usize>| n.and_then(|&n| i32::try_from(n).ok()).unwrap_or(0);
    let (low, high) = (size(report.sizes.first()), size(report.sizes.last()));
    if low < high {
        low..high
    } else {
        low - 1..high + 1
    }
}

/// The left panel: median time of one search against n.
fn draw_times(panel: &Panel<'_>, report: &Report, table: &ModeTable) -> Result<(), Error> {
    let mut series: Vec<(String, Vec<(i32, f64)>)> = report
        .solvers
        .iter()
        .enumerate()
        .map(|(index, solver)| {
            let points = points(table, index, |finished| finished.median_seconds);
            (solver.name.clone(), points)
        })
        .collect();
    if let Some(ladder) = report
        .ladder
        .as_ref()
        .filter(|_| table.mode == CompareMode::Count)
    {
        series.extend(ladder_series(ladder));
    }
    let y = y_range(
        series
            .iter()
            .flat_map(|(_, points)| points)
            .map(|point| point.1),
        (1e-9, 1.0),
    );
    let caption = format!("{}: median time of one search", table.mode.name());
    let axes = Axes {
        x: x_range(report),
        y,
        y_desc: Some("time (log scale)"),
        label: &|seconds| units::seconds(*seconds),
    };
    let mut chart = plotting::chart(panel, &caption, &axes)?;
    for (index, (name, points)) in series.into_iter().enumerate() {
        if !points.is_empty() {
            line(&mut chart, points, colour(index), false, Some(name))?;
        }
    }
    legend(&mut chart, SeriesLabelPosition::UpperLeft)
}

/// The median times of each step of the ladder, named for the legend.
fn ladder_series(ladder: &Ladder) -> Vec<(String, Vec<(i32, f64)>)> {
    ladder
        .steps
        .iter()
        .enumerate()
        .map(|(index, step)| {
            let points = ladder
                .rows
                .iter()
                .filter_map(|row| {
                    let counted = row.cells.get(index)?.outcome.finished()?;
                    let n = i32::try_from(row.n).ok()?;
                    Some((n, counted.median_seconds)).filter(|&(_, seconds)| seconds > 0.0)
                })
                .collect();
            (step.name.clone(), points)
        })
        .collect()
}

/// The right panel: queens placed (solid) and reads (dashed) against n, the
/// reads named by their unit, or said to be of two ([`reads_caption`]).
fn draw_work(panel: &Panel<'_>, report: &Report, table: &ModeTable) -> Result<(), Error> {
    let placed: Vec<Vec<(i32, f64)>> = (0..report.solvers.len())
        .map(|index| {
            points(table, index, |finished| {
                finished.figures.queens_placed as f64
            })
        })
        .collect();
    let read: Vec<Vec<(i32, f64)>> = (0..report.solvers.len())
        .map(|index| points(table, index, |finished| finished.figures.reads as f64))
        .collect();
    let y = y_range(
        placed.iter().chain(&read).flatten().map(|point| point.1),
        (1.0, 1e6),
    );
    let axes = Axes {
        x: x_range(report),
        y,
        y_desc: Some("count (log scale)"),
        label: &|count| short_count(*count),
    };
    let caption = format!("queens placed (solid), {} (dashed)", reads_caption(report));
    let mut chart = plotting::chart(panel, &caption, &axes)?;
    for (index, (placed, read)) in placed.into_iter().zip(read).enumerate() {
        line(&mut chart, placed, colour(index), false, None)?;
        line(&mut chart, read, colour(index), true, None)?;
    }
    Ok(())
}

/// What the dashed lines count: `cells read` when every solver reads cells,
/// `reads in cells or words` when the bitboard's words are among them.
fn reads_caption(report: &Report) -> String {
    report.read_unit().map_or_else(
        || "reads in cells or words".to_owned(),
        |unit| unit.noun().to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use plotters::style::RGBColor;
    use queens_bitboard::Step;

    use super::*;
    use crate::plotting::SIZE;

    use crate::compare::agenda::Agenda;

    /// The stroke colour plotters writes for `colour`.
    fn hex(colour: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2)
    }

    #[test]
    fn the_plot_is_svg_with_one_series_per_solver_and_step() {
        let solvers = queens_solvers::FINDS_ALL.to_vec();
        let report = crate::compare::measure::compare(&Agenda {
            solvers: solvers.clone(),
            sizes: vec![4, 5, 6],
            modes: vec![CompareMode::Count],
            ladder: Step::ALL.to_vec(),
            runs: 1,
            time_limit: Duration::from_secs(2),
        });
        let svg = svg(&report).unwrap();
        let document = roxmltree::Document::parse(&svg).expect("the plot parses as XML");
        assert_eq!(document.root_element().tag_name().name(), "svg");

        // The time panel is the left half. Each solver has exactly two lines
        // of its colour there: its series and its key in the legend.
        let half = f64::from(SIZE.0 / 2);
        let in_time_panel = |node: &roxmltree::Node<'_, '_>| {
            node.attribute("points").is_some_and(|points| {
                points.split_whitespace().all(|point| {
                    point
                        .split(',')
                        .next()
                        .and_then(|x| x.parse::<f64>().ok())
                        .is_some_and(|x| x < half)
                })
            })
        };
        let lines: Vec<roxmltree::Node<'_, '_>> = document
            .descendants()
            .filter(|node| node.has_tag_name("polyline") && in_time_panel(node))
            .collect();
        for (index, solver) in solvers.iter().enumerate() {
            let stroke = hex(colour(index));
            let series: Vec<_> = lines
                .iter()
                .filter(|line| line.attribute("stroke") == Some(stroke.as_str()))
                .collect();
            assert_eq!(series.len(), 2, "{} ({stroke})", solver.info().name);
            // The series has a point per board size; the key has two.
            let points = |line: &roxmltree::Node<'_, '_>| {
                line.attribute("points")
                    .map_or(0, |points| points.split_whitespace().count())
            };
            assert!(
                series.iter().any(|line| points(line) == 3),
                "{}",
                solver.info().name
            );
        }
        // The legend names every solver once, and no other series is drawn.
        let texts: Vec<&str> = document
            .descendants()
            .filter(|node| node.has_tag_name("text"))
            .filter_map(|node| node.text())
            .map(str::trim)
            .collect();
        for solver in &solvers {
            let name = solver.info().name;
            assert_eq!(
                texts.iter().filter(|&&text| text == name).count(),
                1,
                "{name}"
            );
        }
        // Each step of the ladder has a series and a key of its own colour.
        for (step, index) in Step::ALL.iter().zip(solvers.len()..) {
            let stroke = hex(colour(index));
            let count = lines
                .iter()
                .filter(|line| line.attribute("stroke") == Some(stroke.as_str()))
                .count();
            assert_eq!(count, 2, "{}", step.name());
        }
        for name in ["counting walk", "+ mirror", "+ symmetry", "+ threads"] {
            assert!(texts.contains(&name), "{name} in {texts:?}");
        }
        let coloured = lines
            .iter()
            .filter(|line| line.attribute("stroke") != Some("#000000"))
            .count();
        assert_eq!(coloured, 2 * (solvers.len() + Step::ALL.len()));
    }
}
