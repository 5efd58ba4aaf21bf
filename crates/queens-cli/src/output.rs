//! What the tool prints: the JSON records of `--json`, the printer that
//! writes a stream of solutions as boards or as JSON Lines, and the writer
//! of SVG files.
//!
//! Every board is drawn by the model, [`TextFormat::render`] and
//! [`queens_core::svg`], written once for every tool. Every JSON record is
//! written on one line, so that `count` and `first` print one JSON value and
//! `all` prints JSON Lines that a reader can take one solution at a time.
//!
//! Boards in a listing are separated as
//! [`queens_core::format::render_all`] separates them: by a blank line,
//! except in the `rows` notation, where a board is one line of seed 004's
//! table, so `all 8 --unique --format rows` prints the twelve lines of that
//! table as they stand in the seed.
//!
//! Boards are drawn cell by cell up to [`MOST_DRAWN`] rows. Past it only
//! `rows` and JSON are written, both straight to the buffered stdout, a
//! number at a time, so that a million-queen board is never held as text.

use std::fs;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};

use queens_core::{OwnCounts, ReadStats, Square, TextFormat, svg};
use serde::Serialize;

use crate::failure::{self, Failure};

/// The largest board drawn cell by cell (every format but `rows` and
/// JSON). n = 1,000 is a million cells: 3 MB of `matrix` text, already far
/// wider than any terminal or page; each step past it grows as n², to 300 MB
/// at n = 10,000 and 10¹² cells at n = 10⁶, drawings no one reads.
pub(crate) const MOST_DRAWN: usize = 1_000;

/// The answer of `count --json`.
#[derive(Serialize)]
pub(crate) struct CountRecord {
    /// The board size.
    pub(crate) n: usize,
    /// The solver's short name.
    pub(crate) algorithm: &'static str,
    /// Whether only fundamental solutions were counted.
    pub(crate) unique: bool,
    /// The number of solutions.
    pub(crate) count: u64,
    /// The search's statistics, its reads named by their unit
    /// (`cells_read` or `words_read`); `null` from the bitboard's parallel
    /// counter, which does not keep the model's.
    pub(crate) stats: Option<ReadStats>,
    /// Why `stats` is `null`, and the command that counts with them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) stats_note: Option<String>,
    /// How the bitboard's parallel counter ran, when it counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) counter: Option<CounterRecord>,
    /// The wall-clock time of the counted search, in seconds.
    pub(crate) seconds: f64,
}

/// What the JSON record of a count by the bitboard's parallel counter says
/// about the run.
#[derive(Serialize)]
pub(crate) struct CounterRecord {
    /// The work units counted.
    pub(crate) units: usize,
    /// The threads that counted them.
    pub(crate) threads: usize,
}

/// The answer of `first --json`.
#[derive(Serialize)]
pub(crate) struct FirstRecord<'a> {
    /// The board size.
    pub(crate) n: usize,
    /// The solver's short name.
    pub(crate) algorithm: &'static str,
    /// The first solution, `queens[row] = column`, or `null` when there is
    /// none.
    pub(crate) queens: Option<&'a [usize]>,
    /// The search's statistics, up to the first solution, its reads named
    /// by their unit.
    pub(crate) stats: Option<ReadStats>,
    /// The counts only this solver keeps (min-conflicts' tries, swaps and
    /// restarts); left out for a solver that tells none.
    #[serde(skip_serializing_if = "OwnCounts::is_empty")]
    pub(crate) solver_stats: OwnCounts,
}

/// One line of `all --json`.
#[derive(Serialize)]
struct SolutionRecord<'a> {
    /// A solution, `queens[row] = column`.
    queens: &'a [usize],
}

/// Writes `record` as JSON on one line.
pub(crate) fn json_line(out: &mut impl Write, record: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    writeln!(out)
}

/// How a stream of solutions is written.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Style<'a> {
    /// One JSON line each.
    Json,
    /// Boards in a text notation, marking the pre-placed queens where it can.
    Text {
        /// The notation.
        format: TextFormat,
        /// The queens placed before the search.
        preplaced: &'a [Square],
    },
}

