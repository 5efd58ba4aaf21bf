//! The one data model of a comparison. `--format json` prints it as it is;
//! the tables, the CSV, the plot and `docs/comparison.md` are all drawn from
//! it, so they can never disagree.
//!
//! The derived figures (time per queen placed, the speed-ups against the
//! baseline, the verdicts) are worked out once, when the report is
//! assembled ([`super::assemble`]); the words of a verdict are here.

use queens_bitboard::Step;
use queens_core::{Mode, Query, ReadUnit, Solver};
use serde::Serialize;

use crate::compare::instructions::Instructions;
use crate::machine::Machine;
use crate::others::Others;
use crate::units;

/// What each cell of a comparison asks the solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum CompareMode {
    /// Count every solution.
    Count,
    /// Find the first solution in the solver's order.
    First,
    /// Count the fundamental solutions (one per class under the eight
    /// symmetries of the square).
    Unique,
}

impl CompareMode {
    /// The query of `queens_core::modes` this mode asks.
    pub fn query(self) -> Query {
        match self {
            CompareMode::Count => Query {
                mode: Mode::Count,
                unique: false,
            },
            CompareMode::First => Query {
                mode: Mode::First,
                unique: false,
            },
            CompareMode::Unique => Query {
                mode: Mode::Count,
                unique: true,
            },
        }
    }

    /// The name `--mode` takes and the headings use.
    pub fn name(self) -> &'static str {
        match self {
            CompareMode::Count => "count",
            CompareMode::First => "first",
            CompareMode::Unique => "unique",
        }
    }

    /// What the mode asks, in words, for headings.
    pub fn question(self) -> &'static str {
        match self {
            CompareMode::Count => "count every solution",
            CompareMode::First => "find the first solution",
            CompareMode::Unique => "count the fundamental solutions",
        }
    }

    /// Whether the search visits the whole tree, so that a solver's declared
    /// workload is the work it will really do (not so when it stops at the
    /// first solution).
    pub fn searches_everything(self) -> bool {
        self != CompareMode::First
    }
}

/// A whole comparison.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Where it ran.
    pub machine: Machine,
    /// How busy other programs kept the cores, over the run and in each
    /// cell.
    pub others: Others,
    /// Timed runs per cell; the table shows their median.
    pub runs: u32,
    /// The most one search may take, in seconds.
    pub time_limit_seconds: f64,
    /// The solvers compared, in registry order.
    pub solvers: Vec<SolverSummary>,
    /// The short name of the solver every speed-up is against: the
    /// registry's [`baseline`](queens_solvers::baseline) when it is
    /// compared, else the first solver.
    pub baseline: Option<String>,
    /// The board sizes asked for, smallest first.
    pub sizes: Vec<usize>,
    /// One table per mode.
    pub tables: Vec<ModeTable>,
    /// The bitboard counters counting every solution, one step per
    /// technique; `None` when they were not measured.
    pub ladder: Option<Ladder>,
}

impl Report {
    /// Where the baseline stands among [`Report::solvers`].
    pub fn baseline_index(&self) -> Option<usize> {
        let name = self.baseline.as_deref()?;
        self.solvers.iter().position(|solver| solver.name == name)
    }

    /// The baseline's summary.
    pub fn baseline_solver(&self) -> Option<&SolverSummary> {
        self.solvers.get(self.baseline_index()?)
    }

    /// The one unit every solver compared reads in, which a table's column
    /// of reads is then named by (`cells read`); `None` when they read in
    /// different units, and each figure says its own (`447 words`).
    pub fn read_unit(&self) -> Option<ReadUnit> {
        let mut units = self.solvers.iter().map(|solver| solver.read_unit);
        let first = units.next()?;
        units.all(|unit| unit == first).then_some(first)
    }

    /// Which solvers read words and why a word is not a cell, as one
    /// sentence (with a space before it) for the lines above the figures;
    /// nothing when every solver reads cells.
    pub fn words_sentence(&self) -> String {
        let wordy: Vec<&str> = self
            .solvers
            .iter()
            .filter(|solver| solver.read_unit == ReadUnit::Words)
            .map(|solver| solver.name.as_str())
            .collect();
        ReadUnit::words_sentence(&wordy).map_or_else(String::new, |sentence| format!(" {sentence}"))
    }
}

