//! Nothing damaged, nothing lost, nothing forged (issue P11): the writer,
//! stdout, records that prove themselves, and every input bounded.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Nothing damaged, nothing lost, nothing forged (P11): the writer, stdout, records that prove themselves, and every input bounded

/// Runs `queens ARGS REDIRECTION` through `sh`, which can close stdout
/// (`>&-`) as no `Command` can.
fn queens_redirected(args: &str, redirection: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {args} {redirection}"))
        .arg(env!("CARGO_BIN_EXE_queens"))
        .stderr(Stdio::piped())
        .output()
        .expect("sh runs")
}

/// Runs `queens` with `args`, failing the test if it has not ended within
/// ten seconds (it would wait forever on a FIFO).
fn queens_within_ten_seconds(args: &[&str]) -> std::process::Output {
    let mut child = spawn(args);
    for _ in 0..100 {
        if child
            .try_wait()
            .expect("the run can be waited for")
            .is_some()
        {
            return child.wait_with_output().expect("the run ends");
        }
        thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    panic!("queens {args:?} still runs after ten seconds");
}

/// Makes a FIFO at `path`.
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

#[test]
fn a_device_given_to_out_is_written_to_and_stays_a_device() {
    let dir = scratch("devices");
    let (Some(full), Some(null)) = (
        device_node(&dir, "full", 1, 7),
        device_node(&dir, "null", 1, 3),
    ) else {
        return;
    };
    let run = queens(&["count", "12", "--shard", "0/4", "--out", &arg(&full)]);
    run.assert_status(74);
    assert_eq!(
        run.stderr,
        format!(
            "error: cannot write '{}': No space left on device (os error 28)\n",
            full.display()
        )
    );
    use std::os::unix::fs::FileTypeExt;
    let kind = fs::symlink_metadata(&full).unwrap().file_type();
    assert!(kind.is_char_device(), "the full device is still a device");
    assert_eq!(
        queens(&["count", "8", "--shard", "0/2", "--out", &arg(&null)]).answered(),
        ""
    );
    let kind = fs::symlink_metadata(&null).unwrap().file_type();
    assert!(kind.is_char_device(), "the null device is still a device");
}

#[test]
fn dev_stdout_and_a_dash_are_stdout() {
    // A link of the test's own, made as /dev/stdout is, so that a writer
    // that replaced links would replace this one, not the machine's.
    let dir = scratch("stdout-link");
    let stdout = dir.join("stdout");
    std::os::unix::fs::symlink("/proc/self/fd/1", &stdout).unwrap();
    let stdout = arg(&stdout);
    for out in [stdout.as_str(), "-"] {
        let record = queens(&["count", "12", "--shard", "0/4", "--out", out]).json();
        assert_eq!(
            (&record["format"], &record["n"], &record["shard"]),
            (
                &Value::from("queens-shard/2"),
                &Value::from(12),
                &Value::from(0)
            ),
            "--out {out}"
        );
    }
    // Through `| cat`, as a user would run it.
    let piped = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" count 8 --shard 1/2 --out \"$1\" | cat")
        .arg(env!("CARGO_BIN_EXE_queens"))
        .arg(&stdout)
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&piped.stdout)
            .starts_with("{\"format\":\"queens-shard/2\",\"n\":8,"),
        "{piped:?}"
    );
    let svg = queens(&["first", "8", "--format", "svg", "--out", "-"]);
    assert!(svg.answered().starts_with("<?xml"), "{}", svg.stdout);
    assert!(svg.stdout.trim_end().ends_with("</svg>"));
    assert!(!svg.stdout.contains("wrote"));
    let page = queens(&["trace", "4", "--algo", "array", "--html", "-"]);
    assert!(
        page.answered().starts_with("<!doctype html>"),
        "{}",
        page.stdout
    );
    assert!(!page.stdout.contains("\nplace (row"), "the page alone");
}

