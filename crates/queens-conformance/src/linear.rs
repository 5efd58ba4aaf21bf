//! Checking a placement in linear time, for boards far past what
//! [`queens_core::validate`] can judge.
//!
//! `validate` compares every pair of queens, which is the clearest proof and
//! fine for the boards a backtracking search reaches; a construction or a
//! local search hands back a hundred thousand queens, and the pairs would
//! take minutes. Here each queen marks its three lines in boolean tables
//! instead (its column, its `/` anti-diagonal `row + col` and its `\`
//! diagonal `row - col + n - 1`), and a queen that finds one of its lines
//! already marked attacks an earlier queen: O(n) time and 5n bytes. Only
//! then is the earlier queen looked for, in a second O(n) pass, so that the
//! message names both queens as `validate` would.

use queens_core::{Attack, Invalid, Problem, Square};

/// Checks that `queens` is a solution of the plain `n`-queens board, where
/// `n` is its length, in O(n): one queen per column and per diagonal. The
/// fault it reports is the same kind [`queens_core::validate`] reports,
/// though for several faults not necessarily the same one.
pub fn validate(queens: &[usize]) -> Result<(), Invalid> {
    let n = queens.len();
    let mut lines = Lines::new(n);
    for (row, &col) in queens.iter().enumerate() {
        let square = Square::new(row, col);
        if col >= n {
            return Err(Invalid::OffBoard { n, square });
        }
        if !lines.mark(square) {
            return Err(Invalid::Attack(attack_on(queens, square)));
        }
    }
    Ok(())
}

/// Checks that `queens` solves `problem` in O(n): a solution of the plain
/// board, of the problem's size, keeping every pre-placed queen.
pub fn validate_for(problem: &Problem, queens: &[usize]) -> Result<(), Invalid> {
    if queens.len() != problem.n() {
        return Err(Invalid::WrongLength {
            expected: problem.n(),
            got: queens.len(),
        });
    }
    validate(queens)?;
    match problem.first_moved(queens) {
        Some(square) => Err(Invalid::MissingPreplaced(square)),
        None => Ok(()),
    }
}

/// Which columns and diagonals hold a queen.
struct Lines {
    columns: Vec<bool>,
    anti_diagonals: Vec<bool>,
    diagonals: Vec<bool>,
    /// Added to `row - col` so that the `\` diagonals index from 0.
    offset: usize,
}

impl Lines {
    fn new(n: usize) -> Self {
        let diagonals = (2 * n).saturating_sub(1);
        Lines {
            columns: vec![false; n],
            anti_diagonals: vec![false; diagonals],
            diagonals: vec![false; diagonals],
            offset: n.saturating_sub(1),
        }
    }

    /// Marks the lines of a queen at `square` (on the board); `false` when
    /// one of them was marked already.
    fn mark(&mut self, square: Square) -> bool {
        let Square { row, col } = square;
        let taken = [
            &mut self.columns[col],
            &mut self.anti_diagonals[row + col],
            &mut self.diagonals[row + self.offset - col],
        ];
        let free = taken.iter().all(|line| !**line);
        for line in taken {
            *line = true;
        }
        free
    }
}

/// The attack between the queen at `square` and the first queen above it
/// that shares one of its lines, which [`Lines::mark`] says exists.
fn attack_on(queens: &[usize], square: Square) -> Attack {
    queens[..square.row]
        .iter()
        .enumerate()
        .find_map(|(row, &col)| {
            let earlier = Square::new(row, col);
            earlier.shared_line(square).map(|line| Attack {
                first: earlier,
                second: square,
                line,
            })
        })
        .expect("a marked line has a queen on it above this one")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_pairwise_check() {
        let placements: [&[usize]; 7] = [
            &[],
            &[0],
            &[1, 3, 0, 2],
            &[0, 3, 4, 1, 3],
            &[1, 3, 0, 3],
            &[0, 1],
            &[2, 0, 3, 1],
        ];
        for queens in placements {
            assert_eq!(
                validate(queens),
                queens_core::validate(queens.len(), queens),
                "{queens:?}"
            );
        }
        assert_eq!(
            validate(&[0, 4]),
            Err(Invalid::OffBoard {
                n: 2,
                square: Square::new(1, 4)
            })
        );
    }

    #[test]
    fn problems_check_size_and_preplaced_queens() {
        let problem = Problem::with_queens(4, [Square::new(0, 2)]).unwrap();
        assert_eq!(validate_for(&problem, &[2, 0, 3, 1]), Ok(()));
        assert_eq!(
            validate_for(&problem, &[1, 3, 0, 2]),
            Err(Invalid::MissingPreplaced(Square::new(0, 2)))
        );
        assert_eq!(
            validate_for(&problem, &[0]),
            Err(Invalid::WrongLength {
                expected: 4,
                got: 1
            })
        );
    }
}