/// Where the baseline stands among `solvers`: the registry's
/// [`baseline`](queens_solvers::baseline) if it is there, else the first,
/// so that any choice of `--algo` has one. Of the seeds' solvers it is the
/// fastest, so it finishes the largest boards and gives the most cells a
/// baseline; and the bitboards pack its arrays into words, so the
/// counters' ladder reads as what each technique buys over it. One
/// baseline for every board size keeps a speed-up meaning the same thing
/// along a row.
pub fn baseline_of(solvers: &[SolverSummary]) -> Option<usize> {
    let baseline = queens_solvers::baseline().info().name;
    solvers
        .iter()
        .position(|solver| solver.name == baseline)
        .or((!solvers.is_empty()).then_some(0))
}

/// What the report says about a solver.
#[derive(Clone, Debug, Serialize)]
pub struct SolverSummary {
    /// The short name, as `--algo` takes it.
    pub name: String,
    /// The title used in verdicts.
    pub title: String,
    /// The seed documents it comes from.
    pub seeds: String,
    /// What its checks read: the unit of its figures' `reads`.
    pub read_unit: ReadUnit,
}

impl SolverSummary {
    /// The summary of `solver`.
    pub fn of(solver: &dyn Solver) -> Self {
        let info = solver.info();
        SolverSummary {
            name: info.name.to_owned(),
            title: info.title.to_owned(),
            seeds: info.seeds.to_owned(),
            read_unit: solver.reads(),
        }
    }
}

/// How a line comparing reads in `subject`'s unit with reads in `base`'s
/// names them: `cells read` (or `words read`) when both are one unit, plain
/// `reads` when they are not, since a word is not a cell
/// ([`Report::words_sentence`] says why).
pub fn reads_noun(subject: ReadUnit, base: ReadUnit) -> &'static str {
    if subject == base {
        subject.noun()
    } else {
        "reads"
    }
}

/// The results of one mode.
#[derive(Clone, Debug, Serialize)]
pub struct ModeTable {
    /// The mode.
    pub mode: CompareMode,
    /// One row per board size, smallest first.
    pub rows: Vec<SizeRow>,
}

/// Every solver on one board size.
#[derive(Clone, Debug, Serialize)]
pub struct SizeRow {
    /// The board size.
    pub n: usize,
    /// One cell per solver, in registry order.
    pub cells: Vec<Cell>,
    /// The comparison in one sentence.
    pub verdict: String,
}

/// One solver on one board size.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    /// The solver's short name.
    pub algorithm: String,
    /// What came of it.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// What came of a cell: `F` is what a finished one holds ([`Finished`] for
/// a solver, [`Counted`] for a step of the ladder).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Outcome<F = Finished> {
    /// It ran.
    Finished(F),
    /// It did not run, or ran once and was not repeated.
    Skipped {
        /// Why, in general terms.
        cause: SkipCause,
        /// Why, in one sentence for the table.
        reason: String,
    },
}

impl<F> Outcome<F> {
    /// What the finished cell holds; `None` for a skipped one.
    pub fn finished(&self) -> Option<&F> {
        match self {
            Outcome::Finished(finished) => Some(finished),
            Outcome::Skipped { .. } => None,
        }
    }
}

/// Why a cell was skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipCause {
    /// The solver refused the problem: the board is larger than it accepts.
    Refused,
    /// The step of the ladder needs vector instructions this processor
    /// lacks (`not-on-this-processor` in the JSON).
    NotOnThisProcessor,
    /// The search was predicted to take longer than the time limit.
    Predicted,
    /// The first run took longer than the time limit, so it was not repeated
    /// (`past-time-limit` in the JSON: a budget is of queens, never of time).
    PastTimeLimit,
    /// A search whose time cannot be predicted from smaller boards (a
    /// backtracking search for the first solution) was stopped when it
    /// reached the time limit (`stopped-at-time-limit` in the JSON).
    StoppedAtTimeLimit,
}

/// The figures of a cell that depend only on the solver and the board: the
/// answer and the statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Figures {
    /// Solutions found: all of them, the fundamental ones, or 0 or 1 for
    /// `first`.
    pub solutions: u64,
    /// Queens put on the board (search nodes).
    pub queens_placed: u64,
    /// Safety checks of candidate squares or complete placements.
    pub safety_checks: u64,
    /// What those checks read, in `read_unit`: board cells or array
    /// entries, or the bitboard's machine words. Never named `cells_read`,
    /// since for the bitboard it counts words.
    pub reads: u64,
    /// The unit of `reads`: `cells` or `words`.
    pub read_unit: ReadUnit,
}

