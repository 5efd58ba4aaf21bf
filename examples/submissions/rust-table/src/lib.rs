//! A buggy submission: a table of the answers for the boards up to 8×8,
//! filtered by the pre-placed queens; deliberate fault: it does not search at
//! all, so it knows nothing past n = 8 (and honestly declares max_n = 8).

use std::ops::ControlFlow;

use queens_core::{Levels, Observer, Order, Problem, Search, SolverInfo, Square};
use table::{EIGHT, FIVE, FOUR, ONE, SEVEN, SIX, THREE, TWO};

/// The solver the grader asks for.
pub fn solver() -> Table {
    Table
}

/// Looks the solutions up instead of searching for them.
pub struct Table;

impl Search for Table {
    const INFO: SolverInfo = SolverInfo {
        name: "rust-table",
        title: "a table of the solutions up to eight queens",
        seeds: "004",
        order: Order::RowMajor,
        levels: Levels::Rows,
        max_n: 8,
        practical_n: 8,
        workload: None,
    };

    fn search<O: Observer>(&self, problem: &Problem, observer: &mut O) {
        // Looking the board up in the table is this solver's one check.
        observer.checked(Square::new(0, 0), 1, None);
        let _ = match problem.n() {
            0 => observer.solution(&[]),
            1 => answer(&ONE, problem, observer),
            2 => answer(&TWO, problem, observer),
            3 => answer(&THREE, problem, observer),
            4 => answer(&FOUR, problem, observer),
            5 => answer(&FIVE, problem, observer),
            6 => answer(&SIX, problem, observer),
            7 => answer(&SEVEN, problem, observer),
            8 => answer(&EIGHT, problem, observer),
            _ => ControlFlow::Continue(()), // not in the table: no solutions
        };
    }
}

/// Emits the solutions of `table` that keep the problem's pre-placed queens,
/// grouped by the column of the first row's queen (the table is sorted), and
/// reports each group as one finished branch.
fn answer<const N: usize, O: Observer>(
    table: &[[usize; N]],
    problem: &Problem,
    observer: &mut O,
) -> ControlFlow<()> {
    for first in 0..N {
        for queens in table.iter().filter(|queens| queens[0] == first) {
            if problem.first_moved(queens).is_some() {
                continue;
            }
            for (row, &col) in queens.iter().enumerate() {
                observer.placed(Square::new(row, col))?;
            }
            observer.solution(queens)?;
        }
        observer.progressed(first + 1, N);
    }
    ControlFlow::Continue(())
}

