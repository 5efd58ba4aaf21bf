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
//! The check process (`queens-grade program-check`) runs one check of the
//! suite on a [`Program`]: every question the check asks becomes a run of
//! the program. A line that is not N numbers, a status other than 0, or a
//! signal is a crash of the program, reported with the problem it was
//! solving and the last line of its stderr. A program reports no statistics
//! and no progress, so the instrumentation group does not apply to it.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::ops::ControlFlow;
use std::process::{ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};

use queens_conformance::{ProgramFault, Scope, facts};

use crate::words::ending;
use queens_core::{Error, Levels, Observer, Order, Problem, Sink, Solver, SolverInfo, Stats};

/// The largest board a program is asked; the checks never go past it.
const MAX_N: usize = Scope::MAX_COUNTS_TO;

/// The longest line a program may print: a solution of the largest board
/// is under 50 bytes, so anything near this is not one.
const LONGEST_LINE: usize = 4096;

/// What the program runs of one check process have printed so far: the
/// check process is the grader's `program-check`, one per check, so this is
/// the output of one check.
static PRINTED: AtomicU64 = AtomicU64::new(0);

/// A program speaking the protocol, run once per problem.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    /// The command that runs it.
    pub command: Vec<OsString>,
    /// The order the assignment requires of its solutions.
    pub order: Order,
    /// The most bytes its runs may print on stdout in one check.
    pub output_limit: u64,
}

impl Program {
    /// Runs the program on `problem` and hands each solution it prints to
    /// `sink`, killing it when the sink has had enough.
    ///
    /// When the program cannot be started, prints something that is not a
    /// placement of the board or more than its output limit, or ends with a
    /// failure status or a signal, the run unwinds with a [`ProgramFault`]
    /// that says so in the protocol's words, which the suite reports with
    /// the question being asked.
    fn run(&self, problem: &Problem, sink: &mut Sink<'_>) {
        let (program, arguments) = self.command.split_first().expect("a command has a program");
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| crash(format!("the program cannot be started: {error}")));
        let stderr = keep_tail(child.stderr.take());
        if let Some(mut stdin) = child.stdin.take() {
            // A program that exits without reading its input is not an error
            // here; what it prints is judged.
            let _ = stdin.write_all(protocol_input(problem).as_bytes());
        }
        let stdout = child.stdout.take().expect("stdout is piped");
        if let Err(fault) = self.read_solutions(stdout, problem, sink) {
            let _ = child.kill();
            let _ = child.wait();
            match fault {
                Stop::Enough => return,
                Stop::Fault(fault) => std::panic::resume_unwind(Box::new(fault)),
            }
        }
        let status = child.wait().expect("the program was started");
        if !status.success() {
            let tail = stderr.join().unwrap_or_default();
            crash(format!(
                "the program {}{}",
                ending(status),
                stderr_note(&tail)
            ));
        }
    }

    /// Reads the program's lines, handing each solution to `sink`, until
    /// the program closes its stdout; stops early when the sink has had
    /// enough or the program did something wrong.
    fn read_solutions(
        &self,
        stdout: ChildStdout,
        problem: &Problem,
        sink: &mut Sink<'_>,
    ) -> Result<(), Stop> {
        let mut reader = BufReader::new(stdout);
        let mut line = Vec::new();
        for number in 1_u64.. {
            line.clear();
            let read = (&mut reader)
                .take(LONGEST_LINE as u64 + 1)
                .read_until(b'\n', &mut line)
                .unwrap_or(0);
            if read == 0 {
                return Ok(());
            }
            let printed = PRINTED.fetch_add(read as u64, Ordering::Relaxed) + read as u64;
            if printed > self.output_limit {
                return Err(Stop::Fault(ProgramFault {
                    crashed: true,
                    message: format!(
                        "the program printed more than {} in this check (the assignment's \
                         limits.output_mib): it should print each solution once",
                        mebibytes(self.output_limit)
                    ),
                }));
            }
            if facts::solution_count(problem.n()).is_some_and(|most| number > most) {
                return Err(Stop::Fault(ProgramFault {
                    crashed: false,
                    message: format!(
                        "line {number} ({}): more lines than the plain board of n = {} has \
                         solutions ({}): a program prints each solution once",
                        shown(&line),
                        problem.n(),
                        facts::solution_count(problem.n()).unwrap_or_default(),
                    ),
                }));
            }
            let queens = parse_line(&line, problem.n()).map_err(|fault| {
                Stop::Fault(ProgramFault {
                    crashed: false,
                    message: format!("line {number} ({}): {fault}", shown(&line)),
                })
            })?;
            if sink(&queens).is_break() {
                return Err(Stop::Enough);
            }
        }
        Ok(())
    }
}

/// Why the reading of a program's output stopped before its end.
enum Stop {
    /// The sink had enough solutions.
    Enough,
    /// The program did something wrong.
    Fault(ProgramFault),
}

/// Unwinds with the crash of a program, described by `message`.
fn crash(message: String) -> ! {
    std::panic::resume_unwind(Box::new(ProgramFault {
        crashed: true,
        message,
    }))
}

