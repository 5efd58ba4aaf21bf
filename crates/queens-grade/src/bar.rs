//! What a teacher sees while a class is graded: on a terminal, one line
//! that counts the builds and checks and, once a submission is graded, how
//! long the rest should take; anywhere else (a CI job, a Gradescope
//! container, stderr sent to a log), a line per submission as it is graded.
//!
//! The estimate comes from finished submissions only. A step of the run (a
//! build, a check) takes anything from a millisecond to the whole time
//! limit, and the first Rust build of a run compiles the suite's
//! dependencies for a minute or two: a rate per step, as a progress bar
//! keeps it, said "0 s left" while that build ran, then hours, then minutes.
//! A submission is the unit the run repeats, so the line says nothing of
//! the time left until one is graded, then the mean time of those graded so
//! far times those left, shared among the jobs ([`Tally::seconds_left`]).
//!
//! The line is made to fit the terminal's width as it is at each redraw
//! ([`line()`], a pure function, tested as one): a line that wraps is drawn
//! again below itself at every step, and fills the screen.

use std::sync::Mutex;

use indicatif::ProgressBar;
use queens_core::format::duration;
use queens_jail::words::cut;

use crate::grading::{Graded, Progress};

/// How far a run has come: what the line is drawn from.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Tally {
    /// Steps done (a build, or a check).
    pub done: usize,
    /// Steps in all.
    pub total: usize,
    /// Submissions in the run.
    pub submissions: usize,
    /// How long each graded submission took on the clock, in seconds.
    pub finished: Vec<f64>,
}

impl Tally {
    /// The seconds the run should still take with `jobs` submissions graded
    /// at once: the mean time of the graded submissions times those left,
    /// divided among as many jobs as there are submissions left to take
    /// them. `None` before any is graded, or once all are (nothing is known,
    /// or nothing is left).
    pub(crate) fn seconds_left(&self, jobs: usize) -> Option<f64> {
        let graded = self.finished.len();
        let left = self
            .submissions
            .checked_sub(graded)
            .filter(|&left| left > 0)?;
        if graded == 0 {
            return None;
        }
        let mean = self.finished.iter().sum::<f64>() / graded as f64;
        Some(mean * left as f64 / jobs.clamp(1, left) as f64)
    }
}

/// The width of the bar drawn when the line has room for it.
const BAR: usize = 20;

/// The fewest columns worth giving to what is being done: less says nothing.
const FEWEST_FOR_WHAT: usize = 12;

/// The line for `tally` with `jobs` jobs, `what` being the step just done,
/// on a terminal `width` columns wide: the counts, the estimate once there
/// is one, the bar when it fits, and as much of `what` as fits. It is at
/// most `width - 1` characters long: a character written in the last
/// column makes some terminals wrap.
pub(crate) fn line(tally: &Tally, jobs: usize, what: &str, width: usize) -> String {
    let room = width.saturating_sub(1);
    let long = counts(tally, jobs, ("builds and checks", "about "));
    let mut text = if long.chars().count() <= room {
        long
    } else {
        counts(tally, jobs, ("steps", "~"))
    };
    if text.chars().count() + BAR + 3 <= room {
        let filled = (BAR * tally.done)
            .checked_div(tally.total)
            .unwrap_or(0)
            .min(BAR);
        text = format!(
            "[{}{}] {text}",
            "#".repeat(filled),
            ".".repeat(BAR - filled)
        );
    }
    let left_for_what = room.saturating_sub(text.chars().count() + 2);
    if !what.is_empty() && left_for_what >= FEWEST_FOR_WHAT {
        text = format!("{text}  {}", cut(what, left_for_what - 1));
    }
    if text.chars().count() > room {
        text = cut(&text, room.saturating_sub(1));
    }
    text
}

/// "285/450 builds and checks, 3/30 graded, about 17.0 min left", in the
/// words given for the steps and for an estimate.
fn counts(tally: &Tally, jobs: usize, (steps, about): (&str, &str)) -> String {
    let mut text = format!(
        "{}/{} {steps}, {}/{} graded",
        tally.done,
        tally.total,
        tally.finished.len(),
        tally.submissions
    );
    if let Some(seconds) = tally.seconds_left(jobs) {
        text.push_str(&format!(", {about}{} left", duration(seconds)));
    }
    text
}

/// The line on a terminal, redrawn at each step.
pub(crate) struct ProgressLine {
    /// indicatif's bar, drawing only its message: the line.
    bar: ProgressBar,
    /// How far the run has come.
    tally: Mutex<Tally>,
    /// Submissions graded at once.
    jobs: usize,
}

impl ProgressLine {
    /// The line for a run of `submissions` graded `jobs` at a time, when
    /// stderr is a terminal.
    pub(crate) fn on_terminal(submissions: usize, jobs: usize) -> Option<Self> {
        queens_toolkit::progress::drawn().then(|| ProgressLine {
            bar: queens_toolkit::progress::on_terminal(0, "{msg}"),
            tally: Mutex::new(Tally {
                submissions,
                ..Tally::default()
            }),
            jobs,
        })
    }

