//! Getting each submission ready to be checked: copied into a scratch folder
//! of its own, built there, and turned into the command of its check
//! processes.
//!
//! A Rust crate is built into a small harness program (the child side of
//! `queens_conformance::isolated`) that calls the crate's `solver()`. The
//! crate's dependencies on `queens-core` and `queens-conformance` are
//! pointed at the grader's own copies, whatever the student wrote: the
//! suite a submission is graded by is the teacher's. Harnesses share one
//! cargo target folder, so the suite and its dependencies are compiled once
//! for a whole class; builds are offline, and one at a time, since cargo
//! locks the folder anyway.
//!
//! A program is copied, built with its language's command when it has one,
//! and run by the grader's `program-check` child, which speaks the program
//! protocol with it (see [`crate::program`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use queens_core::Order;

use crate::assignment::{Assignment, Language};
use crate::copy::copy_submission;
use crate::isolation::{Job, ResourceLimits, SYSTEM_PATH, StopRules};
use crate::sandbox::{Confinement, hand_to_nobody, is_nobodys};
use crate::submission::{Kind, Submission};
use crate::words::first_line;

/// The workspace lock file, copied into every harness so that offline
/// builds resolve to the versions the grader was built and tested with, and
/// into every new submission so that a student's first build does too.
pub(crate) const WORKSPACE_LOCK: &str = include_str!("../../../Cargo.lock");

/// Where the grader's own crates are: `queens-core` and
/// `queens-conformance` beside this crate.
pub(crate) fn crates_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in a folder of crates")
        .to_owned()
}

/// What every preparation shares.
#[derive(Debug)]
pub(crate) struct Workshop {
    /// The assignment.
    pub assignment: Assignment,
    /// The grader's own binary.
    pub grader: PathBuf,
    /// This run's scratch folder, one folder per submission inside.
    pub scratch: PathBuf,
    /// The cargo target folder harnesses share, or `None` for one each.
    pub shared_target: Option<PathBuf>,
    /// Where `queens-core` and `queens-conformance` are.
    pub crates: PathBuf,
    /// The sandbox, or why there is none.
    pub confinement: Confinement,
    /// Cargo builds go one at a time.
    cargo: Mutex<()>,
}

/// A submission ready to be checked.
#[derive(Clone, Debug)]
pub(crate) struct Built {
    /// The command of a check process.
    pub command: Vec<OsString>,
    /// What a check process may read besides the system.
    pub readable: Vec<PathBuf>,
    /// The submission's scratch folder; checks work in folders inside it.
    pub home: PathBuf,
    /// How many times the assignment's time a check may take.
    pub time_factor: f64,
    /// The checks that do not apply to it, with the reason.
    pub skipped: Vec<(&'static str, &'static str)>,
}

impl Built {
    /// Why `check` does not apply to this submission, if it does not.
    pub(crate) fn not_applicable(&self, check: &str) -> Option<&'static str> {
        self.skipped
            .iter()
            .find(|(name, _)| *name == check)
            .map(|(_, reason)| *reason)
    }
}

/// The checks that never apply to a program: it is not asked for board
/// sizes past a declared limit (the grader refuses those itself), it is
/// started afresh for each question (so no solver object outlives one), and
/// it reports no statistics or progress and cannot be stopped at a node.
const NOT_FOR_PROGRAMS: [(&str, &str); 5] = [
    (
        "bad_input_is_refused",
        "the grader refuses bad input before a program sees it",
    ),
    (
        "reused_solver_agrees",
        "a program is started afresh for each question: no solver object is reused",
    ),
    ("stops_at_any_node", "a program reports no search events"),
    ("progress_reaches_the_end", "a program reports no progress"),
    (
        "statistics_are_consistent",
        "a program reports no statistics",
    ),
];

impl Workshop {
    /// A workshop for one run.
    pub(crate) fn new(
        assignment: Assignment,
        grader: PathBuf,
        scratch: PathBuf,
        shared_target: Option<PathBuf>,
        confinement: Confinement,
    ) -> Self {
        Workshop {
            assignment,
            grader,
            scratch,
            shared_target,
            crates: crates_folder(),
            confinement,
            cargo: Mutex::new(()),
        }
    }

