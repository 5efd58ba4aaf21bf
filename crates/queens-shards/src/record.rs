//! A shard's record: what it counted, unit by unit, in one line of JSON
//! that checks itself, and may be signed with a key the cluster keeps.

use std::fmt;

use hmac::{Hmac, Mac};
use queens_bitboard::Classes;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::scheme::{Scheme, hex};

/// The `format` of every record this version writes and reads. Version 2
/// added the counts of each unit and the signature.
pub const FORMAT: &str = "queens-shard/2";

/// The most seconds a record may say its count took, 10^9 (about 31
/// years): a shard is cut to take hours, and a larger number (`1e308`) is
/// no count's, only a forger's or a broken clock's, which a merge would
/// add up and print as 300 digits.
pub const MOST_SECONDS: f64 = 1e9;

/// The most threads a record may say counted, 65,536: more than the cores
/// of any one machine (a count runs on one; `--threads` takes at most 256).
pub const MOST_THREADS: usize = 1 << 16;

/// The most bytes a record file may hold, 32 MiB: three times the record
/// of the largest shard any scheme makes (n = 64 in one shard, 106,556
/// units of at most about 100 bytes each). A longer file is no record, and
/// a hostile one cannot make the merge hold more than some hundred
/// megabytes of units.
pub const MOST_RECORD_BYTES: u64 = 1 << 25;

/// What one shard counted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The board size.
    pub n: usize,
    /// The plan id of the scheme (see [`crate::Scheme::plan_id`]).
    pub plan: String,
    /// The shard's index, from 0.
    pub shard: usize,
    /// The number of shards.
    pub shards: usize,
    /// The solutions found.
    pub total: u64,
    /// The fundamental solutions found.
    pub unique: u64,
    /// The classes behind the two counts, by size.
    pub classes: ClassCounts,
    /// The threads that counted.
    pub threads: usize,
    /// The wall-clock seconds the count took.
    pub seconds: f64,
    /// The machine that counted: its host name.
    pub machine: String,
    /// The units counted, in increasing order, each with its classes: what
    /// a merge recounts to check the record (`queens merge --verify`).
    pub units: Vec<UnitCount>,
    /// `sha256:` and the SHA-256 of the record written without this field
    /// and [`Record::signature`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checksum: Option<String>,
    /// `hmac-sha256:` and the HMAC-SHA256 of the same text under the
    /// cluster's [`Key`], when the record was written with one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// The classes of solutions by size, as a record holds them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassCounts {
    /// Classes of eight boards.
    pub eight: u64,
    /// Classes of four boards.
    pub four: u64,
    /// Classes of two boards.
    pub two: u64,
    /// Classes of one board (n ≤ 1).
    pub one: u64,
}

impl From<Classes> for ClassCounts {
    fn from(classes: Classes) -> Self {
        ClassCounts {
            eight: classes.eight,
            four: classes.four,
            two: classes.two,
            one: classes.one,
        }
    }
}

impl From<ClassCounts> for Classes {
    fn from(counts: ClassCounts) -> Self {
        Classes {
            eight: counts.eight,
            four: counts.four,
            two: counts.two,
            one: counts.one,
        }
    }
}

impl fmt::Display for ClassCounts {
    /// The solutions, and the classes of 8, 4, 2 and 1 behind them:
    /// `92 solutions (classes of 8, 4, 2, 1: 11, 1, 0, 0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = Classes::from(*self).checked_counts().map_or_else(
            || "more than 2^64".to_owned(),
            |counts| counts.total.to_string(),
        );
        write!(
            f,
            "{total} solutions (classes of 8, 4, 2, 1: {}, {}, {}, {})",
            self.eight, self.four, self.two, self.one
        )
    }
}

/// One unit and the classes it found, written `[unit, eight, four, two,
/// one]` to keep a record of thousands of units short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "[u64; 5]", into = "[u64; 5]")]
pub struct UnitCount {
    /// The unit's index in the scheme's plan.
    pub unit: usize,
    /// What it found.
    pub classes: ClassCounts,
}

impl From<[u64; 5]> for UnitCount {
    fn from([unit, eight, four, two, one]: [u64; 5]) -> Self {
        UnitCount {
            // No plan has so many units: the merge refuses it as another
            // shard's.
            unit: usize::try_from(unit).unwrap_or(usize::MAX),
            classes: ClassCounts {
                eight,
                four,
                two,
                one,
            },
        }
    }
}

