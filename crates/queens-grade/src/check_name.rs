//! A check's name in a run's results: the suite's own string, so that a
//! run saved to a file and read back names the suite's checks and nothing
//! else.

use queens_conformance::{CHECKS, Check};
use serde::{Deserialize, Deserializer};

/// The suite's check called `name`.
pub(crate) fn suite_check(name: &str) -> Option<&'static Check> {
    CHECKS.iter().find(|check| check.name == name)
}

/// A check's name in a [`crate::grading::Grading`]: the suite's own string. An alias, since
/// serde's derive takes a field written `&'static str` for one to borrow
/// from the input, which a report read from a file cannot lend for ever;
/// this one is read by [`check_name`], which finds the suite's own.
pub(crate) type CheckName = &'static str;

/// Reads a check's name as the suite's own ([`CheckName`]), erring on a
/// name the suite does not have.
pub(crate) fn check_name<'de, D: Deserializer<'de>>(names: D) -> Result<CheckName, D::Error> {
    suite_name(&String::deserialize(names)?)
}

/// Reads a list of checks' names as [`check_name`] does.
pub(crate) fn check_names<'de, D: Deserializer<'de>>(names: D) -> Result<Vec<CheckName>, D::Error> {
    Vec::<String>::deserialize(names)?
        .iter()
        .map(|name| suite_name(name))
        .collect()
}

/// The suite's own string for the check called `name`.
fn suite_name<E: serde::de::Error>(name: &str) -> Result<CheckName, E> {
    suite_check(name)
        .map(|check| check.name)
        .ok_or_else(|| E::custom(format!("no check of this suite is called {name:?}")))
}
