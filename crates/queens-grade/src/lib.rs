//! `queens-grade`: coursework grading a teacher can trust.
//!
//! # What it is for
//!
//! A teacher hands out an N-Queens assignment and gets back thirty
//! submissions: Rust crates implementing `queens_core::Search` or `Solver`,
//! and, since the course the seeds come from is taught in C, programs in C,
//! Python or Java. This crate grades them all against the workspace's one
//! conformance suite, and every submission gets a verdict for every check,
//! whatever it does: loops forever, overflows its stack, dies by a signal,
//! fails to compile, or is not a submission at all.
//!
//! # How
//!
//! - **The assignment is the teacher's** ([`assignment`]): how far the checks
//!   count, how the two groups of checks (correctness and instrumentation)
//!   weigh, the time, memory and stack limits, the seed, and how each
//!   language is built and run. A solver's own declarations never narrow
//!   the range.
//! - **Each check runs in a process of its own** ([`isolation`]), as
//!   cargo-nextest runs each test: limits set by a trampoline
//!   (`queens-grade limited`), a cleared environment, a scratch folder, a
//!   wall-clock deadline after which the whole process group is killed, and
//!   a bubblewrap sandbox (no network, read-only system, other submissions
//!   hidden) where Debian's `bubblewrap` is installed.
//! - **Two kinds of submission, one suite** ([`prepare`]): a Rust crate is
//!   built into a small harness whose `main` is
//!   `queens_conformance::isolated::serve`; a program is wrapped in
//!   [`program::Program`], a `Solver` that runs it once per question over a
//!   plain-text protocol, inside `queens-grade program-check`. Both answer the
//!   same request with the same report, so the grader cannot tell them apart.
//! - **Reports for people and for gradebooks** ([`report`]): a table with
//!   tabled, CSV, JSON and Gradescope's `results.json`.
//!
//! # Trust, and its limits
//!
//! Rust submissions share one cargo target folder, so the suite and its
//! dependencies are compiled once per class rather than once per student.
//! That is safe for submissions without build scripts or procedural macros
//! of their own; code that runs at build time can write to the shared
//! folder (builds are sandboxed like checks, but the folder is theirs to
//! write), so for submissions you do not trust pass `--isolated-builds`.
//! The memory limit is on the data segment (`RLIMIT_DATA`), which counts what
//! a process allocates but not what a runtime merely reserves, so a JVM runs
//! under it. `RLIMIT_NPROC` does not bind root, so a fork bomb is stopped by
//! the deadline and the group kill, not before.

pub mod assignment;
pub mod cli;
pub mod copy;
pub mod grade;
pub mod isolation;
pub mod prepare;
pub mod program;
pub mod report;
pub mod submission;
pub mod template;
