//! A race run: each solver traced on the board under the model's tracer and
//! timed on its silent path, then each lane past its budget cut to what the
//! race needs ([`Race::run`]).

use std::cell::Cell;
use std::hint::black_box;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use queens_core::trace::{Event, Tracer};
use queens_core::watch::{StopReason, WatchObserver};
use queens_core::{Error, Instrument, Line, Observer, Problem, Solver, Square, Stats, Watch};

use super::clock::{self, Clock};
use super::compact::{Counters, Encoder};
use super::{Lane, MOST_LANE_STEPS, Race};

/// Timed runs of each search; the median is kept.
const RUNS: usize = 3;

/// A timed run repeats a short search until it has run this long, then
/// divides, so that a search of microseconds is not lost in the clock's
/// noise.
const LEAST_RUN: Duration = Duration::from_millis(20);

impl Race {
    /// Traces and times every solver of `solvers` on `problem`, then cuts
    /// the lanes that reached their budget to what the race needs. Setting
    /// `stop` (Ctrl-C's flag) stops the tracing with
    /// [`Error::Interrupted`]; an error of a solver is returned as it is.
    pub fn run(
        solvers: &[&dyn Solver],
        problem: &Problem,
        stop: &AtomicBool,
    ) -> Result<Race, Error> {
        let mut lanes = solvers
            .iter()
            .map(|&solver| lane(solver, problem, MOST_LANE_STEPS, stop))
            .collect::<Result<Vec<_>, _>>()?;
        let mut race = Race {
            n: problem.n(),
            preplaced: problem.preplaced().to_vec(),
            lanes: Vec::new(),
        };
        let needed: Vec<(Clock, f64)> = Clock::ALL
            .iter()
            .map(|&clock| (clock, clock::finish_line(&lanes, clock)))
            .collect();
        for lane in &mut lanes {
            if !lane.whole {
                let keep = needed
                    .iter()
                    .map(|&(clock, at)| clock.position(lane, at))
                    .max()
                    .unwrap_or(lane.steps);
                cut(lane, race.n, keep);
            }
        }
        race.lanes = lanes;
        Ok(race)
    }
}

/// Traces `solver` on `problem` for at most `most` steps and times it.
fn lane(
    solver: &dyn Solver,
    problem: &Problem,
    most: u64,
    stop: &AtomicBool,
) -> Result<Lane, Error> {
    let info = solver.info();
    let traced = trace(solver, problem, most, stop)?;
    let seconds = if traced.whole {
        timed(|| whole_search(solver, problem))
    } else {
        timed(|| stopped_search(solver, problem, traced.end.stats.queens_placed))
    };
    Ok(Lane {
        workload: info.workload.map(|workload| workload(problem)),
        info,
        reads: solver.reads(),
        steps: traced.cells.len() as u64,
        traced: traced.cells.len() as u64,
        code: traced.code,
        cells: traced.cells,
        end: traced.end,
        whole: traced.whole,
        seconds,
    })
}

/// What tracing a lane gives.
struct Traced {
    code: String,
    cells: Vec<u64>,
    end: Counters,
    whole: bool,
}

/// Runs `solver` on `problem` under the model's tracer, encoding each step
/// with the counters after it, for at most `most` steps. Setting `stop`
/// stops it.
fn trace(
    solver: &dyn Solver,
    problem: &Problem,
    most: u64,
    stop: &AtomicBool,
) -> Result<Traced, Error> {
    let counted = Cell::new(Stats::default());
    let mut encoder = Encoder::new(problem.n());
    let mut cells = Vec::new();
    let mut end = Counters::default();
    let mut tracer = Tracer::new(solver.info().levels, |event: &Event, _: &[Square]| {
        if cells.len() as u64 == most {
            return ControlFlow::Break(());
        }
        end = Counters {
            stats: counted.get(),
            solutions: end.solutions + u64::from(matches!(event, Event::Solution { .. })),
        };
        encoder.push(event, end);
        cells.push(end.stats.cells_read);
        ControlFlow::Continue(())
    });
    let mut watch = Watch::new(Instrument::Off).with_stop(stop);
    let mut observers = (
        (Counting(&counted), &mut tracer),
        WatchObserver::new(&mut watch),
    );
    solver.solve_observed(problem, &mut observers, &mut |_| ControlFlow::Continue(()))?;
    let halt = observers.1.finish().halt;
    let whole = !tracer.stopped();
    drop(tracer);
    if halt == Some(StopReason::Interrupted) {
        return Err(Error::Interrupted {
            placed: end.stats.queens_placed,
            found: end.solutions,
        });
    }
    Ok(Traced {
        code: encoder.finish(),
        cells,
        end,
        whole,
    })
}

