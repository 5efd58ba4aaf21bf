//! Every Rust file of the workspace opens with a `//!` comment saying what
//! it is for: the first thing a newcomer reads of a file is why it exists.

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
