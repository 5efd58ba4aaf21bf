//! Files written whole or not at all: the one way the workspace's tools
//! (`queens`, `queens-grade`, `cargo xtask`) write a file; and stdout,
//! which a closed pipe ends quietly ([`to_stdout`]).
//!
//! A file is never written in place. Its contents go to a temporary file in
//! the same folder, which is flushed to the disk and then renamed over the
//! target, and a rename within one file system replaces the file in one
//! step: a reader sees the old file or the new one, never a part. If
//! anything fails on the way (a full disk, a closed pipe that ends the run,
//! an error in the caller), the temporary file is removed and the old file
//! stays as it was. Callers build the contents in memory first, so the only
//! window in which an interruption such as Ctrl-C could leave a temporary
//! file behind is the write itself.
//!
//! Two details keep the replacement faithful to what was there: a symbolic
//! link is written through (the file it points to is replaced, the link
//! stays), and a replaced file keeps its permissions, where a new one is
//! readable by everyone as reports and pages usually are (a temporary file
//! is created private).
//!
//! [`check_writable`] lets a tool find out before long work that a file
//! could not be written at all, so that the run fails at once rather than
//! after the work.

use std::fs::{File, Permissions};
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Writes `contents` to `path` whole, or leaves `path` as it was.
pub fn write_whole(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_whole_with(path, |file| file.write_all(contents))
}

/// Writes to `path` whole through `write`, which is given the temporary
/// file, or leaves `path` as it was when `write` or anything after it fails.
pub fn write_whole_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let path = written_path(path);
    let permissions = std::fs::metadata(&path)
        .map(|metadata| metadata.permissions())
        .unwrap_or_else(|_| Permissions::from_mode(0o644));
    let mut temporary = tempfile::Builder::new()
        .prefix(".queens-")
        .suffix(".tmp")
        .tempfile_in(folder_of(&path))
        .map_err(without_temporary_name)?;
    write(temporary.as_file_mut())?;
    let file = temporary.as_file_mut();
    file.flush()?;
    file.set_permissions(permissions)?;
    file.sync_all()?;
    temporary
        .persist(&path)
        .map(drop)
        .map_err(|error| error.error)
}

/// Writes `contents` to stdout and flushes it. A reader that closed the
/// pipe (`| head`) wanted no more, so that ends the output quietly; any other
/// failure (a full disk) is an error.
pub fn to_stdout(contents: &[u8]) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(contents).and_then(|()| stdout.flush()) {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        written => written,
    }
}

/// Errs when no file could be written at `path`: its folder is missing or
/// cannot be written.
pub fn check_writable(path: &Path) -> io::Result<()> {
    tempfile::tempfile_in(folder_of(&written_path(path)))
        .map(drop)
        .map_err(without_temporary_name)
}

/// The error without the name of the temporary file that tempfile adds to
/// it: the user asked for another file, which the caller names.
fn without_temporary_name(error: io::Error) -> io::Error {
    let text = error.to_string();
    match text.find(" at path ") {
        Some(end) => io::Error::new(error.kind(), &text[..end]),
        None => error,
    }
}

/// The file a write to `path` replaces: the target of a symbolic link, or
/// `path` itself.
fn written_path(path: &Path) -> PathBuf {
    if path.is_symlink() {
        std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
    } else {
        path.to_owned()
    }
}

/// The folder `path` is in: its parent, or the current folder.
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in `folder`.
    fn names(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_that_fails_part_way_leaves_the_old_file_and_no_temporary() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("page.html");
        std::fs::write(&path, "the old page").unwrap();
        let failed = write_whole_with(&path, |file| {
            file.write_all(b"the first half of a new pa")?;
            Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on device",
            ))
        });
        assert_eq!(failed.unwrap_err().to_string(), "no space left on device");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old page");
        assert_eq!(names(folder.path()), ["page.html"]);
    }

    #[test]
    fn a_whole_write_replaces_the_file_keeping_its_permissions() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("grades.csv");
        write_whole(&path, b"new\n").unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o644, "a new file is readable by all");
        std::fs::set_permissions(&path, Permissions::from_mode(0o600)).unwrap();
        write_whole(&path, b"newer\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "newer\n");
        assert_eq!(mode(&path), 0o600, "a replaced file keeps its permissions");
        assert_eq!(names(folder.path()), ["grades.csv"]);
    }

    #[test]
    fn a_link_is_written_through() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("report.json");
        std::fs::write(&path, "old").unwrap();
        let link = folder.path().join("latest.json");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        write_whole(&link, b"through the link").unwrap();
        assert!(link.is_symlink());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "through the link");
    }

    #[test]
    fn a_missing_folder_is_found_before_any_work() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("no/such/folder/plot.svg");
        assert_eq!(
            check_writable(&path).unwrap_err().to_string(),
            "No such file or directory (os error 2)"
        );
        assert!(write_whole(&path, b"x").is_err());
        assert!(check_writable(&folder.path().join("plot.svg")).is_ok());
        assert_eq!(names(folder.path()), Vec::<String>::new());
    }
}
