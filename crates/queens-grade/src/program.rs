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
//! program, started inside the check's jail by the relay ([`queens_build::relay`]),
//! whose lines come back over a pipe. Each line is read here, outside the
//! program's reach: a line that is not N numbers, a status other than 0, or
//! a signal is a fault of the program, reported with the problem it was
//! solving and the run's last line of stderr; every solution is then read
//! against its board by the suite before any check counts it. A program
//! reports no statistics and no progress, so the instrumentation group does
//! not apply to it. A question the program answered whole in an earlier
//! check of its submission is answered from what that run told
//! ([`queens_build::answers`]), line for line, without running it again.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::SeqCst;

use queens_build::answers::Answers;
use queens_build::relay::{Exit, LONGEST_LINE, Order as Run, Told};
use queens_conformance::remote::{Broken, Link};
use queens_conformance::{Fault, Scope, Slip, Verdict, facts};
use queens_core::{Error, Levels, Observer, Order, Problem, Sink, Solver, SolverInfo, Stats};
use queens_jail::cgroup::MemoryProbe;

/// The largest board a program is asked; the checks never go past it.
const MAX_N: usize = Scope::MAX_COUNTS_TO;

/// The most lines of a run kept for later checks ([`queens_build::answers`]):
/// every solution of n = 13 and then some.
const KEPT_LINES: usize = 100_000;

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
    /// Set once the check's run was killed from outside for a rule it
    /// broke (see [`queens_jail::isolation::Session::halted`]).
    halted: Arc<AtomicBool>,
    /// Whether a slip of form (a stray line, text after a solution) is
    /// raised as a [`Slip`] (the check `output_format`) rather than read
    /// past (every other check).
    strict: bool,
    /// The submission's answers kept from earlier checks, and where this
    /// check's whole runs are kept for later ones.
    answers: Option<Answers>,
}

impl Program {
    /// The program the relay at the end of `link` runs, limited to
    /// `memory`; `strict` for the check of its output's form; `answers`,
    /// its whole answers to the earlier checks' questions.
    pub(crate) fn new(
        link: Arc<Link>,
        order: Order,
        memory: (MemoryProbe, u64),
        halted: Arc<AtomicBool>,
        strict: bool,
        answers: Option<Answers>,
    ) -> Self {
        Program {
            link,
            order,
            memory,
            halted,
            strict,
            answers,
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
        let question = protocol_input(problem);
        let mut lines = Lines {
            problem,
            number: 0,
            solutions: 0,
        };
        let recalled = self
            .answers
            .as_ref()
            .and_then(|kept| kept.recall(&question));
        if let Some(answer) = recalled {
            for told in answer {
                if !matches!(self.take(told, &mut lines, sink), Took::More) {
                    return;
                }
            }
            return;
        }
        self.link.send(&Run::Run(question.clone()));
        let mut running = Running {
            link: &self.link,
            ended: false,
        };
        // What the run told, to keep if it ends whole.
        let mut answer = self.answers.as_ref().map(|_| Vec::new());
        loop {
            let told = self.link.receive::<Told>(2 * LONGEST_LINE);
            running.ended = matches!(told, Told::Exited(_) | Told::CannotStart(_));
            let whole =
                matches!(&told, Told::Exited(exit) if exit.code == Some(0) && !exit.stopped);
            if let Some(kept) = answer.as_mut() {
                kept.push(told.clone());
                if kept.len() > KEPT_LINES {
                    answer = None;
                }
            }
            match self.take(told, &mut lines, sink) {
                Took::More => {}
                Took::Enough => {
                    running.stop();
                    return;
                }
                Took::Ended => {
                    if let (true, Some(kept), Some(answers)) = (whole, answer, &self.answers) {
                        answers.keep(&question, &kept);
                    }
                    return;
                }
            }
        }
    }

    /// Reads one thing a run told (run now, or kept from an earlier
    /// check): a solution goes to `sink`; a line that is not one, a
    /// failure status or a signal unwinds with the program's fault.
    fn take(&self, told: Told, lines: &mut Lines<'_>, sink: &mut Sink<'_>) -> Took {
        let problem = lines.problem;
        match told {
            Told::Line(text) => match lines.read(&text) {
                Read::Solution(queens, slip) => {
                    self.slipped(slip);
                    if sink(&queens).is_break() {
                        Took::Enough
                    } else {
                        Took::More
                    }
                }
                Read::Slip(slip) => {
                    self.slipped(Some(slip));
                    Took::More
                }
                Read::Wrong(message) => std::panic::resume_unwind(Box::new(wrong(message))),
            },
            Told::NotText => std::panic::resume_unwind(Box::new(wrong(format!(
                "line {}: not text: a line holds column numbers in ASCII digits",
                lines.number + 1
            )))),
            Told::TooLong => std::panic::resume_unwind(Box::new(wrong(format!(
                "line {}: longer than {LONGEST_LINE} bytes: a line holds the {} column \
                 numbers of one solution",
                lines.number + 1,
                problem.n()
            )))),
            Told::CannotStart(error) => crash(format!("the program cannot be started: {error}")),
            Told::Exited(exit) => {
                if exit.signal == Some(9) && !exit.stopped && self.halted.load(SeqCst) {
                    // Killed for a rule of the whole run (too much
                    // output, say), which the run's ending names.
                    self.link.break_off(Broken::Ended);
                }
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
                Took::Ended
            }
        }
    }
}

/// What one thing a run told left to do.
enum Took {
    /// Read on.
    More,
    /// The sink has had enough: the run is stopped.
    Enough,
    /// The run ended whole.
    Ended,
}

impl Program {
    /// Raises `slip` in the check of the output's form; reads past it in
    /// every other.
    fn slipped(&self, slip: Option<String>) {
        if let (true, Some(message)) = (self.strict, slip) {
            std::panic::resume_unwind(Box::new(Slip { message }));
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
        verdict: Verdict::Fail,
        message,
    }
}

/// Unwinds with the crash of a program, described by `message`.
fn crash(message: String) -> ! {
    std::panic::resume_unwind(Box::new(Fault {
        verdict: Verdict::Crash,
        message,
    }))
}

/// How a run ended, in words, with its last line of stderr.
fn ended(exit: &Exit) -> String {
    let how = match (exit.code, exit.signal) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(signal)) => {
            format!("was killed by {}", queens_jail::words::signal_name(signal))
        }
        (None, None) => "ended abnormally".to_owned(),
    };
    if exit.last_words.is_empty() {
        how
    } else {
        format!("{how}: {}", exit.last_words)
    }
}

