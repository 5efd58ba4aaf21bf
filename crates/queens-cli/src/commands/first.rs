//! `queens first`: the first solution in the solver's order, drawn in any
//! format, or its JSON record.

use std::io::Write;

use queens_core::{Mode, svg};

use crate::args::DrawOptions;
use crate::failure::{self, Failure};
use crate::output::{self, FirstRecord};
use crate::request::{Output, Request};

/// Runs `queens first`.
pub(crate) fn run(draw: DrawOptions) -> Result<(), Failure> {
    let request = Request::new(Mode::First, &draw.options)?;
    let output = Output::new(draw)?;
    if let Output::Svg(Some(path)) = &output {
        // Found unwritable now rather than after the search.
        failure::writable(path)?;
    }
    crate::output::with_stdout(|out| first(&request, &output, out))
}

/// `first`: the board, or the JSON record; no solution is a failure of its
/// own, reported after the record.
fn first(request: &Request, output: &Output, out: &mut impl Write) -> Result<(), Failure> {
    let (answer, _) = request.answer(true)?;
    let stats = request.read_stats(answer.stats);
    let solution = answer.solutions.first().map(Vec::as_slice);
    let preplaced = request.problem.preplaced();
    match (output, solution) {
        (Output::Json, _) => {
            let record = FirstRecord {
                n: request.problem.n(),
                algorithm: request.solver.info().name,
                queens: solution,
                stats,
                solver_stats: answer.own,
            };
            output::json_line(out, &record)?;
        }
        (_, None) => {}
        (Output::Text(format), Some(queens)) => {
            output::write_board(out, *format, queens, preplaced)?;
        }
        (Output::Svg(None), Some(queens)) => {
            out.write_all(svg::board(queens, preplaced).as_bytes())?;
        }
        (Output::Svg(Some(path)), Some(queens)) => {
            queens_toolkit::files::write_whole(path, svg::board(queens, preplaced).as_bytes())
                .map_err(failure::written(path))?;
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    match solution {
        Some(_) => Ok(()),
        None => Err(failure::none_found(
            &*request.solver,
            request.problem.clone(),
            Failure::NoSolution,
        )),
    }
}
