//! What the checks that drive the machine as root share (`sandbox-check`,
//! `gradescope-check`): copying a folder, setting a mode, finding a
//! program.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::error::Error;

/// Copies the folder `from` to `to`.
pub(crate) fn copy_folder(from: &Path, to: &Path) -> Result<(), Error> {
    let failed =
        |error: std::io::Error| Error::Failed(format!("cannot copy {}: {error}", from.display()));
    std::fs::create_dir_all(to).map_err(failed)?;
    for entry in std::fs::read_dir(from).map_err(failed)? {
        let entry = entry.map_err(failed)?;
        let destination = to.join(entry.file_name());
        let kind = entry.file_type().map_err(failed)?;
        if kind.is_dir() {
            copy_folder(&entry.path(), &destination)?;
        } else {
            std::fs::copy(entry.path(), &destination).map_err(failed)?;
        }
    }
    Ok(())
}

/// Sets the permission bits of `path`.
pub(crate) fn set_mode(path: &Path, mode: u32) -> Result<(), Error> {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|error| {
        Error::Failed(format!(
            "cannot set the mode of {}: {error}",
            path.display()
        ))
    })
}

/// The path of `program` on `PATH`, if it is there.
pub(crate) fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|folder| folder.join(program))
            .find(|candidate| candidate.is_file())
    })
}
