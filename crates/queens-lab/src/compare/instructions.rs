//! The ladder's steps in instructions: each step counted once at a small
//! board by a tool that counts the instructions a program retires,
//! whatever the host's clock or load. A gain that shows in the times but
//! not here is the host's, not the code's.
//!
//! Two tools count ([`Tool`]): callgrind (`valgrind --tool=callgrind`, a
//! Debian package), and DynamoRIO's `inscount` sample from a build the
//! user gives (`--dynamorio DIR`; nothing is fetched). Valgrind emulates no
//! AVX-512, so under it the program sees no AVX-512: the steps that need it
//! are not counted, and `+ threads` runs the AVX2 kernel. DynamoRIO runs
//! the processor's own instructions, so every step is counted with the
//! kernel it is timed with. On the steps valgrind runs, the two agree on
//! the program's own code; they differ in the C library's `memset` and
//! `memcpy`, which glibc chooses by the instructions the program sees, and
//! which the two tools count differently.
//!
//! The steps run in a program of the caller's (`cargo xtask` re-runs
//! itself with a hidden subcommand), which prints the vector instructions
//! its lanes used, or, for a step whose instructions it lacks under the
//! tool, [`LACKS`] and their name. What the program does before and after
//! the count (starting, parsing, exiting) is measured once by a run that
//! counts nothing, and taken off each step's total.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

/// What the program prints, then the instructions' name, for a step whose
/// instructions it lacks under the tool.
pub const LACKS: &str = "lacks ";

/// How to run one step: `program`, `args`, then the step's name and the
/// board size; the name `none` counts nothing. It prints the vector
/// instructions its lanes use, or [`LACKS`].
#[derive(Clone, Debug)]
pub struct Runner {
    /// The program.
    pub program: PathBuf,
    /// The arguments before the step's name.
    pub args: Vec<String>,
}

/// What counts the instructions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tool {
    /// `valgrind --tool=callgrind`.
    Callgrind,
    /// DynamoRIO's `drrun` with its `inscount` sample.
    DynamoRio {
        /// `bin64/drrun`.
        drrun: PathBuf,
        /// The `inscount` sample's library.
        client: PathBuf,
    },
}

/// Where a DynamoRIO build keeps the `inscount` sample, and where a
/// release package does.
const INSCOUNT: [&str; 2] = ["api/bin/libinscount.so", "samples/bin64/libinscount.so"];

impl Tool {
    /// DynamoRIO in `folder`, a build or a release package of
    /// <https://github.com/DynamoRIO/dynamorio>, or why it is not one.
    ///
    /// # Errors
    ///
    /// When `folder` has no `bin64/drrun` or no `inscount` sample.
    pub fn dynamorio(folder: &Path) -> Result<Tool, String> {
        let drrun = folder.join("bin64/drrun");
        let client = INSCOUNT
            .iter()
            .map(|path| folder.join(path))
            .find(|path| path.is_file());
        match (drrun.is_file(), client) {
            (true, Some(client)) => Ok(Tool::DynamoRio { drrun, client }),
            _ => Err(format!(
                "{} is not a DynamoRIO build or release: it needs bin64/drrun and {}",
                folder.display(),
                INSCOUNT.join(" or ")
            )),
        }
    }

    /// The tool and its version, as the page names it.
    fn version(&self) -> Result<String, String> {
        let (program, flag, name) = match self {
            Tool::Callgrind => (Path::new("valgrind"), "--version", "callgrind"),
            Tool::DynamoRio { drrun, .. } => (drrun.as_path(), "-version", "DynamoRIO's inscount"),
        };
        let output = Command::new(program)
            .arg(flag)
            .output()
            .map_err(|_| match self {
                Tool::Callgrind => "valgrind is not installed (Debian package valgrind)".to_owned(),
                Tool::DynamoRio { drrun, .. } => format!("cannot run {}", drrun.display()),
            })?;
        let version = String::from_utf8_lossy(&output.stdout);
        Ok(format!("{name}, {}", version.trim()))
    }

    /// The command that runs a program under the tool, its counts written
    /// into `folder`; tied, so that the run stops when compare is killed.
    fn command(&self, folder: &Path) -> Command {
        match self {
            Tool::Callgrind => {
                let mut command = tied("valgrind");
                command.arg("--tool=callgrind").arg(format!(
                    "--callgrind-out-file={}",
                    folder.join("callgrind.out").display()
                ));
                command
            }
            Tool::DynamoRio { drrun, client } => {
                let mut command = tied(drrun);
                command.arg("-c").arg(client).arg("--");
                command
            }
        }
    }

    /// The instructions the tool counted in a run's `output`.
    fn collected(&self, output: &Output) -> Option<u64> {
        match self {
            Tool::Callgrind => callgrind_total(&String::from_utf8_lossy(&output.stderr)),
            Tool::DynamoRio { .. } => inscount_total(&String::from_utf8_lossy(&output.stdout)),
        }
    }
}

