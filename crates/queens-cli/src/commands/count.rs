//! `queens count`: the number of solutions, or the JSON record with the
//! search's statistics and time. A plain board asked of the bitboard solver,
//! the default, is counted by its parallel counter ([`crate::counter`]);
//! every other count runs the solver's search through the model.

use std::io::Write;

use clap::Args;
use queens_core::Mode;

use crate::args::Options;
use crate::counter::{self, MOST_THREADS};
use crate::failure::Failure;
use crate::output::{self, CountRecord};
use crate::search::{self, Request};

/// The options of `count`: what every command takes, and the counter's
/// threads.
#[derive(Args)]
pub(crate) struct CountOptions {
    /// What every command takes.
    #[command(flatten)]
    pub(crate) options: Options,

    /// The threads of the bitboard's parallel counter, which counts a board
    /// without --queen or --budget (default: one per core). The counts do
    /// not depend on it.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..=MOST_THREADS)
    )]
    pub(crate) threads: Option<u64>,
}

/// Runs `queens count`.
pub(crate) fn run(count_options: &CountOptions) -> Result<(), Failure> {
    let options = &count_options.options;
    // The range of the parser keeps the number far below usize::MAX.
    let threads = count_options.threads.map(|threads| threads as usize);
    if counter::applies(options) {
        return search::with_stdout(|out| counter::count(options, threads, out));
    }
    if threads.is_some() {
        return Err(Failure::ThreadsWithoutCounter);
    }
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
            counter: None,
            seconds,
        };
        output::json_line(out, &record)?;
    } else {
        writeln!(out, "{}", answer.count)?;
    }
    Ok(())
}