// The solutions, `queens[row] = col`, in lexicographic order; printed once
// by a script that tried every permutation. n = 0 is handled above.
#[rustfmt::skip]
mod table {
    pub(crate) const ONE: [[usize; 1]; 1] = [[0]];
    pub(crate) const TWO: [[usize; 2]; 0] = [];
    pub(crate) const THREE: [[usize; 3]; 0] = [];
    pub(crate) const FOUR: [[usize; 4]; 2] = [[1, 3, 0, 2], [2, 0, 3, 1]];
    pub(crate) const FIVE: [[usize; 5]; 10] = [
        [0, 2, 4, 1, 3], [0, 3, 1, 4, 2], [1, 3, 0, 2, 4], [1, 4, 2, 0, 3], [2, 0, 3, 1, 4],
        [2, 4, 1, 3, 0], [3, 0, 2, 4, 1], [3, 1, 4, 2, 0], [4, 1, 3, 0, 2], [4, 2, 0, 3, 1],
    ];
    pub(crate) const SIX: [[usize; 6]; 4] = [
        [1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2], [4, 2, 0, 5, 3, 1],
    ];
    pub(crate) const SEVEN: [[usize; 7]; 40] = [
        [0, 2, 4, 6, 1, 3, 5], [0, 3, 6, 2, 5, 1, 4], [0, 4, 1, 5, 2, 6, 3], [0, 5, 3, 1, 6, 4, 2],
        [1, 3, 0, 6, 4, 2, 5], [1, 3, 5, 0, 2, 4, 6], [1, 4, 0, 3, 6, 2, 5], [1, 4, 2, 0, 6, 3, 5],
        [1, 4, 6, 3, 0, 2, 5], [1, 5, 2, 6, 3, 0, 4], [1, 6, 4, 2, 0, 5, 3], [2, 0, 5, 1, 4, 6, 3],
        [2, 0, 5, 3, 1, 6, 4], [2, 4, 6, 1, 3, 5, 0], [2, 5, 1, 4, 0, 3, 6], [2, 6, 1, 3, 5, 0, 4],
        [2, 6, 3, 0, 4, 1, 5], [3, 0, 2, 5, 1, 6, 4], [3, 0, 4, 1, 5, 2, 6], [3, 1, 6, 4, 2, 0, 5],
        [3, 5, 0, 2, 4, 6, 1], [3, 6, 2, 5, 1, 4, 0], [3, 6, 4, 1, 5, 0, 2], [4, 0, 3, 6, 2, 5, 1],
        [4, 0, 5, 3, 1, 6, 2], [4, 1, 5, 2, 6, 3, 0], [4, 2, 0, 5, 3, 1, 6], [4, 6, 1, 3, 5, 0, 2],
        [4, 6, 1, 5, 2, 0, 3], [5, 0, 2, 4, 6, 1, 3], [5, 1, 4, 0, 3, 6, 2], [5, 2, 0, 3, 6, 4, 1],
        [5, 2, 4, 6, 0, 3, 1], [5, 2, 6, 3, 0, 4, 1], [5, 3, 1, 6, 4, 2, 0], [5, 3, 6, 0, 2, 4, 1],
        [6, 1, 3, 5, 0, 2, 4], [6, 2, 5, 1, 4, 0, 3], [6, 3, 0, 4, 1, 5, 2], [6, 4, 2, 0, 5, 3, 1],
    ];
    pub(crate) const EIGHT: [[usize; 8]; 92] = [
        [0, 4, 7, 5, 2, 6, 1, 3], [0, 5, 7, 2, 6, 3, 1, 4], [0, 6, 3, 5, 7, 1, 4, 2],
        [0, 6, 4, 7, 1, 3, 5, 2], [1, 3, 5, 7, 2, 0, 6, 4], [1, 4, 6, 0, 2, 7, 5, 3],
        [1, 4, 6, 3, 0, 7, 5, 2], [1, 5, 0, 6, 3, 7, 2, 4], [1, 5, 7, 2, 0, 3, 6, 4],
        [1, 6, 2, 5, 7, 4, 0, 3], [1, 6, 4, 7, 0, 3, 5, 2], [1, 7, 5, 0, 2, 4, 6, 3],
        [2, 0, 6, 4, 7, 1, 3, 5], [2, 4, 1, 7, 0, 6, 3, 5], [2, 4, 1, 7, 5, 3, 6, 0],
        [2, 4, 6, 0, 3, 1, 7, 5], [2, 4, 7, 3, 0, 6, 1, 5], [2, 5, 1, 4, 7, 0, 6, 3],
        [2, 5, 1, 6, 0, 3, 7, 4], [2, 5, 1, 6, 4, 0, 7, 3], [2, 5, 3, 0, 7, 4, 6, 1],
        [2, 5, 3, 1, 7, 4, 6, 0], [2, 5, 7, 0, 3, 6, 4, 1], [2, 5, 7, 0, 4, 6, 1, 3],
        [2, 5, 7, 1, 3, 0, 6, 4], [2, 6, 1, 7, 4, 0, 3, 5], [2, 6, 1, 7, 5, 3, 0, 4],
        [2, 7, 3, 6, 0, 5, 1, 4], [3, 0, 4, 7, 1, 6, 2, 5], [3, 0, 4, 7, 5, 2, 6, 1],
        [3, 1, 4, 7, 5, 0, 2, 6], [3, 1, 6, 2, 5, 7, 0, 4], [3, 1, 6, 2, 5, 7, 4, 0],
        [3, 1, 6, 4, 0, 7, 5, 2], [3, 1, 7, 4, 6, 0, 2, 5], [3, 1, 7, 5, 0, 2, 4, 6],
        [3, 5, 0, 4, 1, 7, 2, 6], [3, 5, 7, 1, 6, 0, 2, 4], [3, 5, 7, 2, 0, 6, 4, 1],
        [3, 6, 0, 7, 4, 1, 5, 2], [3, 6, 2, 7, 1, 4, 0, 5], [3, 6, 4, 1, 5, 0, 2, 7],
        [3, 6, 4, 2, 0, 5, 7, 1], [3, 7, 0, 2, 5, 1, 6, 4], [3, 7, 0, 4, 6, 1, 5, 2],
        [3, 7, 4, 2, 0, 6, 1, 5], [4, 0, 3, 5, 7, 1, 6, 2], [4, 0, 7, 3, 1, 6, 2, 5],
        [4, 0, 7, 5, 2, 6, 1, 3], [4, 1, 3, 5, 7, 2, 0, 6], [4, 1, 3, 6, 2, 7, 5, 0],
        [4, 1, 5, 0, 6, 3, 7, 2], [4, 1, 7, 0, 3, 6, 2, 5], [4, 2, 0, 5, 7, 1, 3, 6],
        [4, 2, 0, 6, 1, 7, 5, 3], [4, 2, 7, 3, 6, 0, 5, 1], [4, 6, 0, 2, 7, 5, 3, 1],
        [4, 6, 0, 3, 1, 7, 5, 2], [4, 6, 1, 3, 7, 0, 2, 5], [4, 6, 1, 5, 2, 0, 3, 7],
        [4, 6, 1, 5, 2, 0, 7, 3], [4, 6, 3, 0, 2, 7, 5, 1], [4, 7, 3, 0, 2, 5, 1, 6],
        [4, 7, 3, 0, 6, 1, 5, 2], [5, 0, 4, 1, 7, 2, 6, 3], [5, 1, 6, 0, 2, 4, 7, 3],
        [5, 1, 6, 0, 3, 7, 4, 2], [5, 2, 0, 6, 4, 7, 1, 3], [5, 2, 0, 7, 3, 1, 6, 4],
        [5, 2, 0, 7, 4, 1, 3, 6], [5, 2, 4, 6, 0, 3, 1, 7], [5, 2, 4, 7, 0, 3, 1, 6],
        [5, 2, 6, 1, 3, 7, 0, 4], [5, 2, 6, 1, 7, 4, 0, 3], [5, 2, 6, 3, 0, 7, 1, 4],
        [5, 3, 0, 4, 7, 1, 6, 2], [5, 3, 1, 7, 4, 6, 0, 2], [5, 3, 6, 0, 2, 4, 1, 7],
        [5, 3, 6, 0, 7, 1, 4, 2], [5, 7, 1, 3, 0, 6, 4, 2], [6, 0, 2, 7, 5, 3, 1, 4],
        [6, 1, 3, 0, 7, 4, 2, 5], [6, 1, 5, 2, 0, 3, 7, 4], [6, 2, 0, 5, 7, 4, 1, 3],
        [6, 2, 7, 1, 4, 0, 5, 3], [6, 3, 1, 4, 7, 0, 2, 5], [6, 3, 1, 7, 5, 0, 2, 4],
        [6, 4, 2, 0, 5, 7, 1, 3], [7, 1, 3, 0, 6, 4, 2, 5], [7, 1, 4, 2, 0, 6, 3, 5],
        [7, 2, 0, 5, 1, 4, 6, 3], [7, 3, 0, 2, 5, 1, 6, 4],
    ];
}
