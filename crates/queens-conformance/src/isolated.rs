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
//! otherwise (a signal, a deadline passed) is the grader's to read; to help
//! it, the child announces each question it asks the solver on stderr, a
//! line starting with [`SOLVING_MARK`], so that a grader that kills it at
//! its deadline can say which question was under way
//! ([`last_question`]): "n = 11, asked for every solution".
//!
//! A request may also say that the submission ran out of time on some
//! board in an earlier check ([`TooSlow`]): the child then asks nothing
//! about a board that size or larger, and the check ends
//! [`Status::NotReached`] when it comes to one, rather than waiting for the
//! same deadline again.

use std::io::{Read, Write};
use std::process::ExitCode;

use serde::{Deserialize, Serialize};

pub use crate::harness::{SOLVING_MARK, TooSlow};
use crate::{MakeSolver, Scope, Status, find_check, harness, run_check};

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
    /// The board size from which nothing is asked, when the submission ran
    /// out of time on one that size in an earlier check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub too_slow: Option<TooSlow>,
}

/// The last question a child announced on `stderr` (what it wrote there):
/// the board size, and the question ("n = 11, asked for every solution").
pub fn last_question(stderr: &[u8]) -> Option<(usize, String)> {
    String::from_utf8_lossy(stderr)
        .lines()
        .rev()
        .filter_map(|line| line.strip_prefix(SOLVING_MARK))
        .find_map(|announced| {
            let (n, question) = announced.split_once(' ')?;
            Some((n.parse().ok()?, question.to_owned()))
        })
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
    harness::announce_questions();
    harness::stop_before(request.too_slow);
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
            too_slow: None,
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
        let slow: Request = serde_json::from_str(
            r#"{"check":"no_duplicates","scope":{"counts_to":12,"sets_to":8,"seed":1},"too_slow":{"from_n":9,"why":"it was slow"}}"#,
        )
        .unwrap();
        assert_eq!(slow.too_slow.unwrap().from_n, 9);
    }

    #[test]
    fn the_last_question_announced_is_found_among_other_lines() {
        let stderr = format!(
            "{SOLVING_MARK}4 n = 4, asked for every solution\nmy own debug line\n\
             {SOLVING_MARK}11 n = 11 with queens at (row 0, col 1), asked to count its solutions\nmore\n"
        );
        assert_eq!(
            last_question(stderr.as_bytes()),
            Some((
                11,
                "n = 11 with queens at (row 0, col 1), asked to count its solutions".to_owned()
            ))
        );
        assert_eq!(last_question(b"nothing announced\n"), None);
    }
}
