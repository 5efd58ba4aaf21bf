//! `queens count`: every algorithm's counts against OEIS, the counter on any
//! number of threads, and the record it writes.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Counts, per algorithm

#[test]
fn naive_counts_to_seven() {
    assert_counts("naive", 7);
}

#[test]
fn matrix_counts_to_twelve() {
    assert_counts("matrix", 12);
}

#[test]
fn array_counts_to_twelve() {
    assert_counts("array", 12);
}

#[test]
fn lookup_counts_to_twelve() {
    assert_counts("lookup", 12);
}

#[test]
fn the_counter_counts_to_fourteen_on_any_number_of_threads() {
    assert_counts("bitboard", 14);
    for threads in ["1", "3"] {
        let run = queens(&["count", "14", "--threads", threads]);
        assert_eq!(run.answered(), "365596\n", "{threads} threads");
        let run = queens(&["count", "14", "--unique", "--threads", threads]);
        assert_eq!(run.answered(), "45752\n", "{threads} threads");
    }
}

#[test]
fn the_counters_record_says_how_it_ran() {
    let record = queens(&["count", "12", "--unique", "--threads", "3", "--json"]).json();
    assert_eq!(
        keys(&record),
        [
            "algorithm",
            "count",
            "counter",
            "n",
            "seconds",
            "stats",
            "stats_note",
            "unique"
        ]
    );
    assert_eq!(record["count"], 1787);
    assert_eq!(record["stats"], Value::Null);
    assert_eq!(record["counter"]["units"], 730);
    assert_eq!(record["counter"]["threads"], 3);
}

#[test]
fn the_counters_record_says_why_it_has_no_statistics_and_where_they_are() {
    let run = queens(&["count", "8", "--json", "--threads", "1"]);
    let line = run.answered();
    let (record, seconds) = line
        .split_once(",\"seconds\":")
        .expect("the record ends with its time");
    assert_eq!(
        record,
        "{\"n\":8,\"algorithm\":\"bitboard\",\"unique\":false,\"count\":92,\"stats\":null,\
         \"stats_note\":\"the parallel counter keeps no statistics, which would slow its inner \
         loop; queens count 8 --json --stats counts with the bitboard's search and \
         its statistics, those of queens trace 8\",\"counter\":{\"units\":76,\"threads\":1}"
    );
    assert!(
        seconds
            .trim_end()
            .trim_end_matches('}')
            .parse::<f64>()
            .is_ok(),
        "{line}"
    );
    // The command the note names prints the statistics the trace sums up.
    let searched = queens(&["count", "8", "--json", "--stats"]).json();
    assert_eq!(
        searched["stats"].to_string(),
        "{\"queens_placed\":2056,\"safety_checks\":1965,\"words_read\":5895}"
    );
    let trace = queens(&["trace", "8"]);
    assert!(
        trace.answered().ends_with(
            "\n  solutions:     92\n  queens placed: 2,056\n  safety checks: 1,965\n  \
             words read:    5,895\n  (a read is one machine word, a mask with one bit \
             per column or diagonal: a whole line of the board at once, not one board cell)\n"
        ),
        "{}",
        trace.stdout
    );
}

#[test]
fn the_bitboard_search_runs_through_the_model_with_a_budget_or_queens() {
    // With a budget the counter cannot keep, the bitboard's own search
    // counts, with its own statistics: the lookup solver's 2,056 queens,
    // but a check per row's mask (1,965), three words read each.
    let record = queens(&["count", "8", "--budget", "100000", "--json"]).json();
    assert_eq!(record["count"], 92);
    assert_eq!(record["stats"]["queens_placed"], 2056);
    assert_eq!(record["stats"]["safety_checks"], 1965);
    assert_eq!(record["stats"]["words_read"], 5895);
    assert!(record["stats"].get("cells_read").is_none());
    assert!(record.get("counter").is_none());
    let record = queens(&["count", "8", "--queen", "0:3", "--json"]).json();
    assert_eq!(record["count"], 18);
    assert_eq!(record["stats"]["queens_placed"], 271);
}

#[test]
fn threads_are_refused_where_they_cannot_serve() {
    assert_eq!(
        queens(&["count", "12", "--threads", "0"]).rejected(),
        "error: invalid value '0' for '--threads <N>': 0 is not in 1..=256"
    );
    assert_eq!(
        queens(&["count", "12", "--threads", "257"]).rejected(),
        "error: invalid value '257' for '--threads <N>': 257 is not in 1..=256"
    );
    let without_counter = "error: --threads and --shard are for the bitboard counter, which \
                           counts boards without --queen, --budget or another --algo";
    for extra in [
        &["--algo", "lookup"],
        &["--queen", "0:1"],
        &["--budget", "99"],
    ] {
        let mut args = vec!["count", "8", "--threads", "2"];
        args.extend(extra);
        assert_eq!(queens(&args).rejected(), without_counter, "{extra:?}");
    }
    assert_eq!(
        queens(&["count", "22"]).rejected(),
        "error: counting the solutions for n = 22 with the bitboard solver would take a long \
         time (it handles n up to 19 in seconds); pass --force to run it anyway"
    );
    assert_eq!(
        queens(&["count", "65", "--threads", "2"]).rejected(),
        "error: n = 65 is past the bitboard solver's largest board, n = 64 (one bit per column of a \
         64-bit word); no solver counts every solution of a board that large in reasonable time, \
         but queens first 65 with --algo construct or --algo min-conflicts finds one solution"
    );
}
