//! The `queens` command seen from outside: every test runs the built binary
//! and checks its exact output, its stderr and its exit status.
//!
//! All the integration tests live in this one file so that Cargo links one
//! test binary, not one per file. The helpers at the top run the command
//! and state what a run must look like (`answered`, `rejected`, ...); the
//! tests below them are grouped by what they cover: answers per algorithm,
//! formats, JSON, exit statuses, bad input, pre-placed queens, the guard
//! against work that would take hours, the closed pipe, board formats and
//! SVG files, traces, and counting with Ctrl-C.
//!
//! The expected values are facts, not the tool's own output: the OEIS
//! counts A000170 and A002562, the boards of seeds 000, 001 and 004, seed
//! 004's table of fundamental solutions, and the statistics the library
//! reports for the same question.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::Duration;

use queens_core::modes::{self, Answer};
use queens_core::{Instrument, Mode, Problem, Query, Solver};
use serde_json::Value;

/// OEIS A000170: the number of solutions for n = 0, 1, ..., 14.
const SOLUTIONS: [u64; 15] = [
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
];

/// OEIS A002562: the number of fundamental solutions for n = 0, 1, ..., 14.
const FUNDAMENTAL: [u64; 15] = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752];

/// The first four-queens board of the row-major solvers, `[1, 3, 0, 2]`:
/// the picture in seed 000.
const ROW_MAJOR_FOUR: &str = " 0  1  0  0 \n 0  0  0  1 \n 1  0  0  0 \n 0  0  1  0 \n";

/// The first four-queens board of the column-major solver, `[2, 0, 3, 1]`:
/// what seed 000's program prints.
const COLUMN_MAJOR_FOUR: &str = " 0  0  1  0 \n 1  0  0  0 \n 0  0  0  1 \n 0  1  0  0 \n";

/// Seed 004's twelve fundamental solutions of eight queens, 0-based.
const EIGHT_QUEENS_FUNDAMENTAL: [[usize; 8]; 12] = [
    [0, 4, 7, 5, 2, 6, 1, 3],
    [0, 5, 7, 2, 6, 3, 1, 4],
    [1, 3, 5, 7, 2, 0, 6, 4],
    [1, 4, 6, 0, 2, 7, 5, 3],
    [1, 4, 6, 3, 0, 7, 5, 2],
    [1, 5, 0, 6, 3, 7, 2, 4],
    [1, 5, 7, 2, 0, 3, 6, 4],
    [1, 6, 2, 5, 7, 4, 0, 3],
    [1, 6, 4, 7, 0, 3, 5, 2],
    [2, 4, 1, 7, 0, 6, 3, 5],
    [2, 4, 7, 3, 0, 6, 1, 5],
    [2, 5, 1, 4, 7, 0, 6, 3],
];

/// The solvers that search row by row.
const ROW_MAJOR: [&str; 5] = ["naive", "permutation", "array", "lookup", "bitboard"];

/// The solver that searches column by column.
const COLUMN_MAJOR: &str = "matrix";

/// The backtracking solvers, which handle n = 12 in the tests.
const BACKTRACKING: [&str; 4] = ["matrix", "array", "lookup", "bitboard"];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A finished run of `queens`.
struct Run {
    args: Vec<String>,
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `queens` with `args` and waits for it.
fn queens(args: &[impl AsRef<str>]) -> Run {
    queens_reading(args, "")
}

/// Runs `queens` with `args` and `input` on its stdin, and waits for it.
fn queens_reading(args: &[impl AsRef<str>], input: &str) -> Run {
    let args: Vec<String> = args.iter().map(|arg| arg.as_ref().to_owned()).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_owned();
    // A writer of its own, so that a large input cannot block against a
    // full stdout pipe; a run that stops reading early closes the pipe.
    let writer = thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut stdin, input.as_bytes());
    });
    let output = child.wait_with_output().expect("the queens binary runs");
    writer.join().expect("the input is written");
    Run {
        args,
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

impl Run {
    /// Asserts the exit status and that nothing panicked.
    #[track_caller]
    fn assert_status(&self, status: i32) {
        assert!(
            !self.stderr.contains("panicked"),
            "queens {:?} panicked: {}",
            self.args,
            self.stderr
        );
        assert_eq!(
            self.status,
            Some(status),
            "queens {:?}: exit status\nstdout: {}\nstderr: {}",
            self.args,
            self.stdout,
            self.stderr
        );
    }

    /// Asserts that the run answered (status 0, nothing on stderr) and
    /// returns its stdout.
    #[track_caller]
    fn answered(&self) -> &str {
        self.assert_status(0);
        assert_eq!(self.stderr, "", "queens {:?}: stderr", self.args);
        &self.stdout
    }

    /// Asserts that the run was refused as bad input: status 2, nothing on
    /// stdout, one line on stderr. Returns that line.
    #[track_caller]
    fn rejected(&self) -> &str {
        self.assert_status(2);
        assert_eq!(self.stdout, "", "queens {:?}: stdout", self.args);
        one_line(&self.args, &self.stderr)
    }

    /// The answer parsed as one JSON value, after asserting it answered.
    #[track_caller]
    fn json(&self) -> Value {
        parse_json(self.answered())
    }
}

/// The single line of `text`, without its newline.
#[track_caller]
fn one_line<'a>(args: &[String], text: &'a str) -> &'a str {
    let line = text
        .strip_suffix('\n')
        .unwrap_or_else(|| panic!("queens {args:?}: stderr does not end with a newline: {text:?}"));
    assert!(
        !line.contains('\n'),
        "queens {args:?}: stderr holds more than one line: {text}"
    );
    line
}

/// `text` as one JSON value on one line.
#[track_caller]
fn parse_json(text: &str) -> Value {
    assert_eq!(text.lines().count(), 1, "one JSON line expected: {text}");
    serde_json::from_str(text).expect("valid JSON")
}

/// The keys of a JSON object, sorted.
fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

/// A JSON array of whole numbers as a placement.
fn placement(value: &Value) -> Vec<usize> {
    value
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|queen| usize::try_from(queen.as_u64().expect("a whole number")).unwrap())
        .collect()
}