#[test]
fn a_link_is_written_through_and_a_fifo_written_to() {
    let dir = scratch("out-kinds");
    let record = dir.join("records/shard-0.json");
    fs::create_dir(dir.join("records")).unwrap();
    fs::write(&record, "old").unwrap();
    let link = dir.join("latest.json");
    std::os::unix::fs::symlink("records/shard-0.json", &link).unwrap();
    assert_eq!(
        queens(&["count", "8", "--shard", "0/2", "--out", &arg(&link)]).answered(),
        ""
    );
    assert!(link.is_symlink(), "the link is kept");
    assert!(
        fs::read_to_string(&record)
            .unwrap()
            .starts_with("{\"format\"")
    );
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    assert_eq!(
        queens(&["first", "4", "--format", "svg", "--out", &arg(&fifo)]).answered(),
        format!("wrote {}\n", arg(&fifo))
    );
    assert!(reader.join().unwrap().contains("<svg"));
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
}

/// A folder `name` in `dir` that everyone can write, with the permission
/// bits `mode` (`1777` as `/tmp`, `777` without the sticky bit), holding a
/// link `link` to `victim` that another user (uid 1001) owns, as one of them
/// would plant it; `None` where a link cannot be given away (not root).
fn planted(dir: &Path, name: &str, mode: u32, link: &str, victim: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let folder = dir.join(name);
    fs::create_dir(&folder).unwrap();
    fs::set_permissions(&folder, fs::Permissions::from_mode(mode)).unwrap();
    let link = folder.join(link);
    std::os::unix::fs::symlink(victim, &link).unwrap();
    if std::os::unix::fs::lchown(&link, Some(1001), None).is_err() {
        eprintln!("skipped: giving a symbolic link to another user needs root");
        return None;
    }
    Some(link)
}

/// The line that refuses the link `link`, which uid 1001 planted in its
/// folder of permission bits `mode`, owned by root; `written` is the path
/// the user named.
fn planted_refusal(written: &Path, link: &Path, mode: &str) -> String {
    format!(
        "error: cannot write '{}': it is a symbolic link owned by uid 1001 in a folder others \
         can write ({}: mode {mode}, owned by uid 0); a link there is followed only when it is \
         yours or the folder owner's, since anyone else's may be planted to make you overwrite \
         a file of their choosing",
        written.display(),
        link.parent().unwrap().display()
    )
}

#[test]
fn a_shard_record_is_never_written_through_a_link_someone_planted() {
    let dir = scratch("planted-record");
    let victim = dir.join("victim");
    fs::write(&victim, "precious").unwrap();
    let Some(link) = planted(&dir, "records", 0o1777, "shard-1.json", &victim) else {
        return;
    };
    let run = queens(&["count", "8", "--shard", "1/2", "--out", &arg(&link)]);
    assert_eq!(run.rejected(), planted_refusal(&link, &link, "1777"));
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    assert!(link.is_symlink());
    // The user's own link in that folder is written through, as ever.
    let own = link.with_file_name("latest.json");
    std::os::unix::fs::symlink("shard-0.json", &own).unwrap();
    let run = queens(&["count", "8", "--shard", "0/2", "--out", &arg(&own)]);
    assert_eq!(run.answered(), "");
    assert!(own.is_symlink());
    let record = fs::read_to_string(own.with_file_name("shard-0.json")).unwrap();
    assert!(record.starts_with("{\"format\""), "{record}");
}

#[test]
fn an_svg_board_is_never_written_through_a_link_someone_planted() {
    let dir = scratch("planted-boards");
    let victim = dir.join("victim");
    fs::write(&victim, "precious").unwrap();
    let Some(link) = planted(&dir, "boards", 0o777, "solution-0003.svg", &victim) else {
        return;
    };
    let boards = arg(link.parent().unwrap());
    let run = queens(&["all", "6", "--format", "svg", "--out", &boards]);
    assert_eq!(run.rejected(), planted_refusal(&link, &link, "0777"));
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    // Found before the search: no board was written.
    let mut names: Vec<String> = fs::read_dir(link.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["solution-0003.svg"]);
    // A planted sheet is refused under its own name too.
    let Some(sheet) = planted(&dir, "sheets", 0o1777, "sheet.svg", &victim) else {
        return;
    };
    let sheets = arg(sheet.parent().unwrap());
    let run = queens(&["all", "6", "--unique", "--format", "svg", "--out", &sheets]);
    assert_eq!(run.rejected(), planted_refusal(&sheet, &sheet, "1777"));
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
}

