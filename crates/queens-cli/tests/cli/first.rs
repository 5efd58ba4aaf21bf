//! `queens first`: the record of `--json`, with the counts only its solver
//! keeps.
//!
//! Every test runs the built binary and checks its exact output (helpers
//! in `support`).

use crate::support::*;

#[test]
fn min_conflicts_reports_its_tries_swaps_and_restarts() {
    // The board of docs/views/trace.md's min-conflicts trace: one repair,
    // whose second partner gives a clean swap.
    let run = queens(&["first", "8", "--algo", "min-conflicts", "--json"]);
    let record = run.json();
    assert_eq!(
        keys(&record),
        ["algorithm", "n", "queens", "solver_stats", "stats"]
    );
    // Written in the solver's order, after the model's statistics.
    assert!(
        run.answered().ends_with(
            r#""stats":{"queens_placed":10,"safety_checks":50,"cells_read":100},"solver_stats":{"tries":2,"swaps":1,"restarts":0}}
"#
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn min_conflicts_on_a_large_board_counts_its_swaps_too() {
    let record = queens(&["first", "100000", "--algo", "min-conflicts", "--json"]).json();
    let own = &record["solver_stats"];
    let (tries, swaps) = (own["tries"].as_u64(), own["swaps"].as_u64());
    let (Some(tries), Some(swaps)) = (tries, swaps) else {
        panic!("no tries or swaps: {own}");
    };
    // Each queen the greedy start left attacked needs a swap or so, and a
    // try gives a swap far more often than one in a thousand.
    assert!(
        swaps > 0 && swaps <= tries && tries < 1_000 * swaps,
        "{own}"
    );
    assert_eq!(own["restarts"], 0);
}

#[test]
fn a_tree_search_tells_no_counts_of_its_own() {
    let record = queens(&["first", "8", "--algo", "lookup", "--json"]).json();
    assert!(record.get("solver_stats").is_none(), "{record}");
}
