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
//! # Three crates, one way down
//!
//! The grader is this crate over two libraries, each of which knows
//! nothing of the one above it:
//!
//! - **`queens_jail`, the walls**: a uid of its own per build and check
//!   ([`queens_jail::boxes`]), cgroups ([`queens_jail::cgroup`]), the
//!   limits the trampoline `queens-grade limited` sets on itself
//!   ([`queens_jail::limits`]), bubblewrap ([`queens_jail::sandbox`]),
//!   and a process tree whose processor time, idleness, output and disk
//!   are watched from outside and which is killed whole
//!   ([`queens_jail::isolation`]). It knows nothing of N-Queens.
//! - **`queens_build`, the submissions**: the teacher's assignment
//!   ([`queens_build::assignment`]), whatever the teacher names found
//!   ([`queens_build::submission`]) and copied, built confined
//!   ([`queens_build::prepare`], [`queens_build::rust_build`]), and each
//!   one's side of a check ([`queens_build::side`]): a Rust crate's
//!   harness, or a program run once per question by the relay
//!   ([`queens_build::relay`], `queens-grade relay` inside the jail).
//! - **`queens_grade`, the judge and the grade**: this crate.
//!
//! # How
//!
//! - **One command line** ([`cli`]): a function per subcommand over the
//!   libraries, and the exit statuses from one list that `--help` prints
//!   ([`failure`]); what every command that builds or grades sets up on the
//!   machine, and takes down, is one module ([`workplace`]).
//! - **No verdict is the student's to write** ([`judge`]): each check is
//!   run by `queens-grade judge`, the grader's own code in a process of its
//!   own, not dumpable, outside any jail, which questions the student's
//!   side over a pipe and computes the verdict; its one-line report is all
//!   the grader reads of a check. A Rust crate's side is a harness that
//!   serves its solver (`queens_conformance::remote`); a program's is the
//!   relay, and [`program::Program`] turns its lines into a `Solver` for
//!   the suite, reading each line against its board. A question it
//!   answered whole (status 0, read to the end) is not asked again by a
//!   later check of the same submission ([`queens_build::answers`]).
//! - **The checks of a submission run in order** ([`grade`]), so that one
//!   that runs out of time on a board spares the later ones that board
//!   (NOT REACHED), and one seed gives one report; what a run found is
//!   one value ([`grading`]).
//! - **Progress a teacher can believe** ([`bar`]): on a terminal, one line
//!   cut to its width, with an estimate of the time left made from the
//!   submissions graded so far, and none before; a line per submission
//!   elsewhere.
//! - **Reports for people and for gradebooks** ([`report`]): a table with
//!   tabled, CSV, JSON and Gradescope's `results.json`, each check's
//!   verdict (the suite's `Verdict`) marked with the grader's words and
//!   symbols ([`marks`]). One run writes any of them at once, every path
//!   checked before the work ([`outputs`]); the JSON is the run saved,
//!   from which `queens-grade report` renders the others later, byte for
//!   byte ([`saved`]), naming only the suite's checks ([`check_name`]);
//!   and the autograder zip a teacher uploads to Gradescope, which builds
//!   the grader in the image and grades offline ([`gradescope`]).
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

mod bar;
mod check_name;
mod cli;
mod failure;
mod grade;
mod gradescope;
mod grading;
mod judge;
mod marks;
mod outputs;
mod program;
mod report;
mod saved;
mod workplace;

pub use cli::main;
/// The template of a new submission, for xtask's `grade` task.
pub use queens_build::template;
