//! What grading a class found: each check of each submission
//! ([`CheckResult`]), each submission ([`Graded`]), the whole run
//! ([`Grading`]), which the JSON report saves and reads back whole; and
//! the [`Progress`] a run reports to as it goes.

use std::path::PathBuf;

use queens_conformance::{Group, Verdict};
use serde::{Deserialize, Serialize};

use crate::check_name::CheckName;

/// One check of one submission.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct CheckResult {
    /// The check's name.
    #[serde(deserialize_with = "crate::check_name::check_name")]
    pub name: CheckName,
    /// Its group.
    pub group: Group,
    /// How it ended, saved as the word of reports.
    #[serde(with = "crate::marks")]
    pub verdict: Verdict,
    /// What was checked, or what went wrong.
    pub message: String,
    /// How long its process took, on the clock.
    pub seconds: f64,
    /// Its weight in the submission's score (0 when it does not count).
    pub weight: f64,
}

/// One submission, graded.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Graded {
    /// The student's name.
    pub name: String,
    /// Where the submission is.
    pub path: PathBuf,
    /// "rust", a language's name, or "-".
    pub kind: String,
    /// Why it could not be checked (a build failure, not a submission).
    pub not_checked: Option<String>,
    /// Its checks, in the suite's order.
    pub checks: Vec<CheckResult>,
    /// Its score out of 100, exact: reports round it only to show it.
    pub score: f64,
    /// How long it took on the clock, its build included.
    pub seconds: f64,
}

/// A whole run; its JSON report ([`crate::saved`]) is read back as one.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Grading {
    /// The seed of the random problems; `--seed` repeats the run.
    pub seed: u64,
    /// Whether the checks ran in the sandbox, and how or why not.
    pub sandboxed: bool,
    /// The line that says so.
    pub confinement: String,
    /// The groups that count, with their weights.
    pub weights: Vec<(Group, f64)>,
    /// The checks of those groups, in order.
    #[serde(deserialize_with = "crate::check_name::check_names")]
    pub checks: Vec<CheckName>,
    /// Every submission, in the order given.
    pub submissions: Vec<Graded>,
    /// Seconds the whole run took.
    pub seconds: f64,
}

impl Grading {
    /// The submissions with checks the machine was too busy to grade.
    pub(crate) fn not_graded(&self) -> Vec<String> {
        self.submissions
            .iter()
            .filter(|graded| {
                graded
                    .checks
                    .iter()
                    .any(|check| check.verdict == Verdict::NotGraded)
            })
            .map(|graded| graded.name.clone())
            .collect()
    }
}

/// Reports what the run is doing: a progress bar on a terminal, a line per
/// submission elsewhere.
pub(crate) trait Progress: Sync {
    /// `total` pieces of work (builds and checks) are known.
    fn start(&self, total: usize);
    /// One more is done; `what` names it.
    fn advance(&self, what: &str);
    /// A submission is graded.
    fn graded(&self, graded: &Graded);
}
