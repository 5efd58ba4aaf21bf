//! The counting walk: depth-first searches that never jump on what the
//! board holds, several of them interleaved in one loop.
//!
//! # Why not the textbook loop
//!
//! A backtracking loop decides at every node whether to go down to a
//! child, on to the next column, or back up. The answers follow the shape
//! of the tree, which a processor cannot guess: it guesses wrong about once
//! a node and throws away the work it began on the wrong path. The C peer
//! spends most of its time there, some 22 cycles a node at n = 16.
//!
//! # A step
//!
//! Here every step is the same straight-line code, and places one queen:
//!
//! 1. take the lowest free column of the row on top of the walker's stack,
//!    and write the row's remaining columns back;
//! 2. compute the row below it (its child: [`Rules::child`]) and write it
//!    to the stack, above the row if the row has columns left, in its place
//!    if that was its last;
//! 3. the new top is arithmetic on those two facts: the child if its row
//!    offers a column, else the row if it has columns left, else the row
//!    under it.
//!
//! The stack thus holds only rows with columns left to try: a row leaves it
//! with its last column, and a child that offers nothing is dropped in the
//! step that made it. Going back always lands on a row with work, so there
//! is no step that only goes back, and the steps are exactly the queens
//! placed. (A stack of every row takes one step more per row visited:
//! about 1.6 times as many.)
//!
//! Nothing is guessed, but each step waits for the one before: its first
//! load reads the stack slot that the step before may have just written.
//! So [`WALKERS`] searches, each on its own stack, step in turn in one
//! loop, and the processor runs their steps side by side.
//!
//! The new top is never chosen between loaded values: LLVM turns such a
//! choice back into a jump (so that the load need not wait), and the jump
//! is the guess this walk exists to avoid.
//!
//! # Measured
//!
//! Processor seconds at n = 16, first-row mirror, on the workspace's
//! two-core machine, where the C peer (recursive, `gcc -O3 -march=native`)
//! takes 3.2 s (`examples/count.rs` prints how each was run):
//!
//! | walk | time |
//! |---|---|
//! | recursion, as the C peer does it | 3.8 |
//! | explicit stack, the last two rows unrolled | 3.4 |
//! | a slot for every row, the next state loaded at a computed depth, 3 walkers | 2.3 |
//! | rows with work only, 1 walker | 2.6 |
//! | rows with work only, 2 walkers | 1.6 |
//! | rows with work only, 3 or 4 walkers (registers run out) | 1.8 |
//!
//! The walks are fed from a [`Frontier`]: every state of the search tree at
//! one row, in lexicographic order. Whichever walker finishes its subtree
//! takes the next state; the sum does not depend on which walker took
//! which.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::rules::{Rules, SLOTS, Slot, lowest, slot};

/// Searches interleaved in one loop (see the module documentation).
pub(crate) const WALKERS: usize = 2;

/// Hears every complete board a walk reaches, and counts it its own way:
/// one by one ([`Leaves`]), as a class of eight, or by comparing it with
/// its images. (What a step of the ladder counted is another thing, the
/// crate's [`Tally`](crate::Tally).)
pub(crate) trait LeafCounter {
    /// A complete board.
    fn leaf(&mut self, board: Board<'_>);
}

/// Counts the complete boards.
#[derive(Debug, Default)]
pub(crate) struct Leaves(pub(crate) u64);

impl LeafCounter for Leaves {
    #[inline(always)]
    fn leaf(&mut self, _board: Board<'_>) {
        // One per board: a counter that steps by one cannot pass 2^64 in
        // any run that ends (585 years at 10^9 boards a second).
        self.0 += 1;
    }
}

/// Every state of a search tree at row `target`, found depth first below a
/// root state, columns in increasing order: the starts of the walks, and
/// the work units of a plan. States whose row has no free column are left
/// out.
pub(crate) struct Frontier<'r> {
    rules: &'r Rules,
    /// The states of rows `0..=row`; rows above the root are given.
    slots: [Slot; SLOTS],
    /// The row of the root state.
    root: usize,
    /// The row of the states found.
    target: usize,
    /// The row the search stands on.
    row: usize,
    /// Whether no state has been found yet.
    fresh: bool,
}

impl<'r> Frontier<'r> {
    /// The states at row `target` below the root `prefix[root]`, where
    /// `prefix` holds the states of rows `0..=root`.
    pub(crate) fn new(rules: &'r Rules, prefix: &[Slot], target: usize) -> Self {
        let root = prefix.len() - 1;
        debug_assert!(root <= target && target < rules.n());
        let mut slots = [Slot::default(); SLOTS];
        slots[..prefix.len()].copy_from_slice(prefix);
        Frontier {
            rules,
            slots,
            root,
            target,
            row: root,
            fresh: true,
        }
    }

