//! The grader on `examples/submissions/`: every correct submission gets full
//! marks, every buggy one loses marks on the check that names its fault,
//! with that fault in the message, the whole run finishes, and two runs
//! with one seed give the same report.

use serde_json::Value;

use crate::support::{grade_json, submission, verdict, workspace};

/// A short time limit, so that the endless loop and the exponential search
/// cost seconds, not minutes; Python still gets five times as long. The
/// exponential search takes about 2 s at n = 9 and 45 s at n = 10 on the
/// machines this project runs on: 6 s lies well between.
const ASSIGNMENT: &str = "[limits]\nseconds_per_check = 6.0\n";

/// The seed both runs share.
const SEED: &str = "20261125";

/// The correct examples: full marks, every check that applies passed.
const CORRECT: [&str; 11] = [
    "c-multifile",
    "c-seed",
    "cpp-header",
    "java-backtracking",
    "java-misnamed-class",
    "java-package",
    "python-backtracking",
    "python-dunder-main",
    "python-package",
    "rust-by-hand",
    "rust-recursive",
];

/// For each buggy example: the check that must catch it, the verdict, and
/// words its message must hold.
const FAULTS: [(&str, &str, &str, &str); 22] = [
    (
        "c-segfault",
        "counts_match_oeis",
        "CRASH",
        "n = 9, asked to count its solutions: the program was killed by signal 11 (SIGSEGV",
    ),
    (
        "c-one-based",
        "counts_match_oeis",
        "FAIL",
        "n = 1, asked to count its solutions: line 1 (\"1\"): column 1 is outside a 1×1 board: \
         columns are 0-based, 0 to 0",
    ),
    (
        "c-one-based",
        "fundamental_solutions_match",
        "FAIL",
        "line 1 (\"1 5 8 6 3 7 2 4\"): column 8 is outside a 8×8 board: columns are 0-based",
    ),
    (
        "python-blank-line",
        "stops_when_asked",
        "FAIL",
        "n = 8, asked to stop after 2 solutions: line 2 (\"\"): an empty line: for n > 0 every \
         line holds n columns (here 8); only the one solution of n = 0 is an empty line",
    ),
    (
        "python-endless-printer",
        "fundamental_solutions_match",
        "FAIL",
        "line 93 (\"0 4 7 5 2 6 1 3\"): more lines than the plain board of n = 8 has solutions \
         (92): a program prints each solution once",
    ),
    (
        "python-sleeper",
        "solutions_are_valid",
        "TIMEOUT",
        "n = 5, asked for every solution: used no processor for 5 s (sleeping, or waiting for \
         input that never comes)",
    ),
    (
        "python-sleeper",
        "counts_match_oeis",
        "NOT REACHED",
        "n = 5: not reached: boards of n = 5 and more are not asked after solutions_are_valid \
         ran out of time on n = 5, asked for every solution",
    ),
    (
        "c-exponential",
        "counts_match_oeis",
        "TIMEOUT",
        "n = 10, asked to count its solutions: took more than 6 s of processor time",
    ),
    (
        "c-exponential",
        "unique_counts_match_oeis",
        "NOT REACHED",
        "n = 10: not reached: boards of n = 10 and more are not asked after counts_match_oeis \
         ran out of time on n = 10, asked to count its solutions",
    ),
    (
        "c-exponential",
        "solution_sets_match_reference",
        "PASS",
        "n = 0..=8",
    ),
    (
        "rust-duplicates",
        "no_duplicates",
        "FAIL",
        "n = 1: [0] emitted twice",
    ),
    (
        "rust-endless-loop",
        "solutions_are_valid",
        "TIMEOUT",
        "n = 2, asked for every solution: took more than 6 s of processor time",
    ),
    (
        "rust-endless-loop",
        "bad_input_is_refused",
        "PASS",
        "past max_n refused",
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
        "asked right after a search of n = ",
    ),
    (
        "rust-resets-when-n-changes",
        "reused_solver_agrees",
        "FAIL",
        "asked right after a search of n = ",
    ),
    (
        "rust-no-column-check",
        "solutions_are_valid",
        "FAIL",
        "n = 2, asked for every solution: [0, 0] is not a solution: queens at (row 0, col 0) and \
         (row 1, col 0) share a column",
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
        "n = 0, asked to count its solutions: the solver panicked: attempt to subtract with overflow",
    ),
    (
        "rust-table",
        "counts_match_oeis",
        "FAIL",
        "the solver declares max_n = 8; this assignment asks for n = 12",
    ),
];

