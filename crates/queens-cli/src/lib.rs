//! `queens`: count, find, list, draw or trace the solutions of the N-Queens
//! problem with any solver of the workspace.
//!
//! ```text
//! queens count 8                  # 92
//! queens first 4 --algo matrix    # seed 000's board, column by column
//! queens all 6 --json             # JSON Lines, one solution each
//! queens count 8 --unique         # 12 fundamental solutions
//! queens first 8 --queen 0:2      # seed 004's "user placed first queen"
//! queens all 8 --unique --format rows            # seed 004's table
//! queens all 8 --unique --format svg --out dir   # 12 drawn boards, a sheet
//! queens trace 4 --algo array     # the search, event by event
//! queens race 6 --html race.html  # every solver on one board, side by side
//! queens first 8 --json | queens check    # valid: 8 queens, ...
//! ```
//! <!-- checked: queens count 8 --json | .count = 92 -->
//! <!-- checked: queens count 8 --unique --json | .count = 12 -->
//!
//! # Design
//!
//! The tool is a thin shell around the model. It knows no algorithm and no
//! answer of its own: the solvers come from the registry,
//! [`queens_solvers::FINDS_ALL`], so `--algo` accepts, and `--help` lists, exactly
//! the solvers the workspace holds, and every answer comes from
//! [`queens_core::modes`], the same modes the conformance suite checks. What
//! is left here is what a command line adds:
//!
//! The layers point one way, top to bottom, like cargo's own:
//!
//! - [`cli`]: the `queens` parser and its help;
//! - [`commands`]: one module per subcommand, each with the options only
//!   it takes. The subcommands: `count`, `first`, `all`, `check`, `trace`,
//!   `merge`, `plan`, `sudoku`, `race` (a test checks this list against the
//!   parser's, in its order). `count` and `first`
//!   never store a solution; `all` streams each solution to stdout (or to
//!   its SVG file) as the search emits it, so `queens all 12` holds one
//!   board at a time. Only `all --unique` collects, because the fundamental
//!   solutions are printed sorted in canonical order, as seed 004 tables
//!   them. `trace` narrates the search event by event through the model's
//!   tracer ([`queens_views::trace`]), and writes the replay page of
//!   [`queens_views::page`]. `check` reads a placement back
//!   ([`placement`]) and checks it in linear time. `race` traces several
//!   solvers on one board ([`queens_views::race`]) and replays them side by
//!   side on a page ([`queens_views::race_page`], built on the replay
//!   page's board) or on the terminal. The views are a library beside the
//!   model, [`queens_views`]: `trace` and `race` check their options and
//!   call it;
//! - [`request`]: what the searching commands share: every check before the
//!   search, then the search;
//! - [`args`]: the arguments the commands share, declared with clap derive,
//!   and value parsers that turn each argument into a model value (a board
//!   size, a [`queens_core::Square`], a `&dyn Solver`);
//! - [`progress`]: every search watched: a progress bar on a terminal,
//!   Ctrl-C that stops cleanly, and the budget of queens placed.
//! - [`guard`]: work that would take hours is refused before it starts,
//!   with the reason and the way to insist (`--force`). The limits are what
//!   each solver declares about itself: a generator's exact workload (the
//!   naive solver's `C(n², n)`, the permutation solver's `n!`), or a
//!   backtracking solver's `practical_n`; and for `count --stats`, the
//!   queens its whole search places ([`tree`]) against its budget;
//! - [`placement`]: a placement read back from the notations the tool
//!   prints, for `check`;
//! - [`output`]: plain text for people (the count alone; boards in the
//!   seeds' notations, drawn by the model), SVG files, and JSON for
//!   programs, written with serde, one value per line. Boards past
//!   n = 1,000 are written only as `rows` or JSON, streamed: a drawn one
//!   would be n² cells.
//! - [`counter`]: `count` on the bitboard's parallel counter, the default
//!   way a count runs and the fastest, with statistics it cannot keep said
//!   so rather than made up;
//! - [`shard`]: `count --shard I/K`, one shard of a count counted unit by
//!   unit into a record that `merge` can recount, signed with a key when
//!   one is given.
//! - [`records`]: the shard records `merge` reads back from files and
//!   folders, each bounded and checked, and the recount of `--verify`.
//! - [`task`]: what a command asks of a solver (a first solution, a count,
//!   a list, a trace), which the guard, the progress bar and the failure
//!   lines all word;
//! - [`failure`]: every way a run ends without an answer, on one line of
//!   stderr with its exit status, from the one list of them that `--help`
//!   prints and the README quotes (a test checks it). A command line clap
//!   cannot parse is one line too, by the rule every tool of the workspace
//!   shares (`queens_toolkit::usage`); `--help` and `--version` keep clap's
//!   own output.
//!
//! Nothing panics on input: every value is parsed by a function that can say
//! no, the problem is built by [`queens_core::Problem::with_queens`], which
//! names the two queens that attack, and the board size is checked against
//! the solver's limit before anything of size `n` is allocated. Every input
//! is bounded before it is read whole (a Sudoku line, a placement, a shard
//! record and the shard count it claims, a key), and a file expected to be
//! regular is opened without waiting, so a FIFO cannot block a run. Output
//! goes through one buffered, locked stdout, which a run checks is open
//! before its work; a reader that closes the pipe early (`queens all 10 |
//! head`) stops the search and ends the program quietly. Files named by
//! `--out` and `--html` go through `queens_toolkit::files`: a regular file is
//! replaced whole, a link written through, a device or a FIFO written to,
//! `-` is stdout.

// The essay above is a map of the private modules for readers of
// `cargo doc --document-private-items`: its links to them are meant.
#![allow(rustdoc::private_intra_doc_links)]

mod args;
mod cli;
mod commands;
mod counter;
mod failure;
mod guard;
mod output;
mod placement;
mod progress;
mod records;
mod request;
mod shard;
mod task;
mod tree;

use std::process::ExitCode;

use clap::{CommandFactory as _, Parser};

use crate::args::ValueError;
use crate::cli::Cli;

/// Runs `queens` on the process's command line: the whole tool, for the
/// thin binary.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            return queens_toolkit::usage::exit_in_own_words::<ValueError>(&error, &Cli::command());
        }
    };
    match cli.command.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
