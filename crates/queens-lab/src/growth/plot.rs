//! `docs/growth.svg`: on the left the time to count every solution against
//! n on a log scale, a solid line per registered solver and a dashed one
//! per step of the ladder; on the right the counts themselves, every
//! solution and the fundamental ones, on a log scale too. On a log scale a
//! constant rate per extra queen is a straight line, and two lines that
//! differ by a constant factor are parallel.
//!
//! Drawn as compare's plot is, by [`crate::plotting`], in the same colours.

use std::ops::Range;

use plotters::chart::SeriesLabelPosition;
use plotters::style::BLACK;
use queens_core::oeis;

use super::model::{Counter, FROM, Growth};
use crate::error::Error;
use crate::plotting::{self, Axes, Panel, colour, legend, line, short_count, y_range};
use crate::units;

/// The plot of `growth`, as an SVG document.
pub fn svg(growth: &Growth) -> Result<String, Error> {
    plotting::svg(|left, right| {
        draw_times(left, growth)?;
        draw_counts(right, growth)
    })
}

/// The board sizes along the bottom: from 4 to the largest board.
fn sizes(growth: &Growth) -> Range<i32> {
    axis(FROM)..axis(growth.to)
}

/// A board size as the x axis takes it (every size here is at most 27).
fn axis(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// The left panel: one line per series, its key in the legend at the
/// bottom right, which every line leaves as it rises.
fn draw_times(panel: &Panel<'_>, growth: &Growth) -> Result<(), Error> {
    let seconds = growth
        .series
        .iter()
        .flat_map(|series| &series.times)
        .map(|point| point.1);
    let axes = Axes {
        x: sizes(growth),
        y: y_range(seconds, (1e-6, 1.0)),
        y_desc: None,
        label: &|seconds| units::seconds(*seconds),
    };
    let mut chart = plotting::chart(panel, "time to count every solution", &axes)?;
    for (index, series) in growth.series.iter().enumerate() {
        let points: Vec<(i32, f64)> = series.times.iter().map(|&(n, s)| (axis(n), s)).collect();
        let dashed = matches!(series.counter, Counter::Step(_));
        let key = Some(series.counter.label());
        line(&mut chart, points, colour(index), dashed, key)?;
    }
    legend(&mut chart, SeriesLabelPosition::LowerRight)
}

/// The right panel: every solution (solid) and the fundamental ones
/// (dashed), from OEIS, which every count above was checked against.
fn draw_counts(panel: &Panel<'_>, growth: &Growth) -> Result<(), Error> {
    let known = |count: fn(usize) -> Option<u64>| -> Vec<(i32, f64)> {
        (FROM..=growth.to)
            .filter_map(|n| Some((axis(n), count(n)? as f64)))
            .collect()
    };
    let (all, fundamental) = (known(oeis::solution_count), known(oeis::fundamental_count));
    let axes = Axes {
        x: sizes(growth),
        y: y_range(
            all.iter().chain(&fundamental).map(|point| point.1),
            (1.0, 1e9),
        ),
        y_desc: None,
        label: &|count| short_count(*count),
    };
    let caption = "solutions (solid), fundamental (dashed)";
    let mut chart = plotting::chart(panel, caption, &axes)?;
    line(&mut chart, all, BLACK, false, None)?;
    line(&mut chart, fundamental, BLACK, true, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::growth::model::Series;
    use crate::machine::Machine;

    #[test]
    fn the_plot_has_a_line_and_a_key_per_series() {
        let series = Counter::all()
            .into_iter()
            .map(|counter| Series {
                counter,
                times: vec![(4, 1e-6), (5, 4e-6), (6, 2e-5)],
                placed: Vec::new(),
                fitted: None,
                stop: None,
            })
            .collect();
        let growth = Growth {
            machine: Machine::detect(),
            to: 8,
            series,
            trees: Vec::new(),
            others: crate::others::Others::default(),
        };
        let svg = svg(&growth).unwrap();
        let document = roxmltree::Document::parse(&svg).expect("the plot parses as XML");
        let texts: Vec<&str> = document
            .descendants()
            .filter(|node| node.has_tag_name("text"))
            .filter_map(|node| node.text())
            .map(str::trim)
            .collect();
        for counter in Counter::all() {
            let label = counter.label();
            assert_eq!(
                texts.iter().filter(|&&text| text == label).count(),
                1,
                "{label}"
            );
        }
    }
}