    /// The next state, with the states of the rows above it: `None` once
    /// every state has been found.
    pub(crate) fn next_state(&mut self) -> Option<&[Slot]> {
        if !self.fresh {
            if self.row == self.root {
                return None;
            }
            // Back up from the state found last to try its row's next column.
            self.row -= 1;
        }
        self.fresh = false;
        loop {
            let here = self.slots[self.row];
            if self.row == self.target {
                if here.free != 0 {
                    return Some(&self.slots[..=self.target]);
                }
                if self.row == self.root {
                    return None;
                }
                self.row -= 1;
                continue;
            }
            if here.free == 0 {
                if self.row == self.root {
                    return None;
                }
                self.row -= 1;
                continue;
            }
            let bit = lowest(here.free);
            self.slots[self.row].free ^= bit;
            self.slots[self.row + 1] = self.rules.child_checked(&here, bit, self.row);
            self.row += 1;
        }
    }
}

/// A row on a walker's stack that has columns left to try.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    slot: Slot,
    /// The row's number.
    row: usize,
}

/// The frame of a walker with nothing to do: its row offers no column, and
/// every line through the row below is held, so that its child offers none
/// either. A step on it places nothing and empties the stack.
const IDLE: Frame = Frame {
    slot: Slot {
        cols: 0,
        down: u64::MAX,
        up: u64::MAX,
        free: 0,
    },
    row: 0,
};

/// A complete board on a walker, as a [`LeafCounter`] sees it.
pub(crate) struct Board<'a>(&'a [u64; SLOTS]);

impl Board<'_> {
    /// The queen of `row`, as a one-bit mask.
    #[inline(always)]
    pub(crate) fn queen(&self, row: usize) -> u64 {
        self.0[row]
    }

    /// The column of the queen of `row`.
    pub(crate) fn column(&self, row: usize) -> usize {
        self.queen(row).trailing_zeros() as usize
    }
}

/// One depth-first search, on its own stack of the rows that have columns
/// left to try.
struct Walker {
    /// `frames[1..=top]`: the rows with columns left, deepest on top, and
    /// above them the child row last written.
    frames: [Frame; SLOTS],
    /// `queens[row]`: the queen of each row on the current path, as a
    /// one-bit mask.
    queens: [u64; SLOTS],
    /// The index of the top frame; 0 once the stack is empty.
    top: usize,
}

impl Walker {
    /// A walker with nothing to do.
    fn idle() -> Self {
        let mut frames = [Frame::default(); SLOTS];
        frames[1] = IDLE;
        Walker {
            frames,
            queens: [0; SLOTS],
            top: 1,
        }
    }

    /// Whether its stack is empty: its start's subtree is done.
    #[inline(always)]
    fn done(&self) -> bool {
        self.top == 0
    }

    /// Takes the frontier's next state as its start; false, and idle, when
    /// there is none.
    fn load(&mut self, frontier: &mut Frontier<'_>) -> bool {
        let Some(prefix) = frontier.next_state() else {
            self.frames[1] = IDLE;
            self.top = 1;
            return false;
        };
        let row = prefix.len() - 1;
        for (above, queen) in self.queens[..row].iter_mut().enumerate() {
            *queen = prefix[above + 1].cols ^ prefix[above].cols;
        }
        self.frames[1] = Frame {
            slot: prefix[row],
            row,
        };
        self.top = 1;
        true
    }

    /// One step: place a queen on the top row's lowest free column, drop the
    /// row if that was its last, push the child's row if it offers a column,
    /// the choices made as arithmetic (see the module documentation).
    #[inline(always)]
    fn step<const NEED: bool, T: LeafCounter>(&mut self, rules: &Rules, counter: &mut T) {
        let top = slot(self.top);
        let here = self.frames[top];
        let bit = lowest(here.slot.free);
        let rest = here.slot.free ^ bit;
        self.frames[top].slot.free = rest;
        self.queens[slot(here.row)] = bit;
        let child = rules.child::<NEED>(&here.slot, bit, slot(here.row));
        let above = top + usize::from(rest != 0);
        self.frames[slot(above)] = Frame {
            slot: child,
            row: here.row + 1,
        };
        if child.cols == rules.all() {
            counter.leaf(Board(&self.queens));
        }
        // Never below zero: the child is written at index 1 or above.
        self.top = above + usize::from(child.free != 0) - 1;
    }
}

/// How many rounds of steps go by between two looks at the stop flag: a
/// few milliseconds of work.
const POLL: u32 = 1 << 16;

