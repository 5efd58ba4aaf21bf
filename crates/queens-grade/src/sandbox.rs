//! The jail a submission's builds and checks run in: an unprivileged user,
//! a view of the file system that holds only what they need, no network, a
//! memory cgroup that counts every page, and scratch space of a set size.
//!
//! # Why a namespace alone is not a jail
//!
//! Bubblewrap makes the sandbox: new mount, process, IPC, network and UTS
//! namespaces. But a grader run as root that maps root to uid 65534 inside
//! a user namespace is still root to the kernel's permission checks on the
//! files it can see (`bwrap --unshare-user --uid 65534 --ro-bind / / cat
//! /etc/shadow` prints it). So as root the grader runs bubblewrap itself as
//! root, without a user namespace, to build the view, and the first thing
//! inside is `setpriv`, which drops the real and effective user and group
//! to 65534 (nobody), clears the supplementary groups, and empties every
//! capability set, bounding set included, before the submission's code
//! starts. From there the kernel treats the submission as nobody, in a
//! file system that holds nothing else anyway. A grader run by an ordinary
//! user runs bubblewrap in a user namespace, as that user, who is already
//! unprivileged.
//!
//! # What a submission sees
//!
//! Only what a compiler and an interpreter need, and its own files:
//!
//! - the system's `/usr`, read-only, and `/bin`, `/sbin`, `/lib*` as the
//!   host has them (links into `/usr` on a merged system);
//! - from `/etc`, the few entries programs read ([`ETC_KEPT`]: the
//!   dynamic linker's cache, the alternatives, Java's and Python's own
//!   settings, `passwd` and `group`), never `shadow`, `ssh` or the rest;
//! - `/dev`'s standard devices and a `/proc` of its own processes;
//! - its own copy (read-only for checks) and what the run declares, each
//!   bound at its path, the folders above it made empty and traversable;
//! - a `/tmp`, and for a check its working folder, each a tmpfs of the
//!   assignment's `scratch_mib`, so a program that fills its disk stops at
//!   that size and leaves nothing behind.
//!
//! The teacher's home, the class folder, the repository, the other
//! submissions and `/etc/shadow` are simply not there, whatever folder the
//! grader was started from.
//!
//! # Memory, and what held
//!
//! `RLIMIT_DATA` does not count shared mappings; a memory cgroup does
//! ([`crate::cgroup`]), and tmpfs files too. The grader uses one wherever it
//! can make one (as root, on this kind of machine), and the report's
//! confinement line says which limit held, and whether the scratch size
//! did.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use crate::cgroup::{MemoryControl, Version};
use crate::words::first_line;

/// What a run sees of the host besides the system, and where it works.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mounts<'a> {
    /// Its working folder.
    pub(crate) work: &'a Path,
    /// Whether the working folder is a fresh tmpfs of the scratch size (a
    /// check, whose files nobody reads after it) rather than the host's
    /// folder (a build, whose output is kept).
    pub(crate) fresh_work: bool,
    /// What it may read.
    pub(crate) readable: &'a [PathBuf],
    /// What it may write besides its working folder.
    pub(crate) writable: &'a [PathBuf],
}

/// The unprivileged user (and group) a root grader runs submissions as:
/// `nobody` on Debian.
pub(crate) const NOBODY: u32 = 65534;

/// The entries of `/etc` a sandboxed run sees: what the dynamic linker,
/// the alternatives (`java`, `cc`), Java, Python and a user lookup read.
pub(crate) const ETC_KEPT: [&str; 12] = [
    "alternatives",
    "group",
    "java-17-openjdk",
    "java-21-openjdk",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "nsswitch.conf",
    "passwd",
    "python3",
    "ssl",
];

/// The top-level folders that hold the system's programs and libraries,
/// bound as the host has them.
const SYSTEM_ROOTS: [&str; 7] = ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/// How the runs of this grading are confined.
#[derive(Clone, Debug)]
pub(crate) struct Confinement {
    /// The jail, or why there is none.
    jail: Result<Jail, String>,
    /// The memory controller, or why there is none.
    memory: Result<MemoryControl, String>,
    /// The size of each scratch tmpfs, in MiB.
    scratch_mib: u64,
}

/// Bubblewrap, and how to use it here.
#[derive(Clone, Debug)]
struct Jail {
    bwrap: PathBuf,
    /// `setpriv`, when the grader is root: the jail's first command, which
    /// makes the run nobody.
    setpriv: Option<PathBuf>,
    /// The arguments that show the system: `/usr`, its links, `/etc`'s
    /// kept entries.
    system: Vec<OsString>,
}

