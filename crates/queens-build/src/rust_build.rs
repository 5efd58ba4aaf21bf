//! Building a Rust submission: its crate, copied, and a small harness
//! program around it whose `main` serves its solver to the judges of its
//! checks (`queens_conformance::remote::serve`), compiled offline.
//!
//! The crate's dependencies on `queens-core` and `queens-conformance` are
//! pointed at the grader's own copies, whatever the student wrote: the
//! suite a submission is graded by is the teacher's.
//!
//! # The suite's dependencies, built once
//!
//! Compiling the suite and its dependencies takes a minute; a class of
//! thirty must not take thirty. So the grader first builds the harness
//! around a crate of its own into a folder it keeps between runs
//! ([`crate::warm`]: `--target-dir`, by default in the user's cache), as
//! the warm box: the one uid no student's build runs as. Each student's build then starts
//! from a copy of that folder made of hard links, in the submission's own
//! scratch folder, and compiles only the student's crate and the harness:
//! the linked files belong to the warm box and cannot be changed by the
//! build, whose uid owns only the folders (and may add files to them, or
//! drop a link of its own copy). Cargo finds the copied units fresh wherever
//! the folder lies, since the sources and the registry are where they were.
//!
//! A build's `build.rs` and procedural macros are student code: the build
//! runs confined like a check, as a box of its own, reading the toolchain,
//! the registry and the grader's two crates, writing only its harness and
//! target folders, whose bytes are summed twice a second against the
//! assignment's `build_scratch_mib`. The built harness is copied out and
//! sealed; the target folder is removed at once.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use queens_jail::boxes::{self, BoxId};
use queens_jail::copy::copy_submission;
use queens_jail::isolation::{Job, SYSTEM_PATH};
use queens_jail::permissions::{open_crate_sources_to_others, reachable_by_others, seal};
use queens_jail::sandbox::Spec;
use queens_jail::words::first_line;

use crate::prepare::{BUILD_PROCESSES, Built, Workshop, build_limits, build_rules, build_stopped};
use crate::side::Side;
use crate::template::{self, Source, WORKSPACE_LOCK};
use crate::warm::Warm;

/// The name of every harness package: one name, so that the warm build's
/// units are the students' too.
const HARNESS: &str = "grade-harness";

impl Workshop {
    /// Copies, rewrites and builds a Rust crate with its harness.
    pub fn prepare_crate(
        &self,
        submission: &crate::submission::Submission,
        home: &Path,
        group: Option<&BoxId>,
    ) -> Result<Built, String> {
        self.toolchain_is_reachable()?;
        let copy = home.join("crate");
        copy_submission(&submission.path, &copy, |name| name == "target")
            .map_err(|error| format!("not a submission: {error}"))?;
        let package = rewrite_manifest(&copy.join("Cargo.toml"), &self.crates)?;
        if let Some(group) = group {
            seal(&copy, group.id())?;
        }
        let harness = home.join("harness");
        write_harness(&harness, &package, &self.crates)?;
        let target = home.join("target");
        std::fs::create_dir(&target).map_err(|error| error.to_string())?;
        if let Some(warm) = &self.warm
            && self.warm_up(warm).is_ok()
        {
            link_tree(&warm.target(), &target)?;
        }
        let bin = home.join("bin");
        let check = bin.join("check");
        let built = self
            .cargo_build(&harness, &target, &copy, group.map(BoxId::id), None)
            .and_then(|()| {
                std::fs::create_dir(&bin)
                    .and_then(|()| std::fs::copy(target.join("release").join(HARNESS), &check))
                    .map_err(|error| format!("cannot copy the built harness: {error}"))
            });
        // Nothing the build wrote is kept but the harness.
        let _ = std::fs::remove_dir_all(&target);
        built?;
        if let Some(group) = group {
            seal(&bin, group.id())?;
        }
        Ok(Built {
            side: Side::Crate { harness: check },
            readable: vec![bin],
            home: home.to_owned(),
            group: None,
            time_factor: 1.0,
            skipped: Vec::new(),
            granted: Vec::new(),
        })
    }

    /// Builds the warm folder, if there is one, before any crate asks for
    /// it: a run starts it at once, on a thread of its own, and grades its
    /// programs meanwhile; `queens-grade warm` builds it alone.
    pub fn build_warm_folder(&self) -> Result<(), String> {
        self.warm.as_ref().map_or(Ok(()), |warm| self.warm_up(warm))
    }

