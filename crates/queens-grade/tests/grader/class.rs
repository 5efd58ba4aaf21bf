//! A class folder as a hostile class hands it in: every entry a row, a
//! hidden submission graded like any other, a link refused alone under its
//! own name and never followed, namesakes refused each, and the class's run
//! never stopped by what students put in the folder.

use crate::support::{grade_json, submission, workspace};

/// A correct C program, the seed's.
fn correct_program() -> String {
    std::fs::read_to_string(workspace().join("examples/submissions/c-seed/queens.c")).unwrap()
}

#[test]
fn the_class_is_what_is_in_the_folder() {
    let folder = tempfile::tempdir().unwrap();
    let class = folder.path().join("class");
    std::fs::create_dir_all(class.join(".ada")).unwrap();
    std::fs::write(class.join(".ada/queens.c"), correct_program()).unwrap();
    std::fs::create_dir_all(class.join("cy")).unwrap();
    std::fs::write(class.join("cy/queens.c"), correct_program()).unwrap();
    std::fs::write(class.join("cy.c"), correct_program()).unwrap();
    std::os::unix::fs::symlink(".ada", class.join("bob")).unwrap();
    std::os::unix::fs::symlink("/etc", class.join("ada2")).unwrap();
    let report = grade_json(&[&class], "", &[]);
    let names: Vec<&str> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|graded| graded["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, [".ada", "ada2", "bob", "cy", "cy"]);
    let ada = submission(&report, ".ada");
    assert_eq!((&ada["kind"], &ada["score"]), (&"c".into(), &100.0.into()));
    for link in ["ada2", "bob"] {
        assert_eq!(
            submission(&report, link)["not_checked"],
            format!(
                "not a submission: {link} is a symbolic link: a submission in a class folder is \
                 the file or folder itself, and a link is never followed"
            )
        );
    }
    let namesakes = format!(
        "not a submission: {} and {} share the name cy: a gradebook keys on names, so none of \
         them is graded; rename all but one",
        class.join("cy").display(),
        class.join("cy.c").display()
    );
    for graded in &report["submissions"].as_array().unwrap()[3..] {
        assert_eq!(graded["not_checked"], namesakes);
        assert_eq!(graded["score"], 0.0);
    }
}
