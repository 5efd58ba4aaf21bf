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
//! - **One command line** ([`cli`]): a function per subcommand over this
//!   library, and the exit statuses from one list that `--help` prints.
//! - **Whatever the teacher names is found** ([`submission`]): a Rust crate
//!   (a folder with `Cargo.toml`), a program (a source file, or a folder of
//!   sources in one language), or a folder of them, every entry of which
//!   is a row, hidden ones too, a link refused alone and namesakes each;
//!   each submission is copied into scratch whole, headers and data files
//!   too, a link never followed ([`copy`]).
//! - **The assignment is the teacher's** ([`assignment`]): how far the checks
//!   count, how the two groups of checks (correctness and instrumentation)
//!   weigh, the time, memory and stack limits, the seed, and how each
//!   language is built and run. A solver's own declarations never narrow
//!   the range.
//! - **Each check runs in a process of its own** ([`isolation`]), as
//!   cargo-nextest runs each test: limits set by a trampoline
//!   (`queens-grade limited`), a cleared environment, a limit of processor
//!   time on the whole process group (with idle and wall-clock backstops),
//!   an output limit, and a jail ([`sandbox`]): bubblewrap showing only the
//!   system's `/usr`, a few `/etc` files and the submission, as nobody
//!   when the grader is root, with a memory cgroup ([`cgroup`]) where one
//!   can be made and scratch space of a set size.
//! - **The checks of a submission run in order** ([`grade`]), so that one
//!   that runs out of time on a board spares the later ones that board
//!   (NOT REACHED), and one seed gives one report.
//! - **Two kinds of submission, one suite** ([`prepare`]): a Rust crate is
//!   built into a small harness whose `main` is
//!   `queens_conformance::isolated::serve`; a program is wrapped in
//!   [`program::Program`], a `Solver` that runs it once per question over a
//!   plain-text protocol, inside `queens-grade program-check`. Both answer the
//!   same request with the same report, so the grader cannot tell them apart.
//! - **Reports for people and for gradebooks** ([`report`]): a table with
//!   tabled, CSV, JSON and Gradescope's `results.json`, what a process did
//!   worded for a student to read ([`words`]).
//! - **A student's first day** ([`template`]): `new-submission` makes a
//!   crate whose `cargo test` runs the whole suite, with the verdicts the
//!   grader gives.
//!
//! # Trust, and its limits
//!
//! Rust submissions share one cargo target folder, so the suite and its
//! dependencies are compiled once per class rather than once per student.
//! That is safe for submissions without build scripts or procedural macros
//! of their own; code that runs at build time can write to the shared
//! folder (builds are jailed like checks, but the folder is theirs to
//! write), so for submissions you do not trust pass `--isolated-builds`.
//! Where no memory cgroup can be made, the memory limit is on the data
//! segment (`RLIMIT_DATA`) only, which a shared mapping escapes; the report
//! says which held. As root without bubblewrap the grader refuses to run
//! submissions at all unless `--no-sandbox` says to run them as root.
//! `cargo xtask sandbox-check` attacks the jail with hostile submissions.

// The essay above is a map of the private modules, for whoever reads the
// code (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

mod assignment;
mod boxes;
mod cgroup;
mod cli;
mod copy;
mod grade;
mod isolation;
mod judge;
mod prepare;
mod program;
mod relay;
mod report;
mod rust_build;
mod sandbox;
mod submission;
pub mod template;
mod words;

pub use cli::main;