    /// Builds submission number `index`. Errs with the verdict of a
    /// submission that cannot be checked: not a submission, or a build
    /// that failed, with its first error.
    pub(crate) fn prepare(&self, index: usize, submission: &Submission) -> Result<Built, String> {
        let home = self.scratch.join(slug(index, &submission.name));
        let created = std::fs::create_dir_all(home.join("work"));
        created.map_err(|error| format!("cannot make a scratch folder: {error}"))?;
        match &submission.kind {
            Kind::NotASubmission(reason) => Err(format!("not a submission: {reason}")),
            Kind::Crate => self.prepare_crate(submission, home),
            Kind::Program { language } => {
                let settings = &self.assignment.languages[language];
                self.prepare_program(settings, &submission.path, home)
            }
        }
    }

    /// Hands the submission's scratch folder (and, for a Rust crate, the
    /// target folder its build writes) to nobody, when runs are nobody's.
    fn hand_over(&self, home: &Path, target: Option<&Path>) -> Result<(), String> {
        if !self.confinement.runs_as_nobody() {
            return Ok(());
        }
        hand_to_nobody(home)?;
        match target {
            // A shared target folder is handed over once, when first used.
            Some(target) if !is_nobodys(target) => hand_to_nobody(target),
            _ => Ok(()),
        }
    }

    /// Copies, rewrites and builds a Rust crate with its harness.
    fn prepare_crate(&self, submission: &Submission, home: PathBuf) -> Result<Built, String> {
        let copy = home.join("crate");
        copy_submission(&submission.path, &copy, |name| name == "target")
            .map_err(|error| format!("not a submission: {error}"))?;
        let package = rewrite_manifest(&copy.join("Cargo.toml"), &self.crates)?;
        let harness = home.join("harness");
        let harness_name = format!("grade-{}", file_name(&home));
        write_harness(&harness, &harness_name, &package, &self.crates)?;
        let target = match &self.shared_target {
            Some(shared) => shared.clone(),
            None => home.join("target"),
        };
        std::fs::create_dir_all(&target)
            .map_err(|error| format!("cannot make {}: {error}", target.display()))?;
        let ending = {
            self.hand_over(&home, Some(&target))?;
            let _one_at_a_time = self
                .cargo
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            self.cargo_build(&harness, &target, &home)?
        };
        if !ending.status.is_some_and(|status| status.success()) {
            let error = match ending.status {
                None => format!(
                    "the build took longer than {} s",
                    self.assignment.limits.build_seconds
                ),
                Some(_) => build_error(&ending.stderr, &copy),
            };
            return Err(format!("build failed: {error}"));
        }
        let bin = home.join("bin");
        std::fs::create_dir_all(&bin).map_err(|error| error.to_string())?;
        let check = bin.join("check");
        std::fs::copy(target.join("release").join(&harness_name), &check)
            .map_err(|error| format!("cannot copy the built harness: {error}"))?;
        Ok(Built {
            command: vec![check.into()],
            readable: vec![bin],
            home,
            time_factor: 1.0,
            skipped: Vec::new(),
        })
    }

