//! Where the reports of a run go, `grade`'s and `report`'s alike: the one
//! in `--format` on stdout or in `--out FILE`, as ever, and besides it any
//! other in a file of its own, `--table FILE`, `--csv FILE`, `--json FILE`
//! and `--gradescope FILE`, all rendered from the one run.
//!
//! A flag per format, rather than a repeated `--out FORMAT:FILE`: a file
//! name may hold a colon (`--out grades:v2.csv` means that file today), a
//! flag cannot be misread, and the shell completes its file. Every path is
//! checked before any grading, as `--out` always was: each can be written,
//! no two name one file, at most one report goes to stdout, and a
//! Gradescope report is of one submission; so a typo costs a second, not
//! the class's run. Each is written whole or not at all; one that cannot be
//! written after the run does not stop the others.

use std::path::{Path, PathBuf};

use clap::ValueEnum;
use queens_build::assignment::GradescopeSettings;
use queens_toolkit::files;

use crate::failure::Failure;
use crate::grading::Grading;
use crate::{report, saved};

/// A report's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// A table to read.
    Table,
    /// A row per submission, for a gradebook.
    Csv,
    /// Everything, every message included; `queens-grade report` renders
    /// the others from it.
    Json,
    /// Gradescope's results.json (one submission).
    Gradescope,
}

/// The reports asked for on the command line.
#[derive(Debug, clap::Args)]
pub(crate) struct Outputs {
    /// The form of the report on stdout (or in --out FILE).
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Writes that report to FILE (whole or not at all) instead of stdout.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Writes the table to FILE as well.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
    /// Writes the CSV to FILE as well.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Writes the JSON to FILE as well: every message, and all that
    /// `queens-grade report FILE` needs to render the others later.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Writes Gradescope's results.json to FILE as well (one submission).
    #[arg(long, value_name = "FILE")]
    gradescope: Option<PathBuf>,
    /// Lists every failed check with its message after each table.
    #[arg(long)]
    details: bool,
}

/// One report to write: its form, where, and the option that asked for it
/// ("--format csv", "--json"), to name in a message.
struct Report<'a> {
    format: Format,
    path: &'a Path,
    option: String,
}

impl Outputs {
    /// Every report asked for: the one of `--format` first.
    fn reports(&self) -> Vec<Report<'_>> {
        let main = Report {
            format: self.format,
            path: self.out.as_deref().unwrap_or(Path::new("-")),
            option: format!("--format {}", self.format.name()),
        };
        let others = [
            (Format::Table, &self.table),
            (Format::Csv, &self.csv),
            (Format::Json, &self.json),
            (Format::Gradescope, &self.gradescope),
        ];
        let mut reports = vec![main];
        reports.extend(others.into_iter().filter_map(|(format, path)| {
            path.as_deref().map(|path| Report {
                format,
                path,
                option: format!("--{}", format.name()),
            })
        }));
        reports
    }

    /// What can be known to fail before the run, for a run of `submissions`
    /// submissions (`whence` says where they are: "were given", "are in
    /// run.json"): a Gradescope report of several, two reports to one file
    /// or to stdout, a file that cannot be written, a closed stdout.
    pub(crate) fn check(&self, submissions: usize, whence: &str) -> Result<(), Failure> {
        let reports = self.reports();
        if let Some(gradescope) = reports
            .iter()
            .find(|report| report.format == Format::Gradescope && submissions != 1)
        {
            return Err(Failure::Input(format!(
                "{} grades one submission, as Gradescope runs it; {submissions} {whence}",
                gradescope.option
            )));
        }
        for (index, report) in reports.iter().enumerate() {
            if let Some(earlier) = reports[..index]
                .iter()
                .find(|earlier| same_place(earlier.path, report.path))
            {
                return Err(Failure::Input(format!(
                    "{} and {} would both write {}: give each report a place of its own",
                    earlier.option,
                    report.option,
                    place(report.path)
                )));
            }
        }
        reports.iter().try_for_each(|report| {
            files::check_writable(report.path).map_err(|error| {
                let message = format!("cannot write {}: {error}", place(report.path));
                if files::is_stdout(report.path) {
                    // A report nobody can read is not worth the class's time.
                    Failure::Output(message)
                } else {
                    Failure::Input(message)
                }
            })
        })
    }

    /// Renders and writes every report of `grading` (graded with the
    /// Gradescope settings `gradescope`), each whole or not at all; one that
    /// cannot be written does not stop the others, and the error names
    /// every one that failed.
    pub(crate) fn write(
        &self,
        grading: &Grading,
        gradescope: &GradescopeSettings,
    ) -> Result<(), Failure> {
        let mut failed = Vec::new();
        for report in self.reports() {
            let text = self.render(report.format, grading, gradescope)?;
            if let Err(error) = files::write_whole(report.path, text.as_bytes()) {
                failed.push(format!("cannot write {}: {error}", place(report.path)));
            }
        }
        if failed.is_empty() {
            Ok(())
        } else {
            Err(Failure::Output(failed.join("; ")))
        }
    }

    /// The report of `grading` in `format`; a table with the details when
    /// asked.
    fn render(
        &self,
        format: Format,
        grading: &Grading,
        gradescope: &GradescopeSettings,
    ) -> Result<String, Failure> {
        Ok(match format {
            Format::Table if self.details => {
                format!("{}\n{}", report::table(grading), report::details(grading))
            }
            Format::Table => report::table(grading),
            Format::Csv => report::csv(grading).map_err(Failure::Output)?,
            Format::Json => saved::json(grading, gradescope),
            Format::Gradescope => {
                report::gradescope(grading, gradescope).map_err(Failure::Input)?
            }
        })
    }
}

impl Format {
    /// Its name on the command line.
    fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Gradescope => "gradescope",
        }
    }
}

/// Whether two reports at `one` and `other` would land in one place:
/// stdout both, the one file (a link followed to it), or one file by two
/// names (`/dev/stdout` and stdout, a terminal by two paths).
fn same_place(one: &Path, other: &Path) -> bool {
    let resolved = |path: &Path| match files::target(path) {
        Ok(files::Target::Stdout) => PathBuf::from("-"),
        Ok(files::Target::Replace(file) | files::Target::Direct(file)) => {
            std::path::absolute(&file).unwrap_or(file)
        }
        Err(_) => std::path::absolute(path).unwrap_or_else(|_| path.to_owned()),
    };
    resolved(one) == resolved(other)
        || matches!((identity(one), identity(other)), (Some(one), Some(other)) if one == other)
}

/// The file a report at `path` lands in, by device and inode, when it
/// exists already (stdout's for `-`); none for `/dev/null`, where any
/// number of reports may go.
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let of = |path: &Path| {
        std::fs::metadata(path)
            .ok()
            .map(|metadata| (metadata.dev(), metadata.ino()))
    };
    let file = if files::is_stdout(path) {
        of(Path::new("/proc/self/fd/1"))
    } else {
        of(path)
    }?;
    (Some(file) != of(Path::new("/dev/null"))).then_some(file)
}

/// `path` in a message: "to stdout" for `-`.
fn place(path: &Path) -> String {
    if files::is_stdout(path) {
        "to stdout".to_owned()
    } else {
        path.display().to_string()
    }
}
