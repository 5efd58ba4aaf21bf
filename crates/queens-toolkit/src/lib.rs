//! What every tool of the workspace needs, written once: the `queens`
//! command line, the grader (`queens-grade`) and `cargo xtask` use these
//! and write none of them again.
//!
//! - [`files`]: output that damages nothing and is never lost in silence
//!   (a regular file replaced whole, a link written through unless someone
//!   else planted it in a folder others can write, a device or a FIFO
//!   written to, `-` for stdout, a closed stdout caught), and input read
//!   bounded;
//! - [`child`]: a child process in a process group of its own, waited for
//!   until a deadline, its whole group killed when it is stopped, so that
//!   nothing a tool started outlives it;
//! - [`usage`]: the one rule for a command line clap could not parse: one
//!   line on stderr and exit status 2, help and version on stdout;
//! - [`progress`]: progress bars drawn on a terminal only;
//! - [`duration`]: a span of time in the unit that suits it;
//! - [`figures`]: an estimate to the digits it knows, and its error.
//!
//! Each tool keeps what is its own (its commands, its failures and their
//! statuses); what is the same in the three lives here, so that a rule
//! changed once changes for all.

pub mod child;
pub mod duration;
pub mod figures;
pub mod files;
pub mod progress;
pub mod usage;
