//! The image of `cargo xtask gradescope-check`: a Gradescope-shaped tree in
//! a temporary folder, and each step run in a private mount namespace
//! with no network whose root holds this machine's system folders and the
//! tree at `/autograder` ([`IMAGE`]), as root, with bubblewrap hidden and
//! this machine's rustup toolchain where `setup.sh` installs one; what a
//! step left behind killed by PID ([`kill_marked`]); the unpacked files'
//! times kept between runs ([`keep_times`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::error::Error;
use crate::paths::target_dir;
use crate::system::set_mode;

/// The assignment the bundle is made with.
const ASSIGNMENT: &str = "\
# cargo xtask gradescope-check: the default assignment, with a seed so that
# two runs grade alike.
[scope]
seed = 20261127
";

/// The `PATH` of every step in the image, as a Gradescope container has it.
pub(super) const IMAGE_PATH: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// The grader `setup.sh` builds in the image.
const IMAGE_GRADER: &str = "/autograder/source/queens/target/release/queens-grade";

/// The variable that marks every process of a step, so that what a step
/// left behind can be found.
const MARK: &str = "QUEENS_GRADESCOPE_CHECK";

/// Lays out the image and runs a step in it. Its arguments: the mount
/// point of the image's root, the tree to show at `/autograder`, the kept
/// grader's and warm target folders, rustup's home and the folder of its
/// proxies, an empty file without execute bits to bind over bubblewrap
/// (outside the image's root, which cannot be bound from); then the step's
/// command.
const IMAGE: &str = r#"set -eu
root=$1 autograder=$2 grader_target=$3 warm=$4 rustup_home=$5 proxies=$6 nothing=$7
shift 7
mount -t tmpfs -o mode=0755 gradescope-image "$root"
# Folders are bound with what is mounted below them, and the root lies
# below one of them: it must not be bound into itself.
mount --make-unbindable "$root"
# Shows each entry of the folder $1 at $2: folders bound, links copied.
mirror() {
    for entry in "$1"/*; do
        name=${entry##*/}
        if [ "$name" = autograder ]; then continue; fi
        if [ -L "$entry" ]; then
            ln -s "$(readlink "$entry")" "$2/$name"
        elif [ -d "$entry" ]; then
            mkdir "$2/$name"
            mount --rbind "$entry" "$2/$name"
        fi
    done
}
mirror / "$root"
mkdir "$root/autograder"
mount --bind "$autograder" "$root/autograder"
mount --bind "$grader_target" "$root/autograder/source/queens/target"
mount --bind "$warm" "$root/autograder/source/warm"
# This machine's toolchain where setup.sh's step 2 installs one.
mount -t tmpfs -o mode=0755 usr-local "$root/usr/local"
mirror /usr/local "$root/usr/local"
mkdir -p "$root/usr/local/rustup" "$root/usr/local/cargo/bin"
mount --bind -o ro "$rustup_home" "$root/usr/local/rustup"
mount --bind -o ro "$proxies" "$root/usr/local/cargo/bin"
exec chroot "$root" /bin/sh -c '
    set -eu
    nothing=$1
    shift
    export PATH=/usr/sbin:/usr/bin:/sbin:/bin
    for found in $(which -a bwrap || true); do mount --bind "$nothing" "$found"; done
    if command -v bwrap > /dev/null; then echo "bubblewrap is still visible" >&2; exit 1; fi
    cd /autograder
    exec "$@"' image "$nothing" "$@"
"#;

/// The Gradescope-shaped tree and what the image's steps are run with.
pub(super) struct Image {
    /// The temporary folder: `root/` (the image's mount point),
    /// `autograder/`, `logs/`, `no-bubblewrap`, the assignment and the zip.
    folder: tempfile::TempDir,
    /// The grader's target folder, kept between runs.
    grader_target: PathBuf,
    /// The suite's dependencies, kept between runs.
    warm: PathBuf,
    rustup_home: PathBuf,
    proxies: PathBuf,
}

/// A step that ran in the image.
pub(super) struct Ran {
    what: &'static str,
    status: std::process::ExitStatus,
    pub(super) seconds: f64,
    /// Its stdout and stderr.
    log: String,
    /// The processes it left, killed.
    left: usize,
}

impl Ran {
    /// Prints, indented, the lines of its log that `shown` picks.
    fn print_lines(&self, shown: impl Fn(&str) -> bool) {
        for line in self.log.lines().filter(|line| shown(line)) {
            println!("  {line}");
        }
        println!(
            "  ({} exited with {} in {:.1} s)",
            self.what, self.status, self.seconds
        );
    }

