//! How a grade weighs its checks: the `[weights]` table of an assignment.
//!
//! Each group of checks has a weight (`correctness`, `instrumentation`),
//! shared among its checks that apply to a submission. A check may be
//! weighed by name (`counts_match_oeis = 2.0`) in units of its group's
//! checks: it counts as two of them, every other check of the group as
//! one, and the group's weight is shared in those parts. A check of weight
//! 0, or of a group of weight 0, is not run. The score is the weighed share
//! of the checks that apply that passed, out of 100: with no check weighed
//! by name, each group's weight times its share of passed checks.

use std::collections::BTreeMap;

use queens_conformance::{Check, Group, find_check};
use serde::Deserialize;

/// The `[weights]` table.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "BTreeMap<String, f64>")]
pub struct Weights {
    /// The weight of the correctness checks.
    correctness: f64,
    /// The weight of the instrumentation checks.
    instrumentation: f64,
    /// The checks weighed by name.
    checks: BTreeMap<&'static str, f64>,
}

impl TryFrom<BTreeMap<String, f64>> for Weights {
    type Error = String;

    /// The table as written: group names and check names, each a number of
    /// at least 0; anything else is refused by name.
    fn try_from(table: BTreeMap<String, f64>) -> Result<Self, String> {
        let mut weights = Weights {
            correctness: 0.0,
            instrumentation: 0.0,
            checks: BTreeMap::new(),
        };
        for (name, weight) in table {
            if !(weight.is_finite() && weight >= 0.0) {
                return Err(format!(
                    "weights.{name} = {weight}: a weight is a number of at least 0"
                ));
            }
            match name.as_str() {
                "correctness" => weights.correctness = weight,
                "instrumentation" => weights.instrumentation = weight,
                _ => match find_check(&name) {
                    Some(check) => {
                        weights.checks.insert(check.name, weight);
                    }
                    None => {
                        return Err(format!(
                            "weights.{name}: neither a group (correctness, instrumentation) nor a \
                             check (`queens-grade checks` lists them)"
                        ));
                    }
                },
            }
        }
        Ok(weights)
    }
}

impl Weights {
    /// The weight of `group`.
    pub fn of(&self, group: Group) -> f64 {
        match group {
            Group::Correctness => self.correctness,
            Group::Instrumentation => self.instrumentation,
        }
    }

    /// How many of its group's checks `check` counts as: its own weight,
    /// or 1.
    fn parts(&self, check: &str) -> f64 {
        self.checks.get(check).copied().unwrap_or(1.0)
    }

    /// Whether `check` is run: its group weighs more than 0, and it counts
    /// as more than none of the group's checks.
    pub fn runs(&self, check: &Check) -> bool {
        self.of(check.group) > 0.0 && self.parts(check.name) > 0.0
    }

    /// The groups with a check that is run, in report order.
    pub fn counted(&self) -> Vec<Group> {
        Group::ALL
            .into_iter()
            .filter(|&group| {
                queens_conformance::CHECKS
                    .iter()
                    .any(|check| check.group == group && self.runs(check))
            })
            .collect()
    }

    /// Why no check would count, if none would.
    pub fn problem(&self) -> Option<String> {
        let runs_any = queens_conformance::CHECKS
            .iter()
            .any(|check| self.runs(check));
        (!runs_any).then(|| {
            "at least one group of checks, and one of its checks, must weigh more than 0".to_owned()
        })
    }

    /// The weight of each of the checks `applying` (named, with their
    /// groups) in a submission's score: its group's weight, shared among
    /// the group's checks that apply in proportion to their parts.
    pub fn shares(&self, applying: &[(&str, Group)]) -> Vec<f64> {
        let parts_of = |group: Group| -> f64 {
            applying
                .iter()
                .filter(|(_, of)| *of == group)
                .map(|(name, _)| self.parts(name))
                .sum()
        };
        applying
            .iter()
            .map(|&(name, group)| match parts_of(group) {
                total if total > 0.0 => self.of(group) * self.parts(name) / total,
                _ => 0.0,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weights(pairs: &[(&str, f64)]) -> Result<Weights, String> {
        Weights::try_from(
            pairs
                .iter()
                .map(|&(name, weight)| (name.to_owned(), weight))
                .collect::<BTreeMap<_, _>>(),
        )
    }

    #[test]
    fn a_check_weighed_by_name_counts_as_that_many_of_its_groups_checks() {
        let weights = weights(&[
            ("correctness", 1.0),
            ("instrumentation", 0.0),
            ("counts_match_oeis", 2.0),
        ])
        .unwrap();
        let applying = [
            ("solutions_are_valid", Group::Correctness),
            ("counts_match_oeis", Group::Correctness),
            ("no_duplicates", Group::Correctness),
        ];
        assert_eq!(weights.shares(&applying), [0.25, 0.5, 0.25]);
    }

    #[test]
    fn a_check_weighing_0_is_not_run_nor_one_of_a_group_weighing_0() {
        let weights = weights(&[
            ("correctness", 1.0),
            ("instrumentation", 0.0),
            ("counts_match_oeis", 0.0),
            ("statistics_are_consistent", 1.0),
        ])
        .unwrap();
        let runs = |name| weights.runs(find_check(name).unwrap());
        assert!(!runs("counts_match_oeis"));
        assert!(runs("solutions_are_valid"));
        assert!(!runs("statistics_are_consistent"));
        assert_eq!(weights.counted(), [Group::Correctness]);
    }

    #[test]
    fn unknown_names_and_negative_weights_are_refused_by_name() {
        assert_eq!(
            weights(&[("count_match_oeis", 1.0)]).unwrap_err(),
            "weights.count_match_oeis: neither a group (correctness, instrumentation) nor a \
             check (`queens-grade checks` lists them)"
        );
        assert_eq!(
            weights(&[("correctness", -1.0)]).unwrap_err(),
            "weights.correctness = -1: a weight is a number of at least 0"
        );
        assert!(
            weights(&[("correctness", 0.0), ("instrumentation", 0.0)])
                .unwrap()
                .problem()
                .is_some()
        );
    }
}
