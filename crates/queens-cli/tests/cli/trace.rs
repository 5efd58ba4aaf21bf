//! `queens trace`: the narration of a search, its summary against the
//! library's statistics, and bad traces refused.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Traces

/// The statistics and solutions a trace's summary gives, read back from
/// its lines (`  queens placed: 1,234`), its reads keyed as JSON keys them:
/// `cells read` as `cells_read`, `words read` as `words_read`.
fn summary_counters(trace: &str) -> Value {
    let counter = |name: &str| -> Option<u64> {
        let prefix = format!("  {name}:");
        let line = trace.lines().find(|line| line.starts_with(&prefix))?;
        Some(
            line[prefix.len()..]
                .trim()
                .replace(',', "")
                .parse()
                .expect("a number"),
        )
    };
    let found = |name: &str| counter(name).unwrap_or_else(|| panic!("no '{name}' in the summary"));
    let mut stats = serde_json::json!({
        "queens_placed": found("queens placed"),
        "safety_checks": found("safety checks"),
    });
    let reads = ["cells read", "words read"]
        .into_iter()
        .filter_map(|name| Some((name.replace(' ', "_"), counter(name)?)));
    for (key, read) in reads {
        stats[key] = read.into();
    }
    serde_json::json!({ "solutions": found("solutions"), "stats": stats })
}

#[test]
fn a_trace_places_what_count_counts_for_every_solver() {
    for &solver in queens_solvers::FINDS_ALL.iter() {
        let algo = solver.info().name;
        // Every solver to n = 8, the generators less far: the naive
        // solver's n = 6 prints 6.6 million lines (n = 7 would print some
        // 300 million, and n = 8 is refused without --force); the
        // permutation solver's n = 7 prints 42 thousand, n = 8 300 thousand.
        let largest = match algo {
            "naive" => 6,
            "permutation" => 7,
            _ => 8,
        };
        for n in (0..=largest).filter(|&n| SOLUTIONS[n] > 0) {
            let size = n.to_string();
            let trace = queens(&["trace", &size, "--algo", algo]);
            let events = event_lines(trace.answered());
            // A budget sends the bitboard through the model's search, which
            // keeps statistics, rather than its parallel counter.
            let count = queens(&[
                "count",
                &size,
                "--algo",
                algo,
                "--json",
                "--budget",
                "1000000000",
            ]);
            let count = count.json();
            let places = events
                .iter()
                .filter(|line| line.starts_with("place "))
                .count();
            assert_eq!(
                Some(places as u64),
                count["stats"]["queens_placed"].as_u64(),
                "{algo}, n = {n}"
            );
            let solutions = events
                .iter()
                .filter(|line| line.starts_with("solution "))
                .count();
            assert_eq!(solutions as u64, SOLUTIONS[n], "{algo}, n = {n}");
            let summary = summary_counters(&trace.stdout);
            assert_eq!(summary["stats"], count["stats"], "{algo}, n = {n}");
            assert_eq!(summary["solutions"], count["count"], "{algo}, n = {n}");
            let ended = format!(
                "\nthe search ended after {} step",
                queens_core::format::thousands(events.len() as u128)
            );
            assert!(trace.stdout.contains(&ended), "{algo}, n = {n}");
        }
    }
}

#[test]
fn a_trace_narrates_seed_001s_search_of_four_queens() {
    let run = queens(&["trace", "4", "--algo", "array"]);
    let trace = run.answered();
    let head: Vec<&str> = trace.lines().take(12).collect();
    assert_eq!(
        head,
        [
            "place (row 0, col 0)",
            "reject (row 1, col 0): attacked by (row 0, col 0) on a column",
            "reject (row 1, col 1): attacked by (row 0, col 0) on a diagonal",
            "place (row 1, col 2)",
            "reject (row 2, col 0): attacked by (row 0, col 0) on a column",
            "reject (row 2, col 1): attacked by (row 1, col 2) on an anti-diagonal",
            "reject (row 2, col 2): attacked by (row 0, col 0) on a diagonal",
            "reject (row 2, col 3): attacked by (row 1, col 2) on a diagonal",
            "backtrack from row 2",
            "remove (row 1, col 2)",
            "place (row 1, col 3)",
            "reject (row 2, col 0): attacked by (row 0, col 0) on a column",
        ]
    );
    assert!(trace.contains(
        "place (row 3, col 2)\nsolution 1\n    * Q * *\n    * * * Q\n    Q * * *\n    * * Q *\nremove (row 3, col 2)\n"
    ));
    assert!(trace.ends_with(
        "remove (row 0, col 3)\nbacktrack from row 0\n\n\
         the search ended after 93 steps:\n\
         \x20 solutions:     2\n\
         \x20 queens placed: 16\n\
         \x20 safety checks: 60\n\
         \x20 cells read:    112\n"
    ));
}

#[test]
fn a_trace_of_the_naive_solver_tests_whole_placements() {
    let run = queens(&["trace", "4", "--algo", "naive", "--limit", "6"]);
    assert_eq!(
        run.answered(),
        "place (row 0, col 0)\n\
         place (row 0, col 1)\n\
         place (row 0, col 2)\n\
         place (row 0, col 3)\n\
         test (row 0, col 0) (row 0, col 1) (row 0, col 2) (row 0, col 3): two queens share a row\n\
         remove (row 0, col 3)\n\
         \n\
         stopped by --limit after 6 steps, before the search ended; so far:\n\
         \x20 solutions:     0\n\
         \x20 queens placed: 4\n\
         \x20 safety checks: 1\n\
         \x20 cells read:    2\n"
    );
}

