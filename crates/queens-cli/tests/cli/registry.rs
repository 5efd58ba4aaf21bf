//! Every solver of the registry, through every command that names one: the
//! promise that a solver added to the registry by one line reaches them
//! all. `.ci/run` runs this module again with the registry's example
//! solver registered (`--features queens-solvers/example-solver`), where
//! it passes with no edit here or anywhere in the command.

use crate::support::*;

/// The solvers `queens COMMAND --help` offers for `--algo`, each as its
/// line shows it, `name: title`.
fn offered(command: &str) -> Vec<String> {
    let help = queens(&[command, "--help"]);
    let algo = help
        .answered()
        .split_once("--algo <NAME>")
        .map(|(_, rest)| {
            rest.split("\n\n      --")
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .unwrap_or_else(|| panic!("{command} --help has no --algo"));
    algo.lines()
        .filter_map(|line| line.trim().strip_prefix("- "))
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

/// `solvers` as `--help` lists them: each with its title and the other
/// names the registry gives it, then each of those names.
fn listed(solvers: impl Iterator<Item = &'static dyn Solver>) -> Vec<String> {
    solvers
        .flat_map(|solver| {
            let (info, aliases) = (solver.info(), queens_solvers::aliases(solver));
            let also = if aliases.is_empty() {
                String::new()
            } else {
                format!(" (also: {})", aliases.join(", "))
            };
            let others = aliases
                .iter()
                .map(move |alias| format!("{alias}: another name for {}", info.name));
            std::iter::once(format!("{}: {}{also}", info.name, info.title)).chain(others)
        })
        .collect()
}

#[test]
fn help_lists_exactly_the_solvers_each_command_takes_with_their_titles() {
    // `first` and `trace` take every solver, those that find one too.
    for command in ["first", "trace"] {
        assert_eq!(
            offered(command),
            listed(queens_solvers::every()),
            "{command}"
        );
    }
    // `count`, `all` and `race` need every solution.
    for command in ["count", "all", "race"] {
        assert_eq!(
            offered(command),
            listed(queens_solvers::FINDS_ALL.iter().copied()),
            "{command}"
        );
    }
}

#[test]
fn every_help_that_lists_the_solvers_lists_the_names_they_answer_to() {
    for command in ["count", "first", "all", "trace", "race"] {
        assert!(
            offered(command).contains(&"lookup: lookup-array backtracking (also: bnb)".to_owned()),
            "{command}: {:?}",
            offered(command)
        );
    }
    // The short help, which lists names only, names them too.
    for command in ["count", "first"] {
        let short = queens(&[command, "-h"]).answered().to_owned();
        assert!(
            short.contains("lookup, bnb, bitboard"),
            "{command} -h: {short}"
        );
    }
    // And each is accepted where it is listed.
    assert_eq!(queens(&["count", "8", "--algo", "bnb"]).answered(), "92\n");
    let first = queens(&["first", "8", "--algo", "bnb", "--json"]).json();
    assert_eq!(first["algorithm"], "lookup");
}

#[test]
fn every_solver_that_finds_all_counts_lists_and_traces() {
    for &solver in queens_solvers::FINDS_ALL.iter() {
        let name = solver.info().name;
        assert_eq!(
            queens(&["count", "6", "--algo", name]).answered(),
            "4\n",
            "{name}"
        );
        let all = queens(&["all", "6", "--algo", name, "--format", "rows"]);
        assert_eq!(all.answered().lines().count(), 4, "{name}");
        let trace = queens(&["trace", "5", "--algo", name]);
        assert!(
            trace.answered().contains("\n  solutions:     10\n"),
            "{name}: {}",
            trace.printed()
        );
    }
}

#[test]
fn every_solver_that_finds_all_runs_in_the_race() {
    let race = queens(&["race", "5"]);
    let table = race
        .answered()
        .split_once("\nby reads (bitboard reads words, each counted as a cell):\n")
        .map(|(_, table)| table.to_owned())
        .expect("the race's table");
    let finding_all: Vec<&str> = queens_solvers::FINDS_ALL
        .iter()
        .map(|solver| solver.info().name)
        .collect();
    let mut lines = table.lines().skip(1);
    let raced: Vec<&str> = lines
        .by_ref()
        .take(finding_all.len())
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(raced, finding_all);
    // Under the lanes, why the bitboard's words are not cells.
    assert_eq!(
        lines.next(),
        queens_core::ReadUnit::words_sentence(&["bitboard"]).as_deref()
    );
}

#[test]
fn every_solver_finds_a_first_solution_that_check_accepts() {
    for name in queens_solvers::names() {
        let board = queens(&["first", "6", "--algo", name, "--format", "rows"]);
        let checked = queens_reading(&["check"], board.answered());
        assert_eq!(
            checked.answered(),
            "valid: 6 queens, no two attack each other\n",
            "{name}"
        );
    }
}
