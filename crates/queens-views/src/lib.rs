//! The trace and race pages and their terminal views: what `queens trace`
//! and `queens race` show of a search, on a terminal and on a page.
//!
//! ```text
//! queens trace 4 --algo array              # trace: the search, event by event
//! queens trace 6 --html trace.html         # page: a page that replays it
//! queens race 6                            # race: every solver, side by side
//! queens race 6 --html race.html           # race_page: the race on a page
//! ```
//!
//! # Design
//!
//! The views sit beside the model ([`queens_core`]), not above the
//! registry of solvers: every function takes the solvers it shows as
//! `&dyn Solver`, so this crate knows no solver and no command line. It
//! tells what a search did, with the solver's own instrumentation (the
//! model's [`Tracer`](queens_core::trace::Tracer)), and nothing else:
//! which solvers to run, the checks before a search, the guard against work
//! that would take hours, the flag Ctrl-C sets, the files written and the
//! exit statuses are the `queens` command's. A search is stopped by a flag
//! the caller owns, and every way a view ends early is a value the caller
//! words.
//!
//! The modules, each reading only those above it:
//!
//! - [`page`]: the page that replays one trace in a browser, self-contained
//!   HTML, CSS and JavaScript, and the frame, board and legend that the
//!   race page shares;
//! - [`trace`]: a search narrated as it happens, one line per event, with
//!   the boards drawn under them and a closing summary; the steps it keeps
//!   make its page;
//! - [`race`]: several solvers traced on one board and timed, each trace
//!   kept in a compact code ([`race::compact`]), moved forward by one of
//!   three clocks ([`race::clock`]) and shown frame by frame on a terminal
//!   ([`race::terminal`]);
//! - [`race_page`]: the race on one self-contained page, built on the trace
//!   page's board.
//!
//! Every view tells the search in the same words: a step is narrated by the
//! [`Display`](std::fmt::Display) of its
//! [`Event`](queens_core::trace::Event) on the terminal and on the page,
//! and its counters are the statistics a counted run of the same solver
//! gives (the tests check both on every solver).

// The modules' essays name their private parts too, for whoever reads the
// code (`cargo doc --document-private-items` follows their links).
#![allow(rustdoc::private_intra_doc_links)]

pub mod page;
pub mod race;
pub mod race_page;
pub mod trace;
