//! The `queens` command seen from outside: one test binary, as cargo's own
//! test suite is, with a module per subcommand or per promise that spans
//! them (exit statuses, files, formats, a closed pipe, how squares are
//! named). One binary links the command's library once, not once a file.
//!
//! Every test runs the built binary and checks its exact output, its stderr
//! and its exit status, with the helpers in [`support`].

mod support;

mod check;
mod claims;
mod closed_pipe;
mod coordinates;
mod count;
mod exit_status;
mod files;
mod first;
mod formats;
mod guard;
mod help;
mod one_solution;
mod output;
mod preplaced;
mod progress;
mod race;
mod registry;
mod shards;
mod sudoku;
mod trace;
mod trace_doc;
