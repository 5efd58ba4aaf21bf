//! `cargo xtask cluster-check --count N`: a worked count on the one-node
//! cluster instead of the check. The board is submitted whole, as a user
//! would, in `--shards K` shards; once the queue is empty, `queens merge
//! --verify` recounts a share of the units, and the merged counts must be
//! OEIS's. The transcript gives the wall time from the submission to the
//! last record, and the merge's.

use std::path::Path;
use std::time::{Duration, Instant};

use queens_core::format::duration;
use queens_core::oeis;

use super::cluster::Cluster;
use super::proof::{merge, submit, wait_for_queue};
use crate::error::Error;

/// How long a worked count may take: a day.
const COUNT_DEADLINE: Duration = Duration::from_secs(24 * 60 * 60);

/// Counts the board of `n` in `shards` shards on `cluster` with `script`
/// and `queens`, merges with `--verify verify` and checks the counts.
pub(super) fn count(
    cluster: &mut Cluster,
    script: &Path,
    queens: &Path,
    (n, shards): (usize, usize),
    verify: f64,
) -> Result<(), Error> {
    let (Some(total), Some(unique)) = (oeis::solution_count(n), oeis::fundamental_count(n)) else {
        return Err(Error::BadInput(format!(
            "no OEIS count of n = {n} to check a worked count against"
        )));
    };
    let started = Instant::now();
    submit(
        cluster,
        script,
        queens,
        (n, shards),
        &[&format!("--array=0-{}", shards - 1)],
    )?;
    cluster.shown("squeue", &[])?;
    wait_for_queue(cluster, COUNT_DEADLINE)?;
    let counted = started.elapsed();
    let merging = Instant::now();
    let verify = verify.to_string();
    let merged = merge(cluster, queens, &["--json", "--verify", &verify])?;
    let merged_in = merging.elapsed();
    if !merged.status.success() {
        return Err(Error::Failed("the merge failed".to_owned()));
    }
    let json: serde_json::Value = serde_json::from_slice(&merged.stdout)
        .map_err(|error| Error::Failed(format!("merge printed no JSON: {error}")))?;
    if (json["total"].as_u64(), json["unique"].as_u64()) != (Some(total), Some(unique)) {
        return Err(Error::Failed(format!(
            "merge counted {json}, not OEIS's {total} and {unique}"
        )));
    }
    println!("ok: {total} solutions and {unique} fundamental, as OEIS says");
    println!(
        "n = {n} in {shards} shards: {} from the submission to the last record, {} to merge \
         with --verify {verify}",
        duration(counted.as_secs_f64()),
        duration(merged_in.as_secs_f64())
    );
    Ok(())
}
