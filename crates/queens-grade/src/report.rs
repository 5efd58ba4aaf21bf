//! The grading report in the forms a teacher needs: a table to read, CSV
//! and JSON for a gradebook, Gradescope's `results.json`, and the details of
//! every failure.

use std::fmt::Write as _;

use queens_conformance::{CHECKS, Group};
use serde::Serialize;
use tabled::builder::Builder;
use tabled::settings::Style;

use crate::grade::{CheckResult, Graded, Grading, Verdict, cut};

/// The table: one row per submission, one column per group that counts
/// (a symbol per check and how many passed), and the score; then the seed,
/// the sandbox, and the legend.
pub fn table(grading: &Grading) -> String {
    let mut builder = Builder::default();
    let mut header = vec!["submission".to_owned(), "kind".to_owned()];
    header.extend(
        grading
            .weights
            .iter()
            .map(|(group, weight)| format!("{} (weight {weight})", group.name())),
    );
    header.push("score".to_owned());
    builder.push_record(header);
    for graded in &grading.submissions {
        let mut row = vec![graded.name.clone(), graded.kind.clone()];
        match &graded.not_checked {
            Some(reason) => {
                row.extend(grading.weights.iter().map(|_| cut(reason, 60)));
            }
            None => row.extend(
                grading
                    .weights
                    .iter()
                    .map(|&(group, _)| group_cell(graded, group)),
            ),
        }
        row.push(format!("{:.1}", graded.score));
        builder.push_record(row);
    }
    let mut table = builder.build();
    table.with(Style::rounded());
    let mut text = table.to_string();
    text.push('\n');
    text.push_str(&footer(grading));
    text
}

/// The symbols of `graded`'s checks in `group` and the count passed:
/// "✓✓✗✓ 3/4".
fn group_cell(graded: &Graded, group: Group) -> String {
    let checks: Vec<_> = graded
        .checks
        .iter()
        .filter(|check| check.group == group)
        .collect();
    let symbols: String = checks.iter().map(|check| check.verdict.symbol()).collect();
    let passed = checks
        .iter()
        .filter(|check| check.verdict == Verdict::Pass)
        .count();
    let applying = checks
        .iter()
        .filter(|check| check.verdict != Verdict::NotApplicable)
        .count();
    format!("{symbols} {passed}/{applying}")
}

/// The lines under the table: the checks in order, the legend, the seed and
/// the sandbox.
fn footer(grading: &Grading) -> String {
    let mut text = String::new();
    for &(group, _) in &grading.weights {
        let names: Vec<&str> = CHECKS
            .iter()
            .filter(|check| check.group == group)
            .map(|check| check.name)
            .collect();
        let _ = writeln!(text, "{}: {}", group.name(), names.join(", "));
    }
    let _ = writeln!(
        text,
        "✓ pass  ✗ fail  C crash  T timeout  · does not apply; --details explains each"
    );
    let _ = writeln!(
        text,
        "seed {} (--seed {} repeats this run); {}; {:.1} s",
        grading.seed, grading.seed, grading.confinement, grading.seconds
    );
    text
}

/// Every check that did not pass, and every submission not checked, with its
/// message: the `--details` listing.
pub fn details(grading: &Grading) -> String {
    let mut text = String::new();
    for graded in &grading.submissions {
        if let Some(reason) = &graded.not_checked {
            let _ = writeln!(text, "{}: {reason}", graded.name);
        }
        for check in graded.checks.iter().filter(|check| {
            check.verdict != Verdict::Pass && check.verdict != Verdict::NotApplicable
        }) {
            let _ = writeln!(
                text,
                "{}: {} {}: {}",
                graded.name,
                check.name,
                check.verdict.word(),
                check.message
            );
        }
    }
    if text.is_empty() {
        text.push_str("every check of every submission passed\n");
    }
    text
}

/// CSV for a gradebook: a row per submission with its score, its result per
/// group, and each check's verdict.
pub fn csv(grading: &Grading) -> Result<String, String> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    let mut header = vec!["submission", "kind", "score", "not_checked"];
    header.extend(grading.checks.iter().copied());
    writer
        .write_record(&header)
        .map_err(|error| error.to_string())?;
    for graded in &grading.submissions {
        let mut row = vec![
            graded.name.clone(),
            graded.kind.clone(),
            format!("{:.1}", graded.score),
            graded.not_checked.clone().unwrap_or_default(),
        ];
        row.extend(grading.checks.iter().map(|name| {
            graded
                .checks
                .iter()
                .find(|check| check.name == *name)
                .map_or_else(String::new, |check| check.verdict.word().to_owned())
        }));
        writer
            .write_record(&row)
            .map_err(|error| error.to_string())?;
    }
    let bytes = writer.into_inner().map_err(|error| error.to_string())?;
    String::from_utf8(bytes).map_err(|error| error.to_string())
}

/// The whole run as JSON.
pub fn json(grading: &Grading) -> String {
    serde_json::to_string_pretty(grading).expect("a grading serialises") + "\n"
}

/// Gradescope's `results.json` for the one submission of the run: a test
/// per check, each worth its group's weight shared among the group's checks,
/// out of 100 in all.
pub fn gradescope(grading: &Grading) -> Result<String, String> {
    let [graded] = grading.submissions.as_slice() else {
        return Err(format!(
            "--format gradescope grades one submission, as Gradescope runs it; {} were given",
            grading.submissions.len()
        ));
    };
    // The checks that apply, and the groups that have any: the score's
    // terms, so that the tests' points add up to the score.
    let applying: Vec<&CheckResult> = graded
        .checks
        .iter()
        .filter(|check| check.verdict != Verdict::NotApplicable)
        .collect();
    let in_group = |group: Group| applying.iter().filter(|check| check.group == group).count();
    let total_weight: f64 = grading
        .weights
        .iter()
        .filter(|(group, _)| in_group(*group) > 0)
        .map(|(_, weight)| weight)
        .sum();
    let worth = |group: Group| {
        let weight = grading
            .weights
            .iter()
            .find(|(counted, _)| *counted == group)
            .map_or(0.0, |(_, weight)| *weight);
        100.0 * weight / total_weight / in_group(group) as f64
    };
    let tests: Vec<GradescopeTest> = match &graded.not_checked {
        Some(reason) => vec![GradescopeTest {
            name: "build".to_owned(),
            score: 0.0,
            max_score: 100.0,
            status: "failed",
            output: reason.clone(),
        }],
        None => applying
            .iter()
            .map(|check| {
                let max_score = worth(check.group);
                let passed = check.verdict == Verdict::Pass;
                GradescopeTest {
                    name: format!("{} ({})", check.name, check.group.name()),
                    score: if passed { max_score } else { 0.0 },
                    max_score,
                    status: if passed { "passed" } else { "failed" },
                    output: format!("{}: {}", check.verdict.word(), check.message),
                }
            })
            .collect(),
    };
    let results = GradescopeResults {
        score: graded.score,
        execution_time: grading.seconds,
        output: format!("seed {}; {}", grading.seed, grading.confinement),
        tests,
    };
    Ok(serde_json::to_string_pretty(&results).expect("results serialise") + "\n")
}

/// Gradescope's `results.json`.
#[derive(Serialize)]
struct GradescopeResults {
    score: f64,
    execution_time: f64,
    output: String,
    tests: Vec<GradescopeTest>,
}

/// One test of Gradescope's `results.json`.
#[derive(Serialize)]
struct GradescopeTest {
    name: String,
    score: f64,
    max_score: f64,
    status: &'static str,
    output: String,
}
