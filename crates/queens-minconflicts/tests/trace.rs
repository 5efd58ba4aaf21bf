//! The local search's trace in its own terms: tries that rule nothing out,
//! and a decision before every queen put on an attacked square.

use std::collections::HashMap;
use std::ops::ControlFlow;

use queens_core::trace::{Event, Tracer};
use queens_core::{Decision, Levels, Problem, Search, Square};
use queens_minconflicts::MinConflicts;

/// Every event of the search of `problem` with `seed`.
fn traced(problem: &Problem, seed: u64) -> Vec<Event> {
    let mut events = Vec::new();
    let mut tracer = Tracer::new(Levels::Rows, |event: &Event, _: &[Square]| {
        events.push(event.clone());
        ControlFlow::Continue(())
    });
    MinConflicts::with_seed(seed).search(problem, &mut tracer);
    drop(tracer);
    events
}

/// Checks that no queen goes on a square its last try found attacked
/// unless a settle or a swap of its row came between; returns how many
/// queens did go on such squares, explained.
fn explained_attacked_queens(events: &[Event]) -> usize {
    // The squares whose last try found them attacked and no decision has
    // explained since.
    let mut attacked: HashMap<Square, bool> = HashMap::new();
    let mut explained = 0;
    for (at, event) in events.iter().enumerate() {
        match event {
            Event::Reject { .. } => panic!("a local search rejects nothing: {event}"),
            Event::Try {
                square, conflict, ..
            } => {
                attacked.insert(*square, conflict.is_some());
            }
            Event::Decided(Decision::Settle { square, .. }) => {
                explained += usize::from(attacked.remove(square) == Some(true));
            }
            Event::Decided(Decision::Swap { rows, clean, .. }) => {
                let before = attacked.len();
                attacked.retain(|square, hit| !(*hit && rows.contains(&square.row)));
                explained += before - attacked.len();
                // The two tries just before weighed where the queens land.
                let landed = &events[at.saturating_sub(2)..at];
                let free = landed.iter().all(|tried| {
                    matches!(tried, Event::Try { conflict: None, square, .. } if rows.contains(&square.row))
                });
                assert_eq!(*clean, free, "{event} after {landed:?}");
            }
            Event::Place { square } => {
                assert_ne!(
                    attacked.get(square),
                    Some(&true),
                    "{square} placed after its try found it attacked, unexplained"
                );
            }
            _ => {}
        }
    }
    explained
}

#[test]
fn no_queen_goes_on_an_attacked_square_without_a_decision_saying_why() {
    let mut explained = 0;
    for n in [4, 5, 8, 12, 30] {
        for seed in 0..10 {
            let events = traced(&Problem::new(n), seed);
            assert!(
                matches!(events.last(), Some(Event::Solution { .. })),
                "n = {n}, seed {seed}"
            );
            explained += explained_attacked_queens(&events);
        }
    }
    // The boards are small enough that the greedy start settles and
    // swaps land on attacked squares: the check above is not empty.
    assert!(explained > 0);
}

#[test]
fn n_8_with_the_default_seed_settles_repairs_and_swaps() {
    let events = traced(&Problem::new(8), MinConflicts::DEFAULT_SEED);
    let count = |kind: fn(&Event) -> bool| events.iter().filter(|event| kind(event)).count();
    let settles = count(|event| matches!(event, Event::Decided(Decision::Settle { .. })));
    let repairs = count(|event| matches!(event, Event::Decided(Decision::Repair { .. })));
    let swaps = count(|event| matches!(event, Event::Decided(Decision::Swap { .. })));
    let places = count(|event| matches!(event, Event::Place { .. }));
    // Eight queens from the greedy start, and two more for every swap,
    // after each restart's eight again.
    let restarts = count(|event| matches!(event, Event::Decided(Decision::Restart { .. })));
    assert_eq!(places, 8 * (restarts + 1) + 2 * swaps);
    assert!(settles > 0 && repairs >= swaps && swaps > 0);
}
