//! The min-conflicts search on real boards: valid solutions from n = 4 to
//! 200 and at sampled larger n, repeatable runs, pre-placed queens kept,
//! and no solution (quickly) where there is none to find.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use queens_core::modes::{self, Mode, Query};
use queens_core::observer::Collect;
use queens_core::watch::StopReason;
use queens_core::{Error, Instrument, Observer, Problem, Search, Solver, Square, Watch};
use queens_minconflicts::MinConflicts;

/// The solutions `solver` reports for `problem`: none or one.
fn solve(solver: MinConflicts, problem: &Problem) -> Vec<Vec<usize>> {
    let mut solutions = Vec::new();
    solver.search(problem, &mut Collect(&mut solutions));
    assert!(
        solutions.len() <= 1,
        "{problem}: {} solutions",
        solutions.len()
    );
    solutions
}

/// The one solution `solver` finds for `problem`, checked in O(n) and
/// against the pre-placed queens.
fn solution(solver: MinConflicts, problem: &Problem) -> Vec<usize> {
    let queens = solve(solver, problem)
        .pop()
        .unwrap_or_else(|| panic!("{problem}: no solution found"));
    // The suite's linear-time check: valid, and the pre-placed queens kept.
    let checked = queens_conformance::linear::validate_for(problem, &queens);
    assert_eq!(checked, Ok(()), "{problem}: invalid {queens:?}");
    queens
}

#[test]
fn every_board_from_4_to_200_is_solved() {
    for n in 4..=200 {
        solution(MinConflicts::default(), &Problem::new(n));
    }
}

#[test]
fn small_boards_are_solved_whatever_the_seed() {
    // Small boards have the most local minima: the restarts must find a
    // way out from any start.
    for n in 4..=30 {
        for seed in 0..40 {
            solution(MinConflicts::with_seed(seed), &Problem::new(n));
        }
    }
}

#[test]
fn sampled_large_boards_are_solved() {
    for n in [1_000, 10_007, 100_000] {
        solution(MinConflicts::default(), &Problem::new(n));
    }
}

#[test]
fn the_smallest_boards() {
    let solver = MinConflicts::default();
    assert_eq!(solve(solver, &Problem::new(0)), [Vec::<usize>::new()]);
    assert_eq!(solve(solver, &Problem::new(1)), [[0]]);
    assert_eq!(solve(solver, &Problem::new(2)), Vec::<Vec<usize>>::new());
    assert_eq!(solve(solver, &Problem::new(3)), Vec::<Vec<usize>>::new());
}

#[test]
fn a_seed_repeats_its_run_and_another_seed_differs() {
    let problem = Problem::new(1_000);
    let first = solution(MinConflicts::with_seed(7), &problem);
    assert_eq!(solution(MinConflicts::with_seed(7), &problem), first);
    assert_ne!(solution(MinConflicts::with_seed(8), &problem), first);
    assert_eq!(
        solution(MinConflicts::default(), &problem),
        solution(
            MinConflicts::with_seed(MinConflicts::DEFAULT_SEED),
            &problem
        )
    );
    assert_eq!(MinConflicts::with_seed(7).seed(), 7);
}

#[test]
fn pre_placed_queens_are_kept() {
    let solver = MinConflicts::default();
    let problem = Problem::with_queens(8, [Square::new(0, 3)]).unwrap();
    assert_eq!(solution(solver, &problem)[0], 3);
    // Five queens of another solution of n = 50 (found with another seed).
    let known = solution(MinConflicts::with_seed(5), &Problem::new(50));
    for seed in 0..10 {
        let kept = [3, 11, 20, 34, 49].map(|row| Square::new(row, known[row]));
        let problem = Problem::with_queens(50, kept).unwrap();
        solution(MinConflicts::with_seed(seed), &problem);
    }
    // Every row but one pre-placed: the last queen has one column to go.
    let kept = (1..50).map(|row| Square::new(row, known[row]));
    let problem = Problem::with_queens(50, kept).unwrap();
    assert_eq!(solution(solver, &problem), known);
    // Every row pre-placed: the board is already solved.
    let kept = (0..50).map(|row| Square::new(row, known[row]));
    let problem = Problem::with_queens(50, kept).unwrap();
    assert_eq!(solution(solver, &problem), known);
}

#[test]
fn an_impossible_pre_placement_gives_up_quickly() {
    // No solution of n = 4 has a queen in a corner, and none of n = 6
    // has one at (0, 0) either; the search gives up after its steps.
    for (n, square) in [(4, Square::new(0, 0)), (6, Square::new(0, 0))] {
        let problem = Problem::with_queens(n, [square]).unwrap();
        let start = Instant::now();
        assert!(solve(MinConflicts::default(), &problem).is_empty());
        assert!(start.elapsed() < Duration::from_secs(5), "{problem}");
    }
}

