//! The board sizes of a comparison, as `--n` takes them: an inclusive range
//! `4..=12`, a half-open one `4..12`, one size `8`, or a comma-separated list
//! of any of these (`4,6,8`, `4..=6,10`).

use std::fmt;
use std::ops::RangeInclusive;

use crate::measuring::describe;

/// The board sizes compared when `--n` is not given, and on the generated
/// page. They start where the naive generator still finishes twice and end
/// where lookup, the baseline, still finishes within the default time limit,
/// past the n = 13 from which the ladder's threads outrun their start-up:
/// nine columns, which fit a terminal.
pub const DEFAULT_SIZES: RangeInclusive<usize> = 6..=14;

/// The board sizes of `--large` and of the page's large-board table: where
/// backtracking still finds a first solution (8, 16, 32), where it starts to
/// wander or reaches its 64-column masks (64), and three boards no tree
/// search reaches, up to the million of issue 13.
pub const LARGE_SIZES: [usize; 7] = [8, 16, 32, 64, 1_000, 100_000, 1_000_000];

/// The most sizes one comparison shows: more would be a table nobody reads,
/// and minutes of drawing it.
const MOST_SIZES: usize = 100;

/// A non-empty, increasing list of board sizes without repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSizes(Vec<usize>);

impl BoardSizes {
    /// Parses the `--n` notation. Empty and reversed ranges are errors, each
    /// with one sentence that says what is wrong.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut sizes = Vec::new();
        for item in text.split(',') {
            sizes.extend(parse_item(item.trim())?);
        }
        sizes.sort_unstable();
        sizes.dedup();
        if sizes.len() > MOST_SIZES {
            return Err(format!(
                "{text} is {} sizes; a comparison shows at most {MOST_SIZES}",
                sizes.len()
            ));
        }
        Ok(BoardSizes(sizes))
    }

    /// Every size in `range`, which must not be empty.
    pub fn from_range(range: RangeInclusive<usize>) -> Self {
        BoardSizes(range.collect())
    }

    /// The sizes, smallest first.
    pub fn as_slice(&self) -> &[usize] {
        &self.0
    }
}

impl fmt::Display for BoardSizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&describe(&self.0))
    }
}

/// One item of the list: a size or a range of sizes.
fn parse_item(item: &str) -> Result<RangeInclusive<usize>, String> {
    if item.is_empty() {
        return Err("an empty item in the list of sizes".to_owned());
    }
    if let Some((start, end)) = item.split_once("..=") {
        let (start, end) = (parse_size(start)?, parse_size(end)?);
        if start > end {
            return Err(format!("the range {item} is reversed"));
        }
        too_many(item, end - start + 1)?;
        Ok(start..=end)
    } else if let Some((start, end)) = item.split_once("..") {
        let (start, end) = (parse_size(start)?, parse_size(end)?);
        if start > end {
            return Err(format!("the range {item} is reversed"));
        }
        if start == end {
            return Err(format!("the range {item} is empty"));
        }
        too_many(item, end - start)?;
        Ok(start..=end - 1)
    } else {
        let size = parse_size(item)?;
        Ok(size..=size)
    }
}

/// Refuses a range of more sizes than a comparison shows before its list
/// is built: `0..=100000000` would be a list of 800 MB.
fn too_many(item: &str, sizes: usize) -> Result<(), String> {
    if sizes > MOST_SIZES {
        return Err(format!(
            "{item} is {sizes} sizes; a comparison shows at most {MOST_SIZES}"
        ));
    }
    Ok(())
}

fn parse_size(text: &str) -> Result<usize, String> {
    let size: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a board size (a whole number such as 8)"))?;
    let largest = largest_size();
    if size > largest {
        return Err(format!(
            "n = {size} is past {largest}, the largest board any solver accepts"
        ));
    }
    Ok(size)
}

/// The largest board any registered solver accepts, the solvers that find
/// one solution included: no size past it can be compared, and checking it
/// before a range is built keeps `--n 0..=1000000000000` from asking for a
/// list of a trillion sizes.
pub fn largest_size() -> usize {
    queens_solvers::every()
        .map(|solver| solver.info().max_n)
        .max()
        .unwrap_or(0)
}

