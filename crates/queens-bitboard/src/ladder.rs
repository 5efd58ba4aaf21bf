//! The ladder: the counters as steps, each adding one technique to the one
//! before, so that `cargo xtask compare` can put them side by side and show
//! what each step buys.
//!
//! The lanes' steps each name their kernel, so that what a vector
//! instruction set buys is a step of its own: `+ lanes` runs the portable
//! kernel, then `+ AVX2`, `+ AVX-512` and `+ 16-bit lanes` each run one
//! kernel, on the processors that have it ([`Step::lacks`]), all counting
//! the last rows plainly; `+ last rows` looks ahead on the fastest kernel
//! this processor has, and `+ threads` runs that on every core.

use std::fmt;

use queens_core::Error;
use rayon::ThreadPoolBuildError;

use crate::count::{count_frames, count_lanes, count_mirror, count_plain, count_with_symmetry};
use crate::lanes::{Ends, Kernel};
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
    /// [`count_lanes`] with [`Kernel::Portable`] and [`Ends::Plain`]:
    /// inside the frames, many boards abreast in lanes.
    Lanes,
    /// [`count_lanes`] with [`Kernel::Avx2`] and [`Ends::Plain`]: the
    /// lanes in AVX2 registers, sixty-four a pass.
    Avx2,
    /// [`count_lanes`] with [`Kernel::Avx512`] and [`Ends::Plain`]: the
    /// lanes in AVX-512 registers, packed by the processor's compression.
    Avx512,
    /// [`count_lanes`] with [`Kernel::Avx512Narrow`] and [`Ends::Plain`]:
    /// lanes of 16 bits where the board allows.
    Narrow,
    /// [`count_lanes`] with the fastest kernel ([`Kernel::detect`]) and
    /// [`Ends::Early`]: the children checked two rows ahead, the last two
    /// rows completed at once.
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
    /// The step's kernel needs instructions this processor lacks
    /// ([`Step::lacks`] says which).
    Lacks(&'static str),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Board(error) => error.fmt(f),
            CountError::Pool(error) => write!(f, "cannot start the counting threads: {error}"),
            CountError::Lacks(instructions) => {
                write!(f, "this processor has no {instructions}")
            }
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
    pub const ALL: [Step; 10] = [
        Step::Plain,
        Step::Mirror,
        Step::Symmetry,
        Step::Frames,
        Step::Lanes,
        Step::Avx2,
        Step::Avx512,
        Step::Narrow,
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
            Step::Avx2 => "+ AVX2",
            Step::Avx512 => "+ AVX-512",
            Step::Narrow => "+ 16-bit lanes",
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
            Step::Lanes => "sixteen boards abreast in lanes, in portable Rust",
            Step::Avx2 => "sixty-four lanes a pass, in AVX2 registers",
            Step::Avx512 => "the lanes in AVX-512 registers, packed by the processor",
            Step::Narrow => "lanes of 16 bits where the board allows",
            Step::LastRows => "two rows looked ahead, the last two counted at once",
            Step::Threads => "the frames as work units, on every core",
        }
    }

    /// Whether the step counts the fundamental solutions too: every step
    /// from [`Step::Symmetry`] on.
    pub fn counts_classes(self) -> bool {
        !matches!(self, Step::Plain | Step::Mirror)
    }

    /// The kernel the step's lanes run on: `None` for the steps below the
    /// lanes, the fastest this processor has for [`Step::LastRows`] and
    /// [`Step::Threads`].
    pub fn kernel(self) -> Option<Kernel> {
        match self {
            Step::Plain | Step::Mirror | Step::Symmetry | Step::Frames => None,
            Step::Lanes => Some(Kernel::Portable),
            Step::Avx2 => Some(Kernel::Avx2),
            Step::Avx512 => Some(Kernel::Avx512),
            Step::Narrow => Some(Kernel::Avx512Narrow),
            Step::LastRows | Step::Threads => Some(Kernel::detect()),
        }
    }

    /// The instructions the step needs and this processor lacks, as
    /// [`Kernel::instructions`] names them; `None` when it runs here.
    pub fn lacks(self) -> Option<&'static str> {
        let kernel = self.kernel()?;
        (!kernel.runs_here()).then(|| kernel.instructions())
    }

    /// Counts the `n`×`n` board with this step's technique; `threads` is
    /// the number of threads of [`Step::Threads`] (0: one per core), and
    /// the other steps run on the calling thread.
    ///
    /// # Errors
    ///
    /// When `n` > 64, the processor lacks the step's instructions, or the
    /// threads cannot be started.
    pub fn count(self, n: usize, threads: usize) -> Result<Tally, CountError> {
        if let Some(instructions) = self.lacks() {
            return Err(CountError::Lacks(instructions));
        }
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
            Step::Lanes | Step::Avx2 | Step::Avx512 | Step::Narrow | Step::LastRows => {
                let kernel = self.kernel().expect("a step of the lanes has a kernel");
                let ends = if self == Step::LastRows {
                    Ends::Early
                } else {
                    Ends::Plain
                };
                both(count_lanes(n, kernel, ends)?)
            }
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
            .filter(|step| step.lacks().is_none())
            .map(|step| step.count(10, 2).unwrap())
            .collect();
        let total = |unique| Tally { total: 724, unique };
        assert_eq!(counts[..2], [total(None), total(None)]);
        assert!(counts[2..].iter().all(|&tally| tally == total(Some(92))));
        assert!(
            counts.len() >= 7,
            "the portable steps and threads run anywhere"
        );
        let names: Vec<&str> = Step::ALL.iter().map(|step| step.name()).collect();
        assert_eq!(
            names,
            [
                "counting walk",
                "+ mirror",
                "+ symmetry",
                "+ frames",
                "+ lanes",
                "+ AVX2",
                "+ AVX-512",
                "+ 16-bit lanes",
                "+ last rows",
                "+ threads"
            ]
        );
    }

    #[test]
    fn a_step_the_processor_lacks_is_refused_with_its_instructions() {
        for step in Step::ALL {
            let Some(instructions) = step.lacks() else {
                continue;
            };
            let error = step.count(8, 1).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("this processor has no {instructions}")
            );
        }
        for step in [Step::Lanes, Step::LastRows, Step::Threads] {
            assert_eq!(step.lacks(), None, "{}", step.name());
        }
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
