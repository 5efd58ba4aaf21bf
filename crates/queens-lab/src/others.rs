//! How busy other programs kept the cores while a measurement ran, cell by
//! cell, from the kernel's own CPU clocks.
//!
//! Other programs on the cores lengthen every time, and not evenly: a table
//! whose cells were measured at different moments can then show ratios that
//! a quiet machine would not. The 1-minute load average cannot tell which
//! cells: it lags by a minute and mixes the run's phases, and it counts the
//! run itself. So each cell is judged by the clocks of `/proc/stat` (the
//! ticks every core spent busy, and in all) and of `/proc/self/stat` (the
//! ticks this process spent, every thread included, and those of the
//! children it has waited for), read as the cell begins and as it ends: the
//! busy ticks that were not this process's, over all the ticks, times the
//! cores, are the cores other programs kept busy on average. A program the
//! run starts and times as a whole process (`cargo xtask peers`' C
//! programs) is the run's own, not another program: the kernel adds a
//! child's ticks to its parent's once the parent has waited for it, and a
//! cell waits for its children before it ends.
//!
//! The machine is quiet only while other programs keep fewer than half the
//! cores busy ([`busy`]), judged by the figure as it is printed, to a tenth
//! of a core ([`tenths`]), so that no sentence calls a run quiet beside a
//! figure of half the cores. A cell shorter than [`MIN_TICKS`] ticks of the
//! clock is too short to judge on its own (a tick or two either way would
//! swing its figure): it is counted, and the whole run's figure covers it.
//! Where the system has no such clocks (not Linux), nothing is judged.

use serde::Serialize;

/// The shortest interval judged on its own, in ticks of the clock (a
/// fifth of a second at the usual 100 ticks a second).
pub const MIN_TICKS: u64 = 20;

/// A reading of the CPU clocks, in ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Ticks of every core together, busy or not.
    total: u64,
    /// Ticks of every core together spent busy (not idle, not waiting for
    /// a disk).
    busy: u64,
    /// Ticks this process spent, in user and system mode, every thread,
    /// and those of the children it has waited for.
    own: u64,
    /// The cores the kernel counts.
    cores: usize,
}

impl Clocks {
    /// The clocks now; `None` where the system does not tell.
    pub fn read() -> Option<Self> {
        let machine = std::fs::read_to_string("/proc/stat").ok()?;
        let own = std::fs::read_to_string("/proc/self/stat").ok()?;
        Self::parse(&machine, &own)
    }

    /// The clocks in the text of `/proc/stat` and `/proc/self/stat`.
    fn parse(machine: &str, own: &str) -> Option<Self> {
        let (total, busy) = parse_machine(machine)?;
        let cores = machine
            .lines()
            .filter(|line| line.starts_with("cpu") && !line.starts_with("cpu "))
            .count();
        Some(Clocks {
            total,
            busy,
            own: parse_own(own)?,
            cores,
        })
    }

    /// The cores other programs kept busy on average since `start`; `None`
    /// when the interval is shorter than [`MIN_TICKS`].
    pub fn others_since(&self, start: &Clocks) -> Option<f64> {
        let total = self.total.checked_sub(start.total)?;
        if total < MIN_TICKS * self.cores as u64 {
            return None;
        }
        let busy = self.busy.saturating_sub(start.busy);
        let own = self.own.saturating_sub(start.own);
        Some(busy.saturating_sub(own) as f64 / total as f64 * self.cores as f64)
    }
}

/// Whether other programs keeping `others` cores busy, of `cores`, made
/// the machine busy: half the cores or more, as [`tenths`] prints the
/// figure. Judged by the printed figure, not the exact one, so that 0.97 of
/// 2 cores, printed `1.0`, is never called fewer than half of them.
pub fn busy(others: f64, cores: usize) -> bool {
    rounded(others) >= cores as f64 / 2.0
}

/// `others` to a tenth of a core, the precision every sentence gives.
fn rounded(others: f64) -> f64 {
    (others * 10.0).round() / 10.0
}

/// The cores other programs kept busy as every sentence prints them, to a
/// tenth of a core: `1.0`. The rounded value is what is formatted, so the
/// text is the figure [`busy`] judges (formatting 0.95 itself would print
/// `0.9`, its binary value lying just below).
pub fn tenths(others: f64) -> String {
    format!("{:.1}", rounded(others))
}

