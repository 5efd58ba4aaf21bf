//! The grader's target folder, the warm folder: the suite's dependencies,
//! built once by the warm box ([`crate::rust_build`]) and linked into each
//! Rust build. The command line checks that a folder given for it is the
//! grader's own, marked by [`STAMP`] (the grader's `workplace`).

use std::path::PathBuf;
use std::sync::Mutex;

/// The file that marks a folder as a target folder the grader made.
pub const STAMP: &str = "QUEENS-GRADE-TARGET";

/// The warm folder of a run.
#[derive(Debug)]
pub struct Warm {
    /// The folder: `crate/`, `harness/` and `target/` inside.
    folder: PathBuf,
    /// Whether it has been built this run, or why it could not be.
    built: Mutex<Option<Result<(), String>>>,
}

impl Warm {
    /// The target folder at `folder`, which the command line has checked
    /// is the grader's (stamped, or new).
    pub fn new(folder: PathBuf) -> Self {
        Warm {
            folder,
            built: Mutex::new(None),
        }
    }

    /// The crate of the grader's own that the warm build compiles.
    pub fn copy(&self) -> PathBuf {
        self.folder.join("crate")
    }

    /// The harness around it.
    pub fn harness(&self) -> PathBuf {
        self.folder.join("harness")
    }

    /// The compiled units, once built.
    pub fn target(&self) -> PathBuf {
        self.folder.join("target")
    }

    /// Builds it with `build` once per run (a caller that comes while it
    /// builds waits for it); whether it could be.
    pub fn once(&self, build: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
        let mut built = self
            .built
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        built.get_or_insert_with(build).clone()
    }
}
