//! The command line of `cargo xtask`, run as a user runs it: bad input gets
//! one clear line on stderr and exit status 2; a small comparison succeeds.

use std::path::Path;
use std::process::{Command, Output};

use queens_bitboard::Step;

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("the xtask binary runs")
}

/// Asserts that `args` fail with status 2 and the one line `expected`.
fn refused(args: &[&str], expected: &str) {
    let output = xtask(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim_end(), expected, "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    refused(
        &["compare", "--algo", "queen"],
        &format!(
            "error: invalid value 'queen' for '--algo <NAME>': unknown algorithm 'queen' \
             (known: {})",
            queens_solvers::every_name().join(", ")
        ),
    );
    refused(
        &["compare", "--mode", "count", "--algo", "construct"],
        "error: --algo construct finds one solution, so it answers --mode first only, \
         not --mode count",
    );
    refused(
        &[
            "compare",
            "--mode",
            "first,unique",
            "--algo",
            "min-conflicts",
        ],
        "error: --algo min-conflicts finds one solution, so it answers --mode first only, \
         not --mode unique",
    );
    refused(
        &["compare", "--n", "8,100000"],
        "error: n = 100000 is past 4096, the largest board a solver that counts accepts; \
         --mode count cannot compare it (--mode first can)",
    );
    refused(
        &["compare", "--n", "12..=4"],
        "error: invalid value '12..=4' for '--n <SIZES>': the range 12..=4 is reversed",
    );
    refused(
        &["compare", "--n", "8..8"],
        "error: invalid value '8..8' for '--n <SIZES>': the range 8..8 is empty",
    );
    refused(
        &["compare", "--runs", "0"],
        "error: invalid value '0' for '--runs <RUNS>': --runs must be at least 1",
    );
    refused(
        &["compare", "--n", "4", "--out", "/no/such/folder/out.json"],
        "error: cannot write /no/such/folder/out.json: No such file or directory (os error 2)",
    );
    refused(
        &["compare", "--n", "4", "--dynamorio", "/no/such/dynamorio"],
        "error: /no/such/dynamorio is not a DynamoRIO build or release: it needs bin64/drrun \
         and api/bin/libinscount.so or samples/bin64/libinscount.so",
    );
    refused(
        &["peers", "--peers", "/no/such/peers"],
        "error: no peers folder at /no/such/peers (the seeds' C programs); pass --peers DIR",
    );
    refused(
        &["peers", "--counter", "--peers", "/no/such/peers"],
        "error: no peers folder at /no/such/peers (the seeds' C programs); pass --peers DIR",
    );
    refused(
        &["peers", "--write-docs", "--peers", "/no/such/peers"],
        "error: no peers folder at /no/such/peers (the seeds' C programs); pass --peers DIR",
    );
    // The page shows both duels, each with its default runs.
    refused(
        &["peers", "--write-docs", "--counter"],
        "error: the argument '--write-docs' cannot be used with '--counter'",
    );
    refused(
        &["peers", "--write-docs", "--runs", "3"],
        "error: the argument '--write-docs' cannot be used with '--runs <RUNS>'",
    );
    refused(
        &["growth", "--to", "28"],
        "error: invalid value '28' for '--to <TO>': --to takes a board size from 7 to 27, not '28'",
    );
    refused(
        &["compare", "--frobnicate"],
        "error: unexpected argument '--frobnicate' found",
    );
    refused(
        &["compare", "--time-limit", "1e20"],
        "error: invalid value '1e20' for '--time-limit <TIME_LIMIT>': '1e20' is past a day, the longest time limit",
    );
    for n in ["18446744073709551615", "1000000000000", "0..=200000000"] {
        let past = n.rsplit('=').next().unwrap();
        refused(
            &["compare", "--n", n],
            &format!(
                "error: invalid value '{n}' for '--n <SIZES>': \
                 n = {past} is past 100000000, the largest board any solver accepts"
            ),
        );
    }
    refused(
        &["compare", "--n", "0..=10000"],
        "error: invalid value '0..=10000' for '--n <SIZES>': 0..=10000 is 10001 sizes; \
         a comparison shows at most 100",
    );
    refused(
        &["compare", "--n", "0..=200"],
        "error: invalid value '0..=200' for '--n <SIZES>': 0..=200 is 201 sizes; a comparison shows at most 100",
    );
    refused(
        &["compare", "--runs", "99999"],
        "error: invalid value '99999' for '--runs <RUNS>': --runs is at most 1000",
    );
    refused(
        &[],
        "error: name a subcommand: compare, growth, peers, browser-check, cluster-check, grade, new-submission, template-check, sandbox-check, gradescope-check",
    );
}