/// The whole ticks and the busy ticks of the first line of `/proc/stat`:
/// `cpu  user nice system idle iowait irq softirq steal guest guest_nice`.
/// Guest time is already counted in user time, so it is left out.
fn parse_machine(text: &str) -> Option<(u64, u64)> {
    let fields: Vec<u64> = text
        .lines()
        .next()?
        .strip_prefix("cpu ")?
        .split_whitespace()
        .take(8)
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let total: u64 = fields.iter().sum();
    let waiting = fields.get(3)? + fields.get(4).copied().unwrap_or(0);
    Some((total, total - waiting))
}

/// The user and system ticks of `/proc/self/stat` (its 14th and 15th
/// fields) and those of the children waited for (its 16th and 17th); the
/// name in parentheses (the 2nd) may hold spaces, so the fields are counted
/// after its closing parenthesis, the 3rd first.
fn parse_own(text: &str) -> Option<u64> {
    let (_, after_name) = text.rsplit_once(')')?;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    fields
        .get(11..15)?
        .iter()
        .map(|field| field.parse::<u64>().ok())
        .sum()
}

/// A cell measured while other programs kept half the cores or more busy.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BusyCell {
    /// Its board size.
    pub n: usize,
    /// What it measured: the mode and the solver, the counter's step, or
    /// the peers' duel or side.
    pub what: String,
    /// The cores other programs kept busy on average while it ran.
    pub others: f64,
}

/// How busy other programs kept the cores while a run measured.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Others {
    /// The cores the kernel counts; 0 where the system does not tell.
    pub cores: usize,
    /// The cores other programs kept busy on average over the whole run;
    /// `None` where the system does not tell.
    pub run: Option<f64>,
    /// The cells measured while other programs kept half the cores or more
    /// busy.
    pub busy_cells: Vec<BusyCell>,
    /// The cells too short to judge on their own, which only the whole
    /// run's figure covers.
    pub too_short: usize,
}

/// Reads the clocks around each cell of a run, and around the whole run.
pub struct Sampler {
    start: Option<Clocks>,
    others: Others,
}

impl Sampler {
    /// Starts watching, as a run begins.
    pub fn begin() -> Self {
        let start = Clocks::read();
        let cores = start.map_or(0, |clocks| clocks.cores);
        Sampler {
            start,
            others: Others {
                cores,
                ..Others::default()
            },
        }
    }

    /// Runs `measure`, the cell of board size `n` that measures `what`, and
    /// judges it.
    pub fn cell<T>(&mut self, n: usize, what: &str, measure: impl FnOnce() -> T) -> T {
        let before = Clocks::read();
        let outcome = measure();
        if let (Some(before), Some(after)) = (before, Clocks::read()) {
            self.judge(n, what, after.others_since(&before));
        }
        outcome
    }

    /// Records the figure of one cell: `None` for one too short to judge.
    fn judge(&mut self, n: usize, what: &str, others: Option<f64>) {
        match others {
            None => self.others.too_short += 1,
            Some(others) if busy(others, self.others.cores) => {
                self.others.busy_cells.push(BusyCell {
                    n,
                    what: what.to_owned(),
                    others,
                });
            }
            Some(_) => {}
        }
    }

    /// The judgement of the whole run, as it ends.
    pub fn end(self) -> Others {
        let run = self
            .start
            .zip(Clocks::read())
            .and_then(|(start, end)| end.others_since(&start));
        Others { run, ..self.others }
    }
}

impl Others {
    /// What the other programs' use of the cores says of the run's times,
    /// every busy cell named; `None` where the system did not tell.
    pub fn verdict(&self) -> Option<String> {
        self.verdict_naming(usize::MAX)
    }

