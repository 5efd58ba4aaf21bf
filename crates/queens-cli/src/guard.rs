//! The guard against work that would take hours: the tool says so before it
//! starts, and runs it only when given `--force`.
//!
//! Two rules, both taken from what the solvers declare about themselves in
//! their [`SolverInfo`], so that a new solver is guarded without a line here:
//!
//! - A solver that can say beforehand how much it will test (its
//!   [`SolverInfo::workload`]: the naive solver's `C(n², n)` placements,
//!   the permutation solver's `n!` permutations) is
//!   refused past [`MOST_TESTS`], for every command, `first` included: where
//!   the first solution lies among the placements cannot be predicted.
//! - Any other solver is refused `count` and `all` on boards more than
//!   [`GRACE`] larger than its [`SolverInfo::practical_n`], the largest it
//!   counts in seconds; every row more multiplies a backtracking search's
//!   time by roughly n, so two rows past seconds is already minutes. They
//!   are refused `first` past twice that size: the work to the first
//!   solution is small for most boards but grows erratically (see
//!   [`first_limit`]).
//!
//! A trace visits the whole tree, as a count does, so it is guarded as a
//! count is, unless a `--limit` within the budget of queens bounds it.
//!
//! `count --stats` asks for the statistics of a whole search, which a
//! search stopped at its budget does not have: a plain board whose tree
//! ([`crate::tree`]) is past the budget is refused before it starts
//! ([`stats_refusal`]), rather than stopped minutes later with exit
//! status 3.
//!
//! The rules predict; the budget of queens placed (`--budget`, watched by
//! the `progress` module) bounds the work actually done, for the searches no
//! rule can predict and as a backstop for the rest.

use std::fmt::{self, Write as _};

use queens_core::{Finds, Mode, Problem, Solver, SolverInfo, Workload, format};
use queens_solvers::COUNTER;

use crate::task::Task;
use crate::tree::{self, Placed};

/// The most placements a solver with a known workload may test without
/// `--force`: about a second of the naive solver's work.
const MOST_TESTS: u128 = 1_000_000_000;

/// How much larger than its practical size a board may be before counting or
/// listing it with a backtracking solver needs `--force`.
const GRACE: usize = 2;

/// Why a run is refused without `--force`.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The solver would test more than [`MOST_TESTS`] placements.
    Workload {
        /// The solver's short name.
        solver: &'static str,
        /// What it would test.
        workload: Workload,
    },
    /// The board is well past what the solver counts in seconds.
    TooLarge {
        /// What the run would do: "counting" or "listing".
        task: &'static str,
        /// The board size asked for.
        n: usize,
        /// The solver's short name.
        solver: &'static str,
        /// The largest board it counts in seconds.
        practical_n: usize,
    },
    /// A solver that finds one solution would need more memory than it is
    /// let take without `--force`.
    Memory {
        /// The board size asked for.
        n: usize,
        /// The solver's short name.
        solver: &'static str,
        /// The largest board it is let solve.
        largest: usize,
    },
    /// A trace of a board this large would not end in reasonable time,
    /// whatever the solver: it narrates every event and draws the board,
    /// n² squares, at each solution.
    TraceTooLarge {
        /// The board size asked for.
        n: usize,
    },
    /// `count --stats` would place more queens than its budget lets it,
    /// and a search stopped at its budget has no statistics to give.
    PastBudget {
        /// The board size asked for.
        n: usize,
        /// The solver's short name.
        solver: &'static str,
        /// The queens its whole search places.
        placed: Placed,
        /// The most it may place.
        budget: u64,
    },
    /// The board is well past where the solver finds a first solution in
    /// seconds.
    FirstTooLarge {
        /// The board size asked for.
        n: usize,
        /// The solver's short name.
        solver: &'static str,
        /// The largest board it is let find a first solution on.
        largest: usize,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Workload { solver, workload } => {
                write!(f, "the {solver} solver would test {workload}")
            }
            Refusal::TooLarge {
                task,
                n,
                solver,
                practical_n,
            } => write!(
                f,
                "{task} the solutions for n = {n} with the {solver} solver would take a long time \
                 (it handles n up to {practical_n} in seconds)"
            ),
            Refusal::Memory { n, solver, largest } => write!(
                f,
                "a solution for n = {} with the {solver} solver would need about {} MB of \
                 memory ({BYTES_PER_QUEEN} bytes a queen); it solves n up to {} without --force",
                format::thousands(*n as u128),
                format::thousands((*n as u128 * BYTES_PER_QUEEN as u128).div_ceil(1 << 20)),
                format::thousands(*largest as u128)
            ),
            Refusal::TraceTooLarge { n } => write!(
                f,
                "tracing n = {} would narrate every event and draw a board of {} squares at \
                 its solution; a trace goes up to n = {} without --force",
                format::thousands(*n as u128),
                format::thousands((*n as u128).pow(2)),
                format::thousands(MOST_TRACED_N as u128)
            ),
            Refusal::PastBudget {
                n,
                solver,
                placed,
                budget,
            } => write!(
                f,
                "--stats counts n = {n} with the {solver} solver's whole search, which would \
                 place {placed} queens; its budget stops it at {}",
                format::thousands(u128::from(*budget))
            ),
            Refusal::FirstTooLarge { n, solver, largest } => write!(
                f,
                "finding a first solution for n = {n} with the {solver} solver may take hours: \
                 the work to the first solution grows erratically past n = {largest}"
            ),
        }
    }
}

