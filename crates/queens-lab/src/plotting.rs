//! The one chart every plot draws, `compare`'s and `growth`'s alike: two
//! panels side by side in one SVG picture, each with n along the bottom and
//! a value on a log scale up the side, a line per series in the palette's
//! colours, the keyed ones dotted and named in a legend. It is drawn with
//! plotters' SVG backend and no font feature: the backend writes every label
//! as an SVG `<text>` element and leaves the glyphs to the viewer, and
//! plotters' built-in size estimate lays the labels out, so no system font
//! is read at any point.

use std::fmt::Display;
use std::ops::Range;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordi32;
use plotters::prelude::*;

use crate::error::Error;

/// A panel of the picture.
pub(crate) type Panel<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// A panel's chart: n along the bottom, a value on a log scale up the side.
pub(crate) type LogChart<'a, 'b> =
    ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordi32, LogCoord<f64>>>;

/// The picture, its left and right panels filled by `draw`, as an SVG
/// document.
pub(crate) fn svg(
    draw: impl FnOnce(&Panel<'_>, &Panel<'_>) -> Result<(), Error>,
) -> Result<String, Error> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let (left, right) = root.split_horizontally(SIZE.0 / 2);
        draw(&left, &right)?;
        root.present().map_err(failed)?;
    }
    Ok(svg)
}

/// The axes of a panel: the range of n, the range of the values, and how
/// the value axis is described and labelled.
pub(crate) struct Axes<'l> {
    /// The board sizes along the bottom.
    pub(crate) x: Range<i32>,
    /// The values up the side, drawn on a log scale.
    pub(crate) y: Range<f64>,
    /// What the values are, written along the side, if anything.
    pub(crate) y_desc: Option<&'l str>,
    /// The label of a value on its axis.
    pub(crate) label: &'l dyn Fn(&f64) -> String,
}

/// A panel's chart under `caption`, its mesh drawn.
pub(crate) fn chart<'a, 'b>(
    panel: &'a Panel<'b>,
    caption: &str,
    axes: &Axes<'_>,
) -> Result<LogChart<'a, 'b>, Error> {
    let mut chart = ChartBuilder::on(panel)
        .caption(caption, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(axes.x.clone(), axes.y.clone().log_scale())
        .map_err(failed)?;
    let mut mesh = chart.configure_mesh();
    mesh.x_desc("n").y_label_formatter(axes.label);
    if let Some(y_desc) = axes.y_desc {
        mesh.y_desc(y_desc);
    }
    mesh.draw().map_err(failed)?;
    Ok(chart)
}

/// Draws one series in `colour`, solid or `dashed`; a series with a `key`
/// has a dot on each point and its key in the legend.
pub(crate) fn line(
    chart: &mut LogChart<'_, '_>,
    points: Vec<(i32, f64)>,
    colour: RGBColor,
    dashed: bool,
    key: Option<String>,
) -> Result<(), Error> {
    let style = colour.stroke_width(2);
    let drawn = if dashed {
        chart.draw_series(DashedLineSeries::new(points.clone(), 6, 4, style))
    } else {
        chart.draw_series(LineSeries::new(points.clone(), style))
    }
    .map_err(failed)?;
    let Some(key) = key else {
        return Ok(());
    };
    drawn
        .label(key)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
    chart
        .draw_series(
            points
                .into_iter()
                .map(|point| Circle::new(point, 3, colour.filled())),
        )
        .map_err(failed)?;
    Ok(())
}

/// The legend of the keyed series, at `position`.
pub(crate) fn legend<'b: 'a, 'a>(
    chart: &mut LogChart<'a, 'b>,
    position: SeriesLabelPosition,
) -> Result<(), Error> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(failed)
}

/// Width and height of the whole picture, in pixels.
pub(crate) const SIZE: (u32, u32) = (1200, 520);

/// The colours of the series, one per solver in registry order, then one
/// per step of the ladder: six and ten, sixteen in all (Tableau 10,
/// which stays readable for the common forms of colour blindness, then
/// six of Tableau 20's lighter shades).
const PALETTE: [RGBColor; 16] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(174, 199, 232),
    RGBColor(255, 187, 120),
    RGBColor(152, 223, 138),
    RGBColor(255, 152, 150),
    RGBColor(197, 176, 213),
    RGBColor(196, 156, 148),
];

/// The colour of the solver at `index` in the registry.
pub(crate) fn colour(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

/// A log-scale range holding every value, with room above and below.
pub(crate) fn y_range(
    values: impl Iterator<Item = f64>,
    empty: (f64, f64),
) -> std::ops::Range<f64> {
    let (low, high) = values.fold((f64::INFINITY, 0.0_f64), |(low, high), value| {
        (low.min(value), high.max(value))
    });
    if high > 0.0 {
        low / 2.0..high * 2.0
    } else {
        empty.0..empty.1
    }
}

/// An axis label for a count: `100`, `10k`, `1M`, `1G`.
pub(crate) fn short_count(count: f64) -> String {
    let (scaled, suffix) = if count >= 1e12 {
        (count / 1e12, "T")
    } else if count >= 1e9 {
        (count / 1e9, "G")
    } else if count >= 1e6 {
        (count / 1e6, "M")
    } else if count >= 1e3 {
        (count / 1e3, "k")
    } else {
        (count, "")
    };
    format!("{scaled:.0}{suffix}")
}

/// A drawing that failed, as an error.
fn failed(error: impl Display) -> Error {
    Error::Failed(format!("drawing the plot: {error}"))
}
