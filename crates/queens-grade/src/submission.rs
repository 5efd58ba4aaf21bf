//! Finding the submissions among the paths a teacher names: a Rust crate (a
//! folder with `Cargo.toml`), a program (a source file, or a folder of
//! source files in one language the assignment knows), or a folder of such
//! submissions, one level deep.
//!
//! A path that is none of these is still listed, with the reason as its
//! verdict, so that a class list never loses a student silently; only a path
//! that does not exist, or two submissions with one name (a gradebook keys
//! on names), stops the run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::assignment::Assignment;

/// What a submission is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A Rust crate exporting `pub fn solver()`.
    Crate,
    /// A program in `language`: a source file, or a folder whose every
    /// file is part of it.
    Program {
        /// The language's name in the assignment.
        language: String,
    },
    /// Not a submission, for this reason.
    NotASubmission(String),
}

impl Kind {
    /// A word for reports: "rust", the language, or "-".
    pub(crate) fn label(&self) -> &str {
        match self {
            Kind::Crate => "rust",
            Kind::Program { language, .. } => language,
            Kind::NotASubmission(_) => "-",
        }
    }
}

/// One submission: its name (the folder's or file's), where it is, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Submission {
    /// The student's name, as the gradebook shows it.
    pub name: String,
    /// The folder or file.
    pub path: PathBuf,
    /// What it is.
    pub kind: Kind,
}

/// The submissions among `paths`, in the order given (a folder's in name
/// order). Errs with one line when a path does not exist or two submissions
/// share a name.
pub(crate) fn discover(
    paths: &[PathBuf],
    assignment: &Assignment,
) -> Result<Vec<Submission>, String> {
    if paths.is_empty() {
        return Err("no submission given: name a submission or a folder of them".to_owned());
    }
    let mut found = Vec::new();
    for path in paths {
        if let Err(error) = std::fs::metadata(path) {
            return Err(missing(path, &error));
        }
        if is_folder_of_submissions(path, assignment) {
            // Each folder inside is a student's, submission or not; of the
            // files, only programs are (a README beside them is not).
            for entry in entries(path)? {
                let kind = if entry.is_symlink() {
                    Kind::NotASubmission(format!(
                        "{} is a symbolic link: a submission in a class folder is the file or \
                         folder itself",
                        entry.display()
                    ))
                } else {
                    classify(&entry, assignment)
                };
                if entry.is_dir() || entry.is_symlink() || !matches!(kind, Kind::NotASubmission(_))
                {
                    found.push(submission(entry, kind));
                }
            }
        } else {
            found.push(submission(path.clone(), classify(path, assignment)));
        }
    }
    unique_names(&found)?;
    Ok(found)
}

/// Why `path`, which cannot be read, is not there: a loop of symbolic
/// links, a link to nothing, or nothing at all.
fn missing(path: &Path, error: &std::io::Error) -> String {
    if error.raw_os_error() == Some(nix::libc::ELOOP) {
        return format!("{}: a loop of symbolic links", path.display());
    }
    match std::fs::read_link(path) {
        Ok(target) => format!(
            "{}: a symbolic link to {}, which does not exist",
            path.display(),
            target.display()
        ),
        Err(_) if error.kind() == std::io::ErrorKind::NotFound => {
            format!("{}: no such file or folder", path.display())
        }
        Err(_) => format!("{}: {error}", path.display()),
    }
}

/// A submission at `path`.
fn submission(path: PathBuf, kind: Kind) -> Submission {
    // `.` and `..` have no name of their own; their folder's is the student's.
    let named = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
    let name = match (&kind, named.file_stem()) {
        (Kind::Program { .. }, Some(stem)) if named.is_file() => stem,
        _ => named.file_name().unwrap_or(named.as_os_str()),
    };
    Submission {
        name: printable(&name.to_string_lossy()),
        path,
        kind,
    }
}