#[test]
fn a_loop_of_links_and_a_directory_are_named_before_the_work() {
    let dir = scratch("out-loop");
    std::os::unix::fs::symlink("b.svg", dir.join("a.svg")).unwrap();
    std::os::unix::fs::symlink("a.svg", dir.join("b.svg")).unwrap();
    let looped = arg(&dir.join("a.svg"));
    assert_eq!(
        queens(&["first", "8", "--format", "svg", "--out", &looped]).rejected(),
        format!(
            "error: cannot write '{looped}': its symbolic links form a loop (more than 40 links)"
        )
    );
    assert_eq!(
        queens(&["trace", "4", "--html", &arg(&dir)]).rejected(),
        format!(
            "error: cannot write '{}': it is a directory, not a file",
            arg(&dir)
        )
    );
    // A loop given to read is named as one too.
    assert_eq!(
        queens(&["sudoku", &looped]).rejected(),
        format!(
            "error: cannot read '{looped}': its symbolic links form a loop (more than 40 links)"
        )
    );
    // A folder that holds no new file is found before the search.
    assert_eq!(
        queens(&["all", "6", "--format", "svg", "--out", "/proc"]).rejected(),
        "error: cannot write into '/proc': No such file or directory (os error 2)"
    );
}

#[test]
fn a_closed_or_failing_stdout_is_an_error_of_its_own() {
    let dir = scratch("closed-stdout");
    let placement = dir.join("four.txt");
    fs::write(&placement, "2 4 1 3\n").unwrap();
    let check = format!("check {}", arg(&placement));
    for args in [
        "count 8",
        "count 8 --algo lookup",
        "first 8",
        &check,
        "plan 8",
    ] {
        let closed = queens_redirected(args, ">&-");
        assert_eq!(closed.status.code(), Some(74), "queens {args} >&-");
        assert_eq!(
            String::from_utf8_lossy(&closed.stderr),
            "error: cannot write the output: stdout is closed\n",
            "queens {args} >&-"
        );
    }
    let full = queens_redirected("count 8", ">/dev/full");
    assert_eq!(full.status.code(), Some(74));
    assert_eq!(
        String::from_utf8_lossy(&full.stderr),
        "error: cannot write the output: No space left on device (os error 28)\n"
    );
    // Discarded on purpose, the answer is no loss.
    assert_eq!(
        queens_redirected("count 8", ">/dev/null").status.code(),
        Some(0)
    );
    // A record written to a file needs no stdout.
    let record = arg(&dir.join("s.json"));
    let to_file = queens_redirected(&format!("count 8 --shard 0/1 --out {record}"), ">&-");
    assert_eq!(to_file.status.code(), Some(0), "{to_file:?}");
    let merged = queens_redirected(&format!("merge {record}"), ">&-");
    assert_eq!(merged.status.code(), Some(74));
    let help = queens_redirected("--help", ">&-");
    assert_eq!(help.status.code(), Some(74));
}

#[test]
fn a_count_stopped_at_its_budget_says_the_count_stopped() {
    let run = queens(&["count", "12", "--budget", "1"]);
    run.assert_status(3);
    assert_eq!(
        run.stderr,
        "error: the count stopped after 1 queen placed, its budget, with 0 solutions found so \
         far; pass --force without --budget to search on\n"
    );
}

/// Counts every shard of n = 12 in 4 into a fresh folder `name`, signed
/// with `key` when given; returns the folder.
fn twelve_in_four(name: &str, key: Option<&Path>) -> PathBuf {
    let dir = scratch(name);
    for shard in 0..4 {
        let file = arg(&dir.join(format!("s{shard}.json")));
        let spec = format!("{shard}/4");
        let mut args = vec!["count", "12", "--shard", &spec, "--out", &file];
        let key = key.map(arg);
        if let Some(key) = &key {
            args.extend(["--key-file", key]);
        }
        assert_eq!(queens(&args).answered(), "", "{spec}");
    }
    dir
}

/// The record in `file`.
fn record_in(file: &Path) -> queens_shards::Record {
    queens_shards::Record::parse(&fs::read_to_string(file).unwrap()).unwrap()
}

