//! What the duels with the C programs share: the folders they need,
//! building a C program, timing it as a whole process, and a duel's
//! outcome, its table in the terminal's style and the page's.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

use queens_lab::Error;
use queens_lab::machine::Machine;
use queens_lab::others::Others;
use queens_toolkit::child::tied;

/// Checks that `folder`, the C programs', is there, and makes `build`, where
/// they are compiled to.
pub(super) fn prepare(folder: &Path, build: &Path) -> Result<(), Error> {
    if !folder.is_dir() {
        return Err(Error::BadInput(format!(
            "no peers folder at {} (the seeds' C programs); pass --peers DIR",
            folder.display()
        )));
    }
    std::fs::create_dir_all(build)
        .map_err(|error| Error::Failed(format!("cannot create {}: {error}", build.display())))
}

/// What one duel measured: where and how, how busy other programs kept the
/// cores, and its table.
pub(super) struct Outcome {
    /// The machine, the runs and how each side was timed, a line each.
    timing: [String; 2],
    /// How busy other programs kept the cores, cell by cell.
    others: Others,
    /// The table, its header first.
    table: Builder,
    /// The columns of numbers, aligned right.
    right: Range<usize>,
}

impl Outcome {
    /// A duel's outcome: `runs` of each side, `peer` saying how the peer
    /// was built ([`C_BUILT`] for the C programs), `rust` how the Rust side
    /// was timed when it needs saying.
    pub(super) fn new(
        runs: u32,
        peer: &str,
        rust: &str,
        others: Others,
        table: Builder,
        right: Range<usize>,
    ) -> Self {
        let best = if runs == 1 {
            "One run of each side".to_owned()
        } else {
            format!("Best of {runs} alternating runs")
        };
        Outcome {
            timing: [
                format!("Machine: {}.", Machine::detect()),
                format!("{best}; {peer} and timed as a whole process{rust}."),
            ],
            others,
            table,
            right,
        }
    }

    /// The lines above the table: how it was timed, and how busy the
    /// machine was where the system tells.
    fn lines(&self) -> Vec<String> {
        let mut lines = self.timing.to_vec();
        lines.extend(self.others.verdict());
        lines
    }

    /// The outcome for a terminal: its lines, then the table, rounded.
    pub(super) fn terminal(&self) -> String {
        format!("{}\n\n{}\n", self.lines().join("\n"), self.render(false))
    }

    /// The outcome for a Markdown page: its lines as paragraphs, then the
    /// table.
    pub(super) fn markdown(&self) -> String {
        format!("{}\n\n{}\n", self.lines().join("\n\n"), self.render(true))
    }

    /// The table, in Markdown or else rounded for a terminal, the numbers
    /// aligned right.
    fn render(&self, markdown: bool) -> String {
        let mut table = self.table.clone().build();
        if markdown {
            table.with(Style::markdown());
        } else {
            table.with(Style::rounded());
        }
        table.modify(Columns::new(self.right.clone()), Alignment::right());
        table.to_string()
    }
}

/// How the C programs are built, as a duel's outcome says it.
pub(super) const C_BUILT: &str = "C built with gcc -O3 -march=native";

/// Compiles `source` into `build`, returning the program's path.
pub(super) fn compile(source: &Path, build: &Path) -> Result<PathBuf, Error> {
    if !source.is_file() {
        return Err(Error::BadInput(format!(
            "no C program at {}",
            source.display()
        )));
    }
    let stem = source.file_stem().unwrap_or(source.as_os_str());
    let binary = build.join(stem);
    let output = Command::new("gcc")
        .args(["-O3", "-march=native", "-o"])
        .arg(&binary)
        .arg(source)
        .output()
        .map_err(|error| Error::BadInput(format!("cannot run gcc: {error}")))?;
    built(&output, &format!("gcc failed on {}", source.display()))?;
    Ok(binary)
}

/// Whether a compiler's run `output` built what it was asked: an error
/// `failed: ` and the first line it wrote on stderr when not.
pub(crate) fn built(output: &Output, failed: &str) -> Result<(), Error> {
    if output.status.success() {
        return Ok(());
    }
    let message = String::from_utf8_lossy(&output.stderr);
    Err(Error::Failed(format!(
        "{failed}: {}",
        message.lines().next().unwrap_or("no message")
    )))
}

/// Runs the C program `binary` with `args`, timed as a whole process, and
/// reads its count from what it prints with `parse`: the seconds it took and
/// the count.
pub(super) fn run_peer(
    binary: &Path,
    args: &[String],
    parse: fn(&str) -> Option<u64>,
) -> Result<(f64, u64), Error> {
    let start = Instant::now();
    // Tied: a peer runs for minutes, and must not run on when the duel is
    // killed.
    let output = tied(binary).args(args).output().map_err(|error| {
        Error::Failed(format!(
            "cannot run {} through setpriv (Debian package util-linux): {error}",
            binary.display()
        ))
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let count = parse(&stdout)
        .filter(|_| output.status.success())
        .ok_or_else(|| {
            Error::Failed(format!(
                "{} {} printed '{}' and exited with {}",
                binary.display(),
                args.join(" "),
                stdout.trim(),
                output.status
            ))
        })?;
    Ok((seconds, count))
}

/// "yes" when `ratio` is within `target`, "no" otherwise.
pub(super) fn met(ratio: f64, target: f64) -> &'static str {
    if ratio <= target { "yes" } else { "no" }
}
