//! `cargo xtask compare --sudoku`: seed 002's Sudoku backtracking and the
//! fast solver of `queens-sudoku`, side by side on the same puzzles, as the
//! queens solvers are compared.
//!
//! Three sets: the seed's own puzzle, and the samples of the 17-clue and
//! hardest collections kept in `crates/queens-sudoku/tests/data` (so the
//! comparison runs on a fresh clone; the full collections, and the crates.io
//! `sudoku` crate as a peer, are measured by the benchmark package's
//! `sudoku_throughput` example). Each solver solves each puzzle of a set in
//! turn, every answer is checked to complete its givens, and passes over the
//! set repeat until the time limit is spent (at least one puzzle is always
//! solved), so a slow solver on a hard set is measured on the puzzles it
//! reached. The statistics are each solver's own, averaged per puzzle over
//! the puzzles solved.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use queens_sudoku::{Grid, Stats, SudokuSolver};
use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

use crate::error::Error;

/// The puzzle sets, by name and file under the workspace root.
const SETS: [(&str, &str); 3] = [
    (
        "seed 002",
        "crates/queens-sudoku/tests/data/sudoku-seed.txt",
    ),
    (
        "17 clues",
        "crates/queens-sudoku/tests/data/17_clue_sample.txt",
    ),
    (
        "hardest",
        "crates/queens-sudoku/tests/data/forum_hardest_sample.txt",
    ),
];

/// The set the seed's solver is not run on, and why: one puzzle cannot be
/// stopped part way, and the first of this set takes it over a minute
/// (15.8 × 10⁹ `isSafe` calls; see the crate's essay).
const TOO_SLOW_FOR_SEED: (&str, &str) = (
    "17 clues",
    "skipped: blind backtracking takes over a minute on one 17-clue puzzle",
);

/// One solver on one set.
struct Cell {
    set: &'static str,
    solver: &'static str,
    puzzles: usize,
    solved: u64,
    seconds: f64,
    stats: Stats,
}

impl Cell {
    /// Puzzles solved per second.
    fn rate(&self) -> f64 {
        self.solved as f64 / self.seconds.max(f64::MIN_POSITIVE)
    }
}

/// Runs the comparison with `time_limit` per solver and set, and returns the
/// table.
pub fn run(root: &Path, time_limit: Duration) -> Result<String, Error> {
    let mut cells = Vec::new();
    for (set, file) in SETS {
        let puzzles = load(&root.join(file))?;
        for solver in queens_sudoku::ALL {
            if (set, solver.info().name) == (TOO_SLOW_FOR_SEED.0, "seed") {
                continue;
            }
            cells.push(measure(set, solver, &puzzles, time_limit)?);
        }
    }
    Ok(table(&cells))
}

/// The puzzles of `file`: the seed's nine-line grid (its first nine grid
/// rows, before the solution), or one puzzle per line.
fn load(file: &Path) -> Result<Vec<Grid>, Error> {
    let text = fs::read_to_string(file)
        .map_err(|error| Error::Failed(format!("cannot read {}: {error}", file.display())))?;
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let bad = |error| Error::Failed(format!("{}: {error}", file.display()));
    if lines.first().is_some_and(|line| line.ends_with(':')) {
        // The seed's file: `puzzle:`, nine rows, `solution:`, nine rows.
        let grid = lines.iter().skip(1).take(9).copied().collect::<Vec<_>>();
        return Ok(vec![Grid::parse_grid(&grid.join("\n")).map_err(bad)?]);
    }
    lines
        .iter()
        .map(|line| Grid::parse_line(line).map_err(bad))
        .collect()
}

/// Times `solver` over `puzzles` until `time_limit` is spent, checking every
/// answer.
fn measure(
    set: &'static str,
    solver: &dyn SudokuSolver,
    puzzles: &[Grid],
    time_limit: Duration,
) -> Result<Cell, Error> {
    let mut cell = Cell {
        set,
        solver: solver.info().name,
        puzzles: puzzles.len(),
        solved: 0,
        seconds: 0.0,
        stats: Stats::default(),
    };
    let started = Instant::now();
    for puzzle in puzzles.iter().cycle() {
        let outcome = solver.solve(puzzle, 1);
        let solved = outcome
            .solutions
            .first()
            .is_some_and(|solution| solution.is_full() && solution.is_completion_of(puzzle));
        if !solved {
            return Err(Error::Failed(format!(
                "the {} solver did not solve {}",
                cell.solver,
                puzzle.to_line()
            )));
        }
        cell.solved += 1;
        add(&mut cell.stats, &outcome.stats);
        if started.elapsed() >= time_limit {
            break;
        }
    }
    cell.seconds = started.elapsed().as_secs_f64();
    Ok(cell)
}

/// Adds `more` to `total`.
fn add(total: &mut Stats, more: &Stats) {
    total.placements += more.placements;
    total.guesses += more.guesses;
    total.backtracks += more.backtracks;
    total.checks += more.checks;
}

/// The table: one row per set and solver, the speed-up against the seed's
/// solver on the same set.
fn table(cells: &[Cell]) -> String {
    let mut builder = Builder::default();
    builder.push_record([
        "puzzles",
        "solver",
        "solved",
        "puzzles/s",
        "placements",
        "guesses",
        "backtracks",
        "checks",
        "speed-up",
    ]);
    for cell in cells {
        let seed = cells
            .iter()
            .find(|other| other.set == cell.set && other.solver == "seed")
            .map_or(f64::NAN, Cell::rate);
        let per = |value: u64| format!("{:.1}", value as f64 / cell.solved as f64);
        builder.push_record([
            format!("{} ({})", cell.set, cell.puzzles),
            cell.solver.to_owned(),
            cell.solved.to_string(),
            format!("{:.0}", cell.rate()),
            per(cell.stats.placements),
            per(cell.stats.guesses),
            per(cell.stats.backtracks),
            per(cell.stats.checks),
            if seed.is_nan() {
                "·".to_owned()
            } else {
                format!("{:.0}×", cell.rate() / seed)
            },
        ]);
    }
    let mut table = builder.build();
    table
        .with(Style::rounded())
        .modify(Columns::new(2..), Alignment::right());
    format!(
        "sudoku: seed 002's backtracking and the fast solver, statistics per puzzle \
         (checks: isSafe calls for seed, candidate updates for fast)\n{table}\n\
         {}, seed: {}\n",
        TOO_SLOW_FOR_SEED.0, TOO_SLOW_FOR_SEED.1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_loads_and_both_solvers_solve_the_seeds_puzzle() {
        let root = crate::testing::workspace_root();
        let counts: Vec<usize> = SETS
            .iter()
            .map(|(_, file)| load(&root.join(file)).map(|set| set.len()).unwrap())
            .collect();
        assert_eq!(counts[0], 1);
        assert!(counts[1] >= 100 && counts[2] >= 100, "{counts:?}");
        let seed = load(&root.join(SETS[0].1)).unwrap();
        for solver in queens_sudoku::ALL {
            let cell = measure("seed 002", solver, &seed, Duration::ZERO).unwrap();
            assert_eq!(cell.solved, 1);
        }
    }
}