#[test]
fn every_k_steps_the_board_so_far_is_drawn() {
    let run = queens(&[
        "trace", "4", "--algo", "array", "--every", "3", "--format", "rows", "--limit", "7",
    ]);
    assert_eq!(
        run.answered(),
        "place (row 0, col 0)\n\
         reject (row 1, col 0): attacked by (row 0, col 0) on a column\n\
         reject (row 1, col 1): attacked by (row 0, col 0) on a diagonal\n\
         \x20   1 - - -\n\
         place (row 1, col 2)\n\
         reject (row 2, col 0): attacked by (row 0, col 0) on a column\n\
         reject (row 2, col 1): attacked by (row 1, col 2) on an anti-diagonal\n\
         \x20   1 3 - -\n\
         reject (row 2, col 2): attacked by (row 0, col 0) on a diagonal\n\
         \n\
         stopped by --limit after 7 steps, before the search ended; so far:\n\
         \x20 solutions:     0\n\
         \x20 queens placed: 2\n\
         \x20 safety checks: 7\n\
         \x20 cells read:    9\n"
    );
}

#[test]
fn a_limit_stops_the_trace_and_says_so() {
    for algo in backtracking() {
        let run = queens(&["trace", "12", "--algo", algo, "--limit", "1000"]);
        let trace = run.answered();
        let events = event_lines(trace);
        assert_eq!(events.len(), 1000, "{algo}");
        assert!(
            trace.contains(
                "\nstopped by --limit after 1,000 steps, before the search ended; so far:\n"
            ),
            "{algo}"
        );
        let places = events
            .iter()
            .filter(|line| line.starts_with("place "))
            .count();
        assert_eq!(
            summary_counters(trace)["stats"]["queens_placed"].as_u64(),
            Some(places as u64),
            "{algo}"
        );
    }
    // A limit the search does not reach changes nothing.
    let whole = queens(&["trace", "4", "--algo", "array"]);
    let limited = queens(&["trace", "4", "--algo", "array", "--limit", "93"]);
    assert_eq!(limited.answered(), whole.answered());
}

#[test]
fn a_trace_marks_the_queen_the_user_placed() {
    let run = queens(&["trace", "4", "--algo", "lookup", "--queen", "0:1"]);
    let trace = run.answered();
    assert!(trace.starts_with("place (row 0, col 1)\n"));
    assert!(trace.contains("solution 1\n    * U * *\n    * * * Q\n    Q * * *\n    * * Q *\n"));
    assert_eq!(summary_counters(trace)["solutions"], 1);
}

#[test]
fn a_trace_can_also_write_a_page() {
    let dir = scratch("trace-html");
    let page = dir.join("trace.html");
    let run = queens(&["trace", "5", "--algo", "matrix", "--html", &arg(&page)]);
    let without_page = queens(&["trace", "5", "--algo", "matrix"]);
    assert_eq!(run.answered(), without_page.answered());
    let html = fs::read_to_string(&page).expect("the page is written");
    assert!(html.to_ascii_lowercase().starts_with("<!doctype html"));
}

#[test]
fn bad_traces_get_one_line_and_exit_2() {
    let dir = scratch("bad-traces");
    let missing = dir.join("missing").join("trace.html");
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["trace".into(), "4".into(), "--every".into(), "0".into()],
            "error: invalid value '0' for --every: expected a whole number of steps, 1 or more".into(),
        ),
        (
            vec!["trace".into(), "4".into(), "--limit".into(), "0".into()],
            "error: invalid value '0' for --limit: expected a whole number of steps, 1 or more".into(),
        ),
        (
            vec!["trace".into(), "4".into(), "--format".into(), "svg".into()],
            "error: invalid value 'svg' for --format: trace draws its boards as text; use --html FILE for a drawn replay".into(),
        ),
        (
            vec!["trace".into(), "3".into()],
            "error: no solution for n = 3: nothing to trace".into(),
        ),
        (
            vec!["trace".into(), "4".into(), "--algo".into(), "naive".into(), "--queen".into(), "0:0".into()],
            "error: no solution for n = 4 with queens at (row 0, col 0): nothing to trace".into(),
        ),
        (
            vec!["trace".into(), "4".into(), "--html".into(), arg(&missing)],
            format!("error: cannot write '{}': No such file or directory (os error 2)", missing.display()),
        ),
        (
            vec!["trace".into(), "10".into(), "--html".into(), arg(&dir.join("long.html"))],
            "error: the trace has more than 100,000 steps, more than one page holds; pass --limit 100000 or less".into(),
        ),
        (
            vec!["trace".into(), "17".into(), "--algo".into(), "array".into()],
            "error: tracing the solutions for n = 17 with the array solver would take a long time \
             (it handles n up to 14 in seconds); pass --limit STEPS to trace its beginning, or --force to trace it all".into(),
        ),
        (
            vec!["trace".into(), "8".into(), "--algo".into(), "naive".into()],
            "error: the naive solver would test C(64, 8) = 4,426,165,368 placements; \
             pass --limit STEPS to trace its beginning, or --force to trace it all".into(),
        ),
    ];
    for (args, message) in &cases {
        assert_eq!(queens(args).rejected(), message, "queens {args:?}");
    }
    assert!(!dir.join("long.html").exists());
    // A limit bounds the work, so the guard lets it through.
    let limited = queens(&["trace", "17", "--algo", "array", "--limit", "3"]);
    assert_eq!(event_lines(limited.answered()).len(), 3);
}
