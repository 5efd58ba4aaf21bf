//! What every test of the `queens` command shares: the facts it checks
//! against (OEIS counts, the seeds' boards), and the helpers that run the
//! built binary and state what a run must look like (`answered`,
//! `rejected`, ...).

pub(crate) use std::fs;
pub(crate) use std::io::{BufRead, BufReader};
pub(crate) use std::path::{Path, PathBuf};
pub(crate) use std::process::{Command, Stdio};
pub(crate) use std::thread;
pub(crate) use std::time::Duration;

pub(crate) use queens_core::modes::{self, Answer};
pub(crate) use queens_core::{
    Finds, Instrument, Mode, Order, Problem, Query, ReadStats, ReadUnit, Solver,
};
pub(crate) use serde_json::Value;

/// OEIS A000170: the number of solutions for n = 0, 1, ..., 14.
pub(crate) const SOLUTIONS: [u64; 15] = [
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
];

/// OEIS A002562: the number of fundamental solutions for n = 0, 1, ..., 14.
pub(crate) const FUNDAMENTAL: [u64; 15] =
    [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752];

/// The first four-queens board of the row-major solvers, `[1, 3, 0, 2]`:
/// the picture in seed 000.
pub(crate) const ROW_MAJOR_FOUR: &str = " 0  1  0  0 \n 0  0  0  1 \n 1  0  0  0 \n 0  0  1  0 \n";

/// The first four-queens board of the column-major solver, `[2, 0, 3, 1]`:
/// what seed 000's program prints.
pub(crate) const COLUMN_MAJOR_FOUR: &str =
    " 0  0  1  0 \n 1  0  0  0 \n 0  0  0  1 \n 0  1  0  0 \n";

/// Seed 004's twelve fundamental solutions of eight queens, 0-based.
pub(crate) const EIGHT_QUEENS_FUNDAMENTAL: [[usize; 8]; 12] = [
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

/// The registry's solvers whose solutions come row by row, in lexicographic
/// order: the first of four queens is [`ROW_MAJOR_FOUR`].
pub(crate) fn row_major() -> Vec<&'static str> {
    registered(|solver| solver.info().order == Order::RowMajor)
}

/// The registry's solver whose solutions come column by column: the first
/// of four queens is [`COLUMN_MAJOR_FOUR`].
pub(crate) fn column_major() -> &'static str {
    let names = registered(|solver| solver.info().order == Order::ColumnMajor);
    assert_eq!(names.len(), 1, "one column-major solver: {names:?}");
    names[0]
}

/// The registry's backtracking solvers: those that find every solution and
/// prune as they go, with no workload known beforehand (the generators'
/// is, and is too large), which handle n = 12 in the tests.
pub(crate) fn backtracking() -> Vec<&'static str> {
    registered(|solver| solver.finds() == Finds::All && solver.info().workload.is_none())
}

/// The registry's solvers that find one solution of any board.
pub(crate) fn finding_one() -> Vec<&'static str> {
    registered(|solver| solver.finds() != Finds::All)
}

/// The names of the registry's solvers that `chosen` keeps, in its order.
fn registered(chosen: impl Fn(&dyn Solver) -> bool) -> Vec<&'static str> {
    queens_solvers::every()
        .filter(|&solver| chosen(solver))
        .map(|solver| solver.info().name)
        .collect()
}