/// Walks every subtree below the states of `frontier`, `WALKERS` at a time,
/// telling `counter` of every complete board; false when `stop` was set
/// first. `NEED` must be whether the rules need columns.
pub(crate) fn walk<const NEED: bool, T: LeafCounter>(
    rules: &Rules,
    frontier: &mut Frontier<'_>,
    counter: &mut T,
    stop: &AtomicBool,
) -> bool {
    debug_assert_eq!(NEED, rules.needs());
    let mut walkers: [Walker; WALKERS] = std::array::from_fn(|_| Walker::idle());
    let mut busy = [false; WALKERS];
    for (walker, busy) in walkers.iter_mut().zip(&mut busy) {
        *busy = walker.load(frontier);
    }
    let mut rounds = 0u32;
    while busy.contains(&true) {
        for walker in &mut walkers {
            walker.step::<NEED, T>(rules, counter);
        }
        for (walker, busy) in walkers.iter_mut().zip(&mut busy) {
            if walker.done() {
                *busy = walker.load(frontier);
            }
        }
        rounds = rounds.wrapping_add(1);
        if rounds.is_multiple_of(POLL) && stop.load(Ordering::Relaxed) {
            return false;
        }
    }
    true
}

/// Walks every subtree below the states of `frontier` under `rules`,
/// whether they need columns or not; false when `stop` was set first.
pub(crate) fn walk_rules<T: LeafCounter>(
    rules: &Rules,
    frontier: &mut Frontier<'_>,
    counter: &mut T,
    stop: &AtomicBool,
) -> bool {
    if rules.needs() {
        walk::<true, T>(rules, frontier, counter, stop)
    } else {
        walk::<false, T>(rules, frontier, counter, stop)
    }
}

/// Walks every board under `rules` below the queens `queens` of the first
/// rows, from row `start` (or the last row); false when `stop` was set
/// first.
pub(crate) fn walk_below<T: LeafCounter>(
    rules: &Rules,
    queens: &[usize],
    start: usize,
    counter: &mut T,
    stop: &AtomicBool,
) -> bool {
    let mut prefix = [Slot::default(); SLOTS];
    prefix[0] = rules.root();
    for (row, &col) in queens.iter().enumerate() {
        prefix[row + 1] = rules.child_checked(&prefix[row], 1 << col, row);
    }
    let target = start.min(rules.n() - 1).max(queens.len());
    let mut frontier = Frontier::new(rules, &prefix[..=queens.len()], target);
    walk_rules(rules, &mut frontier, counter, stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the boards below every state of `frontier` one at a time with
    /// a plain recursion, for comparison.
    fn recount(rules: &Rules, slots: &mut Vec<Slot>) -> u64 {
        let row = slots.len() - 1;
        let here = slots[row];
        if row == rules.n() {
            return 1;
        }
        let mut free = here.free;
        let mut count = 0;
        while free != 0 {
            let bit = lowest(free);
            free ^= bit;
            slots.push(rules.child_checked(&here, bit, row));
            count += recount(rules, slots);
            slots.pop();
        }
        count
    }

    #[test]
    fn the_frontier_lists_states_in_order() {
        let rules = Rules::new(5);
        let root = [rules.root()];
        let mut frontier = Frontier::new(&rules, &root, 1);
        let mut firsts = Vec::new();
        while let Some(prefix) = frontier.next_state() {
            firsts.push(crate::rules::column(prefix, 0));
        }
        assert_eq!(firsts, [0, 1, 2, 3, 4]);
        // Two rows down: every safe pair of the first two rows, in order.
        let mut frontier = Frontier::new(&rules, &root, 2);
        let mut pairs = Vec::new();
        while let Some(prefix) = frontier.next_state() {
            pairs.push((
                crate::rules::column(prefix, 0),
                crate::rules::column(prefix, 1),
            ));
        }
        assert_eq!(pairs.len(), 12);
        assert_eq!(pairs[..4], [(0, 2), (0, 3), (0, 4), (1, 3)]);
        // A frontier at its own root finds the root alone.
        let mut frontier = Frontier::new(&rules, &root, 0);
        assert!(frontier.next_state().is_some());
        assert!(frontier.next_state().is_none());
        assert!(frontier.next_state().is_none());
    }

    #[test]
    fn walks_count_what_a_recursion_counts() {
        for n in 2..=10 {
            let rules = Rules::new(n);
            let expected = recount(&rules, &mut vec![rules.root()]);
            for target in 1..n {
                let mut counter = Leaves::default();
                walk::<false, _>(
                    &rules,
                    &mut Frontier::new(&rules, &[rules.root()], target),
                    &mut counter,
                    &AtomicBool::new(false),
                );
                assert_eq!(counter.0, expected, "n = {n}, walks from row {target}");
            }
        }
        // A rule that needs column 0 taken before row 3 of 7.
        let rules = Rules::new(7).needing(3, 1);
        let expected = recount(&rules, &mut vec![rules.root()]);
        let mut counter = Leaves::default();
        walk::<true, _>(
            &rules,
            &mut Frontier::new(&rules, &[rules.root()], 1),
            &mut counter,
            &AtomicBool::new(false),
        );
        assert_eq!(counter.0, expected);
        assert!(expected > 0 && expected < 40);
    }
}