impl Confinement {
    /// The confinement of a grading: bubblewrap where it is installed and
    /// works (unless `wanted` is false), a memory cgroup where one can be
    /// made, scratch space of `scratch_mib`. Errs when the grader is root
    /// and no jail can be made: root's submissions are confined or not run,
    /// unless `--no-sandbox` says otherwise.
    pub(crate) fn detect(wanted: bool, scratch_mib: u64) -> Result<Self, String> {
        let root = nix::unistd::geteuid().is_root();
        let jail = if wanted {
            Jail::detect(root)
        } else {
            Err("--no-sandbox was given".to_owned())
        };
        if let (Err(why), true, true) = (&jail, root, wanted) {
            return Err(format!(
                "as root, submissions run as nobody in bubblewrap, and here {why}; \
                 --no-sandbox runs them as root, unconfined"
            ));
        }
        Ok(Confinement {
            jail,
            memory: MemoryControl::detect(),
            scratch_mib,
        })
    }

    /// Whether runs are jailed.
    pub(crate) fn is_sandboxed(&self) -> bool {
        self.jail.is_ok()
    }

    /// Whether runs are nobody's: the grader must hand the files a run
    /// writes to [`NOBODY`].
    pub(crate) fn runs_as_nobody(&self) -> bool {
        self.jail.as_ref().is_ok_and(|jail| jail.setpriv.is_some())
    }

    /// The memory controller runs are limited by, if any.
    pub(crate) fn memory(&self) -> Option<&MemoryControl> {
        self.memory.as_ref().ok()
    }

    /// One line for reports: how runs were confined, and which limits held.
    pub(crate) fn describe(&self) -> String {
        let memory = match &self.memory {
            Ok(control) => format!(
                "memory limited by a cgroup ({}), shared memory and tmpfs files counted",
                match control.version() {
                    Version::V1 => "v1",
                    Version::V2 => "v2",
                }
            ),
            Err(why) => format!(
                "memory limited by RLIMIT_DATA only, which does not count shared mappings ({why})"
            ),
        };
        match &self.jail {
            Ok(jail) => format!(
                "sandboxed with bubblewrap{}: no network, only the system's /usr and a few /etc \
                 files besides the submission, scratch of {} MiB; {memory}",
                if jail.setpriv.is_some() {
                    " as nobody (uid 65534)"
                } else {
                    ""
                },
                self.scratch_mib
            ),
            Err(why) => format!("not sandboxed: {why}; {memory}"),
        }
    }

