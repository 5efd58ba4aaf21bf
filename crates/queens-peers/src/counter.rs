//! `cargo xtask peers --counter`: the fast counter (`queens-bitboard`)
//! against the textbook C bitboard counter, the speed measurement of issues
//! 11 (P7) and 21 (P13).
//!
//! The peer is `bitboard_mirror.c`, compiled like the seeds' programs and
//! run as `bitboard_mirror 17 s` (any second argument turns its left-right
//! mirror on); it prints `n=17 count=95815104 nodes=0`. Each run times the
//! peer once, then each rung of `RUNGS` once, and the first rung again on
//! each of the processor's other kernels, so that the sides alternate;
//! the table shows the best time of each. The Rust counters run in this
//! process and are timed by the wall clock, on one thread or on every core.
//! Each run of each side is a cell judged for how busy other programs kept
//! the cores. Every count is checked against OEIS (A000170 and A002562),
//! and a Rust total of the peer's n against the peer's total too.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use queens_bitboard::{Step, Tally};
use queens_core::oeis;
use tabled::builder::Builder;

use crate::harness::{C_BUILT, Outcome, compile, met, run_peer};
use queens_lab::Error;
use queens_lab::others::Sampler;
use queens_lab::{progress, units};

/// The runs of each side when `--runs` is not given: one run of the peer
/// alone takes tens of seconds.
pub const RUNS: u32 = 1;

/// How the Rust side of the counter's duels is timed.
pub(crate) const RUST_TIMED: &str = "; Rust in this process, wall time";

/// The C program the counter is measured against.
const PEER: &str = "bitboard_mirror.c";

/// The board size the peer counts.
pub(crate) const PEER_N: usize = 17;

/// The peer's second argument: any turns its left-right mirror on.
const PEER_MIRROR: &str = "s";

/// What a rung must reach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Target {
    /// At most this share of the peer's time.
    ShareOfPeer(f64),
    /// Under this many seconds of wall time.
    Seconds(f64),
}

/// The threads a rung counts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Threads {
    One,
    EveryCore,
}

