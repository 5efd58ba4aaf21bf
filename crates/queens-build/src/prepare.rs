//! Getting each submission ready to be checked: copied into a scratch folder
//! of its own, built there, and described to the judges of its checks.
//!
//! Each submission's folder belongs to root and to a group of its own (a
//! box's id, [`queens_jail::boxes`]) when the grader is root: its copy and what
//! its build made are sealed, readable by the group and written by nobody
//! (`seal`), so that its checks (each a uid of its own in that group) read
//! it and cannot change it for the next check, and no other submission's
//! check reads it at all. A build runs as a box of its own too, writing only
//! its output folders, which are sealed when it ends: what a build writes is
//! run only by the checks, in the jail, never by the grader.
//!
//! A Rust crate is built into a small harness program that serves its
//! solver to a judge ([`crate::rust_build`]). A program is copied, built
//! with its language's command when it has one, and run once per question
//! by the relay (see [`crate::relay`]).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use queens_jail::boxes::{self, BoxId};
use queens_jail::copy::copy_submission;
use queens_jail::isolation::{Job, SYSTEM_PATH};
use queens_jail::limits::ResourceLimits;
use queens_jail::permissions::seal;
use queens_jail::sandbox::{Confinement, Spec};
use queens_jail::watcher::{Disk, StopRules, Stopped};
use queens_jail::words::first_line;

use crate::answers::Answers;
use crate::assignment::{Assignment, Language};
use crate::layout::Entry;
use crate::side::Side;
use crate::submission::{Kind, Submission};
use crate::warm::Warm;

/// What every preparation shares.
#[derive(Debug)]
pub struct Workshop {
    /// The assignment.
    pub assignment: Assignment,
    /// The grader's own binary.
    pub grader: PathBuf,
    /// This run's scratch folder, one folder per submission inside.
    pub scratch: PathBuf,
    /// The suite's dependencies, built once and shared by every Rust
    /// build, or `None` when each builds them anew.
    pub warm: Option<Warm>,
    /// Where `queens-core` and `queens-conformance` are.
    pub crates: PathBuf,
    /// The sandbox, or why there is none.
    pub confinement: Confinement,
}

/// A submission ready to be checked.
#[derive(Debug)]
pub struct Built {
    /// Its side of each check: what the judge starts.
    pub side: Side,
    /// What its checks may read besides the system.
    pub readable: Vec<PathBuf>,
    /// The submission's scratch folder; checks work in folders inside it.
    pub home: PathBuf,
    /// The group its files belong to, held while it is graded.
    pub group: Option<BoxId>,
    /// How many times the assignment's time a check may take.
    pub time_factor: f64,
    /// The checks that do not apply to it, with the reason.
    pub skipped: Vec<(&'static str, &'static str)>,
    /// The checks it passes by how it is run, with the reason.
    pub granted: Vec<(&'static str, &'static str)>,
}

impl Drop for Built {
    /// Removes the submission's scratch folder once it is graded, before
    /// its group is given back (a field, dropped after this): a later
    /// submission given the same group must find nothing of this one's.
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

impl Built {
    /// Why `check` does not apply to this submission, if it does not.
    pub fn not_applicable(&self, check: &str) -> Option<&'static str> {
        self.skipped
            .iter()
            .find(|(name, _)| *name == check)
            .map(|(_, reason)| *reason)
    }

    /// Why `check` is passed without a question, if it is.
    pub fn granted(&self, check: &str) -> Option<&'static str> {
        self.granted
            .iter()
            .find(|(name, _)| *name == check)
            .map(|(_, reason)| *reason)
    }

    /// The gid its checks run with.
    pub fn gid(&self) -> Option<u32> {
        self.group.as_ref().map(BoxId::id)
    }

    /// The same submission, its files in `group`, held until it is dropped.
    fn held_by(mut self, group: Option<BoxId>) -> Self {
        self.group = group;
        self
    }
}

/// The checks that never apply to a program: it reports no statistics or
/// progress and cannot be stopped at a node (the instrumentation group,
/// which weighs nothing unless the assignment says so).
const NOT_FOR_PROGRAMS: [(&str, &str); 3] = [
    ("stops_at_any_node", "a program reports no search events"),
    ("progress_reaches_the_end", "a program reports no progress"),
    (
        "statistics_are_consistent",
        "a program reports no statistics",
    ),
];

/// The checks a program cannot fail by how it is run, granted without a
/// question to a program that passes [`GRANTED_WITH`], so that a crate
/// and a program are graded on the same checks, out of the same total.
const GRANTED_TO_PROGRAMS: [(&str, &str); 2] = [
    (
        "bad_input_is_refused",
        "the grader refuses bad input before a program is started: a program is given none",
    ),
    (
        "reused_solver_agrees",
        "a program is started afresh for each question: no state outlives one",
    ),
];