/// `record` with its sums made again from its units, as a forger who
/// changes units must, and its checksum recomputed, written to `file`.
fn forge(file: &Path, record: queens_shards::Record) {
    use queens_solvers::Classes;
    let classes = record
        .units
        .iter()
        .map(|unit| Classes::from(unit.classes))
        .fold(Classes::default(), Classes::plus);
    let counts = classes.counts();
    let forged = queens_shards::Record {
        classes: classes.into(),
        total: counts.total,
        unique: counts.unique,
        ..record
    };
    fs::write(file, forged.to_line(None)).unwrap();
}

/// The error `merge --verify 1` gives for `file` of shard `shard` of
/// n = 12 in 4: its first unit whose classes differ from a recount.
fn expected_refusal(dir: &Path, file: &str, shard: usize) -> String {
    let record = record_in(&dir.join(file));
    let scheme = queens_shards::Scheme::new(12, 4).unwrap();
    let (unit, recounted) = record
        .units
        .iter()
        .find_map(|unit| {
            let recounted =
                queens_shards::ClassCounts::from(scheme.plan().classify_unit(unit.unit).unwrap());
            (recounted != unit.classes).then_some((unit, recounted))
        })
        .expect("a false unit");
    format!(
        "error: {}/{file}: unit {} of shard {shard} recounts to {recounted}, but the record says \
         {}: the record is false (forged, or counted wrong by its node); nothing merged",
        arg(dir),
        unit.unit,
        unit.classes
    )
}

/// Asserts that `merge --verify 1 DIR` refuses with `line`.
fn refused_by_recount(dir: &Path, line: &str) {
    let run = queens(&["merge", "--verify", "1", &arg(dir)]);
    assert_eq!(run.rejected(), line);
}

#[test]
fn a_forged_record_with_its_checksum_recomputed_is_refused_by_the_recount() {
    let dir = twelve_in_four("forged", None);
    let mut record = record_in(&dir.join("s0.json"));
    let unit = record
        .units
        .iter_mut()
        .find(|unit| unit.classes.eight > 0)
        .unwrap();
    unit.classes.eight += 1;
    forge(&dir.join("s0.json"), record);
    // The checksum cannot tell: anyone can recompute it.
    let believed = queens(&["merge", "--json", &arg(&dir)]).json();
    assert_eq!(
        (&believed["total"], &believed["unique"]),
        (&14208.into(), &1788.into())
    );
    refused_by_recount(&dir, &expected_refusal(&dir, "s0.json", 0));
}

#[test]
fn a_relabelled_or_zeroed_shard_is_refused_by_the_recount() {
    // Shard 1's record passed off as shard 0's, its units renumbered.
    let dir = twelve_in_four("relabelled", None);
    let own = record_in(&dir.join("s0.json"));
    let mut other = record_in(&dir.join("s1.json"));
    other.shard = 0;
    for (unit, own) in other.units.iter_mut().zip(&own.units) {
        unit.unit = own.unit;
    }
    other.units.truncate(own.units.len());
    forge(&dir.join("s0.json"), other);
    refused_by_recount(&dir, &expected_refusal(&dir, "s0.json", 0));
    // Shard 2 counted as nothing.
    let dir = twelve_in_four("zeroed", None);
    let mut zeroed = record_in(&dir.join("s2.json"));
    for unit in &mut zeroed.units {
        unit.classes = queens_shards::ClassCounts::default();
    }
    forge(&dir.join("s2.json"), zeroed);
    let believed = queens(&["merge", "--json", &arg(&dir)]).json();
    assert!(believed["total"].as_u64().unwrap() < 14200);
    refused_by_recount(&dir, &expected_refusal(&dir, "s2.json", 2));
}

