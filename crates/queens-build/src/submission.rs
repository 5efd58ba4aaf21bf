//! Finding the submissions among the paths a teacher names: a Rust crate (a
//! folder with `Cargo.toml`), a program (a source file, or a folder of
//! source files in one language the assignment knows, with its package
//! folders), or a folder of such submissions, one level deep.
//!
//! A folder that holds folders is a program, not a class, when its layout
//! says so ([`is_one_program`]): `main.py` beside the package it imports is
//! one student's, graded on its own or as Gradescope's
//! `/autograder/submission`, and so is a folder holding only the package
//! `nqueens/` with its `__main__.py` or its Java class with `main`.
//!
//! The class is what is in the folder: every entry of a class folder is a
//! row of the report, so that a class list never loses a student silently.
//! An entry that is not a submission (a README, an empty folder) is listed
//! with the reason as its verdict; so is a symbolic link, which is never
//! followed (`bob -> alice` would grade a classmate's work under another
//! name, `alice2 -> /etc` would read what is not the class's) and never
//! costs another row anything, whatever its name. A hidden entry (`.ada`)
//! is a submission like any other: hidden or not, it is in the folder, and
//! leaving it out would lose a student without a word.
//!
//! Names are what a gradebook keys on. Two entries of class folders that
//! share one (`ada/` beside `ada.py`) are each refused, naming the others:
//! the grader cannot tell which is the student's, and the students' files
//! never stop the class's run. Only the teacher's own command line does: a
//! path that does not exist, a path given twice, or a path named on it that
//! shares its name with another submission.

use std::collections::BTreeMap;
use std::fs::FileType;
use std::path::{Path, PathBuf};

use crate::assignment::Assignment;
use crate::layout::{self, Entry};

/// What a submission is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
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
    pub fn label(&self) -> &str {
        match self {
            Kind::Crate => "rust",
            Kind::Program { language, .. } => language,
            Kind::NotASubmission(_) => "-",
        }
    }
}

/// One submission: its name (the folder's or file's), where it is, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// The student's name, as the gradebook shows it.
    pub name: String,
    /// The folder or file.
    pub path: PathBuf,
    /// What it is.
    pub kind: Kind,
}

/// Where a row of the report came from, which decides what a clash of
/// names does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// A path the teacher named: a clash stops the run.
    Named,
    /// A file or folder in a class folder: a clash refuses the row.
    Entry,
    /// A symbolic link in a class folder: refused whatever its name, and
    /// never in a clash.
    Link,
}

/// A row found, before the names are settled.
struct Row {
    submission: Submission,
    origin: Origin,
}

/// The submissions among `paths`, in the order given (a folder's in name
/// order). Errs with one line when a path does not exist, is given twice,
/// or shares its name with another submission.
pub fn discover(paths: &[PathBuf], assignment: &Assignment) -> Result<Vec<Submission>, String> {
    if paths.is_empty() {
        return Err("no submission given: name a submission or a folder of them".to_owned());
    }
    let mut rows = Vec::new();
    for path in paths {
        if let Err(error) = std::fs::metadata(path) {
            return Err(missing(path, &error));
        }
        if is_folder_of_submissions(path, assignment) {
            for entry in listing(path, |_| true)? {
                rows.push(class_row(entry, assignment));
            }
        } else {
            rows.push(named_row(path, assignment));
        }
    }
    settle_names(rows)
}

/// The row of a path the teacher named, followed if it is a link (the
/// teacher's choice), and named after what it leads to, so that `.` and
/// `..` get their folder's name.
fn named_row(path: &Path, assignment: &Assignment) -> Row {
    let kind = classify(path, assignment);
    let named = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    Row {
        submission: Submission {
            name: name_of(&named, &kind),
            path: path.to_owned(),
            kind,
        },
        origin: Origin::Named,
    }
}

