//! The check itself, on a running cluster: the job array held, two of its
//! tasks cancelled, the rest released; `queens merge` must name exactly
//! those two as missing; they are resubmitted with the `--array=` of
//! merge's own message, and the second merge must count what OEIS says.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use queens_shards::array_ranges;

use super::cluster::{Cluster, stdout};
use crate::error::Error;

/// The script under test, from the workspace root.
pub(super) const SCRIPT: &str = "examples/slurm/count.sbatch";
/// The board counted.
const N: usize = 15;
/// The shards it is cut into: the array's tasks.
const SHARDS: usize = 16;
/// The tasks cancelled before they run, which merge must name as missing.
const CANCELLED: [usize; 2] = [3, 7];
/// OEIS A000170(15): the solutions of the 15-queens problem.
const OEIS_TOTAL: u64 = 2_279_184;
/// OEIS A002562(15): its fundamental solutions.
const OEIS_UNIQUE: u64 = 285_053;
/// How long the array may take to run.
const ARRAY_DEADLINE: Duration = Duration::from_secs(300);

/// The check itself, on a running cluster.
pub(super) fn prove(cluster: &mut Cluster, script: &Path, queens: &Path) -> Result<(), Error> {
    let all = format!("--array=0-{}", SHARDS - 1);
    let job = submit(cluster, script, queens, (N, SHARDS), &["--hold", &all])?;
    cluster.shown("squeue", &[])?;
    let cancelled: Vec<String> = CANCELLED
        .iter()
        .map(|task| format!("{job}_{task}"))
        .collect();
    let cancelled: Vec<&str> = cancelled.iter().map(String::as_str).collect();
    cluster.shown("scancel", &cancelled)?;
    cluster.shown("squeue", &[])?;
    cluster.shown("scontrol", &["release", &job.to_string()])?;
    wait_for_queue(cluster, ARRAY_DEADLINE)?;

    let first = merge(cluster, queens, &[])?;
    let expected = expected_incomplete(&CANCELLED, SHARDS);
    let said = String::from_utf8_lossy(&first.stderr).trim().to_owned();
    if first.status.code() != Some(4) || said != expected {
        return Err(Error::Failed(format!(
            "merge should have exited with 4 and said '{expected}'"
        )));
    }
    println!("ok: merge names exactly the cancelled tasks {CANCELLED:?} as missing");

    let again = resubmit_array(&said)
        .ok_or_else(|| Error::Failed("merge gave no --array= to resubmit".to_owned()))?;
    submit(
        cluster,
        script,
        queens,
        (N, SHARDS),
        &[&format!("--array={again}")],
    )?;
    wait_for_queue(cluster, ARRAY_DEADLINE)?;
    let last = merge(cluster, queens, &["--json"])?;
    check_counts(&last)?;
    println!("ok: {OEIS_TOTAL} solutions and {OEIS_UNIQUE} fundamental, as OEIS says");
    Ok(())
}

