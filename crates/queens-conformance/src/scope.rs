//! What the checks ask of a solver: how far they count, how far they list
//! whole sets of solutions, and the seed of the run's random problems.
//!
//! The scope is the teacher's, never the solver's: a solver that declares a
//! smaller `practical_n` or `max_n` than the scope asks for fails the checks
//! that go that far, with a message that says so. The seed is fresh for each
//! run unless one is given, so the random problems cannot be tabulated, and
//! every message that depends on it names it, so a run can be repeated.

use queens_core::Order;
use serde::{Deserialize, Serialize};

/// The environment variable that fixes the seed of [`Scope::for_this_run`].
pub const SEED_VARIABLE: &str = "QUEENS_SEED";

/// How far the checks go, and the seed of their random choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scope {
    /// Counts, of all solutions and of fundamental ones, are checked for
    /// `n = 0..=counts_to` (at most [`Scope::MAX_COUNTS_TO`]).
    pub counts_to: usize,
    /// Whole sets of solutions are checked against the reference for
    /// `n = 0..=sets_to` (at most [`Scope::MAX_SETS_TO`]).
    pub sets_to: usize,
    /// Seeds the random problems and the order in which a reused solver is
    /// asked them.
    pub seed: u64,
    /// The order every solver is checked in, whatever it declares: the
    /// teacher's rule. [`Order::Unspecified`] leaves each solver to its own
    /// declaration (checked as sets when it declares none).
    #[serde(default = "unspecified")]
    pub order: Order,
}

/// The order a scope asks when it names none.
const fn unspecified() -> Order {
    Order::Unspecified
}

impl Scope {
    /// Counts are checked to thirteen queens unless an assignment says
    /// otherwise: one board past what a pasted table of answers holds (the
    /// 18,106 solutions of n = 0..=12 fit in half a megabyte of source;
    /// n = 13 alone has 73,712), near enough that a backtracking solver
    /// answers in a second, and an interpreted one in a few.
    pub const DEFAULT_COUNTS_TO: usize = 13;
    /// Whole sets of solutions are checked to eight queens: seed 004's 92.
    pub const DEFAULT_SETS_TO: usize = 8;
    /// The largest `counts_to`: the counts are known (OEIS) that far, and a
    /// pruning solver counts sixteen queens in a few seconds.
    pub const MAX_COUNTS_TO: usize = 16;
    /// The largest `sets_to`: the reference lists every permutation, and ten
    /// queens (3.6 million) take it about a second.
    pub const MAX_SETS_TO: usize = crate::reference::MAX_N;

    /// The default range with `seed`.
    pub const fn with_seed(seed: u64) -> Self {
        Scope {
            counts_to: Self::DEFAULT_COUNTS_TO,
            sets_to: Self::DEFAULT_SETS_TO,
            seed,
            order: Order::Unspecified,
        }
    }

    /// The default range with the seed of [`SEED_VARIABLE`] when it is set
    /// to a number, and a fresh random seed otherwise.
    pub fn for_this_run() -> Self {
        let fixed = std::env::var(SEED_VARIABLE)
            .ok()
            .and_then(|seed| seed.trim().parse().ok());
        Self::with_seed(fixed.unwrap_or_else(fresh_seed))
    }

    /// The same scope counting to `counts_to`.
    #[must_use]
    pub const fn counting_to(self, counts_to: usize) -> Self {
        Scope { counts_to, ..self }
    }

    /// The same scope listing whole sets to `sets_to`.
    #[must_use]
    pub const fn listing_to(self, sets_to: usize) -> Self {
        Scope { sets_to, ..self }
    }

    /// The same scope, checking every solver in `order` whatever it
    /// declares.
    #[must_use]
    pub const fn in_order(self, order: Order) -> Self {
        Scope { order, ..self }
    }

    /// What is wrong with this scope, if anything: a range past what the
    /// facts and the reference cover.
    pub fn problem(&self) -> Option<String> {
        if self.counts_to > Self::MAX_COUNTS_TO {
            Some(format!(
                "counts_to = {} is past {}, the largest the checks count to",
                self.counts_to,
                Self::MAX_COUNTS_TO
            ))
        } else if self.sets_to > Self::MAX_SETS_TO {
            Some(format!(
                "sets_to = {} is past {}, the largest whole sets the reference lists",
                self.sets_to,
                Self::MAX_SETS_TO
            ))
        } else {
            None
        }
    }

    /// How to repeat a run with this seed, for messages: "seed 42".
    pub fn seed_note(&self) -> String {
        format!(
            "seed {}; {SEED_VARIABLE}={} repeats it",
            self.seed, self.seed
        )
    }
}

/// A seed no earlier run is likely to have used: fastrand's thread-local
/// generator, itself seeded from the system's per-process random keys.
pub fn fresh_seed() -> u64 {
    fastrand::u64(..)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_past_the_facts_are_named() {
        let scope = Scope::with_seed(7);
        assert_eq!(scope.problem(), None);
        assert_eq!(
            scope.counting_to(17).problem().as_deref(),
            Some("counts_to = 17 is past 16, the largest the checks count to")
        );
        assert_eq!(
            scope.listing_to(11).problem().as_deref(),
            Some("sets_to = 11 is past 10, the largest whole sets the reference lists")
        );
    }

    #[test]
    fn fresh_seeds_differ() {
        assert_ne!(fresh_seed(), fresh_seed());
    }
}
