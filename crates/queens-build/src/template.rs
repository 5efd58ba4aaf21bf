//! `new-submission`: a Rust crate a student starts from, which `cargo test`
//! checks with the whole conformance suite from the first minute, on any
//! day.
//!
//! The crate depends on `queens-core` (and, for its tests, on
//! `queens-conformance`) from a [`Source`] the teacher names, since no
//! default builds on a student's machine:
//!
//! - **`--git URL`** (and `--rev REV`): the course's copy of the queens
//!   repository, which builds wherever it can be cloned. This is the one
//!   for students.
//! - **`--local`**: paths into this checkout's `crates/` folder, which
//!   build on this machine only (a path such as `/home/teacher/queens/…`
//!   exists nowhere else); for trying the template, and for this
//!   repository's own tests, which build it offline.
//!
//! Not crates.io: both crates pass `cargo package`, but they are not
//! published, and the names `queens-core` and `queens-conformance` are not
//! the project's there, so `queens-core = "0.1"` fails today and could
//! build a stranger's crate of that name tomorrow. A course that publishes
//! them writes the two version requirements by hand. The grader points
//! those dependencies at its own copies whatever is written, so the source
//! only matters for the student's own `cargo test`.
//!
//! It also gets the workspace's `Cargo.lock`, so that its first build
//! resolves every dependency to the versions the suite was tested with,
//! rather than to whatever crates.io published that morning. The suite
//! itself is written to build with the newest releases too (CI checks it,
//! with `cargo xtask template-check`), so a student who runs `cargo update`
//! is not stranded either.

use std::path::{Path, PathBuf};

/// The workspace lock file, copied into every harness so that offline
/// builds resolve to the versions the grader was built and tested with, and
/// into every new submission so that a student's first build does too.
pub const WORKSPACE_LOCK: &str = include_str!("../../../Cargo.lock");

/// Where the grader's own crates are: `queens-core` and
/// `queens-conformance` beside this crate.
pub fn crates_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in a folder of crates")
        .to_owned()
}

/// Where a new submission takes the workspace's crates from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Paths to the crates in this folder: this checkout's `crates/`.
    Path(PathBuf),
    /// A git repository holding the workspace, at a revision if given.
    Git {
        /// The repository's address.
        url: String,
        /// A commit, tag or branch; the default branch when `None`.
        rev: Option<String>,
    },
}

impl Source {
    /// This checkout's crates.
    pub fn this_checkout() -> Self {
        Source::Path(crates_folder())
    }

    /// The dependency on the workspace crate `krate`, as an inline table.
    fn dependency(&self, krate: &str) -> String {
        match self {
            Source::Path(crates) => format!(
                "{{ path = {} }}",
                toml_string(&crates.join(krate).to_string_lossy())
            ),
            Source::Git { url, rev: None } => format!("{{ git = {} }}", toml_string(url)),
            Source::Git {
                url,
                rev: Some(rev),
            } => format!(
                "{{ git = {}, rev = {} }}",
                toml_string(url),
                toml_string(rev)
            ),
        }
    }

    /// The comment above the dependencies, saying where they come from.
    fn comment(&self) -> &'static str {
        match self {
            Source::Path(_) => {
                "# The queens crates, by path into the queens checkout this crate was made\n\
                 # from (`new-submission --local`): it builds on that machine only. To build\n\
                 # anywhere, take them from your course's copy of the repository instead:\n\
                 # { git = \"https://…/queens\" }. The grader uses its own copies whatever\n\
                 # is written here."
            }
            Source::Git { .. } => {
                "# The queens crates, from your course's copy of the queens repository.\n\
                 # The grader uses its own copies whatever is written here."
            }
        }
    }
}

/// `text` as a TOML basic string.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