/// Writes solutions one after another as `all` prints them: boards with a
/// blank line between (one `rows` line after another), or one JSON line
/// each.
pub(crate) struct SolutionPrinter<'a> {
    style: Style<'a>,
    printed: u64,
}

impl<'a> SolutionPrinter<'a> {
    /// A printer in `style`.
    pub(crate) fn new(style: Style<'a>) -> Self {
        SolutionPrinter { style, printed: 0 }
    }

    /// Writes the solution `queens`.
    pub(crate) fn print(&mut self, out: &mut impl Write, queens: &[usize]) -> io::Result<()> {
        match self.style {
            Style::Json => json_line(out, &SolutionRecord { queens })?,
            Style::Text { format, preplaced } => {
                if self.printed > 0 {
                    out.write_all(format.board_separator().as_bytes())?;
                }
                write_board(out, format, queens, preplaced)?;
            }
        }
        self.printed += 1;
        Ok(())
    }
}

/// Writes the board `queens` in `format`, marking `preplaced` where the
/// notation can. `rows`, the notation of large boards, is written number by
/// number: the model's [`TextFormat::render`] builds the whole text first,
/// and matches each row against every queen, which is quadratic.
pub(crate) fn write_board(
    out: &mut impl Write,
    format: TextFormat,
    queens: &[usize],
    preplaced: &[Square],
) -> io::Result<()> {
    if format != TextFormat::Rows {
        return out.write_all(format.render(queens, preplaced).as_bytes());
    }
    for (row, col) in queens.iter().enumerate() {
        if row > 0 {
            out.write_all(b" ")?;
        }
        write!(out, "{}", col + 1)?;
    }
    writeln!(out)
}

/// Writes solutions as SVG files into one directory: `solution-0001.svg`,
/// `solution-0002.svg`, ... and, for fundamental solutions, `sheet.svg`.
pub(crate) struct SvgFiles<'a> {
    dir: PathBuf,
    preplaced: &'a [Square],
    written: u64,
}

impl<'a> SvgFiles<'a> {
    /// The name of the overview of every board.
    const SHEET: &'static str = "sheet.svg";

    /// Boards across a row of the sheet.
    const SHEET_COLUMNS: usize = 4;

    /// A writer into `dir`, which is created if it does not exist, and
    /// found unable to hold files now rather than after the search: a
    /// folder that cannot be written, or a file of ours already there as a
    /// symbolic link someone else may have planted.
    pub(crate) fn create(dir: &Path, preplaced: &'a [Square]) -> Result<Self, Failure> {
        fs::create_dir_all(dir).map_err(failure::path("create the directory", dir))?;
        Self::check_links_there(dir)?;
        queens_toolkit::files::check_writable(&dir.join(Self::SHEET))
            .map_err(failure::path("write into", dir))?;
        Ok(SvgFiles {
            dir: dir.to_owned(),
            preplaced,
            written: 0,
        })
    }

    /// Errs on a file of ours (a solution's or the sheet) already in `dir`
    /// as a symbolic link that cannot be written through (planted by
    /// someone else, or looping), naming it, so that it is found before the
    /// search rather than at its board. Only links are looked at: a regular
    /// file is replaced whatever it holds.
    fn check_links_there(dir: &Path) -> Result<(), Failure> {
        // A folder that can be written but not listed leaves the check to
        // each write.
        let Ok(entries) = fs::read_dir(dir) else {
            return Ok(());
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let ours =
                name == Self::SHEET || name.starts_with("solution-") && name.ends_with(".svg");
            if ours && entry.file_type().is_ok_and(|kind| kind.is_symlink()) {
                let path = entry.path();
                queens_toolkit::files::target(&path).map_err(failure::path("write", &path))?;
            }
        }
        Ok(())
    }

    /// The path of the solution numbered `number`, from 1.
    fn solution_path(&self, number: u64) -> PathBuf {
        self.dir.join(format!("solution-{number:04}.svg"))
    }

