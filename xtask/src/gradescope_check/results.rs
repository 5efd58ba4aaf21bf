//! `results.json` as Gradescope reads it ([`check_results`]): the fields of
//! its autograder specification, and the sums a score must add up to.

/// What a `results.json` came to.
#[derive(Debug, PartialEq)]
pub(super) struct Results {
    pub(super) score: f64,
    /// How many tests it has, the instructors' included.
    pub(super) tests: usize,
    /// The names of the tests that failed.
    pub(super) failed: Vec<String>,
    /// The output of the instructors' test: the seed and the walls.
    pub(super) run: String,
}

/// The finest difference Gradescope shows (two decimals): the grader's
/// tests are worth multiples of 1/1,024 and its score is exact, so their
/// sum may differ from the score by less than this.
const SHOWN: f64 = 0.005;

/// The visibilities Gradescope knows.
const VISIBILITIES: [&str; 4] = ["hidden", "after_due_date", "after_published", "visible"];

/// Reads `text` as Gradescope's `results.json`: a score, an execution
/// time, the visibilities, and tests each with a name, a score, a
/// max_score, a status, an output and a visibility; the tests' worths add
/// up to exactly 100 and their scores to the score, as Gradescope shows
/// it. Errs naming the first field that is not so.
pub(super) fn check_results(text: &str) -> Result<Results, String> {
    let results: serde_json::Value =
        serde_json::from_str(text).map_err(|error| error.to_string())?;
    let number = |value: &serde_json::Value, field: &str| {
        value[field]
            .as_f64()
            .filter(|number| *number >= 0.0)
            .ok_or_else(|| format!("{field} is not a number of 0 or more"))
    };
    let visibility = |value: &serde_json::Value, field: &str| {
        value[field]
            .as_str()
            .filter(|word| VISIBILITIES.contains(word))
            .map(drop)
            .ok_or_else(|| format!("{field} is not one of {}", VISIBILITIES.join(", ")))
    };
    let score = number(&results, "score")?;
    number(&results, "execution_time")?;
    visibility(&results, "visibility")?;
    visibility(&results, "stdout_visibility")?;
    let tests = results["tests"]
        .as_array()
        .filter(|tests| !tests.is_empty())
        .ok_or("tests is not a list of tests")?;
    let (mut worth, mut scored, mut failed, mut run) = (0.0, 0.0, Vec::new(), None);
    for (index, test) in tests.iter().enumerate() {
        let name = test["name"]
            .as_str()
            .filter(|name| !name.is_empty())
            .ok_or(format!("tests[{index}].name is not a name"))?;
        let field = |field: &str| format!("tests[{index}] ({name}).{field}");
        let (points, most) = (
            number(test, "score").map_err(|_| field("score"))?,
            number(test, "max_score").map_err(|_| field("max_score"))?,
        );
        if points > most {
            return Err(format!("{} is more than its max_score", field("score")));
        }
        visibility(test, "visibility").map_err(|_| field("visibility"))?;
        let output = test["output"].as_str().ok_or_else(|| field("output"))?;
        match test["status"].as_str() {
            Some("passed") => {}
            Some("failed") => failed.push(name.to_owned()),
            _ => return Err(format!("{} is neither passed nor failed", field("status"))),
        }
        if most == 0.0 && test["visibility"] == "hidden" {
            run = Some(output.to_owned());
        }
        worth += most;
        scored += points;
    }
    if worth != 100.0 {
        return Err(format!("the tests are worth {worth} in all, not 100"));
    }
    if (scored - score).abs() > SHOWN {
        return Err(format!("the tests scored {scored}, the score is {score}"));
    }
    Ok(Results {
        score,
        tests: tests.len(),
        failed,
        run: run.ok_or("no hidden test of no points says how the grading ran")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A results.json as the grader writes it: one check passed, one
    /// failed, and the instructors' test.
    const GRADED: &str = r#"{
      "score": 50.0,
      "execution_time": 3.5,
      "visibility": "visible",
      "stdout_visibility": "hidden",
      "tests": [
        {"name": "solutions_are_valid (correctness)", "score": 50.0, "max_score": 50.0,
         "status": "passed", "output": "PASS: ", "visibility": "visible"},
        {"name": "counts_match_oeis (correctness)", "score": 0.0, "max_score": 50.0,
         "status": "failed", "output": "FAIL: n = 1: expected 1 solution, got 0", "visibility": "visible"},
        {"name": "grading run (instructors only)", "score": 0.0, "max_score": 0.0,
         "status": "passed", "output": "seed 7; walls up: never as root: a uid of its own", "visibility": "hidden"}
      ]
    }"#;

    #[test]
    fn a_well_formed_results_json_is_read() {
        assert_eq!(
            check_results(GRADED).unwrap(),
            Results {
                score: 50.0,
                tests: 3,
                failed: vec!["counts_match_oeis (correctness)".to_owned()],
                run: "seed 7; walls up: never as root: a uid of its own".to_owned(),
            }
        );
        // The exact score beside tests worth multiples of 1/1,024, as the
        // grader writes them: the same to two decimals.
        let exact = GRADED.replace("\"score\": 50.0,\n", "\"score\": 50.0007,\n");
        assert_eq!(check_results(&exact).unwrap().score, 50.0007);
    }

    #[test]
    fn what_gradescope_would_not_take_is_named() {
        let broken = |from: &str, to: &str| {
            assert_eq!(GRADED.matches(from).count(), 1, "{from}");
            check_results(&GRADED.replace(from, to)).unwrap_err()
        };
        assert_eq!(
            broken("\"score\": 50.0,\n", "\"score\": \"50\",\n"),
            "score is not a number of 0 or more"
        );
        assert_eq!(
            broken(
                "\"stdout_visibility\": \"hidden\"",
                "\"stdout_visibility\": \"secret\""
            ),
            "stdout_visibility is not one of hidden, after_due_date, after_published, visible"
        );
        assert_eq!(
            broken(
                "\"score\": 0.0, \"max_score\": 50.0",
                "\"score\": 0.0, \"max_score\": 40.0"
            ),
            "the tests are worth 90 in all, not 100"
        );
        assert_eq!(
            broken("\"status\": \"failed\"", "\"status\": \"error\""),
            "tests[1] (counts_match_oeis (correctness)).status is neither passed nor failed"
        );
        assert_eq!(
            broken(
                "\"score\": 50.0, \"max_score\": 50.0",
                "\"score\": 60.0, \"max_score\": 50.0"
            ),
            "tests[0] (solutions_are_valid (correctness)).score is more than its max_score"
        );
        assert_eq!(
            broken("\"score\": 50.0,\n", "\"score\": 40.0,\n"),
            "the tests scored 50, the score is 40"
        );
        assert_eq!(
            broken(
                "\"visibility\": \"hidden\"}",
                "\"visibility\": \"visible\"}"
            ),
            "no hidden test of no points says how the grading ran"
        );
    }
}