/// What a line of a run is.
#[derive(Debug, PartialEq, Eq)]
enum Read {
    /// A solution, and the slip of text after it, if any.
    Solution(Vec<usize>, Option<String>),
    /// A stray line, which changes no answer.
    Slip(String),
    /// A wrong answer.
    Wrong(String),
}

/// A run's lines as they are read: its problem, and how many lines and
/// solutions so far.
struct Lines<'a> {
    problem: &'a Problem,
    number: u64,
    solutions: u64,
}

impl Lines<'_> {
    /// The next line, read against the problem: a solution (its columns
    /// first, whatever text follows), a stray line (empty, or text), or a
    /// wrong answer, each named by its line in the protocol's words.
    fn read(&mut self, text: &str) -> Read {
        self.number += 1;
        let (number, problem, n) = (self.number, self.problem, self.problem.n());
        let columns: Vec<&str> = text
            .split_ascii_whitespace()
            .take_while(|word| word.bytes().all(|byte| byte.is_ascii_digit()))
            .collect();
        let words = text.split_ascii_whitespace().count();
        let known = facts::solution_count(n);
        if columns.is_empty()
            && (n > 0 || words > 0 || known.is_some_and(|all| self.solutions >= all))
        {
            return Read::Slip(stray(number, text, problem));
        }
        if words > columns.len() && columns.len() != n {
            // Numbers, then text: too few or too many numbers is the answer.
            return Read::Wrong(format!(
                "line {number} ({}): {}",
                shown(text),
                column_count(columns.len(), n)
            ));
        }
        if text.len() > LONGEST_LINE {
            return Read::Wrong(format!(
                "line {number}: longer than {LONGEST_LINE} bytes: a line holds the {n} column \
                 numbers of one solution"
            ));
        }
        let queens = match parse_columns(&columns, n) {
            Ok(queens) => queens,
            Err(fault) => return Read::Wrong(format!("line {number} ({}): {fault}", shown(text))),
        };
        self.solutions += 1;
        if let Some(all) = known.filter(|&all| self.solutions > all) {
            return Read::Wrong(format!(
                "line {number} ({}): more solutions than the board of n = {n} has ({all}): \
                 one printed twice, or printed without end",
                shown(text)
            ));
        }
        if let Err(fault) = queens_conformance::linear::validate_for(problem, &queens) {
            return Read::Wrong(format!(
                "line {number} ({}): not a solution: {fault}",
                shown(text)
            ));
        }
        let trailing = (words > columns.len()).then(|| {
            format!(
                "line {number} ({}): text after the {n} columns of a solution: a line holds \
                 the columns and nothing else",
                shown(text)
            )
        });
        Read::Solution(queens, trailing)
    }
}

