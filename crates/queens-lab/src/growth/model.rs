//! What `cargo xtask growth` measures and fits: the counters timed (every
//! registered solver and every step of the ladder), one series of times per
//! counter, the rates fitted to it, and the run as a whole.

use queens_bitboard::Step;
use queens_core::Solver;
use queens_core::oeis;

use super::fit;
use crate::machine::Machine;
use crate::others::Others;

/// The smallest board timed: n = 1..3 have nothing to search worth timing.
pub const FROM: usize = 4;
/// The largest board the page shows, and the default of `--to`: the
/// counter on every core counts it in about a minute.
pub const TOP: usize = 19;
/// The largest board the plain and mirror steps count: they take several
/// times as long as `+ symmetry`, and n = 12..=16 already give their rate
/// and their factors to the step above, so larger boards would only add
/// minutes to the run.
const SLOW_STEPS_TOP: usize = 16;
/// The largest board the one-board-at-a-time walks by classes count
/// (`+ symmetry`, `+ frames`), and the portable lanes (`+ lanes`), which
/// are no faster: about 15 s each at n = 17.
const WALK_STEPS_TOP: usize = 17;
/// The largest board the vector kernels count on one thread: about 40 s
/// at n = 18.
const ONE_THREAD_TOP: usize = 18;
/// The smallest `--to`: enough sizes from [`FROM`] for a fit.
const LEAST_TO: usize = FROM + fit::FIT_LEAST;
/// The largest `--to`: the last size whose counts the OEIS fixtures hold,
/// so that every count can be checked.
const MOST_TO: usize = 27;

/// Parses `--to`: a board size from [`LEAST_TO`] to [`MOST_TO`].
pub fn parse_to(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (LEAST_TO..=MOST_TO).contains(&n) => Ok(n),
        _ => Err(format!(
            "--to takes a board size from {LEAST_TO} to {MOST_TO}, not '{text}'"
        )),
    }
}

/// What is timed: a registered solver through the model's count, or a step
/// of the bitboard counter's ladder.
#[derive(Clone, Copy)]
pub enum Counter {
    /// A solver of the registry.
    Solver(&'static dyn Solver),
    /// A step of [`Step::ALL`].
    Step(Step),
}

impl std::fmt::Debug for Counter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label())
    }
}

impl Counter {
    /// Every counter: the registry in its order, then the ladder bottom
    /// first.
    pub fn all() -> Vec<Counter> {
        let solvers = queens_solvers::FINDS_ALL
            .iter()
            .map(|&solver| Counter::Solver(solver));
        solvers.chain(Step::ALL.map(Counter::Step)).collect()
    }

    /// The name in its table: the solver's own, or the step's.
    pub fn name(self) -> &'static str {
        match self {
            Counter::Solver(solver) => solver.info().name,
            Counter::Step(step) => step.name(),
        }
    }

    /// The name outside its table, where a step needs saying it is one
    /// (`+ mirror` alone says nothing of what it is added to).
    pub fn label(self) -> String {
        match self {
            Counter::Solver(solver) => solver.info().name.to_owned(),
            Counter::Step(step) => format!("ladder: {}", step.name()),
        }
    }

    /// The largest board this counter is asked to count, within `to`: a
    /// solver's practical limit (the naive and permutation solvers' tests,
    /// the seed backtrackers' seconds), or the ladder's.
    pub fn top(self, to: usize) -> usize {
        let own = match self {
            Counter::Solver(solver) => solver.info().practical_n,
            Counter::Step(Step::Plain | Step::Mirror) => SLOW_STEPS_TOP,
            Counter::Step(Step::Symmetry | Step::Frames | Step::Lanes) => WALK_STEPS_TOP,
            Counter::Step(Step::Avx2 | Step::Avx512 | Step::Narrow | Step::LastRows) => {
                ONE_THREAD_TOP
            }
            Counter::Step(Step::Threads) => to,
        };
        own.min(to)
    }

    /// Why the counter stops at `top`, before the largest board.
    pub(super) fn limit(self, top: usize) -> String {
        match self {
            Counter::Solver(_) => {
                format!("stops at n = {top}, its `practical_n`, the largest n it counts in seconds")
            }
            Counter::Step(_) => format!(
                "stops at n = {top}, as the steps below `+ threads` do, to keep the \
                 run short: n = 12..={top} give their rate"
            ),
        }
    }
}