/// Makes a new submission crate called `name` in the folder `folder`, which
/// must not exist or be empty, taking the workspace's crates from
/// `source`. Returns the files written.
pub fn new_submission(folder: &Path, name: &str, source: &Source) -> Result<Vec<String>, String> {
    check_name(name)?;
    if folder.exists() {
        let mut entries =
            std::fs::read_dir(folder).map_err(|error| format!("{}: {error}", folder.display()))?;
        if entries.next().is_some() {
            return Err(format!(
                "{} already exists and is not empty",
                folder.display()
            ));
        }
    }
    let files = [
        ("Cargo.toml", manifest(name, source)),
        ("Cargo.lock", WORKSPACE_LOCK.to_owned()),
        ("src/lib.rs", library(name)),
        ("tests/conformance.rs", conformance_test(name)),
        (".gitignore", "/target\n".to_owned()),
    ];
    for (file, text) in &files {
        let path = folder.join(file);
        let parent = path.parent().expect("every file is inside the folder");
        std::fs::create_dir_all(parent)
            .map_err(|error| format!("{}: {error}", parent.display()))?;
        queens_toolkit::files::write_whole(&path, text.as_bytes())
            .map_err(|error| format!("{}: {error}", path.display()))?;
    }
    Ok(files.iter().map(|(file, _)| (*file).to_owned()).collect())
}

/// The names a crate cannot take: Rust's keywords, and the crates every
/// program already has.
const RESERVED: [&str; 56] = [
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "macro",
    "override",
    "priv",
    "try",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "std",
    "core",
    "alloc",
    "test",
    "proc_macro",
];

/// Errs unless `name` is a package name cargo accepts and a crate name Rust
/// accepts: a letter, then letters, digits, `-` or `_`.
fn check_name(name: &str) -> Result<(), String> {
    let mut characters = name.chars();
    let starts_well = characters
        .next()
        .is_some_and(|first| first.is_ascii_alphabetic());
    let rest_well = characters.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let krate = name.replace('-', "_");
    if RESERVED.contains(&krate.as_str()) {
        Err(format!(
            "{name:?} cannot name a crate: it is a Rust keyword or a standard crate"
        ))
    } else if starts_well && rest_well && name.len() <= 64 {
        Ok(())
    } else {
        Err(format!(
            "{name:?} is not a crate name: a letter, then letters, digits, - or _ (at most 64)"
        ))
    }
}

/// The crate's `Cargo.toml`.
fn manifest(name: &str, source: &Source) -> String {
    format!(
        r#"[package]
name = "{name}"
version = "0.1.0"
edition = "2024"
publish = false

{comment}
[dependencies]
queens-core = {core}

[dev-dependencies]
queens-conformance = {conformance}

# The suite lists every solution of small boards to compare with yours;
# optimising the dependencies keeps `cargo test` quick while your own code
# stays easy to debug.
[profile.dev.package."*"]
opt-level = 3
"#,
        comment = source.comment(),
        core = source.dependency("queens-core"),
        conformance = source.dependency("queens-conformance"),
    )
}

/// The crate's `src/lib.rs`: a documented skeleton whose body is `todo!()`.
fn library(name: &str) -> String {
    format!(
        r#"//! {name}: an N-Queens solver, checked by the shared conformance suite.
//!
//! Write the body of `search` below. `cargo test` runs every check of the
//! suite on it; a failing test is named after its check and says what was
//! wrong ("n = 6: expected 4 solutions, got 2"). Your teacher grades the
//! same checks with `queens-grade`.

use queens_core::{{Levels, Observer, Order, Problem, Search, SolverInfo}};

/// The solver the grader checks. It makes a fresh object for each check,
/// and asks one object many problems in a row in one of them: keep no state
/// from one search to the next.
pub fn solver() -> Queens {{
    Queens
}}

/// Your solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Queens;

impl Search for Queens {{
    const INFO: SolverInfo = SolverInfo {{
        name: "{name}",
        title: "my N-Queens solver",
        seeds: "",
        // The order your solutions come in: RowMajor when they come in
        // lexicographic order of queens[row] (rows top to bottom, columns
        // left to right), ColumnMajor for columns first, Unspecified if
        // neither.
        order: Order::RowMajor,
        levels: Levels::Rows,
        // The largest board you accept (larger ones are refused for you) and
        // the largest you count in seconds. The assignment counts to 13
        // whatever you declare here, so declare what is true.
        max_n: 32,
        practical_n: 14,
        workload: None,
    }};

    /// Finds every solution of `problem` and reports each to `observer`.
    ///
    /// - `problem.n()` is the board size; `problem.column_in_row(row)` is
    ///   `Some(col)` where a queen is pre-placed, and every solution keeps it.
    /// - For each solution call `observer.solution(&queens)`, with
    ///   `queens[row]` the column of the queen of `row`, and return at once
    ///   when it answers `ControlFlow::Break(())`.
    /// - For the instrumentation checks (if your assignment weighs them),
    ///   also report `observer.placed(square)` (and return when it answers
    ///   `Break`), `observer.removed(square)`, `observer.checked(square,
    ///   cells_read, conflict)`, `observer.exhausted(row)` and
    ///   `observer.progressed(done, of)` for the branches of the first row.
    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {{
        let _ = (problem, observer);
        todo!("find every solution of the problem and report each to observer.solution")
    }}
}}
"#
    )
}

