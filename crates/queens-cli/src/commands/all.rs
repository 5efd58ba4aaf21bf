//! `queens all`: every solution in the solver's order, streamed as the
//! search finds it, as text boards, JSON Lines or SVG files.

use std::io::Write;

use queens_core::Mode;

use crate::args::DrawOptions;
use crate::failure::Failure;
use crate::output::{SolutionPrinter, Style, SvgFiles};
use crate::request::{Output, Request};

/// Runs `queens all`.
pub(crate) fn run(draw: DrawOptions) -> Result<(), Failure> {
    let request = Request::new(Mode::All, &draw.options)?;
    let output = Output::new(draw)?;
    crate::output::with_stdout(|out| all(&request, &output, out))
}

/// `all`: every solution as it comes, printed or written to SVG files.
/// Fundamental solutions are printed in canonical order, which needs them
/// all first; every other listing streams from the search, storing nothing.
fn all(request: &Request, output: &Output, out: &mut impl Write) -> Result<(), Failure> {
    let preplaced = request.problem.preplaced();
    let style = match output {
        Output::Json => Style::Json,
        Output::Text(format) => Style::Text {
            format: *format,
            preplaced,
        },
        Output::Svg(None) => return Err(Failure::SvgNeedsOut),
        Output::Svg(Some(dir)) => {
            let mut files = SvgFiles::create(dir, preplaced)?;
            return all_svg(request, &mut files, out);
        }
    };
    let mut printer = SolutionPrinter::new(style);
    request.each_solution(|queens| Ok(printer.print(out, queens)?))
}

/// `all --format svg --out DIR`: one file per solution and, for fundamental
/// solutions, the sheet of them all; then one line saying what was written.
fn all_svg(
    request: &Request,
    files: &mut SvgFiles<'_>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if request.query.unique {
        let boards = request.answer(true)?.0.solutions;
        for queens in &boards {
            files.write(queens)?;
        }
        files.write_sheet(&boards)?;
    } else {
        request.each_solution(|queens| files.write(queens))?;
    }
    writeln!(out, "{}", files.report(request.query.unique))?;
    Ok(())
}