/// The solutions printed by `all ... --json`, one per line.
#[track_caller]
fn json_lines(run: &Run) -> Vec<Vec<usize>> {
    run.answered()
        .lines()
        .map(|line| {
            let record: Value = serde_json::from_str(line).expect("valid JSON line");
            assert_eq!(keys(&record), ["queens"]);
            placement(&record["queens"])
        })
        .collect()
}

/// The solver registered under `name`.
fn solver(name: &str) -> &'static dyn Solver {
    queens_solvers::by_name(name).expect("a registered solver")
}

/// The library's answer to `mode` on a plain `n`-board, with statistics.
fn library_answer(name: &str, mode: Mode, n: usize) -> Answer {
    let query = Query {
        mode,
        unique: false,
    };
    modes::answer(solver(name), &Problem::new(n), query, Instrument::Counted)
        .expect("the library answers")
}

/// The library's statistics as the JSON the tool prints.
fn stats_json(answer: &Answer) -> Value {
    serde_json::to_value(answer.stats.expect("counted")).unwrap()
}

/// `--queen` arguments placing the queens of `queens` in rows `rows`.
fn queen_args(queens: &[usize], rows: std::ops::Range<usize>) -> Vec<String> {
    rows.flat_map(|row| ["--queen".to_owned(), format!("{row}:{}", queens[row])])
        .collect()
}