/// What a stray line (empty, or text where a solution would be) is, in the
/// words of the board it was printed for.
fn stray(number: u64, text: &str, problem: &Problem) -> String {
    let n = problem.n();
    let what = if text.trim().is_empty() {
        format!("line {number} is empty")
    } else {
        format!("line {number} ({}) is text, not a solution", shown(text))
    };
    let advice = match facts::solution_count(n) {
        _ if n == 0 => "a stray line: the empty board's one solution is one empty line, and \
                        nothing else"
            .to_owned(),
        Some(0) => format!("a stray line: for n = {n} there is no solution, so print nothing"),
        _ => "a stray line: print each solution on a line of its own, and nothing else".to_owned(),
    };
    format!("{what}: {advice}")
}

/// "3 columns for a 4×4 board: …": a line with the wrong count of columns.
fn column_count(found: usize, n: usize) -> String {
    format!(
        "{} for a {n}×{n} board: every line holds n = {n} columns, one per row",
        if found == 1 {
            "1 column".to_owned()
        } else {
            format!("{found} columns")
        }
    )
}

/// A printed line as a message shows it: quoted, its end of line dropped,
/// cut to 60 characters.
fn shown(line: &str) -> String {
    let text = line.trim_end_matches(['\n', '\r']);
    format!("{:?}", queens_jail::words::cut(text, 60))
}

/// The problem as the program reads it.
pub(crate) fn protocol_input(problem: &Problem) -> String {
    let mut input = format!("{} {}\n", problem.n(), problem.preplaced().len());
    for queen in problem.preplaced() {
        input.push_str(&format!("{} {}\n", queen.row, queen.col));
    }
    input
}