    /// `command` wrapped to run in the jail: the readable paths of
    /// `mounts` read-only, its writable ones and (for a build) its working
    /// folder writable, a check's working folder and `/tmp` fresh tmpfs of
    /// the scratch size. Unchanged when runs are not jailed.
    pub(crate) fn wrap(&self, command: Vec<OsString>, mounts: &Mounts<'_>) -> Vec<OsString> {
        let Ok(jail) = &self.jail else {
            return command;
        };
        let mut view = View::default();
        view.words.push(jail.bwrap.clone().into());
        view.add(&["--die-with-parent", "--unshare-ipc", "--unshare-pid"]);
        view.add(&["--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]);
        if jail.setpriv.is_none() {
            view.add(&["--unshare-user"]);
        }
        view.words.extend(jail.system.iter().cloned());
        view.add(&["--dev", "/dev", "--proc", "/proc"]);
        view.tmpfs(Path::new("/tmp"), self.scratch_mib);
        for path in mounts.readable {
            view.bind("--ro-bind", path);
        }
        for path in mounts.writable {
            view.bind("--bind", path);
        }
        if mounts.fresh_work {
            view.tmpfs(mounts.work, self.scratch_mib);
        } else {
            view.bind("--bind", mounts.work);
        }
        view.words
            .extend(["--chdir".into(), mounts.work.into(), "--".into()]);
        if let Some(setpriv) = &jail.setpriv {
            view.words.push(setpriv.clone().into());
            view.add(&[
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "--inh-caps=-all",
                "--bounding-set=-all",
                "--",
            ]);
        }
        view.words.extend(command);
        view.words
    }
}

impl Jail {
    /// Bubblewrap (and, as root, setpriv) if installed and working here.
    fn detect(root: bool) -> Result<Self, String> {
        let bwrap = which::which("bwrap")
            .map_err(|_| "bubblewrap is not installed (Debian package: bubblewrap)".to_owned())?;
        let setpriv =
            if root {
                Some(which::which("setpriv").map_err(|_| {
                    "setpriv is not installed (Debian package: util-linux)".to_owned()
                })?)
            } else {
                None
            };
        let jail = Jail {
            bwrap,
            setpriv,
            system: system_view(),
        };
        jail.probe()?;
        Ok(jail)
    }

    /// Runs `true` in a jail as runs will be, to find out that one can be
    /// made here.
    fn probe(&self) -> Result<(), String> {
        let scratch = tempfile::tempdir().map_err(|error| error.to_string())?;
        let confinement = Confinement {
            jail: Ok(self.clone()),
            memory: Err(String::new()),
            scratch_mib: 1,
        };
        let mounts = Mounts {
            work: scratch.path(),
            fresh_work: true,
            readable: &[],
            writable: &[],
        };
        let words = confinement.wrap(vec!["true".into()], &mounts);
        let output = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|error| format!("bubblewrap cannot run: {error}"))?;
        if output.status.success() {
            Ok(())
        } else {
            Err(format!(
                "bubblewrap cannot make a sandbox here: {}",
                first_line(&output.stderr)
            ))
        }
    }
}

/// Hands `path` and everything below it to [`NOBODY`], so that a run made
/// nobody can write what it must (its build's output, the shared target
/// folder); links are changed themselves, never followed.
pub(crate) fn hand_to_nobody(path: &Path) -> Result<(), String> {
    let nobody = Some(NOBODY);
    std::os::unix::fs::lchown(path, nobody, nobody)
        .map_err(|error| format!("cannot hand {} to nobody: {error}", path.display()))?;
    if path.is_symlink() || !path.is_dir() {
        return Ok(());
    }
    let entries =
        std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
    for entry in entries.filter_map(Result::ok) {
        hand_to_nobody(&entry.path())?;
    }
    Ok(())
}

/// Lets [`NOBODY`] read the crate sources cargo has unpacked below
/// `cargo_home` (`registry/src`, `git/checkouts`), for a build made nobody.
/// Cargo keeps the modes a crate was published with, and some crates ship
/// files only their owner's group may read (fnv 1.0.7's are `0640`): a
/// build as nobody then fails with "couldn't read … Permission denied" on
/// every submission that depends on one. These are public sources, so
/// reading is all that is added (`o+r`, and `o+x` on folders); nothing of
/// cargo's own (credentials, config) is touched, and links are not followed.
pub(crate) fn open_crate_sources_to_nobody(cargo_home: &Path) -> Result<(), String> {
    for unpacked in ["registry/src", "git/checkouts"] {
        let folder = cargo_home.join(unpacked);
        if folder.is_dir() {
            open_to_others(&folder)?;
        }
    }
    Ok(())
}

/// Adds reading for others to `path` and everything below it that lacks it.
fn open_to_others(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let metadata =
        std::fs::symlink_metadata(path).map_err(|error| format!("{}: {error}", path.display()))?;
    if metadata.file_type().is_symlink() {
        return Ok(());
    }
    let wanted = if metadata.is_dir() { 0o005 } else { 0o004 };
    let mode = metadata.permissions().mode();
    if mode & wanted != wanted {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode | wanted))
            .map_err(|error| format!("cannot let nobody read {}: {error}", path.display()))?;
    }
    if metadata.is_dir() {
        let entries =
            std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
        for entry in entries.filter_map(Result::ok) {
            open_to_others(&entry.path())?;
        }
    }
    Ok(())
}

/// Whether `path` already belongs to [`NOBODY`].
pub(crate) fn is_nobodys(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(path).is_ok_and(|metadata| metadata.uid() == NOBODY)
}

/// The arguments that show the system as the host has it: `/usr`
/// read-only, `/bin` and its kind as links or read-only folders, and
/// `/etc`'s kept entries.
fn system_view() -> Vec<OsString> {
    let mut view = View::default();
    for name in SYSTEM_ROOTS {
        let path = Path::new("/").join(name);
        match std::fs::read_link(&path) {
            Ok(target) => {
                view.words
                    .extend(["--symlink".into(), target.into(), path.into()]);
            }
            Err(_) if path.is_dir() => view.bind("--ro-bind", &path),
            Err(_) => {}
        }
    }
    for name in ETC_KEPT {
        let path = Path::new("/etc").join(name);
        if path.exists() {
            view.bind("--ro-bind", &path);
        }
    }
    view.words
}