/// A fresh, empty directory for one test's files, under Cargo's temporary
/// directory for integration tests.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// `path` as a command-line argument.
fn arg(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// Asserts `count` and `count --unique` for n = 0..=`largest`.
fn assert_counts(algo: &str, largest: usize) {
    for n in 0..=largest {
        let size = n.to_string();
        let count = queens(&["count", &size, "--algo", algo]);
        assert_eq!(
            count.answered(),
            format!("{}\n", SOLUTIONS[n]),
            "{algo}, n = {n}"
        );
        let unique = queens(&["count", &size, "--algo", algo, "--unique"]);
        assert_eq!(
            unique.answered(),
            format!("{}\n", FUNDAMENTAL[n]),
            "{algo}, n = {n}, unique"
        );
    }
}

// ---------------------------------------------------------------------------
// Counts, per algorithm
// ---------------------------------------------------------------------------

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
         loop; queens count 8 --json --budget 10000000000 counts with the bitboard's search and \
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
    let searched = queens(&["count", "8", "--json", "--budget", "10000000000"]).json();
    assert_eq!(
        searched["stats"].to_string(),
        "{\"cells_read\":5895,\"queens_placed\":2056,\"safety_checks\":1965}"
    );
    let trace = queens(&["trace", "8"]);
    assert!(
        trace.answered().ends_with(
            "\n  solutions:     92\n  queens placed: 2,056\n  safety checks: 1,965\n  \
             cells read:    5,895\n"
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
    assert_eq!(record["stats"]["cells_read"], 5895);
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
        queens(&["count", "21"]).rejected(),
        "error: counting the solutions for n = 21 with the bitboard solver would take a long \
         time (it handles n up to 18 in seconds); pass --force to run it anyway"
    );
    assert_eq!(
        queens(&["count", "65", "--threads", "2"]).rejected(),
        "error: n = 65 is past the bitboard solver's largest board, n = 64 (one bit per column of a \
         64-bit word); no solver counts every solution of a board that large in reasonable time, \
         but queens first 65 with --algo construct or --algo min-conflicts finds one solution"
    );
}

// ---------------------------------------------------------------------------
// Plain output
// ---------------------------------------------------------------------------

#[test]
fn first_four_is_each_solvers_first_board() {
    for algo in ROW_MAJOR {
        let run = queens(&["first", "4", "--algo", algo]);
        assert_eq!(run.answered(), ROW_MAJOR_FOUR, "{algo}");
    }
    let run = queens(&["first", "4", "--algo", COLUMN_MAJOR]);
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
    let row_major = format!("{ROW_MAJOR_FOUR}\n{COLUMN_MAJOR_FOUR}");
    for algo in ROW_MAJOR {
        let run = queens(&["all", "4", "--algo", algo]);
        assert_eq!(run.answered(), row_major, "{algo}");
    }
    let column_major = format!("{COLUMN_MAJOR_FOUR}\n{ROW_MAJOR_FOUR}");
    let run = queens(&["all", "4", "--algo", COLUMN_MAJOR]);
    assert_eq!(run.answered(), column_major);
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

// ---------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------

#[test]
fn count_json_reports_the_solvers_own_statistics() {
    for algo in BACKTRACKING {
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
        assert_eq!(
            keys(&record["stats"]),
            ["cells_read", "queens_placed", "safety_checks"]
        );
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
    for algo in BACKTRACKING {
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
    for algo in BACKTRACKING {
        let solutions = json_lines(&queens(&["all", "8", "--algo", algo, "--unique", "--json"]));
        assert_eq!(solutions, EIGHT_QUEENS_FUNDAMENTAL, "{algo}");
    }
}

// ---------------------------------------------------------------------------
// Exit statuses
// ---------------------------------------------------------------------------

#[test]
fn first_without_a_solution_exits_1() {
    let run = queens(&["first", "3", "--algo", "array"]);
    run.assert_status(1);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "no solution for n = 3\n");

    let run = queens(&["first", "3", "--algo", "array", "--json"]);
    run.assert_status(1);
    let record = parse_json(&run.stdout);
    assert_eq!(record["queens"], Value::Null);
    assert_eq!(run.stderr, "no solution for n = 3\n");

    let run = queens(&["first", "4", "--algo", "array", "--queen", "0:0"]);
    run.assert_status(1);
    assert_eq!(
        run.stderr,
        "no solution for n = 4 with queens at (row 0, col 0)\n"
    );
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["count", "x"],
            "error: invalid value 'x' for N: expected a whole number",
        ),
        (
            &["count", "4.5"],
            "error: invalid value '4.5' for N: expected a whole number",
        ),
        (
            &["count", "-3"],
            "error: invalid value '-3' for N: a board size cannot be negative",
        ),
        (
            &["first", "99999999999999999999999"],
            "error: invalid value '99999999999999999999999' for N: the number is too large",
        ),
        (
            &["count", "5000", "--algo", "array"],
            "error: n = 5,000 is past the array solver's largest board, n = 4,096 (a bound far \
             past the n = 14 it counts in seconds, which keeps its arrays small); no solver \
             counts every solution of a board that large in reasonable time, but queens first \
             5000 with --algo construct or --algo min-conflicts finds one solution",
        ),
        (
            &["first", "18446744073709551615", "--algo", "array"],
            "error: n = 18,446,744,073,709,551,615 is past the array solver's largest board, \
             n = 4,096 (a bound far past the n = 14 it counts in seconds, which keeps its arrays \
             small); no solver of the workspace finds one solution of a board that large \
             without --force",
        ),
        (
            &["first", "4", "--queen", "4:0"],
            "error: the pre-placed queen at (row 4, col 0) is off the 4×4 board",
        ),
        (
            &["first", "4", "--queen", "1"],
            "error: invalid value '1' for --queen: expected ROW:COL, two whole numbers counted from 0, such as 0:2",
        ),
        (
            &["first", "4", "--queen", "a:b"],
            "error: invalid value 'a:b' for --queen: expected ROW:COL, two whole numbers counted from 0, such as 0:2",
        ),
        (
            &["first", "4", "--queen", "-1:2"],
            "error: invalid value '-1:2' for --queen: expected ROW:COL, two whole numbers counted from 0, such as 0:2",
        ),
        (
            &["first", "8", "--queen", "1:3", "--queen", "2:4"],
            "error: pre-placed queens at (row 1, col 3) and (row 2, col 4) share a diagonal",
        ),
        (
            &["count", "8", "--queen", "0:0", "--queen", "5:0"],
            "error: pre-placed queens at (row 0, col 0) and (row 5, col 0) share a column",
        ),
        (
            &["all", "8", "--queen", "2:4", "--queen", "2:4"],
            "error: pre-placed queens at (row 2, col 4) and (row 2, col 4) stand on the same square",
        ),
        (
            &["count", "4", "--algo", "foo"],
            "error: unknown algorithm 'foo' (expected one of naive, permutation, matrix, array, lookup, bitboard, construct, min-conflicts)",
        ),
        (
            &["count", "8", "--unique", "--queen", "0:0"],
            "error: fundamental solutions are defined only for an empty board: rotations and reflections move pre-placed queens",
        ),
        (
            &["count"],
            "error: the following required arguments were not provided: <N>",
        ),
        (
            &["count", "4", "--bogus"],
            "error: unexpected argument '--bogus' found",
        ),
        (
            &["frobnicate", "4"],
            "error: unrecognized subcommand 'frobnicate'",
        ),
        (
            &[],
            "error: name a subcommand: count, first, all, check, trace, merge, plan, sudoku, race",
        ),
    ];
    for (args, message) in cases {
        assert_eq!(queens(args).rejected(), *message, "queens {args:?}");
    }
}

#[test]
fn help_and_version_succeed() {
    let help = queens(&["--help"]);
    assert!(help.answered().contains("Usage: queens <COMMAND>"));
    assert!(help.stdout.contains("unless --force is given"));
    let count_help = queens(&["count", "--help"]);
    assert!(
        count_help
            .answered()
            .contains("- matrix:        matrix isSafe backtracking")
    );
    let version = queens(&["--version"]);
    assert_eq!(
        version.answered(),
        format!("queens {}\n", env!("CARGO_PKG_VERSION"))
    );
}

// ---------------------------------------------------------------------------
// Pre-placed queens
// ---------------------------------------------------------------------------

#[test]
fn a_fixed_first_queen_gives_seed_004s_board() {
    let expected = [2, 0, 6, 4, 7, 1, 3, 5];
    for algo in ["array", "lookup"] {
        let record = queens(&["first", "8", "--algo", algo, "--queen", "0:2", "--json"]).json();
        assert_eq!(placement(&record["queens"]), expected, "{algo}");
    }
    let board = queens(&["first", "8", "--algo", "array", "--queen", "0:2"]);
    assert_eq!(board.answered(), queens_core::format::matrix(&expected));
}

#[test]
fn the_column_major_solver_keeps_a_fixed_queen_and_its_order() {
    let every = json_lines(&queens(&[
        "all", "8", "--algo", "array", "--queen", "0:2", "--json",
    ]));
    let order = solver(COLUMN_MAJOR).info().order;
    let expected = every
        .iter()
        .min_by(|a, b| order.compare(a, b))
        .expect("solutions with a queen at (0, 2)");
    let record = queens(&[
        "first",
        "8",
        "--algo",
        COLUMN_MAJOR,
        "--queen",
        "0:2",
        "--json",
    ])
    .json();
    assert_eq!(&placement(&record["queens"]), expected);
}

#[test]
fn several_queens_narrow_the_count() {
    for algo in BACKTRACKING {
        let one = queens(&["count", "8", "--algo", algo, "--queen", "0:0"]);
        assert_eq!(one.answered(), "4\n", "{algo}");
        let two = queens(&[
            "count", "8", "--algo", algo, "--queen", "0:0", "--queen", "1:4",
        ]);
        assert_eq!(two.answered(), "1\n", "{algo}");
    }
}

// ---------------------------------------------------------------------------
// The guard against work that would take hours
// ---------------------------------------------------------------------------

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
    for algo in BACKTRACKING {
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

// ---------------------------------------------------------------------------
// A closed pipe
// ---------------------------------------------------------------------------

/// Starts `queens` with `args`, its stdout and stderr piped.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs")
}

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
    let refused = |args: &[&str]| {
        let run = queens(args);
        run.assert_status(2);
        assert!(
            one_line(&run.args, &run.stderr).starts_with(
                "error: tracing the solutions for n = 17 with the array solver would take a long time"
            ),
            "{}",
            run.stderr
        );
    };
    refused(&[
        "trace",
        "17",
        "--algo",
        "array",
        "--limit",
        "18446744073709551615",
    ]);
    refused(&[
        "trace", "17", "--algo", "array", "--limit", "100", "--budget", "50",
    ]);
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

// ---------------------------------------------------------------------------
// Board formats
// ---------------------------------------------------------------------------

/// Seed 004's table of the twelve fundamental solutions of eight queens
/// (`../shared/fixtures/eight-queens-fundamental.txt`), one line each.
const SEED_004_TABLE: &str = "\
1 5 8 6 3 7 2 4
1 6 8 3 7 4 2 5
2 4 6 8 3 1 7 5
2 5 7 1 3 8 6 4
2 5 7 4 1 8 6 3
2 6 1 7 4 8 3 5
2 6 8 3 1 4 7 5
2 7 3 6 8 5 1 4
2 7 5 8 1 4 6 3
3 5 2 8 1 7 4 6
3 5 8 4 1 7 2 6
3 6 2 5 8 1 7 4
";

/// Both four-queens solutions, `[1, 3, 0, 2]` then `[2, 0, 3, 1]`, in each
/// text format, as `all 4` prints them.
const ALL_FOUR: [(&str, &str); 5] = [
    (
        "matrix",
        " 0  1  0  0 \n 0  0  0  1 \n 1  0  0  0 \n 0  0  1  0 \n\n\
         \x200  0  1  0 \n 1  0  0  0 \n 0  0  0  1 \n 0  1  0  0 \n",
    ),
    (
        "hash",
        "_ # _ _ \n_ _ _ # \n# _ _ _ \n_ _ # _ \n\n\
         _ _ # _ \n# _ _ _ \n_ _ _ # \n_ # _ _ \n",
    ),
    (
        "stars",
        "* Q * *\n* * * Q\nQ * * *\n* * Q *\n\n\
         * * Q *\nQ * * *\n* * * Q\n* Q * *\n",
    ),
    ("rows", "2 4 1 3\n3 1 4 2\n"),
    ("dots", ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n"),
];

/// The first eight-queens solution of the row-major solvers,
/// `[0, 4, 7, 5, 2, 6, 1, 3]`, in each text format.
const FIRST_EIGHT: [(&str, &str); 5] = [
    (
        "matrix",
        " 1  0  0  0  0  0  0  0 \n 0  0  0  0  1  0  0  0 \n 0  0  0  0  0  0  0  1 \n\
         \x200  0  0  0  0  1  0  0 \n 0  0  1  0  0  0  0  0 \n 0  0  0  0  0  0  1  0 \n\
         \x200  1  0  0  0  0  0  0 \n 0  0  0  1  0  0  0  0 \n",
    ),
    (
        "hash",
        "# _ _ _ _ _ _ _ \n_ _ _ _ # _ _ _ \n_ _ _ _ _ _ _ # \n_ _ _ _ _ # _ _ \n\
         _ _ # _ _ _ _ _ \n_ _ _ _ _ _ # _ \n_ # _ _ _ _ _ _ \n_ _ _ # _ _ _ _ \n",
    ),
    (
        "stars",
        "Q * * * * * * *\n* * * * Q * * *\n* * * * * * * Q\n* * * * * Q * *\n\
         * * Q * * * * *\n* * * * * * Q *\n* Q * * * * * *\n* * * Q * * * *\n",
    ),
    ("rows", "1 5 8 6 3 7 2 4\n"),
    (
        "dots",
        "Q.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q....\n",
    ),
];

#[test]
fn every_text_format_prints_both_four_queens_boards() {
    for (format, expected) in ALL_FOUR {
        let all = queens(&["all", "4", "--algo", "array", "--format", format]);
        assert_eq!(all.answered(), expected, "{format}");
        let first = queens(&["first", "4", "--algo", "array", "--format", format]);
        let first_board = expected.split("\n\n").next().unwrap().to_owned();
        let first_board = if format == "rows" {
            "2 4 1 3\n".to_owned()
        } else {
            first_board + "\n"
        };
        assert_eq!(first.answered(), first_board, "{format}");
    }
    // The default format is the matrix.
    assert_eq!(
        queens(&["all", "4", "--algo", "array"]).answered(),
        ALL_FOUR[0].1
    );
}

#[test]
fn every_text_format_prints_the_first_eight_queens_board() {
    for (format, expected) in FIRST_EIGHT {
        let run = queens(&["first", "8", "--algo", "array", "--format", format]);
        assert_eq!(run.answered(), expected, "{format}");
    }
}

#[test]
fn rows_of_the_fundamental_solutions_are_seed_004s_table() {
    for algo in BACKTRACKING {
        let run = queens(&["all", "8", "--algo", algo, "--unique", "--format", "rows"]);
        assert_eq!(run.answered(), SEED_004_TABLE, "{algo}");
    }
}

#[test]
fn the_fundamental_boards_are_separated_by_blank_lines() {
    let boards: Vec<&[usize]> = EIGHT_QUEENS_FUNDAMENTAL
        .iter()
        .map(|queens| queens.as_slice())
        .collect();
    for format in queens_core::TextFormat::ALL
        .into_iter()
        .filter(|format| *format != queens_core::TextFormat::Rows)
    {
        let run = queens(&["all", "8", "--unique", "--format", format.name()]);
        let expected = queens_core::format::render_all(format, boards.iter().copied(), &[]);
        assert_eq!(run.answered(), expected, "{format}");
        assert_eq!(run.stdout.split("\n\n").count(), 12, "{format}");
    }
}

#[test]
fn stars_mark_the_queen_the_user_placed() {
    // Seed 004's "user placed first queen" board, with its queen as `U`.
    let run = queens(&["first", "8", "--queen", "0:2", "--format", "stars"]);
    assert_eq!(
        run.answered(),
        "* * U * * * * *\nQ * * * * * * *\n* * * * * * Q *\n* * * * Q * * *\n\
         * * * * * * * Q\n* Q * * * * * *\n* * * Q * * * *\n* * * * * Q * *\n"
    );
}

/// The SVG document `text`, parsed; asserts it is an `<svg>` document.
#[track_caller]
fn parse_svg(text: &str) -> roxmltree::Document<'_> {
    let document = roxmltree::Document::parse(text).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    document
}

/// The elements of `document` whose class is `class`.
fn with_class<'a>(
    document: &'a roxmltree::Document<'_>,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some(class))
        .collect()
}