    /// Runs `cargo build` on the harness, offline, confined like a check but
    /// allowed to write the target folder and read cargo's registry.
    fn cargo_build(
        &self,
        harness: &Path,
        target: &Path,
        home: &Path,
    ) -> Result<crate::isolation::Ending, String> {
        let cargo = which::which("cargo").map_err(|_| {
            "cargo is not installed (a Rust toolchain, from rustup or Debian's cargo)".to_owned()
        })?;
        let cargo_home = cargo_home();
        if self.confinement.runs_as_nobody() {
            crate::sandbox::open_crate_sources_to_nobody(&cargo_home)?;
        }
        let mut command: Vec<OsString> = vec![cargo.into()];
        command.extend(
            [
                "build",
                "--release",
                "--offline",
                "--quiet",
                "--message-format",
                "short",
                "--manifest-path",
            ]
            .map(OsString::from),
        );
        command.push(harness.join("Cargo.toml").into());
        command.push("--target-dir".into());
        command.push(target.into());
        // HOME is the scratch folder, so rustup is told where its toolchains
        // are rather than left to look in ~/.rustup.
        let rustup_home = tool_home("RUSTUP_HOME", ".rustup");
        let mut environment: Vec<(OsString, OsString)> = vec![
            ("CARGO_HOME".into(), cargo_home.clone().into()),
            ("RUSTUP_HOME".into(), rustup_home.clone().into()),
            ("CARGO_TERM_COLOR".into(), "never".into()),
        ];
        if let Some(toolchain) = std::env::var_os("RUSTUP_TOOLCHAIN") {
            environment.push(("RUSTUP_TOOLCHAIN".into(), toolchain));
        }
        let limits = &self.assignment.limits;
        let mut readable = self.grader_crates();
        // The toolchain and the registry it builds from offline, read-only.
        readable.extend([rustup_home, cargo_home]);
        Job {
            grader: &self.grader,
            command,
            work: home,
            fresh_work: false,
            readable,
            writable: vec![target.to_owned()],
            path: std::env::var_os("PATH").unwrap_or_else(|| SYSTEM_PATH.into()),
            environment,
            stdin: Vec::new(),
            limits: build_limits(limits.memory_mib.max(4096), limits),
            stop: build_rules(limits.build_seconds),
        }
        .run(&self.confinement)
    }

    /// Copies a program (its one file, or every file of its folder),
    /// builds it if its language is compiled, and makes the command that
    /// checks it. `{sources}` are the copied files with the language's
    /// extensions; the rest (headers, data) is there for the build and the
    /// run to use.
    fn prepare_program(
        &self,
        language: &Language,
        submitted: &Path,
        home: PathBuf,
    ) -> Result<Built, String> {
        let source_folder = home.join("src");
        let out = home.join("build");
        std::fs::create_dir_all(&out).map_err(|error| error.to_string())?;
        let copied = copy_submission(submitted, &source_folder, |_| false)
            .map_err(|error| format!("not a submission: {error}"))?;
        let sources: Vec<PathBuf> = copied
            .into_iter()
            .filter(|file| {
                file.extension()
                    .and_then(|extension| extension.to_str())
                    .is_some_and(|extension| {
                        language.extensions.iter().any(|known| known == extension)
                    })
            })
            .collect();
        let main = main_source(&sources)?;
        let words = Placeholders {
            sources: &sources,
            main: &main,
            exe: &out.join("program"),
            out: &out,
        };
        self.hand_over(&home, None)?;
        if let Some(build) = &language.build {
            self.build_program(&words.expand(build), language, &source_folder, &out)?;
        }
        let mut run = words.expand(&language.run);
        run[0] = resolve(&run[0], language)?;
        let limits = &self.assignment.limits;
        let mut command: Vec<OsString> = vec![self.grader.clone().into(), "program-check".into()];
        command.push("--order".into());
        command.push(self.assignment.program.order.to_string().into());
        command.push("--output-mib".into());
        command.push(limits.output_mib.to_string().into());
        command.push("--".into());
        command.extend(run);
        Ok(Built {
            command,
            readable: vec![source_folder, out, self.grader.clone()],
            home,
            time_factor: language.time_factor,
            skipped: self.not_for_programs(),
        })
    }

    /// Runs a program's build command, confined.
    fn build_program(
        &self,
        command: &[OsString],
        language: &Language,
        source_folder: &Path,
        out: &Path,
    ) -> Result<(), String> {
        let mut command = command.to_vec();
        command[0] = resolve(&command[0], language)?;
        let limits = &self.assignment.limits;
        let ending = Job {
            grader: &self.grader,
            command,
            work: source_folder,
            fresh_work: false,
            readable: Vec::new(),
            writable: vec![out.to_owned()],
            path: SYSTEM_PATH.into(),
            environment: Vec::new(),
            stdin: Vec::new(),
            limits: build_limits(limits.memory_mib.max(2048), limits),
            stop: build_rules(limits.build_seconds),
        }
        .run(&self.confinement)?;
        match ending.status {
            Some(status) if status.success() => Ok(()),
            Some(_) => Err(format!(
                "build failed: {}",
                compiler_error(&ending.stderr, source_folder)
            )),
            None => Err(format!(
                "build failed: the build took longer than {} s",
                limits.build_seconds
            )),
        }
    }
}