/// Whether asking `mode` of an `n`×`n` board of the solver described by
/// `info` is refused without `--force`, and why.
pub(crate) fn refusal(info: &SolverInfo, mode: Mode, problem: &Problem) -> Option<Refusal> {
    let n = problem.n();
    if let Some(estimate) = info.workload {
        let workload = estimate(problem);
        let too_much = workload.amount.is_none_or(|amount| amount > MOST_TESTS);
        return too_much.then_some(Refusal::Workload {
            solver: info.name,
            workload,
        });
    }
    size_refusal(info, mode, n)
}

/// Whether asking `mode` of an `n`×`n` board is refused without `--force`
/// by the board's size alone, for a solver without a known workload.
fn size_refusal(info: &SolverInfo, mode: Mode, n: usize) -> Option<Refusal> {
    let task = match mode {
        Mode::First => return first_refusal(info, n),
        Mode::Count => "counting",
        Mode::All => "listing",
    };
    (n > info.practical_n.saturating_add(GRACE)).then_some(Refusal::TooLarge {
        task,
        n,
        solver: info.name,
        practical_n: info.practical_n,
    })
}

/// Whether counting `problem` with `solver`'s search for its statistics
/// (`count --stats`) within `budget` queens placed is refused: when the
/// board is plain, the solver a backtracking one (no workload of its own,
/// every solution found), and its tree reaches the budget: the budget stops
/// a search at the queen that reaches it, the last one too. A board with
/// pre-placed queens, whose tree no table holds, is left to the budget.
pub(crate) fn stats_refusal(
    solver: &dyn Solver,
    problem: &Problem,
    budget: Option<u64>,
) -> Option<Refusal> {
    let info = solver.info();
    let backtracking = info.workload.is_none() && solver.finds() == Finds::All;
    let budget = budget.filter(|_| backtracking && problem.is_plain())?;
    let placed = tree::placed_on_plain(problem.n())?;
    (placed.queens >= budget as f64).then_some(Refusal::PastBudget {
        n: problem.n(),
        solver: info.name,
        placed,
        budget,
    })
}

/// The solvers of the registry that answer `mode` on a plain `n`×`n` board
/// without `--force`: those that accept the board, can answer the mode,
/// and whose work the rules above let through. A count asks only the
/// solvers that find every solution; the problem is built only for a
/// solver whose workload is computed from it (those accept small boards
/// alone), so that asking about a huge board allocates nothing.
pub(crate) fn reaching(mode: Mode, n: usize) -> Vec<&'static dyn Solver> {
    let answers = |solver: &&dyn Solver| mode == Mode::First || solver.finds() == Finds::All;
    queens_solvers::every()
        .filter(answers)
        .filter(|solver| {
            let info = solver.info();
            let refused = if info.check_size(n).is_err() {
                true
            } else if solver.finds() != Finds::All {
                memory_refusal(&info, n).is_some()
            } else if info.workload.is_some() {
                refusal(&info, mode, &Problem::new(n)).is_some()
            } else {
                size_refusal(&info, mode, n).is_some()
            };
            !refused
        })
        .collect()
}