#[test]
fn true_records_pass_a_recount_of_a_random_share() {
    let dir = twelve_in_four("recounted", None);
    let record = queens(&["merge", "--verify", "0.01", "--json", &arg(&dir)]).json();
    // One unit in a hundred, rounded up: two of each record's 182 or 183
    // frames.
    assert_eq!(
        (&record["total"], &record["recounted"]),
        (&14200.into(), &8.into())
    );
    let line = queens(&["merge", "--verify", "1", &arg(&dir)]);
    assert!(
        line.answered()
            .ends_with("; 730 units drawn at random recounted, each as its record says\n"),
        "{}",
        line.stdout
    );
    assert_eq!(
        queens(&["merge", "--verify", "0", &arg(&dir)]).rejected(),
        "error: invalid value '0' for '--verify <F>': '0' is not a fraction of the units above 0 \
         and at most 1 (0.01 recounts one unit in a hundred)"
    );
}

#[test]
fn records_changed_without_the_key_are_refused_by_it() {
    let scratch_key = scratch("key");
    let key = scratch_key.join("cluster.key");
    fs::write(&key, b"0123456789abcdef0123456789abcdef").unwrap();
    let key_arg = arg(&key);
    let signed = |name| twelve_in_four(name, Some(&key));
    let clean = signed("signed");
    let run = queens(&["merge", "--key-file", &key_arg, &arg(&clean)]);
    assert!(
        run.answered()
            .ends_with("; every record signed with the key\n"),
        "{}",
        run.stdout
    );
    let refused = |dir: &Path, file: &str, why: &str| {
        let run = queens(&["merge", "--key-file", &key_arg, &arg(dir)]);
        run.assert_status(2);
        assert_eq!(
            run.stderr,
            format!(
                "{}/{file}: {why}\nerror: 1 file refused; nothing merged\n",
                arg(dir)
            )
        );
    };
    let mismatch = "the signature does not match the key: the record was changed after it was \
                    signed, or signed with another key";
    // Forged, relabelled and zeroed, each with its checksum recomputed
    // and its old signature kept.
    let keep_signature = |dir: &Path, file: &str, change: &dyn Fn(&mut queens_shards::Record)| {
        let path = dir.join(file);
        let mut record = record_in(&path);
        let signature = record.signature.clone();
        change(&mut record);
        forge(&path, record);
        let resealed = queens_shards::Record {
            signature,
            ..record_in(&path)
        };
        fs::write(&path, serde_json::to_string(&resealed).unwrap()).unwrap();
    };
    let forged = signed("signed-forged");
    keep_signature(&forged, "s0.json", &|record| {
        record.units[0].classes.eight += 1
    });
    refused(&forged, "s0.json", mismatch);
    let relabelled = signed("signed-relabelled");
    keep_signature(&relabelled, "s1.json", &|record| record.shard = 3);
    fs::remove_file(relabelled.join("s3.json")).unwrap();
    refused(&relabelled, "s1.json", mismatch);
    let zeroed = signed("signed-zeroed");
    keep_signature(&zeroed, "s2.json", &|record| {
        for unit in &mut record.units {
            unit.classes = queens_shards::ClassCounts::default();
        }
    });
    refused(&zeroed, "s2.json", mismatch);
    // A record written without the key, and a key too short to trust.
    let unsigned = twelve_in_four("unsigned", None);
    let run = queens(&["merge", "--key-file", &key_arg, &arg(&unsigned)]);
    run.assert_status(2);
    assert!(
        run.stderr
            .contains("/s0.json: the record is not signed: it was written without --key-file\n")
    );
    fs::write(&key, b"short").unwrap();
    assert_eq!(
        queens(&["merge", "--key-file", &key_arg, &arg(&clean)]).rejected(),
        format!(
            "error: cannot use the key in '{key_arg}': a key of 5 bytes is too short: use at \
             least 16 random bytes"
        )
    );
}

#[test]
fn merge_believes_no_absurd_shard_count_and_waits_on_no_fifo() {
    let dir = scratch("absurd");
    let scheme = queens_shards::Scheme::new(8, 1).unwrap();
    let mut record = queens_shards::Record::new(&scheme, 0, Vec::new(), 1, 0.0, "x".to_owned());
    record.shards = 1_000_000_000_000;
    let line = record.to_line(None);
    assert!(line.len() < 500, "{line}");
    fs::write(dir.join("big.json"), line).unwrap();
    let run = queens(&["merge", &arg(&dir)]);
    assert_eq!(
        run.rejected(),
        format!(
            "error: {}/big.json: 1000000000000 shards: a count is cut into at most 10000000",
            arg(&dir)
        )
    );
    let fifos = twelve_in_four("fifo-among-records", None);
    mkfifo(&fifos.join("s9.json"));
    let output = queens_within_ten_seconds(&["merge", &arg(&fifos)]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "{}/s9.json: not a regular file but a FIFO\nerror: 1 file refused; nothing merged\n",
            arg(&fifos)
        )
    );
}