    /// Builds the warm folder once per run (a Rust submission that comes
    /// while it builds waits for it); whether it could be.
    fn warm_up(&self, warm: &Warm) -> Result<(), String> {
        warm.once(|| self.build_warm(warm))
    }

    /// Builds the harness around a crate of the grader's own into the warm
    /// folder, as the warm box.
    fn build_warm(&self, warm: &Warm) -> Result<(), String> {
        let boxed = self
            .confinement
            .boxes()
            .then(boxes::take_warm)
            .transpose()?;
        let (copy, harness, target) = (warm.copy(), warm.harness(), warm.target());
        // Made once and left alone, so that cargo finds the units of an
        // earlier run fresh: a file is written again only when it changes.
        if !copy.join("Cargo.toml").is_file() {
            template::new_submission(
                &copy,
                "queens-grade-warm",
                &Source::Path(self.crates.clone()),
            )?;
            rewrite_manifest(&copy.join("Cargo.toml"), &self.crates)?;
        }
        write_harness(&harness, "queens-grade-warm", &self.crates)?;
        std::fs::create_dir_all(&target).map_err(|error| error.to_string())?;
        self.cargo_build(&harness, &target, &copy, None, boxed)
    }

    /// Runs `cargo build` on the harness around the crate at `copy`,
    /// offline, confined like a check but allowed to write the harness and
    /// target folders and read cargo's registry, the toolchain, the
    /// grader's crates and the crate. Errs with the verdict of a build that
    /// failed.
    fn cargo_build(
        &self,
        harness: &Path,
        target: &Path,
        copy: &Path,
        group: Option<u32>,
        boxed: Option<BoxId>,
    ) -> Result<(), String> {
        let toolchain = Toolchain::find()?;
        let cargo_home = cargo_home();
        if self.confinement.boxes() {
            open_crate_sources_to_others(&cargo_home)?;
        }
        let mut command: Vec<OsString> = vec![toolchain.cargo.clone().into()];
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
        // The toolchain's own cargo and rustc, not rustup's proxies: the
        // build needs neither rustup nor its home.
        let environment: Vec<(OsString, OsString)> = vec![
            ("CARGO_HOME".into(), cargo_home.clone().into()),
            ("RUSTC".into(), toolchain.rustc.clone().into()),
            ("CARGO_TERM_COLOR".into(), "never".into()),
        ];
        let limits = &self.assignment.limits;
        let mut readable = vec![copy.to_owned()];
        readable.extend(self.grader_crates());
        // The toolchain and the registry it builds from offline, read-only.
        readable.extend([toolchain.sysroot.clone(), cargo_home]);
        let mut path = OsString::from(toolchain.sysroot.join("bin"));
        path.push(":");
        path.push(SYSTEM_PATH);
        let spec = Spec {
            grader: &self.grader,
            command,
            work: harness,
            fresh_work: false,
            readable,
            writable: vec![target.to_owned()],
            path,
            environment,
            limits: build_limits(limits.memory_mib.max(4096), limits),
            processes: BUILD_PROCESSES,
            group,
            boxed,
        };
        let ending = Job {
            launch: self.confinement.launch(spec)?,
            stdin: Vec::new(),
            stop: build_rules(limits, vec![harness.to_owned(), target.to_owned()]),
        }
        .run()?;
        match (ending.status, ending.stopped) {
            (Some(status), _) if status.success() => Ok(()),
            (Some(_), _) => Err(build_error(&ending.stderr, copy)),
            (None, stopped) => Err(format!("build failed: {}", build_stopped(stopped, limits))),
        }
    }

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

    /// Without the jail a build runs as a box with no view of its own:
    /// errs, naming what blocks it, when that uid cannot reach the
    /// toolchain, the registry or the grader's crates.
    fn toolchain_is_reachable(&self) -> Result<(), String> {
        if self.confinement.is_sandboxed() || !self.confinement.boxes() {
            return Ok(());
        }
        let needed = [
            Toolchain::find()?.sysroot,
            cargo_home(),
            self.crates.clone(),
        ];
        needed.iter().try_for_each(|path| {
            reachable_by_others(path).map_err(|blocked| {
                format!(
                    "build failed: without bubblewrap a build runs as a uid of its own, which \
                     cannot reach {} ({blocked}): install bubblewrap (Debian package: \
                     bubblewrap), or a Rust toolchain every user can read",
                    path.display()
                )
            })
        })
    }
}

/// The Rust toolchain builds run: its own `cargo` and `rustc`, in its
/// sysroot (`rustc --print sysroot`: where rustup keeps the toolchain it
/// would run, or `/usr` for Debian's).
pub struct Toolchain {
    /// Its sysroot.
    pub sysroot: PathBuf,
    /// Its `cargo`.
    pub cargo: PathBuf,
    /// Its `rustc`.
    pub rustc: PathBuf,
}

