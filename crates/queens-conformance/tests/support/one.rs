//! Solvers that find one solution, for testing the checks that apply to
//! them: a correct one, and broken ones with one deliberate fault each.
//!
//! Like [`super::RowByRow`], the known-good solver is written here rather
//! than taken from the construction's crate, which depends on this one; it
//! follows a different statement of the construction, the closed formulas
//! (Hoffman, Loessi and Moore's, as Wikipedia gives them), so that a fault
//! shared with that crate would be a coincidence.

use queens_core::{Finds, Levels, Observer, Order, Problem, Search, SolverInfo, Square};

use super::RowByRow;

/// How a [`Formula`] solver differs from the correct one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OneVariant {
    /// Correct.
    Correct,
    /// Moves the queen of row 0 into row 1's column from n = 1,000 up.
    WrongFromAThousand,
    /// Emits an attacked placement for n = 2 and 3.
    SolvesThree,
    /// Emits its plain board whatever queens were pre-placed.
    MovesPreplaced,
}

/// The closed formulas for one solution of any board from n = 4 up; with
/// `PREPLACED`, a first solution by [`RowByRow`]'s backtracking when queens
/// are pre-placed (small boards only, as the checks ask).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Formula<const PREPLACED: bool>(pub(crate) OneVariant);

impl<const PREPLACED: bool> Search for Formula<PREPLACED> {
    const INFO: SolverInfo = SolverInfo {
        name: "formula",
        title: "closed formulas (the suite's own test solver that finds one)",
        seeds: "",
        order: Order::Unspecified,
        levels: Levels::Rows,
        max_n: 1_000_000,
        practical_n: 1_000_000,
        workload: None,
    };

    const FINDS: Finds = Finds::One {
        preplaced: PREPLACED,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        if !problem.is_plain() && self.0 != OneVariant::MovesPreplaced {
            if PREPLACED {
                RowByRow.search(problem, observer);
            }
            return;
        }
        let Some(queens) = self.board(problem.n()) else {
            return;
        };
        for (row, &col) in queens.iter().enumerate() {
            if observer.placed(Square::new(row, col)).is_break() {
                return;
            }
        }
        let _ = observer.solution(&queens);
    }
}

impl<const PREPLACED: bool> Formula<PREPLACED> {
    /// The board this variant emits for `n`.
    fn board(&self, n: usize) -> Option<Vec<usize>> {
        match (self.0, formula(n)) {
            (OneVariant::SolvesThree, None) => Some((0..n).collect()),
            (OneVariant::WrongFromAThousand, Some(mut queens)) if n >= 1_000 => {
                queens[0] = queens[1];
                Some(queens)
            }
            (_, board) => board,
        }
    }
}

/// The formulas, 0-based: for even `n = 2h`, queens at `(i, 2i + 1)` and
/// `(h + i, 2i)` unless `n mod 6 = 2`, where `k = (2i + h - 1) mod n` puts
/// them at `(i, k)` and `(n - 1 - i, n - 1 - k)`, for `i < h`; an odd `n`
/// adds the corner `(n - 1, n - 1)` to the board of `n - 1`.
fn formula(n: usize) -> Option<Vec<usize>> {
    if n == 2 || n == 3 {
        return None;
    }
    if n % 2 == 1 {
        let mut queens = formula(n - 1)?;
        queens.push(n - 1);
        return Some(queens);
    }
    let h = n / 2;
    let mut queens = vec![0; n];
    for i in 0..h {
        if n % 6 == 2 {
            let k = (2 * i + h - 1) % n;
            queens[i] = k;
            queens[n - 1 - i] = n - 1 - k;
        } else {
            queens[i] = 2 * i + 1;
            queens[h + i] = 2 * i;
        }
    }
    Some(queens)
}
