//! The guard against work that would take hours: refused before it starts,
//! with the reason and `--force`.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// The guard against work that would take hours

#[test]
fn the_naive_solver_refuses_a_long_run_for_every_command() {
    let message = "error: the naive solver would test C(81, 9) = 260,887,834,350 placements; \
                   pass --force to run it anyway";
    for command in ["count", "first", "all"] {
        let run = queens(&[command, "9", "--algo", "naive"]);
        assert_eq!(run.rejected(), message, "{command}");
    }
    let eight = queens(&["count", "8", "--algo", "naive"]);
    assert_eq!(
        eight.rejected(),
        "error: the naive solver would test C(64, 8) = 4,426,165,368 placements; \
         pass --force to run it anyway"
    );
}

#[test]
fn the_permutation_solver_counts_and_refuses_past_a_billion_tests() {
    let nine = queens(&["count", "9", "--algo", "permutation", "--json"]).json();
    assert_eq!(nine["count"], 352);
    assert_eq!(nine["stats"]["safety_checks"], 362_880);
    let message = "error: the permutation solver would test 13! = 6,227,020,800 permutations; \
                   pass --force to run it anyway";
    for command in ["count", "first", "all"] {
        let run = queens(&[command, "13", "--algo", "permutation"]);
        assert_eq!(run.rejected(), message, "{command}");
    }
}

#[test]
fn backtracking_refuses_to_count_or_list_far_past_its_practical_size() {
    let run = queens(&["count", "17", "--algo", "array"]);
    assert_eq!(
        run.rejected(),
        "error: counting the solutions for n = 17 with the array solver would take a long time \
         (it handles n up to 14 in seconds); pass --force to run it anyway"
    );
    let run = queens(&["all", "18", "--algo", "lookup"]);
    assert_eq!(
        run.rejected(),
        "error: listing the solutions for n = 18 with the lookup solver would take a long time \
         (it handles n up to 15 in seconds); pass --force to run it anyway"
    );
    // `first` goes twice as far as counting before it is refused.
    let first = queens(&["first", "28", "--algo", "array", "--json"]).json();
    assert_eq!(
        queens_core::validate(28, &placement(&first["queens"])),
        Ok(())
    );
    let run = queens(&["first", "31", "--algo", "lookup"]);
    assert_eq!(
        run.rejected(),
        "error: finding a first solution for n = 31 with the lookup solver may take hours: \
         the work to the first solution grows erratically past n = 30; \
         pass --force to run it anyway"
    );
}

#[test]
fn force_runs_what_would_be_refused() {
    // Nineteen of the twenty queens of a solution leave exactly one square
    // for the last: a run the guard refuses on size alone, yet quick.
    let record = queens(&["first", "20", "--algo", "array", "--json"]).json();
    let solution = placement(&record["queens"]);
    for algo in backtracking() {
        let mut args: Vec<String> = ["count", "20", "--algo", algo].map(String::from).into();
        args.extend(queen_args(&solution, 0..19));
        assert!(
            queens(&args).rejected().starts_with("error: counting"),
            "{algo}"
        );
        args.push("--force".to_owned());
        assert_eq!(queens(&args).answered(), "1\n", "{algo}");
    }
}

#[test]
fn a_trace_past_a_thousand_queens_is_refused_before_it_starts() {
    for solver in finding_one() {
        let run = queens(&["trace", "1000000", "--algo", solver]);
        assert_eq!(
            run.rejected(),
            "error: tracing n = 1,000,000 would narrate every event and draw a board of \
             1,000,000,000,000 squares at its solution; a trace goes up to n = 1,000 without \
             --force; pass --limit STEPS to trace its beginning, or --force to trace it all",
            "{solver}"
        );
    }
    let thousand = queens(&["trace", "1000", "--algo", "construct"]);
    assert!(thousand.answered().contains("\n  queens placed: 1,000\n"));
}

#[test]
fn stats_past_the_budget_are_refused_before_the_search_starts() {
    // n = 18's search would run some ten minutes, then stop at 10^10
    // queens with no statistics: refused at once, with the figure.
    let started = std::time::Instant::now();
    let run = queens(&["count", "18", "--json", "--stats"]);
    assert_eq!(
        run.rejected(),
        "error: --stats counts n = 18 with the bitboard solver's whole search, which would \
         place 59,365,844,490 queens; its budget stops it at 10,000,000,000; pass --force \
         to run it anyway"
    );
    assert!(started.elapsed().as_secs() < 5, "refused before it starts");
    // A budget given holds under --force: only a larger one runs it.
    for extra in [&[][..], &["--force"][..]] {
        let mut args = vec![
            "count", "14", "--stats", "--algo", "lookup", "--budget", "1000",
        ];
        args.extend(extra);
        assert_eq!(
            queens(&args).rejected(),
            "error: --stats counts n = 14 with the lookup solver's whole search, which would \
             place 27,358,552 queens; its budget stops it at 1,000; pass a larger --budget to run \
             it, or --force without --budget",
            "{args:?}"
        );
    }
    // The budget stops a search at the queen that reaches it: n = 12's
    // 856,188 queens need a budget of one more.
    let reached = queens(&["count", "12", "--stats", "--budget", "856188"]);
    assert!(
        reached
            .rejected()
            .contains("would place 856,188 queens; its budget stops it at 856,188;")
    );
    let enough = queens(&["count", "12", "--stats", "--json", "--budget", "856189"]).json();
    assert_eq!(enough["stats"]["queens_placed"], 856_188);
}