#[test]
fn first_draws_a_well_formed_svg_board() {
    let run = queens(&["first", "8", "--format", "svg", "--queen", "0:2"]);
    let document = parse_svg(run.answered());
    assert_eq!(with_class(&document, "board").len(), 1);
    assert_eq!(with_class(&document, "queen").len(), 7);
    assert_eq!(with_class(&document, "queen preplaced").len(), 1);
    let squares = document
        .descendants()
        .filter(|node| node.has_tag_name("rect") && node.attribute("width") == Some("40"))
        .count();
    assert_eq!(squares, 64);
    let files: Vec<&str> = with_class(&document, "file")
        .iter()
        .filter_map(|node| node.text())
        .collect();
    assert_eq!(files, ["a", "b", "c", "d", "e", "f", "g", "h"]);

    let dir = scratch("first-svg");
    let path = dir.join("board.svg");
    let written = queens(&[
        "first",
        "8",
        "--format",
        "svg",
        "--queen",
        "0:2",
        "--out",
        &arg(&path),
    ]);
    assert_eq!(written.answered(), format!("wrote {}\n", path.display()));
    assert_eq!(fs::read_to_string(&path).unwrap(), run.stdout);
}

#[test]
fn all_unique_writes_twelve_svg_boards_and_a_sheet() {
    let dir = scratch("all-unique-svg");
    let run = queens(&[
        "all",
        "8",
        "--unique",
        "--format",
        "svg",
        "--out",
        &arg(&dir),
    ]);
    let named = |name: &str| dir.join(name).display().to_string();
    assert_eq!(
        run.answered(),
        format!(
            "wrote 12 boards, {} to {}, and the sheet {}\n",
            named("solution-0001.svg"),
            named("solution-0012.svg"),
            named("sheet.svg")
        )
    );
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let mut expected: Vec<String> = (1..=12).map(|i| format!("solution-{i:04}.svg")).collect();
    expected.push("sheet.svg".to_owned());
    expected.sort();
    assert_eq!(names, expected);
    for (index, queens) in EIGHT_QUEENS_FUNDAMENTAL.iter().enumerate() {
        let text = fs::read_to_string(dir.join(format!("solution-{:04}.svg", index + 1))).unwrap();
        assert_eq!(
            text,
            queens_core::svg::board(queens, &[]),
            "board {}",
            index + 1
        );
        let document = parse_svg(&text);
        assert_eq!(with_class(&document, "queen").len(), 8);
    }
    let sheet = fs::read_to_string(dir.join("sheet.svg")).unwrap();
    let document = parse_svg(&sheet);
    assert_eq!(with_class(&document, "board").len(), 12);
    assert_eq!(with_class(&document, "queen").len(), 96);
    let captions: Vec<&str> = document
        .descendants()
        .filter(|node| node.has_tag_name("text") && node.attribute("class").is_none())
        .filter_map(|node| node.text())
        .collect();
    let table: Vec<String> = SEED_004_TABLE
        .lines()
        .enumerate()
        .map(|(index, line)| format!("{}. {line}", index + 1))
        .collect();
    assert_eq!(captions, table);
}