/// The check a program must pass to be granted [`GRANTED_TO_PROGRAMS`]:
/// a crate whose solutions are not valid fails a reused solver's check
/// too, and a program that never answers earns nothing it was not asked.
pub const GRANTED_WITH: &str = "solutions_are_valid";

/// How many processes and threads a build may have at once: cargo, its
/// compilers' threads, a build script's children.
pub const BUILD_PROCESSES: u64 = 512;

impl Workshop {
    /// Builds submission number `index`. Errs with the verdict of a
    /// submission that cannot be checked: not a submission, or a build
    /// that failed, with its first error.
    pub fn prepare(&self, index: usize, submission: &Submission) -> Result<Built, String> {
        let home = self.scratch.join(slug(index, &submission.name));
        let made = std::fs::create_dir(&home).and_then(|()| std::fs::create_dir(home.join("work")));
        made.map_err(|error| format!("cannot make a scratch folder: {error}"))?;
        let group = self.confinement.boxes().then(boxes::take).transpose()?;
        let built = match &submission.kind {
            Kind::NotASubmission(reason) => Err(format!("not a submission: {reason}")),
            Kind::Crate => self.prepare_crate(submission, &home, group.as_ref()),
            Kind::Program { language } => {
                let settings = &self.assignment.languages[language];
                self.prepare_program(settings, &submission.path, &home, group.as_ref())
            }
        };
        let sealed = built.and_then(|built| match &group {
            Some(group) => [&home, &home.join("work")]
                .into_iter()
                .try_for_each(|folder| seal_one(folder, group.id()))
                .map(|()| built),
            None => Ok(built),
        });
        match sealed {
            Ok(mut built) => {
                // Made once the home is sealed, which no process of the
                // submission can change: the folder is the grader's alone.
                if let Side::Program { answers, .. } = &mut built.side {
                    *answers = Answers::make(&home.join("answers"));
                }
                Ok(built.held_by(group))
            }
            // Nothing of it is left for the next holder of its group.
            Err(why) => {
                let _ = std::fs::remove_dir_all(&home);
                Err(why)
            }
        }
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
        home: &Path,
        group: Option<&BoxId>,
    ) -> Result<Built, String> {
        let source_folder = home.join("src");
        let out = home.join("build");
        std::fs::create_dir(&out).map_err(|error| error.to_string())?;
        let copied = copy_submission(submitted, &source_folder, |_| false)
            .map_err(|error| format!("not a submission: {error}"))?;
        if let Some(group) = group {
            seal(&source_folder, group.id())?;
        }
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
        let entry = crate::layout::entry(&source_folder, &sources)
            .map_err(|why| format!("not a submission: {why}"))?;
        let words = Placeholders {
            sources: &sources,
            entry: &entry,
            exe: &out.join("program"),
            out: &out,
        };
        if let Some(build) = &language.build {
            self.build_program(&words.expand(build), language, &source_folder, &out, group)?;
        }
        if let Some(group) = group {
            seal(&out, group.id())?;
        }
        let mut run = words.expand(&language.run);
        run[0] = resolve(&run[0], language)?;
        Ok(Built {
            side: Side::Program {
                command: run,
                environment: entry.environment(),
                answers: None,
            },
            readable: vec![source_folder, out],
            home: home.to_owned(),
            group: None,
            time_factor: language.time_factor,
            skipped: NOT_FOR_PROGRAMS.to_vec(),
            granted: GRANTED_TO_PROGRAMS.to_vec(),
        })
    }

    /// Runs a program's build command, confined, writing only `out`.
    fn build_program(
        &self,
        command: &[OsString],
        language: &Language,
        source_folder: &Path,
        out: &Path,
        group: Option<&BoxId>,
    ) -> Result<(), String> {
        let mut command = command.to_vec();
        command[0] = resolve(&command[0], language)?;
        let limits = &self.assignment.limits;
        let spec = Spec {
            grader: &self.grader,
            command,
            work: out,
            fresh_work: false,
            readable: vec![source_folder.to_owned()],
            writable: Vec::new(),
            path: SYSTEM_PATH.into(),
            environment: Vec::new(),
            limits: build_limits(limits.memory_mib.max(2048), limits),
            processes: BUILD_PROCESSES,
            group: group.map(BoxId::id),
            boxed: None,
        };
        let ending = Job {
            launch: self.confinement.launch(spec)?,
            stdin: Vec::new(),
            stop: build_rules(limits, vec![out.to_owned()]),
        }
        .run()?;
        match (ending.status, ending.stopped) {
            (Some(status), _) if status.success() => Ok(()),
            (Some(_), _) => Err(format!(
                "build failed: {}",
                compiler_error(&ending.stderr, source_folder)
            )),
            (None, stopped) => Err(format!("build failed: {}", build_stopped(stopped, limits))),
        }
    }
}

/// Seals the one folder `path` (not what is inside): root's, the group's to
/// read and search.
fn seal_one(path: &Path, gid: u32) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    std::os::unix::fs::lchown(path, Some(0), Some(gid))
        .and_then(|()| std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o750)))
        .map_err(|error| format!("cannot seal {}: {error}", path.display()))
}