/// A finished run of `queens`.
pub(crate) struct Run {
    pub(crate) args: Vec<String>,
    pub(crate) status: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

impl Run {
    /// Everything the run printed: stdout, then stderr.
    pub(crate) fn printed(&self) -> String {
        format!("{}{}", self.stdout, self.stderr)
    }
}

/// Runs `queens` with `args` and waits for it.
pub(crate) fn queens(args: &[impl AsRef<str>]) -> Run {
    queens_reading(args, "")
}

/// Runs `queens` with `args` and `input` on its stdin, and waits for it.
pub(crate) fn queens_reading(args: &[impl AsRef<str>], input: &str) -> Run {
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
    pub(crate) fn assert_status(&self, status: i32) {
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
    pub(crate) fn answered(&self) -> &str {
        self.assert_status(0);
        assert_eq!(self.stderr, "", "queens {:?}: stderr", self.args);
        &self.stdout
    }

    /// Asserts that the run was refused as bad input: status 2, nothing on
    /// stdout, one line on stderr. Returns that line.
    #[track_caller]
    pub(crate) fn rejected(&self) -> &str {
        self.assert_status(2);
        assert_eq!(self.stdout, "", "queens {:?}: stdout", self.args);
        one_line(&self.args, &self.stderr)
    }

    /// The answer parsed as one JSON value, after asserting it answered.
    #[track_caller]
    pub(crate) fn json(&self) -> Value {
        parse_json(self.answered())
    }
}

/// The single line of `text`, without its newline.
#[track_caller]
pub(crate) fn one_line<'a>(args: &[String], text: &'a str) -> &'a str {
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
pub(crate) fn parse_json(text: &str) -> Value {
    assert_eq!(text.lines().count(), 1, "one JSON line expected: {text}");
    serde_json::from_str(text).expect("valid JSON")
}

/// The keys of a JSON object, sorted.
pub(crate) fn keys(value: &Value) -> Vec<&str> {
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
pub(crate) fn placement(value: &Value) -> Vec<usize> {
    value
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|queen| usize::try_from(queen.as_u64().expect("a whole number")).unwrap())
        .collect()
}

/// The solutions printed by `all ... --json`, one per line.
#[track_caller]
pub(crate) fn json_lines(run: &Run) -> Vec<Vec<usize>> {
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
pub(crate) fn solver(name: &str) -> &'static dyn Solver {
    queens_solvers::by_name(name).expect("a registered solver")
}

/// The library's answer to `mode` on a plain `n`-board, with statistics,
/// and the unit of its solver's reads.
pub(crate) fn library_answer(name: &str, mode: Mode, n: usize) -> (Answer, ReadUnit) {
    let query = Query {
        mode,
        unique: false,
    };
    let answer = modes::answer(solver(name), &Problem::new(n), query, Instrument::Counted)
        .expect("the library answers");
    (answer, solver(name).reads())
}

/// The library's statistics as the JSON the tool prints, the reads named
/// by their unit.
pub(crate) fn stats_json((answer, reads): &(Answer, ReadUnit)) -> Value {
    let stats = answer.stats.expect("counted");
    serde_json::to_value(ReadStats {
        stats,
        reads: *reads,
    })
    .unwrap()
}

/// `--queen` arguments placing the queens of `queens` in rows `rows`.
pub(crate) fn queen_args(queens: &[usize], rows: std::ops::Range<usize>) -> Vec<String> {
    rows.flat_map(|row| ["--queen".to_owned(), format!("{row}:{}", queens[row])])
        .collect()
}

/// A fresh, empty directory for one test's files, under Cargo's temporary
/// directory for integration tests.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A character device made in `dir` with the numbers of one of the
/// machine's (`1 7`, `/dev/full`; `1 3`, `/dev/null`), for a test to write
/// to: a writer that wrongly replaced its target would replace this node,
/// never the machine's device. `None` where devices cannot be made (not
/// root): the caller says so and skips that part.
pub(crate) fn device_node(dir: &Path, name: &str, major: u32, minor: u32) -> Option<PathBuf> {
    let path = dir.join(name);
    let made = Command::new("mknod")
        .arg(&path)
        .arg("c")
        .arg(major.to_string())
        .arg(minor.to_string())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !made {
        eprintln!("skipped: cannot make a device node here (mknod needs root)");
    }
    made.then_some(path)
}

/// `path` as a command-line argument.
pub(crate) fn arg(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// Asserts `count` and `count --unique` for n = 0..=`largest`.
pub(crate) fn assert_counts(algo: &str, largest: usize) {
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

/// The event lines of a trace: the lines before the summary that are not
/// boards (boards are indented).
pub(crate) fn event_lines(trace: &str) -> Vec<&str> {
    trace
        .lines()
        .take_while(|line| !line.is_empty())
        .filter(|line| !line.starts_with(' '))
        .collect()
}

/// Starts `queens` with `args`, its stdout and stderr piped.
pub(crate) fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs")
}

/// Its solution, as the seed prints it, on one line.
pub(crate) const SEED_SOLUTION: &str =
    "316578492529134768487629531263415987974863125851792643138947256692351874745286319";
