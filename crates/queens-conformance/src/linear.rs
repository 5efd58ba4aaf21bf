//! Checking a placement in linear time, for boards far past what
//! [`queens_core::validate`] can judge.
//!
//! `validate` compares every pair of queens, which is the clearest proof and
//! fine for the boards a backtracking search reaches; a construction or a
//! local search hands back a hundred thousand queens, and the pairs would
//! take minutes. Here the model's [`queens_core::first_attack`] does the
//! work: one pass over the rows, each queen looking up the row of the queen
//! already on its column and its two diagonals, O(n) time and memory, and a
//! conflict names both queens as `validate` would.

use queens_core::{Invalid, Problem, Square, first_attack};

/// Checks that `queens` is a solution of the plain `n`-queens board, where
/// `n` is its length, in O(n): every queen on the board, then one queen per
/// column and per diagonal. The fault it reports is the one
/// [`queens_core::validate`] reports, an off-board queen first.
pub fn validate(queens: &[usize]) -> Result<(), Invalid> {
    let n = queens.len();
    if let Some(row) = queens.iter().position(|&col| col >= n) {
        return Err(Invalid::OffBoard {
            n,
            square: Square::new(row, queens[row]),
        });
    }
    first_attack(queens).map_or(Ok(()), |attack| Err(Invalid::Attack(attack)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_pairwise_check() {
        let placements: [&[usize]; 9] = [
            &[],
            &[0],
            &[1, 3, 0, 2],
            &[0, 3, 4, 1, 3],
            &[1, 3, 0, 3],
            &[0, 1],
            &[2, 0, 3, 1],
            // An attack in row 1 and a queen off the board in row 3.
            &[0, 0, 2, 7],
            &[0, 2, 4, 1, 3, 0],
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