/// The crate's `tests/conformance.rs`.
fn conformance_test(name: &str) -> String {
    let krate = name.replace('-', "_");
    format!(
        r#"//! The shared conformance suite, one test per check, on this crate's
//! solver: `cargo test` runs it.
//!
//! These are the checks the default assignment grades, the correctness
//! group: your solver is green here exactly when the grader gives it full
//! marks. The instrumentation checks (statistics, progress, stopping at any
//! node) are listed as ignored. If your assignment weighs them, write
//! `queens_conformance::suite!(#[instrumentation] {krate}::solver());`
//! below instead, or run `cargo test -- --include-ignored`.

queens_conformance::suite!({krate}::solver());
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_git_source_makes_git_dependencies_and_a_lock_comes_along() {
        let folder = tempfile::tempdir().unwrap();
        let crate_folder = folder.path().join("ada");
        let source = Source::Git {
            url: "https://example.invalid/course/queens".to_owned(),
            rev: Some("v1".to_owned()),
        };
        let files = new_submission(&crate_folder, "ada", &source).unwrap();
        assert_eq!(
            files,
            [
                "Cargo.toml",
                "Cargo.lock",
                "src/lib.rs",
                "tests/conformance.rs",
                ".gitignore"
            ]
        );
        let manifest = std::fs::read_to_string(crate_folder.join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains(
                "queens-core = { git = \"https://example.invalid/course/queens\", rev = \"v1\" }"
            ),
            "{manifest}"
        );
        assert!(!manifest.contains("path ="), "{manifest}");
        assert_eq!(
            std::fs::read_to_string(crate_folder.join("Cargo.lock")).unwrap(),
            WORKSPACE_LOCK
        );
        let parsed: toml::Table = manifest.parse().unwrap();
        assert_eq!(
            parsed["dev-dependencies"]["queens-conformance"]["git"].as_str(),
            Some("https://example.invalid/course/queens")
        );
    }

    #[test]
    fn a_local_source_names_this_checkout_and_says_it_builds_here_only() {
        let folder = tempfile::tempdir().unwrap();
        let crate_folder = folder.path().join("ada");
        new_submission(&crate_folder, "ada", &Source::this_checkout()).unwrap();
        let manifest = std::fs::read_to_string(crate_folder.join("Cargo.toml")).unwrap();
        let parsed: toml::Table = manifest.parse().unwrap();
        let core = parsed["dependencies"]["queens-core"]["path"]
            .as_str()
            .unwrap();
        assert_eq!(Path::new(core), crates_folder().join("queens-core"));
        assert!(Path::new(core).join("Cargo.toml").is_file(), "{core}");
        assert!(
            manifest.contains("(`new-submission --local`): it builds on that machine only."),
            "{manifest}"
        );
    }

    #[test]
    fn names_must_be_crate_names() {
        assert_eq!(check_name("ada-lovelace_2"), Ok(()));
        assert_eq!(
            check_name("2ada").unwrap_err(),
            "\"2ada\" is not a crate name: a letter, then letters, digits, - or _ (at most 64)"
        );
        assert!(check_name("a b").is_err());
        assert_eq!(
            check_name("fn").unwrap_err(),
            "\"fn\" cannot name a crate: it is a Rust keyword or a standard crate"
        );
        assert!(check_name("std").is_err());
        assert!(check_name("").is_err());
    }

    #[test]
    fn a_non_empty_folder_is_left_alone() {
        let folder = tempfile::tempdir().unwrap();
        std::fs::write(folder.path().join("keep.txt"), "mine").unwrap();
        let error = new_submission(folder.path(), "ada", &Source::this_checkout()).unwrap_err();
        assert!(
            error.ends_with("already exists and is not empty"),
            "{error}"
        );
        assert_eq!(
            std::fs::read_to_string(folder.path().join("keep.txt")).unwrap(),
            "mine"
        );
    }
}
