//! `queens count`: the number of solutions, or the JSON record with the
//! search's statistics and time. A plain board asked of the bitboard solver,
//! the default, is counted by its parallel counter ([`crate::counter`]);
//! every other count runs the solver's search through the model. One shard
//! of a count, `--shard I/K`, is [`crate::shard`]'s.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use queens_core::Mode;

use queens_shards::MOST_SHARDS;

use crate::args::Options;
use crate::counter::{self, MOST_THREADS};
use crate::failure::Failure;
use crate::output::{self, CountRecord};
use crate::request::Request;
use crate::{guard, shard};

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

    /// Count with the search's own statistics (queens placed, safety
    /// checks, and cells read, or words read for the bitboard), which
    /// `--json` prints: the solver's search runs
    /// through the model, even for the bitboard, whose parallel counter
    /// (the default) keeps none and is many times faster. A search stopped
    /// at its budget has no statistics to give, so a plain board whose
    /// search would place more queens than the budget (10^10 by default:
    /// from n = 18 on) is refused before it starts, unless --force lifts
    /// the default budget or a larger --budget is given.
    #[arg(long, conflicts_with_all = ["threads", "shard"])]
    pub(crate) stats: bool,

    /// Count only shard I of K (I from 0 to K - 1) and print its JSON
    /// record for `queens merge`, as a Slurm job array's task does with
    /// `--shard ${SLURM_ARRAY_TASK_ID}/K` (K fixed for the whole count, so
    /// that `--array=3,7` resubmits shards of it). The record holds both
    /// counts.
    #[arg(
        long,
        value_name = "I/K",
        value_parser = parse_shard,
        conflicts_with_all = ["unique", "json"]
    )]
    pub(crate) shard: Option<(usize, usize)>,

    /// Write the shard's record to FILE, whole or not at all, instead of
    /// stdout (`-`). A symbolic link is written through; a device or a
    /// FIFO is written to.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub(crate) out: Option<PathBuf>,

    /// Sign the shard's record with the key in FILE (at least 16 bytes,
    /// used whole), for a cluster whose records others can write: `queens
    /// merge --key-file FILE` then refuses a record changed without it.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub(crate) key_file: Option<PathBuf>,
}

/// Parses `--shard I/K`.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(index, of)| Some((index.parse::<usize>().ok()?, of.parse::<usize>().ok()?)));
    match parsed {
        None => Err(format!("'{text}' is not I/K, shard I of K (e.g. 3/16)")),
        Some((_, 0)) => Err("the number of shards must be at least 1".to_owned()),
        Some((_, of)) if of > MOST_SHARDS => Err(format!("at most {MOST_SHARDS} shards")),
        Some((index, of)) if index >= of => Err(format!(
            "shard {index} of {of}: shards are numbered 0 to {}",
            of - 1
        )),
        Some(shard) => Ok(shard),
    }
}

/// Runs `queens count`.
pub(crate) fn run(count_options: &CountOptions) -> Result<(), Failure> {
    let options = &count_options.options;
    // The range of the parser keeps the number far below usize::MAX.
    let threads = count_options.threads.map(|threads| threads as usize);
    if counter::applies(options) && !count_options.stats {
        let Some(which) = count_options.shard else {
            return crate::output::with_stdout(|out| counter::count(options, threads, out));
        };
        let key = count_options
            .key_file
            .as_deref()
            .map(shard::read_key)
            .transpose()?;
        let out = count_options.out.as_deref();
        return shard::count(options, threads, which, out, key.as_ref());
    }
    if threads.is_some() || count_options.shard.is_some() {
        return Err(Failure::ThreadsWithoutCounter);
    }
    let request = Request::new(Mode::Count, options)?;
    if count_options.stats {
        refuse_past_budget(&request, options)?;
    }
    crate::output::with_stdout(|out| count(&request, out))
}

/// Refuses `--stats` where the whole search would place more queens than
/// its budget: stopped there, it would have no statistics to give
/// ([`guard::stats_refusal`]). The default budget gives way to `--force`,
/// one given only to a larger `--budget`.
fn refuse_past_budget(request: &Request, options: &Options) -> Result<(), Failure> {
    let refused = guard::stats_refusal(&*request.solver, &request.problem, request.budget);
    match refused {
        None => Ok(()),
        Some(refusal) => Err(Failure::StatsRefused {
            refusal,
            remedy: if options.problem.budget.is_some() {
                "pass a larger --budget to run it, or --force without --budget"
            } else {
                "pass --force to run it anyway"
            },
        }),
    }
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
            stats: request.read_stats(answer.stats),
            stats_note: None,
            counter: None,
            seconds,
        };
        output::json_line(out, &record)?;
    } else {
        writeln!(out, "{}", answer.count)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_or_say_why_not() {
        assert_eq!(parse_shard("3/16"), Ok((3, 16)));
        assert_eq!(parse_shard("0/1"), Ok((0, 1)));
        assert_eq!(
            parse_shard("16/16"),
            Err("shard 16 of 16: shards are numbered 0 to 15".to_owned())
        );
        assert_eq!(
            parse_shard("0/0"),
            Err("the number of shards must be at least 1".to_owned())
        );
        assert_eq!(
            parse_shard("3"),
            Err("'3' is not I/K, shard I of K (e.g. 3/16)".to_owned())
        );
        assert_eq!(
            parse_shard("1/20000000"),
            Err("at most 10000000 shards".to_owned())
        );
    }
}
