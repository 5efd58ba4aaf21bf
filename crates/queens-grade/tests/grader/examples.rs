//! The grader on `examples/submissions/`: every correct submission gets full
//! marks, every buggy one loses marks on the check that names its fault,
//! with that fault in the message, the whole run finishes, two runs with
//! one seed give the same report, and the excerpt of a report in
//! docs/grading.md is this run's.

use serde_json::Value;

use crate::support::{grade_json, submission, verdict, workspace};

/// A short time limit, so that the endless loop and the exponential search
/// cost seconds, not minutes; Python still gets ten times as long. The
/// exponential search takes about 2 s at n = 9 and 45 s at n = 10 on the
/// machines this project runs on, and its random problems up to n = 9 some
/// 5 s in all (its answers to plain boards kept from the earlier checks):
/// 8 s lies well between.
const ASSIGNMENT: &str = "[limits]\nseconds_per_check = 8.0\n";

/// The seed both runs share.
const SEED: &str = "20261125";

/// The correct examples: full marks, every check that applies passed.
const CORRECT: [&str; 12] = [
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
    // Its column-major order is the one it declares; the default
    // assignment requires none (tests/grader/assignment.rs sets one).
    "rust-weaker-order",
];

/// For each buggy example: the check that must catch it, the verdict, and
/// words its message must hold.
const FAULTS: [(&str, &str, &str, &str); 25] = [
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
        "c-one-based",
        "reused_solver_agrees",
        "FAIL",
        "not granted: a program is started afresh for each question: no state outlives one, \
         but it is granted only to a program that passes solutions_are_valid",
    ),
    (
        "python-blank-line",
        "output_format",
        "FAIL",
        "n = 4: line 2 is empty: a stray line: print each solution on a line of its own, and \
         nothing else",
    ),
    (
        "python-stray-line",
        "output_format",
        "FAIL",
        "n = 4: line 3 (\"Total: 2\") is text, not a solution: a stray line",
    ),
    (
        "python-pasted-table",
        "counts_match_oeis",
        "FAIL",
        "n = 13: expected 73712 solutions, got 0",
    ),
    (
        "python-endless-printer",
        "fundamental_solutions_match",
        "FAIL",
        "n = 8, asked for its fundamental solutions: line 93 (\"0 4 7 5 2 6 1 3\"): more \
         solutions than the board of n = 8 has (92): one printed twice, or printed without end",
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
        "n = 10, asked to count its solutions: took more than 8 s of processor time",
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
        "n = 2, asked for every solution: took more than 8 s of processor time",
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
        "the solver declares max_n = 8; this assignment asks for n = 13",
    ),
];

/// Asserts that the excerpt of a report in docs/grading.md ("Read the
/// report") is this run's: each row's verdicts, count and score, and each
/// line of `--details` word for word.
fn the_excerpt_in_the_docs_is(report: &Value) {
    let page = std::fs::read_to_string(workspace().join("docs/grading.md")).unwrap();
    let section = &page[page.find("### Read the report").unwrap()..];
    let start = section.find("```text\n").unwrap() + "```text\n".len();
    let excerpt = &section[start..start + section[start..].find("```").unwrap()];
    let mut seen = 0;
    for line in excerpt.lines() {
        if let Some(row) = line.strip_prefix("│ ") {
            let cells: Vec<&str> = row.split('│').map(str::trim).collect();
            let [name, _kind, verdicts, score, ..] = cells[..] else {
                panic!("a row of four cells: {line}");
            };
            if name == "submission" {
                continue;
            }
            let graded = submission(report, name);
            assert_eq!(
                score,
                format!("{:.1}", graded["score"].as_f64().unwrap()),
                "{line}"
            );
            match graded["not_checked"].as_str() {
                Some(reason) => {
                    assert!(reason.starts_with(verdicts.trim_end_matches('…')), "{line}")
                }
                None => assert_eq!(verdicts, symbols(graded), "{line}"),
            }
            seen += 1;
        } else if let Some((name, rest)) = line.split_once(": ") {
            let Some(graded) = report["submissions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|graded| graded["name"] == name)
            else {
                continue;
            };
            let shown = match graded["not_checked"].as_str() {
                Some(reason) => reason.to_owned(),
                None => {
                    let check = rest.split(' ').next().unwrap();
                    let (got, message) = verdict(graded, check);
                    format!("{check} {got}: {message}")
                }
            };
            assert_eq!(rest, shown, "docs/grading.md is not this run's");
            seen += 1;
        }
    }
    assert!(seen >= 10, "the excerpt was found: {excerpt}");
}

/// A graded submission's verdicts as the table shows them: a symbol per
/// check, and how many of those that count passed.
fn symbols(graded: &Value) -> String {
    let checks = graded["checks"].as_array().unwrap();
    let symbol = |verdict: &str| match verdict {
        "PASS" => '✓',
        "FAIL" => '✗',
        "CRASH" => 'C',
        "TIMEOUT" => 'T',
        "NOT REACHED" => '-',
        "NOT GRADED" => '?',
        _ => '·',
    };
    let shown: String = checks
        .iter()
        .map(|check| symbol(check["verdict"].as_str().unwrap()))
        .collect();
    let counted = shown.chars().filter(|&c| !"·?".contains(c)).count();
    let passed = shown.chars().filter(|&c| c == '✓').count();
    format!("{shown} {passed}/{counted}")
}

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
    assert_eq!(names.len(), 33, "{names:?}");
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
        assert_eq!(graded["checks"].as_array().unwrap().len(), 18);
    }
    for (name, check, expected, words) in FAULTS {
        let graded = submission(&report, name);
        let (got, message) = verdict(graded, check);
        assert_eq!(got, expected, "{name} {check}: {message}");
        assert!(message.contains(words), "{name} {check}: {message}");
        assert!(graded["score"].as_f64().unwrap() < 100.0, "{name}");
    }
    // Exact scores: 11 of the 14 checks that apply to a program, as to a
    // crate.
    assert_eq!(
        submission(&report, "c-exponential")["score"].as_f64(),
        Some(100.0 * (11.0 / 14.0))
    );
    // 11 of 14, as the grader computes it: 100 times the share passed.
    assert_eq!(
        submission(&report, "rust-resets-when-n-changes")["score"].as_f64(),
        Some(100.0 * (11.0 / 14.0))
    );
    the_excerpt_in_the_docs_is(&report);
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
