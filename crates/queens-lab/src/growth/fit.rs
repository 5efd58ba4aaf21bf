//! Growth rates: how many times longer a count takes, and how many times
//! more solutions there are, for each extra queen.
//!
//! A count's time grows about geometrically with n, so ln(time) is about a
//! straight line in n; its least-squares slope `b` gives the rate `e^b`, the
//! factor per extra queen. The fit uses a solver's largest sizes only,
//! where the search dominates the fixed costs (starting threads, the first
//! call) that flatten the curve on small boards.

/// The sizes a rate is fitted over: a solver's largest this many.
pub const FIT_SIZES: usize = 5;
/// ... that took at least this long, in seconds: below a millisecond the
/// fixed costs are a visible part of the time.
pub const FIT_FLOOR: f64 = 1e-3;
/// A rate needs at least this many sizes: through two points any line fits
/// exactly, so the third is the first that can disagree.
pub const FIT_LEAST: usize = 3;

/// The factor per step of `x` of the geometric curve that fits `points`
/// (x, y) best in the least-squares sense on a log scale: `e^b` for the
/// slope `b` of ln(y) against x. `None` without two distinct x, or when a
/// y is not positive (a log scale has no room for it).
pub fn rate(points: &[(usize, f64)]) -> Option<f64> {
    if points
        .iter()
        .any(|&(_, y)| y.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater))
    {
        return None;
    }
    let count = points.len() as f64;
    let mean_x = points.iter().map(|&(x, _)| x as f64).sum::<f64>() / count;
    let mean_y = points.iter().map(|&(_, y)| y.ln()).sum::<f64>() / count;
    let (covariance, variance) = points.iter().fold((0.0, 0.0), |(cov, var), &(x, y)| {
        let dx = x as f64 - mean_x;
        (cov + dx * (y.ln() - mean_y), var + dx * dx)
    });
    (variance > 0.0).then(|| (covariance / variance).exp())
}

/// The sizes of `times` (n, seconds) a rate is fitted over: the largest
/// [`FIT_SIZES`] that took at least [`FIT_FLOOR`], smallest first; `None`
/// when fewer than [`FIT_LEAST`] did.
pub fn fitted_sizes(times: &[(usize, f64)]) -> Option<Vec<usize>> {
    let mut sizes: Vec<usize> = times
        .iter()
        .filter(|&&(_, seconds)| seconds >= FIT_FLOOR)
        .map(|&(n, _)| n)
        .collect();
    sizes.sort_unstable();
    let sizes = sizes.split_off(sizes.len().saturating_sub(FIT_SIZES));
    (sizes.len() >= FIT_LEAST).then_some(sizes)
}

/// A growth factor per extra queen, as the page writes it: `×5.62`.
pub fn factor(value: f64) -> String {
    format!("×{value:.2}")
}

/// The points of `values` (n, value) whose n is one of `sizes`.
pub fn at(values: &[(usize, f64)], sizes: &[usize]) -> Vec<(usize, f64)> {
    values
        .iter()
        .copied()
        .filter(|(n, _)| sizes.contains(n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exact_geometric_curve_gives_its_factor() {
        let points: Vec<(usize, f64)> = (10..15).map(|n| (n, 3.0 * 6f64.powi(n as i32))).collect();
        let factor = rate(&points).unwrap();
        assert!((factor - 6.0).abs() < 1e-9, "{factor}");
    }

    #[test]
    fn scattered_points_give_the_least_squares_slope() {
        // ln y = 0, ln 2, ln 2, ln 8 at x = 0..4: the least-squares slope is
        // Σ dx·ln y / Σ dx² = (−1.5·0 − 0.5·ln 2 + 0.5·ln 2 + 1.5·3 ln 2) / 5
        // = 0.9 ln 2, so the factor is 2^0.9.
        let points = [(0, 1.0), (1, 2.0), (2, 2.0), (3, 8.0)];
        let factor = rate(&points).unwrap();
        assert!((factor - 2f64.powf(0.9)).abs() < 1e-12, "{factor}");
    }

    #[test]
    fn no_rate_without_two_sizes_or_with_a_zero() {
        assert_eq!(rate(&[(5, 1.0)]), None);
        assert_eq!(rate(&[(5, 1.0), (5, 2.0)]), None);
        assert_eq!(rate(&[(5, 1.0), (6, 0.0)]), None);
        assert_eq!(rate(&[]), None);
    }

    #[test]
    fn the_fit_takes_the_largest_sizes_past_a_millisecond() {
        let times: Vec<(usize, f64)> = (4..=12)
            .map(|n| (n, 1e-6 * 4f64.powi(n as i32 - 4)))
            .collect();
        // n = 9 takes 1.02 ms, the first past the floor; n = 8..=12 would be
        // five, but n = 8 takes 0.26 ms.
        assert_eq!(fitted_sizes(&times), Some(vec![9, 10, 11, 12]));
        let longer: Vec<(usize, f64)> = times.iter().map(|&(n, s)| (n, s * 100.0)).collect();
        assert_eq!(fitted_sizes(&longer), Some(vec![8, 9, 10, 11, 12]));
        assert_eq!(
            fitted_sizes(&times[..7]),
            None,
            "n = 9 and 10 alone are too few"
        );
        assert_eq!(at(&times, &[5, 6]), vec![times[1], times[2]]);
    }
}
