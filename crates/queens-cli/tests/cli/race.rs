//! `queens race` seen from outside: the terminal view, the page, bad input,
//! and the race's ratios against the statistics `cargo xtask compare`
//! wrote into docs/comparison.md.
//!
//! The race's numbers are facts checked here against others: the
//! statistics of the library's own counted runs, and the count table of
//! docs/comparison.md, which a test of xtask keeps true to the solvers.

use std::path::Path;
use std::process::{Command, Output};

use queens_core::modes;
use queens_core::{Instrument, Mode, Problem, Query};
use serde_json::Value;

/// Runs `queens` with `args`; its exit status, stdout and stderr.
fn queens(args: &[&str]) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .output()
        .expect("the queens binary runs");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (status.code(), text(stdout), text(stderr))
}

/// The stdout of a run that must succeed without a word on stderr.
#[track_caller]
fn answered(args: &[&str]) -> String {
    let (status, stdout, stderr) = queens(args);
    assert_eq!((status, stderr.as_str()), (Some(0), ""), "queens {args:?}");
    stdout
}

/// The one line on stderr of a run refused with `status`, nothing on
/// stdout.
#[track_caller]
fn refused(args: &[&str], status: i32) -> String {
    let (code, stdout, stderr) = queens(args);
    assert_eq!(code, Some(status), "queens {args:?}: {stderr}");
    assert_eq!(stdout, "", "queens {args:?}");
    assert_eq!(stderr.lines().count(), 1, "queens {args:?}: {stderr}");
    stderr.trim_end().to_owned()
}

/// The JSON data of a race page.
fn page_data(page: &str) -> Value {
    const DATA: &str = r#"<script type="application/json" id="race-data">"#;
    let start = page.find(DATA).expect("the data element") + DATA.len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("valid JSON")
}

/// The statistics and solutions of a counted run of `name` on a plain
/// `n`-board, as [queens placed, safety checks, cells read, solutions].
fn counted(name: &str, n: usize) -> [u64; 4] {
    let solver = queens_solvers::by_name(name).unwrap();
    let query = Query {
        mode: Mode::Count,
        unique: false,
    };
    let answer = modes::answer(solver, &Problem::new(n), query, Instrument::Counted).unwrap();
    let stats = answer.stats.unwrap();
    [
        stats.queens_placed,
        stats.safety_checks,
        stats.cells_read,
        answer.count,
    ]
}

#[test]
fn the_terminal_view_ends_with_the_last_frame_and_the_counters() {
    let shown = answered(&["race", "6", "--algo", "matrix", "--algo", "lookup"]);
    // docs/views/race.md shows this run, which must stay true.
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/views/race.md"),
    )
    .expect("docs/views/race.md");
    const COMMAND: &str = "$ queens race 6 --algo matrix --algo lookup\n";
    let start = doc.find(COMMAND).expect("the run in the docs") + COMMAND.len();
    let expected = &doc[start..start + doc[start..].find("```").expect("its end")];
    assert_eq!(shown, expected);
    // The counters are the solvers' own: 152 queens, 894 checks and 4
    // solutions for both, 4,427 cells for matrix and 2,682 for lookup.
    assert_eq!(counted("matrix", 6), [152, 894, 4_427, 4]);
    assert_eq!(counted("lookup", 6), [152, 894, 2_682, 4]);
}

#[test]
fn a_pipe_gets_every_kth_frame_and_the_last() {
    let shown = answered(&[
        "race", "6", "--algo", "array", "--algo", "bitboard", "--clock", "steps", "--frames",
        "100", "--every", "40",
    ]);
    let headings: Vec<&str> = shown
        .lines()
        .filter(|line| line.starts_with("n = "))
        .collect();
    // Frames 40, 80 and 100 of 1,199 steps: 479.6, 959.2 and 1,199.
    assert_eq!(
        headings,
        [
            "n = 6, by step: 480 steps of 1,199 steps",
            "n = 6, by step: 959 steps of 1,199 steps",
            "n = 6, by step: 1,199 steps of 1,199 steps",
        ]
    );
    // The bitboard's own steps: a mask per row entered and no rejection,
    // 606 against the array solver's 1,199; one check of three words per
    // mask, 149 and 447, words and not cells, and why a word is not one.
    assert!(shown.ends_with(
        "solver    steps  queens placed  safety checks        reads  solutions  finished\n\
         array     1,199            152            894  3,228 cells          4  2nd at 1,199 steps: 1.98×\n\
         bitboard    606            152            149    447 words          4  1st at 606 steps: 1.00×\n\
         The reads of bitboard are counted in words, not cells: a read is one machine word, a \
         mask with one bit per column or diagonal: a whole line of the board at once, not one \
         board cell.\n"
    ));
    assert!(
        shown
            .contains("\nchecks    894        checks    149\ncells     3,228      words     447\n")
    );
    assert!(!shown.contains('\x1b'), "no terminal codes in a pipe");
}