    /// Whether it succeeded and left nothing; if not, notes why in
    /// `failures` under `name` and prints the end of its log.
    pub(super) fn succeeded(&self, failures: &mut Vec<String>, name: &str) -> bool {
        let mut wrong = Vec::new();
        if !self.status.success() {
            wrong.push(format!("{name} exited with {}", self.status));
            let lines: Vec<&str> = self.log.lines().collect();
            for line in &lines[lines.len().saturating_sub(30)..] {
                println!("  | {line}");
            }
        }
        if self.left > 0 {
            wrong.push(format!(
                "{name} left {} processes behind (killed)",
                self.left
            ));
        }
        let ok = wrong.is_empty();
        failures.extend(wrong);
        ok
    }
}

impl Image {
    /// Makes the temporary folder and the kept build folders.
    pub(super) fn new(rustup_home: PathBuf, proxies: PathBuf) -> Result<Self, Error> {
        let failed =
            |error: std::io::Error| Error::Failed(format!("cannot lay out the image: {error}"));
        let folder = tempfile::tempdir().map_err(failed)?;
        let kept = target_dir().join("gradescope-check");
        let image = Image {
            folder,
            grader_target: kept.join("grader"),
            warm: kept.join("warm"),
            rustup_home,
            proxies,
        };
        for made in [
            image.path("root"),
            image.path("logs"),
            image.autograder().join("submission"),
            image.autograder().join("results"),
            image.grader_target.clone(),
            image.warm.clone(),
        ] {
            std::fs::create_dir_all(&made).map_err(failed)?;
        }
        set_mode(&image.autograder(), 0o755)?;
        std::fs::write(image.path("no-bubblewrap"), "").map_err(failed)?;
        set_mode(&image.path("no-bubblewrap"), 0o644)?;
        Ok(image)
    }

    /// A path in the temporary folder.
    fn path(&self, relative: &str) -> PathBuf {
        self.folder.path().join(relative)
    }

    /// What the image shows at `/autograder`.
    pub(super) fn autograder(&self) -> PathBuf {
        self.path("autograder")
    }