#[test]
fn all_writes_one_svg_file_per_solution_and_no_sheet() {
    let dir = scratch("all-svg").join("made-by-the-tool");
    let run = queens(&[
        "all",
        "4",
        "--algo",
        "matrix",
        "--format",
        "svg",
        "--out",
        &arg(&dir),
    ]);
    assert_eq!(
        run.answered(),
        format!(
            "wrote 2 boards, {} to {}\n",
            dir.join("solution-0001.svg").display(),
            dir.join("solution-0002.svg").display()
        )
    );
    // The column-major solver's order: [2, 0, 3, 1] first.
    let first = fs::read_to_string(dir.join("solution-0001.svg")).unwrap();
    assert_eq!(first, queens_core::svg::board(&[2, 0, 3, 1], &[]));
    assert!(!dir.join("sheet.svg").exists());
}

#[test]
fn bad_format_requests_get_one_line_and_exit_2() {
    let dir = scratch("bad-formats");
    let file = dir.join("a-file");
    fs::write(&file, "").unwrap();
    let missing = dir.join("missing").join("board.svg");
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["all".into(), "4".into(), "--format".into(), "svg".into()],
            "error: all --format svg writes one file per solution: give --out DIR".into(),
        ),
        (
            vec!["first".into(), "4".into(), "--out".into(), arg(&file)],
            "error: --out is for --format svg; redirect stdout to keep text boards".into(),
        ),
        (
            vec!["all".into(), "4".into(), "--format".into(), "rows".into(), "--json".into()],
            "error: the argument '--format <FORMAT>' cannot be used with '--json'".into(),
        ),
        (
            vec!["first".into(), "4".into(), "--format".into(), "png".into()],
            "error: invalid value 'png' for --format: expected one of matrix, hash, stars, rows, dots, svg".into(),
        ),
        (
            vec!["first".into(), "4".into(), "--format".into(), "svg".into(), "--out".into(), arg(&missing)],
            format!("error: cannot write '{}': No such file or directory (os error 2)", missing.display()),
        ),
        (
            vec!["all".into(), "4".into(), "--format".into(), "svg".into(), "--out".into(), arg(&file)],
            format!("error: cannot create the directory '{}': File exists (os error 17)", file.display()),
        ),
    ];
    for (args, message) in &cases {
        assert_eq!(queens(args).rejected(), message, "queens {args:?}");
    }
}