/// `bytes` as "16 MiB" (or in bytes when under one).
fn mebibytes(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// A printed line as a message shows it: quoted, its end of line dropped,
/// cut to 60 characters.
fn shown(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let text = text.trim_end_matches(['\n', '\r']);
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
fn parse_line(line: &[u8], n: usize) -> Result<Vec<usize>, String> {
    if line.len() > LONGEST_LINE {
        return Err(format!(
            "longer than {LONGEST_LINE} bytes: a line holds the {n} column numbers of one solution"
        ));
    }
    let text = std::str::from_utf8(line)
        .map_err(|_| "not text: a line holds column numbers in ASCII digits".to_owned())?;
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

/// ": <the last line of stderr>", or nothing when it printed none.
fn stderr_note(tail: &str) -> String {
    let last = crate::words::last_line(tail.as_bytes());
    if last.is_empty() {
        last
    } else {
        format!(": {last}")
    }
}

/// Reads a pipe to its end on a thread, keeping its last 4 KiB.
fn keep_tail(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut kept: Vec<u8> = Vec::new();
        if let Some(mut pipe) = pipe {
            let mut buffer = [0_u8; 4096];
            while let Ok(read) = pipe.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                kept.extend_from_slice(&buffer[..read]);
                if kept.len() > 4096 {
                    kept.drain(..kept.len() - 4096);
                }
            }
        }
        String::from_utf8_lossy(&kept).into_owned()
    })
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

    fn program(script: &str, order: Order) -> Program {
        Program {
            command: ["sh", "-c", script].map(OsString::from).to_vec(),
            order,
            output_limit: 1 << 20,
        }
    }

    /// The fault a run of `program` on `problem` unwinds with.
    fn fault(program: &Program, problem: &Problem) -> ProgramFault {
        let payload =
            std::panic::catch_unwind(|| program.solve(problem, &mut |_| ControlFlow::Continue(())))
                .unwrap_err();
        payload.downcast_ref::<ProgramFault>().unwrap().clone()
    }

    #[test]
    fn the_input_is_the_size_then_the_queens() {
        let problem = Problem::with_queens(8, [Square::new(0, 2), Square::new(3, 4)]).unwrap();
        assert_eq!(protocol_input(&problem), "8 2\n0 2\n3 4\n");
        assert_eq!(protocol_input(&Problem::new(0)), "0 0\n");
    }

    #[test]
    fn lines_are_read_as_columns_with_spaces_tabs_and_crlf() {
        assert_eq!(parse_line(b"1 3 0 2\n", 4), Ok(vec![1, 3, 0, 2]));
        assert_eq!(parse_line(b"  1\t3 0 2 \r\n", 4), Ok(vec![1, 3, 0, 2]));
        assert_eq!(parse_line(b"1 3 0 2", 4), Ok(vec![1, 3, 0, 2]));
        assert_eq!(parse_line(b"\n", 0), Ok(vec![]));
        assert_eq!(parse_line(b"\r\n", 0), Ok(vec![]));
    }

    #[test]
    fn faults_are_named_in_the_protocols_words() {
        assert_eq!(
            parse_line(b"1 2 3 4\n", 4).unwrap_err(),
            "column 4 is outside a 4×4 board: columns are 0-based, 0 to 3"
        );
        assert_eq!(
            parse_line(b"\n", 4).unwrap_err(),
            "an empty line: for n > 0 every line holds n columns (here 4); \
             only the one solution of n = 0 is an empty line"
        );
        assert_eq!(
            parse_line(b"1 3 0\n", 4).unwrap_err(),
            "3 columns for a 4×4 board: every line holds n = 4 columns, one per row"
        );
        assert_eq!(
            parse_line(b"1,3,0,2\n", 4).unwrap_err(),
            "\"1,3,0,2\" is not a column number: a line holds 4 numbers from 0 to 3, separated by spaces"
        );
        assert_eq!(
            parse_line(b"+1 3 0 2\n", 4).unwrap_err(),
            "\"+1\" is not a column number: a line holds 4 numbers from 0 to 3, separated by spaces"
        );
        assert_eq!(
            parse_line(b"0\n", 0).unwrap_err(),
            "column 0 is outside a 0×0 board: columns are 0-based, 0 to 0"
        );
        assert_eq!(
            parse_line(&[0xff, b'\n'], 4).unwrap_err(),
            "not text: a line holds column numbers in ASCII digits"
        );
    }

    #[test]
    fn a_shell_program_is_a_solver() {
        let program = program(
            "read n k; if [ $n = 4 ]; then echo 1 3 0 2; echo 2 0 3 1; fi",
            Order::RowMajor,
        );
        let mut got = Vec::new();
        program
            .solve(&Problem::new(4), &mut |queens| {
                got.push(queens.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(got, [vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        let mut first = Vec::new();
        program
            .solve(&Problem::new(4), &mut |queens| {
                first.push(queens.to_vec());
                ControlFlow::Break(())
            })
            .unwrap();
        assert_eq!(first, [vec![1, 3, 0, 2]]);
    }

    #[test]
    fn a_failing_program_is_a_crash_with_its_last_words() {
        let program = program(
            "echo 'IndexError: list index out of range' >&2; exit 1",
            Order::Unspecified,
        );
        assert_eq!(
            fault(&program, &Problem::new(4)),
            ProgramFault {
                crashed: true,
                message: "the program exited with status 1: IndexError: list index out of range"
                    .to_owned()
            }
        );
    }

    #[test]
    fn a_one_based_line_is_a_wrong_answer_naming_the_line() {
        let program = program("echo 2 4 1 3", Order::Unspecified);
        assert_eq!(
            fault(&program, &Problem::new(4)),
            ProgramFault {
                crashed: false,
                message: "line 1 (\"2 4 1 3\"): column 4 is outside a 4×4 board: \
                          columns are 0-based, 0 to 3"
                    .to_owned()
            }
        );
    }
}