/// Counts the statistics into a cell that the tracer's callback reads: it
/// hears each call before the tracer does, so the counters the callback
/// reads include the event it is told and every silent check before it.
struct Counting<'c>(&'c Cell<Stats>);

impl Counting<'_> {
    fn count(&self, event: impl FnOnce(&mut Stats) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut stats = self.0.get();
        let flow = event(&mut stats);
        self.0.set(stats);
        flow
    }
}

impl Observer for Counting<'_> {
    fn placed(&mut self, square: Square) -> ControlFlow<()> {
        self.count(|stats| stats.placed(square))
    }

    fn checked(&mut self, square: Square, cells_read: u64, conflict: Option<Line>) {
        let _ = self.count(|stats| {
            stats.checked(square, cells_read, conflict);
            ControlFlow::Continue(())
        });
    }

    fn tested(&mut self, queens: &[Square], cells_read: u64, conflict: Option<Line>) {
        let _ = self.count(|stats| {
            stats.tested(queens, cells_read, conflict);
            ControlFlow::Continue(())
        });
    }

    fn opened(&mut self, row: usize, open: u64, words_read: u64) {
        let _ = self.count(|stats| {
            stats.opened(row, open, words_read);
            ControlFlow::Continue(())
        });
    }
}

/// The whole search on the silent path.
fn whole_search(solver: &dyn Solver, problem: &Problem) {
    let _ = black_box(solver.solve(problem, &mut |_| ControlFlow::Continue(())));
}

/// The search on the silent path, stopped at the queen that makes `queens`.
fn stopped_search(solver: &dyn Solver, problem: &Problem, queens: u64) {
    let mut watch = Watch::new(Instrument::Off).with_budget(Some(queens.max(1)));
    let _ =
        black_box(solver.solve_watched(problem, &mut watch, &mut |_| ControlFlow::Continue(())));
}

/// The median time of one `search`, in seconds, over [`RUNS`] runs, each
/// repeating it until it lasts [`LEAST_RUN`].
fn timed(mut search: impl FnMut()) -> f64 {
    let mut runs: Vec<f64> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            let mut searches = 0u32;
            while searches == 0 || started.elapsed() < LEAST_RUN {
                search();
                searches += 1;
            }
            started.elapsed().as_secs_f64() / f64::from(searches)
        })
        .collect();
    runs.sort_by(f64::total_cmp);
    runs[RUNS / 2]
}

