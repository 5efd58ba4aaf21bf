//! The JSON report as a saved run: everything the run found, and all that
//! the other reports are rendered from, so that `queens-grade report
//! run.json` renders the table, the CSV or Gradescope's `results.json`
//! later, byte for byte as the run itself did, without grading again.
//!
//! Besides the run ([`Grading`]: the seed, the confinement line, the
//! weights, the checks, every verdict and message, the times), it carries
//! what only the assignment knew, the `[gradescope]` settings, and says
//! what it is: `"tool": "queens-grade"` and the number of its shape,
//! [`FORMAT`]. A report is read back only when both are this grader's, its
//! checks are this suite's, and each check is in the group the suite puts
//! it in; anything else (an older or newer grader's report, another
//! suite's, a file that is not a report) is refused with one line, since
//! rendering it would make a table this grader never gave.

use std::path::Path;

use queens_build::assignment::GradescopeSettings;
use queens_conformance::CHECKS;
use serde::{Deserialize, Serialize};

use crate::check_name::suite_check;
use crate::grading::Grading;

/// The tool a report says made it.
const TOOL: &str = "queens-grade";

/// The shape of the report: one more whenever a field is added, removed or
/// changes its meaning, so that a report of another shape is refused
/// rather than misread.
pub(crate) const FORMAT: u32 = 1;

/// The largest report read: a class of a thousand, twenty checks each,
/// with every message at its longest (400 characters), is some 12 MB.
const MOST_BYTES: u64 = 64 << 20;

/// A run as the JSON report holds it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Saved {
    /// Always [`TOOL`].
    tool: String,
    /// Always [`FORMAT`] once read.
    format: u32,
    /// The run.
    #[serde(flatten)]
    pub grading: Grading,
    /// Who sees a Gradescope report, from the run's assignment.
    pub gradescope: GradescopeSettings,
}

/// The JSON report of `grading`, graded with an assignment whose Gradescope
/// settings are `gradescope`.
pub(crate) fn json(grading: &Grading, gradescope: &GradescopeSettings) -> String {
    let saved = Saved {
        tool: TOOL.to_owned(),
        format: FORMAT,
        grading: grading.clone(),
        gradescope: *gradescope,
    };
    serde_json::to_string_pretty(&saved).expect("a grading serialises") + "\n"
}

/// Reads the JSON report at `path`, checked as the module's essay says.
///
/// # Errors
///
/// One line naming `path`: it cannot be read, is larger than
/// [`MOST_BYTES`], or is not a report this grader can render.
pub(crate) fn read(path: &Path) -> Result<Saved, String> {
    let bytes = queens_toolkit::files::read_regular(path, MOST_BYTES)
        .map_err(|error| format!("{}: {error}", path.display()))?;
    parse(&bytes).map_err(|error| format!("{}: {error}", path.display()))
}

/// The report in `bytes`, checked.
fn parse(bytes: &[u8]) -> Result<Saved, String> {
    let value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|error| format!("not a JSON report of queens-grade: {error}"))?;
    let tool = value.get("tool").and_then(serde_json::Value::as_str);
    let format = value.get("format").and_then(serde_json::Value::as_u64);
    match (tool, format) {
        (Some(TOOL), Some(format)) if format == u64::from(FORMAT) => {}
        (Some(TOOL), _) => {
            return Err(format!(
                "a report of another version of queens-grade (format {}; this one reads format \
                 {FORMAT}): render it with the grader that made it, or grade again",
                value.get("format").unwrap_or(&serde_json::Value::Null)
            ));
        }
        (None, _) if value.get("submissions").is_some() => {
            return Err(
                "a report of a queens-grade older than `queens-grade report` (it has no \
                 \"format\"): render it with the grader that made it, or grade again"
                    .to_owned(),
            );
        }
        _ => {
            return Err(
                "not a report of queens-grade (save one with `queens-grade grade --json FILE`)"
                    .to_owned(),
            );
        }
    }
    let saved: Saved = serde_json::from_value(value)
        .map_err(|error| format!("a queens-grade report this grader cannot read: {error}"))?;
    check_suite(&saved.grading)?;
    Ok(saved)
}