/// The row of `entry`, a file, folder, link or other thing in a class
/// folder, under its own name: a link is refused and never followed.
fn class_row(entry: PathBuf, assignment: &Assignment) -> Row {
    let shown = printable(&entry.file_name().unwrap_or_default().to_string_lossy());
    let (kind, origin) = match std::fs::symlink_metadata(&entry).map(|meta| meta.file_type()) {
        Ok(file_type) if file_type.is_symlink() => (
            Kind::NotASubmission(format!(
                "{shown} is a symbolic link: a submission in a class folder is the file or \
                 folder itself, and a link is never followed"
            )),
            Origin::Link,
        ),
        Ok(file_type) => (
            classify_entry(&entry, &shown, file_type, assignment),
            Origin::Entry,
        ),
        Err(error) => (
            Kind::NotASubmission(format!("{shown}: {error}")),
            Origin::Entry,
        ),
    };
    Row {
        submission: Submission {
            name: name_of(&entry, &kind),
            path: entry,
            kind,
        },
        origin,
    }
}

/// What the entry `entry` of a class folder, not a link, is: a file or a
/// folder is classified; a FIFO, socket or device is none of a student's.
fn classify_entry(entry: &Path, shown: &str, file_type: FileType, assignment: &Assignment) -> Kind {
    if file_type.is_file() || file_type.is_dir() {
        classify(entry, assignment)
    } else {
        Kind::NotASubmission(format!(
            "{shown} is neither a file nor a folder: a submission is one or the other"
        ))
    }
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

/// The name of the submission at `named` (a program's file without its
/// extension; anything else by its whole name), fit for a report's line.
fn name_of(named: &Path, kind: &Kind) -> String {
    let name = match (kind, named.file_stem()) {
        (Kind::Program { .. }, Some(stem)) if named.is_file() => stem,
        _ => named.file_name().unwrap_or(named.as_os_str()),
    };
    printable(&name.to_string_lossy())
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
    let mut languages = parts(path, assignment).into_iter();
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

/// The source files of the program the folder `path` is, by language: the
/// files at its top and every file of its package folders (a Python
/// package, a Java package: [`layout::is_package_folder`]), as a copy
/// keeps them.
fn parts(path: &Path, assignment: &Assignment) -> BTreeMap<String, Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in entries(path).unwrap_or_default() {
        if entry.is_file() {
            files.push(entry);
        } else if is_real(&entry, FileType::is_dir) && layout::is_package_folder(&entry, path) {
            files.extend(layout::files_below(&entry));
        }
    }
    let mut by_language: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for file in files {
        if let Some(language) = language_of(&file, assignment) {
            by_language.entry(language).or_default().push(file);
        }
    }
    by_language
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
/// itself, not one program whatever folders it holds ([`is_one_program`]),
/// and holding a folder that is a submission, hidden or not (a
/// `__pycache__` beside a Python program is not), or only folders
/// (students' folders, empty or not), or several source files none of which
/// is a program's main one (a class that handed in single files). Links
/// are not followed: where one leads says nothing of this folder. The last
/// two tests look only at what a submission's copy keeps (no hidden entry,
/// no `target`), so that a student's folder holding a `.git` and nothing
/// else is still that student's one row.
fn is_folder_of_submissions(path: &Path, assignment: &Assignment) -> bool {
    if !path.is_dir() || path.join("Cargo.toml").is_file() || is_one_program(path, assignment) {
        return false;
    }
    let Ok(every) = listing(path, |_| true) else {
        return false;
    };
    let folders: Vec<&PathBuf> = every
        .iter()
        .filter(|entry| is_real(entry, FileType::is_dir))
        .collect();
    let holds_a_submission = folders
        .iter()
        .any(|folder| !matches!(classify(folder, assignment), Kind::NotASubmission(_)));
    let sources = top_sources(path, assignment);
    let kept = |entry: &Path| entry.file_name().is_some_and(kept_in_copies);
    let only_folders = folders.iter().any(|folder| kept(folder)) && sources.is_empty();
    let single_files = sources.len() > 1 && !sources.iter().any(|source| layout::is_main(source));
    holds_a_submission || only_folders || single_files
}

/// Whether the folder `path` is one program, whatever folders it holds
/// (`main.py` beside the package `nqueens/` it imports, graded on its own or
/// as Gradescope's `/autograder/submission`).
///
/// Never when one of its folders that is not a package of it holds a main
/// file of its own: that is a class (the teacher's `queens.py` beside the
/// students' folders). A hidden folder is one of those: it is not copied
/// with the program, and a hidden student is a student. Otherwise, always
/// when its top holds a main file. Without one, only when none of those
/// other folders is a submission at all, so that no student's folder is
/// taken for a part of a program: then a single source file at the top is
/// the program's main one, and with none the program must start in one of
/// its packages (a Python package with `__main__.py`, a Java class with
/// `main` in `nqueens/Main.java`).
fn is_one_program(path: &Path, assignment: &Assignment) -> bool {
    let Ok(every) = listing(path, |_| true) else {
        return false;
    };
    let others: Vec<&PathBuf> = every
        .iter()
        .filter(|entry| is_real(entry, FileType::is_dir))
        .filter(|folder| {
            let kept = folder.file_name().is_some_and(kept_in_copies);
            !(kept && layout::is_package_folder(folder, path))
        })
        .collect();
    if others
        .iter()
        .any(|folder| main_at_top(&top_sources(folder, assignment)))
    {
        return false;
    }
    let top = top_sources(path, assignment);
    if main_at_top(&top) {
        return true;
    }
    if others
        .iter()
        .any(|folder| !matches!(classify(folder, assignment), Kind::NotASubmission(_)))
    {
        return false;
    }
    match top.len() {
        0 => {
            let mut languages = parts(path, assignment).into_values();
            match (languages.next(), languages.next()) {
                (Some(sources), None) => matches!(
                    layout::entry(path, &sources),
                    Ok(Entry::Module { .. } | Entry::Class { .. })
                ),
                _ => false,
            }
        }
        1 => true,
        _ => false,
    }
}

/// Whether `sources`, the source files at a folder's top, hold a main file:
/// one named `main.*`, `queens.*` or `__main__.py`, or the one Java file
/// among them that declares `main` (several would be a class of single
/// files).
fn main_at_top(sources: &[PathBuf]) -> bool {
    let java_mains = sources
        .iter()
        .filter(|source| layout::has_extension(source, "java"))
        .filter(|source| !layout::java_mains(source).is_empty())
        .count();
    sources.iter().any(|source| layout::is_main(source)) || java_mains == 1
}

/// The source files at the top of the folder `path` that a copy keeps, in
/// a language the assignment knows, links left out.
fn top_sources(path: &Path, assignment: &Assignment) -> Vec<PathBuf> {
    entries(path)
        .unwrap_or_default()
        .into_iter()
        .filter(|entry| is_real(entry, FileType::is_file))
        .filter(|entry| language_of(entry, assignment).is_some())
        .collect()
}

/// Whether `path` is, itself and not through a link, what `test` asks.
fn is_real(path: &Path, test: fn(&FileType) -> bool) -> bool {
    path.symlink_metadata()
        .is_ok_and(|meta| test(&meta.file_type()))
}

/// Whether an entry called `name` is part of a submission as its copy
/// keeps it: not hidden (`.git`, an editor's files), not a build's `target`.
fn kept_in_copies(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy();
    !name.starts_with('.') && name != "target"
}

/// The entries of the folder `path` that a submission's copy keeps,
/// sorted by name.
fn entries(path: &Path) -> Result<Vec<PathBuf>, String> {
    listing(path, kept_in_copies)
}

/// The entries of the folder `path` whose names `keep` keeps, sorted by
/// name.
fn listing(path: &Path, keep: fn(&std::ffi::OsStr) -> bool) -> Result<Vec<PathBuf>, String> {
    let read = std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let mut entries: Vec<PathBuf> = read
        .filter_map(Result::ok)
        .filter(|entry| keep(&entry.file_name()))
        .map(|entry| entry.path())
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

/// The submissions of `rows` once each name is one submission's. A path
/// given twice, or a name a path the teacher named shares, errs; entries of
/// class folders that share a name are each refused, naming the others.
/// Links are left out: a link's row is refused already, and its name must
/// cost no classmate a grade.
fn settle_names(mut rows: Vec<Row>) -> Result<Vec<Submission>, String> {
    let mut by_name: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (index, row) in rows.iter().enumerate() {
        if row.origin == Origin::Link {
            continue;
        }
        let namesakes = by_name.entry(row.submission.name.clone()).or_default();
        for &earlier in namesakes.iter() {
            refuse_namesake(&rows[earlier], row)?;
        }
        namesakes.push(index);
    }
    for namesakes in by_name.values().filter(|namesakes| namesakes.len() > 1) {
        let reason = shared_name(&rows, namesakes);
        for &index in namesakes {
            rows[index].submission.kind = Kind::NotASubmission(reason.clone());
        }
    }
    Ok(rows.into_iter().map(|row| row.submission).collect())
}

/// Errs when `earlier` and `later`, which share a name, are one path given
/// twice, or when either is a path the teacher named: the teacher's
/// command line is the teacher's to mend.
fn refuse_namesake(earlier: &Row, later: &Row) -> Result<(), String> {
    let (first, second) = (&earlier.submission.path, &later.submission.path);
    if same_file(first, second) {
        return Err(format!("{} is given twice", second.display()));
    }
    if earlier.origin == Origin::Named || later.origin == Origin::Named {
        return Err(format!(
            "two submissions are named {}: {} and {}; rename one",
            later.submission.name,
            first.display(),
            second.display()
        ));
    }
    Ok(())
}

/// Why the rows at `namesakes`, entries of class folders with one name,
/// are each refused.
fn shared_name(rows: &[Row], namesakes: &[usize]) -> String {
    let paths: Vec<String> = namesakes
        .iter()
        .map(|&index| printable(&rows[index].submission.path.display().to_string()))
        .collect();
    let (last, others) = paths.split_last().expect("namesakes come two or more");
    format!(
        "{} and {last} share the name {}: a gradebook keys on names, so none of them is \
         graded; rename all but one",
        others.join(", "),
        rows[namesakes[0]].submission.name
    )
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
                ("README.md", "-"),
                ("ada", "rust"),
                ("bob", "c"),
                ("cy", "python"),
                ("dee", "-"),
                ("eve", "-")
            ]
        );
        assert_eq!(
            found[0].kind,
            Kind::NotASubmission(format!(
                "{} is neither a crate nor a source file of a language the assignment knows \
                 (.c, .cc, .cpp, .cxx, .java, .py)",
                class.join("README.md").display()
            ))
        );
        assert_eq!(
            found[4].kind,
            Kind::NotASubmission(
                "no Cargo.toml and no source file of a language the assignment knows \
                 (.c, .cc, .cpp, .cxx, .java, .py)"
                    .into()
            )
        );
        assert_eq!(
            found[5].kind,
            Kind::NotASubmission(
                "source files in two languages (c and python): a submission is one program".into()
            )
        );
    }

    /// The names and labels of what `discover` finds in `paths`.
    fn rows(paths: &[PathBuf]) -> Vec<(String, String)> {
        discover(paths, &Assignment::default_assignment())
            .unwrap()
            .into_iter()
            .map(|found| (found.name, found.kind.label().to_owned()))
            .collect()
    }

    /// `pairs` as owned pairs, to compare with [`rows`].
    fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|&(name, label)| (name.to_owned(), label.to_owned()))
            .collect()
    }

    #[test]
    fn hidden_entries_and_target_are_rows_like_any_other() {
        let root = tempfile::tempdir().unwrap();
        let class = root.path().join("class");
        write(
            &class.join(".ada/queens.c"),
            "int main(void) { return 0; }\n",
        );
        write(&class.join(".bea.py"), "print()\n");
        write(&class.join(".DS_Store"), "");
        write(
            &class.join("target/Cargo.toml"),
            "[package]\nname = \"t\"\n",
        );
        write(&class.join("cy/queens.py"), "print()\n");
        assert_eq!(
            rows(std::slice::from_ref(&class)),
            owned(&[
                (".DS_Store", "-"),
                (".ada", "c"),
                (".bea", "python"),
                ("cy", "python"),
                ("target", "rust"),
            ])
        );
        // A class of one hidden submission is still a class.
        let alone = root.path().join("alone");
        write(&alone.join(".ada/queens.c"), "");
        assert_eq!(rows(&[alone]), owned(&[(".ada", "c")]));
        // A student's folder holding a `.git` and nothing else is that
        // student's row, not a class of one `.git`.
        let dee = root.path().join("dee");
        write(&dee.join(".git/HEAD"), "ref: refs/heads/main\n");
        assert_eq!(rows(&[dee]), owned(&[("dee", "-")]));
    }

    #[test]
    fn a_link_in_a_class_folder_is_refused_alone_under_its_own_name() {
        let root = tempfile::tempdir().unwrap();
        let class = root.path().join("class");
        write(&class.join("alice/queens.py"), "print()\n");
        write(&class.join("bob.py"), "print()\n");
        let link = |target: &Path, name: &str| {
            std::os::unix::fs::symlink(target, class.join(name)).unwrap();
        };
        link(Path::new("alice"), "bob");
        link(Path::new("/etc"), "alice2");
        link(Path::new("alice/queens.py"), "carol.py");
        link(&root.path().join("gone"), "dan");
        link(&class.join("eve"), "eve");
        let found = discover(
            std::slice::from_ref(&class),
            &Assignment::default_assignment(),
        )
        .unwrap();
        let named: Vec<(&str, &Kind)> = found
            .iter()
            .map(|found| (found.name.as_str(), &found.kind))
            .collect();
        let refused = |name: &str| {
            Kind::NotASubmission(format!(
                "{name} is a symbolic link: a submission in a class folder is the file or folder \
                 itself, and a link is never followed"
            ))
        };
        let python = Kind::Program {
            language: "python".into(),
        };
        assert_eq!(
            named,
            [
                ("alice", &python),
                ("alice2", &refused("alice2")),
                ("bob", &refused("bob")),
                ("bob", &python),
                ("carol.py", &refused("carol.py")),
                ("dan", &refused("dan")),
                ("eve", &refused("eve")),
            ]
        );
        assert_eq!(found[3].path, class.join("bob.py"));
    }

    #[test]
    fn namesakes_in_a_class_folder_are_each_refused_and_the_class_goes_on() {
        let root = tempfile::tempdir().unwrap();
        let class = root.path().join("class");
        write(&class.join("ada/queens.c"), "");
        write(&class.join("ada.py"), "");
        write(&class.join("ada.java"), "");
        write(&class.join("bob.py"), "");
        let found = discover(
            std::slice::from_ref(&class),
            &Assignment::default_assignment(),
        )
        .unwrap();
        let reason = Kind::NotASubmission(format!(
            "{}, {} and {} share the name ada: a gradebook keys on names, so none of them is \
             graded; rename all but one",
            class.join("ada").display(),
            class.join("ada.java").display(),
            class.join("ada.py").display()
        ));
        let kinds: Vec<(&str, &Kind)> = found
            .iter()
            .map(|found| (found.name.as_str(), &found.kind))
            .collect();
        let python = Kind::Program {
            language: "python".into(),
        };
        assert_eq!(
            kinds,
            [
                ("ada", &reason),
                ("ada", &reason),
                ("ada", &reason),
                ("bob", &python)
            ]
        );
    }

    #[test]
    fn a_namesake_the_teacher_named_or_gave_twice_stops_the_run() {
        let root = tempfile::tempdir().unwrap();
        let class = root.path().join("class");
        write(&class.join("ada/queens.c"), "");
        write(&class.join("bob/queens.c"), "");
        write(&root.path().join("late/ada.py"), "");
        let assignment = Assignment::default_assignment();
        let late = root.path().join("late/ada.py");
        assert_eq!(
            discover(&[class.clone(), late.clone()], &assignment).unwrap_err(),
            format!(
                "two submissions are named ada: {} and {}; rename one",
                class.join("ada").display(),
                late.display()
            )
        );
        let ada = class.join("ada");
        assert_eq!(
            discover(&[class.clone(), ada.clone()], &assignment).unwrap_err(),
            format!("{} is given twice", ada.display())
        );
    }

    #[test]
    fn a_fifo_in_a_class_folder_is_neither_file_nor_folder() {
        let root = tempfile::tempdir().unwrap();
        let class = root.path().join("class");
        write(&class.join("ada/queens.c"), "");
        write(&class.join("bob/queens.c"), "");
        let fifo = class.join("cy.py");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let found = discover(&[class], &Assignment::default_assignment()).unwrap();
        assert_eq!(found[2].name, "cy.py");
        assert_eq!(
            found[2].kind,
            Kind::NotASubmission(
                "cy.py is neither a file nor a folder: a submission is one or the other".into()
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

    /// A Java class `name` in `package`, with a `main` or without.
    fn java(package: &str, name: &str, main: bool) -> String {
        let declaration = if package.is_empty() {
            String::new()
        } else {
            format!("package {package};\n")
        };
        let body = if main {
            "public static void main(String[] args) {}"
        } else {
            ""
        };
        format!("{declaration}class {name} {{ {body} }}\n")
    }

    #[test]
    fn a_program_with_packages_is_one_submission_however_it_is_named() {
        let root = tempfile::tempdir().unwrap();
        let at = |path: &str| root.path().join(path);
        write(&at("python/main.py"), "import nqueens\n");
        write(&at("python/nqueens/__init__.py"), "");
        write(&at("python/nqueens/solver.py"), "");
        write(&at("python/__pycache__/main.cpython-311.pyc"), "");
        write(&at("loose/main.py"), "import lib.solver\n");
        write(&at("loose/lib/solver.py"), "");
        write(&at("dunder/nqueens/__init__.py"), "");
        write(
            &at("dunder/nqueens/__main__.py"),
            "from .solver import solve\n",
        );
        write(&at("dunder/nqueens/solver.py"), "");
        write(
            &at("jpkg/nqueens/Main.java"),
            &java("nqueens", "Main", true),
        );
        write(
            &at("jpkg/nqueens/Board.java"),
            &java("nqueens", "Board", false),
        );
        write(
            &at("jdeep/com/ada/Main.java"),
            &java("com.ada", "Main", true),
        );
        write(&at("jtop/NQueens.java"), &java("", "NQueens", true));
        write(&at("jtop/Board.java"), &java("", "Board", false));
        write(&at("jtop/util/Cells.java"), &java("util", "Cells", false));
        write(&at("lone/solve_queens.py"), "import nqueens\n");
        write(&at("lone/nqueens/__init__.py"), "");
        for (name, language) in [
            ("python", "python"),
            ("loose", "python"),
            ("dunder", "python"),
            ("jpkg", "java"),
            ("jdeep", "java"),
            ("jtop", "java"),
            ("lone", "python"),
        ] {
            assert_eq!(rows(&[at(name)]), owned(&[(name, language)]), "{name}");
        }
        // In a class folder, each is a row of its language.
        let class = root.path().to_owned();
        let found = rows(std::slice::from_ref(&class));
        assert_eq!(
            found,
            owned(&[
                ("dunder", "python"),
                ("jdeep", "java"),
                ("jpkg", "java"),
                ("jtop", "java"),
                ("lone", "python"),
                ("loose", "python"),
                ("python", "python"),
            ])
        );
    }

    #[test]
    fn a_folder_whose_folders_hold_mains_of_their_own_is_a_class() {
        let root = tempfile::tempdir().unwrap();
        let at = |path: &str| root.path().join(path);
        // The teacher's reference beside the students'.
        write(&at("reference/queens.py"), "");
        write(&at("reference/bob/queens.py"), "");
        write(&at("reference/cy/main.c"), "");
        // Students who each handed in a package with __main__.py.
        write(&at("packages/ada/__init__.py"), "");
        write(&at("packages/ada/__main__.py"), "");
        write(&at("packages/bob/__init__.py"), "");
        write(&at("packages/bob/__main__.py"), "");
        // One package, one program of another kind.
        write(&at("mixed/ada/__main__.py"), "");
        write(&at("mixed/bob/queens.c"), "");
        // Single Java files, each with its main, or packages each with one.
        write(&at("singles/Ada.java"), &java("", "Ada", true));
        write(&at("singles/Bob.java"), &java("", "Bob", true));
        write(&at("jclass/ada/Main.java"), &java("ada", "Main", true));
        write(&at("jclass/bob/Main.java"), &java("bob", "Main", true));
        let names = |path: &str| -> Vec<String> {
            rows(&[at(path)])
                .into_iter()
                .map(|(name, _)| name)
                .collect()
        };
        assert_eq!(names("reference"), ["bob", "cy", "queens"]);
        assert_eq!(names("packages"), ["ada", "bob"]);
        assert_eq!(names("mixed"), ["ada", "bob"]);
        assert_eq!(names("singles"), ["Ada", "Bob"]);
        assert_eq!(names("jclass"), ["ada", "bob"]);
        // A file or a package beside a student's folder whose one file is
        // not called main: the folder is a student's, not a part.
        write(&at("beside/ada.py"), "");
        write(&at("beside/bob/solver.py"), "");
        write(&at("beside-package/ada/__init__.py"), "");
        write(&at("beside-package/ada/__main__.py"), "");
        write(&at("beside-package/bob/solver.py"), "");
        assert_eq!(names("beside"), ["ada", "bob"]);
        assert_eq!(names("beside-package"), ["ada", "bob"]);
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
