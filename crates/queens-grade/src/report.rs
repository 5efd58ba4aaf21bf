//! The grading report in the forms a teacher needs: a table to read, CSV
//! for a gradebook, Gradescope's `results.json`, and the details of every
//! failure. Each is rendered from a [`Grading`] alone (and the Gradescope
//! settings), which the JSON report saves whole ([`crate::saved`]), so a
//! saved run renders them all again as the run did.

use std::fmt::Write as _;

use queens_build::assignment::{GradescopeSettings, Visibility};
use queens_conformance::{CHECKS, Group, Verdict};
use queens_jail::words::cut;
use serde::Serialize;
use tabled::builder::Builder;
use tabled::settings::Style;

use crate::grading::{CheckResult, Graded, Grading};
use crate::marks::Marks;

/// The table: one row per submission, one column per group that counts
/// (a symbol per check and how many passed), and the score; then the seed,
/// the sandbox, and the legend.
pub(crate) fn table(grading: &Grading) -> String {
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
    let applying = checks.iter().filter(|check| check.verdict.counts()).count();
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
        "✓ pass  ✗ fail  C crash  T timeout  - not reached  ? not graded  · does not apply; --details explains each"
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
pub(crate) fn details(grading: &Grading) -> String {
    let mut text = String::new();
    for graded in &grading.submissions {
        if let Some(reason) = &graded.not_checked {
            let _ = writeln!(text, "{}: {reason}", graded.name);
        }
        for check in graded
            .checks
            .iter()
            .filter(|check| check.verdict != Verdict::Pass && check.verdict.counts())
        {
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
pub(crate) fn csv(grading: &Grading) -> Result<String, String> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    let mut header = vec!["submission", "kind", "score", "not_checked"];
    header.extend(grading.checks.iter().copied());
    writer
        .write_record(&header)
        .map_err(|error| error.to_string())?;
    for graded in &grading.submissions {
        let mut row = vec![
            spreadsheet_safe(&graded.name),
            spreadsheet_safe(&graded.kind),
            graded.score.to_string(),
            spreadsheet_safe(graded.not_checked.as_deref().unwrap_or_default()),
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

/// `cell` as a spreadsheet reads it as text: one that starts like a
/// formula (`=`, `+`, `-`, `@`, a tab or a carriage return, as a student's
/// folder named `=cmd|calc` does) is prefixed with an apostrophe, which a
/// spreadsheet shows as text and does not run.
fn spreadsheet_safe(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

/// Gradescope's `results.json` for the one submission of the run: a test
/// per check that applies, each worth its weight in the score, out of 100
/// in all; the exact score at the top; who sees
/// what as the assignment says; and the seed and the confinement in a test
/// only instructors see.
pub(crate) fn gradescope(
    grading: &Grading,
    settings: &GradescopeSettings,
) -> Result<String, String> {
    let [graded] = grading.submissions.as_slice() else {
        return Err(format!(
            "--format gradescope grades one submission, as Gradescope runs it; {} were given",
            grading.submissions.len()
        ));
    };
    let applying: Vec<&CheckResult> = graded
        .checks
        .iter()
        .filter(|check| check.verdict.counts())
        .collect();
    let weights: Vec<f64> = applying.iter().map(|check| check.weight).collect();
    let worths = shares_of_100(&weights);
    let mut tests: Vec<GradescopeTest> = match &graded.not_checked {
        Some(reason) => vec![GradescopeTest {
            name: "build".to_owned(),
            score: 0.0,
            max_score: 100.0,
            status: "failed",
            output: reason.clone(),
            visibility: settings.visibility,
        }],
        None => applying
            .iter()
            .zip(worths)
            .map(|(check, max_score)| {
                let passed = check.verdict == Verdict::Pass;
                GradescopeTest {
                    name: format!("{} ({})", check.name, check.group.name()),
                    score: if passed { max_score } else { 0.0 },
                    max_score,
                    status: if passed { "passed" } else { "failed" },
                    output: format!("{}: {}", check.verdict.word(), check.message),
                    visibility: settings.visibility,
                }
            })
            .collect(),
    };
    tests.push(GradescopeTest {
        name: "grading run (instructors only)".to_owned(),
        score: 0.0,
        max_score: 0.0,
        status: "passed",
        output: format!(
            "seed {} (queens-grade grade --seed {} repeats this run); {}",
            grading.seed, grading.seed, grading.confinement
        ),
        visibility: Visibility::Hidden,
    });
    let results = GradescopeResults {
        score: graded.score,
        execution_time: grading.seconds,
        visibility: settings.visibility,
        stdout_visibility: settings.stdout_visibility,
        tests,
    };
    Ok(serde_json::to_string_pretty(&results).expect("results serialise") + "\n")
}

/// The finest share of a point the tests' worths are counted in: a
/// multiple of 1/1,024 is exact in binary (and short in decimal, so JSON
/// readers parse it back exactly), so any sum of them is exact
/// too, and the worths add up to exactly 100 in whatever order Gradescope
/// sums them (100 / 11 in floating point does not: eleven of them make
/// 100.00000000000001).
const GRAIN: f64 = 1_024.0;

/// `weights` scaled to shares of 100, each rounded to [`GRAIN`], the last
/// taking what rounding left so that they add up to exactly 100.
fn shares_of_100(weights: &[f64]) -> Vec<f64> {
    let total: f64 = weights.iter().sum();
    if weights.is_empty() || total <= 0.0 {
        return vec![0.0; weights.len()];
    }
    let mut shares: Vec<f64> = weights
        .iter()
        .map(|weight| (100.0 * weight / total * GRAIN).round() / GRAIN)
        .collect();
    let others: f64 = shares[..shares.len() - 1].iter().sum();
    *shares.last_mut().expect("there is a share") = 100.0 - others;
    shares
}

/// Gradescope's `results.json`.
#[derive(Serialize)]
struct GradescopeResults {
    score: f64,
    execution_time: f64,
    visibility: Visibility,
    stdout_visibility: Visibility,
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
    visibility: Visibility,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_look_like_formulas_are_text() {
        assert_eq!(
            spreadsheet_safe("=cmd|' /C calc'!A0"),
            "'=cmd|' /C calc'!A0"
        );
        assert_eq!(spreadsheet_safe("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(spreadsheet_safe("-2+3"), "'-2+3");
        assert_eq!(spreadsheet_safe("ada"), "ada");
        assert_eq!(spreadsheet_safe(""), "");
    }

    #[test]
    fn shares_add_up_to_exactly_100_in_any_order() {
        let shares = shares_of_100(&[1.0; 11]);
        assert_eq!(shares.iter().sum::<f64>(), 100.0);
        assert_eq!(shares.iter().rev().sum::<f64>(), 100.0);
        assert!(
            shares
                .iter()
                .all(|share| (share - 100.0 / 11.0).abs() < 0.01)
        );
        let mixed = shares_of_100(
            &[0.75 / 14.0; 14]
                .into_iter()
                .chain([0.25 / 3.0; 3])
                .collect::<Vec<_>>(),
        );
        assert_eq!(mixed.iter().sum::<f64>(), 100.0);
        assert_eq!(shares_of_100(&[]), Vec::<f64>::new());
        assert_eq!(shares_of_100(&[2.0]), [100.0]);
    }
}