    /// The same, naming at most `most` busy cells and counting the rest, so
    /// that a summary on a busy machine still fits a screen.
    pub fn verdict_naming(&self, most: usize) -> Option<String> {
        let run = self.run?;
        let cores = self.cores;
        let measured = format!(
            "other programs kept {} of the {cores} cores busy on average while the run \
             measured (the kernel's CPU clocks, the run's own use left out)",
            tenths(run)
        );
        let mut verdict = if busy(run, cores) {
            format!(
                "Unreliable: {measured}, half of them or more. Every time is longer than on a \
                 quiet machine, and cells measured at different moments can be off against each \
                 other by more than their ratio says: run again on a quiet machine before \
                 quoting one."
            )
        } else {
            format!("The machine was quiet: {measured}, fewer than half of them.")
        };
        verdict.push_str(&self.cells_sentence(most));
        Some(verdict)
    }

    /// The sentence that names the busy cells (at most `most` of them) and
    /// counts the short ones.
    fn cells_sentence(&self, most: usize) -> String {
        let mut sentence = String::new();
        if !self.busy_cells.is_empty() {
            let mut cells: Vec<String> = self
                .busy_cells
                .iter()
                .take(most)
                .map(|cell| format!("n = {} {} ({})", cell.n, cell.what, tenths(cell.others)))
                .collect();
            let unnamed = self.busy_cells.len() - cells.len();
            if unnamed > 0 {
                cells.push(format!(
                    "and {unnamed} more (the Markdown and JSON formats name every one)"
                ));
            }
            sentence.push_str(&format!(
                " Measured while other programs kept half the cores or more busy (their cores \
                 in parentheses): {}.",
                cells.join(", ")
            ));
        }
        if self.too_short > 0 {
            sentence.push_str(&format!(
                " Cells too short to judge alone (under {MIN_TICKS} ticks of the clock): {}; \
                 the whole run's figure covers them.",
                self.too_short
            ));
        }
        sentence
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STAT: &str = "cpu  4232881 5946 881541 1275405 10371 0 5418 2028 0 0\n\
                        cpu0 2105136 2928 413685 679369 2791 0 1358 1038 0 0\n\
                        cpu1 2127745 3017 467856 596035 7580 0 4059 989 0 0\n\
                        intr 1 2 3\n";

    /// `/proc/self/stat` with `user` and `system` ticks, and `children`'s
    /// user and system ticks, of a program whose name holds a space and a
    /// parenthesis.
    fn own(user: u64, system: u64, children: [u64; 2]) -> String {
        let [child_user, child_system] = children;
        format!(
            "24836 (my (prog) x) R 24832 24832 25196 0 -1 4194304 100 0 0 0 {user} {system} \
             {child_user} {child_system} 20 0 1 0 3235841"
        )
    }

    #[test]
    fn the_clocks_are_read_from_the_kernels_text() {
        let total = 4232881 + 5946 + 881541 + 1275405 + 10371 + 5418 + 2028;
        assert_eq!(
            Clocks::parse(STAT, &own(7, 5, [0, 0])),
            Some(Clocks {
                total,
                busy: total - 1275405 - 10371,
                own: 12,
                cores: 2,
            })
        );
        assert_eq!(Clocks::parse("intr 1 2 3", &own(7, 5, [0, 0])), None);
        assert_eq!(Clocks::parse(STAT, "24836 (short) R 1 2"), None);
    }

    #[test]
    fn the_children_waited_for_are_the_runs_own() {
        // A C program timed as a whole process: 300 user and 4 system ticks
        // of its own, which its parent's 14th and 15th fields leave out.
        let clocks = Clocks::parse(STAT, &own(7, 5, [300, 4])).unwrap();
        assert_eq!(clocks.own, 7 + 5 + 300 + 4);
        let cut = "24836 (x) R 24832 24832 25196 0 -1 4194304 100 0 0 0 7 5 300";
        assert_eq!(Clocks::parse(STAT, cut), None, "no 17th field");
    }

    fn clocks(total: u64, busy: u64, own: u64) -> Clocks {
        Clocks {
            total,
            busy,
            own,
            cores: 2,
        }
    }

    #[test]
    fn others_are_the_busy_ticks_that_were_not_the_runs() {
        let start = clocks(1_000, 500, 100);
        // 200 ticks of two cores: 150 busy, 100 of them the run's own.
        assert_eq!(clocks(1_200, 650, 200).others_since(&start), Some(0.5));
        // The run alone kept both cores busy: no one else.
        assert_eq!(clocks(1_200, 700, 300).others_since(&start), Some(0.0));
        // 39 ticks of two cores: under 20 ticks of the clock.
        assert_eq!(clocks(1_039, 539, 100).others_since(&start), None);
    }

    #[test]
    fn a_summary_names_a_few_busy_cells_and_counts_the_rest() {
        let cell = |n| BusyCell {
            n,
            what: "count lookup".into(),
            others: 1.2,
        };
        let others = Others {
            cores: 2,
            run: Some(1.1),
            busy_cells: (10..15).map(cell).collect(),
            too_short: 0,
        };
        let brief = others.verdict_naming(2).unwrap();
        assert!(
            brief.ends_with(
                "n = 10 count lookup (1.2), n = 11 count lookup (1.2), and 3 more (the Markdown \
                 and JSON formats name every one)."
            ),
            "{brief}"
        );
        assert!(
            others
                .verdict()
                .unwrap()
                .contains("n = 14 count lookup (1.2).")
        );
    }

    #[test]
    fn quiet_means_fewer_than_half_the_cores_busy() {
        assert!(!busy(0.9, 2));
        assert!(busy(1.0, 2));
        assert!(
            busy(2.0, 2),
            "the load of 2.0 on two cores that was called quiet"
        );
        assert!(!busy(1.9, 4));
    }

    #[test]
    fn the_words_agree_with_the_figure_printed_beside_them() {
        // 0.97 of two cores prints as 1.0: half of them, so busy; 0.94
        // prints as 0.9, fewer than half.
        assert!(busy(0.97, 2));
        assert!(busy(0.95, 2), "0.95 prints as 1.0, not as its binary 0.9");
        assert!(!busy(0.94, 2));
        assert_eq!(
            (tenths(0.97), tenths(0.95), tenths(0.94)),
            ("1.0".into(), "1.0".into(), "0.9".into())
        );
        let mut sampler = Sampler {
            start: None,
            others: Others {
                cores: 2,
                ..Others::default()
            },
        };
        sampler.judge(14, "count lookup", Some(0.96));
        sampler.judge(13, "count lookup", Some(0.94));
        let near = |run| Others {
            run: Some(run),
            ..sampler.others.clone()
        };
        assert_eq!(
            near(0.97).verdict().unwrap(),
            "Unreliable: other programs kept 1.0 of the 2 cores busy on average while the run \
             measured (the kernel's CPU clocks, the run's own use left out), half of them or \
             more. Every time is longer than on a quiet machine, and cells measured at \
             different moments can be off against each other by more than their ratio says: \
             run again on a quiet machine before quoting one. Measured while other programs \
             kept half the cores or more busy (their cores in parentheses): n = 14 count lookup \
             (1.0)."
        );
        assert!(
            near(0.94)
                .verdict()
                .unwrap()
                .starts_with("The machine was quiet: other programs kept 0.9 of the 2 cores"),
        );
    }

    #[test]
    fn the_verdict_names_the_busy_cells_and_counts_the_short_ones() {
        let mut sampler = Sampler {
            start: None,
            others: Others {
                cores: 2,
                ..Others::default()
            },
        };
        sampler.judge(14, "count lookup", Some(1.3));
        sampler.judge(13, "count lookup", Some(0.25));
        sampler.judge(6, "count lookup", None);
        let others = Others {
            run: Some(0.5),
            ..sampler.others
        };
        assert_eq!(
            others.verdict().unwrap(),
            "The machine was quiet: other programs kept 0.5 of the 2 cores busy on average \
             while the run measured (the kernel's CPU clocks, the run's own use left out), \
             fewer than half of them. Measured while other programs kept half the cores or more \
             busy (their cores in parentheses): n = 14 count lookup (1.3). Cells too short to judge \
             alone (under 20 ticks of the clock): 1; the whole run's figure covers them."
        );
        let busy = Others {
            run: Some(1.0),
            busy_cells: Vec::new(),
            too_short: 0,
            cores: 2,
        };
        assert!(busy.verdict().unwrap().starts_with(
            "Unreliable: other programs kept 1.0 of the 2 cores busy on average while the \
                 run measured (the kernel's CPU clocks, the run's own use left out), half of \
                 them or more."
        ));
        assert_eq!(Others::default().verdict(), None);
    }
}
