//! Every `--help`: it lists exactly what its command accepts, and says
//! what the command does with it (the solvers each command offers are
//! checked in `registry`).
//!
//! Every test runs the built binary and checks its output (helpers in
//! `support`).

use crate::support::*;

/// The long options `queens COMMAND --help` lists, in order.
fn options(command: &str) -> Vec<String> {
    queens(&[command, "--help"])
        .answered()
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("--"))
        .filter_map(|line| line.split([' ', ',']).next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn count_and_all_neither_list_nor_take_a_seed() {
    for command in ["count", "all"] {
        assert!(
            !options(command).contains(&"seed".to_owned()),
            "{command}: {:?}",
            options(command)
        );
        // Not ignored either: the parallel counter used to drop it.
        let run = queens(&[command, "8", "--seed", "3"]);
        run.assert_status(2);
        assert_eq!(
            run.rejected(),
            "error: --seed is for first and trace: no solver that finds every solution makes \
             random choices, so count and all take no seed"
        );
    }
    for command in ["first", "trace"] {
        assert!(options(command).contains(&"seed".to_owned()), "{command}");
    }
}

#[test]
fn each_command_says_what_its_json_and_out_do() {
    let help = |command: &str| queens(&[command, "--help"]).answered().to_owned();
    let (count, first, all) = (help("count"), help("first"), help("all"));
    assert!(count.contains(
        "Print one JSON object: the count, the search's statistics (with --stats or a solver \
         other than the parallel counter) and the time. Not with --shard"
    ));
    assert!(first.contains(
        "Print one JSON object: the solution (null when there is none), the search's \
         statistics and the counts only its solver keeps. Not with --format"
    ));
    assert!(
        all.contains(r#"Print one JSON line per solution, {"queens":[...]}. Not with --format"#)
    );
    assert!(
        first.contains("With --format svg: the file to write; without it the SVG goes to stdout")
    );
    assert!(all.contains("With --format svg: the directory to write solution-0001.svg"));
    // Neither speaks of the other command.
    assert!(!first.contains("(all"), "{first}");
    assert!(!all.contains("(first"), "{all}");
}

#[test]
fn check_names_squares_as_it_prints_them() {
    let help = queens(&["--help"]);
    assert!(help.answered().contains("as (row R, col C) from 0"));
    let run = queens_reading(&["check"], "1 2 3 4");
    run.assert_status(1);
    assert_eq!(
        run.stderr,
        "invalid: queens at (row 0, col 0) and (row 1, col 1) share a diagonal\n"
    );
}

#[test]
fn trace_help_says_which_limits_lift_the_guard() {
    let help = queens(&["trace", "--help"]).answered().to_owned();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains(
            "A trace refused as too long runs with a limit of at most its budget of queens \
             placed (10^10 by default, or --budget); a step is at least a queen, so a larger \
             limit bounds nothing the budget does not, and the trace is judged as if it had none"
        ),
        "{help}"
    );
    assert!(!help.contains("never refused"), "{help}");
}