/// The report with every figure of time taken out: what two runs with one
/// seed must share byte for byte.
fn without_times(mut report: Value) -> String {
    fn strip(value: &mut Value) {
        match value {
            Value::Object(fields) => {
                fields.remove("seconds");
                fields.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut report);
    serde_json::to_string_pretty(&report).unwrap()
}

#[test]
fn every_example_gets_the_verdict_its_fault_deserves_and_one_seed_one_report() {
    let examples = workspace().join("examples/submissions");
    let report = grade_json(&[&examples], ASSIGNMENT, &["--seed", SEED]);
    let names: Vec<&str> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|submission| submission["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 30, "{names:?}");
    for correct in CORRECT {
        let graded = submission(&report, correct);
        let failed: Vec<_> = graded["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|check| check["verdict"] != "PASS" && check["verdict"] != "N/A")
            .collect();
        assert!(failed.is_empty(), "{correct}: {failed:#?}");
        assert_eq!(graded["score"], 100.0, "{correct}");
        // The correctness checks, the four for solvers that find one as N/A.
        assert_eq!(graded["checks"].as_array().unwrap().len(), 17);
    }
    for (name, check, expected, words) in FAULTS {
        let graded = submission(&report, name);
        let (got, message) = verdict(graded, check);
        assert_eq!(got, expected, "{name} {check}: {message}");
        assert!(message.contains(words), "{name} {check}: {message}");
        assert!(graded["score"].as_f64().unwrap() < 100.0, "{name}");
    }
    // Exact scores: 7 of the 10 checks that apply to a program.
    assert_eq!(
        submission(&report, "c-exponential")["score"].as_f64(),
        Some(70.0)
    );
    // 10 of 13, as the grader computes it: 100 times the share passed.
    assert_eq!(
        submission(&report, "rust-resets-when-n-changes")["score"].as_f64(),
        Some(100.0 * (10.0 / 13.0))
    );
    let broken = submission(&report, "rust-compile-error");
    assert_eq!(broken["score"], 0.0);
    let reason = broken["not_checked"].as_str().unwrap();
    assert!(
        reason.starts_with("build failed: src/lib.rs:")
            && reason.contains("error[E0308]: mismatched types"),
        "{reason}"
    );
    // One seed, one report: graded again, the submissions whose verdicts
    // hang on the seed (the order the reuse check asks in) and a few of
    // each kind get the same report, byte for byte but the times. (Not the
    // whole class again: its three pathological members alone take a
    // minute, and their verdicts hang on limits, not on the seed.)
    let again: Vec<_> = AGAIN.iter().map(|name| examples.join(name)).collect();
    let again: Vec<&std::path::Path> = again.iter().map(std::path::PathBuf::as_path).collect();
    let again = grade_json(&again, ASSIGNMENT, &["--seed", SEED]);
    for name in AGAIN {
        let first = without_times(submission(&report, name).clone());
        let second = without_times(submission(&again, name).clone());
        if let Some(line) = first
            .lines()
            .zip(second.lines())
            .position(|(one, other)| one != other)
        {
            let around = |text: &str| -> String {
                let lines: Vec<&str> = text.lines().collect();
                lines[line.saturating_sub(12)..(line + 3).min(lines.len())].join("\n")
            };
            panic!(
                "{name}: two runs with one seed differ at line {line}:\n{}\n--- and ---\n{}",
                around(&first),
                around(&second)
            );
        }
        assert_eq!(
            first, second,
            "{name}: two runs with one seed differ in length"
        );
    }
}

/// The submissions graded twice with one seed: the two whose faults the
/// seed's order finds, a correct crate, a crash, and two programs.
const AGAIN: [&str; 6] = [
    "rust-keeps-state",
    "rust-resets-when-n-changes",
    "rust-recursive",
    "rust-panics-at-zero",
    "c-seed",
    "python-backtracking",
];
