//! A program in any language, seen as a [`Solver`]: the adapter that lets
//! the conformance suite check C, Python or Java exactly as it checks a
//! Rust crate.
//!
//! # The protocol
//!
//! For each problem the program is started afresh and reads it on stdin:
//!
//! ```text
//! N K          the board size and the number of pre-placed queens
//! ROW COL      K lines, 0-based: the queens every solution must keep
//! ```
//!
//! It prints every solution, one per line, as the N columns of the queens
//! of rows 0 to N-1, 0-based and separated by spaces (`1 3 0 2`); the one
//! solution of N = 0 is an empty line. It exits with status 0. Any order is
//! accepted unless the assignment asks for one. When the checks have read
//! enough (a sink that asks for two solutions, say) the program is killed:
//! stopping early is the grader's business, not the program's.
//!
//! # How it is checked
//!
//! The judge (`queens-grade judge`) runs one check of the suite on a
//! [`Program`]: every question the check asks becomes a run of the
//! program, started inside the check's jail by the relay ([`crate::relay`]),
//! whose lines come back over a pipe. Each line is read here, outside the
//! program's reach: a line that is not N numbers, a status other than 0, or
//! a signal is a fault of the program, reported with the problem it was
//! solving and the run's last line of stderr; every solution is then read
//! against its board by the suite before any check counts it. A program
//! reports no statistics and no progress, so the instrumentation group does
//! not apply to it.

use std::ops::ControlFlow;
use std::sync::Arc;

use queens_conformance::remote::Link;
use queens_conformance::{Fault, Scope, Status, facts};

use crate::cgroup::MemoryProbe;
use crate::relay::{Exit, LONGEST_LINE, Order as Run, Told};
use queens_core::{Error, Levels, Observer, Order, Problem, Sink, Solver, SolverInfo, Stats};

/// The largest board a program is asked; the checks never go past it.
const MAX_N: usize = Scope::MAX_COUNTS_TO;

/// A program speaking the protocol, run once per problem through the relay
/// at the end of its link.
#[derive(Clone)]
pub(crate) struct Program {
    link: Arc<Link>,
    /// The order the assignment requires of its solutions.
    order: Order,
    /// The check's memory cgroups and its limit in MiB: a run killed by
    /// the kernel for memory is out of memory, not merely killed.
    memory: (MemoryProbe, u64),
}

impl Program {
    /// The program the relay at the end of `link` runs, limited to
    /// `memory`.
    pub(crate) fn new(link: Arc<Link>, order: Order, memory: (MemoryProbe, u64)) -> Self {
        Program {
            link,
            order,
            memory,
        }
    }

    /// Runs the program on `problem` and hands each solution it prints to
    /// `sink`, stopping the run when the sink has had enough.
    ///
    /// When the program cannot be started, prints something that is not a
    /// placement of the board, or ends with a failure status or a signal,
    /// the run unwinds with a [`Fault`] that says so in the protocol's
    /// words, which the suite reports with the question being asked.
    fn run(&self, problem: &Problem, sink: &mut Sink<'_>) {
        self.link.send(&Run::Run(protocol_input(problem)));
        let mut running = Running {
            link: &self.link,
            ended: false,
        };
        let mut number = 0_u64;
        loop {
            match self.link.receive::<Told>(2 * LONGEST_LINE) {
                Told::Line(text) => {
                    number += 1;
                    let queens = read_line(number, &text, problem).unwrap_or_else(|message| {
                        std::panic::resume_unwind(Box::new(wrong(message)))
                    });
                    if sink(&queens).is_break() {
                        running.stop();
                        return;
                    }
                }
                Told::NotText => std::panic::resume_unwind(Box::new(wrong(format!(
                    "line {}: not text: a line holds column numbers in ASCII digits",
                    number + 1
                )))),
                Told::TooLong => std::panic::resume_unwind(Box::new(wrong(format!(
                    "line {}: longer than {LONGEST_LINE} bytes: a line holds the {} column \
                     numbers of one solution",
                    number + 1,
                    problem.n()
                )))),
                Told::CannotStart(error) => {
                    running.ended = true;
                    crash(format!("the program cannot be started: {error}"))
                }
                Told::Exited(exit) => {
                    running.ended = true;
                    let (probe, memory_mib) = &self.memory;
                    if exit.signal == Some(9) && probe.ran_out() {
                        crash(format!(
                            "out of memory: past the assignment's {memory_mib} MiB (a memory \
                             cgroup, which counts shared memory and tmpfs files too)"
                        ));
                    }
                    if exit.code != Some(0) || exit.stopped {
                        crash(format!("the program {}", ended(&exit)));
                    }
                    return;
                }
            }
        }
    }
}