/// `name` with every control character (a newline in a folder's name)
/// shown as `?`, so that a name stays on its line in every report.
fn printable(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// What the file or folder at `path` is.
fn classify(path: &Path, assignment: &Assignment) -> Kind {
    if path.is_file() {
        return match language_of(path, assignment) {
            Some(language) => Kind::Program { language },
            None => Kind::NotASubmission(format!(
                "{} is neither a crate nor a source file of a language the assignment knows ({})",
                path.display(),
                known_extensions(assignment)
            )),
        };
    }
    if path.join("Cargo.toml").is_file() {
        return Kind::Crate;
    }
    let files: Vec<PathBuf> = entries(path)
        .unwrap_or_default()
        .into_iter()
        .filter(|entry| entry.is_file())
        .collect();
    let mut by_language: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for file in files {
        if let Some(language) = language_of(&file, assignment) {
            by_language.entry(language).or_default().push(file);
        }
    }
    let mut languages = by_language.into_iter();
    match (languages.next(), languages.next()) {
        (Some((language, _)), None) => Kind::Program { language },
        (Some((first, _)), Some((second, _))) => Kind::NotASubmission(format!(
            "source files in two languages ({first} and {second}): a submission is one program"
        )),
        (None, _) => Kind::NotASubmission(format!(
            "no Cargo.toml and no source file of a language the assignment knows ({})",
            known_extensions(assignment)
        )),
    }
}

/// The language of the source file at `path`, by its extension.
fn language_of(path: &Path, assignment: &Assignment) -> Option<String> {
    let extension = path.extension()?.to_str()?;
    assignment
        .language_of(extension)
        .map(|(name, _)| name.to_owned())
}

/// ".c, .cpp, ..." for messages.
fn known_extensions(assignment: &Assignment) -> String {
    let mut extensions: Vec<String> = assignment
        .languages
        .values()
        .flat_map(|language| {
            language
                .extensions
                .iter()
                .map(|extension| format!(".{extension}"))
        })
        .collect();
    extensions.sort();
    extensions.join(", ")
}

/// Whether `path` is a folder of submissions rather than one: not a crate
/// itself, and holding a folder that is a submission (a `__pycache__` beside
/// a Python program is not), or only folders (students' folders, empty or
/// not), or several source files none of which is a program's main one (a
/// class that handed in single files).
fn is_folder_of_submissions(path: &Path, assignment: &Assignment) -> bool {
    if !path.is_dir() || path.join("Cargo.toml").is_file() {
        return false;
    }
    let Ok(entries) = entries(path) else {
        return false;
    };
    let folders: Vec<&PathBuf> = entries.iter().filter(|entry| entry.is_dir()).collect();
    let sources: Vec<&PathBuf> = entries
        .iter()
        .filter(|entry| entry.is_file() && language_of(entry, assignment).is_some())
        .collect();
    let holds_a_submission = folders
        .iter()
        .any(|folder| !matches!(classify(folder, assignment), Kind::NotASubmission(_)));
    let only_folders = !folders.is_empty() && sources.is_empty();
    let single_files = sources.len() > 1 && !sources.iter().any(|source| is_main(source));
    holds_a_submission || only_folders || single_files
}

/// Whether `source` is the main file of a program of several: `main.*` or
/// `queens.*`.
pub(crate) fn is_main(source: &Path) -> bool {
    let stem = source
        .file_stem()
        .map(|stem| stem.to_string_lossy().to_lowercase());
    matches!(stem.as_deref(), Some("main" | "queens"))
}

/// The entries of the folder `path` that are not hidden and not a build's
/// `target` folder, sorted by name.
fn entries(path: &Path) -> Result<Vec<PathBuf>, String> {
    let read = std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let mut entries: Vec<PathBuf> = read
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|entry| {
            entry.file_name().is_some_and(|name| {
                let name = name.to_string_lossy();
                !name.starts_with('.') && name != "target"
            })
        })
        .collect();
    entries.sort();
    Ok(entries)
}