impl Threads {
    /// The number of threads.
    pub(crate) fn count(self) -> usize {
        match self {
            Threads::One => 1,
            Threads::EveryCore => std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

/// One measurement of the Rust side: a step of the counters' ladder, its
/// threads (only [`Step::Threads`] takes more than one), the board size and
/// the target.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rung {
    pub(crate) step: Step,
    pub(crate) threads: Threads,
    pub(crate) n: usize,
    pub(crate) target: Target,
}

/// The targets of issue 21: total and unique together on one thread (the
/// fastest kernel's), then every core, at the peer's n; and n = 18 and 19
/// on every core against the clock; and issue 30's Q(20) on every core in
/// under five minutes.
pub(crate) const RUNGS: [Rung; 5] = [
    Rung {
        step: Step::Threads,
        threads: Threads::One,
        n: PEER_N,
        target: Target::ShareOfPeer(0.16),
    },
    Rung {
        step: Step::Threads,
        threads: Threads::EveryCore,
        n: PEER_N,
        target: Target::ShareOfPeer(0.085),
    },
    Rung {
        step: Step::Threads,
        threads: Threads::EveryCore,
        n: 18,
        target: Target::Seconds(14.0),
    },
    Rung {
        step: Step::Threads,
        threads: Threads::EveryCore,
        n: 19,
        target: Target::Seconds(120.0),
    },
    Rung {
        step: Step::Threads,
        threads: Threads::EveryCore,
        n: 20,
        target: Target::Seconds(300.0),
    },
];

/// The rungs measured: [`RUNGS`], then, with the first's target, each
/// step of the ladder's lanes this processor runs, on one thread, so that
/// the table shows what each kernel gives on this host, and what looking
/// ahead in the last rows adds to the fastest.
fn rungs() -> Vec<Rung> {
    let lanes = Step::ALL
        .into_iter()
        .filter(|&step| step.kernel().is_some() && step != Step::Threads && step.lacks().is_none());
    let on = lanes.map(|step| Rung { step, ..RUNGS[0] });
    RUNGS.into_iter().chain(on).collect()
}

/// OEIS's counts of the `n`×`n` board: A000170 (every solution) and
/// A002562 (fundamental solutions).
pub(crate) fn known(n: usize) -> Option<Tally> {
    Some(Tally {
        total: oeis::solution_count(n)?,
        unique: oeis::fundamental_count(n),
    })
}

/// One line of the table: a side, what it counted and its best time.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub(crate) side: String,
    pub(crate) n: usize,
    pub(crate) tally: Tally,
    pub(crate) best: f64,
    /// None for the peer, which sets the ratios.
    pub(crate) target: Option<Target>,
}

/// Runs `cargo xtask peers --counter`: the C peer from `folder`, built into
/// `build`, and the rungs, `runs` times each.
pub(crate) fn run(folder: &Path, build: &Path, runs: u32) -> Result<Outcome, Error> {
    let binary = compile(&folder.join(PEER), build)?;
    let mut sampler = Sampler::begin();
    let mut peer = peer_row();
    let rungs = rungs();
    let mut rows: Vec<Row> = rungs.iter().map(rung_row).collect();
    let bar = progress::bar(u64::from(runs) * (1 + rungs.len() as u64));
    for _ in 0..runs {
        bar.set_message(format!("C {PEER} n = {PEER_N}"));
        let (seconds, total) = sampler.cell(PEER_N, &peer.side, || {
            run_peer(&binary, &peer_args(), parse_total)
        })?;
        record(&mut peer, seconds, total_only(total));
        bar.inc(1);
        for (rung, row) in rungs.iter().zip(&mut rows) {
            bar.set_message(format!("Rust {} n = {}", rung.step.name(), rung.n));
            let (seconds, tally) = sampler.cell(rung.n, &row.side, || time_rung(rung))?;
            record(row, seconds, tally);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    rows.insert(0, peer);
    Ok(Outcome::new(
        runs,
        C_BUILT,
        RUST_TIMED,
        sampler.end(),
        table(&rows, runs),
        1..7,
    ))
}

/// The peer's arguments: the board size and the mirror.
fn peer_args() -> [String; 2] {
    [PEER_N.to_string(), PEER_MIRROR.to_owned()]
}

/// The peer's row, before its first run; its side is its command line.
pub(crate) fn peer_row() -> Row {
    Row {
        side: format!(
            "C {} {}",
            PEER.trim_end_matches(".c"),
            peer_args().join(" ")
        ),
        n: PEER_N,
        tally: total_only(0),
        best: f64::INFINITY,
        target: None,
    }
}

/// A rung's row, before its first run.
pub(crate) fn rung_row(rung: &Rung) -> Row {
    let threads = rung.threads.count();
    let plural = if threads == 1 { "" } else { "s" };
    Row {
        side: format!("Rust {}, {threads} thread{plural}", rung.step.name()),
        n: rung.n,
        tally: total_only(0),
        best: f64::INFINITY,
        target: Some(rung.target),
    }
}

/// A count of every solution alone, as the peer gives it.
pub(crate) fn total_only(total: u64) -> Tally {
    Tally {
        total,
        unique: None,
    }
}

/// Keeps the best time of `row` and the latest count.
pub(crate) fn record(row: &mut Row, seconds: f64, tally: Tally) {
    row.best = row.best.min(seconds);
    row.tally = tally;
}

/// Counts a rung once: the wall time and the count.
pub(crate) fn time_rung(rung: &Rung) -> Result<(f64, Tally), Error> {
    let start = Instant::now();
    let tally = black_box(rung.step.count(rung.n, rung.threads.count()))
        .map_err(|error| Error::Failed(error.to_string()))?;
    Ok((start.elapsed().as_secs_f64(), tally))
}

/// The total in the peer's line, `n=17 count=95815104 nodes=0`.
fn parse_total(text: &str) -> Option<u64> {
    text.split_whitespace()
        .find_map(|field| field.strip_prefix("count="))
        .and_then(|count| count.parse().ok())
}

/// What is wrong with a row's counts, if anything: against OEIS, and for a
/// total of the peer's n, against the peer's `peer_total`.
pub(crate) fn wrong_count(row: &Row, peer_total: u64) -> Option<String> {
    let Some(oeis) = known(row.n) else {
        return Some(format!("no OEIS count at n = {}", row.n));
    };
    if row.tally.total != oeis.total {
        return Some(format!(
            "{} solutions, OEIS says {}",
            units::count(row.tally.total),
            units::count(oeis.total)
        ));
    }
    if let (Some(unique), Some(expected)) = (row.tally.unique, oeis.unique)
        && unique != expected
    {
        return Some(format!(
            "{} fundamental, OEIS says {}",
            units::count(unique),
            units::count(expected)
        ));
    }
    if row.tally.total != peer_total {
        return Some(format!("the peer counted {}", units::count(peer_total)));
    }
    None
}

/// The verdict cells of a row against the peer's: the ratio Rust / C (when
/// both counted the same n), the target and whether it is met.
pub(crate) fn verdict(row: &Row, peer: &Row) -> [String; 3] {
    let same_n = row.n == peer.n;
    let ratio = same_n.then(|| row.best / peer.best);
    // Three decimals: the targets are 0.16 and 0.085.
    let ratio_text = ratio.map_or_else(|| "—".to_owned(), |ratio| format!("{ratio:.3}"));
    let (target, reached) = match row.target {
        None => ("—".to_owned(), "—"),
        Some(Target::ShareOfPeer(share)) => (
            format!("≤ {share}"),
            ratio.map_or("no", |ratio| met(ratio, share)),
        ),
        Some(Target::Seconds(seconds)) => (
            format!("< {}", units::seconds(seconds)),
            if row.best < seconds { "yes" } else { "no" },
        ),
    };
    let peer_total = if same_n {
        peer.tally.total
    } else {
        row.tally.total
    };
    let reached = match wrong_count(row, peer_total) {
        Some(problem) => format!("no: {problem}"),
        None => reached.to_owned(),
    };
    [ratio_text, target, reached]
}

/// The table: the peer first, then the rungs.
fn table(rows: &[Row], runs: u32) -> Builder {
    table_of_groups(&[rows], runs, "Rust / C")
}

/// A table of groups of rows, each its peer first, then the rungs measured
/// against it; `ratio` names the column of their ratios.
pub(crate) fn table_of_groups(groups: &[&[Row]], runs: u32, ratio: &str) -> Builder {
    let mut builder = Builder::default();
    builder.push_record([
        "side".to_owned(),
        "n".to_owned(),
        "solutions".to_owned(),
        "fundamental".to_owned(),
        format!("best of {runs}"),
        ratio.to_owned(),
        "target".to_owned(),
        "met".to_owned(),
    ]);
    for rows in groups {
        push_group(&mut builder, rows);
    }
    builder
}

/// The rows of one group, its peer first.
fn push_group(builder: &mut Builder, rows: &[Row]) {
    let Some(peer) = rows.first() else {
        return;
    };
    for row in rows {
        let [ratio, target, reached] = verdict(row, peer);
        builder.push_record([
            row.side.clone(),
            row.n.to_string(),
            units::count(row.tally.total),
            row.tally
                .unique
                .map_or_else(|| "—".to_owned(), units::count),
            units::seconds(row.best),
            ratio,
            target,
            reached,
        ]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_lab::others::Others;

    /// A row as a run leaves it.
    fn row(side: &str, n: usize, total: u64, unique: Option<u64>, best: f64) -> Row {
        let target = RUNGS
            .iter()
            .find(|rung| rung_row(rung).side == side && rung.n == n)
            .map(|rung| rung.target);
        Row {
            side: side.to_owned(),
            n,
            tally: Tally { total, unique },
            best,
            target,
        }
    }

    /// The peer at n = 17, as measured by hand on the workspace's machine.
    fn peer(total: u64) -> Row {
        row("C bitboard_mirror 17 s", 17, total, None, 23.0)
    }

    #[test]
    fn the_rungs_are_the_targets_of_issue_21() {
        let rungs: Vec<(Step, Threads, usize, Target)> = RUNGS
            .iter()
            .map(|rung| (rung.step, rung.threads, rung.n, rung.target))
            .collect();
        assert_eq!(
            rungs,
            [
                (Step::Threads, Threads::One, 17, Target::ShareOfPeer(0.16)),
                (
                    Step::Threads,
                    Threads::EveryCore,
                    17,
                    Target::ShareOfPeer(0.085)
                ),
                (Step::Threads, Threads::EveryCore, 18, Target::Seconds(14.0)),
                (
                    Step::Threads,
                    Threads::EveryCore,
                    19,
                    Target::Seconds(120.0)
                ),
                (
                    Step::Threads,
                    Threads::EveryCore,
                    20,
                    Target::Seconds(300.0)
                ),
            ]
        );
        assert_eq!(peer_args(), ["17", "s"]);
        assert_eq!(peer_row().side, "C bitboard_mirror 17 s");
        assert_eq!(rung_row(&RUNGS[0]).side, "Rust + threads, 1 thread");
        let portable = Rung {
            step: Step::Lanes,
            ..RUNGS[0]
        };
        assert_eq!(rung_row(&portable).side, "Rust + lanes, 1 thread");
        let steps: Vec<Step> = super::rungs()[RUNGS.len()..]
            .iter()
            .map(|rung| rung.step)
            .collect();
        assert_eq!(
            steps[0],
            Step::Lanes,
            "every processor has the portable lanes"
        );
        assert_eq!(steps.last(), Some(&Step::LastRows));
    }

    #[test]
    fn the_known_counts_are_oeis() {
        let tally = |total, unique| Some(Tally { total, unique });
        assert_eq!(known(17), tally(95_815_104, Some(11_977_939)));
        assert_eq!(known(19), tally(4_968_057_848, Some(621_012_754)));
        assert_eq!(known(28), None);
    }

    #[test]
    fn the_peer_line_gives_its_total() {
        assert_eq!(
            parse_total("n=17 count=95815104 nodes=0\n"),
            Some(95_815_104)
        );
        assert_eq!(parse_total("n=17 nodes=0"), None);
        assert_eq!(parse_total("n=17 count=many nodes=0"), None);
        assert_eq!(parse_total(""), None);
    }

    #[test]
    fn the_verdicts_read_ratios_targets_and_counts() {
        let c = peer(95_815_104);
        let verdict_of = |row: &Row| verdict(row, &c);
        assert_eq!(verdict_of(&c), ["1.000", "—", "—"]);
        let symmetry = row(
            "Rust + threads, 1 thread",
            17,
            95_815_104,
            Some(11_977_939),
            3.45,
        );
        assert_eq!(verdict_of(&symmetry), ["0.150", "≤ 0.16", "yes"]);
        let threads = row(
            "Rust + threads, 2 threads",
            17,
            95_815_104,
            Some(11_977_939),
            1.9,
        );
        assert_eq!(verdict_of(&threads), ["0.083", "≤ 0.085", "yes"]);
        let eighteen = row(
            "Rust + threads, 2 threads",
            18,
            666_090_624,
            Some(83_263_591),
            12.3,
        );
        assert_eq!(verdict_of(&eighteen), ["—", "< 14.0 s", "yes"]);
        let slow = Row {
            best: 14.5,
            ..eighteen
        };
        assert_eq!(verdict_of(&slow), ["—", "< 14.0 s", "no"]);
        let slow = Row {
            best: 2.0,
            ..threads
        };
        assert_eq!(verdict_of(&slow), ["0.087", "≤ 0.085", "no"]);
    }

    #[test]
    fn a_wrong_count_fails_whatever_the_time() {
        let c = peer(95_815_104);
        let wrong_unique = row(
            "Rust + threads, 1 thread",
            17,
            95_815_104,
            Some(11_977_938),
            5.2,
        );
        assert_eq!(
            verdict(&wrong_unique, &c)[2],
            "no: 11,977,938 fundamental, OEIS says 11,977,939"
        );
        let wrong_c = peer(95_815_105);
        assert_eq!(
            verdict(&wrong_c, &wrong_c)[2],
            "no: 95,815,105 solutions, OEIS says 95,815,104"
        );
        let symmetry = row(
            "Rust + threads, 1 thread",
            17,
            95_815_104,
            Some(11_977_939),
            5.2,
        );
        assert_eq!(
            verdict(&symmetry, &wrong_c)[2],
            "no: the peer counted 95,815,105"
        );
        let unknown = row("Rust + threads, 2 threads", 28, 1, Some(1), 1.0);
        assert_eq!(verdict(&unknown, &c)[2], "no: no OEIS count at n = 28");
    }

    #[test]
    fn the_table_puts_the_peer_first() {
        let rows = [
            peer(95_815_104),
            row(
                "Rust + threads, 1 thread",
                17,
                95_815_104,
                Some(11_977_939),
                3.45,
            ),
        ];
        let outcome = Outcome::new(1, C_BUILT, "", Others::default(), table(&rows, 1), 1..7);
        let text = outcome.terminal();
        // Below the machine's line, how the sides were timed and a blank line.
        let lines: Vec<&str> = text.lines().skip(3).collect();
        assert_eq!(
            lines[1],
            "│ side                     │  n │  solutions │ fundamental │ best of 1 │ Rust / C │ target │ met │"
        );
        assert_eq!(
            lines[3],
            "│ C bitboard_mirror 17 s   │ 17 │ 95,815,104 │           — │    23.0 s │    1.000 │      — │ —   │"
        );
        assert_eq!(
            lines[4],
            "│ Rust + threads, 1 thread │ 17 │ 95,815,104 │  11,977,939 │    3.45 s │    0.150 │ ≤ 0.16 │ yes │"
        );
        assert_eq!(
            text.lines().nth(1),
            Some(
                "One run of each side; C built with gcc -O3 -march=native and timed as a whole \
                 process."
            )
        );
        // The page's table: the same rows, in Markdown, below the same
        // lines as paragraphs.
        let page = outcome.markdown();
        let lines: Vec<&str> = page.lines().collect();
        assert_eq!(lines[1], "");
        assert_eq!(
            lines[4],
            "| side                     |  n |  solutions | fundamental | best of 1 | Rust / C | target | met |"
        );
        assert_eq!(
            lines[7],
            "| Rust + threads, 1 thread | 17 | 95,815,104 |  11,977,939 |    3.45 s |    0.150 | ≤ 0.16 | yes |"
        );
    }

    /// The peer itself, when `../shared/peers` and gcc are there: built as
    /// the task builds it, it counts ten queens with its mirror.
    #[test]
    fn the_peer_counts_ten_queens() {
        let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/peers")
            .join(PEER);
        if !source.is_file() {
            eprintln!("skipped: no {}", source.display());
            return;
        }
        let build = tempfile::tempdir().unwrap();
        let Ok(binary) = compile(&source, build.path()) else {
            eprintln!("skipped: gcc cannot build {}", source.display());
            return;
        };
        let args = ["10".to_owned(), PEER_MIRROR.to_owned()];
        let (_, total) = run_peer(&binary, &args, parse_total).unwrap();
        assert_eq!(total, 724);
    }
}
