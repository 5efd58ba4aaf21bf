//! `docs/growth.svg`: on the left the time to count every solution against
//! n on a log scale, a solid line per registered solver and a dashed one
//! per step of the ladder; on the right the counts themselves, every
//! solution and the fundamental ones, on a log scale too. On a log scale a
//! constant rate per extra queen is a straight line, and two lines that
//! differ by a constant factor are parallel.
//!
//! Drawn as compare's plot is ([`crate::compare::plot`]): plotters' SVG
//! backend without fonts, in the same colours.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordi32;
use plotters::prelude::*;
use queens_core::oeis;

use super::model::{Counter, FROM, Growth};
use crate::error::Error;
use crate::plotting::{SIZE, colour, failed, short_count, y_range};
use crate::units;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type LogChart<'a, 'b> =
    ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordi32, LogCoord<f64>>>;

/// The plot of `growth`, as an SVG document.
pub fn svg(growth: &Growth) -> Result<String, Error> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let (left, right) = root.split_horizontally(SIZE.0 / 2);
        draw_times(&left, growth)?;
        draw_counts(&right, growth)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// A panel's chart: captioned, n from 4 to the largest board along the
/// bottom, `y` on a log scale up the side, labelled by `label`.
fn chart<'a, 'b>(
    area: &'a Area<'b>,
    caption: &str,
    growth: &Growth,
    y: Range<f64>,
    label: &dyn Fn(&f64) -> String,
) -> Result<LogChart<'a, 'b>, Error> {
    let x = axis(FROM)..axis(growth.to);
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(x, y.log_scale())
        .map_err(failed)?;
    chart
        .configure_mesh()
        .x_desc("n")
        .y_label_formatter(label)
        .draw()
        .map_err(failed)?;
    Ok(chart)
}

/// A board size as the x axis takes it (every size here is at most 27).
fn axis(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// The left panel: one line per series, its key in the legend at the
/// bottom right, which every line leaves as it rises.
fn draw_times(area: &Area<'_>, growth: &Growth) -> Result<(), Error> {
    let seconds = growth
        .series
        .iter()
        .flat_map(|series| &series.times)
        .map(|point| point.1);
    let y = y_range(seconds, (1e-6, 1.0));
    let label = |seconds: &f64| units::seconds(*seconds);
    let mut chart = chart(area, "time to count every solution", growth, y, &label)?;
    for (index, series) in growth.series.iter().enumerate() {
        let points: Vec<(i32, f64)> = series.times.iter().map(|&(n, s)| (axis(n), s)).collect();
        let style = colour(index).stroke_width(2);
        let legend = move |(x, y): (i32, i32)| PathElement::new(vec![(x, y), (x + 20, y)], style);
        let drawn = match series.counter {
            Counter::Solver(_) => chart.draw_series(LineSeries::new(points.clone(), style)),
            Counter::Step(_) => {
                chart.draw_series(DashedLineSeries::new(points.clone(), 6, 4, style))
            }
        };
        drawn
            .map_err(failed)?
            .label(series.counter.label())
            .legend(legend);
        chart
            .draw_series(
                points
                    .into_iter()
                    .map(|point| Circle::new(point, 3, colour(index).filled())),
            )
            .map_err(failed)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(failed)
}

/// The right panel: every solution (solid) and the fundamental ones
/// (dashed), from OEIS, which every count above was checked against.
fn draw_counts(area: &Area<'_>, growth: &Growth) -> Result<(), Error> {
    let known = |count: fn(usize) -> Option<u64>| -> Vec<(i32, f64)> {
        (FROM..=growth.to)
            .filter_map(|n| Some((axis(n), count(n)? as f64)))
            .collect()
    };
    let (all, fundamental) = (known(oeis::solution_count), known(oeis::fundamental_count));
    let y = y_range(
        all.iter().chain(&fundamental).map(|point| point.1),
        (1.0, 1e9),
    );
    let label = |count: &f64| short_count(*count);
    let caption = "solutions (solid), fundamental (dashed)";
    let mut chart = chart(area, caption, growth, y, &label)?;
    let style = BLACK.stroke_width(2);
    chart
        .draw_series(LineSeries::new(all, style))
        .map_err(failed)?;
    chart
        .draw_series(DashedLineSeries::new(fundamental, 6, 4, style))
        .map_err(failed)?;
    Ok(())
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
            load: [None, None],
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
