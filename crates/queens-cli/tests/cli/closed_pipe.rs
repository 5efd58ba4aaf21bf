//! A reader that closes the pipe early (`queens all 10 | head`) stops the
//! search and ends the program quietly.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// A closed pipe

/// Runs `queens` with `args`, reads the first line of its stdout and closes
/// the pipe, as `| head -1` does; returns that line and how the run ended.
fn first_line_then_close(args: &[&str]) -> (String, std::process::Output) {
    let mut child = spawn(args);
    let stdout = child.stdout.take().expect("piped stdout");
    let mut first_line = String::new();
    BufReader::new(stdout)
        .read_line(&mut first_line)
        .expect("a first line");
    // The reader is dropped here, closing the pipe.
    let output = child.wait_with_output().expect("the run ends");
    (first_line, output)
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    // 724 boards of ten lines are far more than a pipe holds, so the tool is
    // still writing when the reader goes away, as with `queens all 10 | head`.
    let (first_line, output) = first_line_then_close(&["all", "10", "--algo", "array"]);
    assert_eq!(first_line, " 1  0  0  0  0  0  0  0  0  0 \n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr, "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn searches_that_cannot_be_predicted_stop_at_their_budget() {
    // Five queens that no solution of twelve extends: the search must try
    // every arrangement of the other seven rows to know it.
    let hopeless = [
        "first", "12", "--queen", "0:0", "--queen", "1:2", "--queen", "2:4", "--queen", "3:1",
        "--queen", "4:3",
    ];
    let stopped = |args: &[&str], placed: &str| {
        let run = queens(args);
        run.assert_status(3);
        assert_eq!(run.stdout, "", "queens {args:?}: stdout");
        assert_eq!(
            one_line(&run.args, &run.stderr),
            format!(
                "error: no solution found after {placed} queens placed; pass --force without --budget to search on"
            )
        );
    };
    stopped(&[&hopeless[..], &["--budget", "10"]].concat(), "10");
    stopped(
        &[
            "first", "20", "--unique", "--algo", "matrix", "--budget", "100",
        ],
        "100",
    );
    stopped(
        &[
            "trace", "12", "--limit", "5", "--queen", "0:0", "--queen", "1:2", "--queen", "2:4",
            "--queen", "3:1", "--queen", "4:3", "--budget", "10",
        ],
        "10",
    );
    // Forced, the search runs to its end and finds there is no solution;
    // a budget given with --force still holds.
    let forced = queens(&[&hopeless[..], &["--force"]].concat());
    forced.assert_status(1);
    stopped(
        &[&hopeless[..], &["--budget", "10", "--force"]].concat(),
        "10",
    );
    // A budget large enough lets a first solution through.
    let found = queens(&["first", "8", "--queen", "0:2", "--budget", "100"]);
    assert_eq!(found.answered().lines().count(), 8);
}

#[test]
fn counts_listings_and_traces_stop_at_their_budget_too() {
    // The lookup solver has found 44 of the 92 solutions of eight queens
    // when it places its thousandth queen.
    let count = queens(&["count", "8", "--budget", "1000"]);
    count.assert_status(3);
    assert_eq!(count.stdout, "");
    assert_eq!(
        one_line(&count.args, &count.stderr),
        "error: the count stopped after 1,000 queens placed, its budget, with 44 solutions \
         found so far; pass --force without --budget to search on"
    );
    let listing = queens(&["all", "8", "--format", "rows", "--budget", "1000"]);
    listing.assert_status(3);
    assert_eq!(listing.stdout.lines().count(), 44);
    let forced = queens(&["count", "8", "--force"]);
    assert_eq!(forced.answered(), "92\n");
    // Only fundamental solutions count as found for --unique.
    let unique = queens(&["all", "12", "--unique", "--budget", "100000"]);
    unique.assert_status(3);
    assert_eq!(unique.stdout, "");
    assert_eq!(
        one_line(&unique.args, &unique.stderr),
        "error: the listing stopped after 100,000 queens placed, its budget, with 719 \
         solutions found so far; pass --force without --budget to search on"
    );
    // A trace prints its summary so far, then fails the same way.
    let trace = queens(&["trace", "6", "--budget", "10"]);
    trace.assert_status(3);
    assert!(
        trace
            .stdout
            .contains("\nstopped by --budget after 32 steps, before the search ended; so far:\n"),
        "{}",
        trace.stdout
    );
    assert!(trace.stdout.contains("  queens placed: 10\n"));
    assert_eq!(
        one_line(&trace.args, &trace.stderr),
        "error: the trace stopped after 10 queens placed, its budget, with 0 solutions found so \
         far; pass --force without --budget to search on"
    );
}

#[test]
fn a_limit_past_the_budget_bounds_nothing_and_the_guard_judges() {
    // Refused, with the limit that would run it: never "pass --limit" to
    // one who passed it.
    let refused = |args: &[&str], remedy: &str| {
        let run = queens(args);
        assert_eq!(
            run.rejected(),
            format!(
                "error: tracing the solutions for n = 17 with the array solver would take a long \
                 time (it handles n up to 14 in seconds); {remedy}"
            )
        );
    };
    refused(
        &[
            "trace",
            "17",
            "--algo",
            "array",
            "--limit",
            "18446744073709551615",
        ],
        "--limit 18,446,744,073,709,551,615 bounds it no more than its budget of \
         10,000,000,000 queens placed does, since a step is at least a queen; pass a --limit \
         of at most 10000000000 to trace its beginning, or --force to trace it all",
    );
    refused(
        &[
            "trace", "17", "--algo", "array", "--limit", "100", "--budget", "50",
        ],
        "--limit 100 bounds it no more than its budget of 50 queens placed does, since a step \
         is at least a queen; pass a --limit of at most 50 to trace its beginning, or --force \
         to trace it all",
    );
    refused(
        &["trace", "17", "--algo", "array"],
        "pass --limit STEPS to trace its beginning, or --force to trace it all",
    );
    let bounded = queens(&[
        "trace", "17", "--algo", "array", "--limit", "50", "--budget", "50",
    ]);
    assert_eq!(event_lines(bounded.answered()).len(), 50);
}

#[test]
fn a_trace_of_an_empty_board_starts_at_once_whatever_its_size() {
    // Every empty board from n = 4 up has a solution: nothing is searched
    // before the trace, which used to look for a whole first solution.
    // The bitboard (the default) says each row's mask of open columns.
    let trace = queens(&["trace", "64", "--limit", "5"]);
    let cols_from = |first: usize| {
        let cols: Vec<String> = (first..64).map(|col| col.to_string()).collect();
        cols.join(", ")
    };
    assert_eq!(
        event_lines(trace.answered()),
        [
            format!("mask of row 0: cols {} open", cols_from(0)),
            "place (row 0, col 0)".to_owned(),
            format!("mask of row 1: cols {} open", cols_from(2)),
            "place (row 1, col 2)".to_owned(),
            format!("mask of row 2: cols {} open", cols_from(4)),
        ]
    );
    let none = queens(&["trace", "3"]);
    none.assert_status(2);
    assert_eq!(
        one_line(&none.args, &none.stderr),
        "error: no solution for n = 3: nothing to trace"
    );
}

#[test]
fn a_run_ended_by_a_closed_pipe_leaves_an_old_page_as_it_was() {
    let dir = scratch("page-kept");
    let page = dir.join("trace.html");
    fs::write(&page, "the old page").expect("the old page is written");
    // The trace of eight queens is far longer than a pipe holds: the run is
    // still tracing when the reader goes away, before the page is written.
    let (_, output) =
        first_line_then_close(&["trace", "8", "--algo", "array", "--html", &arg(&page)]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(fs::read_to_string(&page).unwrap(), "the old page");
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(names, ["trace.html"], "no temporary file is left behind");
}
