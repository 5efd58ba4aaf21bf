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
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, Command, ExitStatus, Stdio};

use queens_conformance::Scope;
use queens_core::{Error, Levels, Observer, Order, Problem, Sink, Solver, SolverInfo, Stats};

/// The largest board a program is asked; the checks never go past it.
const MAX_N: usize = Scope::MAX_COUNTS_TO;

/// A program speaking the protocol, run once per problem.
#[derive(Clone, Debug)]
pub struct Program {
    /// The command that runs it.
    pub command: Vec<OsString>,
    /// The order the assignment requires of its solutions.
    pub order: Order,
}

impl Program {
    /// Runs the program on `problem` and hands each solution it prints to
    /// `sink`, killing it when the sink has had enough.
    ///
    /// # Panics
    ///
    /// When the program cannot be started, prints a line that is not a
    /// placement, or ends with a failure status or a signal: a crash, which
    /// the suite reports with the problem being solved.
    fn run(&self, problem: &Problem, sink: &mut Sink<'_>) {
        let (program, arguments) = self.command.split_first().expect("a command has a program");
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("the program cannot be started: {error}"));
        let stderr = keep_tail(child.stderr.take());
        if let Some(mut stdin) = child.stdin.take() {
            // A program that exits without reading its input is not an error
            // here; what it prints is judged.
            let _ = stdin.write_all(protocol_input(problem).as_bytes());
        }
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let mut stopped = false;
        for (number, line) in stdout.lines().enumerate() {
            let Ok(line) = line else {
                fail(&mut child, "printed something that is not text");
            };
            let queens = parse_line(&line, problem.n()).unwrap_or_else(|fault| {
                let shown = crate::grade::cut(&line, 60);
                fail(
                    &mut child,
                    &format!("printed {shown:?} on line {}: {fault}", number + 1),
                )
            });
            if sink(&queens).is_break() {
                stopped = true;
                break;
            }
        }
        if stopped {
            let _ = child.kill();
            let _ = child.wait();
            return;
        }
        let status = child.wait().expect("the program was started");
        if !status.success() {
            let tail = stderr.join().unwrap_or_default();
            panic!("the program {}{}", ending(status), stderr_note(&tail));
        }
    }
}

/// Kills the program and panics with `what` it did wrong.
fn fail(child: &mut Child, what: &str) -> ! {
    let _ = child.kill();
    let _ = child.wait();
    panic!("the program {what}");
}

/// The problem as the program reads it.
pub fn protocol_input(problem: &Problem) -> String {
    let mut input = format!("{} {}\n", problem.n(), problem.preplaced().len());
    for queen in problem.preplaced() {
        input.push_str(&format!("{} {}\n", queen.row, queen.col));
    }
    input
}

/// A printed line as a placement: the columns of its queens, as many as the
/// board has rows. A placement of the wrong length or off the board is
/// returned as printed, for the checks to name its fault.
fn parse_line(line: &str, n: usize) -> Result<Vec<usize>, String> {
    let queens: Result<Vec<usize>, _> = line.split_whitespace().map(str::parse).collect();
    let queens = queens
        .map_err(|_| format!("expected {n} column numbers from 0 to n - 1, separated by spaces"))?;
    if queens.len() > MAX_N {
        return Err(format!("expected {n} column numbers, got {}", queens.len()));
    }
    Ok(queens)
}

/// How a program ended, in words: "exited with status 3", "was killed by
/// signal 11 (SIGSEGV, a segmentation fault)".
pub fn ending(status: ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => format!("was killed by {}", signal_name(signal)),
        (None, None) => "ended abnormally".to_owned(),
    }
}

/// A signal's number, name and meaning for a student.
pub fn signal_name(signal: i32) -> String {
    let meaning = match signal {
        4 => "SIGILL, an illegal instruction",
        6 => "SIGABRT, an abort",
        7 => "SIGBUS, a bus error",
        8 => "SIGFPE, an arithmetic error such as a division by zero",
        9 => "SIGKILL",
        11 => {
            "SIGSEGV, a segmentation fault: an array index out of bounds, a null pointer, or the stack overflowing"
        }
        13 => "SIGPIPE",
        24 => "SIGXCPU, past the processor time limit",
        25 => "SIGXFSZ, past the file size limit",
        _ => return format!("signal {signal}"),
    };
    format!("signal {signal} ({meaning})")
}

/// ": <the last line of stderr>", or nothing when it printed none.
fn stderr_note(tail: &str) -> String {
    let last = crate::isolation::last_line(tail.as_bytes());
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

    #[test]
    fn the_input_is_the_size_then_the_queens() {
        let problem = Problem::with_queens(8, [Square::new(0, 2), Square::new(3, 4)]).unwrap();
        assert_eq!(protocol_input(&problem), "8 2\n0 2\n3 4\n");
        assert_eq!(protocol_input(&Problem::new(0)), "0 0\n");
    }

    #[test]
    fn lines_are_read_as_columns() {
        assert_eq!(parse_line("1 3 0 2", 4), Ok(vec![1, 3, 0, 2]));
        assert_eq!(parse_line("", 0), Ok(vec![]));
        assert_eq!(parse_line("  1\t3 0 2 ", 4), Ok(vec![1, 3, 0, 2]));
        assert_eq!(parse_line("1 3 0", 4), Ok(vec![1, 3, 0]));
        assert_eq!(
            parse_line("1,3,0,2", 4),
            Err("expected 4 column numbers from 0 to n - 1, separated by spaces".into())
        );
    }

    #[test]
    fn a_shell_program_is_a_solver() {
        let program = Program {
            command: [
                "sh",
                "-c",
                "read n k; if [ $n = 4 ]; then echo 1 3 0 2; echo 2 0 3 1; fi",
            ]
            .map(OsString::from)
            .to_vec(),
            order: Order::RowMajor,
        };
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
        let program = Program {
            command: [
                "sh",
                "-c",
                "echo 'IndexError: list index out of range' >&2; exit 1",
            ]
            .map(OsString::from)
            .to_vec(),
            order: Order::Unspecified,
        };
        let panic = std::panic::catch_unwind(|| {
            program.solve(&Problem::new(4), &mut |_| ControlFlow::Continue(()))
        })
        .unwrap_err();
        assert_eq!(
            panic.downcast_ref::<String>().unwrap(),
            "the program exited with status 1: IndexError: list index out of range"
        );
    }
}