    /// Writes the next solution's board.
    pub(crate) fn write(&mut self, queens: &[usize]) -> Result<(), Failure> {
        let path = self.solution_path(self.written + 1);
        let drawing = svg::board(queens, self.preplaced);
        queens_toolkit::files::write_whole(&path, drawing.as_bytes())
            .map_err(failure::written(&path))?;
        self.written += 1;
        Ok(())
    }

    /// Writes `boards` on one sheet, [`Self::SHEET_COLUMNS`] to a row.
    pub(crate) fn write_sheet(&self, boards: &[Vec<usize>]) -> Result<(), Failure> {
        let path = self.dir.join(Self::SHEET);
        let drawing = svg::sheet(boards, Self::SHEET_COLUMNS);
        queens_toolkit::files::write_whole(&path, drawing.as_bytes())
            .map_err(failure::written(&path))
    }

    /// What was written, as one line for stdout.
    pub(crate) fn report(&self, with_sheet: bool) -> String {
        let boards = match self.written {
            0 => "no board".to_owned(),
            1 => format!("1 board, {}", self.solution_path(1).display()),
            written => format!(
                "{written} boards, {} to {}",
                self.solution_path(1).display(),
                self.solution_path(written).display()
            ),
        };
        if with_sheet {
            let sheet = self.dir.join(Self::SHEET);
            format!("wrote {boards}, and the sheet {}", sheet.display())
        } else {
            format!("wrote {boards}")
        }
    }
}

/// Runs `command` with one buffered, locked stdout, flushed at the end even
/// when the command fails (`first` prints its JSON record before saying it
/// found no solution). A stdout closed when the program started (`>&-`)
/// fails the run before the command: its answer would be lost.
pub(crate) fn with_stdout(
    command: impl FnOnce(&mut BufWriter<StdoutLock<'static>>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    queens_toolkit::files::check_stdout()?;
    let mut out = BufWriter::new(io::stdout().lock());
    let outcome = command(&mut out);
    out.flush()?;
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(style: Style<'_>, solutions: &[&[usize]]) -> String {
        let mut out = Vec::new();
        let mut printer = SolutionPrinter::new(style);
        for queens in solutions {
            printer.print(&mut out, queens).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    fn text(format: TextFormat) -> Style<'static> {
        Style::Text {
            format,
            preplaced: &[],
        }
    }

    #[test]
    fn boards_are_separated_by_one_blank_line() {
        assert_eq!(
            printed(text(TextFormat::Matrix), &[&[1, 0], &[0, 1]]),
            " 0  1 \n 1  0 \n\n 1  0 \n 0  1 \n"
        );
        let fours: [&[usize]; 2] = [&[1, 3, 0, 2], &[2, 0, 3, 1]];
        for format in TextFormat::ALL {
            assert_eq!(
                printed(text(format), &fours),
                queens_core::format::render_all(format, fours, &[])
            );
        }
    }

    #[test]
    fn rows_make_a_table_without_blank_lines() {
        assert_eq!(
            printed(text(TextFormat::Rows), &[&[1, 3, 0, 2], &[2, 0, 3, 1]]),
            "2 4 1 3\n3 1 4 2\n"
        );
    }

    #[test]
    fn rows_are_written_as_the_model_renders_them() {
        for queens in [&[][..], &[0], &[1, 3, 0, 2], &[0, 4, 7, 5, 2, 6, 1, 3]] {
            let mut out = Vec::new();
            write_board(&mut out, TextFormat::Rows, queens, &[]).unwrap();
            let written = String::from_utf8(out).unwrap();
            assert_eq!(written, TextFormat::Rows.render(queens, &[]));
        }
    }

    #[test]
    fn pre_placed_queens_are_marked() {
        let preplaced = [Square::new(0, 1)];
        let style = Style::Text {
            format: TextFormat::Stars,
            preplaced: &preplaced,
        };
        assert_eq!(
            printed(style, &[&[1, 3, 0, 2]]),
            "* U * *\n* * * Q\nQ * * *\n* * Q *\n"
        );
    }

    #[test]
    fn json_lines_hold_one_solution_each() {
        assert_eq!(
            printed(Style::Json, &[&[1, 3, 0, 2], &[]]),
            "{\"queens\":[1,3,0,2]}\n{\"queens\":[]}\n"
        );
    }
}
