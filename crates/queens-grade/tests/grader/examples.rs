//! The grader on `examples/submissions/`: every correct submission gets full
//! marks, every buggy one loses marks on the check that names its fault,
//! with that fault in the message, and the whole run finishes.

use crate::support::{grade_json, submission, verdict, workspace};

/// A short time limit, so that the endless loop costs seconds, not minutes;
/// Python still gets five times as long.
const ASSIGNMENT: &str = "[limits]\nseconds_per_check = 4.0\n";

/// For each buggy example: the check that must catch it, the verdict, and
/// words its message must hold.
const FAULTS: [(&str, &str, &str, &str); 13] = [
    (
        "c-segfault",
        "counts_match_oeis",
        "CRASH",
        "n = 9: the program was killed by signal 11 (SIGSEGV",
    ),
    (
        "rust-duplicates",
        "no_duplicates",
        "FAIL",
        "n = 1: [0] emitted twice",
    ),
    (
        "rust-endless-loop",
        "counts_match_oeis",
        "TIMEOUT",
        "took longer than 4.0 s",
    ),
    (
        "rust-first-only",
        "counts_match_oeis",
        "FAIL",
        "n = 4: expected 2 solutions, got 1",
    ),
    (
        "rust-ignores-preplaced",
        "preplaced_edge_cases",
        "FAIL",
        "is not a solution: the pre-placed queen at",
    ),
    (
        "rust-keeps-state",
        "reused_solver_agrees",
        "FAIL",
        "the reused solver",
    ),
    (
        "rust-no-column-check",
        "solutions_are_valid",
        "FAIL",
        "n = 2: [0, 0] is not a solution: queens at (0, 0) and (1, 0) share a column",
    ),
    (
        "rust-off-by-one",
        "counts_match_oeis",
        "FAIL",
        "n = 1: expected 1 solution, got 0",
    ),
    (
        "rust-one-diagonal",
        "solutions_are_valid",
        "FAIL",
        "share an anti-diagonal",
    ),
    (
        "rust-panics-at-zero",
        "counts_match_oeis",
        "CRASH",
        "n = 0: the solver panicked: attempt to subtract with overflow",
    ),
    (
        "rust-table",
        "counts_match_oeis",
        "FAIL",
        "the solver declares max_n = 8; this assignment asks for n = 12",
    ),
    (
        "rust-unbounded-recursion",
        "counts_match_oeis",
        "CRASH",
        "stack overflow",
    ),
    (
        "rust-keeps-state",
        "solutions_are_valid",
        "PASS",
        "problems up to n = 8",
    ),
];

#[test]
fn every_example_gets_the_verdict_its_fault_deserves() {
    let examples = workspace().join("examples/submissions");
    let report = grade_json(&[&examples], ASSIGNMENT, &[]);
    let seed = &report["seed"];
    let names: Vec<&str> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|submission| submission["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 17, "seed {seed}: {names:?}");
    for correct in [
        "c-seed",
        "python-backtracking",
        "rust-by-hand",
        "rust-recursive",
    ] {
        let graded = submission(&report, correct);
        let failed: Vec<_> = graded["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|check| check["verdict"] != "PASS" && check["verdict"] != "N/A")
            .collect();
        assert!(failed.is_empty(), "seed {seed}: {correct}: {failed:#?}");
        assert_eq!(graded["score"], 100.0, "seed {seed}: {correct}");
        // The correctness checks, the four for solvers that find one as N/A.
        assert_eq!(graded["checks"].as_array().unwrap().len(), 17);
    }
    for (name, check, expected, words) in FAULTS {
        let graded = submission(&report, name);
        let (got, message) = verdict(graded, check);
        assert_eq!(got, expected, "seed {seed}: {name} {check}: {message}");
        assert!(
            message.contains(words),
            "seed {seed}: {name} {check}: {message}"
        );
        assert!(
            graded["score"].as_f64().unwrap() < 100.0,
            "seed {seed}: {name}"
        );
    }
    let broken = submission(&report, "rust-compile-error");
    assert_eq!(broken["score"], 0.0);
    let reason = broken["not_checked"].as_str().unwrap();
    assert!(
        reason.starts_with("build failed: src/lib.rs:")
            && reason.contains("error[E0308]: mismatched types"),
        "{reason}"
    );
}
