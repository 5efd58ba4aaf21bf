//! `queens count`: the number of solutions, or the JSON record with the
//! search's statistics and time.

use std::io::Write;

use queens_core::Mode;

use crate::args::Options;
use crate::failure::Failure;
use crate::output::{self, CountRecord};
use crate::search::{self, Request};

/// Runs `queens count`.
pub(crate) fn run(options: &Options) -> Result<(), Failure> {
    let request = Request::new(Mode::Count, options)?;
    search::with_stdout(|out| count(&request, out))
}

/// `count`: the number alone, or the JSON record with statistics and time.
fn count(request: &Request, out: &mut impl Write) -> Result<(), Failure> {
    let (answer, seconds) = request.answer(true)?;
    if request.json {
        let record = CountRecord {
            n: request.problem.n(),
            algorithm: request.solver.info().name,
            unique: request.query.unique,
            count: answer.count,
            stats: answer.stats,
            seconds,
        };
        output::json_line(out, &record)?;
    } else {
        writeln!(out, "{}", answer.count)?;
    }
    Ok(())
}