/// The largest board a solver that finds every solution accepts: the limit
/// of `--mode count` and `--mode unique`, which only those solvers answer.
pub fn largest_counted_size() -> usize {
    queens_solvers::FINDS_ALL
        .iter()
        .map(|solver| solver.info().max_n)
        .max()
        .unwrap_or(0)
}

/// The first of `sizes` past what a solver that counts accepts, with the
/// one line that refuses it in a mode other than `first`.
pub fn check_counted(sizes: &[usize], mode: &str) -> Result<(), String> {
    let largest = largest_counted_size();
    match sizes.iter().find(|&&n| n > largest) {
        Some(n) => Err(format!(
            "n = {n} is past {largest}, the largest board a solver that counts accepts; \
             --mode {mode} cannot compare it (--mode first can)"
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(text: &str) -> Result<Vec<usize>, String> {
        BoardSizes::parse(text).map(|sizes| sizes.0)
    }

    #[test]
    fn sizes_past_every_solver_are_refused_before_any_list_is_built() {
        assert_eq!(
            sizes("1000000000000"),
            Err("n = 1000000000000 is past 100000000, the largest board any solver accepts".into())
        );
        assert_eq!(
            sizes("0..=18446744073709551615"),
            Err(
                "n = 18446744073709551615 is past 100000000, the largest board any solver accepts"
                    .into()
            )
        );
        assert_eq!(
            sizes("4..100000"),
            Err("4..100000 is 99996 sizes; a comparison shows at most 100".into())
        );
        assert_eq!(
            sizes("0..=100000000"),
            Err("0..=100000000 is 100000001 sizes; a comparison shows at most 100".into())
        );
        assert_eq!(
            sizes("0..=4096"),
            Err("0..=4096 is 4097 sizes; a comparison shows at most 100".into())
        );
    }

    #[test]
    fn boards_past_the_counting_solvers_are_for_first_mode_only() {
        let large = sizes("8,16,32,64,1000,100000,1000000").unwrap();
        assert_eq!(large, [8, 16, 32, 64, 1_000, 100_000, 1_000_000]);
        assert_eq!(largest_counted_size(), 4096);
        assert_eq!(check_counted(&[8, 4096], "count"), Ok(()));
        assert_eq!(
            check_counted(&large, "count"),
            Err(
                "n = 100000 is past 4096, the largest board a solver that counts accepts; \
                 --mode count cannot compare it (--mode first can)"
                    .into()
            )
        );
    }

    #[test]
    fn every_notation_parses() {
        assert_eq!(sizes("4..=12"), Ok((4..=12).collect()));
        assert_eq!(sizes("4..12"), Ok((4..=11).collect()));
        assert_eq!(sizes("8"), Ok(vec![8]));
        assert_eq!(sizes("4,6,8"), Ok(vec![4, 6, 8]));
        assert_eq!(sizes("10, 4..=6, 5"), Ok(vec![4, 5, 6, 10]));
        assert_eq!(sizes("0..=3"), Ok(vec![0, 1, 2, 3]));
        assert_eq!(sizes("7..=7"), Ok(vec![7]));
    }

    #[test]
    fn bad_sizes_say_what_is_wrong() {
        assert_eq!(sizes("12..=4"), Err("the range 12..=4 is reversed".into()));
        assert_eq!(sizes("12..4"), Err("the range 12..4 is reversed".into()));
        assert_eq!(sizes("4..4"), Err("the range 4..4 is empty".into()));
        assert_eq!(
            sizes("eight"),
            Err("'eight' is not a board size (a whole number such as 8)".into())
        );
        assert_eq!(
            sizes("-3"),
            Err("'-3' is not a board size (a whole number such as 8)".into())
        );
        assert_eq!(
            sizes("4,,6"),
            Err("an empty item in the list of sizes".into())
        );
        assert_eq!(sizes(""), Err("an empty item in the list of sizes".into()));
    }

    #[test]
    fn sizes_print_back_in_the_same_notation() {
        for text in ["4..=12", "8", "4,6,8", "4,5", "4..=6,10"] {
            assert_eq!(BoardSizes::parse(text).unwrap().to_string(), text);
        }
    }
}