/// The instructions of every step, or why they were not counted.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Instructions {
    /// Counted.
    Counted {
        /// The board.
        n: usize,
        /// The tool and its version.
        tool: String,
        /// The vector instructions the fastest kernel used under the tool:
        /// those of `+ threads`.
        kernel: String,
        /// Per step, bottom first.
        steps: Vec<StepCount>,
    },
    /// Not counted, and why.
    Missing(String),
}

/// One step's instructions per solution, or why it was not counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepCount {
    /// The step's name.
    pub step: String,
    /// The instructions it retired per solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_solution: Option<f64>,
    /// Why not, when not counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_counted: Option<String>,
}

/// Counts every step of `steps` with `runner` under `tool`.
pub fn count(tool: &Tool, runner: &Runner, steps: &[Step]) -> Instructions {
    counted(tool, runner, steps).unwrap_or_else(Instructions::Missing)
}

/// [`count`], or why it could not.
fn counted(tool: &Tool, runner: &Runner, steps: &[Step]) -> Result<Instructions, String> {
    let version = tool.version()?;
    let folder = tempfile::tempdir().map_err(|error| format!("no temporary folder: {error}"))?;
    let run = |name: &str| -> Result<(u64, String), String> {
        let output = tool
            .command(folder.path())
            .arg(&runner.program)
            .args(&runner.args)
            .args([name, &INSTRUCTIONS_N.to_string()])
            .output()
            .map_err(|error| format!("cannot run {version}: {error}"))?;
        let collected = tool
            .collected(&output)
            .filter(|_| output.status.success())
            .ok_or_else(|| {
                let stderr = String::from_utf8_lossy(&output.stderr);
                format!("{version} counted nothing of {name}: {}", stderr.trim())
            })?;
        let said = String::from_utf8_lossy(&output.stdout);
        Ok((collected, said.lines().next().unwrap_or("").to_owned()))
    };
    let (start, kernel) = run("none")?;
    let mut counted = Vec::new();
    for step in steps {
        let (total, said) = run(step.name())?;
        let (per_solution, not_counted) = match said.strip_prefix(LACKS) {
            Some(lacked) => (
                None,
                Some(format!("the program sees no {lacked} under {version}")),
            ),
            None => (
                Some(total.saturating_sub(start) as f64 / SOLUTIONS as f64),
                None,
            ),
        };
        counted.push(StepCount {
            step: step.name().to_owned(),
            per_solution,
            not_counted,
        });
    }
    Ok(Instructions::Counted {
        n: INSTRUCTIONS_N,
        tool: version,
        kernel,
        steps: counted,
    })
}

/// The instructions of callgrind's summary line, `==12== Collected : 8935545`.
fn callgrind_total(stderr: &str) -> Option<u64> {
    stderr.lines().find_map(|line| {
        let (_, count) = line.split_once("Collected :")?;
        count.trim().parse().ok()
    })
}

/// The instructions of inscount's line, `Instrumentation results: 61756772
/// instructions executed`.
fn inscount_total(stdout: &str) -> Option<u64> {
    stdout.lines().find_map(|line| {
        let count = line.strip_prefix("Instrumentation results: ")?;
        count.strip_suffix(" instructions executed")?.parse().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_lines_give_the_instructions() {
        let stderr = "==20066== Events    : Ir\n==20066== Collected : 8935545\n==20066==\n";
        assert_eq!(callgrind_total(stderr), Some(8_935_545));
        assert_eq!(callgrind_total("==1== Collected : many"), None);
        assert_eq!(callgrind_total(""), None);
        let stdout = "AVX-512 VBMI2\nInstrumentation results: 61756772 instructions executed\n";
        assert_eq!(inscount_total(stdout), Some(61_756_772));
        assert_eq!(
            inscount_total("Instrumentation results: 12 instructions"),
            None
        );
        assert_eq!(inscount_total("AVX2\n"), None);
    }

    #[test]
    fn a_folder_without_dynamorio_is_refused_with_what_it_needs() {
        let folder = tempfile::tempdir().unwrap();
        let refused = Tool::dynamorio(folder.path()).unwrap_err();
        assert!(refused.ends_with(
            "is not a DynamoRIO build or release: it needs bin64/drrun and \
             api/bin/libinscount.so or samples/bin64/libinscount.so"
        ));
        for path in ["bin64/drrun", "samples/bin64/libinscount.so"] {
            let file = folder.path().join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, "").unwrap();
        }
        assert_eq!(
            Tool::dynamorio(folder.path()),
            Ok(Tool::DynamoRio {
                drrun: folder.path().join("bin64/drrun"),
                client: folder.path().join("samples/bin64/libinscount.so"),
            })
        );
    }

    #[test]
    fn the_board_counts_its_solutions() {
        assert_eq!(
            queens_core::oeis::solution_count(INSTRUCTIONS_N),
            Some(SOLUTIONS)
        );
    }
}
