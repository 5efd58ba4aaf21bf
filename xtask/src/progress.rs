//! The progress bar of the long tasks: on stderr, and hidden when stderr is
//! not a terminal so that logs and pipes stay clean.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `steps` steps on stderr, or a hidden one when stderr is not a
/// terminal.
pub fn bar(steps: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(steps);
    // Tick on a timer, so that the clock moves while one long cell runs.
    bar.enable_steady_tick(Duration::from_millis(250));
    if let Ok(style) = ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {pos}/{len} {msg}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