/// Bubblewrap's arguments, growing: every folder above a bound path made
/// once, empty and traversable (bubblewrap would copy the host's modes,
/// and `/root` is 0700).
#[derive(Default)]
struct View {
    words: Vec<OsString>,
    /// Folders made in the jail's own file system.
    made: Vec<PathBuf>,
    /// Folders bound from the host, whose insides exist already.
    bound: Vec<PathBuf>,
}

impl View {
    /// Adds fixed words.
    fn add(&mut self, words: &[&str]) {
        self.words.extend(words.iter().map(OsString::from));
    }

    /// Makes the folders above `path`, then binds it with `how`.
    fn bind(&mut self, how: &str, path: &Path) {
        self.parents(path);
        self.words.extend([how.into(), path.into(), path.into()]);
        self.bound.push(path.to_owned());
    }

    /// Makes the folders above `path`, then mounts a tmpfs of `mib` there,
    /// writable by everyone (it is the run's own).
    fn tmpfs(&mut self, path: &Path, mib: u64) {
        self.parents(path);
        self.words.extend([
            "--perms".into(),
            "1777".into(),
            "--size".into(),
            (mib << 20).to_string().into(),
            "--tmpfs".into(),
            path.into(),
        ]);
        self.made.push(path.to_owned());
    }

    /// Makes each folder above `path` that is neither made yet nor inside
    /// a folder bound from the host.
    fn parents(&mut self, path: &Path) {
        let mut above = PathBuf::from("/");
        let components: Vec<Component<'_>> = path.components().collect();
        for component in components.iter().take(components.len().saturating_sub(1)) {
            if matches!(component, Component::RootDir) {
                continue;
            }
            above.push(component);
            let exists = self.made.contains(&above)
                || self.bound.iter().any(|bound| above.starts_with(bound));
            if !exists {
                self.words.extend([
                    "--perms".into(),
                    "0755".into(),
                    "--dir".into(),
                    above.clone().into(),
                ]);
                self.made.push(above.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_sources_are_opened_for_reading_and_nothing_else() {
        use std::os::unix::fs::PermissionsExt;
        let home = tempfile::tempdir().unwrap();
        let crate_folder = home.path().join("registry/src/index/fnv-1.0.7");
        std::fs::create_dir_all(&crate_folder).unwrap();
        let source = crate_folder.join("lib.rs");
        std::fs::write(&source, "").unwrap();
        let credentials = home.path().join("credentials.toml");
        std::fs::write(&credentials, "").unwrap();
        let set = |path: &Path, mode| {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
        };
        set(&source, 0o640);
        set(&crate_folder, 0o750);
        set(&credentials, 0o600);
        open_crate_sources_to_nobody(home.path()).unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&source), 0o644);
        assert_eq!(mode(&crate_folder), 0o755);
        assert_eq!(
            mode(&credentials),
            0o600,
            "cargo's own files are left alone"
        );
    }

    #[test]
    fn folders_above_a_bound_path_are_made_once_and_traversable() {
        let mut view = View::default();
        view.bind("--ro-bind", Path::new("/root/.rustup"));
        view.bind("--ro-bind", Path::new("/root/.cargo/bin"));
        view.tmpfs(Path::new("/tmp"), 2);
        view.bind("--ro-bind", Path::new("/tmp/scratch/ada/src"));
        let words: Vec<String> = view
            .words
            .iter()
            .map(|word| word.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            words.join(" "),
            "--perms 0755 --dir /root --ro-bind /root/.rustup /root/.rustup \
             --perms 0755 --dir /root/.cargo --ro-bind /root/.cargo/bin /root/.cargo/bin \
             --perms 1777 --size 2097152 --tmpfs /tmp \
             --perms 0755 --dir /tmp/scratch --perms 0755 --dir /tmp/scratch/ada \
             --ro-bind /tmp/scratch/ada/src /tmp/scratch/ada/src"
        );
    }

    #[test]
    fn the_system_view_shows_usr_and_kept_etc_entries_only() {
        let words: Vec<String> = system_view()
            .iter()
            .map(|word| word.to_string_lossy().into_owned())
            .collect();
        assert!(words.contains(&"/usr".to_owned()));
        assert!(!words.iter().any(|word| word.contains("shadow")));
        assert!(
            words
                .iter()
                .filter(|word| word.starts_with("/etc/"))
                .all(|word| ETC_KEPT.iter().any(|kept| word == &format!("/etc/{kept}"))),
            "{words:?}"
        );
    }
}
