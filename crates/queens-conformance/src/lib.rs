//! One conformance suite for every N-Queens solver: ours, a faster one
//! later, and students' own.
//!
//! The suite is a list of named checks, each a function that takes any
//! [`Solver`] and either passes, saying what it checked, or fails with a
//! message naming the fault and the problem it showed on: "n = 6: expected 4
//! solutions, got 2", "n = 5: [0, 2, 4, 1, 3] emitted twice", "n = 5:
//! [0, 3, 4, 1, 3] is not a solution: queens at (row 1, col 3) and (row 2, col 4) share a
//! diagonal". The same list is used two ways, as regex-automata runs one
//! engine-independent test corpus against each of its engines:
//!
//! - [`suite!`] declares it as tests of any crate, one `#[test]` per check;
//! - [`run_all`] runs it from a program and returns a [`CheckOutcome`] per
//!   check, for a grader.
//!
//! # Grading a student's solver
//!
//! 1. The student implements [`queens_core::Search`]: `INFO` (name, order,
//!    `max_n`, `practical_n`) and `search`, which reports its events to the
//!    observer and calls `observer.solution` for each solution, stopping when
//!    it answers `Break`. The blanket implementation makes it a [`Solver`]
//!    with statistics and tracing for free. A solver that counts no
//!    statistics may implement [`Solver`] directly: it passes every check of
//!    the [`Group::Correctness`] group and fails those of
//!    [`Group::Instrumentation`], which a grade weighs apart.
//! 2. The student's crate takes `queens-conformance` as a dev-dependency and
//!    runs the suite in a test:
//!
//!    ```text
//!    queens_conformance::suite!(student::solver());
//!    ```
//!
//! 3. `cargo test` runs one test per check, named after it
//!    (`conformance::counts_match_oeis`, ...); a failing test's message names
//!    the fault. The instrumentation checks run only when the suite is
//!    declared `#[instrumentation]` (every solver of this workspace is), so
//!    that a student's tests are green exactly when the default assignment
//!    gives full marks. A teacher grades with the `queens-grade` crate, which runs
//!    each check against the student's solver in a process of its own,
//!    questioned over a pipe ([`remote`]) so that no verdict is ever the
//!    student's process's to write;
//!    [`run_all`] runs them all in this process and returns the outcomes as
//!    data. A solver that panics fails the check it panicked in
//!    ([`Verdict::Crash`]), with the panic's message and the problem it was
//!    solving, and the other checks still run.
//!
//! # What the checks ask
//!
//! The [`Scope`] is the teacher's, never the solver's: counts to n = 13 and
//! whole sets to n = 8 by default, whatever the solver declares. One that
//! declares a smaller `practical_n` or `max_n` fails the checks that reach
//! past it, with a message that says so. The random problems, and the order
//! in which one solver object is asked many problems, come from the scope's
//! seed: fresh for each run unless `QUEENS_SEED` (or a grader's `--seed`)
//! fixes it, and named in every message that depends on it.
//!
//! # The checks
//!
//! In the order they run (a test checks the names, groups and solvers
//! against [`CHECKS`]); [`checks`] documents each in full, and
//! `docs/grading.md` lists them with their groups (generated from
//! [`CHECKS`]). "The reference" is [`reference`](mod@reference): every
//! permutation of the columns, kept when [`validate`](queens_core::validate)
//! accepts it and it keeps the pre-placed queens.
//!
//! | check | group | applies to | what it asks |
//! |---|---|---|---|
//! | `solutions_are_valid` | correctness | solvers that find all | every emitted placement has one queen per row, on the board, no two attacking, the pre-placed queens kept |
//! | `no_duplicates` | correctness | solvers that find all | no placement is emitted twice for one problem |
//! | `output_format` | correctness | every solver | a program writes no stray line (an empty line between solutions, a line of text) and no text around a solution; the other checks read past such slips, so one slip costs one check; some board must be answered without another fault |
//! | `counts_match_oeis` | correctness | solvers that find all | the number of solutions is OEIS A000170, n = 0..=counts_to |
//! | `solution_sets_match_reference` | correctness | solvers that find all | the set of solutions is the reference's, n = 0..=sets_to: one empty solution for n = 0, none for 2 and 3 |
//! | `unique_counts_match_oeis` | correctness | solvers that find all | [`modes::count_unique`](queens_core::modes::count_unique) is OEIS A002562 (1 for n = 0), same range as the counts |
//! | `fundamental_solutions_match` | correctness | solvers that find all | [`modes::unique`](queens_core::modes::unique) at n = 8 is seed 004's table of twelve, exactly |
//! | `order_is_documented` | correctness | solvers that find all | the first solution is the smallest under the declared [`Order`](queens_core::Order)'s key, each comes after the one before, and `first-solutions.txt` holds; the scope's `order`, when set, binds every solver; a solver under no order must answer the same boards, checked as sets |
//! | `first_queen_fixed_boards` | correctness | solvers that find all | seed 004's eight boards with row 0's queen fixed: its first solutions exactly (row-major), the smallest by key (column-major), and the whole stream against the reference |
//! | `preplaced_edge_cases` | correctness | solvers that find all | pre-placed queens in the last row, the last column, on every row, or leaving no solution, against the reference |
//! | `bad_input_is_refused` | correctness | every solver | inconsistent pre-placed queens are refused with the exact [`ProblemError`](queens_core::ProblemError); n = max_n + 1 gives the exact [`Error::TooLarge`](queens_core::Error::TooLarge) from all three entry points, never a panic |
//! | `stops_when_asked` | correctness | solvers that find all | a sink answering `Break` after k solutions gets exactly k, for several k |
//! | `random_problems_match_reference` | correctness | solvers that find all | proptest: random boards up to n = 10 with up to three consistent pre-placed queens match the reference, the failure shrunk to the smallest problem |
//! | `reused_solver_agrees` | correctness | solvers that find all | one object asked the representative and random problems in an order drawn from the seed, every search stopped early followed at once by the same problem and another of its size, answers each as a fresh object does |
//! | `first_solution_is_valid` | correctness | solvers that find one | the one solution [`modes::first`](queens_core::modes::first) finds is valid, checked in linear time, for n = 4..=200 and for 1,000, 10,007 and 100,000 within `practical_n` |
//! | `small_boards_as_the_model_says` | correctness | solvers that find one | n = 0 gives the empty solution, n = 1 `[0]`, n = 2 and 3 none |
//! | `counting_and_listing_are_refused` | correctness | solvers that find one | count, all, unique and count_unique give the exact [`Error::FindsOne`](queens_core::Error::FindsOne) |
//! | `preplaced_queens_kept_or_refused` | correctness | solvers that find one | solvable pre-placed problems get a valid solution keeping the queens, or the exact [`Error::PreplacedUnsupported`](queens_core::Error::PreplacedUnsupported) when the solver says it cannot keep them |
//! | `stops_at_any_node` | instrumentation | every solver | an observer answering `Break` when a queen is placed hears no further event (step limits and Ctrl-C rely on it) |
//! | `progress_reaches_the_end` | instrumentation | solvers that find all | the progress reported as top-level branches finish never goes back and ends at every branch done |
//! | `statistics_are_consistent` | instrumentation | solvers that find all | counted, observed and silent runs emit the same solutions; at least one safety check; at least one queen placed per solution; counting is repeatable |
//!
//! A solver that finds one solution ([`Finds::One`]: a construction, a
//! local search) cannot list, count or promise an order, so the checks for
//! solvers that find all pass it by as [`Verdict::NotApplicable`], and the
//! checks for solvers that find one ask what it can do instead; a solver
//! that finds every solution passes those by in turn. Each check declares
//! which solvers it applies to ([`Applies`]), next to its name in the list,
//! and [`run_check`] asks the solver what it finds before running it.
//!
//! Only the checks that must (counts, unique counts, sets) go to the ends of
//! the scope; the others stop one board below `counts_to` and at 8, so the
//! whole suite takes about a second for a backtracking solver. A solver that
//! is slow by design narrows the scope in its own tests, in plain sight (the
//! naive crate counts to its practical 7).
//!
//! # Design
//!
//! The list of checks is written once, in `__for_each_check!` ([`list`]),
//! as a function name in [`checks`], a [`Group`], the solvers it
//! [`Applies`] to and a description. It generates both [`CHECKS`] (for [`run_all`] and
//! graders) and the tests of [`suite!`], and each test calls its check
//! through the same list, so the two cannot drift apart: a check added to
//! the list is a test everywhere at once, and a name without a function
//! does not compile.
//!
//! A check is given a way to make solver objects ([`MakeSolver`]), not one
//! object, so that each check starts fresh and the reuse check can compare
//! a used object with new ones.
//!
//! The facts the checks compare with (OEIS counts, seed 004's tables, the
//! first solutions in each order) are copied from the project's shared
//! fixtures into `data/` and compiled in: the suite needs nothing outside
//! this crate.
//!
//! Where each part lives: a check run, and the whole list, in [`run`]; the
//! checks in [`checks`], one module per kind of question, over [`harness`] (the sizes, the entry points, what a run
//! emitted and which question was asked) and [`scope`] (how far they count
//! and list, and the seed); a stream compared with what it should be in
//! [`compare`]; the facts in [`facts`]; the slow, obviously correct
//! [`reference`](mod@reference) solver; random problems by proptest in
//! [`random`]; the reused solver object's check in [`reuse`]; placements of
//! any size judged in linear time by [`linear`]; and a solver in another
//! process, questioned over a pipe, in [`remote`] (the protocol, the
//! solver's side a crate's program runs, and the judge's side a grader
//! questions it from).
//!
//! The suite cannot stop a solver that never returns, nor survive one that
//! overflows its stack, nor trust a verdict computed where the solver's own
//! code runs: run untrusted solvers in a process of their own under limits
//! and judge them from outside it, as `queens-grade` does through
//! [`remote`].