/// The measurements of a cell that ran.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finished {
    /// The answer and the statistics, from the counted run.
    #[serde(flatten)]
    pub figures: Figures,
    /// The median time of one search over the timed runs, in seconds.
    pub median_seconds: f64,
    /// The time of one search in each timed run, in seconds. A run repeats a
    /// fast search until it lasts long enough to time, and divides.
    pub run_seconds: Vec<f64>,
    /// The median time divided by the queens placed, when any were.
    pub seconds_per_queen: Option<f64>,
    /// How many times as fast as the baseline on this board; `None` when
    /// the baseline did not finish it.
    pub speedup: Option<f64>,
}

/// The bitboard counters of `queens_bitboard`, each step adding one
/// technique to the one before. They count without the `Search` trait's
/// observer, so they have no statistics: only answers and times.
#[derive(Clone, Debug, Serialize)]
pub struct Ladder {
    /// The steps, bottom first.
    pub steps: Vec<StepSummary>,
    /// One row per board size, smallest first.
    pub rows: Vec<LadderRow>,
    /// The instructions of each step at a small board, when asked for.
    pub instructions: Option<Instructions>,
}

/// What the report says about a step of the ladder.
#[derive(Clone, Debug, Serialize)]
pub struct StepSummary {
    /// The name in tables: `bitboard`, then `+ mirror` and so on.
    pub name: String,
    /// What it adds to the step before it.
    pub adds: String,
}

impl StepSummary {
    /// The summary of `step`.
    pub fn of(step: Step) -> Self {
        StepSummary {
            name: step.name().to_owned(),
            adds: step.adds().to_owned(),
        }
    }
}

/// Every step of the ladder on one board size.
#[derive(Clone, Debug, Serialize)]
pub struct LadderRow {
    /// The board size.
    pub n: usize,
    /// One cell per step, bottom first.
    pub cells: Vec<LadderCell>,
}

/// One step on one board size.
#[derive(Clone, Debug, Serialize)]
pub struct LadderCell {
    /// The step's name.
    pub step: String,
    /// What came of it.
    #[serde(flatten)]
    pub outcome: Outcome<Counted>,
}

/// The answer of a step of the ladder, which depends only on the step and
/// the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CounterFigures {
    /// Every solution.
    pub solutions: u64,
    /// The fundamental solutions, for the steps that count them.
    pub fundamental: Option<u64>,
}

/// The measurements of a step that ran.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counted {
    /// The answer.
    #[serde(flatten)]
    pub figures: CounterFigures,
    /// The median time of one count over the timed runs, in seconds.
    pub median_seconds: f64,
    /// The time of one count in each timed run, in seconds.
    pub run_seconds: Vec<f64>,
    /// How many times as fast as the baseline solver on this board; `None`
    /// when the baseline did not finish it.
    pub speedup: Option<f64>,
    /// How many times as fast as the step before it (the first step: as
    /// the baseline): what this step's technique buys. `None` when that
    /// one did not finish.
    pub gain: Option<f64>,
}

/// How many times as fast as `reference` a search of `seconds` is.
pub(crate) fn speedup(reference: Option<f64>, seconds: f64) -> Option<f64> {
    reference
        .filter(|_| seconds > 0.0)
        .map(|reference| reference / seconds)
}

/// The comparison of a row in one sentence: the fastest finisher other than
/// the baseline against the baseline, in the statistic that tells them
/// apart. The partner is always the baseline, so the sentence does not
/// change its subject when two slow solvers swap places on noise. Solvers
/// that disagree on the answer are not compared at all: one of them is
/// wrong, and that is the news.
pub(crate) fn verdict(
    solvers: &[SolverSummary],
    cells: &[Cell],
    baseline: Option<usize>,
) -> String {
    let finished: Vec<(usize, &Finished)> = cells
        .iter()
        .enumerate()
        .filter_map(|(index, cell)| Some((index, cell.outcome.finished()?)))
        .collect();
    let Some(&(first, _)) = finished.first() else {
        return "no solver finished.".to_owned();
    };
    if finished.len() == 1 {
        return format!(
            "only {} finished; nothing to compare.",
            solvers[first].title
        );
    }
    if let Some(disagreement) = disagreement(solvers, &finished) {
        return disagreement;
    }
    let base = baseline.and_then(|index| finished.iter().find(|(at, _)| *at == index));
    let Some(&(base_index, base)) = base else {
        let title = baseline.map_or("the baseline", |index| solvers[index].title.as_str());
        return format!("{title} did not finish, so nothing is compared with it.");
    };
    let fastest = finished
        .iter()
        .filter(|(index, _)| *index != base_index)
        .min_by(|a, b| a.1.median_seconds.total_cmp(&b.1.median_seconds));
    let Some(&(index, result)) = fastest else {
        return format!(
            "only {} finished; nothing to compare.",
            solvers[base_index].title
        );
    };
    format!(
        "{} {}.",
        solvers[index].title,
        against((result, base), &solvers[base_index].title)
    )
}

