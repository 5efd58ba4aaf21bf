//! `cargo xtask gradescope-check`: the Gradescope recipe of
//! docs/grading.md, end to end, on this machine, as root.
//!
//! 1. It builds the grader and makes the bundle with it
//!    (`queens-grade gradescope-bundle`, its assignment the default one
//!    with a fixed seed), and unpacks it with the zip crate into
//!    `/autograder/source` of a Gradescope-shaped tree in a temporary
//!    folder (`source`, `submission`, `results`), copying `run_autograder`
//!    to `/autograder/run_autograder` as Gradescope's image build does.
//! 2. Every step then runs in an image of its own ([`image`]): a private
//!    mount namespace and a network namespace with no network (`unshare
//!    --mount --net`), whose root is a tmpfs holding this machine's system
//!    folders, bound, and the tree at `/autograder`; the host's `/` is
//!    never changed. There bubblewrap is hidden (an empty file without
//!    execute bits bound over it, as in a container that has none), and
//!    this machine's rustup toolchain is bound read-only where `setup.sh`
//!    would install one (`/usr/local/rustup`, `/usr/local/cargo/bin`).
//!    Each step runs as root from `/autograder`, with an environment of
//!    its own (`env -i`): nothing of the caller's but a mark.
//! 3. `setup.sh` with `QUEENS_SETUP_OFFLINE=1`: its steps 1 and 2 (the
//!    Debian packages and the toolchain, which download) are skipped and
//!    this machine's stand for them; steps 3 and 4 run as in Gradescope,
//!    without the network: the grader built from the bundled sources and
//!    vendored crates, the modes set, the suite's dependencies built once.
//! 4. `queens-grade walls` of the grader built in the image, printed.
//! 5. `run_autograder`, as root, for a correct and a buggy submission of
//!    each language ([`CASES`], from `examples/submissions`; the buggy C++
//!    and Java programs are the correct ones with one line changed), each
//!    alone in `/autograder/submission` with an empty `results`. Each
//!    `results.json` is held to Gradescope's format
//!    ([`results::check_results`]); a correct submission must score 100,
//!    a buggy one less, and the instructors' test must say that the checks
//!    ran as a uid of their own without bubblewrap.
//!
//! After each step every process still carrying the step's mark is killed,
//! by PID, and counted as a failure. The temporary folder is removed at the
//! end; the grader's build and the suite's dependencies are kept between
//! runs in `target/gradescope-check/` (bound at
//! `/autograder/source/queens/target` and `/autograder/source/warm`), with
//! the unpacked files' times, so that a later run rebuilds only what
//! changed. It needs, and installs none of, the Debian packages
//! util-linux, mount, coreutils, debianutils, gcc, g++, python3 and
//! default-jdk, and a rustup toolchain; the bundler reads the crates from
//! cargo's cache, and fetches from crates.io only what the cache lacks.

mod image;
mod results;

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::grade::build_grader;
use crate::paths::workspace_root;
use crate::system::{copy_folder, which};

use image::{IMAGE_PATH, Image};
use results::check_results;

/// `cargo xtask gradescope-check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

/// The programs the check runs or the image's grading needs, and the
/// Debian package of each.
const NEEDED: [(&str, &str); 8] = [
    ("unshare", "util-linux"),
    ("mount", "mount"),
    ("chroot", "coreutils"),
    ("which", "debianutils"),
    ("gcc", "gcc"),
    ("g++", "g++"),
    ("python3", "python3"),
    ("javac", "default-jdk"),
];

