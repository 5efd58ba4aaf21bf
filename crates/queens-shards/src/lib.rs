//! Counts past one machine: shards of the fast counter's work, the records
//! they leave, and the merge that proves the answer complete.
//!
//! # Why shards, and not a cluster of our own
//!
//! Every row more multiplies the count's work by about seven (the rate the
//! generated `docs/growth.md` fits to the counter on every core), so a few
//! rows past what one machine counts at once, counting is a batch job for
//! many machines, and clusters already have a scheduler to run
//! one (Slurm's job arrays, Kubernetes' indexed jobs). So this crate does not
//! distribute anything. It says which part of the work an index stands for
//! ([`Scheme`]), writes what that part counted as a record that checks
//! itself ([`Record`]), and adds the records up only when every part is
//! there exactly once ([`merge`](fn@merge)).
//!
//! # Shards
//!
//! The work is `queens_bitboard`'s: the search by classes cut into work
//! units, numbered the same way on every machine. A [`Scheme`] ([`scheme`])
//! for a board of `n` and `K` shards picks how many rows a unit fixes inside
//! its frame ([`queens_bitboard::UNIT_ROWS`], or more when `K` is large, so
//! that each shard gets at least [`UNITS_PER_SHARD`] units) and deals the
//! units round-robin: shard `i` counts the units
//! `i, i + K, i + 2K, ...`. Units next to each other in that numbering
//! share their first queens and cost about the same, so dealing them in
//! turn spreads each stretch of cheap or dear units over every shard.
//!
//! ```text
//!   units   0 1 2 3 4 5 6 7 8 9 ...        K = 3
//!   shard   0 1 2 0 1 2 0 1 2 0 ...
//! ```
//!
//! `cargo run --release -p queens-shards --example balance 17` measures the
//! processor time of every unit and prints how much dearer than the mean
//! the dearest shard is, dealt so and in contiguous blocks of units, for 2,
//! 7, 16 and 64 shards: the deal keeps the dearest shard far closer to the
//! mean than blocks do (timings move with the machine, so this essay quotes
//! none). Ordering units by an estimate of their cost first did not help:
//! the cheapest estimate, the partial boards a few rows below the unit,
//! follows the units' times too loosely to order them by (a measure of
//! times, which this essay does not quote).
//!
//! The scheme has an id, the [`Scheme::plan_id`]: a digest of `n`, the rows
//! per unit, the number of units, the dealing and its version. Two records
//! with the same plan id cover units of the same numbering, whatever
//! machine or version wrote them; a change to any of these is a new id, and
//! the merge refuses to mix ids.
//!
//! How long a count will take is estimated before it starts
//! ([`estimate`](mod@estimate)): a few seconds of sampling on the machine that
//! asks, so that a job array can be sized to the time its scheduler allows.
//!
//! # Records
//!
//! A shard counts its units one by one ([`count_units`], in [`count`], each
//! with the counter's own code) and keeps every unit's count. Its
//! [`Record`] ([`record`]) is one line of JSON: among its fields the board,
//! the plan id, the shard and the shard count, the total and fundamental
//! counts with the classes behind them, the classes of each unit, and a
//! SHA-256 checksum of all of it. A record that was cut short does not parse, one whose units, classes
//! and counts do not add up is refused, so is one claiming a time or threads
//! no count has (seconds negative or past [`MOST_SECONDS`], threads 0 or
//! past [`MOST_THREADS`]), and one that was edited does not
//! match its checksum: either way the merge refuses it by name. A record
//! file's bytes are read by [`Record::from_bytes`], and a file past
//! [`MOST_RECORD_BYTES`] is no record. Tools write
//! records whole or not at all (`queens_toolkit::files`), so a shard killed at any
//! moment leaves either no record or a complete one.
//!
//! # Proof against a node that lies, and storage others can write
//!
//! The checksum catches accidents, not intent: anyone can recompute it. Two
//! further checks catch what it cannot:
//!
//! - **The recount** ([`recount`], in [`verify`]): the merge draws a random fraction of
//!   each record's units, at merge time and from the operating system's
//!   randomness, counts them again and refuses the merge at the first unit
//!   whose classes differ, naming the record and the unit. A node cannot
//!   know which of its units will be checked, so a record with `k` false
//!   units escapes a recount of a fraction `f` with probability at most
//!   `(1 - f)^k`; a zeroed or relabelled record is false in nearly every
//!   unit. A fraction of 1 recounts the whole count.
//! - **The key** ([`Key`]): records signed with an HMAC-SHA256 under a
//!   secret that the nodes and the merge share. Whoever can write the
//!   records' storage but cannot read the key cannot change a record, or
//!   make one, without the merge refusing it. A node that holds the key and
//!   lies signs its lie: that is the recount's to catch.
//!
//! # The merge
//!
//! [`merge`](fn@merge) takes records in any order, refuses to mix boards, shard counts
//! or plans, accepts a shard twice only when both records agree unit by
//! unit, checks that each covers exactly its shard's units, and adds up the
//! counts with overflow checks only when every shard is there. Otherwise it
//! names the missing shards in the form `sbatch --array=` takes
//! ([`array_ranges`]). A record claiming more than [`MOST_SHARDS`] shards is
//! refused before anything of that size is made.

// The essay above maps the private modules too, for whoever reads the code
// (`cargo doc --document-private-items` follows its links).
#![allow(rustdoc::private_intra_doc_links)]

mod count;
mod estimate;
mod merge;
mod record;
mod scheme;
mod verify;

pub use count::{Counted, count_units};
pub use estimate::{Estimate, FEWEST_SAMPLES, SUBTREE_ROWS, Sampling, estimate};
pub use merge::{MergeError, Merged, Missing, array_ranges, merge};
pub use record::{
    ClassCounts, FORMAT, Key, MOST_RECORD_BYTES, MOST_SECONDS, MOST_THREADS, Record, RecordError,
    UnitCount,
};
pub use scheme::{MOST_SHARDS, MOST_UNITS, Scheme, SchemeError, UNITS_PER_SHARD, VERSION};
pub use verify::{RecountError, Recounted, recount};

/// What the tests of several modules share: true records, counted here.
#[cfg(test)]
pub(crate) mod tests {
    use std::sync::atomic::AtomicBool;

    use crate::{Record, Scheme, count_units};

    /// The records of every shard of `n` in `shards`, each named
    /// `shard-I.json`, counted here, half a second each.
    pub(crate) fn records(n: usize, shards: usize) -> Vec<(String, Record)> {
        let scheme = Scheme::new(n, shards).unwrap();
        let never = AtomicBool::new(false);
        (0..shards)
            .map(|shard| {
                let units = scheme.units_of(shard).unwrap();
                let counted = count_units(scheme.plan(), &units, 1, &never, |_, _| {}).unwrap();
                let record = Record::new(&scheme, shard, counted.units, 1, 0.5, "test".to_owned());
                (format!("shard-{shard}.json"), record)
            })
            .collect()
    }
}
