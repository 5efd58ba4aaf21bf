//! The instructions a program retires, counted by a tool that runs it:
//! callgrind (`valgrind --tool=callgrind`, a Debian package) or DynamoRIO's
//! `inscount` sample from a build the user gives (nothing is fetched).
//!
//! Valgrind emulates no AVX-512: under it a program sees a processor
//! without. DynamoRIO runs the processor's own instructions. On the same
//! code the two agree; they differ in the C library's `memset` and
//! `memcpy`, which glibc chooses by the instructions the program sees, and
//! which the two tools count differently.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::child::tied;

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

/// One run under a tool: what the program printed, and the instructions
/// counted when it ended well.
#[derive(Debug)]
pub struct Counted {
    /// The program's standard output (with DynamoRIO, the tool's line too).
    pub stdout: String,
    /// The instructions retired, when the program exited with status 0.
    pub instructions: Option<u64>,
    /// The program's and the tool's standard error.
    pub stderr: String,
}

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

    /// The tool and its version, as a page names it.
    ///
    /// # Errors
    ///
    /// When the tool cannot be run, with the package that brings it.
    pub fn version(&self) -> Result<String, String> {
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

    /// Runs `program` with `args` under the tool, tied to this thread's
    /// life, so that the run stops when the caller is killed.
    ///
    /// # Errors
    ///
    /// When the tool cannot be started.
    pub fn run<I, S>(&self, program: &Path, args: I) -> Result<Counted, String>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let folder =
            tempfile::tempdir().map_err(|error| format!("no temporary folder: {error}"))?;
        let output = self
            .command(folder.path())
            .arg(program)
            .args(args)
            .output()
            .map_err(|error| format!("cannot run {}: {error}", program.display()))?;
        let instructions = self.collected(&output).filter(|_| output.status.success());
        Ok(Counted {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            instructions,
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        })
    }

    /// The command that runs a program under the tool, its files written
    /// into `folder`.
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
}