impl Toolchain {
    /// The toolchain of `$RUSTC`, or of the `rustc` on the grader's `PATH`.
    pub fn find() -> Result<Self, String> {
        let missing = || "rustc is not installed (a Rust toolchain, from rustup or Debian's rustc)";
        let rustc = match std::env::var_os("RUSTC") {
            Some(rustc) => PathBuf::from(rustc),
            None => which::which("rustc").map_err(|_| missing().to_owned())?,
        };
        let printed = std::process::Command::new(&rustc)
            .args(["--print", "sysroot"])
            .output()
            .map_err(|error| format!("{}: {error}", rustc.display()))?;
        if !printed.status.success() {
            return Err(format!(
                "{} --print sysroot failed: {}",
                rustc.display(),
                first_line(&printed.stderr)
            ));
        }
        let sysroot = PathBuf::from(String::from_utf8_lossy(&printed.stdout).trim());
        let tool = |name: &str| {
            let own = sysroot.join("bin").join(name);
            if own.is_file() {
                Ok(own)
            } else {
                which::which(name).map_err(|_| format!("{name} is not installed beside rustc"))
            }
        };
        Ok(Toolchain {
            cargo: tool("cargo")?,
            rustc: tool("rustc")?,
            sysroot,
        })
    }
}

/// Makes `to` a copy of the target folder `from` made of hard links: each
/// folder made anew, each file of the compiled units linked (copied where a
/// link cannot be made, across file systems). The files of the top two
/// levels (cargo's lock and caches, the harness built last time) are left
/// out: a build writes those afresh, and could not write over a link to a
/// file of the warm box's.
fn link_tree(from: &Path, to: &Path) -> Result<(), String> {
    link_below(from, to, 0)
}

/// [`link_tree`] of a folder `depth` levels below the target folder.
fn link_below(from: &Path, to: &Path, depth: usize) -> Result<(), String> {
    let entries =
        std::fs::read_dir(from).map_err(|error| format!("{}: {error}", from.display()))?;
    for entry in entries.filter_map(Result::ok) {
        let (source, destination) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type().map_err(|error| error.to_string())?;
        if kind.is_dir() {
            std::fs::create_dir(&destination).map_err(|error| error.to_string())?;
            link_below(&source, &destination, depth + 1)?;
        } else if kind.is_file() && depth >= 2 && std::fs::hard_link(&source, &destination).is_err()
        {
            std::fs::copy(&source, &destination)
                .map_err(|error| format!("{}: {error}", destination.display()))?;
        }
    }
    Ok(())
}

/// The first error of a failed cargo build, with the scratch paths taken
/// out, and a hint when the harness cannot call the crate's `solver()`:
/// the verdict of a submission that did not build.
/// Cargo names the crate's files by their full path (it is a dependency of
/// the harness) and the harness's own relative to it.
fn build_error(stderr: &[u8], copy: &Path) -> String {
    format!("build failed: {}", first_error(stderr, copy))
}

/// The first error line of a cargo build's output.
fn first_error(stderr: &[u8], copy: &Path) -> String {
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

/// Writes the harness crate that serves the student's solver.
fn write_harness(harness: &Path, package: &str, crates: &Path) -> Result<(), String> {
    let manifest = format!(
        r#"[package]
name = "{HARNESS}"
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
    let main = r#"//! Serves the submission's solver to queens-grade's judges.
fn main() -> std::process::ExitCode {
    queens_conformance::remote::serve(&|| Box::new(student::solver()))
}
"#;
    // Written only when missing or changed: the warm harness is kept.
    let write = |path: PathBuf, text: &str| {
        if std::fs::read_to_string(&path).is_ok_and(|old| old == text) {
            return Ok(());
        }
        std::fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display()))
    };
    for folder in [harness.to_owned(), harness.join("src")] {
        if !folder.is_dir() {
            std::fs::create_dir(&folder)
                .map_err(|error| format!("{}: {error}", folder.display()))?;
        }
    }
    write(harness.join("Cargo.toml"), &manifest)?;
    write(harness.join("Cargo.lock"), WORKSPACE_LOCK)?;
    write(harness.join("src/main.rs"), main)
}

/// Cargo's home: `$CARGO_HOME`, or `~/.cargo`.
fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")))
        .unwrap_or_else(|| PathBuf::from(".cargo"))
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
}
