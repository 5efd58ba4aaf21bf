//! A solver in another process, questioned over a pipe: the two ends of one
//! protocol, so that a grader judges code it does not trust from outside
//! its reach.
//!
//! # Why the judge is elsewhere
//!
//! A check that runs in the student's process can be forged by the
//! student's process: a `solver()` that prints a passing report and exits
//! scores full marks with no solver at all, and nothing inside one process
//! can prevent it. So the checks never run there. The student's solver is
//! linked into a small program whose `main` calls [`serve`]; it answers
//! questions on stdin and says what its solver does on stdout. The checks
//! run in the grader's own process (the *judge*), on a [`Remote`], a
//! [`Solver`](queens_core::Solver) that forwards every call over the pipe.
//! Whatever the student's process writes is data (solutions, events,
//! statistics, a refusal) that the judge's checks weigh like any solver's
//! answers; nothing it writes is a verdict, and nothing it does to itself
//! (exit, crash, lie) can pass a check its solver would fail.
//!
//! # The protocol
//!
//! The judge writes one JSON [`Question`](protocol::Question) per line:
//! make a solver object, solve a problem through one of the three entry
//! points, or answer a callback (`go` or `stop`). The solver's side writes
//! one JSON [`Answer`](protocol::Answer) per line, each line beginning with
//! [`MARK`], so that what the student's own code prints on stdout (a
//! forgotten `println!`) is told apart and skipped rather than taken for
//! the protocol. A solution, a queen placed (under an observer) and an
//! observer's solution wait for the judge's answer, which becomes the
//! sink's or the observer's `ControlFlow`, so a solver that goes on after
//! `Break` is seen doing so exactly as it would be in one process; every
//! other event is sent without waiting, in batches. A panic of the solver's
//! code is caught where it happens and sent as
//! [`Answer::Panicked`](protocol::Answer::Panicked); a process that dies,
//! is killed or writes garbage breaks the link, and the judge's side
//! unwinds with the [`Fault`](crate::Fault) its owner says (a crash, a
//! timeout), which the checks report with the question under way.
//!
//! # Where each part lives
//!
//! The lines both ends write are in [`protocol`], the model's types as
//! text on the pipe in [`wire`]; the solver's side in [`server`]; the
//! judge's end of the pipe in [`link`], and the solver object the checks
//! question over it, with a check judged through it, in [`client`].

mod client;
mod link;
mod protocol;
mod server;
mod wire;

pub use client::{Judged, Remote, judge};
pub use link::{Broken, Link, OnBreak};
pub use protocol::{MARK, after_mark, read_line};
pub use server::serve;

#[cfg(test)]
mod tests {
    use std::io::{BufReader, Write};
    use std::ops::ControlFlow;
    use std::os::unix::net::UnixStream;
    use std::process::ExitCode;

    use queens_core::{
        Error, Levels, Observer, Order, Problem, Search, Sink, Solver, SolverInfo, Square, Stats,
    };

    use super::server::serve_on;
    use super::*;
    use crate::{Fault, Scope, Verdict, find_check};

    /// A correct row-by-row backtracking search, reporting every event.
    struct Rows;

    impl Search for Rows {
        const INFO: SolverInfo = SolverInfo {
            name: "rows",
            title: "rows",
            seeds: "",
            order: Order::RowMajor,
            levels: Levels::Rows,
            max_n: 12,
            practical_n: 12,
            workload: None,
        };

        fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
            let n = problem.n();
            let mut queens = Vec::with_capacity(n);
            let _ = place(problem, &mut queens, observer);
        }
    }

    /// Fills the next row; `Break` when the observer or the sink asked.
    fn place<O: Observer>(
        problem: &Problem,
        queens: &mut Vec<usize>,
        observer: &mut O,
    ) -> ControlFlow<()> {
        let (n, row) = (problem.n(), queens.len());
        if row == n {
            return observer.solution(queens);
        }
        let columns: Vec<usize> = match problem.preplaced().iter().find(|q| q.row == row) {
            Some(queen) => vec![queen.col],
            None => (0..n).collect(),
        };
        for (index, &col) in columns.iter().enumerate() {
            let square = Square::new(row, col);
            let conflict = queens
                .iter()
                .enumerate()
                .find_map(|(r, &c)| Square::new(r, c).shared_line(square));
            observer.checked(square, row as u64, conflict);
            if conflict.is_some() {
                continue;
            }
            observer.placed(square)?;
            queens.push(col);
            let flow = place(problem, queens, observer);
            queens.pop();
            if flow.is_break() {
                return flow;
            }
            observer.removed(square);
            queens_core::observer::report_top_level(observer, row, index, (0, columns.len()));
        }
        observer.exhausted(row);
        ControlFlow::Continue(())
    }

    /// Runs `check` on `make`'s solvers through a served pipe, the server
    /// on a thread of its own.
    fn judged_through_a_pipe(check: &str, make: fn() -> Box<dyn Solver>) -> Judged {
        judged_through(check, make, None)
    }

    /// A server's stdout on which its solver printed `chatter` before its
    /// first answer (while it was made): text of the student's own.
    struct Chatty<W> {
        inner: W,
        chatter: Option<&'static str>,
    }

    impl<W: Write> Write for Chatty<W> {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if let Some(chatter) = self.chatter.take() {
                self.inner.write_all(chatter.as_bytes())?;
            }
            self.inner.write(bytes)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            self.inner.flush()
        }
    }

    /// [`judged_through_a_pipe`], the server printing `chatter` first, and
    /// the link strict in `output_format` as a judge makes it.
    fn judged_through(
        check: &str,
        make: fn() -> Box<dyn Solver>,
        chatter: Option<&'static str>,
    ) -> Judged {
        let (judge_end, server_end) = UnixStream::pair().unwrap();
        let server_answers = Chatty {
            inner: server_end.try_clone().unwrap(),
            chatter,
        };
        let server = std::thread::spawn(move || {
            serve_on(&|| make(), BufReader::new(server_end), server_answers)
        });
        let link = Link::new(
            judge_end.try_clone().unwrap(),
            BufReader::new(judge_end),
            Box::new(|broken| Fault {
                verdict: Verdict::Crash,
                message: format!("the pipe broke: {broken:?}"),
            }),
        );
        link.set_strict(check == "output_format");
        let judged = judge(
            find_check(check).unwrap(),
            &|| Box::new(Remote::make(&link)),
            &Scope::with_seed(7).counting_to(8),
            None,
        );
        drop(link);
        assert_eq!(server.join().unwrap(), ExitCode::SUCCESS);
        judged
    }

    #[test]
    fn text_printed_beside_the_answers_costs_output_format_alone() {
        for (chatter, printed) in [
            ("debug: made\n", "\"debug: made\""),
            ("\n", "an empty line"),
            ("no newline", "\"no newline\""),
        ] {
            let judged = judged_through("output_format", || Box::new(Rows), Some(chatter));
            assert_eq!(judged.outcome.verdict, Verdict::Fail, "{chatter:?}");
            assert_eq!(
                judged.outcome.message,
                format!(
                    "making a solver object: printed {printed} on stdout, beside the answers: \
                     nothing else goes \
                     there (print to stderr what you want to see while testing)"
                )
            );
            let counts = judged_through("counts_match_oeis", || Box::new(Rows), Some(chatter));
            assert!(!counts.outcome.failed(), "{}", counts.outcome.message);
        }
    }

    #[test]
    fn every_check_passes_a_correct_solver_across_the_pipe() {
        for check in crate::CHECKS {
            let judged = judged_through_a_pipe(check.name, || Box::new(Rows));
            assert!(
                !judged.outcome.failed(),
                "{}: {}",
                check.name,
                judged.outcome.message
            );
        }
    }

    /// A solver that answers Break never: it goes on after the sink asks
    /// it to stop.
    struct Deaf;

    impl Solver for Deaf {
        fn info(&self) -> SolverInfo {
            Rows::INFO
        }

        fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
            Rows.solve(problem, &mut |queens| {
                let _ = sink(queens);
                ControlFlow::Continue(())
            })
        }

        fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
            self.solve(problem, sink).map(|()| Stats::default())
        }

        fn solve_observed(
            &self,
            problem: &Problem,
            _observer: &mut dyn Observer,
            sink: &mut Sink<'_>,
        ) -> Result<(), Error> {
            self.solve(problem, sink)
        }
    }

    #[test]
    fn a_solver_that_ignores_break_is_seen_doing_so_across_the_pipe() {
        let judged = judged_through_a_pipe("stops_when_asked", || Box::new(Deaf));
        assert_eq!(judged.outcome.verdict, Verdict::Fail);
        assert_eq!(
            judged.outcome.message,
            "n = 7: asked to stop after 1 solution, solve emitted 40"
        );
    }

    /// A solver that prints the same garbage without end, until it is asked
    /// to stop: a queen in column 0 of every row, and one row too many on
    /// the boards where that would be a solution.
    struct Garbage;

    impl Solver for Garbage {
        fn info(&self) -> SolverInfo {
            Rows::INFO
        }

        fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
            let rows = if problem.n() < 2 {
                problem.n() + 1
            } else {
                problem.n()
            };
            let zeros = vec![0; rows];
            while sink(&zeros).is_continue() {}
            Ok(())
        }

        fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
            self.solve(problem, sink).map(|()| Stats::default())
        }

        fn solve_observed(
            &self,
            problem: &Problem,
            _observer: &mut dyn Observer,
            sink: &mut Sink<'_>,
        ) -> Result<(), Error> {
            self.solve(problem, sink)
        }
    }

    #[test]
    fn garbage_fails_every_check_that_reads_it_and_the_pipe_stays_in_step() {
        let stops = judged_through_a_pipe("stops_when_asked", || Box::new(Garbage));
        assert_eq!(stops.outcome.verdict, Verdict::Fail);
        assert_eq!(
            stops.outcome.message,
            "n = 7, asked to stop after 1 solution: [0, 0, 0, 0, 0, 0, 0] is not a solution: \
             queens at (row 0, col 0) and (row 1, col 0) share a column"
        );
        // proptest catches each failure and asks again while it shrinks: the
        // answers stay in step, and the smallest failing board is found.
        let random = judged_through_a_pipe("random_problems_match_reference", || Box::new(Garbage));
        assert_eq!(random.outcome.verdict, Verdict::Fail);
        assert!(
            random.outcome.message.starts_with(
                "n = 0, asked for every solution: [0] is not a solution: \
                 expected 0 queens, one per row, got 1 (the smallest"
            ),
            "{}",
            random.outcome.message
        );
    }

    /// A solver whose making panics.
    struct Unmakeable;

    #[test]
    fn a_panic_while_making_the_solver_is_its_crash() {
        let judged = judged_through_a_pipe("counts_match_oeis", || -> Box<dyn Solver> {
            let _ = Unmakeable;
            panic!("no solver today")
        });
        assert_eq!(judged.outcome.verdict, Verdict::Crash);
        assert_eq!(
            judged.outcome.message,
            "making a solver object: the solver panicked: no solver today"
        );
    }
}