/// One counter's measurements.
#[derive(Debug)]
pub struct Series {
    /// What was timed.
    pub counter: Counter,
    /// Seconds to count every solution, by board size, smallest first.
    pub times: Vec<(usize, f64)>,
    /// Queens placed by one count, for the sizes the rate is fitted over;
    /// empty when the counter does not report them.
    pub placed: Vec<(usize, f64)>,
    /// The sizes its rate is fitted over: its tree's ([`super::tree`]) for a
    /// solver, its own largest for a step of the ladder; `None` when too
    /// few took long enough.
    pub fitted: Option<Vec<usize>>,
    /// Why the series ends before the largest board, if it does.
    pub stop: Option<String>,
}

/// A series' growth per extra queen, each fitted the same way over the
/// same sizes.
#[derive(Clone, Debug, PartialEq)]
pub struct Rates {
    /// The sizes fitted over.
    pub sizes: Vec<usize>,
    /// The factor of the time.
    pub time: f64,
    /// The factor of the number of solutions, Q(n+1)/Q(n).
    pub solutions: f64,
    /// The factor of queens placed, where the counter reports them.
    pub placed: Option<f64>,
}

impl Rates {
    /// Whether the time grows less than half as fast as the solutions. A
    /// search's time grows with its tree, about as the solutions do (or
    /// faster, for the solvers that prune nothing); one that grows far less
    /// was timed on boards so small that the costs that do not grow with the
    /// tree (threads started, frames built, lanes filled, the first call)
    /// are much of it, and its rate is not the search's.
    pub fn flattened(&self) -> bool {
        self.time < self.solutions / 2.0
    }
}

impl Series {
    /// The series' rates; `None` when too few of its sizes took long enough
    /// to fit (the naive solver's, whose next size would take seconds).
    pub fn rates(&self) -> Option<Rates> {
        let sizes = self.fitted.clone()?;
        let solutions: Vec<(usize, f64)> = sizes
            .iter()
            .filter_map(|&n| Some((n, oeis::solution_count(n)? as f64)))
            .collect();
        Some(Rates {
            time: fit::rate(&fit::at(&self.times, &sizes))?,
            solutions: fit::rate(&solutions)?,
            placed: fit::rate(&fit::at(&self.placed, &sizes)),
            sizes,
        })
    }
}

/// Solvers that search one tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    /// The places in the run's series of its solvers, in the run's order.
    pub members: Vec<usize>,
    /// The queens each of them places on an empty board of
    /// [`TREE_N`](super::tree::TREE_N).
    pub placed: u64,
    /// The sizes its rates are fitted over, when enough sizes took long
    /// enough.
    pub sizes: Option<Vec<usize>>,
}

/// Everything the task measured.
#[derive(Debug)]
pub struct Growth {
    /// Where it ran.
    pub machine: Machine,
    /// The largest board asked for.
    pub to: usize,
    /// One series per counter, in [`Counter::all`]'s order.
    pub series: Vec<Series>,
    /// The solvers grouped by the tree they search.
    pub trees: Vec<Tree>,
    /// How busy other programs kept the cores, over the run and in each
    /// count: other work on the machine slows the counts.
    pub others: Others,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_board_is_checked() {
        assert_eq!(parse_to("12"), Ok(12));
        assert_eq!(
            parse_to("28"),
            Err("--to takes a board size from 7 to 27, not '28'".to_owned())
        );
        assert!(parse_to("six").is_err());
    }

    #[test]
    fn every_solver_and_step_is_a_counter_with_its_own_label() {
        let labels: Vec<String> = Counter::all().into_iter().map(Counter::label).collect();
        let unique: std::collections::BTreeSet<&String> = labels.iter().collect();
        assert_eq!(
            labels.len(),
            queens_solvers::FINDS_ALL.len() + Step::ALL.len()
        );
        assert_eq!(
            unique.len(),
            labels.len(),
            "no step is labelled as a solver"
        );
    }
}
