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
//!   library, and the exit statuses from one list that `--help` prints
//!   ([`failure`]); what every command that builds or grades sets up on the
//!   machine, and takes down, is one module ([`workplace`]).
//! - **Whatever the teacher names is found** ([`submission`]): a Rust crate
//!   (a folder with `Cargo.toml`), a program (a source file, or a folder of
//!   sources in one language, its Python and Java package folders too), or
//!   a folder of them, every entry a row; each is copied into scratch
//!   whole, headers and data files too, a link never followed ([`copy`]).
//! - **Every layout a course sees** ([`layout`]): a program starts at its
//!   main file, at a Python package's `__main__.py` (`python3 -m`), or at
//!   the one Java class that declares `main` ([`java`] reads the
//!   declarations), whatever its file is called and whatever package it is
//!   in; the same rules tell a program that holds package folders from a
//!   class folder.
//! - **The assignment is the teacher's** ([`assignment`]): how far the checks
//!   count, how the two groups of checks (correctness and instrumentation)
//!   and any check by name weigh ([`weights`]), the time, memory, process, disk and output limits, the seed, and
//!   how each language is built and run. A solver's own declarations never
//!   narrow the range.
//! - **No verdict is the student's to write** ([`judge`]): each check is
//!   run by `queens-grade judge`, the grader's own code in a process of its
//!   own, not dumpable, outside any jail, which questions the student's
//!   side over a pipe and computes the verdict; its one-line report is all
//!   the grader reads of a check. A Rust crate's side is a harness that
//!   serves its solver (`queens_conformance::remote`); a program's is the
//!   relay ([`relay`]), which runs it once per question inside the jail,
//!   and [`program::Program`] turns its lines into a `Solver` for the
//!   suite, reading each line against its board. A question it answered
//!   whole (status 0, read to the end) is not asked again by a later check
//!   of the same submission: its answer is kept by the grader ([`answers`]).
//! - **The student's side is confined** ([`isolation`], [`sandbox`]): a
//!   trampoline (`queens-grade limited`) joins its cgroups ([`cgroup`]:
//!   memory and processes), leaves the session, sets its limits and drops
//!   to a uid of its own ([`boxes`]: one per build and check, a group per
//!   submission), inside bubblewrap where it is installed; the judge watches
//!   its processor time, idleness, output and disk from outside and kills
//!   its whole tree.
//! - **The checks of a submission run in order** ([`grade`]), so that one
//!   that runs out of time on a board spares the later ones that board
//!   (NOT REACHED), and one seed gives one report.
//! - **Progress a teacher can believe** ([`bar`]): on a terminal, one line
//!   cut to its width, with an estimate of the time left made from the
//!   submissions graded so far, and none before; a line per submission
//!   elsewhere.
//! - **Two kinds of submission, one suite** ([`prepare`], [`rust_build`]):
//!   a program is built with its language's command, confined; a Rust
//!   crate into a harness, confined too (its `build.rs` is student code),
//!   from the suite's dependencies built once by the grader and linked into
//!   each build ([`warm`]). Both answer the suite's questions through the same
//!   `Solver` face, so the grader cannot tell them apart.
//! - **Reports for people and for gradebooks** ([`report`]): a table with
//!   tabled, CSV, JSON and Gradescope's `results.json`, each check's
//!   verdict (the suite's `Verdict`) marked with the grader's words and
//!   symbols ([`marks`]), what a process did
//!   worded for a student to read ([`words`]). One run writes any of them
//!   at once, every path checked before the work ([`outputs`]); the JSON
//!   is the run saved, from which `queens-grade report` renders the others
//!   later, byte for byte ([`saved`]), naming only the suite's checks
//!   ([`check_name`]); and the autograder zip a teacher
//!   uploads to Gradescope, which builds the grader in the image and
//!   grades offline ([`gradescope`]).
//! - **A student's first day** ([`template`]): `new-submission --git URL`
//!   makes a crate, taking the queens crates from the course's repository,
//!   whose `cargo test` runs the whole suite, with the verdicts the grader
//!   gives, on any machine.
//!
//! # Trust, and its limits
//!
//! docs/grading.md says, wall by wall, what a submission can and cannot
//! do, and `queens-grade walls` which walls are up on the machine. As
//! root, nothing of a submission runs as root: without bubblewrap it runs
//! as its box, in a session of its own, with its limits, but sees what
//! every user of the machine may read. Where no memory cgroup can be made,
//! the memory limit is on the data segment (`RLIMIT_DATA`) only, which a
//! shared mapping escapes; the report says which held. A grader run by an
//! ordinary user runs submissions as that user. `cargo xtask
//! sandbox-check` and the test `tests/grader/hostile.rs` attack every wall
//! with the hostile class of `examples/hostile/`.

// The essay above is a map of the private modules, for whoever reads the
// code (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

mod answers;
mod assignment;
mod bar;
mod boxes;
mod cgroup;
mod check_name;
mod cli;
mod copy;
mod failure;
mod grade;
mod gradescope;
mod isolation;
mod java;
mod judge;
mod layout;
mod marks;
mod outputs;
mod prepare;
mod program;
mod relay;
mod report;
mod rust_build;
mod sandbox;
mod saved;
mod submission;
pub mod template;
mod warm;
mod weights;
mod words;
mod workplace;

pub use cli::main;
