//! `cargo xtask peers`: each solver against its seed's own C program, the
//! speed measurement of the workspace's issue 2.
//!
//! # Design
//!
//! The duels are a laboratory of their own beside `queens-lab`'s
//! comparison: they time C programs as whole processes, which nothing else
//! measures, and share with the lab only what every measurement shares,
//! which they take from it rather than write again (the machine in the
//! heading, the progress bar, numbers for people, the one error type). The
//! crate writes no file but the peers' builds under the build folder it is
//! given (each source whole, by the toolkit's writer), and prints nothing on
//! stdout: [`run`] returns the
//! text, and the tool prints it; [`docs::run`] returns a page with its
//! path, and the tool writes it.
//!
//! The C programs live outside the repository, in `../shared/peers` (or
//! `--peers DIR`); they are compiled with `gcc -O3 -march=native` into
//! `target/peers/` and never copied in. For each pairing, the C program and
//! the Rust solver count all solutions of the same n, alternately, `--runs`
//! times each; the table shows the best time of each side and the ratio
//! Rust / C against the target. The Rust side runs in this process on the
//! silent path (`modes::count`); the C side is timed as a whole process, so
//! its start-up counts against it. The last column is
//! the cost of statistics: the best time of the same count through
//! `solve_counted`, over the silent path's.
//!
//! `cargo xtask peers --counter` measures the fast counter instead, against
//! the textbook C bitboard counter: see [`counter`]; and with `--faf DIR`
//! against NQueensFAF's Java CPU solver, built from the user's checkout:
//! see [`faf`]. The pairings of the
//! seeds are in [`seeds`]; what both share, building and timing the C
//! programs, how busy other programs kept the cores (each duel, or each run
//! of each side, judged as a cell by `queens_lab::others`, the C programs'
//! processor time counted as the run's own) and the tables' two styles, in
//! [`harness`].
//!
//! Nothing else quotes the duels' times: `cargo xtask peers --write-docs`
//! runs both with their default runs and [`docs`] returns `docs/peers.md`,
//! each table with its machine and how busy the machine was, for the tool
//! to write whole; a test checks the committed page's counts against OEIS
//! and that it names every pairing and rung.

// The essay above is a map of the private modules too, for whoever reads the
// code (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

pub mod counter;
pub mod docs;
pub mod faf;
mod harness;
pub mod seeds;

use std::path::Path;

use queens_lab::Error;

use crate::harness::prepare;

/// Which duels `cargo xtask peers` runs.
#[derive(Clone, Copy, Debug)]
pub enum Duels<'a> {
    /// The seeds' solvers against their C programs.
    Seeds,
    /// The fast counter against the C counter, and against NQueensFAF
    /// built from the checkout given (`--faf DIR`), if any.
    Counter {
        /// The checkout of NQueensFAF to build, if any.
        faf: Option<&'a Path>,
    },
}

/// Runs `cargo xtask peers`: the C programs of `folder`, built into
/// `build`, against the Rust side, `runs` times each (default: each duel's
/// own); the text to print.
pub fn run(folder: &Path, build: &Path, runs: Option<u32>, duels: Duels) -> Result<String, Error> {
    prepare(folder, build)?;
    match duels {
        Duels::Seeds => Ok(seeds::run(folder, build, runs.unwrap_or(seeds::RUNS))?.terminal()),
        Duels::Counter { faf } => {
            // Built first: a checkout that does not build fails in seconds.
            let faf = faf
                .map(|checkout| faf::Faf::build(checkout, build))
                .transpose()?;
            let runs = runs.unwrap_or(counter::RUNS);
            let mut text = counter::run(folder, build, runs)?.terminal();
            match faf {
                Some(faf) => text.push_str(&format!("\n{}", faf::run(&faf, runs)?.terminal())),
                None => text.push_str(&format!("\n{}\n", faf::ABSENT)),
            }
            Ok(text)
        }
    }
}