#[test]
fn merge_counts_the_seconds_of_each_shard_once() {
    let dir = scratch("seconds");
    let scheme = queens_shards::Scheme::new(8, 2).unwrap();
    for shard in 0..2 {
        let units = scheme.units_of(shard).unwrap();
        let counted: Vec<queens_shards::UnitCount> = units
            .iter()
            .map(|&unit| queens_shards::UnitCount {
                unit,
                classes: scheme.plan().classify_unit(unit).unwrap().into(),
            })
            .collect();
        let record = queens_shards::Record::new(&scheme, shard, counted, 1, 2.0, "x".to_owned());
        fs::write(dir.join(format!("s{shard}.json")), record.to_line(None)).unwrap();
    }
    fs::copy(dir.join("s1.json"), dir.join("s1-again.json")).unwrap();
    let record = queens(&["merge", "--json", &arg(&dir)]).json();
    assert_eq!(
        (&record["records"], &record["seconds"]),
        (&3.into(), &4.0.into())
    );
}

#[test]
fn merge_believes_no_time_or_threads_a_count_cannot_take() {
    let dir = twelve_in_four("impossible-numbers", None);
    let rewrite = |file: &str, change: &dyn Fn(&mut queens_shards::Record)| {
        let path = dir.join(file);
        let mut record = record_in(&path);
        change(&mut record);
        fs::write(&path, record.to_line(None)).unwrap();
    };
    rewrite("s0.json", &|record| record.seconds = -1e300);
    rewrite("s1.json", &|record| record.seconds = 1e308);
    rewrite("s2.json", &|record| record.threads = 0);
    let run = queens(&["merge", "--json", &arg(&dir)]);
    run.assert_status(2);
    assert_eq!(run.stdout, "");
    let seconds = "is not what a count gives: a count takes from 0 to 1e9 seconds (about 31 years)";
    assert_eq!(
        run.stderr.replace(&arg(&dir), "DIR"),
        format!(
            "DIR/s0.json: seconds = -1e300 {seconds}\n\
             DIR/s1.json: seconds = 1e308 {seconds}\n\
             DIR/s2.json: threads = 0 is not what a count gives: a count runs on 1 to 65536 \
             threads\n\
             error: 3 files refused; nothing merged\n"
        )
    );
}

#[test]
fn a_sudoku_line_is_bounded_and_one_bad_line_spares_the_batch() {
    let endless = queens_within_ten_seconds(&["sudoku", "/dev/zero"]);
    assert_eq!(endless.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&endless.stderr),
        "line 1: longer than 4,096 bytes, far more than a puzzle; the rest of the input is not \
         read\nerror: of 1 puzzle read, 1 malformed, 0 without a solution, 0 stopped at the \
         budget\n"
    );
    let dir = scratch("sudoku-bytes");
    let file = dir.join("puzzles.txt");
    let mut bytes = format!("\u{feff}{SEED_SOLUTION}\n").into_bytes();
    bytes.extend_from_slice(b"12\xff45\n");
    bytes.extend_from_slice(format!("{SEED_SOLUTION}\n").as_bytes());
    fs::write(&file, bytes).unwrap();
    let run = queens(&["sudoku", &arg(&file)]);
    run.assert_status(2);
    assert_eq!(run.stdout, format!("{SEED_SOLUTION}\n"));
    assert_eq!(
        run.stderr,
        "line 1: the line starts with a byte-order mark (U+FEFF), which is not a cell; save the \
         file as UTF-8 without one\n\
         line 2: not UTF-8 text (an invalid byte at position 3, counting from 1)\n\
         error: of 3 puzzles read, 2 malformed, 0 without a solution, 0 stopped at the budget\n"
    );
}