impl From<UnitCount> for [u64; 5] {
    fn from(count: UnitCount) -> Self {
        let ClassCounts {
            eight,
            four,
            two,
            one,
        } = count.classes;
        [count.unit as u64, eight, four, two, one]
    }
}

/// The secret a cluster signs its records with: any bytes, at least
/// [`Key::SHORTEST`] of them, kept where the nodes and the merge can read
/// it and whoever else can write the records cannot.
#[derive(Clone)]
pub struct Key(Vec<u8>);

impl Key {
    /// The shortest key taken: 128 bits.
    pub const SHORTEST: usize = 16;

    /// The key of `bytes`.
    ///
    /// # Errors
    ///
    /// When `bytes` holds fewer than [`Key::SHORTEST`] bytes: such a key
    /// could be guessed.
    pub fn new(bytes: Vec<u8>) -> Result<Key, RecordError> {
        if bytes.len() < Key::SHORTEST {
            return Err(RecordError::ShortKey { bytes: bytes.len() });
        }
        Ok(Key(bytes))
    }

    /// The HMAC-SHA256 of `text` under the key.
    fn mac(&self) -> Hmac<Sha256> {
        // HMAC takes a key of any length, hashing a long one.
        Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length")
    }
}

impl fmt::Debug for Key {
    /// The key's length, never its bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Key({} bytes)", self.0.len())
    }
}

/// Why a text is not a record to count, or not one signed with the key.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum RecordError {
    /// Not JSON of a record: cut short, or not a record at all.
    #[error("not a shard record ({0})")]
    Malformed(String),
    /// A record of another format.
    #[error("a record of format '{0}', not {FORMAT}; merge it with the version that wrote it")]
    Format(String),
    /// The record has no checksum.
    #[error("the record has no checksum")]
    NoChecksum,
    /// The checksum does not match the content.
    #[error("the checksum does not match: the record was changed after it was written")]
    Checksum,
    /// The units' classes do not add up to the record's, or the classes to
    /// its counts.
    #[error("its units, classes and counts do not add up")]
    Inconsistent,
    /// A number no count gives: seconds negative or past [`MOST_SECONDS`],
    /// threads 0 or past [`MOST_THREADS`].
    #[error("{field} = {value} is not what a count gives: {range}")]
    Implausible {
        /// The field.
        field: &'static str,
        /// Its value as the record has it.
        value: String,
        /// What a count gives.
        range: &'static str,
    },
    /// A key was given and the record is not signed.
    #[error("the record is not signed: it was written without --key-file")]
    Unsigned,
    /// The signature does not match under the key given.
    #[error(
        "the signature does not match the key: the record was changed after it was signed, or \
         signed with another key"
    )]
    Signature,
    /// A key too short to keep anyone from guessing it.
    #[error("a key of {bytes} bytes is too short: use at least 16 random bytes")]
    ShortKey {
        /// Its length.
        bytes: usize,
    },
}

impl Record {
    /// The record of shard `shard` of `scheme` from the counts of its
    /// units, in increasing order; its sums are computed here.
    ///
    /// # Panics
    ///
    /// When a sum passes `u64::MAX`, which no real count does (see
    /// [`Classes::counts`]).
    pub fn new(
        scheme: &Scheme,
        shard: usize,
        units: Vec<UnitCount>,
        threads: usize,
        seconds: f64,
        machine: String,
    ) -> Record {
        let classes = units
            .iter()
            .map(|unit| Classes::from(unit.classes))
            .fold(Classes::default(), Classes::plus);
        let counts = classes.counts();
        Record {
            format: FORMAT.to_owned(),
            n: scheme.n(),
            plan: scheme.plan_id(),
            shard,
            shards: scheme.shards(),
            total: counts.total,
            unique: counts.unique,
            classes: classes.into(),
            threads,
            seconds,
            machine,
            units,
            checksum: None,
            signature: None,
        }
    }

    /// The record as one line of JSON with a newline, its checksum
    /// computed, and signed when `key` is given.
    pub fn to_line(&self, key: Option<&Key>) -> String {
        let unsealed = self.unsealed();
        let sealed = Record {
            checksum: Some(checksum(&unsealed)),
            signature: key.map(|key| signature(key, &unsealed)),
            ..self.clone()
        };
        let mut line = serde_json::to_string(&sealed).expect("a record serializes");
        line.push('\n');
        line
    }

