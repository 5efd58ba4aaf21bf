//! Counting on a terminal: the progress bar, and Ctrl-C that stops a search
//! cleanly.
//!
//! Every test runs the built binary and checks its exact output, its
//! stderr and its exit status (helpers in `support`).

use crate::support::*;

// Counting: the progress bar and Ctrl-C

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // Tests capture stderr, so it is no terminal: nothing may appear there.
    let run = queens(&["count", "12", "--algo", "array"]);
    assert_eq!(run.answered(), "14200\n");
    let quiet = queens(&["count", "8", "--algo", "lookup", "--quiet", "--json"]).json();
    assert_eq!(quiet["count"], 92);
    let library = library_answer("lookup", Mode::Count, 8);
    assert_eq!(quiet["stats"], stats_json(&library));
}

#[test]
fn ctrl_c_stops_a_listing_and_says_how_far_it_got() {
    // Every search is watched now, a listing to a file included.
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["all", "16", "--algo", "array", "--format", "rows"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs");
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut lines = BufReader::new(stdout).lines();
    assert!(lines.next().is_some(), "a first solution is listed");
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(signalled.success());
    let listed = 1 + lines.map_while(Result::ok).count();
    let output = child.wait_with_output().expect("the run ends");
    assert_eq!(output.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let found = stderr
        .strip_prefix("interrupted: ")
        .and_then(|rest| rest.strip_suffix(" solutions found before Ctrl-C\n"))
        .unwrap_or_else(|| panic!("unexpected stderr: {stderr:?}"));
    assert_eq!(found.replace(',', ""), listed.to_string());
}

#[test]
fn ctrl_c_stops_a_count_and_says_how_far_it_got() {
    // Sixteen queens take the array solver many seconds, and eighteen the
    // counter on one thread half a minute.
    let found = interrupted_count(&["count", "16", "--algo", "array", "--json"]);
    assert!(found < 14_772_512, "{found} solutions: more than there are");
    let found = interrupted_count(&["count", "18", "--threads", "1"]);
    assert!(
        found < 666_090_624,
        "{found} solutions: more than there are"
    );
}

/// Starts `queens args`, sends it Ctrl-C (SIGINT) once the tool has surely
/// installed its handler, and returns the solutions it says it found.
fn interrupted_count(args: &[&str]) -> u64 {
    let child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the queens binary runs");
    thread::sleep(Duration::from_millis(700));
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(signalled.success());
    let output = child.wait_with_output().expect("the run ends");
    assert_eq!(output.status.code(), Some(130), "{args:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let found = stderr
        .strip_prefix("interrupted: ")
        .and_then(|rest| rest.strip_suffix(" solutions found before Ctrl-C\n"))
        .unwrap_or_else(|| panic!("unexpected stderr: {stderr:?}"));
    found.replace(',', "").parse().expect("a count")
}
