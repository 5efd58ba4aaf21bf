//! How the grader marks a check's [`Verdict`] in its reports: a word
//! (PASS, N/A, NOT REACHED), a symbol for tables, and whether the score
//! counts it. The suite spells verdicts its own way (`pass`,
//! `not-applicable`); the grader's reports and saved runs spell them with
//! these words, so a [`crate::grading::CheckResult`] is saved through
//! [`serialize`] and read back through [`deserialize`].

use queens_conformance::Verdict;
use serde::{Deserialize, Deserializer, Serializer};

/// Every verdict, for reading one back from its word.
const ALL: [Verdict; 7] = [
    Verdict::Pass,
    Verdict::Fail,
    Verdict::Crash,
    Verdict::Timeout,
    Verdict::NotReached,
    Verdict::NotApplicable,
    Verdict::NotGraded,
];

/// Every verdict's word, in the order of [`ALL`]: what a saved run may
/// hold.
const WORDS: [&str; 7] = {
    let mut words = [""; 7];
    let mut at = 0;
    while at < ALL.len() {
        words[at] = word(ALL[at]);
        at += 1;
    }
    words
};

/// The word of reports for `verdict`.
const fn word(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Pass => "PASS",
        Verdict::Fail => "FAIL",
        Verdict::Crash => "CRASH",
        Verdict::Timeout => "TIMEOUT",
        Verdict::NotReached => "NOT REACHED",
        Verdict::NotApplicable => "N/A",
        Verdict::NotGraded => "NOT GRADED",
    }
}

/// A verdict as the grader's reports mark it.
pub(crate) trait Marks {
    /// The one-character symbol of tables.
    fn symbol(self) -> char;
    /// The word of reports: PASS, FAIL, CRASH, TIMEOUT, NOT REACHED, N/A,
    /// NOT GRADED.
    fn word(self) -> &'static str;
    /// Whether the score counts the check: every verdict but N/A and NOT
    /// GRADED.
    fn counts(self) -> bool;
}

impl Marks for Verdict {
    fn symbol(self) -> char {
        match self {
            Verdict::Pass => '✓',
            Verdict::Fail => '✗',
            Verdict::Crash => 'C',
            Verdict::Timeout => 'T',
            Verdict::NotReached => '-',
            Verdict::NotApplicable => '·',
            Verdict::NotGraded => '?',
        }
    }

    fn word(self) -> &'static str {
        word(self)
    }

    fn counts(self) -> bool {
        !matches!(self, Verdict::NotApplicable | Verdict::NotGraded)
    }
}

/// Saves `verdict` as its word.
pub(crate) fn serialize<S: Serializer>(verdict: &Verdict, to: S) -> Result<S::Ok, S::Error> {
    to.serialize_str(verdict.word())
}

/// Reads a verdict back from its word.
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Verdict, D::Error> {
    let word = String::deserialize(from)?;
    let found = ALL.into_iter().find(|verdict| verdict.word() == word);
    found.ok_or_else(|| serde::de::Error::unknown_variant(&word, &WORDS))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each verdict is saved as its word and read back as itself, and
    /// the words are the ones the grader's reports have always used.
    #[test]
    fn a_verdict_is_saved_as_its_word_and_read_back() {
        #[derive(Debug, serde::Serialize, serde::Deserialize)]
        struct Saved {
            #[serde(with = "super")]
            verdict: Verdict,
        }
        let words: Vec<String> = ALL
            .into_iter()
            .map(|verdict| serde_json::to_string(&Saved { verdict }).unwrap())
            .collect();
        assert_eq!(
            words,
            [
                r#"{"verdict":"PASS"}"#,
                r#"{"verdict":"FAIL"}"#,
                r#"{"verdict":"CRASH"}"#,
                r#"{"verdict":"TIMEOUT"}"#,
                r#"{"verdict":"NOT REACHED"}"#,
                r#"{"verdict":"N/A"}"#,
                r#"{"verdict":"NOT GRADED"}"#,
            ]
        );
        for (verdict, text) in ALL.into_iter().zip(&words) {
            let read: Saved = serde_json::from_str(text).unwrap();
            assert_eq!(read.verdict, verdict);
        }
        let error = serde_json::from_str::<Saved>(r#"{"verdict":"pass"}"#).unwrap_err();
        assert!(
            error.to_string().starts_with(
                "unknown variant `pass`, expected one of `PASS`, `FAIL`, `CRASH`, `TIMEOUT`, `NOT REACHED`, `N/A`, `NOT GRADED`"
            ),
            "{error}"
        );
    }
}