/// A small, quick comparison.
const SMALL: [&str; 7] = [
    "compare",
    "--n",
    "4..=7",
    "--runs",
    "1",
    "--time-limit",
    "10ms",
];

/// A device node of the test's own, in a folder named `folder`, with
/// /dev/full's numbers: a writer that replaced its target would replace
/// this one, never the machine's. `None`, said on stderr, where devices
/// cannot be made (not root).
fn full_device(folder: &str) -> Option<std::path::PathBuf> {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join(folder);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let device = folder.join("full");
    let made = Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "7"])
        .status()
        .is_ok_and(|status| status.success());
    if !made {
        eprintln!("skipped: cannot make a device node here (mknod needs root)");
    }
    made.then_some(device)
}

/// The test's own full device, opened for writing, as a child's stdout.
fn full_stdout(device: &Path) -> std::fs::File {
    std::fs::File::options()
        .write(true)
        .open(device)
        .expect("the device node opens")
}

#[test]
fn a_full_disk_is_an_error_and_a_closed_pipe_is_not() {
    let Some(device) = full_device("xtask-full-stdout") else {
        return;
    };
    let full = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(SMALL)
        .stdout(full_stdout(&device))
        .output()
        .expect("the xtask binary runs");
    assert_eq!(full.status.code(), Some(74));
    assert_eq!(
        String::from_utf8_lossy(&full.stderr).trim_end(),
        "error: cannot write to stdout: No space left on device (os error 28)"
    );
    let help = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("--help")
        .stdout(full_stdout(&device))
        .output()
        .expect("the xtask binary runs");
    assert_eq!(help.status.code(), Some(74), "--help to a full disk fails");
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(SMALL)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the xtask binary runs");
    // Close the reading end at once, as `| head -0` would.
    drop(child.stdout.take());
    let closed = child.wait_with_output().expect("the run ends");
    assert_eq!(closed.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&closed.stderr), "");
}

#[test]
fn a_comparisons_csv_gives_the_reads_and_their_unit() {
    let output = xtask(&[
        "compare", "--n", "6", "--algo", "lookup", "--algo", "bitboard", "--runs", "1", "--format",
        "csv",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let csv = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "mode,n,algorithm,status,solutions,queens_placed,safety_checks,reads,median_seconds,\
         seconds_per_queen,speedup,reason,fundamental,read_unit"
    );
    assert!(
        lines[1].starts_with("count,6,lookup,finished,4,152,894,2682,")
            && lines[1].ends_with(",cells"),
        "{csv}"
    );
    assert!(
        lines[2].starts_with("count,6,bitboard,finished,4,152,149,447,")
            && lines[2].ends_with(",words"),
        "{csv}"
    );
}

#[test]
fn a_small_comparison_prints_json_with_every_cell() {
    let output = xtask(&["compare", "--n", "4,6", "--runs", "1", "--format", "json"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rows = json["tables"][0]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["n"], 6);
    let solutions: Vec<&serde_json::Value> = rows[1]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| &cell["solutions"])
        .collect();
    assert_eq!(solutions, [4, 4, 4, 4, 4, 4]);
    // The reads with their unit, never under a cells name: the bitboard's
    // are words.
    let reads: Vec<(&serde_json::Value, &serde_json::Value)> = rows[1]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| {
            assert!(cell.get("cells_read").is_none(), "{cell}");
            (&cell["reads"], &cell["read_unit"])
        })
        .collect();
    assert_eq!(
        reads[1..],
        [
            (&2_268.into(), &"cells".into()),
            (&4_427.into(), &"cells".into()),
            (&3_228.into(), &"cells".into()),
            (&2_682.into(), &"cells".into()),
            (&447.into(), &"words".into()),
        ]
    );
    let steps: Vec<(&serde_json::Value, &serde_json::Value)> = json["ladder"]["rows"][1]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| (&cell["step"], &cell["solutions"]))
        .collect();
    // A step whose vector instructions this processor lacks is skipped.
    let expected: Vec<(serde_json::Value, serde_json::Value)> = Step::ALL
        .iter()
        .map(|step| {
            let solutions = step.lacks().map_or(4.into(), |_| serde_json::Value::Null);
            (step.name().into(), solutions)
        })
        .collect();
    let expected: Vec<(&serde_json::Value, &serde_json::Value)> = expected
        .iter()
        .map(|(step, solutions)| (step, solutions))
        .collect();
    assert_eq!(steps, expected);
    // Other programs' use of the cores, judged cell by cell (on Linux).
    assert!(json["others"]["cores"].as_u64().unwrap() >= 1);
    assert!(json["others"]["busy_cells"].is_array());
}