/// A board past the largest the asked solver accepts at all, and the way
/// on: the solvers of the registry that reach it ([`reaching`]), or, for a
/// count, a listing or a trace that none reaches, the solvers that find one
/// solution of it.
#[derive(Debug)]
pub(crate) struct PastLimit {
    /// What was asked.
    task: Task,
    /// The board size asked for.
    n: usize,
    /// The solver asked.
    solver: &'static str,
    /// Its largest board.
    max_n: usize,
    /// Why its largest board is there, from the registry.
    why: Option<&'static str>,
    /// The solvers that do the task on the board without `--force`.
    reach: Vec<&'static str>,
    /// The solvers that find one solution of it without `--force`.
    find_one: Vec<&'static str>,
}

impl PastLimit {
    /// Checks `n` against the largest board of `solver` for `task`: the
    /// refusal, with the solvers that reach the board, when it is past it.
    pub(crate) fn check(solver: &dyn Solver, n: usize, task: Task) -> Result<(), PastLimit> {
        let info = solver.info();
        if info.check_size(n).is_ok() {
            return Ok(());
        }
        let names = |mode| reaching(mode, n).iter().map(|s| s.info().name).collect();
        Err(PastLimit {
            task,
            n,
            solver: info.name,
            max_n: info.max_n,
            why: queens_solvers::largest_board(solver),
            reach: names(task.mode()),
            find_one: names(Mode::First),
        })
    }
}

impl fmt::Display for PastLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n = {} is past the {} solver's largest board, n = {}",
            format::thousands(self.n as u128),
            self.solver,
            format::thousands(self.max_n as u128)
        )?;
        if let Some(why) = self.why {
            write!(f, " ({why})")?;
        }
        if !self.reach.is_empty() {
            let verb = match self.task {
                Task::First => "finds one solution",
                Task::Count => "counts them",
                Task::List => "lists them",
                Task::Trace => "traces its search",
            };
            return write!(f, "; {} {verb}", algos(&self.reach));
        }
        let task = match self.task {
            Task::First => {
                return write!(
                    f,
                    "; no solver of the workspace finds one solution of a board that large \
                     without --force"
                );
            }
            Task::Count => "counts every solution",
            Task::List => "lists every solution",
            Task::Trace => "traces the whole search",
        };
        write!(
            f,
            "; no solver {task} of a board that large in reasonable time"
        )?;
        if !self.find_one.is_empty() {
            write!(
                f,
                ", but queens first {} with {} finds one solution",
                self.n,
                algos(&self.find_one)
            )?;
        }
        Ok(())
    }
}

/// Solvers as `--algo` options: "--algo construct or --algo min-conflicts".
fn algos(names: &[&str]) -> String {
    let each: Vec<String> = names.iter().map(|name| format!("--algo {name}")).collect();
    match each.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => each.concat(),
    }
}

/// The memory a solver that finds one solution takes per queen, rounded
/// up: the problem's two tables of pre-placed queens (16 bytes a row each
/// way), the solution, and the solver's own arrays. `queens first 10000000
/// --algo min-conflicts --format rows` peaked at 277 MB, 28 bytes a queen;
/// the construction at 160 MB.
const BYTES_PER_QUEEN: usize = 32;

/// Whether finding one solution of an `n`×`n` board with a solver that
/// finds one (described by `info`) is refused without `--force`: past
/// twice what it solves in seconds, where its memory, not its time, is what
/// grows out of bounds. Asked before the problem, which takes memory in
/// proportion to `n`, is built.
pub(crate) fn memory_refusal(info: &SolverInfo, n: usize) -> Option<Refusal> {
    let largest = first_limit(info);
    (n > largest).then_some(Refusal::Memory {
        n,
        solver: info.name,
        largest,
    })
}

