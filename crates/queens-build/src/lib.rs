//! `queens-build`: a submission made ready to be checked, whatever a
//! course hands in: found, copied, built in the jail, and given its side
//! of every check.
//!
//! # What it is for
//!
//! The grader (`queens-grade`) judges; this crate gives it something to
//! judge. A teacher names folders and files; this crate finds the
//! submissions in them, copies each into scratch, builds it confined, and
//! describes what the judge of each check starts: a Rust crate's harness,
//! or a program and the relay that runs it once per question. The walls
//! are `queens-jail`'s; nothing here computes a verdict.
//!
//! # How
//!
//! - **The assignment is the teacher's** ([`assignment`]): how far the
//!   checks count, how the two groups of checks and any check by name
//!   weigh ([`weights`]), the time, memory, process, disk and output
//!   limits, the seed, and how each language is built and run. A solver's
//!   own declarations never narrow the range.
//! - **Whatever the teacher names is found** ([`submission`]): a Rust crate
//!   (a folder with `Cargo.toml`), a program (a source file, or a folder of
//!   sources in one language, its Python and Java package folders too), or
//!   a folder of them, every entry a row.
//! - **Every layout a course sees** ([`layout`]): a program starts at its
//!   main file, at a Python package's `__main__.py` (`python3 -m`), or at
//!   the one Java class that declares `main` ([`java`] reads the
//!   declarations), whatever its file is called and whatever package it is
//!   in.
//! - **Two kinds of submission, one suite** ([`prepare`], [`rust_build`]):
//!   a program is built with its language's command, confined; a Rust
//!   crate into a harness, confined too (its `build.rs` is student code),
//!   from the suite's dependencies built once and linked into each build
//!   ([`warm`]). What comes out is the submission's side of each check
//!   ([`side`]).
//! - **A program answers through the relay** ([`relay`]): inside the jail,
//!   as the check's box, the host binary's `relay` subcommand runs the
//!   program once per question and passes its lines on; a question it
//!   answered whole is kept for the later checks of the same submission
//!   ([`answers`]).
//! - **A student's first day** ([`template`]): a new crate, taking the
//!   queens crates from the course's repository, whose `cargo test` runs
//!   the whole suite, with the verdicts the grader gives, on any machine.
//!
//! The modules form a one-way graph: [`prepare`] and [`rust_build`] build
//! on everything else here, the assignment on its weights, the relay on
//! nothing of this crate.

// Some docs link private items, for whoever reads the code
// (`cargo doc --document-private-items` follows them).
#![allow(rustdoc::private_intra_doc_links)]

pub mod answers;
pub mod assignment;
pub mod java;
pub mod layout;
pub mod prepare;
pub mod relay;
pub mod rust_build;
pub mod side;
pub mod submission;
pub mod template;
pub mod warm;
pub mod weights;
