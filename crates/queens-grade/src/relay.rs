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
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use queens_conformance::remote::{MARK, read_line};
use serde::{Deserialize, Serialize};

/// The longest line a program may print: a solution of the largest board
/// is under 50 bytes, so anything near this is not one.
pub(crate) const LONGEST_LINE: usize = 4096;

/// What the judge tells the relay, one per line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(crate) enum Order {
    /// Start a run with this on its stdin.
    Run(String),
    /// Kill the run under way: the judge has read enough.
    Stop,
}

/// What the relay tells the judge, one per line after the mark.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(crate) enum Told {
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
pub(crate) struct Exit {
    /// Its exit status, when it exited.
    pub code: Option<i32>,
    /// The signal that killed it, when one did.
    pub signal: Option<i32>,
    /// Whether the relay killed it, as the judge asked.
    pub stopped: bool,
    /// The last line it wrote on stderr.
    pub last_words: String,
}

/// `queens-grade relay -- COMMAND…`: runs COMMAND once per order on stdin
/// until stdin ends.
pub(crate) fn main(command: &[OsString]) -> ExitCode {
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
    while let Ok(order) = received.recv() {
        if let Order::Run(input) = order {
            let told = match start(command) {
                Ok(child) => run(child, input, &received, &out),
                Err(error) => Told::CannotStart(error),
            };
            if tell(&out, &told).is_err() {
                break;
            }
        }
    }
    ExitCode::SUCCESS
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
fn run(
    mut child: Child,
    input: String,
    orders: &Receiver<Order>,
    out: &Arc<Mutex<std::io::Stdout>>,
) -> Told {
    let group = nix::unistd::Pid::from_raw(child.id() as i32);
    if let Some(mut stdin) = child.stdin.take() {
        // A program that exits without reading its input is not an error
        // here; what it prints is judged.
        std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
    }
    let last_words = pass_stderr(child.stderr.take());
    let lines = {
        let stdout = child.stdout.take();
        let out = Arc::clone(out);
        std::thread::spawn(move || pass_lines(stdout, &out))
    };
    let mut stopped = false;
    while !lines.is_finished() {
        match orders.recv_timeout(Duration::from_millis(20)) {
            Ok(Order::Stop) | Err(RecvTimeoutError::Disconnected) => {
                stopped = true;
                let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
                break;
            }
            Ok(Order::Run(_)) | Err(RecvTimeoutError::Timeout) => {}
        }
    }
    let too_long = lines.join().unwrap_or(false);
    if too_long {
        let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
    }
    let status = child.wait();
    // Whatever the run left in its group goes with it.
    let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
    let status = status.ok();
    Told::Exited(Exit {
        code: status.and_then(|status| status.code()),
        signal: status.and_then(|status| status.signal()),
        stopped: stopped || too_long,
        last_words: last_words.join().unwrap_or_default(),
    })
}

/// Passes the run's stdout on, a line a message; `true` when it stopped at
/// a line too long.
fn pass_lines(stdout: Option<impl Read>, out: &Mutex<std::io::Stdout>) -> bool {
    let Some(stdout) = stdout else {
        return false;
    };
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
/// counts), keeping its last non-empty line.
fn pass_stderr(stderr: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let Some(stderr) = stderr else {
            return String::new();
        };
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
                last = crate::words::cut(text.trim(), 200);
            }
        }
    })
}