/// Submits the array script with `options`, counting the board of `n` in
/// `shards` shards (`board`) into `records/`, and returns the job id.
pub(super) fn submit(
    cluster: &mut Cluster,
    script: &Path,
    queens: &Path,
    (n, shards): (usize, usize),
    options: &[&str],
) -> Result<u32, Error> {
    let (n, shards) = (n.to_string(), shards.to_string());
    let arguments = [n.as_str(), shards.as_str(), "records"];
    println!(
        "$ QUEENS={} sbatch {} {SCRIPT} {}",
        queens.display(),
        options.join(" "),
        arguments.join(" ")
    );
    let output = cluster
        .command("sbatch")
        .args(options)
        .arg(script)
        .args(arguments)
        .env("QUEENS", queens)
        .output()
        .map_err(|error| Error::Failed(format!("cannot run sbatch: {error}")))?;
    let said = stdout(&output);
    print!("{said}");
    let job = submitted_job(&said).ok_or_else(|| {
        Error::Failed(format!(
            "sbatch submitted nothing ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    })?;
    cluster.track(job);
    Ok(job)
}

/// Waits until the queue is empty, at most `deadline`: every task has run,
/// failed or been cancelled (the cluster runs this check's jobs only).
pub(super) fn wait_for_queue(cluster: &mut Cluster, deadline: Duration) -> Result<(), Error> {
    println!("waiting for the queue to empty");
    cluster.wait_until("the queue to empty", deadline, |cluster| {
        let queue = cluster.client("squeue", &["--noheader", "--format=%i"])?;
        Ok(stdout(&queue).trim().is_empty())
    })?;
    let records = fs::read_dir(cluster.path().join("records"))
        .map(|entries| entries.count())
        .unwrap_or(0);
    println!("queue empty; records/ holds {records} files");
    Ok(())
}

/// Runs `queens merge [options] records`, shows what it said and returns
/// it, whatever its exit status.
pub(super) fn merge(cluster: &Cluster, queens: &Path, options: &[&str]) -> Result<Output, Error> {
    println!("$ queens merge {}records", shown_options(options));
    let output = Command::new(queens)
        .arg("merge")
        .args(options)
        .arg("records")
        .current_dir(cluster.path())
        .output()
        .map_err(|error| Error::Failed(format!("cannot run queens: {error}")))?;
    // Its complaint goes out with the rest, in order: this is the
    // transcript of the check.
    print!("{}", stdout(&output));
    print!("{}", String::from_utf8_lossy(&output.stderr));
    println!("(exit status {})", output.status.code().unwrap_or(-1));
    Ok(output)
}

/// The job id of sbatch's answer, `Submitted batch job 42`.
pub(crate) fn submitted_job(stdout: &str) -> Option<u32> {
    stdout
        .trim()
        .strip_prefix("Submitted batch job ")?
        .parse()
        .ok()
}

/// The indices to resubmit, as merge's "incomplete" line gives them for
/// pasting: the `3,7` of `... (sbatch --array=3,7 ...) ...`.
pub(crate) fn resubmit_array(merge_stderr: &str) -> Option<&str> {
    let after = &merge_stderr[merge_stderr.find("sbatch --array=")? + "sbatch --array=".len()..];
    after.split_whitespace().next()
}

/// The line `queens merge` must print when exactly the shards `missing` of
/// `shards` have no record.
pub(crate) fn expected_incomplete(missing: &[usize], shards: usize) -> String {
    let array = array_ranges(missing);
    format!(
        "incomplete: {} of {shards} shards missing: {array}; run them again \
         (sbatch --array={array} ...) and merge again",
        missing.len()
    )
}

/// `options` and a space, as the shown command line has them.
fn shown_options(options: &[&str]) -> String {
    options.iter().map(|option| format!("{option} ")).collect()
}

/// Checks the JSON of the complete merge against OEIS.
fn check_counts(output: &Output) -> Result<(), Error> {
    if !output.status.success() {
        return Err(Error::Failed("the second merge failed".to_owned()));
    }
    let merged: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| Error::Failed(format!("merge printed no JSON: {error}")))?;
    let counts = (merged["total"].as_u64(), merged["unique"].as_u64());
    if counts != (Some(OEIS_TOTAL), Some(OEIS_UNIQUE)) || merged["shards"] != SHARDS {
        return Err(Error::Failed(format!(
            "merge counted {merged}, not {OEIS_TOTAL} and {OEIS_UNIQUE} in {SHARDS} shards"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sbatch_answers_with_the_job_id() {
        assert_eq!(submitted_job("Submitted batch job 42\n"), Some(42));
        assert_eq!(submitted_job("Submitted batch job 15"), Some(15));
        assert_eq!(
            submitted_job("sbatch: error: Batch job submission failed"),
            None
        );
        assert_eq!(submitted_job(""), None);
    }

    #[test]
    fn merge_must_name_exactly_the_cancelled_tasks() {
        let line = "incomplete: 2 of 16 shards missing: 3,7; run them again \
                    (sbatch --array=3,7 ...) and merge again";
        assert_eq!(expected_incomplete(&CANCELLED, SHARDS), line);
        assert_eq!(resubmit_array(line), Some("3,7"));
        assert_eq!(
            expected_incomplete(&[3, 4, 5, 9], 64),
            "incomplete: 4 of 64 shards missing: 3-5,9; run them again \
             (sbatch --array=3-5,9 ...) and merge again"
        );
        assert_eq!(resubmit_array("n = 15: 2279184 solutions"), None);
    }
}