    /// Reads a record written by [`Record::to_line`], checking its format,
    /// its checksum and its sums (not its signature: [`Record::check_key`]).
    ///
    /// # Errors
    ///
    /// When the text is not such a record, as [`RecordError`] says.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let record: Record = serde_json::from_str(text)
            .map_err(|error| RecordError::Malformed(error.to_string()))?;
        if record.format != FORMAT {
            return Err(RecordError::Format(record.format));
        }
        match &record.checksum {
            None => return Err(RecordError::NoChecksum),
            Some(found) if *found != checksum(&record.unsealed()) => {
                return Err(RecordError::Checksum);
            }
            Some(_) => {}
        }
        if !record.adds_up() {
            return Err(RecordError::Inconsistent);
        }
        record.check_plausible()?;
        Ok(record)
    }

    /// Reads the bytes of a record file: UTF-8 text that [`Record::parse`]
    /// reads, signed with `key` when there is one ([`Record::check_key`]).
    ///
    /// # Errors
    ///
    /// When the bytes are not such a record, as [`RecordError`] says.
    pub fn from_bytes(bytes: &[u8], key: Option<&Key>) -> Result<Record, RecordError> {
        let text = std::str::from_utf8(bytes)
            .map_err(|_| RecordError::Malformed("not UTF-8 text".to_owned()))?;
        let record = Record::parse(text)?;
        if let Some(key) = key {
            record.check_key(key)?;
        }
        Ok(record)
    }

    /// Checks the record's signature under `key`, in constant time.
    ///
    /// # Errors
    ///
    /// When the record is not signed, or not by `key` over what it holds.
    pub fn check_key(&self, key: &Key) -> Result<(), RecordError> {
        let found = self.signature.as_deref().ok_or(RecordError::Unsigned)?;
        let bytes = found
            .strip_prefix(SIGNATURE_PREFIX)
            .and_then(unhex)
            .ok_or(RecordError::Signature)?;
        let mut mac = key.mac();
        mac.update(self.unsealed().as_bytes());
        mac.verify_slice(&bytes).map_err(|_| RecordError::Signature)
    }

    /// Whether the units' classes add up to the record's classes, and those
    /// to its counts, without passing 2^64.
    fn adds_up(&self) -> bool {
        let sum = self.units.iter().try_fold(Classes::default(), |sum, unit| {
            sum.checked_plus(unit.classes.into())
        });
        let counts = Classes::from(self.classes).checked_counts();
        sum == Some(self.classes.into())
            && counts.map(|counts| (counts.total, counts.unique)) == Some((self.total, self.unique))
    }

    /// Errs on a number no count gives: the seconds must be finite, not
    /// negative (`-0` included, which a sum would print as `-0.0`) and at
    /// most [`MOST_SECONDS`]; the threads from 1 to [`MOST_THREADS`]. The
    /// other numbers are checked by what they are: counts that must add
    /// up, a board and shards the scheme must know.
    fn check_plausible(&self) -> Result<(), RecordError> {
        let seconds = self.seconds;
        if !(seconds.is_finite() && seconds.is_sign_positive() && seconds <= MOST_SECONDS) {
            return Err(RecordError::Implausible {
                field: "seconds",
                value: shown(seconds),
                range: "a count takes from 0 to 1e9 seconds (about 31 years)",
            });
        }
        if !(1..=MOST_THREADS).contains(&self.threads) {
            return Err(RecordError::Implausible {
                field: "threads",
                value: self.threads.to_string(),
                range: "a count runs on 1 to 65536 threads",
            });
        }
        Ok(())
    }

    /// The JSON of the record without its checksum and signature: what both
    /// are computed over.
    fn unsealed(&self) -> String {
        let unsealed = Record {
            checksum: None,
            signature: None,
            ..self.clone()
        };
        serde_json::to_string(&unsealed).expect("a record serializes")
    }
}

/// `number` as a record's reader would write it: `-1` or `0.25` as such,
/// `1e308` rather than its 309 digits.
fn shown(number: f64) -> String {
    if number.abs() < 1e15 {
        number.to_string()
    } else {
        format!("{number:e}")
    }
}

