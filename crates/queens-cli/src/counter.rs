//! `count` on the bitboard's parallel counter: the default way a count
//! runs, and the fastest; and `count --shard I/K`, one shard of it.
//!
//! The counter answers what [`queens_core::modes`] answers for a plain
//! board, the number of solutions or of fundamental ones, but not through
//! the model's search: it places the queens of the board's edges first,
//! one frame of each class under the symmetries, counts inside the frames
//! many boards abreast, and counts both numbers at once, in work units
//! spread over `--threads` threads (the registry's [`COUNTER`]). It runs
//! when the bitboard solver is asked (the default) for a board without
//! pre-placed queens, which its symmetries need, and without `--budget` or
//! `--stats`, since it does not count the queens it places: with any, the
//! bitboard's own search runs through the model like every other solver's,
//! budget and statistics included.
//!
//! Its work is predicted by the board size alone ([`guard::counter_refusal`]),
//! and Ctrl-C stops it within milliseconds, inside a unit: no budget is
//! needed. Its JSON record
//! has no statistics, the model's count of queens and checks, which it does
//! not keep: its record says so in `stats_note`, with the command that counts
//! with them, and says how many units and threads it used.
//!
//! One shard of a count, `--shard I/K`, is counted unit by unit in
//! [`crate::shard`], so that its record holds every unit's count.

use std::io::Write;

use queens_solvers::{COUNTER, Tallied, WorkUnits};

use crate::args::{BACKSTOP_BUDGET, Options};
use crate::failure::Failure;
use crate::guard::PastLimit;
use crate::output::{self, CountRecord, CounterRecord};
use crate::task::Task;
use crate::{guard, progress};

/// The most threads `--threads` may ask for: far more than any machine this
/// runs on has cores, few enough that a typo cannot start thousands.
pub(crate) const MOST_THREADS: u64 = 256;

/// Whether a count with `options` runs on the counter.
pub(crate) fn applies(options: &Options) -> bool {
    let problem = &options.problem;
    COUNTER.counts_for(problem.algo) && problem.queens.is_empty() && problem.budget.is_none()
}

/// Counts the board of `options` on `threads` threads (`None`: one per
/// core), and prints the answer as `count` does.
pub(crate) fn count(
    options: &Options,
    threads: Option<usize>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let n = options.problem.n;
    // The board's size first, then the guard, then the frames, which a
    // large board takes seconds to list.
    PastLimit::check(COUNTER.solver, n, Task::Count)?;
    if let Some(refusal) = guard::counter_refusal(n, 1).filter(|_| !options.force) {
        return Err(Failure::Refused(refusal));
    }
    let plan = (COUNTER.units)(n)?;
    let threads = threads.unwrap_or_else(cores);
    let every: Vec<usize> = (0..plan.len()).collect();
    let (tallied, seconds) = count_units(&plan, &every, threads, options)?;
    let counts = tallied.classes.counts();
    let count = if options.unique {
        counts.unique
    } else {
        counts.total
    };
    if options.json {
        let record = CountRecord {
            n,
            algorithm: COUNTER.solver.info().name,
            unique: options.unique,
            count,
            stats: None,
            stats_note: Some(stats_note(n)),
            counter: Some(CounterRecord {
                units: plan.len(),
                threads,
            }),
            seconds,
        };
        output::json_line(out, &record)?;
    } else {
        writeln!(out, "{count}")?;
    }
    Ok(())
}

/// Why the counter's record has no statistics, and the command whose record
/// has them: with `--stats`, `count` runs the bitboard's own search through
/// the model, whose statistics a trace's summary equals. The counter keeps
/// none because counting its nodes would add work to the loop that counts
/// many boards abreast, its fastest code. The command is named only where
/// it would finish without `--force`; elsewhere the note says why not.
fn stats_note(n: usize) -> String {
    let lead = "the parallel counter keeps no statistics, which would slow its inner loop";
    match stats_search_refusal(n) {
        None => format!(
            "{lead}; queens count {n} --json --stats counts with the bitboard's search and its \
             statistics, those of queens trace {n}"
        ),
        Some(refusal) => format!(
            "{lead}, and queens count {n} --json --stats, which counts with the bitboard's \
             search, is refused without --force: {refusal}"
        ),
    }
}

/// Why `count n --stats` would be refused without `--force`, as the guard
/// judges the bitboard's search of the plain board with the default budget
/// of a count; `None` when it would run to the end.
fn stats_search_refusal(n: usize) -> Option<guard::Refusal> {
    let solver = COUNTER.solver;
    let problem = queens_core::Problem::new(n);
    guard::refusal(&solver.info(), queens_core::Mode::Count, &problem)
        .or_else(|| guard::stats_refusal(solver, &problem, Some(BACKSTOP_BUDGET)))
}

/// Counts the units `own` of `plan` on `threads` threads with a bar, unless
/// Ctrl-C stops it; with the seconds it took.
fn count_units(
    plan: &WorkUnits,
    own: &[usize],
    threads: usize,
    options: &Options,
) -> Result<(Tallied, f64), Failure> {
    let stop = progress::interrupt_flag();
    let (tallied, seconds) = progress::counted_units(plan.n(), !options.quiet, |progress| {
        plan.classify_until(own, threads, stop, progress)
    });
    let tallied = tallied.map_err(Failure::Threads)?;
    if tallied.stopped {
        let counts = tallied.classes.counts();
        let solutions = if options.unique {
            counts.unique
        } else {
            counts.total
        };
        return Err(Failure::Interrupted { solutions });
    }
    Ok((tallied, seconds))
}

/// One thread per core, when `--threads` is not given.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_names_stats_only_where_they_would_be_had() {
        assert!(
            stats_note(17).ends_with(
                "; queens count 17 --json --stats counts with the bitboard's search and its \
                 statistics, those of queens trace 17"
            ),
            "{}",
            stats_note(17)
        );
        assert_eq!(
            stats_note(18),
            "the parallel counter keeps no statistics, which would slow its inner loop, and \
             queens count 18 --json --stats, which counts with the bitboard's search, is \
             refused without --force: --stats counts n = 18 with the bitboard solver's whole \
             search, which would place 59,365,844,490 queens; its budget stops it at \
             10,000,000,000"
        );
        assert!(
            stats_note(19).ends_with(
                "is refused without --force: counting the solutions for n = 19 with the \
                 bitboard solver would take a long time (it handles n up to 16 in seconds)"
            ),
            "{}",
            stats_note(19)
        );
    }
}
