//! Sudoku, solved by the backtracking of seed 002 and by a fast solver, both
//! behind one small trait.
//!
//! Seed 002 closes its lesson on backtracking with a Sudoku: fill the first
//! empty cell with the first digit that breaks no rule, go on, and take the
//! digit back when the cells after it cannot be filled. It is the N-Queens
//! search with digits for queens. This crate keeps that solver, faithful,
//! beside one that solves the same puzzles by orders of magnitude faster
//! (`cargo xtask compare --sudoku` measures the two on the machine that
//! runs it; timings move with the machine, so this essay quotes none), so
//! that the two can be read, run and measured side by side.
//!
//! # The model
//!
//! A [`Grid`] is 81 cells in reading order, 0 for an empty cell. It is read
//! from one line of 81 characters (`1`-`9` a given, `0` or `.` empty, the
//! layout of every published puzzle collection) or from the seed's nine
//! lines of digits separated by spaces, and printed back in either
//! ([`Grid::to_line`], [`Grid::to_grid_string`]; `{}` and `{:#}`). A grid
//! is checked on the way in, so a `Grid` never holds a digit twice in a
//! row, column or box. Each [`ParseError`] names the place, counting from 1
//! as a person does: "expected 81 cells, got 80", "bad character 'x' at
//! position 5 (counting from 1)", "two 5s in row 3", "two 8s in box 7"
//! (boxes in reading order). The shape is checked first, then each
//! character, then the givens, and parsing reads characters rather than
//! bytes: no string, whatever it holds, makes it panic (a property test
//! says so).
//!
//! Reading a puzzle, solving it and proving the solution unique, and what
//! a bad line says:
//!
//! ```
//! use queens_sudoku::{Grid, by_name};
//!
//! let line = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..";
//! let puzzle: Grid = line.parse()?;
//! let solver = by_name("fast").expect("a registered solver");
//! let outcome = solver.solve(&puzzle, 2);
//! assert!(outcome.is_unique());
//! let solution = outcome.solutions[0];
//! assert!(solution.is_completion_of(&puzzle));
//! assert!(solution.to_grid_string().starts_with("3 1 6 5 7 8 4 9 2\n"));
//!
//! let error = "3.65.84..52".parse::<Grid>().unwrap_err();
//! assert_eq!(error.to_string(), "expected 81 cells, got 11");
//! # Ok::<(), queens_sudoku::ParseError>(())
//! ```
//!
//! # The trait
//!
//! [`SudokuSolver::solve`] takes a grid and a `limit` and returns an
//! [`Outcome`]: the solutions found, at most `limit`; whether the search
//! ran to its end ([`Outcome::exhausted`]); and [`Stats`]. Counting up to 2
//! gives the three answers a Sudoku checker needs, none of them an error:
//! no solution, a unique one ([`Outcome::is_unique`]), more than one. The
//! solvers are listed in [`ALL`] and found by name with [`by_name`] (`seed`,
//! `fast`), which is all a command line needs to offer a choice.
//!
//! The statistics mean the same for both solvers wherever the searches
//! allow: [`Stats::placements`] counts digits written into empty cells,
//! [`Stats::guesses`] those that were choices the search may take back, and
//! [`Stats::backtracks`] the choices taken back. Every placement of the
//! seed's solver is a guess; the fast solver guesses only when deduction
//! stalls, so its guesses are few and its placements mostly deductions.
//! [`Stats::checks`] counts each solver's own unit of inner work, which
//! [`Info::checks`] names: the seed's `isSafe` calls, and the fast solver's
//! updates of one digit in one band. On the seed's puzzle the seed's solver
//! writes 769 digits and takes back 720 of them (6,732 `isSafe` calls);
//! the fast one writes the 49 missing digits and never guesses.
//!
//! # The seed's solver
//!
//! [`SeedSolver`] is the seed's `SolveSudoku` and the `isSafe` its text
//! describes: the first empty cell in reading order, the digits 1 to 9 in
//! order, each checked by scanning the cell's row, then its column, then
//! its box, stopping at the first scan that finds it; the digit written,
//! the search gone deeper, and the digit taken back if that fails. The seed
//! recurses once per cell; here the recursion is a loop over an explicit
//! stack of the cells filled so far, a fixed array of 81, so no input can
//! overflow the call stack, and the cells, digits and checks come in the
//! same order as the seed's. One change of purpose, not of method: after a
//! solution it may go on to look for the next, which is how it counts.
//!
//! Its cost is the lesson. The seed's puzzle takes it 769 digits written.
//! The first of Gordon Royle's 17-clue puzzles takes it more than
//! 10,000,000 digits written without a solution. Yet every tenth of the
//! crate's sample of the Enjoy Sudoku forum's hardest list, hard for
//! people, takes it fewer, proof of uniqueness included (tests check both):
//! hard for people is not the same as hard for blind backtracking.
//!
//! # The fast solver
//!
//! [`FastSolver`] keeps, for each digit, the cells where it may still go,
//! as bit sets, and deduces with a few whole-word operations what the seed
//! finds out cell by cell. Its design follows JCZSolve (zhouyundong_2012,
//! champagne and JasonLion on the Enjoy Sudoku forum), which the crates.io
//! crate `sudoku` ports and which tdoku's benchmarks count among the
//! fastest; the code here is its own, written from the ideas:
//!
//! - **Digits by band.** The grid is three bands of three rows; the
//!   candidates of one digit in one band are one `u32` of 27 bits, 27 words
//!   for the grid. A placed digit stays as the only candidate of its row
//!   and box, so every row and box of a consistent board keeps at least one
//!   bit per digit, and an empty one is a contradiction found for free.
//! - **Rows and boxes by table.** In a band a digit goes once in each row
//!   and once in each box, so the three mini-rows (a row's three cells in
//!   one box) it ends up in pair rows with boxes: one of six permutations.
//!   One look-up turns the 27 bits into the nine mini-rows still open, a
//!   second keeps only the mini-rows of some permutation. Those two look-ups
//!   do hidden singles in rows and boxes and locked candidates both ways,
//!   within the band, and find the contradictions.
//! - **Columns by table.** A digit confined to one column in a box leaves
//!   that column in the other two bands (pointing); a placed digit is the
//!   simplest case. One more look-up.
//! - **Placements without branches.** The cells alone in their row are the
//!   placed ones; they leave every other digit and the open cells by masks,
//!   whether new or not.
//! - **Naked singles by counting bits.** Or-ing the nine digits' words of a
//!   band into "at least once", "at least twice" and "at least three times"
//!   gives the cells with one candidate (placed), none (a contradiction) and
//!   two (the best guesses), for 27 cells at once.
//! - **Guesses.** When nothing more follows, the first cell with two
//!   candidates, or else the one with fewest, is tried digit by digit on a
//!   copy of the board (228 bytes). The recursion is at most 81 deep, since
//!   each level fills a cell: a few tens of kilobytes of stack at worst.
//!   Nothing is allocated during the search; a solution is pushed onto the
//!   outcome's vector, sized for two in advance.
//!
//! The ideas tried and left out, and the commands that measure the solver
//! against the seed's and against the `sudoku` crate, are in
//! `docs/sudoku.md`: speeds move with the machine, so they stay out of this
//! essay.
//!
//! # Where each part lives
//!
//! [`grid`]: the grid, read and written in one line or nine, and checked on
//! the way in; [`solver`]: the trait both solvers implement and the
//! statistics they keep; [`seed`](mod@seed): seed 002's solver, kept
//! faithful; [`fast`]: the fast solver; [`read`]: a stream of puzzles from
//! any reader ([`Puzzles`]), one per line or nine-line grids, each bad line
//! an error of its own ([`ReadError`]) and no line read past
//! [`MOST_LINE_BYTES`].
//!
//! # Errata of seed 002's Sudoku
//!
//! What the seed's `SolveSudoku` gets wrong (pseudocode in C's clothes, an
//! `isSafe` never shown, givens never checked, the first solution only) is
//! listed with every seed's errata in one place, `docs/algorithms.md`,
//! "Errata", under seed 002's Sudoku; this crate keeps none of it.

// The essay above maps the private modules too, for whoever reads the code
// (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

mod fast;
mod grid;
mod read;
mod seed;
mod solver;

pub use fast::FastSolver;
pub use grid::{CELLS, Grid, ParseError, Unit};
pub use read::{MOST_LINE_BYTES, Puzzles, ReadError};
pub use seed::SeedSolver;
pub use solver::{Info, Outcome, Stats, SudokuSolver};

use solver::Search;

/// Every solver, the seed's first.
pub static ALL: [&dyn SudokuSolver; 2] = [&SeedSolver, &FastSolver];

/// The solver registered under `name` (`seed` or `fast`), if any.
pub fn by_name(name: &str) -> Option<&'static dyn SudokuSolver> {
    ALL.iter()
        .copied()
        .find(|solver| solver.info().name == name)
}