/// A submission of the check: an example, changed by a mutation or not.
struct Case {
    language: &'static str,
    example: &'static str,
    correct: bool,
    /// The one line changed in a file of the example, from and to.
    mutation: Option<(&'static str, &'static str, &'static str)>,
}

/// A correct and a buggy submission of each language.
const CASES: [Case; 10] = [
    Case {
        language: "rust",
        example: "rust-recursive",
        correct: true,
        mutation: None,
    },
    Case {
        language: "rust",
        example: "rust-off-by-one",
        correct: false,
        mutation: None,
    },
    Case {
        language: "c",
        example: "c-seed",
        correct: true,
        mutation: None,
    },
    Case {
        language: "c",
        example: "c-one-based",
        correct: false,
        mutation: None,
    },
    Case {
        language: "c++",
        example: "cpp-header",
        correct: true,
        mutation: None,
    },
    Case {
        language: "c++",
        example: "cpp-header",
        correct: false,
        // The last column of a row is never tried.
        mutation: Some((
            "main.cpp",
            "for (int col = 0; col < n; ++col)",
            "for (int col = 0; col < n - 1; ++col)",
        )),
    },
    Case {
        language: "python",
        example: "python-backtracking",
        correct: true,
        mutation: None,
    },
    Case {
        language: "python",
        example: "python-blank-line",
        correct: false,
        mutation: None,
    },
    Case {
        language: "java",
        example: "java-backtracking",
        correct: true,
        mutation: None,
    },
    Case {
        language: "java",
        example: "java-backtracking",
        correct: false,
        // The last column of a row is never tried.
        mutation: Some((
            "Queens.java",
            "int last = fixedCol[row] >= 0 ? fixedCol[row] : n - 1;",
            "int last = fixedCol[row] >= 0 ? fixedCol[row] : n - 2;",
        )),
    },
];

/// Makes the bundle, sets up the image offline, and grades each case in
/// it; fails when any step or any `results.json` is not as it must be.
pub(crate) fn run(_args: &Args) -> Result<(), Error> {
    let (rustup_home, proxies) = preconditions()?;
    let grader = build_grader()?;
    let image = Image::new(rustup_home, proxies)?;
    println!("gradescope-check: the bundle");
    let zip = image.bundle(&grader)?;
    image.unpack(&zip)?;
    image.set_up()?;
    let mut failures = Vec::new();
    image.print_walls(&mut failures)?;
    println!(
        "gradescope-check: run_autograder, as root, no bubblewrap, no network, one submission at a time"
    );
    for case in &CASES {
        if let Err(failure) = image.grade(case) {
            failures.push(failure);
        }
    }
    if failures.is_empty() {
        println!(
            "gradescope-check passed: the bundle set up offline and graded every language in a \
             Gradescope-shaped image without bubblewrap: 100 for each correct submission, less \
             for each buggy one, every results.json in Gradescope's format"
        );
        Ok(())
    } else {
        Err(Error::Failed(format!(
            "gradescope-check failed: {}",
            failures.join("; ")
        )))
    }
}

/// Errs unless the check runs as root with every program it needs; returns
/// rustup's home and the folder of its proxies.
fn preconditions() -> Result<(PathBuf, PathBuf), Error> {
    if !nix::unistd::geteuid().is_root() {
        return Err(Error::BadInput(
            "gradescope-check runs the autograder as Gradescope does, as root: run it as root"
                .to_owned(),
        ));
    }
    let missing: Vec<String> = NEEDED
        .iter()
        .filter(|(program, _)| {
            !std::env::split_paths(IMAGE_PATH).any(|folder| folder.join(program).is_file())
        })
        .map(|(program, package)| format!("{program} (Debian package: {package})"))
        .collect();
    if !missing.is_empty() {
        return Err(Error::BadInput(format!(
            "gradescope-check needs {}; it installs nothing",
            missing.join(", ")
        )));
    }
    let home = std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".rustup")))
        .filter(|home| home.join("settings.toml").is_file());
    let proxies = which("rustup")
        .and_then(|rustup| rustup.parent().map(Path::to_owned))
        .filter(|folder| folder.join("rustc").is_file() && folder.join("cargo").is_file());
    home.zip(proxies).ok_or_else(|| {
        Error::BadInput(
            "gradescope-check needs a rustup toolchain (rustup's home and its proxies) to stand \
             for the one setup.sh installs; it downloads none"
                .to_owned(),
        )
    })
}

