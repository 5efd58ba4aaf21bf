//! `cargo xtask peers --counter --faf DIR`: the fast counter against
//! NQueensFAF's published CPU solver, the measurement of issue 30 (P20).
//!
//! NQueensFAF (<https://github.com/olepoeschl/NQueensFAF>) is a Java
//! counter that places the queens of the board's edges first, like the
//! frames here, then counts inside with a recursive bitboard search per
//! start constellation. The task fetches nothing: `--faf DIR` names a
//! checkout the user made (its develop branch, where the CPU solver lives
//! in `nqueensfaf-impl`), and without it the duel is not run and the
//! output says why. Its sources are compiled with the JDK's `javac` into
//! `target/peers/faf/`, never copied into the repository, together with
//! two files of this task's own: a driver that counts one board on a
//! given number of threads and prints `solutions=N`, and stand-ins for
//! the three classes of the Kryo library, which the solver needs only to
//! save and load its progress (the stand-ins refuse to), so that no
//! library has to be downloaded.
//!
//! Each run of each rung times NQueensFAF as a whole process, the Java
//! virtual machine's start-up and warm-up included, as a user meets it,
//! then the Rust counter on as many threads in this process; the table
//! shows the best of each and the ratio Rust / NQueensFAF per rung. Every
//! count is checked against OEIS.

use std::path::{Path, PathBuf};
use std::process::Command;

use queens_bitboard::Step;
use queens_lab::Error;
use queens_lab::others::Sampler;
use queens_lab::progress;
use queens_toolkit::files::write_whole;

use crate::counter::{
    RUST_TIMED, Row, Rung, Target, Threads, record, rung_row, table_of_groups, time_rung,
    total_only,
};
use crate::harness::{Outcome, built, run_peer};

/// The rungs, each against NQueensFAF on as many threads: n = 17 on one
/// thread, the target of issue 30, then on every core, and n = 18 on every
/// core.
pub(crate) const RUNGS: [Rung; 3] = [
    Rung {
        step: Step::Threads,
        threads: Threads::One,
        n: 17,
        target: Target::ShareOfPeer(0.10),
    },
    Rung {
        step: Step::Threads,
        threads: Threads::EveryCore,
        n: 17,
        target: Target::ShareOfPeer(0.10),
    },
    Rung {
        step: Step::Threads,
        threads: Threads::EveryCore,
        n: 18,
        target: Target::ShareOfPeer(0.10),
    },
];

/// What the page and the output say when no checkout was given.
pub const ABSENT: &str = "NQueensFAF was not measured: pass --faf DIR, a checkout of \
    https://github.com/olepoeschl/NQueensFAF (its develop branch), which this task builds \
    with the JDK's javac (Debian package default-jdk-headless) and never fetches.";

/// The solver's sources in a checkout, beside the core's whole package.
const IMPL: &str = "nqueensfaf-impl/src/main/java/de/nqueensfaf/impl";
/// The core's package in a checkout.
const CORE: &str = "nqueensfaf-core/src/main/java/de/nqueensfaf/core";
/// The classes of the solver's package that the CPU solver needs (its GPU
/// solver needs OpenCL bindings, and is left out).
const IMPL_CLASSES: [&str; 4] = [
    "Constellation",
    "ConstellationUtils",
    "ConstellationsGenerator",
    "CpuSolver",
];