#[test]
fn a_cut_solver_says_how_far_it_got() {
    let shown = answered(&["race", "6", "--algo", "naive", "--algo", "permutation"]);
    assert!(shown.ends_with(
        "naive was cut at its budget of 400,000 steps; when the others had finished, at 2,268 \
         cells read, it had taken 3,615 steps, placed 1,209 queens, made 1,134 safety checks \
         (0.058% of its C(36, 6) = 1,947,792 placements) and found 0 solutions.\n"
    ));
    // The same counters as the naive solver's own trace stopped there;
    // one step more reads past the permutation solver's 2,268 cells.
    let trace = answered(&["trace", "6", "--algo", "naive", "--limit", "3615"]);
    assert!(trace.ends_with(
        "  solutions:     0\n  queens placed: 1,209\n  safety checks: 1,134\n  cells read:    2,268\n"
    ));
    let trace = answered(&["trace", "6", "--algo", "naive", "--limit", "3616"]);
    assert!(trace.ends_with("  cells read:    2,270\n"));
}

#[test]
fn bad_input_gets_one_line_and_its_status() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["race", "16"],
            "error: a race draws boards up to n = 15; n = 16 is larger",
        ),
        (
            &[
                "race", "6", "--algo", "lookup", "--algo", "matrix", "--algo", "lookup",
            ],
            "error: --algo lookup is given twice; each solver races once",
        ),
        (
            &["race", "6", "--algo", "construct"],
            "error: the construct solver finds one solution, not all of them: it cannot count or \
             list; ask for the first solution, or use a backtracking solver",
        ),
        (
            &["race", "6", "--clock", "fast"],
            "error: invalid value 'fast' for --clock: expected steps, cells or time",
        ),
        (
            &["race", "6", "--every", "0"],
            "error: invalid value '0' for --every: expected a whole number of steps, 1 or more",
        ),
        (
            &["race", "6", "--queen", "0:0", "--queen", "1:1"],
            "error: pre-placed queens at (row 0, col 0) and (row 1, col 1) share a diagonal",
        ),
        (
            &["race", "5", "--html", "/nonexistent/race.html"],
            "error: cannot write '/nonexistent/race.html': No such file or directory (os error 2)",
        ),
    ];
    for (args, line) in cases {
        assert_eq!(refused(args, 2), line, "queens {args:?}");
    }
    let dir = crate::support::scratch("race-device");
    let Some(full) = crate::support::device_node(&dir, "full", 1, 7) else {
        return;
    };
    let full = crate::support::arg(&full);
    let (status, _, stderr) = queens(&["race", "5", "--algo", "lookup", "--html", &full]);
    assert_eq!(status, Some(74));
    assert_eq!(
        stderr,
        format!("error: cannot write '{full}': No space left on device (os error 28)\n")
    );
}

#[test]
fn the_page_is_written_whole_or_alone_on_stdout() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("race-page");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("race.html");
    let table = answered(&[
        "race",
        "5",
        "--algo",
        "array",
        "--queen",
        "0:1",
        "--html",
        path.to_str().unwrap(),
    ]);
    assert!(table.starts_with("by cells read:\n"), "{table}");
    let page = std::fs::read_to_string(&path).unwrap();
    let alone = answered(&[
        "race", "5", "--algo", "array", "--queen", "0:1", "--html", "-",
    ]);
    assert!(alone.starts_with("<!doctype html>"));
    // The same race, but for the times measured.
    let code = |page: &str| page_data(page)["lanes"][0]["code"].clone();
    assert!(code(&page) == code(&alone));
    assert!(page.starts_with("<!doctype html>"));
    assert!(!page.contains("http"), "nothing from the network");
    assert!(!page.contains("{{"), "every hole filled");
    assert!(page.contains("<code>queens race 5 --algo array --queen 0:1 --clock cells</code>"));
    let data = page_data(&page);
    assert_eq!(data["n"], 5);
    assert_eq!(data["preplaced"], serde_json::json!([{"row": 0, "col": 1}]));
    let lane = &data["lanes"][0];
    assert_eq!(lane["name"], "array");
    assert_eq!(lane["whole"], true);
    // With a queen in row 0, column 1: two solutions.
    assert_eq!(lane["finish"]["steps"]["solutions"], 2);
    assert_eq!(
        lane["finish"]["cells"]["status"],
        format!(
            "finished 1st at {} cells read: 1.00×",
            lane["finish"]["cells"]["cells_read"]
        )
    );
}