/// Why a build the watcher stopped was stopped, in a student's words.
pub fn build_stopped(stopped: Option<Stopped>, limits: &crate::assignment::Limits) -> String {
    match stopped {
        Some(Stopped::Disk(bytes)) => format!(
            "the build wrote more than {} MiB (the assignment's limits.build_scratch_mib)",
            bytes >> 20
        ),
        Some(Stopped::Output(bytes)) => {
            format!("the build printed more than {} MiB", bytes >> 20)
        }
        _ => format!("the build took longer than {} s", limits.build_seconds),
    }
}

/// When a build is stopped: past `seconds` on the clock (compilers run in
/// parallel, so processor time says little), past a generous amount of
/// compiler output, or past the assignment's disk for builds in `roots`.
pub fn build_rules(limits: &crate::assignment::Limits, roots: Vec<PathBuf>) -> StopRules {
    StopRules {
        processor: None,
        idle: false,
        wall: Duration::from_secs_f64(limits.build_seconds),
        output: 64 << 20,
        disk: Some(Disk {
            roots,
            limit: limits.build_scratch_mib << 20,
            // A target folder holds thousands of files: summed less often.
            every: Duration::from_millis(500),
        }),
    }
}

/// The limits of a build: `memory_mib` (compilers need more than the
/// checks), the assignment's stack, a processor backstop behind its
/// wall-clock limit, and files as large as a build's (1 GiB).
pub fn build_limits(memory_mib: u64, limits: &crate::assignment::Limits) -> ResourceLimits {
    ResourceLimits {
        memory_mib,
        stack_mib: limits.stack_mib.max(8),
        cpu_seconds: cpu_backstop(limits.build_seconds * 2.0),
        file_mib: 1024,
        ..ResourceLimits::default()
    }
}

/// A processor-time backstop for `seconds` of wall-clock time.
pub fn cpu_backstop(seconds: f64) -> u64 {
    seconds.ceil() as u64 + 1
}

/// The values of the placeholders of a language's commands.
struct Placeholders<'a> {
    sources: &'a [PathBuf],
    entry: &'a Entry,
    exe: &'a Path,
    out: &'a Path,
}

impl Placeholders<'_> {
    /// `words` with each placeholder replaced; `{sources}` standing alone
    /// becomes one word per source file, and `{main}` standing alone the
    /// two words `-m PACKAGE` for a Python package run as a module.
    fn expand(&self, words: &[String]) -> Vec<OsString> {
        let main = self.entry.main_words();
        let mut expanded = Vec::new();
        for word in words {
            match word.as_str() {
                "{sources}" => expanded.extend(
                    self.sources
                        .iter()
                        .map(|source| source.clone().into_os_string()),
                ),
                "{main}" => expanded.extend(main.iter().map(OsString::from)),
                _ => expanded.push(
                    word.replace("{main}", &main.join(" "))
                        .replace("{exe}", &self.exe.to_string_lossy())
                        .replace("{out}", &self.out.to_string_lossy())
                        .replace("{class}", &self.entry.class())
                        .into(),
                ),
            }
        }
        expanded
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_expand_to_paths() {
        let sources = [PathBuf::from("/s/a.c"), PathBuf::from("/s/queens.c")];
        let file = Entry::File("/s/queens.c".into());
        let words = |entry| Placeholders {
            sources: &sources,
            entry,
            exe: Path::new("/b/program"),
            out: Path::new("/b"),
        };
        let build = ["gcc", "-o", "{exe}", "{sources}", "-DMAIN={class}"].map(String::from);
        assert_eq!(
            words(&file).expand(&build),
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
        let python = ["python3", "{main}"].map(String::from);
        assert_eq!(
            words(&file).expand(&python),
            ["python3", "/s/queens.c"].map(OsString::from)
        );
        let module = Entry::Module {
            package: "nqueens".into(),
            folder: "/s".into(),
        };
        assert_eq!(
            words(&module).expand(&python),
            ["python3", "-m", "nqueens"].map(OsString::from)
        );
        let shell = ["sh", "-c", "exec python3 {main}"].map(String::from);
        assert_eq!(
            words(&module).expand(&shell),
            ["sh", "-c", "exec python3 -m nqueens"].map(OsString::from)
        );
        let class = Entry::Class {
            name: "nqueens.Main".into(),
            file: "/s/nqueens/Main.java".into(),
        };
        let java = ["java", "-cp", "{out}", "{class}"].map(String::from);
        assert_eq!(
            words(&class).expand(&java),
            ["java", "-cp", "/b", "nqueens.Main"].map(OsString::from)
        );
    }

    #[test]
    fn slugs_are_package_names() {
        assert_eq!(slug(3, "Zoë O'Neil"), "003-zo--o-neil");
    }
}