/// This task's driver: one board on some threads, its count on stdout.
const DRIVER: (&str, &str) = (
    "FafCount.java",
    "// Written by cargo xtask peers: counts one board with NQueensFAF's CPU solver.
import de.nqueensfaf.impl.CpuSolver;

public class FafCount {
    public static void main(String[] args) {
        CpuSolver solver = new CpuSolver();
        solver.setN(Integer.parseInt(args[0]));
        solver.setThreadCount(Integer.parseInt(args[1]));
        solver.setUpdateInterval(0);
        solver.start();
        System.out.println(\"solutions=\" + solver.getSolutions());
    }
}
",
);

/// Stand-ins for the Kryo classes the solver names: they save nothing.
const KRYO: [(&str, &str); 3] = [
    (
        "com/esotericsoftware/kryo/Kryo.java",
        "package com.esotericsoftware.kryo;
// Written by cargo xtask peers: saving progress is not measured.
public class Kryo {
    public void register(Class<?> type) {}
    public void writeObject(com.esotericsoftware.kryo.io.Output output, Object object) {
        throw new UnsupportedOperationException(\"no Kryo in this build\");
    }
    public <T> T readObject(com.esotericsoftware.kryo.io.Input input, Class<T> type) {
        throw new UnsupportedOperationException(\"no Kryo in this build\");
    }
}
",
    ),
    (
        "com/esotericsoftware/kryo/io/Input.java",
        "package com.esotericsoftware.kryo.io;
public class Input implements AutoCloseable {
    public Input(java.io.InputStream stream) {}
    @Override public void close() {}
}
",
    ),
    (
        "com/esotericsoftware/kryo/io/Output.java",
        "package com.esotericsoftware.kryo.io;
public class Output implements AutoCloseable {
    public Output(java.io.OutputStream stream) {}
    public void flush() {}
    @Override public void close() {}
}
",
    ),
];

/// NQueensFAF built: its classes, and the checkout's commit when git
/// knows it.
#[derive(Debug)]
pub struct Faf {
    classes: PathBuf,
    commit: Option<String>,
}

impl Faf {
    /// Builds the CPU solver of the checkout `checkout` into `build`.
    ///
    /// # Errors
    ///
    /// When the checkout lacks the solver's sources, the JDK is missing,
    /// or `javac` fails.
    pub fn build(checkout: &Path, build: &Path) -> Result<Faf, Error> {
        let impl_folder = checkout.join(IMPL);
        if !impl_folder.join("CpuSolver.java").is_file() {
            return Err(Error::BadInput(format!(
                "no NQueensFAF checkout at {}: {IMPL}/CpuSolver.java is missing (the CPU \
                 solver is on its develop branch)",
                checkout.display()
            )));
        }
        let root = build.join("faf");
        let (sources, classes) = (root.join("src"), root.join("classes"));
        let mut files = Vec::new();
        for (path, text) in KRYO.iter().chain([&DRIVER]) {
            files.push(write(&sources.join(path), text)?);
        }
        files.extend(IMPL_CLASSES.map(|class| impl_folder.join(format!("{class}.java"))));
        files.extend(java_files(&checkout.join(CORE))?);
        let output = Command::new("javac")
            .args(["--release", "17", "-nowarn", "-d"])
            .arg(&classes)
            .args(&files)
            .output()
            .map_err(|error| {
                Error::BadInput(format!(
                    "cannot run javac (Debian package default-jdk-headless): {error}"
                ))
            })?;
        built(
            &output,
            &format!("javac failed on NQueensFAF at {}", checkout.display()),
        )?;
        Ok(Faf {
            classes,
            commit: commit(checkout),
        })
    }

    /// Counts the `n`×`n` board on `threads` threads, as a whole process:
    /// the seconds it took and the count.
    fn count(&self, n: usize, threads: usize) -> Result<(f64, u64), Error> {
        let args = [
            "-cp".to_owned(),
            self.classes.display().to_string(),
            "FafCount".to_owned(),
            n.to_string(),
            threads.to_string(),
        ];
        run_peer(Path::new("java"), &args, parse_solutions)
    }

    /// How it was built, as the outcome's second line says it.
    fn built(&self) -> String {
        let commit = self
            .commit
            .as_ref()
            .map_or_else(String::new, |commit| format!(" at commit {commit}"));
        format!("NQueensFAF{commit} built with javac --release 17, run by java")
    }
}

/// Writes `text` to `path` whole (the toolkit's writer: a temporary file
/// renamed into place), its folders made first; the path.
fn write(path: &Path, text: &str) -> Result<PathBuf, Error> {
    let failed =
        |error: std::io::Error| Error::Failed(format!("cannot write {}: {error}", path.display()));
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(failed)?;
    }
    write_whole(path, text.as_bytes()).map_err(failed)?;
    Ok(path.to_owned())
}

/// The `.java` files of `folder`, in name order.
fn java_files(folder: &Path) -> Result<Vec<PathBuf>, Error> {
    let entries = std::fs::read_dir(folder).map_err(|error| {
        Error::BadInput(format!(
            "no NQueensFAF core at {}: {error}",
            folder.display()
        ))
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "java")
        })
        .collect();
    files.sort();
    Ok(files)
}

/// The checkout's commit, abbreviated, when it is a git checkout.
fn commit(checkout: &Path) -> Option<String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(checkout)
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()?;
    let commit = String::from_utf8(output.stdout).ok()?;
    let commit = commit.trim();
    (output.status.success() && !commit.is_empty()).then(|| commit.to_owned())
}

