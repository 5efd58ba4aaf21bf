//! The relay: a program's runs, one per question, inside the jail of its
//! check.
//!
//! A program answers one question per run (it reads a board on stdin and
//! prints its solutions), so a check starts it many times. The judge, which
//! computes the verdict, stays outside the jail; inside it, as the check's
//! box, `queens-grade relay -- COMMAND…` starts each run the judge asks for
//! ([`Order::Run`]), passes its stdout on line by line ([`Told::Line`]),
//! kills it when the judge has read enough ([`Order::Stop`]), and says how
//! it ended ([`Told::Exited`]). Its stderr goes through to the judge, which
//! counts it against the output limit and keeps its end; the relay also
//! keeps the run's own last line of it, for the message of a crash.
//!
//! The relay runs with the program's rights, so the program can make it say
//! anything: that is the point of putting it there. What it says is data
//! (lines the judge parses and checks, an exit status), never a verdict,
//! and whatever it claims, the time, memory and output of the whole jail
//! are measured from outside.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use queens_conformance::remote::{MARK, read_line};
use serde::{Deserialize, Serialize};

/// The longest line a program may print: a solution of the largest board
/// is under 50 bytes, so anything near this is not one.
pub const LONGEST_LINE: usize = 4096;

/// What the judge tells the relay, one per line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Order {
    /// Start a run with this on its stdin.
    Run(String),
    /// Kill the run under way: the judge has read enough.
    Stop,
}

/// What the relay tells the judge, one per line after the mark.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Told {
    /// A line of the run's stdout, its end of line dropped.
    Line(String),
    /// A line that is not UTF-8 text.
    NotText,
    /// A line longer than [`LONGEST_LINE`]; the run is killed.
    TooLong,
    /// The run could not be started.
    CannotStart(String),
    /// The run ended.
    Exited(Exit),
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exit {
    /// Its exit status, when it exited.
    pub code: Option<i32>,
    /// The signal that killed it, when one did.
    pub signal: Option<i32>,
    /// Whether the relay killed it, as the judge asked.
    pub stopped: bool,
    /// The last line it wrote on stderr.
    pub last_words: String,
}

impl Exit {
    /// A run that ended by itself with status 0 and said nothing on stderr:
    /// what the tests of the relay's readers (the kept answers, the
    /// grader's program) feed them.
    pub fn whole() -> Exit {
        Exit {
            code: Some(0),
            signal: None,
            stopped: false,
            last_words: String::new(),
        }
    }
}

/// `queens-grade relay -- COMMAND…`: runs COMMAND once per order on stdin
/// until stdin ends.
///
/// Every thread the relay needs is started before the first run: a run
/// shares the relay's uid and its process limit, and a fork bomb that has
/// used it up must not leave the relay unable to watch it.
pub fn main(command: &[OsString]) -> ExitCode {
    let (orders, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut line = Vec::new();
        while let Ok(true) = read_line(&mut input, 1 << 20, &mut line) {
            let Ok(order) = serde_json::from_slice::<Order>(&line) else {
                return;
            };
            if orders.send(order).is_err() {
                return;
            }
        }
    });
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let workers = Workers::start(&out);
    while let Ok(order) = received.recv() {
        if let Order::Run(input) = order {
            let told = match start(command) {
                Ok(child) => run(child, input, &received, &workers),
                Err(error) => Told::CannotStart(error),
            };
            if tell(&out, &told).is_err() {
                break;
            }
        }
    }
    ExitCode::SUCCESS
}

/// The relay's threads, started once: one feeds a run its input, one
/// passes its stdout on line by line, one its stderr.
struct Workers {
    feed: Sender<(ChildStdin, String)>,
    lines: Sender<ChildStdout>,
    /// Whether the run's stdout ended at a line too long.
    lines_done: Receiver<bool>,
    stderr: Sender<ChildStderr>,
    /// The run's last line of stderr, once its stderr ended.
    last_words: Receiver<String>,
}

