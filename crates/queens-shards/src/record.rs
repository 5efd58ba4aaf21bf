//! A shard's record: what it counted, in one line of JSON that checks
//! itself.

use queens_bitboard::Classes;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::scheme::hex;

/// The `format` of every record this version writes and reads.
pub const FORMAT: &str = "queens-shard/1";

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
    /// The units counted, in increasing order.
    pub units: Vec<usize>,
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
    /// `sha256:` and the SHA-256 of the record written without this field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checksum: Option<String>,
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

/// Why a text is not a record to count.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Not JSON of a record: cut short, or not a record at all.
    #[error("not a shard record ({0})")]
    Malformed(#[from] serde_json::Error),
    /// A record of another format.
    #[error("a record of format '{0}', not {FORMAT}")]
    Format(String),
    /// The record has no checksum.
    #[error("the record has no checksum")]
    NoChecksum,
    /// The checksum does not match the content.
    #[error("the checksum does not match: the record was changed after it was written")]
    Checksum,
    /// The classes do not add up to the counts.
    #[error("its classes do not add up to its counts")]
    Inconsistent,
}

impl Record {
    /// The record as one line of JSON, its checksum computed, with a
    /// newline.
    pub fn to_line(&self) -> String {
        let mut sealed = self.clone();
        sealed.checksum = Some(sealed.digest());
        let mut line = serde_json::to_string(&sealed).expect("a record serializes");
        line.push('\n');
        line
    }

    /// Reads a record written by [`Record::to_line`], checking its format,
    /// its checksum and its sums.
    ///
    /// # Errors
    ///
    /// When the text is not such a record, as [`RecordError`] says.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let record: Record = serde_json::from_str(text)?;
        if record.format != FORMAT {
            return Err(RecordError::Format(record.format));
        }
        match &record.checksum {
            None => return Err(RecordError::NoChecksum),
            Some(checksum) if *checksum != record.digest() => return Err(RecordError::Checksum),
            Some(_) => {}
        }
        let counts = Classes::from(record.classes).checked_counts();
        if counts.map(|counts| (counts.total, counts.unique)) != Some((record.total, record.unique))
        {
            return Err(RecordError::Inconsistent);
        }
        Ok(record)
    }

    /// `sha256:` and the digest of the record without its checksum.
    fn digest(&self) -> String {
        let unsealed = Record {
            checksum: None,
            ..self.clone()
        };
        let json = serde_json::to_string(&unsealed).expect("a record serializes");
        format!("sha256:{}", hex(&Sha256::digest(json.as_bytes())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        Record {
            format: FORMAT.to_owned(),
            n: 8,
            plan: "0123456789abcdef".to_owned(),
            shard: 1,
            shards: 2,
            units: vec![1, 3],
            total: 92,
            unique: 12,
            classes: ClassCounts {
                eight: 11,
                four: 1,
                two: 0,
                one: 0,
            },
            threads: 1,
            seconds: 0.25,
            machine: "node1".to_owned(),
            checksum: None,
        }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let line = record().to_line();
        assert!(line.ends_with("}\n"));
        assert!(line.contains(r#""checksum":"sha256:"#), "{line}");
        let read = Record::parse(&line).unwrap();
        assert_eq!(read.checksum.as_deref().map(str::len), Some(7 + 64));
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
        let line = record().to_line();
        let cut = &line[..line.len() / 2];
        assert!(matches!(Record::parse(cut), Err(RecordError::Malformed(_))));
        let edited = line.replace(r#""total":92"#, r#""total":93"#);
        assert!(matches!(Record::parse(&edited), Err(RecordError::Checksum)));
        let unsealed = serde_json::to_string(&record()).unwrap();
        assert!(matches!(
            Record::parse(&unsealed),
            Err(RecordError::NoChecksum)
        ));
        let extra = line.replace(r#""n":8"#, r#""n":8,"note":"x""#);
        assert!(matches!(
            Record::parse(&extra),
            Err(RecordError::Malformed(_))
        ));
        let wrong_sum = Record {
            total: 93,
            ..record()
        }
        .to_line();
        assert!(matches!(
            Record::parse(&wrong_sum),
            Err(RecordError::Inconsistent)
        ));
    }
}
