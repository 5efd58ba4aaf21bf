//! What the greedy start leaves, as the crate's essay quotes it: the
//! attacking pairs the first repair finds, with the default seed.

use std::ops::ControlFlow;

use queens_core::{Decision, Observer, Problem, Search, Square};
use queens_minconflicts::MinConflicts;

/// Hears the search until its first repair, which names the attacking
/// pairs the greedy start left, and stops it at the next queen.
#[derive(Default)]
struct FirstRepair {
    pairs: Option<u64>,
}

impl Observer for FirstRepair {
    fn placed(&mut self, _square: Square) -> ControlFlow<()> {
        if self.pairs.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn decided(&mut self, decision: Decision) {
        if let Decision::Repair { pairs, .. } = decision {
            self.pairs.get_or_insert(pairs);
        }
    }
}

/// The attacking pairs the greedy start leaves on an n×n board.
fn pairs_after_start(n: usize) -> u64 {
    let mut first = FirstRepair::default();
    MinConflicts::default().search(&Problem::new(n), &mut first);
    first.pairs.expect("a start this large leaves attacking pairs")
}

/// `value` with a comma between thousands, as the essay writes numbers.
fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[test]
fn the_essay_quotes_the_pairs_the_greedy_start_leaves() {
    let essay: String = include_str!("../src/lib.rs")
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .collect::<Vec<_>>()
        .join(" ");
    let essay = essay.split_whitespace().collect::<Vec<_>>().join(" ");
    let sentence = format!(
        "({} pairs at n = 1,000, {} at 10⁵, {} at 10⁶, with the default seed)",
        grouped(pairs_after_start(1_000)),
        grouped(pairs_after_start(100_000)),
        grouped(pairs_after_start(1_000_000)),
    );
    assert!(
        essay.contains(&sentence),
        "the essay does not say {sentence:?}"
    );
}

#[test]
fn thousands_are_grouped_as_the_essay_writes_them() {
    assert_eq!(grouped(663), "663");
    assert_eq!(grouped(6_506), "6,506");
    assert_eq!(grouped(1_000_000), "1,000,000");
}
