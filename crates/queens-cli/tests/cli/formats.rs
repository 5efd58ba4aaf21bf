//! Board formats and SVG files: the seeds' notations, exactly, and SVG that
//! parses.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Board formats

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
    for algo in backtracking() {
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
