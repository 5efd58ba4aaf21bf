//! How the grader words what a process did, for a student to read: a line
//! of its output, text cut to a report's width, how it ended, what a
//! signal means.

use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;

/// `text` cut to `length` characters, with an ellipsis when cut.
pub fn cut(text: &str, length: usize) -> String {
    match text.char_indices().nth(length) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// The first non-empty line of `bytes`, for one-line messages.
pub fn first_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("")
        .to_owned()
}

/// The last non-empty line of `bytes`.
pub fn last_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::trim)
        .rfind(|line| !line.is_empty())
        .unwrap_or("")
        .to_owned()
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
