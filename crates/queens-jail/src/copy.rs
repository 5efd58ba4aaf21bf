//! Copying a submission into its scratch folder: every file of it, as it
//! is, and never what a link points to.
//!
//! A program is its whole folder (its headers and data files too), and a
//! crate its whole tree, so the copy takes every regular file below the
//! submission's folder but hidden entries (`.git`, editors' files) and what
//! the caller skips (a crate's `target`). A symbolic link is refused with
//! its name rather than followed: followed, `steal.py -> /etc/shadow` or
//! `other.py -> ../classmate/queens.py` would bring a file from outside the
//! submission into the sandbox. Each file is opened without following a
//! link and checked to be a regular file after it is opened, so nothing
//! swapped in between the listing and the copy is followed either; a FIFO
//! or a device is refused, never read. The copy is bounded in files and
//! bytes, so a folder that is not a program (a home folder named by
//! mistake) is refused rather than copied whole.

use std::ffi::OsStr;
use std::fs::{File, OpenOptions};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// The most files a submission may hold.
pub const MOST_FILES: usize = 2_000;

/// The most bytes a submission may hold.
pub const MOST_BYTES: u64 = 64 << 20;

/// What has been copied so far, against the bounds.
#[derive(Default)]
struct Tally {
    files: Vec<PathBuf>,
    bytes: u64,
}

/// Copies the submission at `from` (a file, or a folder's tree) into the
/// folder `to`, leaving out hidden entries and those `skip` names. Returns
/// the copied files, sorted; errs with one line naming a link, a special
/// file, a file that cannot be read, or the bound passed.
pub fn copy_submission(
    from: &Path,
    to: &Path,
    skip: impl Fn(&OsStr) -> bool,
) -> Result<Vec<PathBuf>, String> {
    let mut tally = Tally::default();
    if from.is_file() {
        make_folder(to)?;
        let name = from.file_name().unwrap_or_default();
        copy_file(from, &to.join(name), Path::new(name), &mut tally)?;
    } else {
        copy_folder(from, to, Path::new(""), &skip, &mut tally)?;
    }
    tally.files.sort();
    Ok(tally.files)
}

/// Makes the folder `to`, whose parent must exist: a copy never makes the
/// folders above it, so that one under way when an interrupted grader
/// removes its scratch folder cannot make that folder again.
fn make_folder(to: &Path) -> Result<(), String> {
    std::fs::create_dir(to).map_err(|error| format!("{}: {error}", to.display()))
}

/// Copies the folder `from` into `to`; `shown` is its path within the
/// submission, for messages.
fn copy_folder(
    from: &Path,
    to: &Path,
    shown: &Path,
    skip: &dyn Fn(&OsStr) -> bool,
    tally: &mut Tally,
) -> Result<(), String> {
    make_folder(to)?;
    let entries =
        std::fs::read_dir(from).map_err(|error| format!("{}: {error}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|error| format!("{}: {error}", from.display()))?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') || skip(&name) {
            continue;
        }
        let (path, inside) = (entry.path(), shown.join(&name));
        let kind = entry
            .file_type()
            .map_err(|error| format!("{}: {error}", inside.display()))?;
        if kind.is_symlink() {
            return Err(format!(
                "{} is a symbolic link: a submission's files are copied as they are and a link \
                 is not followed; put the file itself in the folder",
                inside.display()
            ));
        } else if kind.is_dir() {
            copy_folder(&path, &to.join(&name), &inside, skip, tally)?;
        } else {
            copy_file(&path, &to.join(&name), &inside, tally)?;
        }
    }
    Ok(())
}

