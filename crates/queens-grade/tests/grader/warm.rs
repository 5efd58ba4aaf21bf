//! `queens-grade warm`: the suite's dependencies built into a target folder
//! ahead of a class, which a later run then links without building them
//! again; a folder that is not the grader's refused in one line.

use crate::support::{grade_json, grader, shared_target, shared_units, submission, workspace};

#[test]
fn a_warm_folder_is_linked_by_the_next_run_unchanged() {
    let target = shared_target();
    let warmed = grader(&["warm", "--target-dir", target.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&warmed.stdout);
    assert!(
        warmed.status.success(),
        "{}",
        String::from_utf8_lossy(&warmed.stderr)
    );
    assert!(
        stdout.starts_with(&format!(
            "the suite's dependencies are built in {} (",
            target.display()
        )),
        "{stdout}"
    );
    let units = shared_units(&target.join("target"));
    assert!(units.len() > 100, "the units are built: {}", units.len());
    let crate_folder = workspace().join("examples/submissions/rust-recursive");
    let report = grade_json(&[&crate_folder], "", &["--seed", "5"]);
    assert_eq!(submission(&report, "rust-recursive")["score"], 100.0);
    let after = shared_units(&target.join("target"));
    for (unit, seen) in &units {
        assert_eq!(after.get(unit), Some(seen), "rebuilt: {}", unit.display());
    }
}

#[test]
fn a_folder_the_grader_did_not_make_is_refused_in_one_line() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("notes.txt"), "mine").unwrap();
    let refused = grader(&["warm", "--target-dir", folder.path().to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("a folder the grader did not make"),
        "{stderr}"
    );
}
