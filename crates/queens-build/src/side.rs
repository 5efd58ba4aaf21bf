//! A submission's side of a check: what the judge of each check starts,
//! confined, and questions. A Rust crate's side is the harness its build
//! made ([`crate::rust_build`]); a program's is its command, run once per
//! question by the relay ([`crate::relay`]), with the answers it gave whole
//! kept for the later checks ([`crate::answers`]).

use std::ffi::OsString;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::answers::Answers;

/// The student's side of a check.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Side {
    /// A Rust crate, built into a harness that serves its solver.
    Crate {
        /// The harness program.
        harness: PathBuf,
    },
    /// A program, run once per question by the relay.
    Program {
        /// The command that runs it.
        command: Vec<OsString>,
        /// What its runs need in their environment besides the jail's
        /// (a Python package's folder on `PYTHONPATH`).
        environment: Vec<(String, String)>,
        /// Its whole answers, kept from check to check.
        answers: Option<Answers>,
    },
}
