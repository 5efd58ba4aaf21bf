//! `cargo xtask compare`: every registered solver, and the bitboard
//! counters step by step, side by side over a range of board sizes, to
//! answer "which algorithm is faster, by how much, and why?" in one screen.
//!
//! The options become an [`agenda`] over board [`sizes`]; the cells are
//! timed (see [`measure`]) and their rows assembled ([`assemble`]) into one
//! data model ([`report`]), which is then written as a one-screen summary
//! ([`summary`]), as full tables, Markdown, CSV or JSON ([`render`]), as an
//! SVG plot ([`plot`]), or as the committed `docs/comparison.md`
//! ([`docs`]). The ladder's steps may be counted in instructions too
//! ([`instructions`]). The two Sudoku solvers are compared apart
//! ([`sudoku`]).

pub mod agenda;
pub mod assemble;
pub mod docs;
#[cfg(test)]
mod fixture;
pub mod instructions;
pub mod measure;
pub mod plot;
pub mod render;
pub mod report;
pub mod sizes;
pub mod sudoku;
pub mod summary;
