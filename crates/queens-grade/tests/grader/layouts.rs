//! Every layout a course sees: a program graded on its own is one
//! submission whatever folders it holds (Gradescope's
//! `/autograder/submission` too), and a correct program scores full marks
//! however its language lays it out, in bubblewrap and without it, where a
//! Python module's `PYTHONPATH` and a Java package's class folders must hold
//! as well.

use std::path::Path;

use crate::support::{grade_json, grade_report, submission, workspace, write};

/// The example submission called `name`.
fn example(name: &str) -> std::path::PathBuf {
    workspace().join("examples/submissions").join(name)
}

/// The text of the example file at `path` (below `examples/submissions`).
fn example_text(path: &str) -> String {
    std::fs::read_to_string(example(path)).unwrap()
}

/// The names and scores of a JSON report's submissions.
fn scores(report: &serde_json::Value) -> Vec<(String, f64)> {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|graded| {
            (
                graded["name"].as_str().unwrap().to_owned(),
                graded["score"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_program_and_its_package_graded_on_its_own_is_one_submission() {
    let program = example("python-package");
    // Without bubblewrap, where the run's working folder is a real one.
    let report = grade_json(&[&program], "", &["--no-bwrap"]);
    assert_eq!(scores(&report), [("python-package".to_owned(), 100.0)]);
    assert_eq!(submission(&report, "python-package")["kind"], "python");
    // As Gradescope grades it, in bubblewrap: one submission, not "2 were
    // given".
    let results = grade_report("gradescope", &[&program], "", &[]);
    assert_eq!(results["score"].as_f64(), Some(100.0));
}

#[test]
fn every_layout_scores_full_marks_without_bubblewrap_and_a_program_without_one_main_is_told_why() {
    let folder = tempfile::tempdir().unwrap();
    let at = |path: &str| folder.path().join(path);
    // python-package's files with its main file as `__main__.py`, run as
    // `python3 FOLDER` would run it.
    write(
        &at("dunder-at-top/__main__.py"),
        &example_text("python-package/main.py"),
    );
    for file in ["__init__.py", "solver.py"] {
        write(
            &at(&format!("dunder-at-top/nqueens/{file}")),
            &example_text(&format!("python-package/nqueens/{file}")),
        );
    }
    // java-package's files at the top, their `package nqueens;` kept.
    for file in ["Main.java", "Board.java"] {
        write(
            &at(&format!("package-line/{file}")),
            &example_text(&format!("java-package/nqueens/{file}")),
        );
    }
    let main = "public static void main(String[] args) {}";
    write(
        &at("two-mains/Main.java"),
        &format!("public class Main {{ {main} }}\n"),
    );
    write(
        &at("two-mains/Board.java"),
        &format!("class Board {{ // tried on its own\n    {main}\n}}\n"),
    );
    write(&at("no-main/Main.java"), "public class Main {}\n");
    let paths = [
        &at("dunder-at-top"),
        &at("package-line"),
        &at("two-mains"),
        &at("no-main"),
        &example("python-dunder-main"),
    ];
    let paths: Vec<&Path> = paths.iter().map(|path| path.as_path()).collect();
    let report = grade_json(&paths, "", &["--no-bwrap"]);
    assert_eq!(
        scores(&report),
        [
            ("dunder-at-top".to_owned(), 100.0),
            ("package-line".to_owned(), 100.0),
            ("two-mains".to_owned(), 0.0),
            ("no-main".to_owned(), 0.0),
            ("python-dunder-main".to_owned(), 100.0),
        ]
    );
    assert_eq!(
        submission(&report, "two-mains")["not_checked"],
        "not a submission: 2 classes declare public static void main(String[] args) (Board in \
         Board.java, Main in Main.java): a program starts in one"
    );
    assert_eq!(
        submission(&report, "no-main")["not_checked"],
        "not a submission: no class declares public static void main(String[] args), where a \
         Java program starts"
    );
}
