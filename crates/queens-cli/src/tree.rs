//! How many queens a whole backtracking search of a plain board places:
//! the size of its tree, which the guard weighs against a budget of queens
//! before `count --stats` starts a search that its budget would stop.
//!
//! Every backtracking solver of the registry (matrix, array, lookup,
//! bitboard) places the same queens on a plain board, one a row, every
//! square tried (`cargo xtask compare` says "same queens"), with or without
//! `--unique`, whose canonical test comes after the search. Their number is
//! the nodes of the backtrack tree but its root: known here up to n = 18,
//! estimated past it from the solutions.

use std::fmt;

use queens_core::format;
use queens_core::oeis::solution_count;

/// The queens the backtracking search of a plain n×n board places, for
/// n = 0 to 18: up to n = 16 as `queens count N --stats --json` gives them
/// in seconds (D. E. Knuth counts 1,141,190,303 nodes in the tree of
/// n = 16, its root among them), n = 17's as it gives them in a minute, and
/// n = 18's from a bare count of the tree's nodes, which gives the others
/// too. A test checks the small boards against the search itself.
const PLACED: [u64; 19] = [
    0,
    1,
    2,
    5,
    16,
    53,
    152,
    551,
    2_056,
    8_393,
    35_538,
    166_925,
    856_188,
    4_674_889,
    27_358_552,
    171_129_071,
    1_141_190_302,
    8_017_021_931,
    59_365_844_490,
];

/// The queens a search would place, counted or estimated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Placed {
    /// How many.
    pub(crate) queens: f64,
    /// Whether counted, rather than estimated.
    pub(crate) known: bool,
}

impl fmt::Display for Placed {
    /// `8,017,021,931`, or `about 472,000,000,000` for an estimate.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.known {
            write!(f, "{}", format::thousands(self.queens as u128))
        } else {
            write!(f, "about {}", format::approximately(self.queens))
        }
    }
}

/// The queens the backtracking search of a plain `n`×`n` board places:
/// counted up to n = 18 ([`PLACED`]), estimated past it ([`estimated`]);
/// `None` past the solutions known.
pub(crate) fn placed_on_plain(n: usize) -> Option<Placed> {
    match PLACED.get(n) {
        Some(&queens) => Some(Placed {
            queens: queens as f64,
            known: true,
        }),
        None => Some(Placed {
            queens: estimated(&PLACED, n)?,
            known: false,
        }),
    }
}

/// The queens placed on a board of `n`, past those `known` (from n = 0):
/// the last known scaled by the solutions (OEIS A000170), and by the
/// growth of the queens per solution over the last known row for each row
/// more, since the tree grows a little faster than its leaves (a solution
/// per 84 queens at n = 17, per 89 at n = 18). That growth slows as n
/// grows, so the estimate errs high, toward a refusal.
fn estimated(known: &[u64], n: usize) -> Option<f64> {
    let last = known.len().checked_sub(1)?;
    let per_solution = |n: usize| Some(known[n] as f64 / solution_count(n)? as f64);
    let growth = per_solution(last)? / per_solution(last.checked_sub(1)?)?;
    let rows = i32::try_from(n.checked_sub(last)?).ok()?;
    Some(per_solution(last)? * solution_count(n)? as f64 * growth.powi(rows))
}

#[cfg(test)]
mod tests {
    use queens_core::modes::{self, Mode, Query};
    use queens_core::{Instrument, Problem};

    use super::*;

    #[test]
    fn the_small_trees_are_the_searchs_own() {
        let count = Query {
            mode: Mode::Count,
            unique: false,
        };
        for solver in ["matrix", "array", "lookup", "bitboard"] {
            let solver = queens_solvers::by_name(solver).unwrap();
            for (n, &queens) in PLACED.iter().enumerate().take(11) {
                let answer =
                    modes::answer(solver, &Problem::new(n), count, Instrument::Counted).unwrap();
                let stats = answer.stats.unwrap();
                assert_eq!(stats.queens_placed, queens, "n = {n}");
            }
        }
    }

    #[test]
    fn past_the_counted_trees_the_estimate_errs_high() {
        let known = placed_on_plain(18).unwrap();
        assert_eq!(known.to_string(), "59,365,844,490");
        // n = 18's tree estimated from the smaller ones: a little high.
        let from_smaller = estimated(&PLACED[..18], 18).unwrap();
        assert!(from_smaller > known.queens, "{from_smaller}");
        assert!(from_smaller < 1.05 * known.queens, "{from_smaller}");
        let estimate = placed_on_plain(19).unwrap();
        assert!(!estimate.known);
        assert_eq!(estimate.to_string(), "about 472,000,000,000");
        assert!(placed_on_plain(27).is_some());
        assert_eq!(placed_on_plain(28), None);
    }
}
