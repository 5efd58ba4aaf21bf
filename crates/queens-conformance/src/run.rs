//! Running the checks: [`run_check`] asks the solver what it finds, runs
//! one check when it applies and turns a panic into a verdict, and
//! [`run_all`] runs the whole list in order; [`assert_passes`] is the body
//! of every test [`suite!`](crate::suite) declares.

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::list::CHECKS;
use crate::{Check, CheckOutcome, Finding, MakeSolver, Scope, Verdict, harness};

/// Runs every check on solvers made by `make`, in order. A solver that
/// panics fails the check it panicked in ([`Verdict::Crash`]), with the
/// panic's message and the question it was answering; the remaining checks
/// still run.
pub fn run_all(make: MakeSolver<'_>, scope: &Scope) -> Vec<CheckOutcome> {
    CHECKS
        .iter()
        .map(|check| run_check(check, make, scope))
        .collect()
}

/// Runs one check on solvers made by `make`; one that does not apply to
/// what the solver finds is passed by as [`Verdict::NotApplicable`].
pub fn run_check(check: &Check, make: MakeSolver<'_>, scope: &Scope) -> CheckOutcome {
    harness::start_check(scope);
    let found = catch_unwind(AssertUnwindSafe(|| applicable(check, make, scope)))
        .unwrap_or_else(|payload| Some(Err(harness::caught(payload))));
    let (verdict, message) = match found {
        None => (
            Verdict::NotApplicable,
            format!("does not apply: the check is for {}", check.applies.name()),
        ),
        Some(Ok(checked)) => (Verdict::Pass, checked),
        Some(Err(fault)) => (harness::failure_verdict(), fault),
    };
    CheckOutcome {
        name: check.name,
        group: check.group,
        description: check.description,
        verdict,
        message,
    }
}

/// Runs `check` when it applies to what the solver finds; `None` when it
/// does not.
fn applicable(check: &Check, make: MakeSolver<'_>, scope: &Scope) -> Option<Finding> {
    let finds = harness::fresh(make).finds();
    check.applies.to(finds).then(|| (check.run)(make, scope))
}

/// The check called `name`, if there is one.
pub fn find_check(name: &str) -> Option<&'static Check> {
    CHECKS.iter().find(|check| check.name == name)
}

/// Runs one check and panics with its message when it fails: the body of
/// every test [`suite!`](crate::suite) declares.
#[doc(hidden)]
pub fn assert_passes(check: &Check, make: MakeSolver<'_>, scope: &Scope) {
    let outcome = run_check(check, make, scope);
    assert!(!outcome.failed(), "{}", outcome.message);
}