    /// Makes the bundle with `grader`, printing what it says; its path.
    pub(super) fn bundle(&self, grader: &Path) -> Result<PathBuf, Error> {
        let (assignment, zip) = (self.path("assignment.toml"), self.path("autograder.zip"));
        std::fs::write(&assignment, ASSIGNMENT)
            .map_err(|error| Error::Failed(error.to_string()))?;
        let output = Command::new(grader)
            .arg("gradescope-bundle")
            .arg("--assignment")
            .arg(&assignment)
            .arg("--out")
            .arg(&zip)
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .map_err(|error| Error::Failed(format!("cannot run {}: {error}", grader.display())))?;
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            println!("  {line}");
        }
        if output.status.success() {
            Ok(zip)
        } else {
            Err(Error::Failed(format!(
                "queens-grade gradescope-bundle failed ({})",
                output.status
            )))
        }
    }

    /// Unpacks the bundle into `/autograder/source`, and copies
    /// `run_autograder` to `/autograder`, as Gradescope does; makes the
    /// mount points of the kept build folders.
    pub(super) fn unpack(&self, zip: &Path) -> Result<(), Error> {
        let failed = |error: String| Error::Failed(format!("cannot unpack the bundle: {error}"));
        let file = std::fs::File::open(zip).map_err(|error| failed(error.to_string()))?;
        let mut archive = zip::ZipArchive::new(file).map_err(|error| failed(error.to_string()))?;
        let source = self.autograder().join("source");
        archive
            .extract(&source)
            .map_err(|error| failed(error.to_string()))?;
        let mut wrong = Vec::new();
        for script in ["setup.sh", "run_autograder"] {
            let mode = archive
                .by_name(script)
                .ok()
                .and_then(|entry| entry.unix_mode())
                .unwrap_or(0);
            if mode & 0o777 != 0o755 {
                wrong.push(format!("{script} is mode {:o}, not 755", mode & 0o777));
            }
        }
        if !wrong.is_empty() {
            return Err(failed(wrong.join(", ")));
        }
        let vendored = std::fs::read_dir(source.join("cargo/vendor"))
            .map_err(|error| failed(error.to_string()))?
            .count();
        println!(
            "  unpacked into /autograder/source: {} files, {vendored} vendored crates, setup.sh \
             and run_autograder mode 755",
            archive.len()
        );
        std::fs::copy(
            source.join("run_autograder"),
            self.autograder().join("run_autograder"),
        )
        .map_err(|error| failed(error.to_string()))?;
        keep_times(&source, &self.grader_target.with_file_name("times"))?;
        for mount_point in ["queens/target", "warm"] {
            std::fs::create_dir_all(source.join(mount_point))
                .map_err(|error| failed(error.to_string()))?;
        }
        Ok(())
    }

    /// Runs `setup.sh`'s offline part in the image, printing its steps;
    /// errs when it fails, as nothing can be graded then.
    pub(super) fn set_up(&self) -> Result<(), Error> {
        println!(
            "gradescope-check: setup.sh, offline, as root, with QUEENS_SETUP_OFFLINE=1: skipped \
             its steps 1 and 2 (apt-get install and rustup's download); this machine's gcc, g++, \
             python3, javac and rustup toolchain ({}, bound read-only at /usr/local/rustup and \
             /usr/local/cargo/bin) stand for them",
            self.rustup_home.display()
        );
        let words = [
            "QUEENS_SETUP_OFFLINE=1",
            "bash",
            "/autograder/source/setup.sh",
        ];
        let setup = self.run("setup", &words)?;
        setup.print_lines(|line| line.starts_with("setup:"));
        println!("  (cargo compiled {})", compiled(&setup.log));
        let mut failures = Vec::new();
        if setup.succeeded(&mut failures, "setup.sh") {
            Ok(())
        } else {
            Err(Error::Failed(failures.join("; ")))
        }
    }

    /// Prints `queens-grade walls` of the grader built in the image.
    pub(super) fn print_walls(&self, failures: &mut Vec<String>) -> Result<(), Error> {
        println!("gradescope-check: the walls of the grader built in the image");
        let walls = self.run("walls", &[IMAGE_GRADER, "walls"])?;
        walls.print_lines(|_| true);
        walls.succeeded(failures, "queens-grade walls");
        Ok(())
    }

    /// Runs `command` in the image (preceded by `NAME=value` words for its
    /// environment), its output logged; then kills what it left behind.
    pub(super) fn run(&self, what: &'static str, command: &[&str]) -> Result<Ran, Error> {
        let failed = |error: std::io::Error| Error::Failed(format!("cannot run {what}: {error}"));
        let log_path = self.path("logs").join(what);
        let log = std::fs::File::create(&log_path).map_err(failed)?;
        let mark = format!("{MARK}={}", std::process::id());
        let started = Instant::now();
        let status = Command::new("unshare")
            .args([
                "--mount",
                "--net",
                "--propagation",
                "private",
                "--",
                "/bin/sh",
                "-c",
                IMAGE,
                "image",
            ])
            .arg(self.path("root"))
            .arg(self.autograder())
            .arg(&self.grader_target)
            .arg(&self.warm)
            .arg(&self.rustup_home)
            .arg(&self.proxies)
            .arg(self.path("no-bubblewrap"))
            .args(["env", "-i", "HOME=/root", "LANG=C.UTF-8"])
            .arg(format!("PATH={IMAGE_PATH}"))
            .arg(&mark)
            .args(command)
            .env(MARK, std::process::id().to_string())
            .stdin(Stdio::null())
            .stdout(log.try_clone().map_err(failed)?)
            .stderr(log)
            .status()
            .map_err(failed)?;
        let seconds = started.elapsed().as_secs_f64();
        let left = kill_marked(&mark);
        let log = String::from_utf8_lossy(&std::fs::read(&log_path).map_err(failed)?).into_owned();
        Ok(Ran {
            what,
            status,
            seconds,
            log,
            left,
        })
    }
}

/// The crates cargo says it compiled in `log`: their names, or how many
/// when the grader's dependencies were among them (a first run).
fn compiled(log: &str) -> String {
    let crates: Vec<&str> = log
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("Compiling "))
        .filter_map(|unit| unit.split(' ').next())
        .collect();
    match crates.len() {
        0 => "nothing: every crate was as the last run left it".to_owned(),
        1..=8 => crates.join(", "),
        many => format!("{many} crates, the grader's dependencies among them"),
    }
}

