//! Numbers for people: durations in the unit that suits them (the
//! model's, as every tool writes them) and ratios written the way the
//! verdicts say them.

use queens_core::format::thousands;

/// A duration in seconds for people, as every tool writes one.
pub use queens_core::format::duration as seconds;

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
    fn ratios_read_like_the_verdicts() {
        assert_eq!(ratio(9.14), "9.1×");
        assert_eq!(ratio(34.4), "34×");
        assert_eq!(ratio(1250.2), "1,250×");
        assert_eq!(count(85_900_584), "85,900,584");
    }
}