/// A run under way. One the judge leaves early (enough solutions, or a
/// wrong line unwinding) is stopped and read to its end, so that the next
/// run starts in step.
struct Running<'a> {
    link: &'a Link,
    ended: bool,
}

impl Running<'_> {
    /// Stops the run and reads what is left of it, up to its end. Nothing
    /// here unwinds: it also runs while the judge's side does.
    fn stop(&mut self) {
        if self.ended || self.link.try_send(&Run::Stop).is_err() {
            return;
        }
        self.ended = true;
        while let Ok(told) = self.link.try_receive::<Told>(2 * LONGEST_LINE) {
            if matches!(told, Told::Exited(_) | Told::CannotStart(_)) {
                return;
            }
        }
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A wrong answer of the program, in the protocol's words.
fn wrong(message: String) -> Fault {
    Fault {
        status: Status::Fail,
        message,
    }
}

/// Unwinds with the crash of a program, described by `message`.
fn crash(message: String) -> ! {
    std::panic::resume_unwind(Box::new(Fault {
        status: Status::Crash,
        message,
    }))
}

/// How a run ended, in words, with its last line of stderr.
fn ended(exit: &Exit) -> String {
    let how = match (exit.code, exit.signal) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("was killed by {}", crate::words::signal_name(signal)),
        (None, None) => "ended abnormally".to_owned(),
    };
    if exit.last_words.is_empty() {
        how
    } else {
        format!("{how}: {}", exit.last_words)
    }
}

/// Line `number` of a run on `problem` as a solution, or what is wrong
/// with it: read here, line by line, so that a fault names its line.
fn read_line(number: u64, text: &str, problem: &Problem) -> Result<Vec<usize>, String> {
    if facts::solution_count(problem.n()).is_some_and(|most| number > most) {
        return Err(format!(
            "line {number} ({}): more lines than the plain board of n = {} has \
             solutions ({}): a program prints each solution once",
            shown(text),
            problem.n(),
            facts::solution_count(problem.n()).unwrap_or_default(),
        ));
    }
    let queens = parse_line(text, problem.n())
        .map_err(|fault| format!("line {number} ({}): {fault}", shown(text)))?;
    match queens_conformance::linear::validate_for(problem, &queens) {
        Ok(()) => Ok(queens),
        Err(fault) => Err(format!(
            "line {number} ({}): not a solution: {fault}",
            shown(text)
        )),
    }
}

/// A printed line as a message shows it: quoted, its end of line dropped,
/// cut to 60 characters.
fn shown(line: &str) -> String {
    let text = line.trim_end_matches(['\n', '\r']);
    format!("{:?}", crate::words::cut(text, 60))
}

/// The problem as the program reads it.
pub(crate) fn protocol_input(problem: &Problem) -> String {
    let mut input = format!("{} {}\n", problem.n(), problem.preplaced().len());
    for queen in problem.preplaced() {
        input.push_str(&format!("{} {}\n", queen.row, queen.col));
    }
    input
}

/// A printed line (its end of line included, if it has one) as a placement
/// of a board of `n`: `n` column numbers from 0 to `n - 1`, separated by
/// spaces or tabs, with spaces, tabs and a carriage return allowed around
/// them. Anything else is the program's fault, described in the protocol's
/// words. Whether the placement is a solution is the checks' to judge.
fn parse_line(text: &str, n: usize) -> Result<Vec<usize>, String> {
    if text.len() > LONGEST_LINE {
        return Err(format!(
            "longer than {LONGEST_LINE} bytes: a line holds the {n} column numbers of one solution"
        ));
    }
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    if words.is_empty() && n > 0 {
        return Err(format!(
            "an empty line: for n > 0 every line holds n columns (here {n}); \
             only the one solution of n = 0 is an empty line"
        ));
    }
    let mut queens = Vec::with_capacity(words.len());
    for word in &words {
        let col = word
            .parse::<usize>()
            .ok()
            .filter(|_| word.bytes().all(|byte| byte.is_ascii_digit()))
            .ok_or_else(|| {
                format!(
                    "{word:?} is not a column number: a line holds {n} numbers from 0 to {}, \
                     separated by spaces",
                    n.saturating_sub(1)
                )
            })?;
        if col >= n {
            return Err(format!(
                "column {col} is outside a {n}×{n} board: columns are 0-based, 0 to {}",
                n.saturating_sub(1)
            ));
        }
        queens.push(col);
    }
    if queens.len() != n {
        return Err(format!(
            "{} for a {n}×{n} board: every line holds n = {n} columns, one per row",
            if queens.len() == 1 {
                "1 column".to_owned()
            } else {
                format!("{} columns", queens.len())
            }
        ));
    }
    Ok(queens)
}

