//! Estimates for people: a figure to the three significant digits an
//! estimate knows, and its relative error as a percentage.

use queens_core::format::thousands;

/// A positive estimate to three significant digits: `95,800,000`, or
/// `2.35e17` past a trillion.
pub fn approximately(value: f64) -> String {
    if value >= 1e12 {
        return format!("{value:.2e}");
    }
    if value < 0.01 && value > 0.0 {
        return format!("{value:.1e}");
    }
    if value < 1.0 {
        return format!("{value:.3}");
    }
    let digits = value.log10().floor() as i32;
    let scale = 10f64.powi((digits - 2).max(0));
    thousands(((value / scale).round() * scale) as u128)
}

/// `±5%`, or nothing when the estimate is exact (every unit timed or no
/// spread).
pub fn plus_minus(relative_error: f64) -> String {
    if relative_error == 0.0 {
        String::new()
    } else {
        format!(" ±{:.0}%", (relative_error * 100.0).max(1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_rounded_to_what_the_estimate_knows() {
        assert_eq!(approximately(95_815_104.0), "95,800,000");
        assert_eq!(approximately(2.349e17), "2.35e17");
        assert_eq!(approximately(0.5), "0.500");
        assert_eq!(approximately(0.000_22), "2.2e-4");
        assert_eq!(approximately(7.0), "7");
        assert_eq!(plus_minus(0.0), "");
        assert_eq!(plus_minus(0.042), " ±4%");
    }
}