/// The columns of a line (its leading words of digits) as a placement of
/// a board of `n`: `n` column numbers from 0 to `n - 1`. Anything else is a
/// wrong answer, in the protocol's words. Whether the placement is a
/// solution is read after.
fn parse_columns(columns: &[&str], n: usize) -> Result<Vec<usize>, String> {
    let mut queens = Vec::with_capacity(columns.len());
    for word in columns {
        let col = word.parse::<usize>().unwrap_or(usize::MAX);
        if col >= n {
            return Err(if n == 0 {
                format!(
                    "column {word} on the empty board, which has no column: its one solution \
                     is one empty line"
                )
            } else {
                format!(
                    "column {word} is outside a {n}×{n} board: columns are 0-based, 0 to {}",
                    n - 1
                )
            });
        }
        queens.push(col);
    }
    if queens.len() == n {
        Ok(queens)
    } else {
        Err(column_count(queens.len(), n))
    }
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

    /// Reads `lines` as one run on `problem`.
    fn read(problem: &Problem, lines: &[&str]) -> Vec<Read> {
        let mut reading = Lines {
            problem,
            number: 0,
            solutions: 0,
        };
        lines.iter().map(|line| reading.read(line)).collect()
    }

    #[test]
    fn the_input_is_the_size_then_the_queens() {
        let problem = Problem::with_queens(8, [Square::new(0, 2), Square::new(3, 4)]).unwrap();
        assert_eq!(protocol_input(&problem), "8 2\n0 2\n3 4\n");
        assert_eq!(protocol_input(&Problem::new(0)), "0 0\n");
    }

    #[test]
    fn lines_are_read_as_columns_with_spaces_tabs_and_crlf() {
        let four = Problem::new(4);
        assert_eq!(
            read(&four, &["1 3 0 2", "  2\t0 3 1 \r"]),
            [
                Read::Solution(vec![1, 3, 0, 2], None),
                Read::Solution(vec![2, 0, 3, 1], None)
            ]
        );
        assert_eq!(
            read(&Problem::new(0), &[""]),
            [Read::Solution(vec![], None)]
        );
    }

    #[test]
    fn a_stray_line_is_a_slip_named_for_its_board_and_read_past() {
        let slip = |n: usize, lines: &[&str]| match read(&Problem::new(n), lines).pop() {
            Some(Read::Slip(message)) => message,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            slip(2, &[""]),
            "line 1 is empty: a stray line: for n = 2 there is no solution, so print nothing"
        );
        assert_eq!(
            slip(4, &["1 3 0 2", ""]),
            "line 2 is empty: a stray line: print each solution on a line of its own, and \
             nothing else"
        );
        assert_eq!(
            slip(4, &["1 3 0 2", "2 0 3 1", "Total: 2"]),
            "line 3 (\"Total: 2\") is text, not a solution: a stray line: print each solution \
             on a line of its own, and nothing else"
        );
        assert_eq!(
            slip(0, &["", ""]),
            "line 2 is empty: a stray line: the empty board's one solution is one empty line, \
             and nothing else"
        );
        assert_eq!(
            read(&Problem::new(4), &["1 3 0 2 found"]),
            [Read::Solution(
                vec![1, 3, 0, 2],
                Some(
                    "line 1 (\"1 3 0 2 found\"): text after the 4 columns of a solution: a line \
                     holds the columns and nothing else"
                        .to_owned()
                )
            )]
        );
    }

    #[test]
    fn wrong_answers_are_named_in_the_protocols_words() {
        let wrong = |n: usize, line: &str| match read(&Problem::new(n), &[line]).pop() {
            Some(Read::Wrong(message)) => message,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            wrong(4, "1 2 3 4"),
            "line 1 (\"1 2 3 4\"): column 4 is outside a 4×4 board: columns are 0-based, 0 to 3"
        );
        assert_eq!(
            wrong(4, "1 3 0"),
            "line 1 (\"1 3 0\"): 3 columns for a 4×4 board: every line holds n = 4 columns, \
             one per row"
        );
        assert_eq!(
            wrong(4, "1 3 done"),
            "line 1 (\"1 3 done\"): 2 columns for a 4×4 board: every line holds n = 4 \
             columns, one per row"
        );
        assert_eq!(
            wrong(0, "0"),
            "line 1 (\"0\"): column 0 on the empty board, which has no column: its one \
             solution is one empty line"
        );
        assert_eq!(
            wrong(4, "0 0 0 0"),
            "line 1 (\"0 0 0 0\"): not a solution: queens at (row 0, col 0) and (row 1, col 0) \
             share a column"
        );
    }

    #[test]
    fn a_solution_past_the_count_of_the_board_is_named() {
        assert_eq!(
            read(&Problem::new(4), &["1 3 0 2", "2 0 3 1", "2 0 3 1"]).pop(),
            Some(Read::Wrong(
                "line 3 (\"2 0 3 1\"): more solutions than the board of n = 4 has (2): one \
                 printed twice, or printed without end"
                    .to_owned()
            ))
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

    /// What the judge wrote to a relay: the questions, kept to count.
    #[derive(Clone, Default)]
    struct Asked(Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Asked {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Asked {
        fn questions(&self) -> usize {
            let text = self.0.lock().unwrap();
            String::from_utf8_lossy(&text).matches("\"run\"").count()
        }
    }

    /// A program behind a relay that tells `told` and nothing more, with
    /// its answers kept in `answers`.
    fn program_telling(told: &[Told], answers: Option<Answers>) -> (Program, Asked) {
        use queens_conformance::remote::MARK;
        let mut text = Vec::new();
        for one in told {
            text.extend_from_slice(MARK.as_bytes());
            serde_json::to_writer(&mut text, one).unwrap();
            text.push(b'\n');
        }
        let asked = Asked::default();
        let link = Link::new(
            asked.clone(),
            std::io::Cursor::new(text),
            Box::new(|broken| Fault {
                verdict: Verdict::Crash,
                message: format!("the relay told no more: {broken:?}"),
            }),
        );
        let program = Program::new(
            link,
            Order::RowMajor,
            (MemoryProbe::default(), 256),
            Arc::new(AtomicBool::new(false)),
            false,
            answers,
        );
        (program, asked)
    }

    /// The run of four queens: its two solutions, and status 0.
    fn four_queens() -> Vec<Told> {
        vec![
            Told::Line("1 3 0 2".into()),
            Told::Line("2 0 3 1".into()),
            Told::Exited(Exit::whole()),
        ]
    }

    /// The solutions `program` gives for four queens, up to `most`.
    fn solutions(program: &Program, most: usize) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        program.run(&Problem::new(4), &mut |queens| {
            found.push(queens.to_vec());
            if found.len() == most {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found
    }

    #[test]
    fn a_question_answered_whole_is_answered_again_from_what_the_run_told() {
        let scratch = tempfile::tempdir().unwrap();
        let answers = Answers::make(&scratch.path().join("answers"));
        let (program, asked) = program_telling(&four_queens(), answers);
        let both = vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]];
        assert_eq!(solutions(&program, usize::MAX), both);
        assert_eq!(asked.questions(), 1);
        // The relay has nothing more to tell: asked again, the run would
        // break the link.
        assert_eq!(solutions(&program, usize::MAX), both);
        assert_eq!(solutions(&program, 1), both[..1]);
        assert_eq!(asked.questions(), 1);
    }

    #[test]
    fn a_run_stopped_early_is_not_kept() {
        let scratch = tempfile::tempdir().unwrap();
        let answers = Answers::make(&scratch.path().join("answers"));
        let twice = [four_queens(), four_queens()].concat();
        let (program, asked) = program_telling(&twice, answers);
        assert_eq!(solutions(&program, 1), [vec![1, 3, 0, 2]]);
        assert_eq!(solutions(&program, usize::MAX).len(), 2);
        assert_eq!(asked.questions(), 2);
    }
}