impl Workers {
    /// Starts the three threads.
    fn start(out: &Arc<Mutex<std::io::Stdout>>) -> Self {
        let (feed, feeds) = channel::<(ChildStdin, String)>();
        std::thread::spawn(move || {
            for (mut stdin, input) in feeds {
                // A program that exits without reading its input is not an
                // error here; what it prints is judged.
                let _ = stdin.write_all(input.as_bytes());
            }
        });
        let (lines, outs) = channel::<ChildStdout>();
        let (lines_ended, lines_done) = channel();
        let out = Arc::clone(out);
        std::thread::spawn(move || {
            for stdout in outs {
                if lines_ended.send(pass_lines(stdout, &out)).is_err() {
                    return;
                }
            }
        });
        let (stderr, errs) = channel::<ChildStderr>();
        let (words, last_words) = channel();
        std::thread::spawn(move || {
            for stderr in errs {
                if words.send(pass_stderr(stderr)).is_err() {
                    return;
                }
            }
        });
        Workers {
            feed,
            lines,
            lines_done,
            stderr,
            last_words,
        }
    }
}

/// Writes one message to the judge.
fn tell(out: &Mutex<std::io::Stdout>, told: &Told) -> std::io::Result<()> {
    let mut line = MARK.as_bytes().to_vec();
    serde_json::to_writer(&mut line, told)?;
    line.push(b'\n');
    let mut out = out.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    out.write_all(&line)?;
    out.flush()
}

/// Starts one run, in a process group of its own so that all of it can be
/// killed.
fn start(command: &[OsString]) -> Result<Child, String> {
    let (program, arguments) = command.split_first().ok_or("no command")?;
    Command::new(program)
        .args(arguments)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| error.to_string())
}

/// Feeds `input` to a started run, passes its lines on, kills it at the
/// judge's stop or a line too long, and says how it ended.
fn run(mut child: Child, input: String, orders: &Receiver<Order>, workers: &Workers) -> Told {
    let group = nix::unistd::Pid::from_raw(child.id() as i32);
    let kill_group = || {
        let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
    };
    let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
        kill_group();
        let _ = child.wait();
        return Told::CannotStart("its pipes could not be made".to_owned());
    };
    let _ = workers.feed.send((stdin, input));
    let _ = workers.stderr.send(stderr);
    let _ = workers.lines.send(stdout);
    let mut stopped = false;
    let too_long = loop {
        match workers.lines_done.recv_timeout(Duration::from_millis(20)) {
            Ok(too_long) => break too_long,
            Err(RecvTimeoutError::Disconnected) => break false,
            Err(RecvTimeoutError::Timeout) => {}
        }
        if !stopped
            && matches!(
                orders.try_recv(),
                Ok(Order::Stop) | Err(TryRecvError::Disconnected)
            )
        {
            stopped = true;
            kill_group();
        }
    };
    if too_long {
        kill_group();
    }
    let status = child.wait();
    // Whatever the run left in its group goes with it.
    kill_group();
    let status = status.ok();
    Told::Exited(Exit {
        code: status.and_then(|status| status.code()),
        signal: status.and_then(|status| status.signal()),
        stopped: stopped || too_long,
        last_words: workers.last_words.recv().unwrap_or_default(),
    })
}

/// Passes the run's stdout on, a line a message; `true` when it stopped at
/// a line too long.
fn pass_lines(stdout: impl Read, out: &Mutex<std::io::Stdout>) -> bool {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        let told = match read_line(&mut reader, LONGEST_LINE, &mut line) {
            Ok(false) => return false,
            Ok(true) => match String::from_utf8(std::mem::take(&mut line)) {
                Ok(text) => Told::Line(text),
                Err(_) => Told::NotText,
            },
            Err(_) => {
                let _ = tell(out, &Told::TooLong);
                return true;
            }
        };
        if tell(out, &told).is_err() {
            return false;
        }
    }
}

/// Passes the run's stderr through to the relay's own (which the judge
/// counts), and returns its last non-empty line once it ends.
fn pass_stderr(stderr: impl Read) -> String {
    let mut reader = BufReader::new(stderr);
    let mut last = String::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        match (&mut reader).take(64 << 10).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return last,
            Ok(_) => {}
        }
        let _ = std::io::stderr().write_all(&line);
        let text = String::from_utf8_lossy(&line);
        if !text.trim().is_empty() {
            last = queens_jail::words::cut(text.trim(), 200);
        }
    }
}
