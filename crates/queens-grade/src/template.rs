//! `new-submission`: a Rust crate a student starts from, which `cargo test`
//! checks with the whole conformance suite from the first minute.
//!
//! The crate depends on `queens-core` (and, for its tests, on
//! `queens-conformance`) by path, at this checkout's `crates/` folder: the
//! workspace's crates are not published, so a path (or a git dependency on
//! the repository) is what works. The grader points those dependencies at
//! its own copies anyway, so the path only matters for the student's own
//! `cargo test`.

use std::path::Path;

use crate::prepare::crates_folder;

/// Makes a new submission crate called `name` in the folder `folder`, which
/// must not exist or be empty. Returns the files written.
pub fn new_submission(folder: &Path, name: &str) -> Result<Vec<String>, String> {
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
    let crates = crates_folder();
    let files = [
        ("Cargo.toml", manifest(name, &crates)),
        ("src/lib.rs", library(name)),
        ("tests/conformance.rs", conformance_test(name)),
        (".gitignore", "/target\n".to_owned()),
    ];
    for (file, text) in &files {
        let path = folder.join(file);
        let parent = path.parent().expect("every file is inside the folder");
        std::fs::create_dir_all(parent)
            .map_err(|error| format!("{}: {error}", parent.display()))?;
        queens_files::write_whole(&path, text.as_bytes())
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
fn manifest(name: &str, crates: &Path) -> String {
    format!(
        r#"[package]
name = "{name}"
version = "0.1.0"
edition = "2024"
publish = false

# The queens crates are not on crates.io: they are used by path, from the
# queens repository. (A git dependency on the repository works too.) The
# grader uses its own copies whatever is written here.
[dependencies]
queens-core = {{ path = "{core}" }}

[dev-dependencies]
queens-conformance = {{ path = "{conformance}" }}

# The suite lists every solution of small boards to compare with yours;
# optimising the dependencies keeps `cargo test` quick while your own code
# stays easy to debug.
[profile.dev.package."*"]
opt-level = 3
"#,
        core = crates.join("queens-core").display(),
        conformance = crates.join("queens-conformance").display(),
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
        // the largest you count in seconds. The assignment counts to 12
        // whatever you declare here, so declare what is true.
        max_n: 32,
        practical_n: 12,
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

queens_conformance::suite!({krate}::solver());
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let error = new_submission(folder.path(), "ada").unwrap_err();
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