// The essay above maps the private modules too, for whoever reads the code
// (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

pub mod checks;
mod compare;
pub mod facts;
mod harness;
pub mod linear;
mod list;
mod random;
pub mod reference;
pub mod remote;
mod reuse;
mod run;
mod scope;

use queens_core::{Finds, Solver};
use serde::{Deserialize, Serialize};

pub use harness::TooSlow;
pub use list::CHECKS;
pub use run::{assert_passes, find_check, run_all, run_check};
pub use scope::{SEED_VARIABLE, Scope, fresh_seed};

#[doc(hidden)]
pub use queens_core::Solver as __Solver;

/// What a check found: `Ok` with a line saying what was checked, or `Err`
/// with a message naming the first fault found.
pub type Finding = Result<String, String>;

/// Makes a fresh solver object: what the suite is given, so that every check
/// starts from a new object and one check can compare a reused object with
/// fresh ones.
pub type MakeSolver<'a> = &'a dyn Fn() -> Box<dyn Solver>;

/// The two kinds of check, which a grade weighs apart: whether the answers
/// are right, and whether the solver reports what its search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Group {
    /// Valid, complete, duplicate-free answers in the declared order, the
    /// seed's tables, pre-placed queens, bad input, stopping when the sink
    /// asks, and the same answers from a reused object.
    Correctness,
    /// Statistics, progress, and stopping at any node when an observer asks:
    /// what a solver built on [`queens_core::Search`] reports for free and a
    /// hand-written [`Solver`] may leave out.
    Instrumentation,
}

