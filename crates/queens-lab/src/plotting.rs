//! What the plots of `compare` and `growth` share: the picture's size, the
//! colours of the series, a log scale's range, the axis labels of counts,
//! and the error of a drawing that failed. Both draw with plotters' SVG
//! backend, text as `<text>` elements, with no system fonts.

use std::fmt::Display;

use plotters::style::RGBColor;

use crate::Error;

/// Width and height of the whole picture, in pixels.
pub(crate) const SIZE: (u32, u32) = (1200, 520);

/// The colours of the series, one per solver in registry order, then one
/// per step of the ladder: six and seven, thirteen in all (Tableau 10,
/// which stays readable for the common forms of colour blindness, then
/// three of Tableau 20's lighter shades).
const PALETTE: [RGBColor; 13] = [
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

/// A drawing that failed, as a task's error.
pub(crate) fn failed(error: impl Display) -> Error {
    Error::Failed(format!("drawing the plot: {error}"))
}
