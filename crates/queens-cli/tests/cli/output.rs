//! What the searching commands print: plain text for people and JSON for
//! programs, checked against the library's own answers.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Plain output

#[test]
fn first_four_is_each_solvers_first_board() {
    for algo in row_major() {
        let run = queens(&["first", "4", "--algo", algo]);
        assert_eq!(run.answered(), ROW_MAJOR_FOUR, "{algo}");
    }
    let run = queens(&["first", "4", "--algo", column_major()]);
    assert_eq!(run.answered(), COLUMN_MAJOR_FOUR);
}

#[test]
fn the_default_algorithm_is_the_fastest() {
    assert_eq!(queens_solvers::fastest().info().name, "bitboard");
    assert_eq!(queens(&["first", "4"]).answered(), ROW_MAJOR_FOUR);
    assert_eq!(
        queens(&["count", "8", "--json"]).json()["algorithm"],
        "bitboard"
    );
}

#[test]
fn all_four_prints_both_boards_in_the_solvers_order() {
    let both = format!("{ROW_MAJOR_FOUR}\n{COLUMN_MAJOR_FOUR}");
    for algo in row_major() {
        let run = queens(&["all", "4", "--algo", algo]);
        assert_eq!(run.answered(), both, "{algo}");
    }
    let transposed = format!("{COLUMN_MAJOR_FOUR}\n{ROW_MAJOR_FOUR}");
    let run = queens(&["all", "4", "--algo", column_major()]);
    assert_eq!(run.answered(), transposed);
}

#[test]
fn the_empty_board_has_one_empty_solution() {
    assert_eq!(queens(&["count", "0", "--algo", "array"]).answered(), "1\n");
    assert_eq!(queens(&["first", "0", "--algo", "array"]).answered(), "");
    let all = queens(&["all", "0", "--algo", "array", "--json"]);
    assert_eq!(all.answered(), "{\"queens\":[]}\n");
}

#[test]
fn a_count_of_zero_is_an_answer() {
    for n in ["2", "3"] {
        assert_eq!(queens(&["count", n, "--algo", "array"]).answered(), "0\n");
        assert_eq!(queens(&["all", n, "--algo", "array"]).answered(), "");
    }
}

// JSON

#[test]
fn count_json_reports_the_solvers_own_statistics() {
    for algo in backtracking() {
        // With a budget, the bitboard counts through the model's search.
        let record = queens(&[
            "count", "8", "--algo", algo, "--json", "--budget", "1000000",
        ]);
        let record = record.json();
        assert_eq!(
            keys(&record),
            ["algorithm", "count", "n", "seconds", "stats", "unique"]
        );
        assert_eq!(record["n"], 8);
        assert_eq!(record["algorithm"], algo);
        assert_eq!(record["unique"], false);
        assert_eq!(record["count"], 92);
        // The bitboard's checks read machine words, and its record says so.
        let mut expected = ["queens_placed", "safety_checks", "cells_read"];
        if algo == "bitboard" {
            expected[2] = "words_read";
        }
        expected.sort_unstable();
        assert_eq!(keys(&record["stats"]), expected);
        let library = library_answer(algo, Mode::Count, 8);
        assert_eq!(record["stats"], stats_json(&library), "{algo}");
        let seconds = record["seconds"].as_f64().expect("seconds is a number");
        assert!((0.0..60.0).contains(&seconds), "{seconds} seconds");
    }
}

#[test]
fn count_json_says_when_only_fundamental_solutions_are_counted() {
    let record = queens(&["count", "8", "--algo", "array", "--unique", "--json"]).json();
    assert_eq!(record["unique"], true);
    assert_eq!(record["count"], 12);
}

#[test]
fn first_json_holds_the_placement_and_statistics() {
    let record = queens(&["first", "8", "--algo", "array", "--json"]).json();
    assert_eq!(keys(&record), ["algorithm", "n", "queens", "stats"]);
    assert_eq!(record["n"], 8);
    assert_eq!(record["algorithm"], "array");
    assert_eq!(placement(&record["queens"]), [0, 4, 7, 5, 2, 6, 1, 3]);
    let library = library_answer("array", Mode::First, 8);
    assert_eq!(record["stats"], stats_json(&library));
}

#[test]
fn all_json_streams_every_solution_once_in_order() {
    for algo in backtracking() {
        let solutions = json_lines(&queens(&["all", "8", "--algo", algo, "--json"]));
        assert_eq!(solutions.len(), 92, "{algo}");
        for queens in &solutions {
            assert_eq!(queens_core::validate(8, queens), Ok(()), "{algo}");
        }
        let order = solver(algo).info().order;
        assert!(
            solutions
                .windows(2)
                .all(|pair| order.compare(&pair[0], &pair[1]).is_lt()),
            "{algo}: solutions out of {order} order, or repeated"
        );
    }
}

#[test]
fn all_unique_lists_seed_004s_fundamental_solutions() {
    for algo in backtracking() {
        let solutions = json_lines(&queens(&["all", "8", "--algo", algo, "--unique", "--json"]));
        assert_eq!(solutions, EIGHT_QUEENS_FUNDAMENTAL, "{algo}");
    }
}
