//! Which units a shard counts: the rows per unit, the round-robin deal, and
//! the plan id that names both.

use std::fmt::Write as _;

use queens_bitboard::{MAX_UNIT_ROWS, UNIT_ROWS, WorkUnits, units_with_rows};
use queens_core::Error;
use sha2::{Digest, Sha256};

/// The version of the scheme: part of every plan id, raised whenever the
/// units or the deal change, so that records of another scheme are refused
/// rather than mixed.
pub const VERSION: u32 = 2;

/// The fewest units a shard gets when the board has enough: enough that
/// the round-robin deal evens out the units' differences in cost.
pub const UNITS_PER_SHARD: usize = 16;

/// The most units a scheme lists: 2^25, some 400 MB of units at most. The
/// finest schemes of the boards that can be counted stay well within it
/// (n = 27 in 100,000 shards lists 1,606,013).
pub const MOST_UNITS: usize = 1 << 25;

/// The most shards a scheme is cut into: far more than the units of any
/// board that can be counted, few enough that a list of them fits in
/// memory. A record that claims more (`"shards": 10^12`) is refused before
/// anything of that size is made.
pub const MOST_SHARDS: usize = 10_000_000;

/// How the counting of one board is cut into shards.
#[derive(Clone, Debug)]
pub struct Scheme {
    plan: WorkUnits,
    shards: usize,
}

/// Why a scheme cannot be made.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SchemeError {
    /// The board is past the counter's masks.
    #[error(transparent)]
    Board(#[from] Error),
    /// No shards at all.
    #[error("a count needs at least one shard")]
    NoShards,
    /// More shards than [`MOST_SHARDS`].
    #[error("{shards} shards: a count is cut into at most {MOST_SHARDS}")]
    TooManyShards {
        /// The number asked for.
        shards: usize,
    },
    /// A shard index past the last shard.
    #[error("shard {shard} of {shards}: shards are numbered 0 to {}", shards - 1)]
    NoSuchShard {
        /// The index asked for.
        shard: usize,
        /// The number of shards.
        shards: usize,
    },
}

impl Scheme {
    /// The scheme of `shards` shards for the `n`×`n` board: units fixing
    /// [`UNIT_ROWS`] inner rows of a frame, or more, up to
    /// [`MAX_UNIT_ROWS`], until there are
    /// [`UNITS_PER_SHARD`] units a shard or another row would give fewer. Shards beyond the units (only on
    /// boards too small to share so widely) count nothing, and merge all
    /// the same.
    ///
    /// # Errors
    ///
    /// When `shards` is 0 or past [`MOST_SHARDS`], or `n` is past 64.
    pub fn new(n: usize, shards: usize) -> Result<Self, SchemeError> {
        if shards == 0 {
            return Err(SchemeError::NoShards);
        }
        if shards > MOST_SHARDS {
            return Err(SchemeError::TooManyShards { shards });
        }
        let wanted = shards.saturating_mul(UNITS_PER_SHARD);
        let mut plan = units_with_rows(n, UNIT_ROWS)?;
        for rows in UNIT_ROWS + 1..=MAX_UNIT_ROWS {
            // Another row multiplies the units by less than n: refine only
            // while that bound keeps the list within MOST_UNITS, so that no
            // shard count, however large, makes a list that fills memory.
            if plan.len() >= wanted || plan.len().saturating_mul(n) > MOST_UNITS {
                break;
            }
            // On a small board, deeper rows leave fewer partial boards, not
            // more: the pruning overtakes the branching.
            let finer = units_with_rows(n, rows)?;
            if finer.len() <= plan.len() {
                break;
            }
            plan = finer;
        }
        Ok(Scheme { plan, shards })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.plan.n()
    }

    /// The number of shards.
    pub fn shards(&self) -> usize {
        self.shards
    }

    /// The work units the shards share.
    pub fn plan(&self) -> &WorkUnits {
        &self.plan
    }

    /// The units shard `shard` counts, in increasing order.
    ///
    /// # Errors
    ///
    /// When there is no such shard.
    pub fn units_of(&self, shard: usize) -> Result<Vec<usize>, SchemeError> {
        if shard >= self.shards {
            return Err(SchemeError::NoSuchShard {
                shard,
                shards: self.shards,
            });
        }
        Ok((shard..self.plan.len()).step_by(self.shards).collect())
    }

    /// The plan id: the first 16 hex digits of the SHA-256 of the scheme's
    /// description (version, board, rows per unit, units, deal).
    pub fn plan_id(&self) -> String {
        let description = format!(
            "queens-shards v{VERSION}; bitboard units; n = {}; rows = {}; units = {}; \
             round-robin over {} shards",
            self.n(),
            self.plan.rows(),
            self.plan.len(),
            self.shards
        );
        hex(&Sha256::digest(description.as_bytes())[..8])
    }
}

/// `bytes` in lower-case hexadecimal.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_dealt_round_robin() {
        let scheme = Scheme::new(8, 2).unwrap();
        assert_eq!((scheme.plan().rows(), scheme.plan().len()), (0, 76));
        assert_eq!(scheme.units_of(1).unwrap()[..4], [1, 3, 5, 7]);
        // 76 whole frames are too few for 7 shards of 16; one inner row
        // gives 105, two fewer again.
        let scheme = Scheme::new(8, 7).unwrap();
        assert_eq!((scheme.plan().rows(), scheme.plan().len()), (1, 105));
        let shard = scheme.units_of(6).unwrap();
        assert_eq!((shard.len(), &shard[..3]), (15, &[6, 13, 20][..]));
        assert_eq!(scheme.units_of(0).unwrap().len(), 15);
        assert_eq!(
            scheme.units_of(7),
            Err(SchemeError::NoSuchShard {
                shard: 7,
                shards: 7
            })
        );
        assert_eq!(Scheme::new(8, 0).err(), Some(SchemeError::NoShards));
        assert_eq!(
            Scheme::new(8, 1_000_000_000_000).err().unwrap().to_string(),
            "1000000000000 shards: a count is cut into at most 10000000"
        );
    }

    #[test]
    fn many_shards_get_finer_units() {
        // 4,319 whole frames are too few for 1,000 shards of 16.
        let scheme = Scheme::new(17, 1000).unwrap();
        assert_eq!(scheme.plan().rows(), 1);
        assert_eq!(scheme.plan().len(), 40769);
        assert_eq!(Scheme::new(17, 64).unwrap().plan().rows(), 0);
    }

    #[test]
    fn the_finest_scheme_stays_within_memory() {
        // Ten million shards of n = 64 would want 1.6 × 10^8 units; the
        // scheme stops refining before the list could pass MOST_UNITS.
        let scheme = Scheme::new(64, 10_000_000).unwrap();
        assert!(scheme.plan().len() <= MOST_UNITS);
        assert!(scheme.plan().len() < 10_000_000);
        assert_eq!(scheme.units_of(9_999_999).unwrap(), Vec::<usize>::new());
    }

    #[test]
    fn the_plan_id_names_the_scheme() {
        // Pinned: a change to the units or the deal must raise VERSION,
        // which changes this id, so that old records are refused.
        let id = Scheme::new(15, 16).unwrap().plan_id();
        assert_eq!(id, "8eb2775e7a167e6a");
        assert_eq!(id, Scheme::new(15, 16).unwrap().plan_id());
        assert_ne!(id, Scheme::new(15, 17).unwrap().plan_id());
        assert_ne!(id, Scheme::new(16, 16).unwrap().plan_id());
    }
}