/// Replays the queens put on and taken off the board, and checks that the
/// solution is the board the events built.
#[derive(Default)]
struct Replay {
    board: Vec<Option<usize>>,
    solutions: usize,
}

impl Observer for Replay {
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        if self.board.len() <= square.row {
            self.board.resize(square.row + 1, None);
        }
        assert_eq!(self.board[square.row], None, "{square} on an occupied row");
        self.board[square.row] = Some(square.col);
        ControlFlow::Continue(())
    }

    fn removed(&mut self, square: Square) {
        assert_eq!(self.board[square.row], Some(square.col), "{square}");
        self.board[square.row] = None;
    }

    fn solution(&mut self, queens: &[usize]) -> ControlFlow<()> {
        let board: Vec<usize> = self.board.iter().map(|col| col.unwrap()).collect();
        assert_eq!(board, queens);
        self.solutions += 1;
        ControlFlow::Continue(())
    }
}

#[test]
fn the_events_tell_every_move() {
    for n in [4, 8, 9, 50, 1_000] {
        let mut replay = Replay::default();
        MinConflicts::default().search(&Problem::new(n), &mut replay);
        assert_eq!(replay.solutions, 1, "n = {n}");
    }
    // Restarts take every free queen off and put it down again, around
    // the pre-placed ones.
    for seed in 0..20 {
        let mut replay = Replay::default();
        let problem = Problem::with_queens(10, [Square::new(4, 4)]).unwrap();
        MinConflicts::with_seed(seed).search(&problem, &mut replay);
        assert_eq!(replay.solutions, 1, "seed {seed}");
    }
}

#[test]
fn the_model_asks_it_for_the_first_solution_only() {
    let solver: &dyn Solver = &MinConflicts::default();
    let first = Query {
        mode: Mode::First,
        unique: false,
    };
    let answer = modes::answer(solver, &Problem::new(64), first, Instrument::Counted).unwrap();
    assert_eq!(answer.count, 1);
    assert_eq!(
        queens_conformance::linear::validate(&answer.solutions[0]),
        Ok(())
    );
    let count = Query {
        mode: Mode::Count,
        ..first
    };
    assert_eq!(
        modes::answer(solver, &Problem::new(8), count, Instrument::Off),
        Err(Error::FindsOne {
            solver: "min-conflicts"
        })
    );
}

#[test]
fn a_budget_of_queens_stops_it() {
    // The impossible problem would run a million tries and place hundreds
    // of queens in its restarts; a budget of 100 queens stops it first.
    let problem = Problem::with_queens(4, [Square::new(0, 0)]).unwrap();
    let mut watch = Watch::new(Instrument::Off).with_budget(Some(100));
    let watched = MinConflicts::default()
        .solve_watched(&problem, &mut watch, &mut |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(watched.halt, Some(StopReason::OverBudget));
    assert_eq!(watched.queens_placed, 100);
}

/// Counts the swaps and restarts a search narrates, and keeps the own
/// counts it tells at its end.
#[derive(Default)]
struct Tally {
    swaps: u64,
    restarts: u64,
    own: Vec<(&'static str, u64)>,
}

impl Observer for Tally {
    fn decided(&mut self, decision: queens_core::Decision) {
        match decision {
            queens_core::Decision::Swap { .. } => self.swaps += 1,
            queens_core::Decision::Restart { .. } => self.restarts += 1,
            _ => {}
        }
    }

    fn own_counts(&mut self, counts: &[(&'static str, u64)]) {
        self.own = counts.to_vec();
    }
}

#[test]
fn its_own_counts_are_the_swaps_and_restarts_it_narrates() {
    let mut restarted = 0;
    for n in 4..=30 {
        for seed in 0..10 {
            let mut tally = Tally::default();
            MinConflicts::with_seed(seed).search(&Problem::new(n), &mut tally);
            let [("tries", tries), ("swaps", swaps), ("restarts", restarts)] = tally.own[..] else {
                panic!("n = {n}, seed {seed}: told {:?}", tally.own);
            };
            assert_eq!((swaps, restarts), (tally.swaps, tally.restarts));
            // Every swap is a try that helped.
            assert!(tries >= swaps, "n = {n}: {tries} tries, {swaps} swaps");
            restarted += u64::from(restarts > 0);
        }
    }
    assert!(
        restarted > 0,
        "no small board restarted: the count is untested"
    );
}

#[test]
fn a_watched_answer_keeps_its_own_counts() {
    // The board of docs/views/trace.md: one repair, whose second partner
    // gives a clean swap.
    let query = Query {
        mode: Mode::First,
        unique: false,
    };
    let mut watch = Watch::new(Instrument::Counted);
    let answer = modes::answer_watched(
        &MinConflicts::default(),
        &Problem::new(8),
        query,
        &mut watch,
    )
    .unwrap();
    assert_eq!(answer.own.0, [("tries", 2), ("swaps", 1), ("restarts", 0)]);
}
