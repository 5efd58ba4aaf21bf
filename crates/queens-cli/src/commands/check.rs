//! `queens check`: whether a placement, read from a file or stdin in any
//! notation the tool prints ([`crate::placement`]), is a solution; if not,
//! the first two queens that attack each other, in row order, as the model
//! finds them in linear time ([`queens_core::first_attack`]).

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use queens_core::{first_attack, format};

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
