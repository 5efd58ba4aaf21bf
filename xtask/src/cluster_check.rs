//! `cargo xtask cluster-check`: `examples/slurm/count.sbatch` proven on a
//! real Slurm, a single-node cluster started on this machine for the check.
//!
//! The task installs nothing. It expects Debian's `slurm-wlm` and `munge`
//! (`sudo apt-get install slurm-wlm munge`) and leaves the system's own
//! daemons and configuration alone: everything lives in a temporary folder,
//! its own munge key and socket, its own `slurm.conf` with its own ports,
//! and the daemons run in the foreground as children of this process, as
//! the current user.
//!
//! It submits the job array for n = 15 in 16 shards held, cancels two of
//! its tasks before releasing the rest (a held array makes the cancellation
//! deterministic: n = 15's shards take milliseconds, too short to hit while
//! running), and checks that `queens merge` names exactly those two as
//! missing. It resubmits them with the `--array=` of merge's own message,
//! merges again and checks the counts against OEIS. Whatever happens, it
//! then cancels its jobs, stops the daemons it started by their PIDs and
//! removes its folder.
//!
//! With `--count N` it makes a worked count instead ([`worked`]): the
//! board in `--shards K` shards, merged with `--verify`, timed.
//!
//! The [`cluster`] is its folder and daemons, configured by [`conf`]; the
//! check itself is [`proof`].
//!
//! Exit status: 0 when the check passes, 1 when it fails, 2 when a program
//! is missing.

mod cluster;
mod conf;
mod proof;
mod worked;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use self::cluster::Cluster;
use self::proof::{SCRIPT, prove};
use crate::error::Error;

/// The programs the check runs, all from the two Debian packages.
const PROGRAMS: [&str; 8] = [
    "munged",
    "slurmctld",
    "slurmd",
    "sbatch",
    "squeue",
    "scancel",
    "scontrol",
    "sinfo",
];
/// How to get them.
const INSTALL: &str = "sudo apt-get install slurm-wlm munge";
/// The options of `cargo xtask cluster-check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Instead of the check, a worked count of this board on the cluster,
    /// timed, its counts checked against OEIS: up to n = 21, some twenty
    /// minutes on two cores (n = 22 would take hours).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=21))]
    pub count: Option<u64>,
    /// The shards of a worked count: the array's tasks.
    #[arg(long, default_value_t = 8, requires = "count", value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub shards: u64,
    /// The share of units the merge of a worked count recounts, from 0 to
    /// 1.
    #[arg(long, default_value_t = 0.01, requires = "count", value_parser = parse_share)]
    pub verify: f64,
}

/// A share from 0 to 1, checked before the cluster starts.
fn parse_share(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|share| (0.0..=1.0).contains(share))
        .ok_or_else(|| format!("'{text}' is not a share from 0 to 1"))
}

/// Runs `cargo xtask cluster-check`.
pub(crate) fn run(args: &Args) -> Result<(), Error> {
    let missing = missing_programs(std::env::var_os("PATH").unwrap_or_default());
    if !missing.is_empty() {
        return Err(Error::BadInput(format!(
            "{} not on the PATH: install Debian's packages with `{INSTALL}`",
            missing.join(", ")
        )));
    }
    println!("slurm: {}", version("slurmctld", "-V"));
    println!("munge: {}", version("munged", "--version"));
    let root = crate::paths::workspace_root();
    let queens = build_queens(&root)?;
    let mut cluster = Cluster::start()?;
    let script = root.join(SCRIPT);
    let proved = match args.count {
        Some(n) => {
            let board = (n as usize, args.shards as usize);
            worked::count(&mut cluster, &script, &queens, board, args.verify)
        }
        None => prove(&mut cluster, &script, &queens),
    };
    if proved.is_err() {
        cluster.show_logs();
    }
    drop(cluster);
    proved?;
    println!(
        "{}",
        match args.count {
            Some(_) => "worked count passed",
            None => "cluster check passed",
        }
    );
    Ok(())
}

/// The [`PROGRAMS`] found in none of the folders of `path`.
fn missing_programs(path: std::ffi::OsString) -> Vec<&'static str> {
    let folders: Vec<PathBuf> = std::env::split_paths(&path).collect();
    PROGRAMS
        .into_iter()
        .filter(|name| !folders.iter().any(|folder| folder.join(name).is_file()))
        .collect()
}

/// A program's first line of `--version`, or a question mark.
fn version(program: &str, flag: &str) -> String {
    Command::new(program)
        .arg(flag)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()
        .and_then(|output| {
            let text = String::from_utf8_lossy(&output.stdout).into_owned();
            text.lines().next().map(str::to_owned)
        })
        .unwrap_or_else(|| "?".to_owned())
}

/// Builds the workspace's release `queens` and returns its path: the check
/// proves this workspace's binary, not one installed elsewhere.
fn build_queens(root: &Path) -> Result<PathBuf, Error> {
    println!("$ cargo build --release -p queens-cli");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--quiet", "--release", "-p", "queens-cli"])
        .status()
        .map_err(|error| Error::Failed(format!("cannot run cargo: {error}")))?;
    if !status.success() {
        return Err(Error::Failed(format!("cargo build failed ({status})")));
    }
    Ok(crate::paths::target_dir().join("release/queens"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_is_from_0_to_1() {
        assert_eq!(parse_share("0.01"), Ok(0.01));
        assert_eq!(parse_share("1"), Ok(1.0));
        assert_eq!(
            parse_share("1.5"),
            Err("'1.5' is not a share from 0 to 1".to_owned())
        );
        assert!(parse_share("NaN").is_err());
        assert!(parse_share("-0.1").is_err());
    }

    #[test]
    fn missing_programs_are_named() {
        assert_eq!(missing_programs("".into()), PROGRAMS);
        let folder = tempfile::tempdir().expect("a folder");
        for name in ["munged", "sbatch", "squeue"] {
            std::fs::write(folder.path().join(name), "").expect("a file");
        }
        assert_eq!(
            missing_programs(folder.path().as_os_str().to_owned()),
            ["slurmctld", "slurmd", "scancel", "scontrol", "sinfo"]
        );
    }
}
