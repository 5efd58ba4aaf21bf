//! The assignment binds every submission: an order in its scope holds a
//! crate that declares another, a table of answers passes only a scope it
//! holds (and `queens-grade assignment --check` says so before grading),
//! and a weight given to one check moves the marks of its fault alone.

use crate::support::{grade_json, grader, submission, verdict, workspace};

/// The limits of the examples' test: the same verdicts, in seconds.
const LIMITS: &str = "[limits]\nseconds_per_check = 6.0\n";

#[test]
fn an_order_in_the_scope_binds_a_crate_that_declares_another() {
    let examples = workspace().join("examples/submissions");
    let assignment = format!("[scope]\norder = \"row-major\"\n{LIMITS}");
    let report = grade_json(
        &[
            &examples.join("rust-weaker-order"),
            &examples.join("c-seed"),
        ],
        &assignment,
        &["--seed", "5"],
    );
    let weaker = submission(&report, "rust-weaker-order");
    assert_eq!(
        verdict(weaker, "order_is_documented"),
        (
            "FAIL",
            "n = 4: the first solution is [2, 0, 3, 1], but [1, 3, 0, 2] comes first in \
             row-major order (the assignment asks every solver for row-major order)"
        )
    );
    assert!(weaker["score"].as_f64().unwrap() < 100.0);
    // A program is held to the same order, and keeps it.
    let program = submission(&report, "c-seed");
    assert_eq!(
        verdict(program, "order_is_documented"),
        ("PASS", "row-major order, n = 0..=8")
    );
    assert_eq!(program["score"], 100.0);
}

#[test]
fn a_pasted_table_passes_only_a_scope_it_holds_and_the_check_warns_of_it() {
    let folder = tempfile::tempdir().unwrap();
    let holds = folder.path().join("counts-to-12.toml");
    std::fs::write(&holds, format!("[scope]\ncounts_to = 12\n{LIMITS}")).unwrap();
    let checked = grader(&["assignment", "--check", holds.to_str().unwrap()]);
    assert!(checked.status.success());
    assert_eq!(
        String::from_utf8_lossy(&checked.stdout),
        format!(
            "{}: 1 warning\nwarning: scope.counts_to = 12: every answer this scope asks fits in \
             a table a program could paste and print without searching (the 18,106 solutions \
             of n = 0..=12, 413 KiB of text); counts_to = 13 asks a board past what a table \
             holds\n",
            holds.display()
        )
    );
    let default = folder.path().join("default.toml");
    std::fs::write(&default, LIMITS).unwrap();
    let checked = grader(&["assignment", "--check", default.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8_lossy(&checked.stdout),
        format!("{}: fine, nothing to warn of\n", default.display())
    );
    let pasted = workspace().join("examples/submissions/python-pasted-table");
    let report = grade_json(
        &[&pasted],
        &std::fs::read_to_string(&holds).unwrap(),
        &["--seed", "5"],
    );
    assert_eq!(submission(&report, "python-pasted-table")["score"], 100.0);
}

#[test]
fn a_weight_given_to_one_check_moves_the_marks_of_its_fault_alone() {
    let stray = workspace().join("examples/submissions/python-stray-line");
    let report = grade_json(
        &[&stray],
        &format!("[weights]\noutput_format = 3\n{LIMITS}"),
        &["--seed", "5"],
    );
    let graded = submission(&report, "python-stray-line");
    // 13 checks of weight 1 passed; the one of weight 3 failed.
    assert_eq!(graded["score"].as_f64(), Some(100.0 * 13.0 / 16.0));
    let weights: Vec<f64> = graded["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|check| check["verdict"] != "N/A")
        .map(|check| check["weight"].as_f64().unwrap())
        .collect();
    assert_eq!(weights.len(), 14);
    assert_eq!(weights.iter().filter(|&&w| w == 3.0 / 16.0).count(), 1);
    assert_eq!(weights.iter().filter(|&&w| w == 1.0 / 16.0).count(), 13);
}