/// The largest board a backtracking solver is let look for a first solution
/// on without `--force`: twice what it counts in seconds. Backtracking's
/// work to its first solution grows erratically: the lookup-array solver
/// takes 0.3 s at n = 28, 4 s at n = 30, and was still searching after
/// 14 minutes at n = 64.
fn first_limit(info: &SolverInfo) -> usize {
    info.practical_n.saturating_mul(2)
}

/// Whether looking for a first solution on an `n`×`n` board is refused.
fn first_refusal(info: &SolverInfo, n: usize) -> Option<Refusal> {
    let largest = first_limit(info);
    (n > largest).then_some(Refusal::FirstTooLarge {
        n,
        solver: info.name,
        largest,
    })
}

/// Whether counting an `n`×`n` board, or one of `shards` shards of it, with
/// the bitboard's parallel counter is refused without `--force`: past
/// [`GRACE`] rows more than it counts in seconds, as for any other solver,
/// since each row more costs it about [`ROW_FACTOR`] times as much (n = 22
/// would take hours on two cores). A shard does a `shards`-th of the work,
/// so each factor of [`ROW_FACTOR`] in the shards allows one row more.
pub(crate) fn counter_refusal(n: usize, shards: usize) -> Option<Refusal> {
    let mut largest = COUNTER.practical_n.saturating_add(GRACE);
    let mut share = shards;
    while share >= ROW_FACTOR {
        share /= ROW_FACTOR;
        largest += 1;
    }
    (n > largest).then_some(Refusal::TooLarge {
        task: "counting",
        n,
        solver: COUNTER.solver.info().name,
        practical_n: COUNTER.practical_n,
    })
}

/// About how many times the counter's work grows from one board to the
/// next around n = 18: the solutions grow 6.95 times from n = 17 to 18 and
/// 7.46 times to 19, and the counter's time with them (`cargo xtask
/// growth` fits the rates).
const ROW_FACTOR: usize = 7;

/// The largest board traced without `--force`, whatever the solver: a
/// trace narrates every event and draws the board, n² squares, at each
/// solution. Min-conflicts' trace of n = 1,000 takes about half a second,
/// of n = 4,000 half a minute, and it grows faster than n² from there.
const MOST_TRACED_N: usize = 1_000;

/// Whether tracing the whole search of `problem` is refused without
/// `--force`: when counting its solutions is, since a trace walks the
/// same tree and prints more besides, and past [`MOST_TRACED_N`].
pub(crate) fn trace_refusal(info: &SolverInfo, problem: &Problem) -> Option<Refusal> {
    if problem.n() > MOST_TRACED_N {
        return Some(Refusal::TraceTooLarge { n: problem.n() });
    }
    refusal(info, Mode::Count, problem).map(|refusal| match refusal {
        Refusal::TooLarge {
            n,
            solver,
            practical_n,
            ..
        } => Refusal::TooLarge {
            task: "tracing",
            n,
            solver,
            practical_n,
        },
        workload => workload,
    })
}

/// The rules above as `--help` tells them, with every solver's own limits
/// taken from the registry.
pub(crate) fn rules() -> String {
    let mut text = format!(
        "Work that would take hours is refused before it starts, unless --force is given. \
         A solver that knows beforehand how many placements it will test refuses more than \
         {} of them, for every command. Any other solver refuses to count or list boards \
         more than {GRACE} larger than the largest it counts in seconds, and to look for a \
         first solution on boards more than twice that size.\n\nWithout --force:\n",
        format::thousands(MOST_TESTS)
    );
    let width = queens_solvers::names()
        .iter()
        .map(|name| name.len())
        .max()
        .unwrap_or(0);
    for solver in queens_solvers::every() {
        let info = solver.info();
        let limit = if solver.finds() == Finds::All {
            limit(&info)
        } else {
            format!(
                "first only (it finds one solution), up to n = {}",
                first_limit(&info)
            )
        };
        let _ = writeln!(text, "  {:<width$} {limit}", info.name);
    }
    let _ = writeln!(
        text,
        "The {}'s parallel counter, which runs count without --queen or --budget, counts up to \
         n = {} (it counts n = {} in seconds).",
        COUNTER.solver.info().name,
        COUNTER.practical_n + GRACE,
        COUNTER.practical_n
    );
    let _ = writeln!(
        text,
        "A trace goes up to n = {}, whatever the solver: it narrates every event and draws the \
         board at each solution.",
        format::thousands(MOST_TRACED_N as u128)
    );
    text
}