/// Gives each unpacked file of `source` that is as it was in the last
/// run the modification time it had then, and notes this run's times
/// for the next in `index` (a line per file: its time, a hash of its
/// bytes and its path). Cargo goes by those
/// times, for the grader's crates and for the build scripts of
/// vendored ones: unpacked anew, every file would be newer than the
/// kept builds and everything rebuilt every run; so only what changed
/// is rebuilt.
fn keep_times(source: &Path, index: &Path) -> Result<(), Error> {
    let then = std::fs::read_to_string(index).unwrap_or_default();
    let then: HashMap<&str, (&str, SystemTime)> = then
        .lines()
        .filter_map(|line| {
            let mut words = line.splitn(3, ' ');
            let (time, hash, path) = (words.next()?, words.next()?, words.next()?);
            let (seconds, nanos) = time.split_once('.')?;
            let since = Duration::new(seconds.parse().ok()?, nanos.parse().ok()?);
            Some((path, (hash, UNIX_EPOCH + since)))
        })
        .collect();
    let mut now = String::new();
    let mut files = Vec::new();
    list_files(source, Path::new(""), &mut files)?;
    files.sort();
    for relative in files {
        let (path, shown) = (source.join(&relative), relative.display().to_string());
        let failed = |error: std::io::Error| Error::Failed(format!("{shown}: {error}"));
        let mut hasher = std::hash::DefaultHasher::new();
        std::hash::Hasher::write(&mut hasher, &std::fs::read(&path).map_err(failed)?);
        let hash = format!("{:016x}", std::hash::Hasher::finish(&hasher));
        let time = match then.get(shown.as_str()) {
            Some(&(kept, time)) if kept == hash => {
                let file = std::fs::File::options().write(true).open(&path);
                file.and_then(|file| file.set_modified(time))
                    .map_err(failed)?;
                time
            }
            _ => std::fs::metadata(&path)
                .and_then(|meta| meta.modified())
                .map_err(failed)?,
        };
        let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
        let (seconds, nanos) = (since.as_secs(), since.subsec_nanos());
        now.push_str(&format!("{seconds}.{nanos} {hash} {shown}\n"));
    }
    std::fs::write(index, now)
        .map_err(|error| Error::Failed(format!("{}: {error}", index.display())))
}

/// Adds the files below `folder` to `files`, by their path from it
/// (`prefix` is the folder's).
fn list_files(folder: &Path, prefix: &Path, files: &mut Vec<PathBuf>) -> Result<(), Error> {
    let failed = |error: std::io::Error| Error::Failed(format!("{}: {error}", folder.display()));
    for entry in std::fs::read_dir(folder).map_err(failed)? {
        let entry = entry.map_err(failed)?;
        let relative = prefix.join(entry.file_name());
        if entry.file_type().map_err(failed)?.is_dir() {
            list_files(&entry.path(), &relative, files)?;
        } else {
            files.push(relative);
        }
    }
    Ok(())
}

/// Kills every process whose environment holds `mark`; how many.
fn kill_marked(mark: &str) -> usize {
    let marked: Vec<i32> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ")).is_ok_and(|environ| {
                environ
                    .split(|&byte| byte == 0)
                    .any(|word| word == mark.as_bytes())
            })
        })
        .collect();
    for &pid in &marked {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    marked.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unchanged_file_keeps_its_time_from_the_last_run() {
        let folder = tempfile::tempdir().unwrap();
        let (source, index) = (folder.path().join("source"), folder.path().join("times"));
        std::fs::create_dir_all(source.join("src")).unwrap();
        let (same, changed) = (source.join("src/lib.rs"), source.join("Cargo.lock"));
        std::fs::write(&same, "pub fn solver() {}\n").unwrap();
        std::fs::write(&changed, "version = 4\n").unwrap();
        let then = UNIX_EPOCH + Duration::new(1_700_000_000, 5);
        for file in [&same, &changed] {
            let file = std::fs::File::options().write(true).open(file).unwrap();
            file.set_modified(then).unwrap();
        }
        keep_times(&source, &index).unwrap();
        // Unpacked again: both new, one with other bytes.
        std::fs::write(&same, "pub fn solver() {}\n").unwrap();
        std::fs::write(&changed, "version = 3\n").unwrap();
        keep_times(&source, &index).unwrap();
        let modified = |file: &Path| std::fs::metadata(file).unwrap().modified().unwrap();
        assert_eq!(modified(&same), then);
        assert!(modified(&changed) > then);
        let lines: Vec<String> = std::fs::read_to_string(&index)
            .unwrap()
            .lines()
            .map(|line| line.split(' ').skip(2).collect())
            .collect();
        assert_eq!(lines, ["Cargo.lock", "src/lib.rs"]);
    }
}