/// Keeps the first `keep` steps of a lane that was cut at its budget, and
/// the time they take at its pace.
fn cut(lane: &mut Lane, n: usize, keep: u64) {
    if keep >= lane.steps {
        return;
    }
    let mut encoder = Encoder::new(n);
    let mut end = Counters::default();
    for step in lane.replay(n).take(keep as usize) {
        end = Counters {
            stats: step.stats,
            solutions: step.solutions,
        };
        encoder.push(&step.event, end);
    }
    lane.seconds *= keep as f64 / lane.steps as f64;
    lane.code = encoder.finish();
    lane.cells.truncate(keep as usize);
    lane.steps = keep;
    lane.end = end;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::Step;
    use crate::race::compact::Replay;
    use queens_core::format::thousands;

    /// Every step of `solver`'s trace of `problem` as the model's tracer
    /// tells it, with the counters after it.
    fn steps(solver: &dyn Solver, problem: &Problem) -> Vec<Step> {
        let counted = Cell::new(Stats::default());
        let mut steps: Vec<Step> = Vec::new();
        let mut solutions = 0;
        let mut tracer = Tracer::new(solver.info().levels, |event: &Event, _: &[Square]| {
            solutions += u64::from(matches!(event, Event::Solution { .. }));
            steps.push(Step {
                event: event.clone(),
                stats: counted.get(),
                solutions,
            });
            ControlFlow::Continue(())
        });
        let mut observers = (Counting(&counted), &mut tracer);
        solver
            .solve_observed(problem, &mut observers, &mut |_| ControlFlow::Continue(()))
            .unwrap();
        drop(tracer);
        steps
    }

    /// The statistics and solutions of a counted run.
    fn counted(solver: &dyn Solver, problem: &Problem) -> Counters {
        let mut solutions = 0;
        let stats = solver
            .solve_counted(problem, &mut |_| {
                solutions += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
        Counters { stats, solutions }
    }

    #[test]
    fn every_solvers_trace_comes_back_from_its_code_step_for_step() {
        let problems = [
            Problem::new(5),
            Problem::with_queens(6, [Square::new(1, 3)]).unwrap(),
        ];
        for &solver in queens_solvers::FINDS_ALL.iter() {
            for problem in &problems {
                let traced = trace(solver, problem, u64::MAX, &AtomicBool::new(false)).unwrap();
                assert!(traced.whole);
                let expected = steps(solver, problem);
                let decoded: Vec<Step> =
                    Replay::new(&traced.code, problem.n(), solver.info().levels.noun()).collect();
                let name = solver.info().name;
                assert_eq!(decoded.len(), expected.len(), "{name} on {problem}");
                assert!(decoded == expected, "{name} on {problem}");
                assert_eq!(traced.end, counted(solver, problem), "{name} on {problem}");
                let cells: Vec<u64> = expected.iter().map(|step| step.stats.cells_read).collect();
                assert_eq!(traced.cells, cells, "{name} on {problem}");
            }
        }
    }

    #[test]
    fn a_lane_past_its_budget_is_cut_to_what_the_race_needs() {
        let problem = Problem::new(6);
        let race = Race::run(
            &queens_solvers::FINDS_ALL,
            &problem,
            &AtomicBool::new(false),
        )
        .unwrap();
        let names: Vec<&str> = race.lanes.iter().map(|lane| lane.info.name).collect();
        assert_eq!(
            names,
            [
                "naive",
                "permutation",
                "matrix",
                "array",
                "lookup",
                "bitboard"
            ]
        );
        for lane in &race.lanes[1..] {
            let solver = queens_solvers::by_name(lane.info.name).unwrap();
            assert!(lane.whole, "{}", lane.info.name);
            assert_eq!(lane.end, counted(solver, &problem), "{}", lane.info.name);
            assert_eq!(lane.steps, lane.traced);
        }
        // The naive solver's steps (see the next test) stop at the
        // budget, and are kept as far as the furthest
        // finish line needs: the permutation solver's 5,873 steps,
        // matrix's 4,427 cells read (7,098 of naive's steps), or the
        // slowest time.
        let naive = &race.lanes[0];
        assert!(!naive.whole);
        assert_eq!(naive.traced, MOST_LANE_STEPS);
        assert!(naive.steps >= 7_098, "{}", naive.steps);
        assert!(naive.steps < MOST_LANE_STEPS);
        assert_eq!(naive.cells.len() as u64, naive.steps);
        assert_eq!(naive.end, naive.counters_at(6, naive.steps));
        assert_eq!(naive.replay(6).count() as u64, naive.steps);
        assert!(race.lanes.iter().all(|lane| lane.seconds > 0.0));
    }

    /// The race's page says how many steps the naive solver's search of
    /// n = 6 has, which is why its board is cut: the trace's own count.
    #[test]
    fn the_page_quotes_the_naive_solvers_steps_at_n_6() {
        let naive = queens_solvers::by_name("naive").unwrap();
        let problem = Problem::new(6);
        let steps = 6_974_354;
        assert!(crate::trace::more_steps_than(naive, &problem, steps - 1).unwrap());
        assert!(!crate::trace::more_steps_than(naive, &problem, steps).unwrap());
        let page =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/views/race.md");
        let page = std::fs::read_to_string(page).expect("docs/views/race.md exists");
        let page = page.split_whitespace().collect::<Vec<_>>().join(" ");
        let quoted = format!(
            "board has {} (`queens trace 6 --algo naive`",
            thousands(u128::from(steps))
        );
        assert!(
            page.contains(&quoted),
            "docs/views/race.md does not say {quoted:?}"
        );
    }

    /// The race's page says how compact a board's code is: the lookup
    /// solver's whole search of n = 8, characters against steps.
    #[test]
    fn the_page_quotes_the_length_of_a_boards_code() {
        let lookup = queens_solvers::by_name("lookup").unwrap();
        let race = Race::run(&[lookup], &Problem::new(8), &AtomicBool::new(false)).unwrap();
        let lane = &race.lanes[0];
        assert!(lane.whole);
        let characters = lane.code.chars().count() as u64;
        let per_step = characters as f64 / lane.steps as f64;
        assert_eq!(
            (per_step * 10.0).round(),
            25.0,
            "{per_step} characters a step"
        );
        let page =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/views/race.md");
        let page = std::fs::read_to_string(page).expect("docs/views/race.md exists");
        let page = page.split_whitespace().collect::<Vec<_>>().join(" ");
        let quoted = format!(
            "`queens race 8`: {} characters for the lookup solver's {} steps",
            thousands(u128::from(characters)),
            thousands(u128::from(lane.steps))
        );
        assert!(
            page.contains(&quoted),
            "docs/views/race.md does not say {quoted:?}"
        );
    }
}
