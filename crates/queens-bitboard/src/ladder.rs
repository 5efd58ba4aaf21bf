//! The ladder: the counters as steps, each adding one technique to the one
//! before, so that `cargo xtask compare` can put them side by side and show
//! what each step buys.

use std::fmt;

use queens_core::Error;
use rayon::ThreadPoolBuildError;

use crate::count::{count_frames, count_lanes, count_mirror, count_plain, count_with_symmetry};
use crate::lanes::Ends;
use crate::units::units;

/// One step of the ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// [`count_plain`]: the whole tree, a row's free squares in one word.
    Plain,
    /// [`count_mirror`]: the left half of the first row, counted twice.
    Mirror,
    /// [`count_with_symmetry`]: one board of each class of 8, 4 or 2,
    /// the fundamental solutions counted too.
    Symmetry,
    /// [`count_frames`]: the edges' queens placed first, one frame of each
    /// class of frames.
    Frames,
    /// [`count_lanes`] with [`Ends::Plain`]: inside the frames, many
    /// boards abreast in vector lanes.
    Lanes,
    /// [`count_lanes`] with [`Ends::Early`]: the children checked two rows
    /// ahead, the last two rows completed at once.
    LastRows,
    /// [`WorkUnits::count_parallel`](crate::WorkUnits::count_parallel): the frames
    /// as work units, on several threads.
    Threads,
}

/// What a step of the ladder counted: every solution, and the fundamental
/// ones when the step counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Every solution.
    pub total: u64,
    /// The fundamental solutions, counted by every step from
    /// [`Step::Symmetry`] on.
    pub unique: Option<u64>,
}

/// Why a step could not count.
#[derive(Debug)]
pub enum CountError {
    /// The board is past the masks.
    Board(Error),
    /// The threads of [`Step::Threads`] could not be started.
    Pool(ThreadPoolBuildError),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Board(error) => error.fmt(f),
            CountError::Pool(error) => write!(f, "cannot start the counting threads: {error}"),
        }
    }
}

impl std::error::Error for CountError {}

impl From<Error> for CountError {
    fn from(error: Error) -> Self {
        CountError::Board(error)
    }
}

impl Step {
    /// The steps, bottom first.
    pub const ALL: [Step; 7] = [
        Step::Plain,
        Step::Mirror,
        Step::Symmetry,
        Step::Frames,
        Step::Lanes,
        Step::LastRows,
        Step::Threads,
    ];

    /// The step's name in tables: `counting walk` for the first, then `+
    /// what it adds`. The first is not called `bitboard`: it is not the
    /// bitboard solver (which keeps the board and hands out each solution)
    /// but the counting walk on the same words, and a table that shows both
    /// would otherwise show two rows of one name with two different times.
    pub fn name(self) -> &'static str {
        match self {
            Step::Plain => "counting walk",
            Step::Mirror => "+ mirror",
            Step::Symmetry => "+ symmetry",
            Step::Frames => "+ frames",
            Step::Lanes => "+ lanes",
            Step::LastRows => "+ last rows",
            Step::Threads => "+ threads",
        }
    }

    /// What the step adds to the one below, in a few words.
    pub fn adds(self) -> &'static str {
        match self {
            Step::Plain => "the bitboard's words walked without branches, counting only",
            Step::Mirror => "only the left half of the first row, counted twice",
            Step::Symmetry => "one board of each class of 8, 4 or 2 boards",
            Step::Frames => "the edges' queens first, one frame of each class",
            Step::Lanes => "many boards abreast in vector lanes",
            Step::LastRows => "two rows looked ahead, the last two counted at once",
            Step::Threads => "the frames as work units, on every core",
        }
    }

    /// Whether the step counts the fundamental solutions too: every step
    /// from [`Step::Symmetry`] on.
    pub fn counts_classes(self) -> bool {
        !matches!(self, Step::Plain | Step::Mirror)
    }

    /// Counts the `n`×`n` board with this step's technique; `threads` is
    /// the number of threads of [`Step::Threads`] (0: one per core), and
    /// the other steps run on the calling thread.
    ///
    /// # Errors
    ///
    /// When `n` > 64, or the threads cannot be started.
    pub fn count(self, n: usize, threads: usize) -> Result<Tally, CountError> {
        let only_total = |total| Tally {
            total,
            unique: None,
        };
        let both = |counts: crate::Counts| Tally {
            total: counts.total,
            unique: Some(counts.unique),
        };
        Ok(match self {
            Step::Plain => only_total(count_plain(n)?),
            Step::Mirror => only_total(count_mirror(n)?),
            Step::Symmetry => both(count_with_symmetry(n)?),
            Step::Frames => both(count_frames(n)?),
            Step::Lanes => both(count_lanes(n, Ends::Plain)?),
            Step::LastRows => both(count_lanes(n, Ends::Early)?),
            Step::Threads => both(
                units(n)?
                    .count_parallel(threads, |_, _| {})
                    .map_err(CountError::Pool)?,
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_counts_ten_queens() {
        let counts: Vec<Tally> = Step::ALL
            .iter()
            .map(|step| step.count(10, 2).unwrap())
            .collect();
        let total = |unique| Tally { total: 724, unique };
        assert_eq!(counts[..2], [total(None), total(None)]);
        assert!(counts[2..].iter().all(|&tally| tally == total(Some(92))));
        let names: Vec<&str> = Step::ALL.iter().map(|step| step.name()).collect();
        assert_eq!(
            names,
            [
                "counting walk",
                "+ mirror",
                "+ symmetry",
                "+ frames",
                "+ lanes",
                "+ last rows",
                "+ threads"
            ]
        );
    }

    #[test]
    fn a_board_past_the_masks_is_refused() {
        let error = Step::Threads.count(65, 1).unwrap_err();
        assert_eq!(
            error.to_string(),
            "n = 65 is too large for the bitboard solver, which accepts n up to 64"
        );
    }
}