impl Workshop {
    /// What a build of a Rust submission reads of the grader's workspace:
    /// the two crates it depends on, and the workspace's manifest, which
    /// they inherit their version and edition from.
    fn grader_crates(&self) -> Vec<PathBuf> {
        let mut crates: Vec<PathBuf> = OURS.iter().map(|name| self.crates.join(name)).collect();
        if let Some(workspace) = self.crates.parent() {
            crates.push(workspace.join("Cargo.toml"));
        }
        crates
    }

    /// The checks a program is not graded on: [`NOT_FOR_PROGRAMS`], and the
    /// order when the assignment asks programs for none.
    fn not_for_programs(&self) -> Vec<(&'static str, &'static str)> {
        let mut skipped = NOT_FOR_PROGRAMS.to_vec();
        if self.assignment.program.order == Order::Unspecified {
            skipped.push((
                "order_is_documented",
                "the assignment asks programs for no order",
            ));
        }
        skipped
    }
}

/// When a build is stopped: past `seconds` on the clock (compilers run in
/// parallel, so processor time says little), or past a generous amount of
/// compiler output.
fn build_rules(seconds: f64) -> StopRules {
    StopRules {
        processor: None,
        idle: false,
        wall: Duration::from_secs_f64(seconds),
        output: 64 << 20,
    }
}

/// The limits of a build: `memory_mib` (compilers need more than the
/// checks), the assignment's stack, and a processor backstop behind its
/// wall-clock limit.
fn build_limits(memory_mib: u64, limits: &crate::assignment::Limits) -> ResourceLimits {
    ResourceLimits {
        memory_mib,
        stack_mib: limits.stack_mib.max(8),
        cpu_seconds: cpu_backstop(limits.build_seconds * 2.0),
        cgroup: None,
    }
}

/// A processor-time backstop for `seconds` of wall-clock time.
pub(crate) fn cpu_backstop(seconds: f64) -> u64 {
    seconds.ceil() as u64 + 1
}

/// The values of the placeholders of a language's commands.
struct Placeholders<'a> {
    sources: &'a [PathBuf],
    main: &'a Path,
    exe: &'a Path,
    out: &'a Path,
}

impl Placeholders<'_> {
    /// `words` with each placeholder replaced; `{sources}` stands alone and
    /// becomes one word per source file.
    fn expand(&self, words: &[String]) -> Vec<OsString> {
        let class = self.main.file_stem().unwrap_or_default().to_string_lossy();
        let mut expanded = Vec::new();
        for word in words {
            if word == "{sources}" {
                expanded.extend(
                    self.sources
                        .iter()
                        .map(|source| source.clone().into_os_string()),
                );
                continue;
            }
            let word = word
                .replace("{main}", &self.main.to_string_lossy())
                .replace("{exe}", &self.exe.to_string_lossy())
                .replace("{out}", &self.out.to_string_lossy())
                .replace("{class}", &class);
            expanded.push(word.into());
        }
        expanded
    }
}

/// The main source file: the only one, or the one named `main.*` or
/// `queens.*` nearest the top of the folder.
fn main_source(sources: &[PathBuf]) -> Result<PathBuf, String> {
    match sources {
        [] => Err("not a submission: no source file of its language was copied".to_owned()),
        [only] => Ok(only.clone()),
        _ => sources
            .iter()
            .filter(|source| crate::submission::is_main(source))
            .min_by_key(|source| source.components().count())
            .cloned()
            .ok_or_else(|| {
                "not a submission: several source files and none is called main or queens"
                    .to_owned()
            }),
    }
}

/// The full path of a command's first word, looked up in the system folders
/// first (a child's `PATH` holds only those) and then the grader's `PATH`.
fn resolve(word: &OsString, language: &Language) -> Result<OsString, String> {
    if Path::new(word).is_absolute() {
        return Ok(word.clone());
    }
    let cwd = std::env::current_dir().unwrap_or_default();
    which::which_in(word, Some(SYSTEM_PATH), &cwd)
        .or_else(|_| which::which(word))
        .map(PathBuf::into_os_string)
        .map_err(|_| {
            let package = language
                .package
                .as_deref()
                .map(|package| format!(" (Debian package: {package})"))
                .unwrap_or_default();
            format!(
                "build failed: {} is not installed{package}",
                Path::new(word).display()
            )
        })
}

