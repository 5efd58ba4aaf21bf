//! The model's types as text crosses the pipe: each has a wire form of its
//! own, converted both ways.
//!
//! # Names
//!
//! The model's types name a solver with `&'static str` ([`SolverInfo`],
//! [`Error::TooLarge`]), and a [`Decision`] its rule. Names read from the
//! pipe are interned once per distinct text for the judge's short life
//! ([`intern`]), bounded by the output limit the judge's owner enforces on
//! the process.

use std::collections::HashSet;
use std::sync::Mutex;

use queens_core::{Decision, Error, Levels, Order, ProblemError, SolverInfo, Square};
use serde::{Deserialize, Serialize};

/// [`SolverInfo`] as text crosses a pipe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct WireInfo {
    name: String,
    title: String,
    seeds: String,
    order: Order,
    levels: Levels,
    max_n: usize,
    practical_n: usize,
}

/// [`Decision`], whose rule is text on the pipe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(super) enum WireDecision {
    Settle(Square, usize),
    Repair(usize, u64),
    Swap([usize; 2], bool, u64),
    Restart(u64),
    Rule(String),
    Run(usize, usize, usize),
}

/// [`Error`], whose solver names are text on the pipe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(super) enum WireError {
    Problem(ProblemError),
    TooLarge {
        solver: String,
        n: usize,
        max_n: usize,
    },
    UniqueWithPreplaced,
    FindsOne {
        solver: String,
    },
    PreplacedUnsupported {
        solver: String,
    },
    OverBudget {
        placed: u64,
        found: u64,
    },
    Interrupted {
        placed: u64,
        found: u64,
    },
}

impl From<&SolverInfo> for WireInfo {
    fn from(info: &SolverInfo) -> Self {
        WireInfo {
            name: info.name.to_owned(),
            title: info.title.to_owned(),
            seeds: info.seeds.to_owned(),
            order: info.order,
            levels: info.levels,
            max_n: info.max_n,
            practical_n: info.practical_n,
        }
    }
}

impl From<WireInfo> for SolverInfo {
    fn from(info: WireInfo) -> Self {
        SolverInfo {
            name: intern(info.name),
            title: intern(info.title),
            seeds: intern(info.seeds),
            order: info.order,
            levels: info.levels,
            max_n: info.max_n,
            practical_n: info.practical_n,
            workload: None,
        }
    }
}

impl From<Decision> for WireDecision {
    fn from(decision: Decision) -> Self {
        match decision {
            Decision::Settle { square, tries } => WireDecision::Settle(square, tries),
            Decision::Repair { row, pairs } => WireDecision::Repair(row, pairs),
            Decision::Swap { rows, clean, pairs } => WireDecision::Swap(rows, clean, pairs),
            Decision::Restart { tries } => WireDecision::Restart(tries),
            Decision::Rule { rule } => WireDecision::Rule(rule.to_owned()),
            Decision::Run {
                first_row,
                last_row,
                first_col,
            } => WireDecision::Run(first_row, last_row, first_col),
        }
    }
}

impl From<WireDecision> for Decision {
    fn from(decision: WireDecision) -> Self {
        match decision {
            WireDecision::Settle(square, tries) => Decision::Settle { square, tries },
            WireDecision::Repair(row, pairs) => Decision::Repair { row, pairs },
            WireDecision::Swap(rows, clean, pairs) => Decision::Swap { rows, clean, pairs },
            WireDecision::Restart(tries) => Decision::Restart { tries },
            WireDecision::Rule(rule) => Decision::Rule { rule: intern(rule) },
            WireDecision::Run(first_row, last_row, first_col) => Decision::Run {
                first_row,
                last_row,
                first_col,
            },
        }
    }
}

impl From<&Error> for WireError {
    fn from(error: &Error) -> Self {
        match error {
            Error::Problem(problem) => WireError::Problem(problem.clone()),
            Error::TooLarge { solver, n, max_n } => WireError::TooLarge {
                solver: (*solver).to_owned(),
                n: *n,
                max_n: *max_n,
            },
            Error::UniqueWithPreplaced => WireError::UniqueWithPreplaced,
            Error::FindsOne { solver } => WireError::FindsOne {
                solver: (*solver).to_owned(),
            },
            Error::PreplacedUnsupported { solver } => WireError::PreplacedUnsupported {
                solver: (*solver).to_owned(),
            },
            Error::OverBudget { placed, found } => WireError::OverBudget {
                placed: *placed,
                found: *found,
            },
            Error::Interrupted { placed, found } => WireError::Interrupted {
                placed: *placed,
                found: *found,
            },
        }
    }
}

impl From<WireError> for Error {
    fn from(error: WireError) -> Self {
        match error {
            WireError::Problem(problem) => Error::Problem(problem),
            WireError::TooLarge { solver, n, max_n } => Error::TooLarge {
                solver: intern(solver),
                n,
                max_n,
            },
            WireError::UniqueWithPreplaced => Error::UniqueWithPreplaced,
            WireError::FindsOne { solver } => Error::FindsOne {
                solver: intern(solver),
            },
            WireError::PreplacedUnsupported { solver } => Error::PreplacedUnsupported {
                solver: intern(solver),
            },
            WireError::OverBudget { placed, found } => Error::OverBudget { placed, found },
            WireError::Interrupted { placed, found } => Error::Interrupted { placed, found },
        }
    }
}

/// The interned copy of `text`, cut to 200 characters: made once per
/// distinct text and kept for the process's life (see the essay).
fn intern(text: String) -> &'static str {
    static INTERNED: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let text: String = text.chars().take(200).collect();
    let mut interned = INTERNED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let set = interned.get_or_insert_with(HashSet::new);
    if let Some(&known) = set.get(text.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(text.into_boxed_str());
    set.insert(leaked);
    leaked
}

#[cfg(test)]
mod tests {
    use queens_core::{Attack, Line};

    use super::*;

    #[test]
    fn errors_and_decisions_cross_the_pipe_unchanged() {
        let errors = [
            Error::TooLarge {
                solver: "ada",
                n: 9,
                max_n: 8,
            },
            Error::FindsOne { solver: "ada" },
            Error::Problem(ProblemError::Attack(Attack {
                first: Square::new(0, 0),
                second: Square::new(1, 1),
                line: Line::Diagonal,
            })),
        ];
        for error in errors {
            let wire: WireError =
                serde_json::from_str(&serde_json::to_string(&WireError::from(&error)).unwrap())
                    .unwrap();
            assert_eq!(Error::from(wire), error);
        }
        let rule = Decision::Rule { rule: "n mod 6" };
        assert_eq!(Decision::from(WireDecision::from(rule)), rule);
    }

    #[test]
    fn names_are_interned_once() {
        let first = intern("ada".to_owned());
        let second = intern("ada".to_owned());
        assert!(std::ptr::eq(first, second));
        assert_eq!(intern("x".repeat(300)).len(), 200);
    }
}
