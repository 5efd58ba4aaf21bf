//! The shared model of the queens workspace.
//!
//! Every algorithm crate of the workspace solves the same problem, and
//! everything that does not depend on *how* it is solved lives here, written
//! once:
//!
//! - [`board`]: squares, the lines queens attack along, and the validation
//!   that names exactly which two queens attack each other;
//! - [`problem`]: a board size with optional pre-placed queens, valid by
//!   construction;
//! - [`error`]: every way a request can be refused, as values, so that no
//!   solver, mode or tool panics on bad input;
//! - [`symmetry`]: the eight symmetries of the square and the canonical form
//!   that seed 004 lists its twelve fundamental solutions by;
//! - [`observer`]: the instrumentation hook, and the statistics (queens
//!   placed, safety checks, cells read) with one meaning for every solver,
//!   the reads in the unit each solver declares ([`ReadUnit`]: cells, or
//!   the bitboard's words), and a search's own counts ([`OwnCounts`]);
//! - [`solver`]: the generic [`Search`] trait an algorithm implements and the
//!   object-safe [`Solver`] trait the tools drive;
//! - [`generate`]: the steps a generate-then-test generator tells its
//!   listeners (the solver, or a plain listing of the sequences);
//! - [`modes`]: first, count, all and unique, built once on [`Solver`];
//! - [`combinatorics`]: the exact binomial `C(n², n)`, the naive
//!   generator's workload, by which the tools refuse work that would take
//!   hours;
//! - [`oeis`]: the known numbers of solutions (OEIS A000170 and A002562)
//!   to n = 27, which every count is checked against;
//! - [`watch`]: progress, a stop flag and a budget of queens for long
//!   searches, compiled into the solver's own search;
//! - [`trace`]: the search narrated event by event, from the solver's own
//!   instrumentation;
//! - [`format`](mod@format) and [`svg`]: output in the seeds' notations, and drawn boards.
//!
//! # Design
//!
//! A solver is a search generic over an [`Observer`]. The same monomorphised
//! search runs silently when timed, counting when statistics are asked for,
//! and narrating when a student traces it, so the three can never disagree.
//! Solutions stream out through [`Observer::solution`], which can stop the
//! search; no mode stores more than it has to answer.
//!
//! Placements are `queens[row] = column`, 0-based, whatever order a solver
//! searches in: a column-by-column solver translates when it emits.

pub mod board;
pub mod combinatorics;
pub mod error;
pub mod format;
pub mod generate;
pub mod modes;
pub mod observer;
pub mod oeis;
pub mod problem;
pub mod solver;
pub mod svg;
pub mod symmetry;
pub mod trace;
pub mod watch;

pub use board::{Attack, Invalid, Line, Square, first_attack, validate};
pub use error::Error;
pub use format::TextFormat;
pub use modes::{Answer, Mode, Query};
pub use observer::{Decision, Observer, OwnCounts, ReadStats, ReadUnit, Silent, Stats};
pub use problem::{Problem, ProblemError};
pub use solver::{Finds, Levels, Order, Search, Sink, Solver, SolverInfo, Workload};
pub use symmetry::{CanonicalTest, Symmetry, canonical};
pub use watch::{Instrument, Progress, Watch};
