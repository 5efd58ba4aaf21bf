//! One check in a process of its own: the child's side of a grader.
//!
//! A grader that runs untrusted solvers must survive whatever they do: loop
//! forever, overflow the stack, abort, exhaust memory. None of that can be
//! caught inside one process (a stack overflow kills it, and nothing stops a
//! loop), so a grader runs each check in a child process with limits and a
//! deadline, as cargo-nextest runs each test. The child is a small program
//! linked with the solver under test whose `main` calls [`serve`]:
//!
//! ```text
//! fn main() -> std::process::ExitCode {
//!     queens_conformance::isolated::serve(&|| Box::new(student::solver()))
//! }
//! ```
//!
//! It reads one [`Request`] as JSON on stdin, runs that check, and writes one
//! [`Report`] as a line of JSON on stdout. What happens to the process
//! otherwise (a signal, a deadline passed) is the grader's to read.

use std::io::{Read, Write};
use std::process::ExitCode;

use serde::{Deserialize, Serialize};

use crate::{MakeSolver, Scope, Status, find_check, run_check};

/// The trait a child's solver implements, for the `main` of a child program.
pub use queens_core::Solver;

/// What the grader asks a child: one check, within a scope.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The check's name, as in [`crate::CHECKS`].
    pub check: String,
    /// How far it goes, and its seed.
    pub scope: Scope,
}

/// What a child answers: how the check ended, and its message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Pass, fail or crash (a panic the check caught).
    pub status: Status,
    /// What was checked, or the first fault found.
    pub message: String,
}

/// Runs the check a request on stdin names on solvers made by `make`, and
/// writes its report on stdout. Exits 0 when the check ran (whatever its
/// verdict) and 2, with one line on stderr, when the request is malformed.
pub fn serve(make: MakeSolver<'_>) -> ExitCode {
    let request = match read_request() {
        Ok(request) => request,
        Err(problem) => {
            eprintln!("error: {problem}");
            return ExitCode::from(2);
        }
    };
    let Some(check) = find_check(&request.check) else {
        eprintln!("error: no check is called {:?}", request.check);
        return ExitCode::from(2);
    };
    if let Some(problem) = request.scope.problem() {
        eprintln!("error: {problem}");
        return ExitCode::from(2);
    }
    let outcome = run_check(check, make, &request.scope);
    let report = Report {
        status: outcome.status,
        message: outcome.message,
    };
    let line = serde_json::to_string(&report).expect("a report serialises");
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: cannot write the report: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The request on stdin.
fn read_request() -> Result<Request, String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|error| format!("cannot read the request on stdin: {error}"))?;
    serde_json::from_str(&text).map_err(|error| format!("malformed request: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_reports_read_back() {
        let request = Request {
            check: "counts_match_oeis".into(),
            scope: Scope::with_seed(42),
        };
        let text = serde_json::to_string(&request).unwrap();
        assert_eq!(
            text,
            r#"{"check":"counts_match_oeis","scope":{"counts_to":12,"sets_to":8,"seed":42}}"#
        );
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
        let report: Report =
            serde_json::from_str(r#"{"status":"crash","message":"n = 0: boom"}"#).unwrap();
        assert_eq!(report.status, Status::Crash);
    }
}
