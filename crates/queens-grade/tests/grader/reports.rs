//! Every report from one run, and a saved run rendered again: `grade`
//! writes the table, the CSV, the JSON and Gradescope's results.json at
//! once, each path checked before any grading, and `report RUN.json` gives
//! back what the run gave, byte for byte, or refuses in one line.

use std::path::Path;

use crate::support::{full_device, grader, shared_target, workspace};

/// `path` as a string, for a command line.
fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// What `report` prints for `arguments` after the saved run `run`,
/// checking that it succeeded.
fn rendered(run: &Path, arguments: &[&str]) -> Vec<u8> {
    let output = grader(&[&["report", text(run)], arguments].concat());
    assert!(
        output.status.success(),
        "report {arguments:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

#[test]
fn one_run_writes_every_report_and_its_json_renders_them_again_byte_for_byte() {
    let folder = tempfile::tempdir().unwrap();
    let [table, csv, run] =
        ["table.txt", "grades.csv", "run.json"].map(|name| folder.path().join(name));
    let examples = workspace().join("examples/submissions");
    let target = shared_target();
    let graded = grader(&[
        "grade",
        "--target-dir",
        text(&target),
        "--seed",
        "5",
        "--details",
        "--table",
        text(&table),
        "--csv",
        text(&csv),
        "--json",
        text(&run),
        text(&examples.join("c-seed")),
        text(&examples.join("c-one-based")),
    ]);
    assert!(
        graded.status.success(),
        "{}",
        String::from_utf8_lossy(&graded.stderr)
    );
    let on_stdout = String::from_utf8(graded.stdout).unwrap();
    assert!(
        on_stdout.contains("│ c-one-based │ c    │ ✗✗✓✗✗✗✗✗✗✗✗✗✗✗···· 1/14"),
        "{on_stdout}"
    );
    assert!(
        on_stdout.contains("\nc-one-based: solutions_are_valid FAIL: "),
        "the details follow the table: {on_stdout}"
    );
    assert_eq!(std::fs::read_to_string(&table).unwrap(), on_stdout);
    let csv = std::fs::read(&csv).unwrap();
    assert!(csv.starts_with(b"submission,kind,score,not_checked,solutions_are_valid,"));
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&run).unwrap()).unwrap();
    assert_eq!(saved["tool"], "queens-grade");
    assert_eq!(saved["format"], 1);
    assert_eq!(saved["seed"], 5);
    assert_eq!(saved["gradescope"]["stdout_visibility"], "hidden");

    assert_eq!(rendered(&run, &["--details"]), on_stdout.as_bytes());
    assert_eq!(rendered(&run, &["--format", "csv"]), csv);
    assert_eq!(
        rendered(&run, &["--format", "json"]),
        std::fs::read(&run).unwrap()
    );
    let again = folder.path().join("again.csv");
    assert!(
        rendered(
            &run,
            &["--format", "csv", "--out", text(&again), "--table", "-"]
        )
        .starts_with("╭".as_bytes())
    );
    assert_eq!(std::fs::read(&again).unwrap(), csv);

    let two = grader(&["report", text(&run), "--format", "gradescope"]);
    assert_eq!(two.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&two.stderr),
        format!(
            "error: --format gradescope grades one submission, as Gradescope runs it; 2 are in {}\n",
            run.display()
        )
    );
}

#[test]
fn a_report_that_cannot_be_written_after_the_run_spares_the_others() {
    let folder = tempfile::tempdir().unwrap();
    let [results, run] = ["results.json", "run.json"].map(|name| folder.path().join(name));
    let one_based = workspace().join("examples/submissions/c-one-based");
    let Some(full) = full_device(folder.path()) else {
        return;
    };
    let target = shared_target();
    let graded = grader(&[
        "grade",
        "--target-dir",
        text(&target),
        "--seed",
        "5",
        "--format",
        "gradescope",
        "--out",
        text(&results),
        "--csv",
        text(&full),
        "--json",
        text(&run),
        text(&one_based),
    ]);
    assert_eq!(graded.status.code(), Some(74));
    let stderr = String::from_utf8_lossy(&graded.stderr);
    assert_eq!(
        stderr.lines().last(),
        Some(
            format!(
                "error: cannot write {}: No space left on device (os error 28)",
                full.display()
            )
            .as_str()
        ),
        "{stderr}"
    );
    let results = std::fs::read(&results).unwrap();
    let score = serde_json::from_slice::<serde_json::Value>(&results).unwrap()["score"]
        .as_f64()
        .unwrap();
    // Its form alone passes: 1 of 14.
    assert!((score - 100.0 / 14.0).abs() < 1e-9, "{score}");
    assert_eq!(rendered(&run, &["--format", "gradescope"]), results);
}

#[test]
fn every_report_path_is_checked_before_grading() {
    let folder = tempfile::tempdir().unwrap();
    let c_seed = workspace().join("examples/submissions/c-seed");
    let python = workspace().join("examples/submissions/python-backtracking");
    let nowhere = folder.path().join("no-such-folder/grades.csv");
    let twice = folder.path().join("grades.csv");
    // The grader's stdout by another name: a link of the test's own, so
    // that a writer that wrongly replaced it would replace only the link.
    let stdout = folder.path().join("stdout");
    std::os::unix::fs::symlink("/proc/self/fd/1", &stdout).unwrap();
    let cases: [(Vec<&str>, String); 5] = [
        (
            vec!["--csv", text(&nowhere)],
            format!(
                "error: cannot write {}: No such file or directory (os error 2)",
                nowhere.display()
            ),
        ),
        (
            vec!["--csv", text(&twice), "--json", text(&twice)],
            format!(
                "error: --csv and --json would both write {}: give each report a place of its own",
                twice.display()
            ),
        ),
        (
            vec!["--csv", "-"],
            "error: --format table and --csv would both write to stdout: give each report a \
             place of its own"
                .to_owned(),
        ),
        (
            vec!["--csv", text(&stdout)],
            format!(
                "error: --format table and --csv would both write {}: give each report a place \
                 of its own",
                stdout.display()
            ),
        ),
        (
            vec!["--gradescope", text(&twice), text(&python)],
            "error: --gradescope grades one submission, as Gradescope runs it; 2 were given"
                .to_owned(),
        ),
    ];
    for (extra, expected) in cases {
        let output = grader(&[&["grade", text(&c_seed)], &extra[..]].concat());
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!("{expected}\n"),
            "nothing is graded first"
        );
        assert!(!twice.exists());
    }
}

#[test]
fn report_refuses_what_is_not_a_run_of_this_grader_in_one_line() {
    let folder = tempfile::tempdir().unwrap();
    let older = folder.path().join("older.json");
    std::fs::write(&older, "{\"seed\": 5, \"submissions\": []}\n").unwrap();
    let grades = folder.path().join("grades.csv");
    std::fs::write(&grades, "submission,kind,score\n").unwrap();
    let cases = [
        (
            older.clone(),
            "a report of a queens-grade older than `queens-grade report` (it has no \
             \"format\"): render it with the grader that made it, or grade again",
        ),
        (
            grades.clone(),
            "not a JSON report of queens-grade: expected value at line 1 column 1",
        ),
        (
            folder.path().to_owned(),
            "not a regular file but a directory",
        ),
    ];
    for (path, expected) in cases {
        let output = grader(&["report", text(&path), "--format", "csv"]);
        assert_eq!(output.status.code(), Some(2), "{}", path.display());
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!("error: {}: {expected}\n", path.display())
        );
        assert!(output.stdout.is_empty());
    }
}