/// The first error line a compiler printed, with the scratch folder's path
/// taken out.
fn compiler_error(stderr: &[u8], source_folder: &Path) -> String {
    let text = String::from_utf8_lossy(stderr);
    let line = text
        .lines()
        .find(|line| line.contains("error"))
        .map(str::to_owned)
        .unwrap_or_else(|| first_line(stderr));
    let line = line.replace(&format!("{}/", source_folder.display()), "");
    if line.is_empty() {
        "the compiler failed and printed nothing".to_owned()
    } else {
        line
    }
}

/// The first error of a failed cargo build, with the scratch paths taken
/// out, and a hint when the harness cannot call the crate's `solver()`.
/// Cargo names the crate's files by their full path (it is a dependency of
/// the harness) and the harness's own relative to it.
fn build_error(stderr: &[u8], copy: &Path) -> String {
    let text = String::from_utf8_lossy(stderr);
    let is_error = |line: &&str| {
        line.contains("error") && !line.trim_start().starts_with("error: could not compile")
    };
    let Some(line) = text.lines().find(is_error) else {
        return first_line(stderr);
    };
    if line.starts_with("src/main.rs:") {
        let error = line.find("error").map_or(line, |start| &line[start..]);
        return format!(
            "{error} (the crate must export `pub fn solver()` returning a value that implements queens_core::Solver)"
        );
    }
    line.replace(&format!("{}/", copy.display()), "")
}

/// The crates of the workspace a submission may depend on, which the grader
/// replaces with its own.
const OURS: [&str; 2] = ["queens-core", "queens-conformance"];

/// Points the manifest's dependencies on our crates at `crates`, and drops
/// its `[workspace]` and `[patch]` tables. Returns the package's name.
fn rewrite_manifest(manifest: &Path, crates: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(manifest)
        .map_err(|error| format!("not a submission: cannot read Cargo.toml: {error}"))?;
    let mut document: toml_edit::DocumentMut =
        text.parse().map_err(|error: toml_edit::TomlError| {
            format!("build failed: Cargo.toml: {}", error.message())
        })?;
    let name = document
        .get("package")
        .and_then(|package| package.get("name"))
        .and_then(|name| name.as_str())
        .ok_or("not a submission: Cargo.toml has no [package] with a name")?
        .to_owned();
    for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
        if let Some(dependencies) = document
            .get_mut(table)
            .and_then(|item| item.as_table_like_mut())
        {
            repoint(dependencies, crates);
        }
    }
    document.remove("workspace");
    document.remove("patch");
    std::fs::write(manifest, document.to_string()).map_err(|error| error.to_string())?;
    Ok(name)
}

/// Replaces each dependency on one of [`OURS`] in `dependencies` with a path
/// dependency on the grader's copy.
fn repoint(dependencies: &mut dyn toml_edit::TableLike, crates: &Path) {
    let keys: Vec<String> = dependencies.iter().map(|(key, _)| key.to_owned()).collect();
    for key in keys {
        let item = dependencies.get(&key).expect("the key was just listed");
        let package = item
            .get("package")
            .and_then(|package| package.as_str())
            .unwrap_or(&key)
            .to_owned();
        if !OURS.contains(&package.as_str()) {
            continue;
        }
        let mut replacement = toml_edit::InlineTable::new();
        let path = crates.join(&package);
        replacement.insert("path", path.to_string_lossy().as_ref().into());
        if package != key {
            replacement.insert("package", package.as_str().into());
        }
        dependencies.insert(&key, toml_edit::value(replacement));
    }
}