/// The count table of docs/comparison.md for board `n`: each solver's
/// [queens placed, safety checks, reads, solutions], by name, for the
/// solvers it did not skip. A figure of reads may say its unit (`447
/// words`), where the solvers compared read in both.
fn compared(n: usize) -> Vec<(String, [u64; 4])> {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/comparison.md"),
    )
    .expect("docs/comparison.md");
    let section = &doc[doc
        .find("## count: count every solution")
        .expect("the count table")..];
    let section = &section[..section[3..]
        .find("\n## ")
        .map_or(section.len(), |end| end + 3)];
    section
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            if cells.len() < 7 || cells[1] != n.to_string() {
                return None;
            }
            let number = |cell: &str| {
                let figure = cell.split_whitespace().next()?;
                figure.replace(',', "").parse::<u64>().ok()
            };
            let statistics = [cells[4], cells[5], cells[6], cells[3]].map(number);
            let [Some(queens), Some(checks), Some(read), Some(solutions)] = statistics else {
                return None;
            };
            Some((cells[2].to_owned(), [queens, checks, read, solutions]))
        })
        .collect()
}

#[test]
fn by_cells_read_the_race_agrees_with_cargo_xtask_compare() {
    for n in [6, 8] {
        let page = answered(&["race", &n.to_string(), "--html", "-"]);
        let data = page_data(&page);
        let lanes = data["lanes"].as_array().unwrap();
        let table = compared(n);
        let statistics = |name: &str| {
            table
                .iter()
                .find(|(compared, _)| compared == name)
                .map(|(_, statistics)| *statistics)
        };
        let whole: Vec<&Value> = lanes.iter().filter(|lane| lane["whole"] == true).collect();
        let names: Vec<&str> = whole
            .iter()
            .map(|lane| lane["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["permutation", "matrix", "array", "lookup", "bitboard"],
            "n = {n}"
        );
        // The naive solver is cut: at n = 6 its 2,324,783 queens placed
        // alone are past the budget of 400,000 steps; at n = 8 compare
        // skips it too.
        assert_eq!(lanes[0]["name"], "naive");
        match statistics("naive") {
            Some([queens, ..]) => assert!(queens > 400_000, "n = {n}"),
            None => assert_eq!(n, 8),
        }
        let least = names
            .iter()
            .map(|name| statistics(name).unwrap()[2])
            .min()
            .unwrap();
        for lane in whole {
            let name = lane["name"].as_str().unwrap();
            let finish = &lane["finish"]["cells"];
            let shown = [
                &finish["queens_placed"],
                &finish["safety_checks"],
                &finish["cells_read"],
                &finish["solutions"],
            ]
            .map(|value| value.as_u64().unwrap());
            let compared = statistics(name).unwrap();
            assert_eq!(shown, compared, "n = {n}, {name}");
            let ratio = format!("{:.2}×", compared[2] as f64 / least as f64);
            let status = finish["status"].as_str().unwrap();
            assert!(
                status.ends_with(&ratio),
                "n = {n}, {name}: {status} against {ratio}"
            );
        }
    }
}

#[test]
fn help_offers_exactly_the_solvers_that_race() {
    let help = answered(&["race", "--help"]);
    let offered: Vec<&str> = help
        .lines()
        .filter_map(|line| line.trim().strip_prefix("- ")?.split(':').next())
        .collect();
    // Each solver, then the other names it answers to.
    let racing: Vec<&str> = queens_solvers::FINDS_ALL
        .iter()
        .flat_map(|&solver| {
            let others = queens_solvers::aliases(solver).iter().copied();
            std::iter::once(solver.info().name).chain(others)
        })
        .collect();
    assert_eq!(offered, racing);
    assert!(offered.contains(&"bnb"));
}
