//! `cargo xtask growth`: how the number of solutions, and the time to count
//! them all, grow with n, for every registered solver and every step of the
//! bitboard counter's ladder, with a growth rate fitted per solver.
//!
//! The run ([`model`]) times the counts, each checked against OEIS
//! ([`measure`]), groups the solvers by the tree they search ([`tree`]),
//! fits the rates ([`fit`]) and says what they show ([`explain`]), and
//! writes them as text for a terminal or as the committed `docs/growth.md`
//! ([`page`]) with its plot ([`plot`]).

mod explain;
pub mod fit;
pub mod measure;
pub mod model;
pub mod page;
pub mod plot;
pub mod tree;