/// The count in the driver's line, `solutions=95815104`.
fn parse_solutions(text: &str) -> Option<u64> {
    text.split_whitespace()
        .find_map(|field| field.strip_prefix("solutions="))
        .and_then(|count| count.parse().ok())
}

/// NQueensFAF's row for `rung`, before its first run.
pub(crate) fn faf_row(rung: &Rung) -> Row {
    let threads = rung.threads.count();
    let plural = if threads == 1 { "" } else { "s" };
    Row {
        side: format!("Java NQueensFAF, {threads} thread{plural}"),
        target: None,
        ..rung_row(rung)
    }
}

/// Runs the duel: NQueensFAF as built, then the Rust rung, for each rung,
/// `runs` times.
pub(crate) fn run(faf: &Faf, runs: u32) -> Result<Outcome, Error> {
    let mut sampler = Sampler::begin();
    let mut groups: Vec<[Row; 2]> = RUNGS
        .iter()
        .map(|rung| [faf_row(rung), rung_row(rung)])
        .collect();
    let bar = progress::bar(u64::from(runs) * 2 * RUNGS.len() as u64);
    for _ in 0..runs {
        for (rung, [peer, rust]) in RUNGS.iter().zip(&mut groups) {
            bar.set_message(format!("Java NQueensFAF n = {}", rung.n));
            let threads = rung.threads.count();
            let (seconds, total) =
                sampler.cell(rung.n, &peer.side, || faf.count(rung.n, threads))?;
            record(peer, seconds, total_only(total));
            bar.inc(1);
            bar.set_message(format!("Rust {} n = {}", rung.step.name(), rung.n));
            let (seconds, tally) = sampler.cell(rung.n, &rust.side, || time_rung(rung))?;
            record(rust, seconds, tally);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    let groups: Vec<&[Row]> = groups.iter().map(|group| group.as_slice()).collect();
    Ok(Outcome::new(
        runs,
        &faf.built(),
        RUST_TIMED,
        sampler.end(),
        table_of_groups(&groups, runs, "Rust / FAF"),
        1..7,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rungs_are_the_target_of_issue_30() {
        let rungs: Vec<(usize, Threads, Target)> = RUNGS
            .iter()
            .map(|rung| (rung.n, rung.threads, rung.target))
            .collect();
        assert_eq!(rungs[0], (17, Threads::One, Target::ShareOfPeer(0.10)));
        assert_eq!(faf_row(&RUNGS[0]).side, "Java NQueensFAF, 1 thread");
        assert_eq!(rung_row(&RUNGS[0]).side, "Rust + threads, 1 thread");
    }

    #[test]
    fn the_driver_line_gives_the_count() {
        assert_eq!(parse_solutions("solutions=95815104\n"), Some(95_815_104));
        assert_eq!(parse_solutions("solutions=many"), None);
        assert_eq!(parse_solutions(""), None);
    }

    #[test]
    fn a_folder_without_the_solver_is_refused_before_any_build() {
        let folder = tempfile::tempdir().unwrap();
        let error = Faf::build(folder.path(), folder.path()).unwrap_err();
        assert!(
            error.to_string().contains("CpuSolver.java is missing"),
            "{error}"
        );
        assert!(!folder.path().join("faf").exists());
    }
}
