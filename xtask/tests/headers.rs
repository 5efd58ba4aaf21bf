//! Every Rust file of the workspace opens with a `//!` comment saying what
//! it is for: the first thing a newcomer reads of a file is why it exists;
//! every crate root is a map of its modules, and the README a map of the
//! crates.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file below `folder`, build output left out.
fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("the folder reads") {
            let path = entry.expect("an entry reads").path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if path.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    folders.push(path);
                }
            } else if name.ends_with(".rs") {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn every_rust_file_opens_with_a_doc_comment_saying_what_it_is_for() {
    let mut files = Vec::new();
    for folder in ["crates", "xtask", "benches", "examples"] {
        files.extend(rust_files(&root().join(folder)));
    }
    assert!(files.len() > 100, "only {} files found", files.len());
    let bare: Vec<String> = files
        .iter()
        .filter(|file| {
            let text = fs::read_to_string(file).expect("a source file reads");
            !text.starts_with("//!")
        })
        .map(|file| {
            file.strip_prefix(root())
                .unwrap_or(file)
                .display()
                .to_string()
        })
        .collect();
    assert!(
        bare.is_empty(),
        "files without an opening //! comment: {bare:?}"
    );
}

/// The modules `root` declares (`mod name;`, public or not).
fn declared_modules(root: &str) -> Vec<&str> {
    root.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line
                .strip_prefix("pub(crate) ")
                .or_else(|| line.strip_prefix("pub "))
                .unwrap_or(line);
            line.strip_prefix("mod ")?.strip_suffix(';')
        })
        .collect()
}

/// Whether the `//!` essay of `root` links to module `name`, or to an item
/// in it: `` [`name`] ``, `` [`name::Item`] ``, `` [`crate::name`] ``. The
/// links themselves are checked by `cargo doc` with warnings denied, so a
/// module renamed or removed breaks the build of the docs, and a module
/// added without a line here breaks this test.
fn essay_links(root: &str, name: &str) -> bool {
    let essay: String = root
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .collect();
    [
        format!("[`{name}`]"),
        format!("[`{name}::"),
        format!("[`crate::{name}`]"),
        format!("[`crate::{name}::"),
    ]
    .iter()
    .any(|link| essay.contains(link.as_str()))
}

#[test]
fn every_crate_roots_essay_is_a_map_of_all_its_modules() {
    let mut roots: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .expect("crates/ reads")
        .map(|entry| entry.expect("an entry reads").path().join("src/lib.rs"))
        .collect();
    roots.push(root().join("xtask/src/main.rs"));
    let mut unmapped = Vec::new();
    for path in &roots {
        let text = fs::read_to_string(path).expect("a crate root reads");
        for name in declared_modules(&text) {
            if !essay_links(&text, name) {
                unmapped.push(format!(
                    "{}: {name}",
                    path.strip_prefix(root()).unwrap_or(path).display()
                ));
            }
        }
    }
    assert!(roots.len() > 15, "only {} crate roots", roots.len());
    assert!(
        unmapped.is_empty(),
        "modules the crate's essay does not link to: {unmapped:?}"
    );
}

#[test]
fn the_readme_crate_table_has_a_row_for_every_crate() {
    let readme = fs::read_to_string(root().join("README.md")).expect("the README reads");
    let mut crates: Vec<String> = fs::read_dir(root().join("crates"))
        .expect("crates/ reads")
        .map(|entry| entry.expect("an entry reads").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .collect();
    crates.sort();
    assert!(crates.len() > 10, "only {} crates found", crates.len());
    let missing: Vec<&String> = crates
        .iter()
        .filter(|name| !readme.contains(&format!("| [`{name}`](crates/{name}) |")))
        .collect();
    assert!(
        missing.is_empty(),
        "crates without a row in the README's table of crates: {missing:?}"
    );
}
