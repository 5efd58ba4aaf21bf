//! The ladder's steps in instructions: each step counted once at a small
//! board under callgrind (`valgrind --tool=callgrind`), which counts the
//! instructions a program retires, whatever the host's clock or load. A
//! gain that shows in the times but not here is the host's, not the code's.
//!
//! The steps run in a program of the caller's (`cargo xtask` re-runs
//! itself with a hidden subcommand), which prints the vector instructions
//! its lanes used: valgrind emulates no AVX-512, so the lanes run on AVX2
//! under it. What the program does before and after the count (starting,
//! parsing, exiting) is measured once by a run that counts nothing, and
//! taken off each step's total.

use std::path::PathBuf;
use std::process::Command;

use queens_bitboard::Step;
use queens_toolkit::child::tied;
use serde::Serialize;

/// The board the steps are counted at: small enough for the first step
/// under callgrind (some fifty times slower than without: seconds), large
/// enough that the count outweighs the start, and each frame's setup its
/// search (at n = 12, the frames cost more instructions than they save).
pub const INSTRUCTIONS_N: usize = 14;

/// The solutions of [`INSTRUCTIONS_N`].
const SOLUTIONS: u64 = 365_596;

/// How to run one step: `program`, `args`, then the step's name and the
/// board size; the name `none` counts nothing. It prints the vector
/// instructions its lanes use.
#[derive(Clone, Debug)]
pub struct Runner {
    /// The program.
    pub program: PathBuf,
    /// The arguments before the step's name.
    pub args: Vec<String>,
}

/// The instructions of every step, or why they were not counted.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Instructions {
    /// Counted.
    Counted {
        /// The board.
        n: usize,
        /// `valgrind --version`.
        valgrind: String,
        /// The vector instructions the lanes used under callgrind.
        kernel: String,
        /// Per step, bottom first: its name and the instructions it retired
        /// per solution.
        steps: Vec<(String, f64)>,
    },
    /// Not counted, and why.
    Missing(String),
}

/// Counts every step of `steps` with `runner` under callgrind.
pub fn count(runner: &Runner, steps: &[Step]) -> Instructions {
    counted(runner, steps).unwrap_or_else(Instructions::Missing)
}

/// [`count`], or why it could not.
fn counted(runner: &Runner, steps: &[Step]) -> Result<Instructions, String> {
    let valgrind = Command::new("valgrind")
        .arg("--version")
        .output()
        .map_err(|_| "valgrind is not installed (Debian package valgrind)".to_owned())?;
    let folder = tempfile::tempdir().map_err(|error| format!("no temporary folder: {error}"))?;
    let out = folder.path().join("callgrind.out");
    let run = |name: &str| -> Result<(u64, String), String> {
        // Tied: the run must not go on when compare is killed.
        let output = tied("valgrind")
            .arg("--tool=callgrind")
            .arg(format!("--callgrind-out-file={}", out.display()))
            .arg(&runner.program)
            .args(&runner.args)
            .args([name, &INSTRUCTIONS_N.to_string()])
            .output()
            .map_err(|error| format!("cannot run valgrind: {error}"))?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        let collected = collected(&stderr)
            .filter(|_| output.status.success())
            .ok_or_else(|| format!("callgrind counted nothing of {name}: {}", stderr.trim()))?;
        Ok((
            collected,
            String::from_utf8_lossy(&output.stdout).trim().to_owned(),
        ))
    };
    let (start, kernel) = run("none")?;
    let mut counted = Vec::new();
    for step in steps {
        let (total, _) = run(step.name())?;
        let per_solution = total.saturating_sub(start) as f64 / SOLUTIONS as f64;
        counted.push((step.name().to_owned(), per_solution));
    }
    Ok(Instructions::Counted {
        n: INSTRUCTIONS_N,
        valgrind: String::from_utf8_lossy(&valgrind.stdout).trim().to_owned(),
        kernel,
        steps: counted,
    })
}

/// The instructions of callgrind's summary line, `==12== Collected : 8935545`.
fn collected(stderr: &str) -> Option<u64> {
    stderr.lines().find_map(|line| {
        let (_, count) = line.split_once("Collected :")?;
        count.trim().parse().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_line_gives_the_instructions() {
        let stderr = "==20066== Events    : Ir\n==20066== Collected : 8935545\n==20066==\n";
        assert_eq!(collected(stderr), Some(8_935_545));
        assert_eq!(collected("==1== Collected : many"), None);
        assert_eq!(collected(""), None);
    }

    #[test]
    fn the_board_counts_its_solutions() {
        assert_eq!(
            queens_core::oeis::solution_count(INSTRUCTIONS_N),
            Some(SOLUTIONS)
        );
    }
}
