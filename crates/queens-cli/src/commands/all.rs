//! `queens all`: every solution in the solver's order, streamed as the
//! search finds it, as text boards, JSON Lines or SVG files.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;

use queens_core::{Mode, modes};

use crate::args::DrawOptions;
use crate::failure::Failure;
use crate::output::{SolutionPrinter, Style, SvgFiles};
use crate::progress;
use crate::request::{Output, Request};
use crate::task::Task;

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
    each_solution(request, |queens| Ok(printer.print(out, queens)?))
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
        each_solution(request, |queens| files.write(queens))?;
    }
    writeln!(out, "{}", files.report(request.query.unique))?;
    Ok(())
}

/// Hands every solution of the request to `write`, in the order `all`
/// lists them, stopping at the first failure to write. The bar is drawn
/// only when stdout is no terminal: on one, it would cut into the boards.
fn each_solution(
    request: &Request,
    mut write: impl FnMut(&[usize]) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let bar_wanted = !io::stdout().is_terminal();
    if request.query.unique {
        for queens in request.answer(bar_wanted)?.0.solutions {
            write(&queens)?;
        }
        return Ok(());
    }
    let mut write_error = None;
    let mut listed = 0;
    let mut sink = |queens: &[usize]| match write(queens) {
        Ok(()) => {
            listed += 1;
            ControlFlow::Continue(())
        }
        Err(error) => {
            // Nobody reads what follows: stop the search.
            write_error = Some(error);
            ControlFlow::Break(())
        }
    };
    let (solver, problem) = (&*request.solver, &request.problem);
    let (listing, _) = progress::watched(solver, problem, request.watching(bar_wanted), |watch| {
        Ok(modes::run_watched(solver, problem, watch, &mut sink))
    })?;
    if let Some(error) = write_error {
        return Err(error);
    }
    listing.map_err(|halted| Failure::of_search(halted.found(listed), Task::List))?;
    Ok(())
}
