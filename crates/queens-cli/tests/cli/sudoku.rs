//! `queens sudoku`: the seed's puzzle and its solution, and bad grids refused.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Sudoku

/// Seed 002's puzzle, in its nine-line layout.
const SEED_SUDOKU: &str = "\
3 0 6 5 0 8 4 0 0
5 2 0 0 0 0 0 0 0
0 8 7 0 0 0 0 3 1
0 0 3 0 1 0 0 8 0
9 0 0 8 6 3 0 0 5
0 5 0 0 9 0 6 0 0
1 3 0 0 0 0 2 5 0
0 0 0 0 0 0 0 7 4
0 0 5 2 0 6 3 0 0
";

/// A puzzle without a solution whose givens do not clash: the last cell of
/// row 1 needs the 9 that column 9 already holds.
fn no_solution() -> String {
    format!("12345678.........9{}", ".".repeat(63))
}

#[test]
fn both_sudoku_solvers_solve_the_seeds_puzzle_to_its_grid() {
    for algo in ["seed", "fast"] {
        let run = queens_reading(&["sudoku", "--algo", algo], SEED_SUDOKU);
        assert_eq!(
            run.answered(),
            format!("{SEED_SOLUTION}\n"),
            "--algo {algo}"
        );
    }
    let grid = queens_reading(
        &["sudoku", "-", "--format", "grid"],
        &format!("{SEED_SOLUTION}\n"),
    );
    assert_eq!(
        grid.answered(),
        "3 1 6 5 7 8 4 9 2\n5 2 9 1 3 4 7 6 8\n4 8 7 6 2 9 5 3 1\n2 6 3 4 1 5 9 8 7\n\
         9 7 4 8 6 3 1 2 5\n8 5 1 7 9 2 6 4 3\n1 3 8 9 4 7 2 5 6\n6 9 2 3 5 1 8 7 4\n\
         7 4 5 2 8 6 3 1 9\n\n"
    );
    let stats = queens_reading(&["sudoku", "--algo", "seed", "--stats"], SEED_SUDOKU);
    let lines: Vec<&str> = stats.answered().lines().collect();
    assert_eq!(lines[0], SEED_SOLUTION);
    assert!(
        lines[1].starts_with("# placements 1104, guesses 1104, backtracks 1104, checks 9936 ("),
        "{}",
        lines[1]
    );
}

#[test]
fn sudoku_counts_tell_none_one_and_many_apart() {
    let empty = ".".repeat(81);
    let input = format!("{SEED_SOLUTION}\n{}\n{empty}\n", no_solution());
    for algo in ["seed", "fast"] {
        let run = queens_reading(&["sudoku", "--count", "--algo", algo], &input);
        assert_eq!(run.answered(), "1\n0\n2+\n", "--algo {algo}");
    }
    let many = queens_reading(&["sudoku"], &format!("{empty}\n"));
    many.assert_status(0);
    assert_eq!(many.stdout.len(), 82);
    assert_eq!(
        many.stderr,
        "line 1: more than one solution; the first is printed\n"
    );
    let nothing = queens_reading(&["sudoku"], "# only a comment\n\n");
    assert_eq!(
        nothing.rejected(),
        "error: the input holds no puzzle (one per line, 81 cells, or nine rows of nine)"
    );
    let unsolved = queens_reading(&["sudoku"], &format!("{}\n", no_solution()));
    unsolved.assert_status(1);
    assert_eq!(unsolved.stdout, "");
    assert_eq!(
        unsolved.stderr,
        "line 1: no solution\nerror: of 1 puzzle read, 0 malformed, 1 without a solution, 0 stopped at the budget\n"
    );
}

#[test]
fn a_bad_line_is_reported_and_the_batch_goes_on() {
    let clash = format!("55{}", ".".repeat(79));
    let input = format!(
        "# a comment\n{SEED_SOLUTION}\n123\n{}x\n{clash}\n\n{SEED_SUDOKU}3 0 6\n{SEED_SOLUTION}\n",
        "1".repeat(80)
    );
    let run = queens_reading(&["sudoku"], &input);
    run.assert_status(2);
    assert_eq!(
        run.stdout,
        format!("{SEED_SOLUTION}\n{SEED_SOLUTION}\n{SEED_SOLUTION}\n")
    );
    assert_eq!(
        run.stderr,
        "line 3: expected 81 cells, got 3\n\
         line 4: bad character 'x' at position 81 (counting from 1); expected 1-9, 0 or .\n\
         line 5: two 5s in row 1\n\
         line 16: expected 9 rows, got 1\n\
         error: of 7 puzzles read, 4 malformed, 0 without a solution, 0 stopped at the budget\n"
    );
    // Blind backtracking needs 1.76 × 10⁹ digits for this 17-clue puzzle:
    // its budget stops it, and the batch goes on.
    let hard = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let stopped = queens_reading(
        &["sudoku", "--algo", "seed", "--budget", "1000"],
        &format!("{hard}\n{SEED_SOLUTION}\n"),
    );
    stopped.assert_status(3);
    assert_eq!(stopped.stdout, format!("{SEED_SOLUTION}\n"));
    assert_eq!(
        stopped.stderr,
        "line 1: stopped after 1,000 placements, its budget; pass --force to search on\n\
         error: of 2 puzzles read, 0 malformed, 0 without a solution, 1 stopped at the budget\n"
    );
    let missing = queens(&["sudoku", "no-such-file.txt"]);
    assert_eq!(
        missing.rejected(),
        "error: cannot read 'no-such-file.txt': No such file or directory (os error 2)"
    );
    let unknown = queens(&["sudoku", "--algo", "dancing-links"]);
    assert!(
        unknown
            .rejected()
            .starts_with("error: invalid value 'dancing-links' for '--algo")
    );
}

#[test]
fn an_unreadable_sudoku_input_is_bad_input() {
    let directory = std::env::temp_dir();
    let run = queens(&["sudoku", &directory.display().to_string()]);
    assert_eq!(
        run.rejected(),
        "error: cannot read the input: Is a directory (os error 21)"
    );
}
