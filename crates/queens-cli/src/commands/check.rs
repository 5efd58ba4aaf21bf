//! `queens check`: whether a placement, read from a file or stdin in any
//! notation the tool prints ([`crate::placement`]), is a solution; if not,
//! the first two queens that attack each other, in row order.
//!
//! The check is linear in time and memory, so that any solver's answer for
//! a million queens can be piped into it: one pass over the rows, with three
//! tables, one slot per column, per `\` diagonal and per `/` diagonal, each
//! holding the row of the queen already there. Storing the row rather than
//! a flag is what lets a conflict name both queens.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use queens_core::{Attack, Square, format};

use crate::failure::{self, Failure};
use crate::placement;

/// The options of `check`.
#[derive(Args)]
pub(crate) struct CheckOptions {
    /// The placement; standard input when `-`.
    #[arg(value_name = "FILE|-", default_value = "-")]
    file: PathBuf,
}

/// Runs `queens check`.
pub(crate) fn run(options: &CheckOptions) -> Result<(), Failure> {
    let text = read_input(&options.file)?;
    let columns = placement::read(&text)?;
    // The input is no longer needed: free it before the tables are built.
    drop(text);
    if let Some(attack) = first_attack(&columns) {
        return Err(Failure::Attack(attack));
    }
    crate::output::with_stdout(|out| {
        let n = format::thousands(columns.len() as u128);
        let queens = if columns.len() == 1 {
            "queen"
        } else {
            "queens"
        };
        writeln!(out, "valid: {n} {queens}, no two attack each other")?;
        Ok(())
    })
}

/// The most bytes of input `check` reads: a placement of 10^8 queens, the
/// largest board any solver takes, written one column per line, fits in
/// it; an endless input (`/dev/zero`) is refused rather than read until the
/// memory runs out.
const MOST_BYTES: u64 = 1 << 30;

/// The whole input, read at once: ten million queens are some 80 MB, and
/// one read is the fastest way to them.
fn read_input(file: &Path) -> Result<Vec<u8>, Failure> {
    let mut text = Vec::new();
    let read = if file.as_os_str() == "-" {
        io::stdin()
            .lock()
            .take(MOST_BYTES + 1)
            .read_to_end(&mut text)
            .map_err(Failure::Input)
    } else {
        fs::File::open(file)
            .and_then(|opened| opened.take(MOST_BYTES + 1).read_to_end(&mut text))
            .map_err(failure::path("read", file))
    };
    read?;
    if text.len() as u64 > MOST_BYTES {
        return Err(Failure::InputTooLarge { most: MOST_BYTES });
    }
    Ok(text)
}

/// The row no queen has taken yet, in the tables of [`first_attack`].
const FREE: u32 = u32::MAX;

/// The first two queens of `columns` (`columns[row] = column`, every column
/// below `columns.len()`, at most [`placement::MOST_QUEENS`] of them) that
/// attack each other: the pair whose later queen has the smallest row, and
/// among those, the earliest other queen.
fn first_attack(columns: &[usize]) -> Option<Attack> {
    let n = columns.len();
    // Rows as u32 halve the tables: 200 MB for ten million queens, not 400.
    let mut by_column = vec![FREE; n];
    // Row − column + n − 1 along a `\` diagonal, row + column along a `/`.
    let mut by_diagonal = vec![FREE; 2 * n];
    let mut by_anti_diagonal = vec![FREE; 2 * n];
    for (row, &col) in columns.iter().enumerate() {
        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);
        // FREE is the largest u32, so the smallest is the earliest queen
        // this one attacks, if any.
        let earliest = by_column[col]
            .min(by_diagonal[diagonal])
            .min(by_anti_diagonal[anti_diagonal]);
        if earliest != FREE {
            let first = earliest as usize;
            return attack(Square::new(first, columns[first]), Square::new(row, col));
        }
        // The placement's reader caps n below u32::MAX, so the row fits.
        let row = row as u32;
        by_column[col] = row;
        by_diagonal[diagonal] = row;
        by_anti_diagonal[anti_diagonal] = row;
    }
    None
}

/// The attack between two queens found on one line; the model names the
/// line.
fn attack(first: Square, second: Square) -> Option<Attack> {
    first.shared_line(second).map(|line| Attack {
        first,
        second,
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(columns: &[usize]) -> Option<String> {
        first_attack(columns)
            .map(|attack| format!("{} {} {:?}", attack.first, attack.second, attack.line))
    }

    #[test]
    fn a_solution_has_no_attack() {
        assert_eq!(found(&[0, 4, 7, 5, 2, 6, 1, 3]), None);
        assert_eq!(found(&[0]), None);
        assert_eq!(found(&[1, 3, 0, 2]), None);
    }

    #[test]
    fn the_first_pair_in_row_order_is_named_with_its_line() {
        assert_eq!(found(&[0, 1]), Some("(0, 0) (1, 1) Diagonal".into()));
        assert_eq!(found(&[1, 0]), Some("(0, 1) (1, 0) AntiDiagonal".into()));
        assert_eq!(found(&[2, 0, 2]), Some("(0, 2) (2, 2) Column".into()));
        // Row 3's queen attacks row 0's along a `\` diagonal, row 1's
        // along a `/` one and row 2's along a column: the earliest is named.
        assert_eq!(
            found(&[0, 5, 3, 3, 7, 1, 6, 4]),
            Some("(0, 0) (3, 3) Diagonal".into())
        );
    }
}