/// Whether `a` and `b` name the same file or folder.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Errs when two submissions share a name.
fn unique_names(found: &[Submission]) -> Result<(), String> {
    let mut seen: BTreeMap<&str, &Path> = BTreeMap::new();
    for submission in found {
        if let Some(first) = seen.insert(&submission.name, &submission.path) {
            if same_file(first, &submission.path) {
                return Err(format!("{} is given twice", submission.path.display()));
            }
            return Err(format!(
                "two submissions are named {}: {} and {}; rename one",
                submission.name,
                first.display(),
                submission.path.display()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn crates_programs_and_folders_of_them_are_told_apart() {
        let root = tempfile::tempdir().unwrap();
        let class = root.path().join("class");
        write(&class.join("ada/Cargo.toml"), "[package]\nname = \"ada\"\n");
        write(
            &class.join("bob/queens.c"),
            "int main(void) { return 0; }\n",
        );
        write(&class.join("bob/notes.txt"), "");
        write(&class.join("cy.py"), "print()\n");
        write(&class.join("dee/README"), "");
        write(&class.join("eve/a.c"), "");
        write(&class.join("eve/b.py"), "");
        write(&class.join("README.md"), "");
        let assignment = Assignment::default_assignment();
        let found = discover(std::slice::from_ref(&class), &assignment).unwrap();
        let summary: Vec<(&str, &str)> = found
            .iter()
            .map(|submission| (submission.name.as_str(), submission.kind.label()))
            .collect();
        assert_eq!(
            summary,
            [
                ("ada", "rust"),
                ("bob", "c"),
                ("cy", "python"),
                ("dee", "-"),
                ("eve", "-")
            ]
        );
        assert_eq!(
            found[3].kind,
            Kind::NotASubmission(
                "no Cargo.toml and no source file of a language the assignment knows \
                 (.c, .cc, .cpp, .cxx, .java, .py)"
                    .into()
            )
        );
        assert_eq!(
            found[4].kind,
            Kind::NotASubmission(
                "source files in two languages (c and python): a submission is one program".into()
            )
        );
    }

    #[test]
    fn a_class_of_single_files_or_empty_folders_is_a_class() {
        let root = tempfile::tempdir().unwrap();
        let assignment = Assignment::default_assignment();
        write(&root.path().join("files/alice.py"), "");
        write(&root.path().join("files/bob.c"), "");
        write(&root.path().join("files/carol.py"), "");
        write(&root.path().join("empty/dan/.keep"), "");
        write(&root.path().join("empty/erin/.keep"), "");
        write(&root.path().join("program/main.py"), "");
        write(&root.path().join("program/board.py"), "");
        let names = |path: &str| -> Vec<String> {
            discover(&[root.path().join(path)], &assignment)
                .unwrap()
                .into_iter()
                .map(|submission| submission.name)
                .collect()
        };
        assert_eq!(names("files"), ["alice", "bob", "carol"]);
        assert_eq!(names("empty"), ["dan", "erin"]);
        assert_eq!(names("program"), ["program"]);
    }

    #[test]
    fn names_stay_on_their_line() {
        assert_eq!(printable("ada\nlovelace\t2"), "ada?lovelace?2");
        assert_eq!(printable("Zoë"), "Zoë");
    }

    #[test]
    fn bad_paths_and_twin_names_are_one_line() {
        let root = tempfile::tempdir().unwrap();
        let assignment = Assignment::default_assignment();
        let missing = root.path().join("nobody");
        assert_eq!(
            discover(std::slice::from_ref(&missing), &assignment).unwrap_err(),
            format!("{}: no such file or folder", missing.display())
        );
        write(&root.path().join("a/ann/q.c"), "");
        write(&root.path().join("b/ann/q.py"), "");
        let error = discover(
            &[root.path().join("a/ann"), root.path().join("b/ann")],
            &assignment,
        )
        .unwrap_err();
        assert!(
            error.starts_with("two submissions are named ann: "),
            "{error}"
        );
        let twice = root.path().join("a/ann/q.c");
        assert_eq!(
            discover(&[twice.clone(), twice.clone()], &assignment).unwrap_err(),
            format!("{} is given twice", twice.display())
        );
        assert_eq!(
            discover(&[], &assignment).unwrap_err(),
            "no submission given: name a submission or a folder of them"
        );
        let looped = root.path().join("loop");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        assert_eq!(
            discover(std::slice::from_ref(&looped), &assignment).unwrap_err(),
            format!("{}: a loop of symbolic links", looped.display())
        );
        let dangling = root.path().join("dangling");
        std::os::unix::fs::symlink(root.path().join("gone"), &dangling).unwrap();
        assert_eq!(
            discover(std::slice::from_ref(&dangling), &assignment).unwrap_err(),
            format!(
                "{}: a symbolic link to {}, which does not exist",
                dangling.display(),
                root.path().join("gone").display()
            )
        );
    }
}
