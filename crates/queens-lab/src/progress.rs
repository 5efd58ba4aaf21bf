//! The progress bar of the long tasks: the toolkit's, drawn on a terminal
//! only, in the tasks' one style.

use indicatif::ProgressBar;

/// A bar of `steps` steps on stderr, or a hidden one when stderr is not a
/// terminal.
pub fn bar(steps: u64) -> ProgressBar {
    let bar =
        queens_toolkit::progress::on_terminal(steps, "{elapsed:>4} [{bar:30}] {pos}/{len} {msg}");
    bar.set_style(bar.style().progress_chars("=> "));
    bar
}