impl Solver for Program {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "program",
            title: "a program speaking the grader's protocol",
            seeds: "",
            order: self.order,
            levels: Levels::Rows,
            max_n: MAX_N,
            practical_n: MAX_N,
            workload: None,
        }
    }

    fn solve(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<(), Error> {
        self.info().check_size(problem.n())?;
        self.run(problem, sink);
        Ok(())
    }

    fn solve_counted(&self, problem: &Problem, sink: &mut Sink<'_>) -> Result<Stats, Error> {
        self.solve(problem, sink).map(|()| Stats::default())
    }

    fn solve_observed(
        &self,
        problem: &Problem,
        observer: &mut dyn Observer,
        sink: &mut Sink<'_>,
    ) -> Result<(), Error> {
        self.solve(problem, &mut |queens| {
            if observer.solution(queens).is_break() {
                return ControlFlow::Break(());
            }
            sink(queens)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_core::Square;

    #[test]
    fn the_input_is_the_size_then_the_queens() {
        let problem = Problem::with_queens(8, [Square::new(0, 2), Square::new(3, 4)]).unwrap();
        assert_eq!(protocol_input(&problem), "8 2\n0 2\n3 4\n");
        assert_eq!(protocol_input(&Problem::new(0)), "0 0\n");
    }

    #[test]
    fn lines_are_read_as_columns_with_spaces_tabs_and_crlf() {
        assert_eq!(parse_line("1 3 0 2\n", 4), Ok(vec![1, 3, 0, 2]));
        assert_eq!(parse_line("  1\t3 0 2 \r\n", 4), Ok(vec![1, 3, 0, 2]));
        assert_eq!(parse_line("1 3 0 2", 4), Ok(vec![1, 3, 0, 2]));
        assert_eq!(parse_line("\n", 0), Ok(vec![]));
        assert_eq!(parse_line("\r\n", 0), Ok(vec![]));
    }

    #[test]
    fn faults_are_named_in_the_protocols_words() {
        assert_eq!(
            parse_line("1 2 3 4\n", 4).unwrap_err(),
            "column 4 is outside a 4×4 board: columns are 0-based, 0 to 3"
        );
        assert_eq!(
            parse_line("\n", 4).unwrap_err(),
            "an empty line: for n > 0 every line holds n columns (here 4); \
             only the one solution of n = 0 is an empty line"
        );
        assert_eq!(
            parse_line("1 3 0\n", 4).unwrap_err(),
            "3 columns for a 4×4 board: every line holds n = 4 columns, one per row"
        );
        assert_eq!(
            parse_line("1,3,0,2\n", 4).unwrap_err(),
            "\"1,3,0,2\" is not a column number: a line holds 4 numbers from 0 to 3, separated by spaces"
        );
        assert_eq!(
            parse_line("+1 3 0 2\n", 4).unwrap_err(),
            "\"+1\" is not a column number: a line holds 4 numbers from 0 to 3, separated by spaces"
        );
        assert_eq!(
            parse_line("0\n", 0).unwrap_err(),
            "column 0 is outside a 0×0 board: columns are 0-based, 0 to 0"
        );
    }

    #[test]
    fn a_line_past_the_count_of_solutions_is_named() {
        assert_eq!(
            read_line(3, "2 0 3 1", &Problem::new(4)).unwrap_err(),
            "line 3 (\"2 0 3 1\"): more lines than the plain board of n = 4 has solutions (2): \
             a program prints each solution once"
        );
        assert_eq!(
            read_line(2, "2 0 3 1", &Problem::new(4)),
            Ok(vec![2, 0, 3, 1])
        );
    }

    #[test]
    fn a_run_ends_in_words_with_its_last_line_of_stderr() {
        let exit = Exit {
            code: Some(1),
            signal: None,
            stopped: false,
            last_words: "IndexError: list index out of range".to_owned(),
        };
        assert_eq!(
            ended(&exit),
            "exited with status 1: IndexError: list index out of range"
        );
    }
}
