//! Who may read and write what a grader made for its runs: the folders a
//! run writes handed to its box, what its checks read sealed to its
//! submission's group, and what every box must reach opened to others.

use std::path::{Path, PathBuf};

use crate::limits::Ids;

/// Hands the folder `path` and what the grader made below it (the folders,
/// and the files root owns; not a build's linked copy of the warm units,
/// which stay the warm box's) to `ids`: a folder the grader made, that a
/// run must write. Links are changed themselves, never followed.
pub(crate) fn give_folders(path: &Path, ids: Ids) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    std::os::unix::fs::lchown(path, Some(ids.uid), Some(ids.gid))
        .map_err(|error| format!("cannot hand {} to uid {}: {error}", path.display(), ids.uid))?;
    let entries =
        std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
    for entry in entries.filter_map(Result::ok) {
        let metadata = entry.metadata().map_err(|error| error.to_string())?;
        if metadata.is_dir() {
            give_folders(&entry.path(), ids)?;
        } else if metadata.uid() == 0 {
            std::os::unix::fs::lchown(entry.path(), Some(ids.uid), Some(ids.gid))
                .map_err(|error| format!("cannot hand over {}: {error}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// Hands everything below `path` that the grader made (the folders and
/// files of a submission's copy, a build's output) to root and the
/// submission's group `gid`, readable by the group and nobody else, and
/// writable by root only: what a check reads and must not change. Links are
/// changed themselves, never followed.
pub fn seal(path: &Path, gid: u32) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let metadata =
        std::fs::symlink_metadata(path).map_err(|error| format!("{}: {error}", path.display()))?;
    std::os::unix::fs::lchown(path, Some(0), Some(gid))
        .map_err(|error| format!("cannot seal {}: {error}", path.display()))?;
    if metadata.file_type().is_symlink() {
        return Ok(());
    }
    let executable = metadata.permissions().mode() & 0o100 != 0;
    let sealed = if metadata.is_dir() || executable {
        0o750
    } else {
        0o640
    };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(sealed))
        .map_err(|error| format!("cannot seal {}: {error}", path.display()))?;
    if metadata.is_dir() {
        let entries =
            std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
        for entry in entries.filter_map(Result::ok) {
            seal(&entry.path(), gid)?;
        }
    }
    Ok(())
}

/// Whether every user may reach `path`: every folder above it searchable
/// by others, and it readable by them. Errs naming the first that is not.
pub fn reachable_by_others(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let mut above = PathBuf::new();
    for component in path.components() {
        above.push(component);
        let mode = std::fs::metadata(&above)
            .map_err(|error| format!("{}: {error}", above.display()))?
            .permissions()
            .mode();
        let wanted = if above == path { 0o004 } else { 0o001 };
        if mode & wanted == 0 {
            return Err(format!("{} is mode {:04o}", above.display(), mode & 0o7777));
        }
    }
    Ok(())
}

/// Lets every user read the crate sources cargo has unpacked below
/// `cargo_home` (`registry/src`, `git/checkouts`), for a build run as a box.
/// Cargo keeps the modes a crate was published with, and some crates ship
/// files only their owner's group may read (fnv 1.0.7's are `0640`): a
/// build as another uid then fails with "couldn't read … Permission denied" on
/// every submission that depends on one. These are public sources, so
/// reading is all that is added (`o+r`, and `o+x` on folders); nothing of
/// cargo's own (credentials, config) is touched, and links are not followed.
pub fn open_crate_sources_to_others(cargo_home: &Path) -> Result<(), String> {
    for unpacked in ["registry/src", "git/checkouts"] {
        let folder = cargo_home.join(unpacked);
        if folder.is_dir() {
            open_to_others(&folder)?;
        }
    }
    Ok(())
}

/// Adds reading for others to `path` and everything below it that lacks it.
fn open_to_others(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let metadata =
        std::fs::symlink_metadata(path).map_err(|error| format!("{}: {error}", path.display()))?;
    if metadata.file_type().is_symlink() {
        return Ok(());
    }
    let wanted = if metadata.is_dir() { 0o005 } else { 0o004 };
    let mode = metadata.permissions().mode();
    if mode & wanted != wanted {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode | wanted))
            .map_err(|error| format!("cannot let others read {}: {error}", path.display()))?;
    }
    if metadata.is_dir() {
        let entries =
            std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
        for entry in entries.filter_map(Result::ok) {
            open_to_others(&entry.path())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_sources_are_opened_for_reading_and_nothing_else() {
        use std::os::unix::fs::PermissionsExt;
        let home = tempfile::tempdir().unwrap();
        let crate_folder = home.path().join("registry/src/index/fnv-1.0.7");
        std::fs::create_dir_all(&crate_folder).unwrap();
        let source = crate_folder.join("lib.rs");
        std::fs::write(&source, "").unwrap();
        let credentials = home.path().join("credentials.toml");
        std::fs::write(&credentials, "").unwrap();
        let set = |path: &Path, mode| {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
        };
        set(&source, 0o640);
        set(&crate_folder, 0o750);
        set(&credentials, 0o600);
        open_crate_sources_to_others(home.path()).unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&source), 0o644);
        assert_eq!(mode(&crate_folder), 0o755);
        assert_eq!(
            mode(&credentials),
            0o600,
            "cargo's own files are left alone"
        );
    }
}
