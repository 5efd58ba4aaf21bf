//! What the test files share: the seed's puzzle and printed solution, read
//! from the copy of the shared fixture in `tests/data/`.

use queens_sudoku::Grid;

/// The fixture: `puzzle:` and its nine lines, then `solution:` and its nine.
const SEED_FILE: &str = include_str!("../data/sudoku-seed.txt");

/// The nine lines after the line `heading` in the seed's fixture, exactly as
/// printed there, each ending with a newline.
pub(crate) fn seed_section(heading: &str) -> String {
    let lines: Vec<&str> = SEED_FILE.lines().collect();
    let start = lines
        .iter()
        .position(|line| *line == heading)
        .expect("heading")
        + 1;
    lines[start..start + 9]
        .iter()
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The seed's puzzle.
pub(crate) fn seed_puzzle() -> Grid {
    Grid::parse_grid(&seed_section("puzzle:")).expect("the seed's puzzle parses")
}

/// The seed's printed solution.
pub(crate) fn seed_solution() -> Grid {
    Grid::parse_grid(&seed_section("solution:")).expect("the seed's solution parses")
}