/// The sentence that says which finishers disagree on the answer, if any do.
fn disagreement(solvers: &[SolverSummary], finished: &[(usize, &Finished)]) -> Option<String> {
    let answer = finished.first()?.1.figures.solutions;
    if finished
        .iter()
        .all(|(_, result)| result.figures.solutions == answer)
    {
        return None;
    }
    let answers: Vec<String> = finished
        .iter()
        .map(|(index, result)| {
            format!(
                "{} {}",
                solvers[*index].name,
                units::count(result.figures.solutions)
            )
        })
        .collect();
    Some(format!(
        "the solvers disagree on the answer ({}); no comparison until they agree.",
        answers.join(", ")
    ))
}

/// How `subject` fares against `base` on the same board, in words: `ran
/// 3.0× faster than <base>: <the statistic that explains it>`.
pub fn against((subject, base): (&Finished, &Finished), base_title: &str) -> String {
    let speedup = speedup(Some(base.median_seconds), subject.median_seconds).unwrap_or(1.0);
    format!(
        "ran {} than {base_title}: {}",
        pace(speedup),
        why(&subject.figures, &base.figures, speedup)
    )
}

/// A speed-up in words: `3.0× faster` or `2.5× slower`.
pub fn pace(speedup: f64) -> String {
    if speedup >= 1.0 {
        format!("{} faster", units::ratio(speedup))
    } else {
        format!("{} slower", units::ratio(1.0 / speedup))
    }
}

/// The statistic that explains why `subject` runs `speedup` times as fast
/// as `base`: the first, in the order a search spends its work, in which
/// they differ. Queens placed is the size of the tree; safety checks, the
/// candidates tried in it (with the reads when those differ too: the
/// bitboard checks a whole row per check, in three words); reads per check,
/// what a check costs in memory. When all three agree the gap can only be in what each step costs
/// the machine, the time per queen placed. The statistics do not depend on
/// the timings, so neither does the choice of statistic; but a statistic
/// explains the gap only when it points the same way (more work, slower).
/// Where it points the other way (fewer cells read, yet slower, as on the
/// smallest boards) the line says so: there the fixed costs of a search
/// outweigh the work the statistics count. The reads are named as
/// [`reads_noun`] names them; reads in two units say which they are
/// (`8.0× fewer reads (words against cells)`).
pub fn why(subject: &Figures, base: &Figures, speedup: f64) -> String {
    let reads = reads_noun(subject.read_unit, base.read_unit);
    let units = units_compared(subject.read_unit, base.read_unit);
    let per_check = format!("{reads} per check{units}");
    let differing = [
        (
            "",
            subject.queens_placed,
            base.queens_placed,
            "queens placed",
        ),
        (
            "same queens; ",
            subject.safety_checks,
            base.safety_checks,
            "safety checks",
        ),
        (
            "same queens and checks; ",
            subject.reads,
            base.reads,
            per_check.as_str(),
        ),
    ]
    .into_iter()
    .find(|&(_, subject, base, _)| subject != base);
    if let Some((prefix, subject_work, base_work, what)) = differing {
        let mut statistic = more_or_fewer(subject_work, base_work, what);
        // A check of another kind (the bitboard's, of a whole row at once)
        // reads another number of cells, or words: say that too.
        if what == "safety checks" && subject.reads != base.reads {
            statistic.push_str(", ");
            statistic.push_str(&more_or_fewer(subject.reads, base.reads, reads));
            statistic.push_str(&units);
        }
        let more_work = subject_work > base_work;
        let slower = speedup < 1.0;
        return if more_work == slower || speedup == 1.0 {
            format!("{prefix}{statistic}")
        } else {
            format!(
                "{prefix}{statistic}, yet {}: on a board this small the fixed costs of a search \
                 outweigh the work counted",
                if slower { "slower" } else { "faster" }
            )
        };
    }
    let time = if speedup >= 1.0 {
        format!("{} less", units::ratio(speedup))
    } else {
        format!("{} more", units::ratio(1.0 / speedup))
    };
    format!("same queens, checks and {reads}; {time} time per queen")
}