/// Errs unless the checks of `grading` are those this suite runs for its
/// weights, in its order, and each verdict is of a check in its own group.
fn check_suite(grading: &Grading) -> Result<(), String> {
    let weighed: Vec<&str> = CHECKS
        .iter()
        .filter(|check| {
            grading
                .weights
                .iter()
                .any(|(group, _)| *group == check.group)
        })
        .map(|check| check.name)
        .collect();
    let grouped_well = grading.submissions.iter().all(|graded| {
        graded
            .checks
            .iter()
            .all(|result| suite_check(result.name).is_some_and(|check| check.group == result.group))
    });
    if weighed == grading.checks && grouped_well {
        Ok(())
    } else {
        Err("its checks are not this suite's: render it with the grader that made it".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use queens_conformance::Group;

    use super::*;
    use queens_build::assignment::Visibility;
    use queens_conformance::Verdict;

    use crate::grading::{CheckResult, Graded};
    use crate::report;

    /// A run of two submissions, with scores and times that decimal
    /// printing and parsing must keep to the last bit.
    fn run() -> Grading {
        let checks: Vec<&'static str> = CHECKS
            .iter()
            .filter(|check| check.group == Group::Correctness)
            .map(|check| check.name)
            .collect();
        let results = |verdict: Verdict| -> Vec<CheckResult> {
            CHECKS
                .iter()
                .filter(|check| check.group == Group::Correctness)
                .map(|check| CheckResult {
                    name: check.name,
                    group: check.group,
                    verdict,
                    message: format!("{} said \"why\",\nover two lines", check.name),
                    seconds: 0.1 + 0.2,
                    weight: 0.75 / 7.0,
                })
                .collect()
        };
        let graded = |name: &str, verdict, score| Graded {
            name: name.to_owned(),
            path: format!("/class/{name}").into(),
            kind: "rust".to_owned(),
            not_checked: None,
            checks: results(verdict),
            score,
            seconds: 1.0 / 3.0,
        };
        Grading {
            seed: u64::MAX,
            sandboxed: true,
            confinement: "sandboxed with bubblewrap".to_owned(),
            weights: vec![(Group::Correctness, 0.75)],
            checks,
            submissions: vec![
                graded("=ada", Verdict::Pass, 100.0 * 9.0 / 13.0),
                graded("bob", Verdict::Timeout, 100.0 / 3.0),
            ],
            seconds: 59.3,
        }
    }

    const SETTINGS: GradescopeSettings = GradescopeSettings {
        visibility: Visibility::AfterDueDate,
        stdout_visibility: Visibility::Visible,
    };

    #[test]
    fn a_saved_run_renders_every_report_as_the_run_did() {
        let grading = run();
        let text = json(&grading, &SETTINGS);
        assert!(
            text.starts_with("{\n  \"tool\": \"queens-grade\",\n  \"format\": 1,\n  \"seed\": "),
            "{text}"
        );
        let saved = parse(text.as_bytes()).unwrap();
        assert_eq!(saved.gradescope, SETTINGS);
        let again = &saved.grading;
        assert_eq!(report::table(again), report::table(&grading));
        assert_eq!(report::details(again), report::details(&grading));
        assert_eq!(report::csv(again), report::csv(&grading));
        assert_eq!(json(again, &saved.gradescope), text);
        let [one, _] = grading.submissions.as_slice() else {
            unreachable!()
        };
        let alone = |grading: &Grading| Grading {
            submissions: vec![one.clone()],
            ..grading.clone()
        };
        assert_eq!(
            report::gradescope(&alone(again), &saved.gradescope),
            report::gradescope(&alone(&grading), &SETTINGS)
        );
        assert_eq!(
            again.submissions[0].score.to_bits(),
            (100.0f64 * 9.0 / 13.0).to_bits()
        );
    }

    #[test]
    fn a_report_of_another_grader_or_suite_is_refused() {
        let text = json(&run(), &SETTINGS);
        let refused = |text: &str| parse(text.as_bytes()).unwrap_err();
        assert_eq!(
            refused(&text.replace("\"format\": 1,", "\"format\": 2,")),
            "a report of another version of queens-grade (format 2; this one reads format 1): \
             render it with the grader that made it, or grade again"
        );
        let older = text
            .replace("  \"tool\": \"queens-grade\",\n", "")
            .replace("  \"format\": 1,\n", "");
        assert_eq!(
            refused(&older),
            "a report of a queens-grade older than `queens-grade report` (it has no \"format\"): \
             render it with the grader that made it, or grade again"
        );
        assert_eq!(
            refused("{\"hello\": 1}"),
            "not a report of queens-grade (save one with `queens-grade grade --json FILE`)"
        );
        assert!(
            refused("id,score\n").starts_with("not a JSON report of queens-grade: expected value"),
            "{}",
            refused("id,score\n")
        );
        assert_eq!(
            refused(&text.replacen("\"no_duplicates\"", "\"no_doubles\"", 1)),
            "a queens-grade report this grader cannot read: no check of this suite is called \
             \"no_doubles\""
        );
        let regrouped = text.replacen(
            "\"group\": \"correctness\"",
            "\"group\": \"instrumentation\"",
            1,
        );
        assert_eq!(
            refused(&regrouped),
            "its checks are not this suite's: render it with the grader that made it"
        );
        let without = text.replacen("\"seed\": 18446744073709551615,", "", 1);
        assert_eq!(
            refused(&without),
            "a queens-grade report this grader cannot read: missing field `seed`"
        );
    }

    #[test]
    fn a_report_is_read_within_its_bound() {
        let folder = tempfile::tempdir().unwrap();
        let huge = folder.path().join("huge.json");
        std::fs::File::create(&huge)
            .unwrap()
            .set_len(MOST_BYTES + 1)
            .unwrap();
        assert_eq!(
            read(&huge).unwrap_err(),
            format!("{}: longer than {MOST_BYTES} bytes", huge.display())
        );
        assert_eq!(
            read(folder.path()).unwrap_err(),
            format!(
                "{}: not a regular file but a directory",
                folder.path().display()
            )
        );
    }
}