#[test]
fn a_closed_stdout_and_a_full_device_are_status_74() {
    let closed = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" compare --help >&-")
        .arg(env!("CARGO_BIN_EXE_xtask"))
        .output()
        .expect("sh runs");
    assert_eq!(closed.status.code(), Some(74));
    assert_eq!(
        String::from_utf8_lossy(&closed.stderr),
        "error: cannot write to stdout: stdout is closed\n"
    );
    let Some(device) = full_device("xtask-full") else {
        return;
    };
    let device = device.to_str().expect("a UTF-8 path");
    let full = xtask(&[&SMALL[..], &["--out", device]].concat());
    assert_eq!(full.status.code(), Some(74), "{full:?}");
    assert_eq!(
        String::from_utf8_lossy(&full.stderr)
            .lines()
            .last()
            .map(str::to_owned),
        Some(format!(
            "error: cannot write {device}: No space left on device (os error 28)"
        ))
    );
}

/// A step's instructions in compare's JSON: its name, instructions per
/// solution and why not, when not counted.
type StepCount = (String, Option<f64>, Option<String>);

/// The ladder's steps under `tool_args`, in the JSON of a small
/// comparison, or why none were counted.
fn counted_steps(tool_args: &[&str]) -> Result<Vec<StepCount>, String> {
    let mut args = vec!["compare", "--n", "6", "--runs", "1", "--format", "json"];
    args.extend(tool_args);
    let output = xtask(&args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let instructions = &json["ladder"]["instructions"];
    if let Some(missing) = instructions["missing"].as_str() {
        return Err(missing.to_owned());
    }
    let steps = instructions["counted"]["steps"].as_array().unwrap();
    Ok(steps
        .iter()
        .map(|step| {
            (
                step["step"].as_str().unwrap().to_owned(),
                step["per_solution"].as_f64(),
                step["not_counted"].as_str().map(str::to_owned),
            )
        })
        .collect())
}

/// The counting walk places each queen of n = 14 by a few branchless word
/// operations: some thousands of instructions per solution, whatever the
/// tool, and the mirror halves them.
fn assert_walk_and_mirror(steps: &[StepCount]) {
    let names: Vec<&str> = steps.iter().map(|(name, ..)| name.as_str()).collect();
    assert_eq!(names, Step::ALL.map(Step::name));
    let walk = steps[0].1.expect("the walk is counted");
    let mirror = steps[1].1.expect("the mirror is counted");
    assert!((3_000.0..6_000.0).contains(&walk), "{walk}");
    assert!((1.9..2.1).contains(&(walk / mirror)), "{walk} / {mirror}");
}

#[test]
fn callgrind_counts_every_step_valgrind_runs_and_says_why_not_the_others() {
    let steps = match counted_steps(&["--instructions"]) {
        Ok(steps) => steps,
        Err(missing) => {
            assert_eq!(
                missing,
                "valgrind is not installed (Debian package valgrind)"
            );
            return;
        }
    };
    assert_walk_and_mirror(&steps);
    for (step, (name, per_solution, why)) in Step::ALL.iter().zip(&steps) {
        let needs_avx512 = matches!(step, Step::Avx512 | Step::Narrow);
        assert_eq!(per_solution.is_none(), needs_avx512, "{name}");
        if needs_avx512 {
            let why = why.as_deref().unwrap();
            assert!(why.starts_with("the program sees no AVX-512"), "{why}");
            assert!(why.contains(" under callgrind, valgrind-"), "{why}");
        }
    }
}

/// With `DYNAMORIO_HOME` set to a DynamoRIO build or release (its own
/// variable for its folder), every step this processor runs is counted.
#[test]
fn dynamorio_counts_every_step_the_processor_runs() {
    let Some(home) = std::env::var_os("DYNAMORIO_HOME") else {
        eprintln!("skipped: DYNAMORIO_HOME is not set");
        return;
    };
    let home = home.to_string_lossy().into_owned();
    let steps = counted_steps(&["--dynamorio", &home]).unwrap();
    assert_walk_and_mirror(&steps);
    for (step, (name, per_solution, _)) in Step::ALL.iter().zip(&steps) {
        assert_eq!(per_solution.is_some(), step.lacks().is_none(), "{name}");
    }
}