/// Writes the harness crate that runs one check on the student's solver.
fn write_harness(harness: &Path, name: &str, package: &str, crates: &Path) -> Result<(), String> {
    let manifest = format!(
        r#"[package]
name = "{name}"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
student = {{ path = "../crate", package = "{package}" }}
queens-conformance = {{ path = "{conformance}" }}

# Optimised, so that a correct solver meets its deadlines, with overflow and
# debug assertions on, so that a student's arithmetic bug is a crash with a
# message rather than a wrong answer.
[profile.release]
opt-level = 2
debug-assertions = true
overflow-checks = true
panic = "unwind"
incremental = false
codegen-units = 16
lto = false

[workspace]
"#,
        conformance = crates.join("queens-conformance").display(),
    );
    let main = r#"//! Runs one conformance check on the submission's solver, for queens-grade.
fn main() -> std::process::ExitCode {
    queens_conformance::isolated::serve(
        &|| -> Box<dyn queens_conformance::isolated::Solver> { Box::new(student::solver()) },
    )
}
"#;
    let write = |path: PathBuf, text: &str| {
        std::fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display()))
    };
    std::fs::create_dir_all(harness.join("src")).map_err(|error| error.to_string())?;
    write(harness.join("Cargo.toml"), &manifest)?;
    write(harness.join("Cargo.lock"), WORKSPACE_LOCK)?;
    write(harness.join("src/main.rs"), main)
}

/// Cargo's home: `$CARGO_HOME`, or `~/.cargo`.
fn cargo_home() -> PathBuf {
    tool_home("CARGO_HOME", ".cargo")
}

/// A tool's home folder: the `variable` when set, else `folder` in `$HOME`.
fn tool_home(variable: &str, folder: &str) -> PathBuf {
    std::env::var_os(variable)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(folder)))
        .unwrap_or_else(|| PathBuf::from(folder))
}

/// A scratch folder's name for submission `index`: its number and its name
/// cut to letters, digits and dashes, which is also a valid package name.
fn slug(index: usize, name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!("{index:03}-{cleaned}")
}

/// The last part of `path`, as text.
fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_dependencies_are_pointed_at_the_graders_crates() {
        let folder = tempfile::tempdir().unwrap();
        let manifest = folder.path().join("Cargo.toml");
        std::fs::write(
            &manifest,
            "[package]\nname = \"ada\"\n\n[dependencies]\nqueens-core = { git = \"https://example.invalid/queens\" }\nitertools = \"0.14\"\ncore2 = { package = \"queens-core\", path = \"../x\" }\n\n[dev-dependencies]\nqueens-conformance = { path = \"../../crates/queens-conformance\" }\n\n[workspace]\n",
        )
        .unwrap();
        let name = rewrite_manifest(&manifest, Path::new("/teacher/crates")).unwrap();
        assert_eq!(name, "ada");
        let text = std::fs::read_to_string(&manifest).unwrap();
        assert!(
            text.contains("queens-core = { path = \"/teacher/crates/queens-core\" }"),
            "{text}"
        );
        assert!(
            text.contains(
                "core2 = { path = \"/teacher/crates/queens-core\", package = \"queens-core\" }"
            ),
            "{text}"
        );
        assert!(
            text.contains("queens-conformance = { path = \"/teacher/crates/queens-conformance\" }"),
            "{text}"
        );
        assert!(text.contains("itertools = \"0.14\""));
        assert!(!text.contains("[workspace]"));
    }

    #[test]
    fn placeholders_expand_to_paths() {
        let sources = [PathBuf::from("/s/a.c"), PathBuf::from("/s/queens.c")];
        let main = main_source(&sources).unwrap();
        let words = Placeholders {
            sources: &sources,
            main: &main,
            exe: Path::new("/b/program"),
            out: Path::new("/b"),
        };
        let build = ["gcc", "-o", "{exe}", "{sources}", "-DMAIN={class}"].map(String::from);
        assert_eq!(
            words.expand(&build),
            [
                "gcc",
                "-o",
                "/b/program",
                "/s/a.c",
                "/s/queens.c",
                "-DMAIN=queens"
            ]
            .map(OsString::from)
        );
        assert_eq!(
            main_source(&[PathBuf::from("a.py"), PathBuf::from("b.py")]).unwrap_err(),
            "not a submission: several source files and none is called main or queens"
        );
    }

    #[test]
    fn slugs_are_package_names() {
        assert_eq!(slug(3, "Zoë O'Neil"), "003-zo--o-neil");
    }
}