#[test]
fn a_board_too_large_to_draw_is_refused_before_the_search() {
    // The array solver takes n up to 4,096, and --force lifts the guard, so
    // nothing but the drawing refuses these; a search at this size would
    // run for hours, so the refusal comes before it.
    let refusal = |n: &str, cells: &str| {
        format!(
            "error: a drawn board of n = {n} would be {cells} cells (boards are drawn up to \
             n = 1,000); use --format rows or --json"
        )
    };
    let dir = scratch("too-large-to-draw");
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["first".into(), "1001".into()],
            refusal("1,001", "1,002,001"),
        ),
        (
            vec![
                "first".into(),
                "4096".into(),
                "--format".into(),
                "stars".into(),
            ],
            refusal("4,096", "16,777,216"),
        ),
        (
            vec![
                "first".into(),
                "2000".into(),
                "--format".into(),
                "svg".into(),
            ],
            refusal("2,000", "4,000,000"),
        ),
        (
            vec![
                "all".into(),
                "2000".into(),
                "--format".into(),
                "dots".into(),
            ],
            refusal("2,000", "4,000,000"),
        ),
        (
            vec![
                "all".into(),
                "2000".into(),
                "--format".into(),
                "svg".into(),
                "--out".into(),
                arg(&dir),
            ],
            refusal("2,000", "4,000,000"),
        ),
    ];
    for (mut args, message) in cases {
        args.extend(["--algo".into(), "array".into(), "--force".into()]);
        assert_eq!(queens(&args).rejected(), message, "queens {args:?}");
    }
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "no file written");
}

// ---------------------------------------------------------------------------
// Traces
// ---------------------------------------------------------------------------

