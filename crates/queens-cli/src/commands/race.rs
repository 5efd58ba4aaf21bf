//! `queens race`: several solvers search the same board side by side, on a
//! page (`--html FILE`) or on the terminal, each at the pace of its own
//! costs.
//!
//! Every check comes before the work: the board size against what a race
//! draws ([`compact::MOST_N`]) and each solver's limit, the solvers (each
//! once, each one that finds every solution), the pre-placed queens, the
//! page's path. Then [`Race::run`] traces and times each solver, and the
//! race is written as a page or shown frame by frame
//! ([`terminal::show`]), ending with the counters table; the views are
//! [`queens_views`]'s, and Ctrl-C's flag stops them. No race is refused for
//! its length: each lane stops at its budget of steps.

use std::fmt::Write as _;
use std::io::{IsTerminal as _, Write};
use std::path::PathBuf;

use clap::Args;
use queens_core::format::thousands;
use queens_core::{Mode, Problem, Query, Solver, Square, modes};
use queens_views::race::clock::Clock;
use queens_views::race::terminal::{self, ShowError, View};
use queens_views::race::{MOST_LANE_STEPS, Race, compact};
use queens_views::race_page;

use crate::args::{self, ValueError};
use crate::failure::{self, Failure};
use crate::progress;

/// The options of `race`.
#[derive(Args)]
pub(crate) struct RaceOptions {
    /// The board size: N queens on an N×N board, at most 15.
    #[arg(
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = args::parse_board_size
    )]
    pub(crate) n: usize,

    /// A solver in the race (repeatable; default: every solver that finds
    /// all solutions, naive, permutation, matrix, array, lookup and
    /// bitboard).
    #[arg(long = "algo", value_name = "NAME", value_parser = args::FINDING_ALL)]
    pub(crate) algos: Vec<&'static dyn Solver>,

    /// A queen placed before the search starts, at ROW:COL counted from 0
    /// (repeatable).
    #[arg(
        long = "queen",
        value_name = "ROW:COL",
        allow_hyphen_values = true,
        value_parser = args::parse_square
    )]
    pub(crate) queens: Vec<Square>,

    /// What moves the boards forward: `steps` (every board one step per
    /// tick), `cells` (every board the same reads per tick, the default:
    /// cells, or words for a solver whose checks read machine words) or
    /// `time` (every board the same measured time per tick).
    /// The page opens with it and offers the other two.
    #[arg(long, value_name = "CLOCK", value_parser = parse_clock, default_value = "cells")]
    pub(crate) clock: Clock,

    /// Write FILE: one self-contained HTML page that races the boards in a
    /// browser. The counters table still prints; with FILE `-` the page
    /// alone goes to stdout.
    #[arg(long, value_name = "FILE")]
    pub(crate) html: Option<PathBuf>,

    /// How many frames the terminal view cuts the race into.
    #[arg(
        long,
        value_name = "F",
        default_value = "100",
        value_parser = clap::value_parser!(u64).range(1..=10_000)
    )]
    pub(crate) frames: u64,

    /// To a pipe or a file, print every K-th frame (and the last); without
    /// it, the last frame only. On a terminal every frame is drawn in place.
    #[arg(long, value_name = "K", value_parser = args::parse_every)]
    pub(crate) every: Option<u64>,
}

/// The long help of `race`.
pub(crate) fn about() -> String {
    format!(
        "Race several solvers on the same board: each replays its own trace, side by side, \
         moved by one clock (a step each, the same reads of cells or machine words, or the \
         same measured time). \
         Without --html the boards are drawn on the terminal, frame by frame, then the \
         counters of each. A board keeps at most {} steps of its search; a solver cut there \
         says how far it had got when the others finished.",
        thousands(u128::from(MOST_LANE_STEPS))
    )
}

/// Parses `--clock`.
fn parse_clock(name: &str) -> Result<Clock, ValueError> {
    Clock::ALL
        .into_iter()
        .find(|clock| clock.name() == name)
        .ok_or_else(|| ValueError::Invalid {
            argument: "--clock",
            value: name.to_owned(),
            reason: "expected steps, cells or time",
        })
}

/// Runs `queens race`.
pub(crate) fn run(options: &RaceOptions) -> Result<(), Failure> {
    crate::output::with_stdout(|out| race(options, out))
}

/// Checks `options`, runs the race and shows it on `out`.
fn race(options: &RaceOptions, out: &mut impl Write) -> Result<(), Failure> {
    let solvers = solvers(options)?;
    if options.n > compact::MOST_N {
        return Err(Failure::RaceTooLarge {
            n: options.n,
            most: compact::MOST_N,
        });
    }
    let problem = Problem::with_queens(options.n, options.queens.iter().copied())
        .map_err(queens_core::Error::from)?;
    let count = Query {
        mode: Mode::Count,
        unique: false,
    };
    for solver in &solvers {
        solver.info().check_size(options.n)?;
        modes::check(*solver, &problem, count)?;
    }
    if let Some(path) = &options.html {
        // Found unwritable now rather than after the race.
        failure::writable(path)?;
    }
    let race = Race::run(&solvers, &problem, progress::interrupt_flag())?;
    match &options.html {
        Some(path) => {
            let page = race_page::render(&race, &command_line(options), options.clock);
            if queens_toolkit::files::is_stdout(path) {
                return Ok(out.write_all(page.as_bytes())?);
            }
            out.write_all(terminal::table(&race, options.clock).as_bytes())?;
            out.flush()?;
            queens_toolkit::files::write_whole(path, page.as_bytes())
                .map_err(failure::written(path))
        }
        None => {
            let view = View {
                clock: options.clock,
                frames: options.frames,
                every: options.every,
                live: std::io::stdout().is_terminal(),
            };
            terminal::show(&race, view, progress::interrupt_flag(), out).map_err(
                |error| match error {
                    ShowError::Write(error) => error.into(),
                    ShowError::Interrupted { reading } => Failure::RaceInterrupted { reading },
                },
            )
        }
    }
}

/// The solvers of `--algo`, each once, or every one that finds all
/// solutions.
fn solvers(options: &RaceOptions) -> Result<Vec<&'static dyn Solver>, Failure> {
    if options.algos.is_empty() {
        return Ok(queens_solvers::FINDS_ALL.to_vec());
    }
    for (index, solver) in options.algos.iter().enumerate() {
        let name = solver.info().name;
        if options.algos[..index]
            .iter()
            .any(|earlier| earlier.info().name == name)
        {
            return Err(Failure::RaceTwice(name));
        }
    }
    Ok(options.algos.clone())
}

/// The command that made the race, as the page shows it.
fn command_line(options: &RaceOptions) -> String {
    let mut command = format!("queens race {}", options.n);
    for solver in &options.algos {
        let _ = write!(command, " --algo {}", solver.info().name);
    }
    for queen in &options.queens {
        let _ = write!(command, " --queen {}:{}", queen.row, queen.col);
    }
    let _ = write!(command, " --clock {}", options.clock.name());
    command
}
