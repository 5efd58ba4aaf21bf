//! `queens-jail`: the walls the grader runs untrusted code inside, and
//! nothing of what that code is.
//!
//! # What it is for
//!
//! A grader builds and runs code it must not trust: a student's build
//! script, compiler and program. This crate runs such code so that nothing
//! it does reaches the machine, the teacher or another student's run, and
//! reports how it ended. It knows nothing of N-Queens, of submissions or of
//! verdicts: the crates above it (`queens-build`, `queens-grade`) say what
//! runs, and this one says how it is held.
//!
//! # The walls, from the inside out
//!
//! - **Limits a process sets on itself** ([`limits`]): the host binary's
//!   own `limited` subcommand is a trampoline that joins the run's cgroups,
//!   leaves the session, sets its resource limits, drops to the run's uid
//!   when no jail does, and executes the command, which inherits them all.
//!   A binary that uses this crate dispatches `limited` to
//!   [`limits::ResourceLimits::exec`].
//! - **A uid of its own** ([`boxes`]): one per build and check, from a range
//!   no account uses, a group per submission, taken by a lock file, and
//!   swept of whatever a run left behind.
//! - **Cgroups** ([`cgroup`]): memory that counts every page, and a
//!   process count, where the machine lets them be made.
//! - **A view of only what it needs** ([`sandbox`]): bubblewrap where it
//!   works, with the arguments that show the system ([`view`]), the
//!   folders a run writes handed to its box and what it reads sealed
//!   ([`permissions`]); and which of these walls are up on this machine
//!   ([`walls`]).
//! - **Watched from outside** ([`isolation`]): a run is a process tree
//!   ([`tree`]: found, measured and killed through `/proc`) whose processor
//!   time, wall time, idleness, output and disk a watcher samples and stops
//!   by its rules ([`watcher`]); every run under way is known, so that an
//!   interrupted host stops exactly what it started and starts nothing
//!   more ([`running`]).
//! - **What comes in** ([`copy`]): a submission copied into scratch, every
//!   regular file and never what a link points to, bounded in files and
//!   bytes.
//! - **What goes out** ([`words`]): how a process ended, a signal, a line
//!   of its output, in words a student can read.
//!
//! # The way in
//!
//! A caller makes a [`sandbox::Confinement`] once (`detect`), describes
//! each run as a [`sandbox::Spec`] (its command, what it reads and writes,
//! its limits), turns it into a [`isolation::Launch`] with
//! [`sandbox::Confinement::launch`], and runs that as an
//! [`isolation::Job`] (fed, read to its end) or a [`isolation::Session`]
//! (talked to while it runs). The modules form a one-way graph: the
//! sandbox builds on the limits, the boxes, the cgroups, the view and the
//! permissions; the isolation on the tree, the watcher and the runs under
//! way; nothing here uses anything above it.
//!
//! docs/grading.md says, wall by wall, what a submission can and cannot
//! do; `cargo xtask sandbox-check` attacks every wall.

// Some docs link private items, for whoever reads the code
// (`cargo doc --document-private-items` follows them).
#![allow(rustdoc::private_intra_doc_links)]

pub mod boxes;
pub mod cgroup;
pub mod copy;
pub mod isolation;
pub mod limits;
pub mod permissions;
pub mod running;
pub mod sandbox;
pub mod tree;
pub mod view;
pub mod walls;
pub mod watcher;
pub mod words;