/// The statistics and solutions a trace's summary gives, read back from
/// its lines (`  queens placed: 1,234`).
fn summary_counters(trace: &str) -> Value {
    let counter = |name: &str| -> u64 {
        let prefix = format!("  {name}:");
        let line = trace
            .lines()
            .find(|line| line.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no '{name}' in the summary"));
        line[prefix.len()..]
            .trim()
            .replace(',', "")
            .parse()
            .expect("a number")
    };
    serde_json::json!({
        "solutions": counter("solutions"),
        "stats": {
            "queens_placed": counter("queens placed"),
            "safety_checks": counter("safety checks"),
            "cells_read": counter("cells read"),
        }
    })
}

/// The event lines of a trace: the lines before the summary that are not
/// boards (boards are indented).
fn event_lines(trace: &str) -> Vec<&str> {
    trace
        .lines()
        .take_while(|line| !line.is_empty())
        .filter(|line| !line.starts_with(' '))
        .collect()
}

#[test]
fn a_trace_places_what_count_counts_for_every_solver() {
    for solver in queens_solvers::FINDS_ALL {
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
            "reject (row 1, col 0): attacked by (0, 0) on a column",
            "reject (row 1, col 1): attacked by (0, 0) on a diagonal",
            "place (row 1, col 2)",
            "reject (row 2, col 0): attacked by (0, 0) on a column",
            "reject (row 2, col 1): attacked by (1, 2) on an anti-diagonal",
            "reject (row 2, col 2): attacked by (0, 0) on a diagonal",
            "reject (row 2, col 3): attacked by (1, 2) on a diagonal",
            "backtrack from row 2",
            "remove (row 1, col 2)",
            "place (row 1, col 3)",
            "reject (row 2, col 0): attacked by (0, 0) on a column",
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
         test (0, 0) (0, 1) (0, 2) (0, 3): two queens share a row\n\
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
         reject (row 1, col 0): attacked by (0, 0) on a column\n\
         reject (row 1, col 1): attacked by (0, 0) on a diagonal\n\
         \x20   1 - - -\n\
         place (row 1, col 2)\n\
         reject (row 2, col 0): attacked by (0, 0) on a column\n\
         reject (row 2, col 1): attacked by (1, 2) on an anti-diagonal\n\
         \x20   1 3 - -\n\
         reject (row 2, col 2): attacked by (0, 0) on a diagonal\n\
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
    for algo in BACKTRACKING {
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

// ---------------------------------------------------------------------------
// Counting: the progress bar and Ctrl-C
// ---------------------------------------------------------------------------

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // Tests capture stderr, so it is no terminal: nothing may appear there.
    let run = queens(&["count", "12", "--algo", "array"]);
    assert_eq!(run.answered(), "14200\n");
    let quiet = queens(&["count", "8", "--algo", "lookup", "--quiet", "--json"]).json();
    assert_eq!(quiet["count"], 92);
    let library = library_answer("lookup", Mode::Count, 8);
    assert_eq!(quiet["stats"], stats_json(&library));
}

#[test]
fn ctrl_c_stops_a_listing_and_says_how_far_it_got() {
    // Every search is watched now, a listing to a file included.
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["all", "16", "--algo", "array", "--format", "rows"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs");
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut lines = BufReader::new(stdout).lines();
    assert!(lines.next().is_some(), "a first solution is listed");
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(signalled.success());
    let listed = 1 + lines.map_while(Result::ok).count();
    let output = child.wait_with_output().expect("the run ends");
    assert_eq!(output.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let found = stderr
        .strip_prefix("interrupted: ")
        .and_then(|rest| rest.strip_suffix(" solutions found before Ctrl-C\n"))
        .unwrap_or_else(|| panic!("unexpected stderr: {stderr:?}"));
    assert_eq!(found.replace(',', ""), listed.to_string());
}

#[test]
fn ctrl_c_stops_a_count_and_says_how_far_it_got() {
    // Sixteen queens take the array solver many seconds, and eighteen the
    // counter on one thread half a minute.
    let found = interrupted_count(&["count", "16", "--algo", "array", "--json"]);
    assert!(found < 14_772_512, "{found} solutions: more than there are");
    let found = interrupted_count(&["count", "18", "--threads", "1"]);
    assert!(
        found < 666_090_624,
        "{found} solutions: more than there are"
    );
}

/// Starts `queens args`, sends it Ctrl-C (SIGINT) once the tool has surely
/// installed its handler, and returns the solutions it says it found.
fn interrupted_count(args: &[&str]) -> u64 {
    let child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs");
    thread::sleep(Duration::from_millis(700));
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(signalled.success());
    let output = child.wait_with_output().expect("the run ends");
    assert_eq!(output.status.code(), Some(130), "{args:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let found = stderr
        .strip_prefix("interrupted: ")
        .and_then(|rest| rest.strip_suffix(" solutions found before Ctrl-C\n"))
        .unwrap_or_else(|| panic!("unexpected stderr: {stderr:?}"));
    found.replace(',', "").parse().expect("a count")
}

// ---------------------------------------------------------------------------
// Checking a placement
// ---------------------------------------------------------------------------

/// Seed 004's first eight-queens board, one 0-based column per line.
const EIGHT_QUEENS_LINES: &str = "0\n4\n7\n5\n2\n6\n1\n3\n";

/// The verdict on a valid placement of `n` queens.
fn valid(n: &str) -> String {
    format!("valid: {n} queens, no two attack each other\n")
}

/// Runs `check` on `input` and returns the one line of a placement found
/// invalid, after asserting exit status 1 and nothing on stdout.
#[track_caller]
fn invalid(input: &str) -> String {
    let run = queens_reading(&["check"], input);
    run.assert_status(1);
    assert_eq!(run.stdout, "", "check {input:?}: stdout");
    one_line(&run.args, &run.stderr).to_owned()
}

/// A solution for an even `n` with `n mod 6` of 0 or 4: the odd columns in
/// order, then the even ones.
fn constructed(n: usize) -> Vec<usize> {
    (1..n).step_by(2).chain((0..n).step_by(2)).collect()
}

/// `columns` one per line.
fn column_lines(columns: &[usize]) -> String {
    columns.iter().map(|col| format!("{col}\n")).collect()
}

#[test]
fn check_accepts_eight_queens_in_every_notation_the_tool_prints() {
    let rows = queens(&["first", "8", "--format", "rows"]);
    let json = queens(&["first", "8", "--json"]);
    for input in [
        rows.answered(),
        json.answered(),
        EIGHT_QUEENS_LINES,
        "[0, 4, 7, 5, 2, 6, 1, 3]\n",
    ] {
        let run = queens_reading(&["check"], input);
        assert_eq!(run.answered(), valid("8"), "check {input:?}");
    }
    let dir = scratch("check-file");
    let file = dir.join("eight.txt");
    fs::write(&file, EIGHT_QUEENS_LINES).unwrap();
    assert_eq!(queens(&["check", &arg(&file)]).answered(), valid("8"));
    let dash = queens_reading(&["check", "-"], rows.answered());
    assert_eq!(dash.answered(), valid("8"));
    let one = queens(&["first", "1", "--format", "rows"]);
    let run = queens_reading(&["check"], one.answered());
    assert_eq!(run.answered(), "valid: 1 queen, no two attack each other\n");
}

#[test]
fn check_names_the_first_pair_a_moved_queen_attacks() {
    // Row 3's queen moved from column 5 to 1: it now shares a `\` diagonal
    // with row 4's queen, and a column with row 6's, further down.
    assert_eq!(
        invalid("0\n4\n7\n1\n2\n6\n1\n3\n"),
        "invalid: queens at (row 3, col 1) and (row 4, col 2) share a diagonal"
    );
    // Row 2's queen moved from column 8 to 4 in the rows format (1-based);
    // the pair is named from 0, as --queen takes squares.
    assert_eq!(
        invalid("1 5 4 6 3 7 2 4\n"),
        "invalid: queens at (row 1, col 4) and (row 2, col 3) share an anti-diagonal"
    );
    // Row 7's queen moved from column 3 to 0: it attacks row 0's along the
    // column and row 6's along a diagonal; the earlier queen is named.
    assert_eq!(
        invalid("{\"n\":8,\"queens\":[0,4,7,5,2,6,1,0]}"),
        "invalid: queens at (row 0, col 0) and (row 7, col 0) share a column"
    );
}

#[test]
fn a_malformed_placement_gets_one_line_and_exit_2() {
    let cases = [
        (
            "0\n4\nseven\n5\n",
            "error: line 3, row 2: expected a column number, found 'seven'",
        ),
        (
            "0\n4\n\n7\n",
            "error: line 3, row 2: a blank line; expected a column number",
        ),
        (
            "1 5 8 6 3 7 2 x\n",
            "error: line 1, row 7: expected a column number, found 'x'",
        ),
        (
            "0\n2\n8\n",
            "error: line 3, row 2: '8' would put the queen at (row 2, col 8), off the 3×3 board; \
             one column per line numbers columns 0 to 2",
        ),
        (
            "1 3 0 4\n",
            "error: line 1, row 2: '0' is no column; the rows format numbers columns 1 to 4",
        ),
        (
            "[0, 4, 7, 5, 2, 6, 1, 8]",
            "error: row 7: '8' would put the queen at (row 7, col 8), off the 8×8 board; JSON \
             numbers columns 0 to 7",
        ),
        (
            "0\n-1\n",
            "error: line 2, row 1: expected a column number, found '-1'",
        ),
        (
            "2 4 1 3\n3 1 4 2\n",
            "error: line 2: the rows format holds one placement on one line; check one placement at a time",
        ),
        (
            "{\"n\":8,\"queens\":[0,4,7]}",
            "error: the JSON object says n = 8 but its \"queens\" has length 3",
        ),
        (
            "{\"n\":3,\"queens\":null}",
            "error: the JSON object holds no placement: \"queens\" is missing or null",
        ),
        (
            "[0, 4,",
            "error: malformed JSON: EOF while parsing a value at line 1 column 6",
        ),
        (
            "{\"queens\":[0],\"queens\":[0]}",
            "error: malformed JSON: duplicate field `queens` at line 1 column 22",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(
            queens_reading(&["check"], input).rejected(),
            message,
            "check {input:?}"
        );
    }
    let missing = queens(&["check", "no-such-file.txt"]);
    assert_eq!(
        missing.rejected(),
        "error: cannot read 'no-such-file.txt': No such file or directory (os error 2)"
    );
}

#[test]
fn an_empty_placement_is_bad_input() {
    for input in ["", "\n \n", "[]"] {
        assert_eq!(
            queens_reading(&["check"], input).rejected(),
            "error: the input holds no queens: expected the line of `first --format rows`, the \
             JSON of `first --json`, or one 0-based column per line",
            "check {input:?}"
        );
    }
}

#[test]
fn check_takes_a_hundred_thousand_queens() {
    let mut columns = constructed(100_000);
    let run = queens_reading(&["check"], &column_lines(&columns));
    assert_eq!(run.answered(), valid("100,000"));
    // The last two rows' queens swapped: row 99,999's, now in column
    // 99,996, is two rows and two columns from row 99,997's.
    columns.swap(99_998, 99_999);
    assert_eq!(
        invalid(&column_lines(&columns)),
        "invalid: queens at (row 99997, col 99994) and (row 99999, col 99996) share a diagonal"
    );
}

// ---------------------------------------------------------------------------
// Sudoku
// ---------------------------------------------------------------------------

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

/// Its solution, as the seed prints it, on one line.
const SEED_SOLUTION: &str =
    "316578492529134768487629531263415987974863125851792643138947256692351874745286319";

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

// ---------------------------------------------------------------------------
// Shards and merge
// ---------------------------------------------------------------------------

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
        queens(&["count", "22", "--shard", "0/7"]).rejected(),
        "error: counting the solutions for n = 22 with the bitboard solver would take a long \
         time (it handles n up to 18 in seconds); pass --force to run it anyway"
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

// ---------------------------------------------------------------------------
// Solvers that find one solution
// ---------------------------------------------------------------------------

#[test]
fn huge_boards_get_one_solution_that_check_accepts() {
    for algo in ["construct", "min-conflicts"] {
        let board = queens(&["first", "100000", "--algo", algo, "--format", "rows"]);
        let checked = queens_reading(&["check"], board.answered());
        assert_eq!(
            checked.answered(),
            "valid: 100,000 queens, no two attack each other\n",
            "{algo}"
        );
    }
    let record = queens(&["first", "1000", "--algo", "construct", "--json"]);
    let checked = queens_reading(&["check", "-"], record.answered());
    assert_eq!(
        checked.answered(),
        "valid: 1,000 queens, no two attack each other\n"
    );
}

#[test]
fn a_solver_that_finds_one_refuses_to_count_or_list() {
    let finds_one = |algo: &str| {
        format!(
            "error: the {algo} solver finds one solution, not all of them: it cannot count or \
             list; ask for the first solution, or use a backtracking solver"
        )
    };
    for algo in ["construct", "min-conflicts"] {
        assert_eq!(
            queens(&["count", "8", "--algo", algo]).rejected(),
            finds_one(algo)
        );
        assert_eq!(
            queens(&["all", "8", "--algo", algo]).rejected(),
            finds_one(algo)
        );
        assert_eq!(
            queens(&["first", "8", "--unique", "--algo", algo]).rejected(),
            finds_one(algo)
        );
    }
    assert_eq!(
        queens(&["first", "8", "--algo", "construct", "--queen", "0:0"]).rejected(),
        "error: the construct solver cannot keep pre-placed queens; use another solver"
    );
    // Refused by the memory it would take, before any of it is taken.
    assert_eq!(
        queens(&[
            "first",
            "30000000",
            "--algo",
            "min-conflicts",
            "--format",
            "rows"
        ])
        .rejected(),
        "error: a solution for n = 30,000,000 with the min-conflicts solver would need about 916 \
         MB of memory (32 bytes a queen); it solves n up to 20,000,000 without --force; pass \
         --force to run it anyway"
    );
}

#[test]
fn min_conflicts_repeats_with_its_seed_and_keeps_preplaced_queens() {
    let run = |seed: &str| {
        queens(&[
            "first",
            "40",
            "--algo",
            "min-conflicts",
            "--seed",
            seed,
            "--json",
        ])
        .json()
    };
    assert_eq!(run("5")["queens"], run("5")["queens"]);
    let kept = queens(&[
        "first",
        "8",
        "--algo",
        "min-conflicts",
        "--queen",
        "0:3",
        "--json",
    ]);
    assert_eq!(kept.json()["queens"][0], 3);
    assert_eq!(
        queens(&["first", "8", "--algo", "lookup", "--seed", "5"]).rejected(),
        "error: --seed: the lookup solver makes no random choice, so a seed means nothing to \
         it; min-conflicts is the solver with random choices"
    );
    let none = queens(&["first", "3", "--algo", "min-conflicts"]);
    none.assert_status(1);
    assert_eq!(none.stderr, "no solution for n = 3\n");
    // A trace of it says the same, not that there is nothing to trace.
    let traced = queens(&["trace", "6", "--algo", "min-conflicts", "--queen", "0:0"]);
    traced.assert_status(1);
    assert!(
        traced
            .stderr
            .ends_with("it cannot prove that none exists (a backtracking solver can)\n")
    );
    // Six queens with one in a corner have no solution: the local search
    // gives up and says it proves nothing.
    let gave_up = queens(&["first", "6", "--algo", "min-conflicts", "--queen", "0:0"]);
    gave_up.assert_status(1);
    assert_eq!(
        gave_up.stderr,
        "the min-conflicts solver found no solution for n = 6 with queens at (row 0, col 0) within its \
         limit of steps; it cannot prove that none exists (a backtracking solver can)\n"
    );
}

// ---------------------------------------------------------------------------
// Nothing damaged, nothing lost, nothing forged (P11): the writer, stdout,
// records that prove themselves, and every input bounded
// ---------------------------------------------------------------------------

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
    let run = queens(&["count", "12", "--shard", "0/4", "--out", "/dev/full"]);
    run.assert_status(74);
    assert_eq!(
        run.stderr,
        "error: cannot write '/dev/full': No space left on device (os error 28)\n"
    );
    use std::os::unix::fs::FileTypeExt;
    let kind = fs::symlink_metadata("/dev/full").unwrap().file_type();
    assert!(kind.is_char_device(), "/dev/full is still a device");
    assert_eq!(
        queens(&["count", "8", "--shard", "0/2", "--out", "/dev/null"]).answered(),
        ""
    );
}

#[test]
fn dev_stdout_and_a_dash_are_stdout() {
    for out in ["/dev/stdout", "-"] {
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
        .arg("\"$0\" count 8 --shard 1/2 --out /dev/stdout | cat")
        .arg(env!("CARGO_BIN_EXE_queens"))
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
    use queens_bitboard::Classes;
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