impl Group {
    /// Both groups, in the order reports show them.
    pub const ALL: [Group; 2] = [Group::Correctness, Group::Instrumentation];

    /// The group's name as reports and assignment files write it.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Correctness => "correctness",
            Group::Instrumentation => "instrumentation",
        }
    }
}

/// The solvers a check applies to, by what their search finds
/// ([`Finds`]): listing, counting and comparing whole streams mean nothing
/// for a solver that finds one solution, and refusing to count means
/// nothing for one that finds them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applies {
    /// Every solver.
    Every,
    /// Solvers that find every solution ([`Finds::All`]).
    FindsAll,
    /// Solvers that find one solution ([`Finds::One`]).
    FindsOne,
}

impl Applies {
    /// Whether a check that applies to these solvers applies to one that
    /// finds `finds`.
    pub const fn to(self, finds: Finds) -> bool {
        matches!(
            (self, finds),
            (Applies::Every, _)
                | (Applies::FindsAll, Finds::All)
                | (Applies::FindsOne, Finds::One { .. })
        )
    }

    /// The solvers it names, as reports write them: "every solver",
    /// "solvers that find all", "solvers that find one".
    pub const fn name(self) -> &'static str {
        match self {
            Applies::Every => "every solver",
            Applies::FindsAll => "solvers that find all",
            Applies::FindsOne => "solvers that find one",
        }
    }
}

