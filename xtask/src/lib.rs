//! The project's automation, run as `cargo xtask <task>` (the rust-analyzer
//! pattern: a plain Rust program in the workspace, started by the alias in
//! `.cargo/config.toml`, so no tool needs installing).
//!
//! One module per task:
//!
//! - [`browser_check`]: `cargo xtask browser-check`, the trace page of
//!   `queens trace --html` opened in a headless Chromium and its counters
//!   checked;
//! - [`cluster_check`]: `cargo xtask cluster-check`, the Slurm job-array
//!   script of `examples/slurm` run on a one-node cluster started for it;
//! - [`compare`]: `cargo xtask compare`, every registered solver side by side
//!   over a range of board sizes, as tables, JSON, CSV, a plot and the
//!   generated `docs/comparison.md`;
//! - [`growth`]: `cargo xtask growth`, how the counts and the time to count
//!   them grow with n, a rate fitted per solver, and the generated
//!   `docs/growth.md`;
//! - [`grade`]: `cargo xtask grade`, `new-submission` and `sandbox-check`,
//!   thin aliases to the `queens-grade` crate;
//! - [`peers`]: `cargo xtask peers`, each solver against its seed's C program,
//!   and `cargo xtask peers --counter`, the fast counter against the textbook
//!   C bitboard counter.
//!
//! The binary (`src/main.rs`) only parses the command line; the tasks live in
//! this library so that their tests can reach them.

// The essay above is a map of the private modules for readers of
// `cargo doc --document-private-items`: its links to them are meant.
#![allow(rustdoc::private_intra_doc_links)]

pub mod browser_check;
pub mod cluster_check;
pub mod compare;
pub mod grade;
pub mod growth;
pub mod machine;
pub mod peers;
pub mod progress;
pub mod units;

use std::path::PathBuf;

/// Why a task stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request itself is wrong (an unknown name, an unwritable file, a
    /// missing folder): the user can fix it. Exit status 2.
    #[error("{0}")]
    BadInput(String),
    /// Something failed while the task ran. Exit status 1.
    #[error("{0}")]
    Failed(String),
    /// A program the task ran has said what went wrong and exited with this
    /// status, which the task passes on.
    #[error("")]
    Reported(u8),
}

impl Error {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::BadInput(_) => 2,
            Error::Failed(_) => 1,
            Error::Reported(code) => *code,
        }
    }
}

/// Writes `text` to stdout: a closed pipe (`| head`) ends the output
/// quietly, any other failure (a full disk) is an error.
pub fn print_out(text: &str) -> Result<(), Error> {
    queens_files::to_stdout(text.as_bytes())
        .map_err(|error| Error::Failed(format!("cannot write to stdout: {error}")))
}

/// The workspace root: the folder above this crate's manifest.
pub fn workspace_root() -> PathBuf {
    let manifest_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest_dir
        .parent()
        .map(PathBuf::from)
        .unwrap_or(manifest_dir)
}

/// The folder build products go to: `$CARGO_TARGET_DIR`, or `target/` at the
/// workspace root.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
}
