//! `queens count --shard`, `merge` and `plan`: a count cut into shards,
//! merged, recounted and refused when forged.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Shards and merge

/// Counts every shard of `n` in `shards` into `dir`, `s{i}.json` each.
fn count_shards(dir: &Path, n: usize, shards: usize) {
    for shard in 0..shards {
        let file = arg(&dir.join(format!("s{shard}.json")));
        let spec = format!("{shard}/{shards}");
        let run = queens(&["count", &n.to_string(), "--shard", &spec, "--out", &file]);
        assert_eq!(run.answered(), "", "{spec}");
    }
}

#[test]
fn shards_merge_into_the_whole_count() {
    let dir = scratch("shards-whole");
    count_shards(&dir, 10, 7);
    // A killed shard's temporary file is hidden, and skipped.
    fs::write(dir.join(".queens-partial"), "{\"format\":").unwrap();
    let run = queens(&["merge", &arg(&dir)]);
    assert!(
        run.answered()
            .starts_with("n = 10: 724 solutions, 92 fundamental (7 shards, 272 units, "),
        "{}",
        run.stdout
    );
    let record = queens(&["merge", &arg(&dir), "--json"]).json();
    assert_eq!(
        keys(&record),
        [
            "n",
            "plan",
            "records",
            "recounted",
            "seconds",
            "shards",
            "signed",
            "total",
            "unique",
            "units"
        ]
    );
    assert_eq!(
        (record["total"].as_u64(), record["unique"].as_u64()),
        (Some(724), Some(92))
    );
    // The same shard twice merges when the two agree.
    fs::copy(dir.join("s3.json"), dir.join("again.json")).unwrap();
    assert_eq!(
        queens(&["merge", &arg(&dir), "--json"]).json()["records"],
        8
    );
}

#[test]
fn a_rerun_shard_writes_the_same_record_but_its_time() {
    let without_time = |record: Value| {
        let mut record = record;
        let object = record.as_object_mut().unwrap();
        for varying in ["seconds", "checksum", "machine"] {
            object.remove(varying);
        }
        record
    };
    let first = queens(&["count", "11", "--shard", "2/5"]).json();
    let second = queens(&["count", "11", "--shard", "2/5", "--threads", "1"]).json();
    let units: Vec<&Value> = first["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|unit| &unit[0])
        .collect();
    assert_eq!(units[..3], [2, 7, 12].map(Value::from).each_ref());
    let (mut first, mut second) = (without_time(first), without_time(second));
    first["threads"] = Value::Null;
    second["threads"] = Value::Null;
    assert_eq!(first, second);
}

#[test]
fn merge_names_the_missing_shards_for_sbatch() {
    let dir = scratch("shards-missing");
    count_shards(&dir, 9, 7);
    for gone in ["s2.json", "s5.json", "s6.json"] {
        fs::remove_file(dir.join(gone)).unwrap();
    }
    let run = queens(&["merge", &arg(&dir)]);
    run.assert_status(4);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "incomplete: 3 of 7 shards missing: 2,5,6; run them again (sbatch --array=2,5,6 ...) \
         and merge again\n"
    );
}

#[test]
fn merge_refuses_what_is_not_a_clean_record() {
    let dir = scratch("shards-bad");
    count_shards(&dir, 8, 2);
    let line = fs::read_to_string(dir.join("s0.json")).unwrap();
    // Cut inside the list of units, at a place that does not depend on how
    // many digits the record's time took.
    let cut = line.find("\"units\":[[0").unwrap() + "\"units\":[[0".len();
    fs::write(dir.join("cut.json"), &line[..cut]).unwrap();
    fs::write(
        dir.join("edited.json"),
        line.replace("\"shard\":0", "\"shard\":1"),
    )
    .unwrap();
    fs::write(dir.join("notes.txt"), "shards 0 and 1 ran on node7\n").unwrap();
    let run = queens(&["merge", &arg(&dir)]);
    run.assert_status(2);
    let lines: Vec<String> = run
        .stderr
        .lines()
        .map(|line| line.replace(&arg(&dir), "DIR"))
        .collect();
    assert_eq!(
        lines,
        [
            format!(
                "DIR/cut.json: not a shard record (EOF while parsing a list at line 1 column {})",
                cut
            ),
            "DIR/edited.json: the checksum does not match: the record was changed after it was \
             written"
                .to_owned(),
            "DIR/notes.txt: not a shard record (expected value at line 1 column 1)".to_owned(),
            "error: 3 files refused; nothing merged".to_owned(),
        ]
    );
    // Another board's record among these: one line, exit 2.
    let other = scratch("shards-other");
    count_shards(&other, 8, 2);
    let stray = queens(&["count", "9", "--shard", "1/2"]);
    fs::write(other.join("s9.json"), stray.answered()).unwrap();
    let rejected = queens(&["merge", &arg(&other)])
        .rejected()
        .replace(&arg(&other), "DIR");
    assert!(
        rejected.starts_with("error: DIR/s9.json: a record of n = 9 in 2 shards (plan "),
        "{rejected}"
    );
}

