//! Text output written once for every solver: numbers with thousands
//! separators and the boards in the notations of the seeds.

use std::fmt::Write as _;

/// `n` with a comma between each group of three digits: `85,900,584`.
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// Seed 000's 0/1 matrix: one line per row, each cell ` 1 ` for a queen and
/// ` 0 ` for an empty square, exactly as its `printSolution` prints.
pub fn matrix(queens: &[usize]) -> String {
    let mut text = String::new();
    for &col in queens {
        for cell in 0..queens.len() {
            let _ = write!(text, " {} ", u8::from(cell == col));
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(85_900_584), "85,900,584");
        assert_eq!(thousands(260_887_834_350), "260,887,834,350");
    }

    #[test]
    fn matrix_prints_seed_000s_four_queens() {
        assert_eq!(
            matrix(&[2, 0, 3, 1]),
            " 0  0  1  0 \n 1  0  0  0 \n 0  0  0  1 \n 0  1  0  0 \n"
        );
        assert_eq!(matrix(&[]), "");
    }
}
