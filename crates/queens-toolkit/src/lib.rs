//! What every tool of the workspace needs, written once: the `queens`
//! command line, the grader (`queens-grade`) and `cargo xtask` use these
//! and write none of them again.
//!
//! - [`files`]: output that damages nothing and is never lost in silence
//!   (a regular file replaced whole, a link written through unless someone
//!   else planted it in a folder others can write, a device or a FIFO
//!   written to, `-` for stdout, a closed stdout caught), and input read
//!   bounded;
//! - [`child`] (the feature `process`): a child process in a process group
//!   of its own, waited for until a deadline, its whole group killed when
//!   it is stopped, or a command tied to its parent's life (killed by the
//!   kernel when the tool dies, even by SIGKILL), so that nothing a tool
//!   started outlives it;
//! - [`instructions`] (the feature `process` too): the instructions a
//!   program retires, counted by callgrind or DynamoRIO, whatever the
//!   host's clock;
//! - [`usage`]: the one rule for a command line clap could not parse: one
//!   line on stderr and exit status 2, help and version on stdout;
//! - [`progress`]: progress bars drawn on a terminal only.
//!
//! Each tool keeps what is its own (its commands, its failures and their
//! statuses); what is the same in the three lives here, so that a rule
//! changed once changes for all.
//!
//! The crate knows nothing of queens: it depends on no crate of the
//! workspace. And a binary links only what it uses: the child processes,
//! which need `nix` and `wait-timeout`, come with the feature `process`,
//! which only `cargo xtask` and the measuring libraries it drives
//! (`queens-lab`, `queens-peers`) enable (the `queens` command and the grader
//! start their children otherwise, or not at all).

// Without the feature `process` there is no `child` for the essay's link
// to name: it is left as text then. `cargo doc --workspace` documents the
// crate with the feature (xtask turns it on), where the link is checked.
#![cfg_attr(not(feature = "process"), allow(rustdoc::broken_intra_doc_links))]

#[cfg(feature = "process")]
pub mod child;
pub mod files;
#[cfg(feature = "process")]
pub mod instructions;
pub mod progress;
pub mod usage;