/// The long help of `--force`: what it does, then the rules.
pub(crate) fn force_help() -> String {
    format!(
        "Run work that would take hours instead of refusing it.\n\n{}",
        rules().trim_end()
    )
}

/// One solver's limit without `--force`, for [`rules`], after its name.
fn limit(info: &SolverInfo) -> String {
    if info.workload.is_some() {
        let refused =
            (0..=info.max_n).find_map(|n| match refusal(info, Mode::First, &Problem::new(n)) {
                Some(Refusal::Workload { workload, .. }) => Some((n, workload)),
                _ => None,
            });
        return match refused {
            Some((n, workload)) => format!(
                "every command up to n = {} (n = {n} would test {workload})",
                n.saturating_sub(1)
            ),
            None => format!("every command up to n = {}", info.max_n),
        };
    }
    format!(
        "count and all up to n = {} (it counts n = {} in seconds), first up to n = {}",
        info.practical_n.saturating_add(GRACE),
        info.practical_n,
        first_limit(info)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(solvers: Vec<&'static dyn Solver>) -> Vec<&'static str> {
        solvers.iter().map(|solver| solver.info().name).collect()
    }

    #[test]
    fn the_solvers_that_reach_a_board_follow_the_rules() {
        // A first solution of n = 30: the lookup solver's twice 15, the
        // bitboard's twice 16, and the two that find one; the generators'
        // workloads and the other searches' limits are past.
        assert_eq!(
            names(reaching(Mode::First, 30)),
            ["lookup", "bitboard", "construct", "min-conflicts"]
        );
        assert_eq!(
            names(reaching(Mode::Count, 14)),
            ["matrix", "array", "lookup", "bitboard"]
        );
        assert_eq!(names(reaching(Mode::All, 19)), Vec::<&str>::new());
        assert_eq!(names(reaching(Mode::First, 1 << 40)), Vec::<&str>::new());
    }

    /// A solver outside the registry with a small largest board, which it
    /// gives no reason for; its search is never run.
    struct Tiny;

    impl queens_core::Search for Tiny {
        const INFO: SolverInfo = SolverInfo {
            name: "tiny",
            max_n: 10,
            ..solver(None)
        };

        fn search<O: queens_core::Observer>(&self, _: &Problem, _: &mut O) {}
    }

    #[test]
    fn a_board_past_a_solvers_largest_names_the_others_that_reach_it() {
        let past = |n, task| PastLimit::check(&Tiny, n, task).unwrap_err().to_string();
        assert_eq!(
            past(30, Task::First),
            "n = 30 is past the tiny solver's largest board, n = 10; --algo lookup, --algo \
             bitboard, --algo construct or --algo min-conflicts finds one solution"
        );
        assert_eq!(
            past(14, Task::Count),
            "n = 14 is past the tiny solver's largest board, n = 10; --algo matrix, --algo \
             array, --algo lookup or --algo bitboard counts them"
        );
        assert!(PastLimit::check(&Tiny, 10, Task::Count).is_ok());
    }

    use queens_core::{Order, Square};

    const fn solver(workload: Option<fn(&Problem) -> Workload>) -> SolverInfo {
        SolverInfo {
            name: "test",
            title: "a solver for the tests",
            seeds: "none",
            order: Order::RowMajor,
            levels: queens_core::Levels::Rows,
            max_n: 64,
            practical_n: 10,
            workload,
        }
    }

    fn placements(problem: &Problem) -> Workload {
        let n = problem.n();
        Workload {
            formula: format!("10^{n}"),
            amount: u32::try_from(n).ok().and_then(|n| 10u128.checked_pow(n)),
            unit: "placements",
        }
    }

    #[test]
    fn a_known_workload_is_refused_past_a_billion_tests_for_every_mode() {
        let info = solver(Some(placements));
        assert!(refusal(&info, Mode::Count, &Problem::new(9)).is_none());
        let overflowing = refusal(&info, Mode::Count, &Problem::new(40)).map(|r| r.to_string());
        assert_eq!(
            overflowing.as_deref(),
            Some("the test solver would test 10^40 > 2^128 placements")
        );
        let refused = refusal(&info, Mode::First, &Problem::new(10)).map(|r| r.to_string());
        assert_eq!(
            refused.as_deref(),
            Some("the test solver would test 10^10 = 10,000,000,000 placements")
        );
    }

    #[test]
    fn backtracking_is_refused_two_past_its_practical_size_and_first_at_twice_it() {
        let info = solver(None);
        assert!(refusal(&info, Mode::Count, &Problem::new(12)).is_none());
        assert!(refusal(&info, Mode::First, &Problem::new(20)).is_none());
        let refused = refusal(&info, Mode::First, &Problem::new(21)).map(|r| r.to_string());
        assert_eq!(
            refused.as_deref(),
            Some(
                "finding a first solution for n = 21 with the test solver may take hours: \
                 the work to the first solution grows erratically past n = 20"
            )
        );
        let refused = refusal(&info, Mode::All, &Problem::new(13)).map(|r| r.to_string());
        assert_eq!(
            refused.as_deref(),
            Some(
                "listing the solutions for n = 13 with the test solver would take a long time \
                 (it handles n up to 10 in seconds)"
            )
        );
    }

    #[test]
    fn a_trace_is_guarded_as_a_count() {
        let info = solver(None);
        assert!(trace_refusal(&info, &Problem::new(12)).is_none());
        let refused = trace_refusal(&info, &Problem::new(13)).map(|r| r.to_string());
        assert_eq!(
            refused.as_deref(),
            Some(
                "tracing the solutions for n = 13 with the test solver would take a long time \
                 (it handles n up to 10 in seconds)"
            )
        );
        let naive = solver(Some(placements));
        let refused = trace_refusal(&naive, &Problem::new(10)).map(|r| r.to_string());
        assert_eq!(
            refused.as_deref(),
            Some("the test solver would test 10^10 = 10,000,000,000 placements")
        );
    }

    #[test]
    fn stats_are_refused_where_the_whole_search_is_past_its_budget() {
        let by = |name| queens_solvers::by_name(name).unwrap();
        let backstop = Some(crate::args::BACKSTOP_BUDGET);
        let refused = |name, problem: &Problem, budget| {
            stats_refusal(by(name), problem, budget).map(|refusal| refusal.to_string())
        };
        // n = 17 places 8,017,021,931 queens, within 10^10: it runs.
        assert_eq!(refused("bitboard", &Problem::new(17), backstop), None);
        assert_eq!(
            refused("bitboard", &Problem::new(18), backstop).as_deref(),
            Some(
                "--stats counts n = 18 with the bitboard solver's whole search, which would \
                 place 59,365,844,490 queens; its budget stops it at 10,000,000,000"
            )
        );
        assert_eq!(
            refused("lookup", &Problem::new(14), Some(1_000)).as_deref(),
            Some(
                "--stats counts n = 14 with the lookup solver's whole search, which would \
                 place 27,358,552 queens; its budget stops it at 1,000"
            )
        );
        // The budget stops the search at the queen that reaches it.
        assert!(refused("lookup", &Problem::new(14), Some(27_358_552)).is_some());
        assert_eq!(refused("lookup", &Problem::new(14), Some(27_358_553)), None);
        // --force without --budget: no budget to be past.
        assert_eq!(refused("bitboard", &Problem::new(18), None), None);
        // Pre-placed queens prune a tree no table holds: the budget judges.
        let preplaced = Problem::with_queens(18, [Square::new(0, 3)]).unwrap();
        assert_eq!(refused("bitboard", &preplaced, backstop), None);
        // The generators' work is their workload, not the tree.
        assert_eq!(refused("naive", &Problem::new(6), Some(1)), None);
    }
}
