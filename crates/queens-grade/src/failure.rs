//! How a run of `queens-grade` ends: why a command failed ([`Failure`]),
//! and every exit status a teacher meets ([`Status`]), as one list that
//! `--help` prints and docs/grading.md quotes (a test checks it). Every
//! command returns a `Failure`; only `main` turns it into a status.

/// Why a command failed.
pub(crate) enum Failure {
    /// Bad input: exit 2.
    Input(String),
    /// The output could not be written: exit 74.
    Output(String),
    /// The machine would not let the run start (no scratch folder, no path
    /// to the grader's own binary): exit 1.
    Machine(String),
    /// `limited` could not run its command.
    Run(String),
    /// Graded, with checks the machine was too busy to grade: exit 3.
    Busy(String),
}

impl Failure {
    pub(crate) fn message(&self) -> &str {
        match self {
            Failure::Input(message)
            | Failure::Output(message)
            | Failure::Machine(message)
            | Failure::Run(message)
            | Failure::Busy(message) => message,
        }
    }

    pub(crate) fn code(&self) -> u8 {
        match self {
            Failure::Input(_) => Status::BadInput.code(),
            Failure::Output(_) => Status::Output.code(),
            Failure::Machine(_) => Status::Machine.code(),
            Failure::Busy(_) => Status::Busy.code(),
            // A shell's word for a command it could not run; the grader's
            // own child, never a teacher, sees it.
            Failure::Run(_) => 127,
        }
    }
}

/// How a run of `queens-grade` ends: every exit status a teacher meets, and
/// when; `--help` prints them and a test checks that docs/grading.md says
/// the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Graded,
    Machine,
    BadInput,
    Busy,
    Output,
    Interrupted,
}

impl Status {
    /// Every status, in the order of their numbers.
    const ALL: [Status; 6] = [
        Status::Graded,
        Status::Machine,
        Status::BadInput,
        Status::Busy,
        Status::Output,
        Status::Interrupted,
    ];

    /// Its number.
    pub(crate) const fn code(self) -> u8 {
        match self {
            Status::Graded => 0,
            Status::Machine => 1,
            Status::BadInput => queens_toolkit::usage::EXIT_USAGE,
            Status::Busy => 3,
            Status::Output => queens_toolkit::files::EXIT_IO,
            Status::Interrupted => 130,
        }
    }

    /// When a run ends with it.
    const fn when(self) -> &'static str {
        match self {
            Status::Graded => "when it graded, whatever the verdicts, or wrote its bundle",
            Status::Machine => {
                "when the machine would not let it start (no scratch folder; for \
                 `gradescope-bundle`, no toolchain, or `cargo vendor` failed)"
            }
            Status::BadInput => {
                "for bad input: a malformed assignment, a path that does not exist (or a loop of \
                 symbolic links), two submissions with one name, a Gradescope report \
                 (`--format gradescope`, `--gradescope`) of more than one submission, a report \
                 file that cannot be written or two reports to one file or to stdout (checked \
                 before any grading), `--target-dir` on a file or on a folder the grader did not \
                 make, a run report `report` cannot read (too large, not a report, or another \
                 version's), `new-submission` with neither `--git` nor `--local`, a bad option"
            }
            Status::Busy => {
                "when it graded and wrote its report, but the machine was too busy to grade some \
                 checks (twice stopped by the clock with their processor time under the limit: \
                 NOT GRADED, left out of the score): grade those submissions again"
            }
            Status::Output => {
                "when a report cannot be written (stdout closed, checked before any grading, or \
                 failing; or a report file after the run, the others written all the same), as \
                 in every tool of the workspace"
            }
            Status::Interrupted => {
                "when Ctrl-C stops it (every check and build under way is killed first, and the \
                 scratch folder removed)"
            }
        }
    }
}

/// The exit statuses as one paragraph, from [`Status`].
pub(crate) fn exit_statuses() -> String {
    let each: Vec<String> = Status::ALL
        .iter()
        .map(|status| format!("{} {}", status.code(), status.when()))
        .collect();
    format!(
        "Exit status: {}. Each failure is one line on stderr.",
        each.join("; ")
    )
}
