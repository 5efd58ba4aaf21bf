//! Where the tasks find the workspace and put what they build.

use std::path::PathBuf;

/// The workspace root: the folder above this crate's manifest.
pub(crate) fn workspace_root() -> PathBuf {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .parent()
        .map(PathBuf::from)
        .unwrap_or(manifest_dir)
}

/// The folder build products go to: `$CARGO_TARGET_DIR`, or `target/` at the
/// workspace root.
pub(crate) fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
}