/// One named check of the suite.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// The check's name, also the name of its function in [`checks`] and of
    /// its test in [`suite!`].
    pub name: &'static str,
    /// Which kind of check it is.
    pub group: Group,
    /// Which solvers it applies to; the others pass it by as
    /// [`Verdict::NotApplicable`].
    pub applies: Applies,
    /// What it checks, in one line.
    pub description: &'static str,
    /// Runs it on the solvers `make` makes, within `scope`.
    pub run: fn(MakeSolver<'_>, &Scope) -> Finding,
}

/// How a check ended: its verdict, the one word for a check's result in
/// the suite and in a grader (an exit status is something else).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The solver passed it.
    Pass,
    /// The solver gave a wrong answer.
    Fail,
    /// The solver panicked, or its process crashed, while the check asked it
    /// something.
    Crash,
    /// The solver's process passed its time limit while the check asked it
    /// something (a grader's judge says so; see [`Fault`]).
    Timeout,
    /// The check does not apply to the solver ([`Check::applies`]): it was
    /// not run.
    #[serde(rename = "not-applicable")]
    NotApplicable,
    /// The check came to a board its grader no longer asks, since an
    /// earlier check ran out of time on a board that size or smaller
    /// ([`TooSlow`]): counted as failed.
    #[serde(rename = "not-reached")]
    NotReached,
    /// Given only by a grader, never by the suite: twice the clock stopped
    /// the check while its processor time was under its limit, so the
    /// machine was too busy to tell. Neither passed nor failed; the grader
    /// leaves it out of the score and says to grade again.
    #[serde(rename = "not-graded")]
    NotGraded,
}

/// What a solver in another process did wrong, as the one who runs that
/// process judges it (a grader's adapter of a C or Python program, or of a
/// Rust crate behind [`remote`]), raised with [`std::panic::resume_unwind`]
/// so that the check reports it in those terms rather than as a panic of
/// the adapter: a wrong output ("line 3: column 4 is outside a 4×4 board:
/// columns are 0-based") fails the check, a process that crashed ("exited
/// with status 3") crashes it, one stopped at its time limit times out.
/// The message is prefixed with the question being asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// How the check ends: [`Verdict::Fail`], [`Verdict::Crash`] or
    /// [`Verdict::Timeout`].
    pub verdict: Verdict,
    /// What it did, in the protocol's words.
    pub message: String,
}

/// A slip of form in what a solver in another process wrote: a line that
/// changes no answer (an empty line between a program's solutions, a line
/// of text, text after a solution, a crate's own printing on the protocol's
/// stdout). Its adapter reads past slips, except while the check
/// `output_format` asks (a grader's judge tells it which check runs): then
/// it raises the first with [`std::panic::resume_unwind`], and that check
/// alone fails for it, so that one slip costs one check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    /// What was written, and where, in the protocol's words.
    pub message: String,
}

/// What one check found, for a grader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckOutcome {
    /// The check's name.
    pub name: &'static str,
    /// Its group.
    pub group: Group,
    /// What it checks, in one line.
    pub description: &'static str,
    /// How it ended.
    #[serde(rename = "status")]
    pub verdict: Verdict,
    /// When passed, what was checked ("n = 0..=13"); otherwise the first
    /// fault found ("n = 6: expected 4 solutions, got 2").
    pub message: String,
}

impl CheckOutcome {
    /// Whether the solver passed the check.
    pub fn passed(&self) -> bool {
        self.verdict == Verdict::Pass
    }

