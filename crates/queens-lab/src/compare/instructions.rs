//! The ladder's steps in instructions: each step counted once at a small
//! board by a tool that counts the instructions a program retires
//! ([`queens_toolkit::instructions`]), whatever the host's clock or load.
//! A gain that shows in the times but not here is the host's, not the
//! code's.
//!
//! Under callgrind the program sees no AVX-512: the steps that need it are
//! not counted, and `+ threads` runs the AVX2 kernel. Under DynamoRIO every
//! step is counted with the kernel it is timed with.
//!
//! The steps run in a program of the caller's (`cargo xtask` re-runs
//! itself with a hidden subcommand), which prints the vector instructions
//! its lanes used, or, for a step whose instructions it lacks under the
//! tool, [`LACKS`] and their name. What the program does before and after
//! the count (starting, parsing, exiting) is measured once by a run that
//! counts nothing, and taken off each step's total.

use std::path::PathBuf;

use queens_bitboard::Step;
use queens_toolkit::instructions::Tool;
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
    let run = |name: &str| -> Result<(u64, String), String> {
        let board = INSTRUCTIONS_N.to_string();
        let args = runner.args.iter().map(String::as_str).chain([name, &board]);
        let counted = tool.run(&runner.program, args)?;
        let instructions = counted.instructions.ok_or_else(|| {
            format!(
                "{version} counted nothing of {name}: {}",
                counted.stderr.trim()
            )
        })?;
        let said = counted.stdout.lines().next().unwrap_or("").to_owned();
        Ok((instructions, said))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_counts_its_solutions() {
        assert_eq!(
            queens_core::oeis::solution_count(INSTRUCTIONS_N),
            Some(SOLUTIONS)
        );
    }
}
