//! The eight symmetries of the square and the canonical form of a solution.
//!
//! Rotating or reflecting a solution gives a solution. Seed 004 groups the 92
//! solutions of eight queens into 12 classes ("fundamental solutions") and
//! lists each class by its lexicographically smallest member; that member is
//! what this module calls the canonical form. A solution is a permutation (one
//! queen per row and per column), so each image is again a placement
//! `queens[row] = column`.

use serde::Serialize;

/// One of the eight symmetries of the square (the dihedral group D4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// Left and right swapped.
    MirrorColumns,
    /// Top and bottom swapped.
    MirrorRows,
    /// Reflection in the `\` diagonal: rows become columns.
    Transpose,
    /// Reflection in the `/` diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Writes the image of the permutation `queens` into `image`, which must
    /// have the same length. Each queen `(row, queens[row])` moves to a new
    /// square and `image` records it as `image[new_row] = new_col`.
    ///
    /// # Panics
    ///
    /// When `image.len() != queens.len()` or `queens` holds a column outside
    /// the board; a solution never does.
    pub fn apply_into(self, queens: &[usize], image: &mut [usize]) {
        assert_eq!(queens.len(), image.len(), "image must match the placement");
        for (row, &col) in queens.iter().enumerate() {
            let (new_row, new_col) = self.apply_to_square(queens.len(), row, col);
            image[new_row] = new_col;
        }
    }

    /// Where the square `(row, col)` of an `n`×`n` board goes.
    ///
    /// # Panics
    ///
    /// When the square is off the board (in debug builds, by overflow).
    pub fn apply_to_square(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let last = n.saturating_sub(1);
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, last - row),
            Symmetry::Rotate180 => (last - row, last - col),
            Symmetry::Rotate270 => (last - col, row),
            Symmetry::MirrorColumns => (row, last - col),
            Symmetry::MirrorRows => (last - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (last - col, last - row),
        }
    }

    /// The image of the permutation `queens`.
    pub fn apply(self, queens: &[usize]) -> Vec<usize> {
        let mut image = vec![0; queens.len()];
        self.apply_into(queens, &mut image);
        image
    }
}

/// The canonical form of a solution: the lexicographically smallest of its
/// eight images.
pub fn canonical(queens: &[usize]) -> Vec<usize> {
    Symmetry::ALL
        .iter()
        .map(|symmetry| symmetry.apply(queens))
        .min()
        .unwrap_or_default()
}

/// Tells whether solutions are their own canonical form, reusing one scratch
/// buffer so that filtering a stream of solutions allocates nothing per
/// solution.
#[derive(Clone, Debug, Default)]
pub struct CanonicalTest {
    image: Vec<usize>,
}

impl CanonicalTest {
    /// Whether `queens` is the smallest of its eight images. Exactly one member
    /// of each class of solutions passes, so counting the solutions that pass
    /// counts the fundamental solutions without storing any.
    pub fn is_canonical(&mut self, queens: &[usize]) -> bool {
        self.image.resize(queens.len(), 0);
        Symmetry::ALL[1..].iter().all(|symmetry| {
            symmetry.apply_into(queens, &mut self.image);
            queens <= self.image.as_slice()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_of_a_four_queens_solution() {
        let queens = [1, 3, 0, 2];
        assert_eq!(Symmetry::Identity.apply(&queens), vec![1, 3, 0, 2]);
        assert_eq!(Symmetry::Rotate90.apply(&queens), vec![1, 3, 0, 2]);
        assert_eq!(Symmetry::MirrorColumns.apply(&queens), vec![2, 0, 3, 1]);
        assert_eq!(Symmetry::Transpose.apply(&queens), vec![2, 0, 3, 1]);
    }

    #[test]
    fn images_of_an_asymmetric_solution() {
        // Seed 004's first fundamental solution, 0-based.
        let queens = [0, 4, 7, 5, 2, 6, 1, 3];
        assert_eq!(
            Symmetry::Rotate90.apply(&queens),
            vec![7, 1, 3, 0, 6, 4, 2, 5]
        );
        assert_eq!(
            Symmetry::Rotate180.apply(&queens),
            vec![4, 6, 1, 5, 2, 0, 3, 7]
        );
        assert_eq!(
            Symmetry::Rotate270.apply(&queens),
            vec![2, 5, 3, 1, 7, 4, 6, 0]
        );
        assert_eq!(
            Symmetry::MirrorRows.apply(&queens),
            vec![3, 1, 6, 2, 5, 7, 4, 0]
        );
        assert_eq!(
            Symmetry::Transpose.apply(&queens),
            vec![0, 6, 4, 7, 1, 3, 5, 2]
        );
        assert_eq!(
            Symmetry::AntiTranspose.apply(&queens),
            vec![5, 2, 4, 6, 0, 3, 1, 7]
        );
    }

    #[test]
    fn squares_move_as_the_queens_do() {
        // The corner (0, 0) of a 5×5 board under each symmetry, then a
        // square off the diagonals.
        let corners: Vec<(usize, usize)> = Symmetry::ALL
            .iter()
            .map(|symmetry| symmetry.apply_to_square(5, 0, 0))
            .collect();
        assert_eq!(
            corners,
            [
                (0, 0),
                (0, 4),
                (4, 4),
                (4, 0),
                (0, 4),
                (4, 0),
                (0, 0),
                (4, 4)
            ]
        );
        assert_eq!(Symmetry::Rotate90.apply_to_square(5, 1, 3), (3, 3));
        assert_eq!(Symmetry::AntiTranspose.apply_to_square(5, 1, 3), (1, 3));
    }

    #[test]
    fn canonical_form_is_the_smallest_image() {
        assert_eq!(canonical(&[2, 0, 3, 1]), vec![1, 3, 0, 2]);
        assert_eq!(
            canonical(&[7, 1, 3, 0, 6, 4, 2, 5]),
            vec![0, 4, 7, 5, 2, 6, 1, 3]
        );
        assert_eq!(canonical(&[]), Vec::<usize>::new());
        let mut test = CanonicalTest::default();
        assert!(test.is_canonical(&[0, 4, 7, 5, 2, 6, 1, 3]));
        assert!(!test.is_canonical(&[7, 1, 3, 0, 6, 4, 2, 5]));
        assert!(test.is_canonical(&[]));
    }
}
