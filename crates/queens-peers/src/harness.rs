//! What the duels with the C programs share: building a C program, timing
//! it as a whole process, the lines above a table and the tables' style.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use tabled::builder::Builder;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};

use queens_lab::Error;
use queens_lab::machine::Machine;

/// The lines above a table: the machine, the runs and how each side is
/// timed, `rust` saying how for the Rust side when it needs saying.
pub(super) fn header(runs: u32, rust: &str) -> String {
    let best = if runs == 1 {
        "One run of each side".to_owned()
    } else {
        format!("Best of {runs} alternating runs")
    };
    format!(
        "Machine: {}.\n{best}; C built with gcc -O3 -march=native and timed as a whole \
         process{rust}.\n\n",
        Machine::detect()
    )
}

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
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(Error::Failed(format!(
            "gcc failed on {}: {}",
            source.display(),
            message.lines().next().unwrap_or("no message")
        )));
    }
    Ok(binary)
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
    let output = Command::new(binary)
        .args(args)
        .output()
        .map_err(|error| Error::Failed(format!("cannot run {}: {error}", binary.display())))?;
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

/// The table in the tasks' style: rounded, the `right` columns (the numbers)
/// aligned right.
pub(super) fn render(builder: Builder, right: Range<usize>) -> String {
    let mut table = builder.build();
    table.with(Style::rounded());
    table.modify(Columns::new(right), Alignment::right());
    table.to_string()
}
