//! Numbers for people: durations in the unit that suits them and ratios
//! written the way the verdicts say them.

use queens_core::format::thousands;

/// A duration in seconds, with three significant digits in the unit that
/// suits it: `3.21 ns`, `789 µs`, `45.6 ms`, `1.23 s`, and for the lengths
/// that predictions reach, `36.3 min`, `4.20 h`, `1.64 days`, `27.0 years`.
pub fn seconds(value: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 60.0 * MINUTE;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    let (scaled, unit) = if value >= YEAR {
        (value / YEAR, "years")
    } else if value >= DAY {
        (value / DAY, "days")
    } else if value >= HOUR {
        (value / HOUR, "h")
    } else if value >= MINUTE {
        (value / MINUTE, "min")
    } else if value >= 1.0 {
        (value, "s")
    } else if value >= 1e-3 {
        (value * 1e3, "ms")
    } else if value >= 1e-6 {
        (value * 1e6, "µs")
    } else {
        (value * 1e9, "ns")
    };
    if scaled >= 1e6 {
        return format!("{scaled:.1e} {unit}");
    }
    if scaled >= 1000.0 {
        return format!("{} {unit}", thousands(scaled.round() as u128));
    }
    // Three significant digits after rounding: 99.96 is "100", not "100.0".
    let decimals = if scaled >= 99.95 {
        0
    } else if scaled >= 9.995 {
        1
    } else {
        2
    };
    format!("{scaled:.decimals$} {unit}")
}

/// A ratio such as `9.1×`, `34×` or `1,250×`.
pub fn ratio(value: f64) -> String {
    if value >= 100.0 {
        format!("{}×", thousands(value.round() as u128))
    } else if value >= 10.0 {
        format!("{value:.0}×")
    } else {
        format!("{value:.1}×")
    }
}

/// A count with thousands separators.
pub fn count(value: u64) -> String {
    thousands(u128::from(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(seconds(1.234), "1.23 s");
        assert_eq!(seconds(0.0456), "45.6 ms");
        assert_eq!(seconds(0.000_789), "789 µs");
        assert_eq!(seconds(3.21e-9), "3.21 ns");
        assert_eq!(seconds(59.0), "59.0 s");
        assert_eq!(seconds(99.999_999e-6), "100 µs");
        assert_eq!(seconds(9.999e-3), "10.0 ms");
        assert_eq!(seconds(2178.0), "36.3 min");
        assert_eq!(seconds(142_111.0), "1.64 days");
        assert_eq!(seconds(850_677_182.0), "27.0 years");
        assert_eq!(seconds(3.0e13), "950,643 years");
        assert_eq!(seconds(1.9e34), "6.0e26 years");
    }

    #[test]
    fn ratios_read_like_the_verdicts() {
        assert_eq!(ratio(9.14), "9.1×");
        assert_eq!(ratio(34.4), "34×");
        assert_eq!(ratio(1250.2), "1,250×");
        assert_eq!(count(85_900_584), "85,900,584");
    }
}