impl Image {
    /// Puts `case` alone in `/autograder/submission`, empties the results,
    /// runs `run_autograder`, and holds its `results.json` to Gradescope's
    /// format and the case's expected score; prints what it got.
    fn grade(&self, case: &Case) -> Result<(), String> {
        let label = format!(
            "{} {} ({}{})",
            case.language,
            if case.correct { "correct" } else { "buggy" },
            case.example,
            if case.mutation.is_some() {
                ", one line changed"
            } else {
                ""
            }
        );
        self.place(case)
            .map_err(|error| format!("{label}: {error}"))?;
        let ran = self
            .run("run_autograder", &["/autograder/run_autograder"])
            .map_err(|error| format!("{label}: {error}"))?;
        let mut failures = Vec::new();
        ran.succeeded(&mut failures, &label);
        let text = std::fs::read_to_string(self.autograder().join("results/results.json"))
            .map_err(|error| format!("{label}: no results.json: {error}"))?;
        let results =
            check_results(&text).map_err(|error| format!("{label}: results.json: {error}"))?;
        let expected = if case.correct { "100" } else { "below 100" };
        let scored = if case.correct {
            results.score == 100.0
        } else {
            results.score < 100.0
        };
        let confined = results.run.contains("never as root: a uid of its own")
            && results
                .run
                .contains("bubblewrap: bubblewrap is not installed");
        let failed_tests = match results.failed.as_slice() {
            [] => String::new(),
            [only] => format!(", 1 failed ({only})"),
            [first, ..] => format!(", {} failed ({first}, …)", results.failed.len()),
        };
        println!(
            "  {label}: score {:.2} (expected {expected}), {} tests{failed_tests}; {:.1} s {}",
            results.score,
            results.tests,
            ran.seconds,
            if scored && confined && failures.is_empty() {
                "(as expected)"
            } else {
                "(NOT AS EXPECTED)"
            }
        );
        if !scored {
            failures.push(format!(
                "{label}: score {} where {expected} was expected",
                results.score
            ));
        }
        if !confined {
            failures.push(format!("{label}: the grading run's walls: {}", results.run));
        }
        if failures.is_empty() {
            Ok(())
        } else {
            Err(failures.join("; "))
        }
    }

    /// Empties `/autograder/submission` and `/autograder/results`, and
    /// copies the case's example into the submission, its mutation made.
    fn place(&self, case: &Case) -> Result<(), String> {
        let (submission, results) = (
            self.autograder().join("submission"),
            self.autograder().join("results"),
        );
        for folder in [&submission, &results] {
            std::fs::remove_dir_all(folder)
                .and_then(|()| std::fs::create_dir(folder))
                .map_err(|error| format!("{}: {error}", folder.display()))?;
        }
        let example = workspace_root()
            .join("examples/submissions")
            .join(case.example);
        copy_folder(&example, &submission).map_err(|error| error.to_string())?;
        if let Some((file, from, to)) = case.mutation {
            let path = submission.join(file);
            let text =
                std::fs::read_to_string(&path).map_err(|error| format!("{file}: {error}"))?;
            if text.matches(from).count() != 1 {
                return Err(format!(
                    "{file} no longer holds {from:?} once: update the check's mutation"
                ));
            }
            std::fs::write(&path, text.replace(from, to))
                .map_err(|error| format!("{file}: {error}"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_has_a_correct_and_a_buggy_case() {
        for language in ["rust", "c", "c++", "python", "java"] {
            let of: Vec<bool> = CASES
                .iter()
                .filter(|case| case.language == language)
                .map(|case| case.correct)
                .collect();
            assert_eq!(of, [true, false], "{language}");
        }
        for case in CASES.iter().filter(|case| case.mutation.is_some()) {
            let (file, from, _) = case.mutation.unwrap();
            let path = workspace_root()
                .join("examples/submissions")
                .join(case.example)
                .join(file);
            let text = std::fs::read_to_string(&path).unwrap();
            assert_eq!(text.matches(from).count(), 1, "{}", path.display());
        }
    }
}
