//! A span of time for people: three significant digits in the unit that
//! suits it, from nanoseconds for a search of four queens to years for a
//! count of twenty-seven.

use queens_core::format::thousands;

/// `seconds` with three significant digits in the unit that suits it:
/// `3.21 ns`, `789 µs`, `45.6 ms`, `1.23 s`, and for the lengths that
/// estimates reach, `36.3 min`, `4.20 h`, `1.64 days`, `27.0 years`.
pub fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 60.0 * MINUTE;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    let (scaled, unit) = if seconds >= YEAR {
        (seconds / YEAR, "years")
    } else if seconds >= DAY {
        (seconds / DAY, "days")
    } else if seconds >= HOUR {
        (seconds / HOUR, "h")
    } else if seconds >= MINUTE {
        (seconds / MINUTE, "min")
    } else if seconds >= 1.0 {
        (seconds, "s")
    } else if seconds >= 1e-3 {
        (seconds * 1e3, "ms")
    } else if seconds >= 1e-6 {
        (seconds * 1e6, "µs")
    } else {
        (seconds * 1e9, "ns")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(duration(99.999_999e-6), "100 µs");
        assert_eq!(duration(9.999e-3), "10.0 ms");
        assert_eq!(duration(142_111.0), "1.64 days");
        assert_eq!(duration(3.21e-9), "3.21 ns");
        assert_eq!(duration(789e-6), "789 µs");
        assert_eq!(duration(0.0456), "45.6 ms");
        assert_eq!(duration(1.234), "1.23 s");
        assert_eq!(duration(99.96), "1.67 min");
        assert_eq!(duration(59.996), "60.0 s");
        assert_eq!(duration(2178.0), "36.3 min");
        assert_eq!(duration(4.2 * 3600.0), "4.20 h");
        assert_eq!(duration(27.0 * 365.25 * 86400.0), "27.0 years");
        assert_eq!(duration(5_190_000.0 * 365.25 * 86400.0), "5.2e6 years");
        assert_eq!(duration(1_234.0 * 365.25 * 86400.0), "1,234 years");
    }
}