/// What a ratio of reads in `subject`'s unit to reads in `base`'s divides,
/// when the units differ: ` (words against cells)`; nothing when they agree.
fn units_compared(subject: ReadUnit, base: ReadUnit) -> String {
    if subject == base {
        String::new()
    } else {
        format!(" ({} against {})", subject.unit(), base.unit())
    }
}

/// `9.1× more cells read` or `3.0× fewer queens placed`: `subject` against
/// `base`, for counts of `what`.
fn more_or_fewer(subject: u64, base: u64, what: &str) -> String {
    if subject == 0 || base == 0 {
        return format!(
            "{} {what} against {}",
            units::count(subject),
            units::count(base)
        );
    }
    let ratio = subject as f64 / base as f64;
    if ratio >= 1.0 {
        format!("{} more {what}", units::ratio(ratio))
    } else {
        format!("{} fewer {what}", units::ratio(1.0 / ratio))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(queens_placed: u64, safety_checks: u64, cells_read: u64) -> Figures {
        Figures {
            solutions: 92,
            queens_placed,
            safety_checks,
            reads: cells_read,
            read_unit: ReadUnit::Cells,
        }
    }

    /// The figures of a search whose checks read `words_read` words.
    fn in_words(queens_placed: u64, safety_checks: u64, words_read: u64) -> Figures {
        Figures {
            reads: words_read,
            read_unit: ReadUnit::Words,
            ..figures(queens_placed, safety_checks, 0)
        }
    }

    #[test]
    fn the_statistic_named_is_the_first_that_differs() {
        let base = figures(100, 200, 600);
        assert_eq!(
            why(&figures(900, 200, 600), &base, 0.1),
            "9.0× more queens placed"
        );
        assert_eq!(
            why(&figures(25, 1, 1), &base, 4.0),
            "4.0× fewer queens placed"
        );
        assert_eq!(
            why(&figures(100, 400, 600), &base, 0.5),
            "same queens; 2.0× more safety checks"
        );
        // The bitboard against lookup at n = 8: a mask per row, three
        // words each, against three entries per column.
        assert_eq!(
            why(
                &in_words(2_056, 1_965, 5_895),
                &figures(2_056, 15_720, 47_160),
                2.8
            ),
            "same queens; 8.0× fewer safety checks, 8.0× fewer reads (words against cells)"
        );
        // Two units are never a ratio of cells read, per check either.
        assert_eq!(
            why(&in_words(100, 200, 600), &figures(100, 200, 2_400), 2.0),
            "same queens and checks; 4.0× fewer reads per check (words against cells)"
        );
        assert_eq!(
            why(&in_words(100, 200, 600), &in_words(100, 200, 1_200), 2.0),
            "same queens and checks; 2.0× fewer words read per check"
        );
        assert_eq!(
            why(&figures(100, 200, 2_400), &base, 0.5),
            "same queens and checks; 4.0× more cells read per check"
        );
        assert_eq!(
            why(&base, &base, 3.5),
            "same queens, checks and cells read; 3.5× less time per queen"
        );
        assert_eq!(
            why(&base, &base, 0.5),
            "same queens, checks and cells read; 2.0× more time per queen"
        );
        assert_eq!(
            why(&figures(0, 0, 0), &base, 1.0),
            "0 queens placed against 100"
        );
        assert_eq!(
            why(&figures(100, 200, 375), &base, 1.0 / 2.1),
            "same queens and checks; 1.6× fewer cells read per check, yet slower: on a board \
             this small the fixed costs of a search outweigh the work counted",
            "array against lookup at n = 4: the statistic points the other way"
        );
        assert_eq!(
            why(&figures(300, 200, 600), &base, 2.0),
            "3.0× more queens placed, yet faster: on a board this small the fixed costs of a \
             search outweigh the work counted"
        );
        assert_eq!(pace(3.0), "3.0× faster");
        assert_eq!(pace(0.25), "4.0× slower");
    }
}