    /// Whether the solver failed, crashed or was not reached in the check:
    /// neither passed nor passed by as not applying.
    pub fn failed(&self) -> bool {
        matches!(
            self.verdict,
            Verdict::Fail | Verdict::Crash | Verdict::Timeout | Verdict::NotReached
        )
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use queens_core::{Levels, Observer, Order, Problem, Sink, SolverInfo, Stats};

    use super::*;

    #[test]
    fn the_essays_table_lists_every_check_in_order_with_its_group_and_solvers() {
        let rows: Vec<String> = include_str!("lib.rs")
            .lines()
            .filter_map(|line| line.strip_prefix("//! | `"))
            .map(|row| {
                let cells: Vec<&str> = row.splitn(4, " | ").collect();
                cells[..3].join(" | ")
            })
            .collect();
        let checks: Vec<String> = CHECKS
            .iter()
            .map(|check| {
                format!(
                    "{}` | {} | {}",
                    check.name,
                    check.group.name(),
                    check.applies.name()
                )
            })
            .collect();
        assert_eq!(rows, checks);
    }

    /// A solver that answers from the reference, with one fault raised the
    /// way the grader's adapter of a program raises it.
    #[derive(Clone, Copy)]
    struct FromReference {
        /// The fault it raises on boards of five, if any.
        fault_at_five: Option<Verdict>,
    }

    impl Solver for FromReference {
        fn info(&self) -> SolverInfo {
            SolverInfo {
                name: "from-reference",
                title: "the reference, as a solver",
                seeds: "",
                order: Order::Unspecified,
                levels: Levels::Rows,
                max_n: 10,
                practical_n: 10,
                workload: None,
            }
        }

        fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), queens_core::Error> {
            if let (Some(verdict), 5) = (self.fault_at_five, problem.n()) {
                std::panic::resume_unwind(Box::new(Fault {
                    verdict,
                    message: "line 3: column 5 is outside a 5×5 board".to_owned(),
                }));
            }
            for queens in reference::solutions(problem) {
                if sink(&queens) == ControlFlow::Break(()) {
                    break;
                }
            }
            Ok(())
        }

        fn solve_counted(
            &self,
            problem: &Problem,
            sink: &mut Sink<'_>,
        ) -> Result<Stats, queens_core::Error> {
            self.solve(problem, sink).map(|()| Stats::default())
        }

        fn solve_observed(
            &self,
            problem: &Problem,
            _observer: &mut dyn Observer,
            sink: &mut Sink<'_>,
        ) -> Result<(), queens_core::Error> {
            self.solve(problem, sink)
        }
    }

    fn counts(solver: FromReference) -> CheckOutcome {
        let check = find_check("counts_match_oeis").unwrap();
        run_check(
            check,
            &|| Box::new(solver),
            &Scope::with_seed(1).counting_to(7),
        )
    }

    #[test]
    fn a_programs_fault_is_judged_in_its_own_words() {
        let wrong = counts(FromReference {
            fault_at_five: Some(Verdict::Fail),
        });
        assert_eq!(wrong.verdict, Verdict::Fail);
        assert_eq!(
            wrong.message,
            "n = 5, asked to count its solutions: line 3: column 5 is outside a 5×5 board"
        );
        let crashed = counts(FromReference {
            fault_at_five: Some(Verdict::Crash),
        });
        assert_eq!(crashed.verdict, Verdict::Crash);
        let slow = counts(FromReference {
            fault_at_five: Some(Verdict::Timeout),
        });
        assert_eq!(slow.verdict, Verdict::Timeout);
        assert!(slow.failed());
    }

    #[test]
    fn boards_past_a_timeout_are_not_reached() {
        harness::stop_before(Some(TooSlow {
            from_n: 6,
            why: "counts_match_oeis ran out of time on n = 6".to_owned(),
        }));
        let outcome = counts(FromReference {
            fault_at_five: None,
        });
        harness::stop_before(None);
        assert_eq!(outcome.verdict, Verdict::NotReached);
        assert!(outcome.failed());
        assert_eq!(
            outcome.message,
            "n = 6: not reached: boards of n = 6 and more are not asked after \
             counts_match_oeis ran out of time on n = 6"
        );
        assert_eq!(
            counts(FromReference {
                fault_at_five: None
            })
            .verdict,
            Verdict::Pass
        );
    }
}
