//! The hostile class of `examples/hostile`, graded as the grader's test
//! of it grades it, each attack held to that test's expectations.

use std::path::Path;

use super::grading::{Failures, Mode, Teacher};
use crate::error::Error;

/// The assignment of the hostile class: the grader's test's, small limits
/// so that each attack meets its wall quickly.
const HOSTILE_ASSIGNMENT: &str = "\
[limits]
seconds_per_check = 2.0
seconds_per_submission = 20.0
output_mib = 16
processes = 64
build_scratch_mib = 256
[languages.python]
time_factor = 1.0
";

/// What the test of the hostile class expects of one attack.
struct Attack {
    /// The submission's name in `examples/hostile`.
    name: &'static str,
    /// The check whose message is the attack's verdict; `None` when the
    /// attack must not be checked at all (its build fails).
    check: Option<&'static str>,
    /// Whether the message is the one the attack earns.
    earned: fn(&str) -> bool,
}

/// Every attack of `examples/hostile`, and the verdict the grader's test
/// (`crates/queens-grade/tests/grader/hostile.rs`) expects of it.
const ATTACKS: [Attack; 10] = [
    Attack {
        name: "build-disk-fill",
        check: None,
        earned: |message| {
            message
                == "build failed: the build wrote more than 256 MiB (the assignment's \
                    limits.build_scratch_mib)"
        },
    },
    Attack {
        name: "forged-report",
        check: Some("counts_match_oeis"),
        earned: |message| {
            message
                == "making a solver object: the solver's process wrote an answer out of turn: \
                    {\"done\":{\"stats\":null}}"
        },
    },
    Attack {
        name: "fork-bomb",
        check: Some("solutions_are_valid"),
        earned: |message| {
            message == "n = 0, asked for every solution: took more than 2 s of processor time"
        },
    },
    Attack {
        name: "garbage-printer",
        check: Some("stops_when_asked"),
        earned: |message| {
            message
                == "n = 8, asked to stop after 1 solution: line 1 (\"0 0 0 0 0 0 0 0\"): not a \
                    solution: queens at (row 0, col 0) and (row 1, col 0) share a column"
        },
    },
    Attack {
        name: "answer-forger",
        check: Some("counts_match_oeis"),
        earned: |message| message.ends_with("answers: planted nothing"),
    },
    Attack {
        name: "ptrace-judge",
        check: Some("counts_match_oeis"),
        earned: |message| message.ends_with("ptrace: attached to nothing"),
    },
    Attack {
        name: "reader-of-classmates",
        check: Some("counts_match_oeis"),
        earned: |message| message.ends_with("classmates: read nothing"),
    },
    Attack {
        name: "stderr-flood",
        check: Some("solutions_are_valid"),
        earned: |message| {
            message
                == "n = 0, asked for every solution: the program printed more than 16 MiB (the \
                    assignment's limits.output_mib)"
        },
    },
    Attack {
        name: "target-dir-swap",
        check: Some("counts_match_oeis"),
        earned: overwrote_nothing,
    },
    Attack {
        name: "tiocsti",
        check: Some("counts_match_oeis"),
        earned: |message| message.ends_with("tiocsti: pushed into nothing"),
    },
];

/// Whether the target folder swap wrote over none of the more than a
/// hundred shared units it was given, and over no grader.
fn overwrote_nothing(message: &str) -> bool {
    let shared = message
        .split("overwrote 0 of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse::<u64>().ok());
    shared.is_some_and(|shared| shared > 100)
        && message.ends_with(" shared units; overwrote no grader")
}

/// Grades a copy of the hostile class as `mode` asks and prints each
/// attack's score and verdict; returns the walls that did not hold.
pub(super) fn check_hostile(
    grader: &Path,
    teacher: &Teacher,
    mode: Mode,
) -> Result<Failures, Error> {
    // Two at a time, as the grader's test grades it.
    let report = teacher.grade(grader, &teacher.hostile(), HOSTILE_ASSIGNMENT, mode, 2);
    let left = teacher.kill_leftovers();
    let report = report?;
    println!("hostile class {}:", mode.words());
    let mut failures = Failures::default();
    for attack in &ATTACKS {
        let graded = report.submission(attack.name)?;
        let score = graded["score"].as_f64().unwrap_or(f64::NAN);
        let (finding, earned) = verdict(graded, attack);
        let finding = format!("score {score:.1}, {finding}");
        failures.note(mode, attack.name, &finding, score == 0.0 && earned);
    }
    failures.note(mode, "processes left behind", &left.to_string(), left == 0);
    Ok(failures)
}

/// The verdict `graded` got where `attack` is judged, in words, and
/// whether it is the one the attack earns: a build refused for a toolchain
/// a box cannot reach (which only happens without bubblewrap) holds too.
fn verdict(graded: &serde_json::Value, attack: &Attack) -> (String, bool) {
    if let Some(why) = graded["not_checked"].as_str() {
        if why.starts_with("build failed: without bubblewrap") && why.contains("cannot reach") {
            return (
                "refused: toolchain unreachable without bubblewrap".to_owned(),
                true,
            );
        }
        return (
            format!("not checked: {why}"),
            attack.check.is_none() && (attack.earned)(why),
        );
    }
    let Some(check) = attack.check else {
        return ("checked, though its build must fail".to_owned(), false);
    };
    let found = graded["checks"]
        .as_array()
        .and_then(|checks| checks.iter().find(|result| result["name"] == check));
    let Some(found) = found else {
        return (format!("no {check} in the report"), false);
    };
    let message = found["message"].as_str().unwrap_or_default();
    (
        format!(
            "{check} {}: {message}",
            found["verdict"].as_str().unwrap_or("?")
        ),
        (attack.earned)(message),
    )
}
