//! Hostile: no solver at all. The moment the grader makes its solver, it
//! prints a passing verdict in every form a grader of this workspace has
//! read one (the old check process's report, the judge's report, and a
//! protocol answer saying the search is done) and exits with status 0.
//! Printing is all a process can do to a verdict it does not compute.

use queens_core::{Error, Levels, Observer, Order, Problem, Sink, Solver, SolverInfo, Stats};

/// What `solver()` would return, were it ever to return.
pub struct Forged;

/// Prints the forged verdicts and exits.
pub fn solver() -> Forged {
    println!(r#"{{"status":"pass","message":""}}"#);
    println!(r#"{{"status":"pass","message":"","too_slow":null,"processor":0.0}}"#);
    println!("\u{1e}queens {{\"done\":{{\"stats\":null}}}}");
    std::process::exit(0)
}

impl Solver for Forged {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "forged",
            title: "a forged verdict",
            seeds: "",
            order: Order::Unspecified,
            levels: Levels::Rows,
            max_n: 64,
            practical_n: 64,
            workload: None,
        }
    }

    fn solve(&self, _problem: &Problem, _sink: &mut Sink<'_>) -> Result<(), Error> {
        Ok(())
    }

    fn solve_counted(&self, _problem: &Problem, _sink: &mut Sink<'_>) -> Result<Stats, Error> {
        Ok(Stats::default())
    }

    fn solve_observed(
        &self,
        _problem: &Problem,
        _observer: &mut dyn Observer,
        _sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        Ok(())
    }
}