#[test]
fn shards_are_refused_where_they_cannot_run() {
    assert_eq!(
        queens(&["count", "10", "--shard", "7/7"]).rejected(),
        "error: invalid value '7/7' for '--shard <I/K>': shard 7 of 7: shards are numbered 0 to 6"
    );
    assert_eq!(
        queens(&["count", "10", "--shard", "1/2", "--algo", "lookup"]).rejected(),
        "error: --threads and --shard are for the bitboard counter, which counts boards without \
         --queen, --budget or another --algo"
    );
    // One shard in seven does a seventh of the work: one row more than a
    // whole count is let through.
    assert_eq!(
        queens(&["count", "23", "--shard", "0/7"]).rejected(),
        "error: counting the solutions for n = 23 with the bitboard solver would take a long \
         time (it handles n up to 19 in seconds); pass --force to run it anyway"
    );
    let dir = scratch("shards-unwritable");
    let run = queens(&[
        "count",
        "8",
        "--shard",
        "0/2",
        "--out",
        &arg(&dir.join("no/such/dir.json")),
    ]);
    assert!(
        run.rejected().starts_with("error: cannot write '"),
        "{}",
        run.stderr
    );
    assert_eq!(
        queens(&["merge", &arg(&dir)]).rejected(),
        "error: no shard records to merge"
    );
    // A device is no record, and is not read until memory runs out.
    let device = queens(&["merge", "/dev/null"]);
    device.assert_status(2);
    assert_eq!(
        device.stderr,
        "/dev/null: not a regular file but a character device\nerror: 1 file refused; nothing \
         merged\n"
    );
}

#[test]
fn a_plan_times_every_unit_of_a_small_board() {
    let record = queens(&["plan", "10", "--shards", "7", "--json", "--seconds", "5"]).json();
    assert_eq!(record["n"], 10);
    assert_eq!(record["shards"], 7);
    // 272 units, whole frames: enough for 7 shards of 16, each unit timed.
    assert_eq!(
        (record["units"].as_u64(), record["unit_rows"].as_u64()),
        (Some(272), Some(0))
    );
    assert_eq!(record["samples"], 272);
    assert_eq!(record["solutions"].as_f64(), Some(724.0));
    assert_eq!(record["solutions_error"].as_f64(), Some(0.0));
    assert_eq!(record["known_solutions"], 724);
    let text = queens(&["plan", "10"]);
    assert!(
        text.answered()
            .starts_with("n = 10 in 1 shard: 272 units (whole frames), 272 a shard (plan "),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("\nsolutions:  724 (known: 724)\n"),
        "{}",
        text.stdout
    );
}

#[test]
fn past_a_solvers_largest_board_the_error_names_the_solvers_that_reach_it() {
    assert_eq!(
        queens(&["first", "100"]).rejected(),
        "error: n = 100 is past the bitboard solver's largest board, n = 64 (one bit per \
         column of a 64-bit word); --algo construct or --algo min-conflicts finds one solution"
    );
    assert_eq!(
        queens(&["all", "100"]).rejected(),
        "error: n = 100 is past the bitboard solver's largest board, n = 64 (one bit per \
         column of a 64-bit word); no solver lists every solution of a board that large in \
         reasonable time, but queens first 100 with --algo construct or --algo min-conflicts \
         finds one solution"
    );
    assert_eq!(
        queens(&["trace", "65", "--algo", "lookup"]).rejected(),
        "error: n = 65 is past the lookup solver's largest board, n = 64 (its lookup arrays \
         are sized for 64, like seed 004's, on the stack); no solver traces the whole search \
         of a board that large in reasonable time, but queens first 65 with --algo construct \
         or --algo min-conflicts finds one solution"
    );
    assert_eq!(
        queens(&["first", "33", "--algo", "naive"]).rejected(),
        "error: n = 33 is past the naive solver's largest board, n = 32 (the bits of its \
         2n − 1 diagonals fill a 64-bit word); --algo construct or --algo min-conflicts finds \
         one solution"
    );
    assert_eq!(
        queens(&["count", "33", "--algo", "naive"]).rejected(),
        "error: n = 33 is past the naive solver's largest board, n = 32 (the bits of its \
         2n − 1 diagonals fill a 64-bit word); no solver counts every solution of a board that \
         large in reasonable time, but queens first 33 with --algo construct or --algo \
         min-conflicts finds one solution"
    );
}

#[test]
fn a_plan_refuses_what_it_cannot_estimate() {
    assert_eq!(
        queens(&["plan", "65"]).rejected(),
        "error: n = 65 is past the bitboard solver's largest board, n = 64 (one bit per column of a \
         64-bit word); no solver counts every solution of a board that large in reasonable time, \
         but queens first 65 with --algo construct or --algo min-conflicts finds one solution"
    );
    assert_eq!(
        queens(&["plan", "12", "--shards", "0"]).rejected(),
        "error: invalid value '0' for '--shards <K>': 0 is not in 1..=10000000"
    );
    assert_eq!(
        queens(&["plan", "12", "--seconds", "0"]).rejected(),
        "error: invalid value '0' for '--seconds <SECONDS>': expected a number of seconds from \
         0.1 to 600"
    );
}
