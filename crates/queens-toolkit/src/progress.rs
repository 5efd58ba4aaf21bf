//! Progress bars drawn on a terminal, and only there: a bar in a log or a
//! pipe is noise. The tools' bars share one rule for when to draw, one way
//! to build a style, and one way to ask the terminal's width, for a line
//! that must fit it.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// How often a visible bar redraws itself, so that the elapsed time moves
/// between steps.
pub const TICK: Duration = Duration::from_millis(250);

/// The style drawn by `template` (indicatif's syntax); indicatif's plain
/// bar should the template not parse, which the tools' tests rule out.
pub fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

/// Whether bars are drawn: when stderr, where they go, is a terminal.
pub fn drawn() -> bool {
    std::io::stderr().is_terminal()
}

/// The width of the terminal on stderr, in columns: `None` off a terminal,
/// or where the terminal does not say. Asked at each redraw, since a
/// terminal can be resized while a tool runs.
pub fn width() -> Option<usize> {
    rustix::termios::tcgetwinsize(std::io::stderr())
        .ok()
        .map(|size| usize::from(size.ws_col))
        .filter(|&columns| columns > 0)
}

/// A bar of `length` steps drawn with `template` on stderr, ticking, when
/// stderr is a terminal; a hidden one, which every call accepts and
/// ignores, elsewhere.
pub fn on_terminal(length: u64, template: &str) -> ProgressBar {
    if !drawn() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(length).with_style(style(template));
    bar.enable_steady_tick(TICK);
    bar
}