/// How a signature starts.
const SIGNATURE_PREFIX: &str = "hmac-sha256:";

/// `sha256:` and the digest of `text`.
fn checksum(text: &str) -> String {
    format!("sha256:{}", hex(&Sha256::digest(text.as_bytes())))
}

/// [`SIGNATURE_PREFIX`] and the HMAC of `text` under `key`.
fn signature(key: &Key, text: &str) -> String {
    let mut mac = key.mac();
    mac.update(text.as_bytes());
    format!("{SIGNATURE_PREFIX}{}", hex(&mac.finalize().into_bytes()))
}

/// The bytes of lower-case hexadecimal `text`, `None` when it is not.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(text.get(at..at + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(unit: usize, eight: u64, four: u64) -> UnitCount {
        UnitCount {
            unit,
            classes: ClassCounts {
                eight,
                four,
                two: 0,
                one: 0,
            },
        }
    }

    fn record() -> Record {
        let scheme = Scheme::new(8, 2).unwrap();
        let units = vec![unit(1, 6, 1), unit(3, 5, 0)];
        Record::new(&scheme, 1, units, 1, 0.25, "node1".to_owned())
    }

    fn key(byte: u8) -> Key {
        Key::new(vec![byte; 32]).unwrap()
    }

    #[test]
    fn a_file_holds_a_record_in_utf8_signed_when_a_key_is_given() {
        let signed = record().to_line(Some(&key(1)));
        let bytes = signed.as_bytes();
        assert_eq!(Record::from_bytes(bytes, None), Record::parse(&signed));
        assert!(Record::from_bytes(bytes, Some(&key(1))).is_ok());
        assert_eq!(
            Record::from_bytes(bytes, Some(&key(2))),
            Err(RecordError::Signature)
        );
        let error = Record::from_bytes(b"{\xff}", None).unwrap_err();
        assert_eq!(error.to_string(), "not a shard record (not UTF-8 text)");
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let line = record().to_line(None);
        assert!(line.contains(r#"]],"checksum":"sha256:"#), "{line}");
        assert!(line.ends_with("\"}\n"), "{line}");
        assert!(
            line.contains(r#""units":[[1,6,1,0,0],[3,5,0,0,0]]"#),
            "{line}"
        );
        assert!(line.contains(r#""total":92,"unique":12"#), "{line}");
        let read = Record::parse(&line).unwrap();
        assert_eq!(read.checksum.as_deref().map(str::len), Some(7 + 64));
        assert_eq!(read.signature, None);
        assert_eq!(
            Record {
                checksum: None,
                ..read
            },
            record()
        );
    }

    #[test]
    fn a_cut_or_edited_record_is_refused() {
        let line = record().to_line(None);
        let cut = &line[..line.len() / 2];
        assert!(matches!(Record::parse(cut), Err(RecordError::Malformed(_))));
        let edited = line.replace(r#""total":92"#, r#""total":93"#);
        assert_eq!(Record::parse(&edited), Err(RecordError::Checksum));
        let unsealed = serde_json::to_string(&record()).unwrap();
        assert_eq!(Record::parse(&unsealed), Err(RecordError::NoChecksum));
        let extra = line.replace(r#""n":8"#, r#""n":8,"note":"x""#);
        assert!(matches!(
            Record::parse(&extra),
            Err(RecordError::Malformed(_))
        ));
        let old = line.replace(FORMAT, "queens-shard/1");
        assert_eq!(
            Record::parse(&old).unwrap_err().to_string(),
            "a record of format 'queens-shard/1', not queens-shard/2; merge it with the version \
             that wrote it"
        );
    }

    #[test]
    fn sums_that_do_not_add_up_are_refused_whatever_the_checksum() {
        // A forger who raises the counts and recomputes the checksum, but
        // leaves the units as they were.
        let raised = Record {
            total: 100,
            unique: 13,
            classes: ClassCounts {
                eight: 12,
                four: 1,
                two: 0,
                one: 0,
            },
            ..record()
        };
        assert_eq!(
            Record::parse(&raised.to_line(None)),
            Err(RecordError::Inconsistent)
        );
        let wrong_total = Record {
            total: 93,
            ..record()
        };
        assert_eq!(
            Record::parse(&wrong_total.to_line(None)),
            Err(RecordError::Inconsistent)
        );
        let mut overflowing = record();
        overflowing.units[0].classes.eight = u64::MAX;
        assert_eq!(
            Record::parse(&overflowing.to_line(None)),
            Err(RecordError::Inconsistent)
        );
    }

    #[test]
    fn numbers_no_count_gives_are_refused_whatever_the_checksum() {
        let with_seconds = |seconds| {
            Record::parse(
                &Record {
                    seconds,
                    ..record()
                }
                .to_line(None),
            )
        };
        let refused = |value: &str| RecordError::Implausible {
            field: "seconds",
            value: value.to_owned(),
            range: "a count takes from 0 to 1e9 seconds (about 31 years)",
        };
        assert_eq!(with_seconds(-1e300), Err(refused("-1e300")));
        assert_eq!(with_seconds(1e308), Err(refused("1e308")));
        assert_eq!(with_seconds(1.5e9), Err(refused("1500000000")));
        assert_eq!(with_seconds(-0.0), Err(refused("-0")));
        assert_eq!(
            with_seconds(-0.5).unwrap_err().to_string(),
            "seconds = -0.5 is not what a count gives: a count takes from 0 to 1e9 seconds \
             (about 31 years)"
        );
        assert_eq!(with_seconds(0.0).unwrap().seconds, 0.0);
        assert_eq!(with_seconds(MOST_SECONDS).unwrap().seconds, 1e9);
        // Past an f64, JSON's number is no record at all.
        let line = record()
            .to_line(None)
            .replace(r#""seconds":0.25"#, r#""seconds":1e400"#);
        assert!(matches!(
            Record::parse(&line),
            Err(RecordError::Malformed(_))
        ));
        let with_threads = |threads| {
            Record::parse(
                &Record {
                    threads,
                    ..record()
                }
                .to_line(None),
            )
        };
        for threads in [0, MOST_THREADS + 1, usize::MAX] {
            assert_eq!(
                with_threads(threads),
                Err(RecordError::Implausible {
                    field: "threads",
                    value: threads.to_string(),
                    range: "a count runs on 1 to 65536 threads",
                })
            );
        }
        assert_eq!(with_threads(MOST_THREADS).unwrap().threads, 65_536);
    }

    #[test]
    fn a_signed_record_is_checked_against_its_key() {
        let line = record().to_line(Some(&key(7)));
        let read = Record::parse(&line).unwrap();
        assert!(
            read.signature
                .as_deref()
                .unwrap()
                .starts_with("hmac-sha256:")
        );
        assert_eq!(read.check_key(&key(7)), Ok(()));
        assert_eq!(read.check_key(&key(8)), Err(RecordError::Signature));
        // A forger without the key: the checksum recomputed, the signature
        // left as it was.
        let mut forged = read.clone();
        forged.units[0].classes.eight += 1;
        forged.classes.eight += 1;
        forged.total += 8;
        forged.unique += 1;
        let resealed = Record::parse(&forged.to_line(None)).unwrap();
        let forged_line = serde_json::to_string(&Record {
            signature: read.signature.clone(),
            ..resealed
        })
        .unwrap();
        let reread = Record::parse(&forged_line).unwrap();
        assert_eq!(reread.total, 100);
        assert_eq!(reread.check_key(&key(7)), Err(RecordError::Signature));
        let unsigned = Record::parse(&record().to_line(None)).unwrap();
        assert_eq!(unsigned.check_key(&key(7)), Err(RecordError::Unsigned));
        let garbled = Record {
            signature: Some("hmac-sha256:zz".to_owned()),
            ..read
        };
        assert_eq!(garbled.check_key(&key(7)), Err(RecordError::Signature));
    }

    #[test]
    fn a_key_is_long_enough_and_never_shown() {
        assert_eq!(
            Key::new(vec![1; 15]).unwrap_err().to_string(),
            "a key of 15 bytes is too short: use at least 16 random bytes"
        );
        assert_eq!(format!("{:?}", key(9)), "Key(32 bytes)");
    }

    #[test]
    fn classes_say_their_solutions() {
        assert_eq!(
            record().classes.to_string(),
            "92 solutions (classes of 8, 4, 2, 1: 11, 1, 0, 0)"
        );
    }
}
