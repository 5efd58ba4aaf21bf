//! What the greedy start leaves, as the crate's essay quotes it: the
//! attacking pairs the first repair finds, with the default seed.

use std::ops::ControlFlow;

use queens_core::format::thousands;
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
    first
        .pairs
        .expect("a start this large leaves attacking pairs")
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
        thousands(u128::from(pairs_after_start(1_000))),
        thousands(u128::from(pairs_after_start(100_000))),
        thousands(u128::from(pairs_after_start(1_000_000))),
    );
    assert!(
        essay.contains(&sentence),
        "the essay does not say {sentence:?}"
    );
}