    /// Clears the line: the run is over.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// Changes the tally with `change` and draws the line again.
    fn redraw(&self, what: &str, change: impl FnOnce(&mut Tally)) {
        let mut tally = self
            .tally
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        change(&mut tally);
        let width = queens_toolkit::progress::width().unwrap_or(80);
        self.bar.set_message(line(&tally, self.jobs, what, width));
    }
}

impl Progress for ProgressLine {
    fn start(&self, total: usize) {
        self.redraw("", |tally| tally.total = total);
    }

    fn advance(&self, what: &str) {
        self.redraw(what, |tally| tally.done += 1);
    }

    fn graded(&self, graded: &Graded) {
        if !queens_jail::running::stopping() {
            self.bar.println(graded_line(graded));
        }
        self.redraw(&graded.name, |tally| tally.finished.push(graded.seconds));
    }
}

/// Off a terminal: a line on stderr as each submission is graded.
pub(crate) struct LinePerSubmission;

impl Progress for LinePerSubmission {
    fn start(&self, _total: usize) {}
    fn advance(&self, _what: &str) {}

    fn graded(&self, graded: &Graded) {
        if !queens_jail::running::stopping() {
            eprintln!("{}", graded_line(graded));
        }
    }
}

/// "graded ada (rust): 100.0 in 3.2 s", or why it was not checked.
fn graded_line(graded: &Graded) -> String {
    let outcome = match &graded.not_checked {
        Some(reason) => format!("not checked: {}", cut(reason, 80)),
        None => format!("{:.1}", graded.score),
    };
    format!(
        "graded {} ({}): {outcome} in {:.1} s",
        graded.name, graded.kind, graded.seconds
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(done: usize, finished: &[f64]) -> Tally {
        Tally {
            done,
            total: 450,
            submissions: 30,
            finished: finished.to_vec(),
        }
    }

    #[test]
    fn no_estimate_until_a_submission_is_graded() {
        assert_eq!(
            line(&tally(0, &[]), 2, "", 120),
            "[....................] 0/450 builds and checks, 0/30 graded"
        );
        // Most of the checks done, as a long first build can leave them:
        // still nothing is known of how long a submission takes.
        assert_eq!(
            line(&tally(285, &[]), 2, "ada counts_match_oeis", 120),
            "[############........] 285/450 builds and checks, 0/30 graded  \
             ada counts_match_oeis"
        );
    }

    #[test]
    fn the_estimate_is_the_mean_submission_times_those_left_over_the_jobs() {
        // (60 + 120) / 2 = 90 s a submission, 28 left, 2 at a time.
        let two = tally(30, &[60.0, 120.0]);
        assert_eq!(two.seconds_left(2), Some(90.0 * 28.0 / 2.0));
        assert_eq!(
            line(&two, 2, "bob built", 100),
            "[#...................] 30/450 builds and checks, 2/30 graded, about 21.0 min \
             left  bob built"
        );
        // One left: a second job does not halve it.
        let last = Tally {
            finished: vec![10.0; 29],
            ..tally(440, &[])
        };
        assert_eq!(last.seconds_left(4), Some(10.0));
        // None left: no estimate, never "0 s left".
        let all = Tally {
            finished: vec![10.0; 30],
            ..tally(450, &[])
        };
        assert_eq!(all.seconds_left(2), None);
        assert_eq!(
            line(&all, 2, "", 80),
            "[####################] 450/450 builds and checks, 30/30 graded"
        );
    }

    #[test]
    fn the_line_fits_the_terminal() {
        let long = "rust-resets-when-n-changes random_problems_match_reference";
        let halfway = tally(225, &[75.0; 15]);
        for width in [20, 40, 60, 80, 100, 200] {
            let drawn = line(&halfway, 2, long, width);
            assert!(
                drawn.chars().count() < width,
                "{width} columns: {drawn:?} is {} characters",
                drawn.chars().count()
            );
        }
        // The counts and the estimate first, then the bar, then the step.
        assert_eq!(
            line(&halfway, 2, long, 80),
            "225/450 builds and checks, 15/30 graded, about 9.38 min left  \
             rust-resets-when…"
        );
        // Shorter words where the long ones do not fit, and cut at last.
        assert_eq!(
            line(&halfway, 2, long, 60),
            "225/450 steps, 15/30 graded, ~9.38 min left  rust-resets-w…"
        );
        assert_eq!(
            line(&halfway, 2, long, 40),
            "225/450 steps, 15/30 graded, ~9.38 min…"
        );
        assert_eq!(
            line(&halfway, 2, long, 120),
            "[##########..........] 225/450 builds and checks, 15/30 graded, about 9.38 \
             min left  rust-resets-when-n-changes random…"
        );
    }
}
