//! What the measuring tasks (`compare`, `growth`, `peers`) share, so that
//! none reaches into another's insides: how a timed run repeats a fast
//! search, the options they parse alike (runs, a time limit), and board
//! sizes written as `--n` reads them back.

use std::time::Duration;

/// A timed run repeats a fast search until the run lasts this long, then
/// divides, so that microsecond searches are not lost in the clock's noise.
const MIN_RUN: Duration = Duration::from_millis(20);

/// How many searches one timed run repeats, so that it lasts at least
/// [`MIN_RUN`] when one search takes `seconds`.
pub fn searches_per_run(seconds: f64) -> u64 {
    let wanted = (MIN_RUN.as_secs_f64() / seconds.max(1e-9)).ceil();
    (wanted as u64).clamp(1, 10_000_000)
}

/// The most timed runs a cell may ask for.
const MOST_RUNS: u32 = 1000;

/// The longest time limit, in seconds: a day.
const LONGEST_TIME_LIMIT: f64 = 86_400.0;

/// Parses a number of runs, from 1 to [`MOST_RUNS`].
pub fn parse_runs(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(0) => Err("--runs must be at least 1".to_owned()),
        Ok(runs) if runs > MOST_RUNS => Err(format!("--runs is at most {MOST_RUNS}")),
        Ok(runs) => Ok(runs),
        Err(_) => Err(format!("'{text}' is not a number of runs")),
    }
}

/// Parses a time limit: `2s`, `500ms` or `1.5` (seconds), up to a day.
pub fn parse_time_limit(text: &str) -> Result<Duration, String> {
    let (number, scale) = if let Some(millis) = text.strip_suffix("ms") {
        (millis, 1e-3)
    } else {
        (text.strip_suffix('s').unwrap_or(text), 1.0)
    };
    let seconds = number
        .trim()
        .parse::<f64>()
        .ok()
        .map(|value| value * scale)
        .filter(|seconds| seconds.is_finite() && *seconds > 0.0)
        .ok_or_else(|| {
            format!("'{text}' is not a time limit (a positive time such as 2s or 500ms)")
        })?;
    if seconds > LONGEST_TIME_LIMIT {
        return Err(format!("'{text}' is past a day, the longest time limit"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Increasing `sizes` in the notation `--n` reads back: runs of three or
/// more consecutive sizes as `a..=b`, the rest as a list.
pub fn describe(sizes: &[usize]) -> String {
    let mut runs: Vec<String> = Vec::new();
    let mut index = 0;
    while index < sizes.len() {
        let start = sizes[index];
        let mut end = start;
        while index + 1 < sizes.len() && sizes[index + 1] == end + 1 {
            index += 1;
            end += 1;
        }
        runs.push(if end > start + 1 {
            format!("{start}..={end}")
        } else if end == start + 1 {
            format!("{start},{end}")
        } else {
            start.to_string()
        });
        index += 1;
    }
    runs.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_and_runs_parse_or_say_why_not() {
        assert_eq!(parse_time_limit("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_time_limit("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_time_limit("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(
            parse_time_limit("0s"),
            Err("'0s' is not a time limit (a positive time such as 2s or 500ms)".into())
        );
        assert_eq!(parse_runs("5"), Ok(5));
        assert_eq!(parse_runs("0"), Err("--runs must be at least 1".into()));
        assert_eq!(parse_runs("1001"), Err("--runs is at most 1000".into()));
        assert_eq!(
            parse_time_limit("1e20"),
            Err("'1e20' is past a day, the longest time limit".into())
        );
    }

    #[test]
    fn a_fast_search_is_repeated_to_last_a_timed_run() {
        assert_eq!(searches_per_run(1.0), 1);
        assert_eq!(searches_per_run(0.001), 20);
        assert_eq!(searches_per_run(0.0), 10_000_000);
    }
}