/// Copies the regular file `from` to `to`, within the bounds; `shown` is
/// its path within the submission.
fn copy_file(from: &Path, to: &Path, shown: &Path, tally: &mut Tally) -> Result<(), String> {
    if crate::running::stopping() {
        return Err("the grader is stopping".to_owned());
    }
    if tally.files.len() >= MOST_FILES {
        return Err(format!(
            "the submission holds more than {MOST_FILES} files: a submission is one program or crate"
        ));
    }
    let source = open_regular(from, shown)?;
    let left = MOST_BYTES - tally.bytes;
    let mut copy = File::create(to).map_err(|error| format!("{}: {error}", to.display()))?;
    let copied = std::io::copy(&mut source.take(left + 1), &mut copy)
        .map_err(|error| format!("{}: {error}", shown.display()))?;
    if copied > left {
        return Err(format!(
            "the submission holds more than {} MiB: a submission is one program or crate",
            MOST_BYTES >> 20
        ));
    }
    tally.bytes += copied;
    tally.files.push(to.to_owned());
    Ok(())
}

/// The file at `path`, opened for reading without following a link and
/// without waiting on a FIFO, when it is a regular file.
pub fn open_regular(path: &Path, shown: &Path) -> Result<File, String> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(nix::libc::O_NOFOLLOW | nix::libc::O_NONBLOCK)
        .open(path)
        .map_err(|error| match error.raw_os_error() {
            Some(nix::libc::ELOOP) => format!(
                "{} is a symbolic link: a submission's files are copied as they are and a link \
                 is not followed; put the file itself in the folder",
                shown.display()
            ),
            _ => format!("{}: {error}", shown.display()),
        })?;
    let regular = file
        .metadata()
        .map_err(|error| format!("{}: {error}", shown.display()))?
        .is_file();
    if regular {
        Ok(file)
    } else {
        Err(format!(
            "{} is not a regular file (a FIFO, a socket or a device): it is not copied",
            shown.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn every_file_of_the_tree_is_copied_but_hidden_and_skipped_ones() {
        let root = tempfile::tempdir().unwrap();
        let from = root.path().join("ada");
        write(&from.join("main.c"), "int main(void) { return 0; }\n");
        write(&from.join("solver.h"), "void solve(int n);\n");
        write(&from.join("data/boards.txt"), "8\n");
        write(&from.join(".git/HEAD"), "ref\n");
        write(&from.join("target/big"), "built\n");
        let to = root.path().join("copy");
        let copied = copy_submission(&from, &to, |name| name == "target").unwrap();
        let names: Vec<String> = copied
            .iter()
            .map(|path| path.strip_prefix(&to).unwrap().display().to_string())
            .collect();
        assert_eq!(names, ["data/boards.txt", "main.c", "solver.h"]);
        assert_eq!(
            std::fs::read_to_string(to.join("solver.h")).unwrap(),
            "void solve(int n);\n"
        );
    }

    #[test]
    fn a_link_is_refused_with_its_name_and_never_followed() {
        let root = tempfile::tempdir().unwrap();
        let secret = root.path().join("secret.txt");
        write(&secret, "the teacher's\n");
        let from = root.path().join("spy");
        write(&from.join("queens.py"), "print()\n");
        std::os::unix::fs::symlink(&secret, from.join("steal.py")).unwrap();
        let to = root.path().join("copy");
        assert_eq!(
            copy_submission(&from, &to, |_| false).unwrap_err(),
            "steal.py is a symbolic link: a submission's files are copied as they are and a \
             link is not followed; put the file itself in the folder"
        );
        assert!(!to.join("steal.py").exists());
    }

    #[test]
    fn a_fifo_is_refused_without_waiting_on_it() {
        let root = tempfile::tempdir().unwrap();
        let from = root.path().join("odd");
        write(&from.join("queens.c"), "int main(void) { return 0; }\n");
        nix::unistd::mkfifo(
            &from.join("pipe.c"),
            nix::sys::stat::Mode::from_bits_truncate(0o644),
        )
        .unwrap();
        assert_eq!(
            copy_submission(&from, &root.path().join("copy"), |_| false).unwrap_err(),
            "pipe.c is not a regular file (a FIFO, a socket or a device): it is not copied"
        );
    }
}
