//! The jail a submission's builds and checks run in: a uid of its own, a
//! session of its own, a view of the file system that holds only what they
//! need, no network, cgroups that count every page and every process, and
//! scratch space of a set size; and, where bubblewrap cannot run, what the
//! kernel offers without it.
//!
//! # Why a namespace alone is not a jail
//!
//! Bubblewrap makes the sandbox: new mount, process, IPC, network and UTS
//! namespaces, and a new session (`--new-session`, so that no process in it
//! has the teacher's terminal to push keystrokes into: the CVE-2017-5226
//! class). But a grader run as root that maps root to another uid inside a
//! user namespace is still root to the kernel's permission checks on the
//! files it can see (`bwrap --unshare-user --uid 65534 --ro-bind / / cat
//! /etc/shadow` prints it). So as root the grader runs bubblewrap itself as
//! root, without a user namespace, to build the view, and the first thing
//! inside is `setpriv`, which drops the real and effective user to the
//! run's box ([`crate::boxes`]: a uid of its own per build and check) and
//! the group to its submission's, clears the supplementary groups, empties
//! every capability set, bounding set included, and forbids gaining
//! privileges again (`no_new_privs`), before the submission's code starts.
//! A grader run by an ordinary user runs bubblewrap in a user namespace, as
//! that user, who is already unprivileged.
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
//! - its own files and what the run declares, each bound at its path, the
//!   folders above it made empty and traversable;
//! - a `/tmp`, and for a check its working folder, each a tmpfs of the
//!   assignment's `scratch_mib`, so a program that fills its disk stops at
//!   that size and leaves nothing behind.
//!
//! # Without bubblewrap
//!
//! Where bubblewrap is missing or cannot make a sandbox (a container such as
//! Gradescope's), a root grader still never runs a submission as root:
//! `queens-grade limited` drops to the run's box and group itself, in a
//! session of its own, with `no_new_privs`, the same limits and cgroups, and
//! a disk limit watched rather than a tmpfs. What it cannot take away is the
//! view: the submission may read whatever every user of the machine may.
//! [`Confinement::walls`] says, wall by wall, which are up.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use serde::{Deserialize, Serialize};

use crate::boxes::{self, BoxId};
use crate::cgroup::{Control, Version};
use crate::isolation::{Ids, Launch, ResourceLimits};
use crate::words::first_line;

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
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Confinement {
    /// The jail, or why there is none.
    jail: Result<Jail, String>,
    /// Whether runs get a box of their own (the grader is root).
    boxes: bool,
    /// The cgroup controllers, or why each is missing.
    control: Control,
    /// The size of each scratch tmpfs, in MiB.
    scratch_mib: u64,
}

/// Bubblewrap, and how to use it here.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Jail {
    bwrap: PathBuf,
    /// `setpriv`, when the grader is root: the jail's first command, which
    /// makes the run its box.
    setpriv: Option<PathBuf>,
    /// The arguments that show the system: `/usr`, its links, `/etc`'s
    /// kept entries.
    system: Vec<OsString>,
}

/// One run, as the jail needs to know it.
#[derive(Debug)]
pub(crate) struct Spec<'a> {
    /// The grader's own binary, whose `limited` sets the limits.
    pub grader: &'a Path,
    /// What runs.
    pub command: Vec<OsString>,
    /// Its working folder, the one it may write.
    pub work: &'a Path,
    /// In the jail, whether the working folder is a fresh tmpfs of the
    /// scratch size (a check, whose files nobody reads after it) rather
    /// than the host's folder (a build, whose output is kept).
    pub fresh_work: bool,
    /// Files and folders it may read besides the system.
    pub readable: Vec<PathBuf>,
    /// Folders it may write besides `work`.
    pub writable: Vec<PathBuf>,
    /// Its `PATH`.
    pub path: OsString,
    /// Environment variables besides `PATH`, `HOME` and `LANG`.
    pub environment: Vec<(OsString, OsString)>,
    /// Memory, stack, processor backstop and file size limits.
    pub limits: ResourceLimits,
    /// How many processes and threads it may have at once.
    pub processes: u64,
    /// Its submission's group, whose files it reads.
    pub group: Option<u32>,
    /// The box it runs as, when the caller holds one (the warm box); a
    /// fresh one otherwise.
    pub boxed: Option<BoxId>,
}

/// One wall of the confinement: what it is, and whether it is up here
/// (how) or not (why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Wall {
    /// The wall, in a few words.
    pub name: &'static str,
    /// How it holds, or why it does not.
    pub held: Result<String, String>,
}

impl Confinement {
    /// The confinement of a grading: bubblewrap where it is installed and
    /// works (unless `wanted` is false), boxes when the grader is root,
    /// cgroups where they can be made, scratch space of `scratch_mib`.
    pub(crate) fn detect(wanted: bool, scratch_mib: u64) -> Self {
        let root = boxes::available();
        let jail = if wanted {
            Jail::detect(root)
        } else {
            Err("--no-bwrap was given".to_owned())
        };
        Confinement {
            jail,
            boxes: root,
            control: Control::detect(),
            scratch_mib,
        }
    }

    /// Whether runs are jailed by bubblewrap.
    pub(crate) fn is_sandboxed(&self) -> bool {
        self.jail.is_ok()
    }

    /// Whether runs get a uid of their own: the grader must hand the
    /// folders a run writes to its box.
    pub(crate) fn boxes(&self) -> bool {
        self.boxes
    }

    /// The cgroup controllers.
    pub(crate) fn control(&self) -> &Control {
        &self.control
    }

    /// Makes what `spec` needs to run confined: a box when the grader is
    /// root (its working and writable folders handed to it), its cgroups,
    /// and its command line, `limited` first.
    pub(crate) fn launch(&self, mut spec: Spec<'_>) -> Result<Launch, String> {
        let boxed: Option<BoxId> = match spec.boxed.take() {
            Some(boxed) => Some(boxed),
            None => self.boxes.then(boxes::take).transpose()?,
        };
        let ids = boxed.as_ref().map(|boxed| Ids {
            uid: boxed.id(),
            gid: spec.group.unwrap_or(boxed.id()),
        });
        if let Some(ids) = ids {
            for folder in
                std::iter::once(spec.work).chain(spec.writable.iter().map(PathBuf::as_path))
            {
                give_folders(folder, ids)?;
            }
        }
        let cgroups = self
            .control
            .make(spec.limits.memory_mib << 20, spec.processes)?;
        let mut limits = spec.limits.clone();
        limits.cgroups = cgroups.paths();
        limits.processes = ids.map(|_| spec.processes);
        limits.drop_to = ids.filter(|_| self.jail.is_err());
        let mut command: Vec<OsString> = vec![spec.grader.into(), "limited".into()];
        command.extend(limits.arguments());
        command.push("--".into());
        command.extend(self.wrap(&spec, ids));
        let mut environment = spec.environment.clone();
        if self.jail.is_err() {
            // No tmpfs: temporary files go to the working folder, whose
            // bytes are watched.
            environment.push(("TMPDIR".into(), spec.work.into()));
        }
        Ok(Launch {
            command,
            work: spec.work.to_owned(),
            path: spec.path.clone(),
            environment,
            cgroups: Some(cgroups),
            boxed,
        })
    }

    /// Each wall, and whether it is up here.
    pub(crate) fn walls(&self) -> Vec<Wall> {
        let jail = self.jail.as_ref().map_err(Clone::clone);
        let uid = if self.boxes {
            Ok(format!(
                "a uid of its own per build and check ({} and up), a group per submission",
                boxes::FIRST + 1
            ))
        } else {
            Err(format!(
                "the grader is not root: submissions run as uid {}",
                nix::unistd::Uid::effective()
            ))
        };
        let view = match &jail {
            Ok(_) => Ok(
                "only the system's /usr, a few /etc files and its own files; no network".to_owned(),
            ),
            Err(_) => Err("whatever every user of the machine may read".to_owned()),
        };
        let disk = match &jail {
            Ok(_) => Ok(format!(
                "a check's /tmp and working folder are tmpfs of {} MiB; a build's files are \
                 summed twice a second",
                self.scratch_mib
            )),
            Err(_) => Ok(
                "the bytes its uid owns are summed ten times a second for a check, twice for a build"
                    .to_owned(),
            ),
        };
        let processes = match (self.control.pids_version(), self.boxes) {
            (Ok(version), true) => Ok(format!(
                "a pids cgroup ({}) and RLIMIT_NPROC",
                name(version)
            )),
            (Ok(version), false) => Ok(format!("a pids cgroup ({})", name(version))),
            (Err(_), true) => Ok("RLIMIT_NPROC on its uid".to_owned()),
            (Err(why), false) => Err(format!("no pids cgroup ({why}) and no uid of its own")),
        };
        let memory = match self.control.memory_version() {
            Ok(version) => Ok(format!(
                "a memory cgroup ({}), shared memory and tmpfs files counted",
                name(version)
            )),
            Err(why) => Err(format!(
                "RLIMIT_DATA only, which does not count shared mappings ({why})"
            )),
        };
        vec![
            Wall {
                name: "never as root",
                held: uid,
            },
            Wall {
                name: "a session of its own",
                held: Ok("no controlling terminal (setsid)".to_owned()),
            },
            Wall {
                name: "bubblewrap",
                held: jail.map(|_| "mount, process, IPC, network and UTS namespaces".to_owned()),
            },
            Wall {
                name: "what it sees",
                held: view,
            },
            Wall {
                name: "processes",
                held: processes,
            },
            Wall {
                name: "memory",
                held: memory,
            },
            Wall {
                name: "disk",
                held: disk,
            },
            Wall {
                name: "time and output",
                held: Ok("processor time of the whole tree, idleness, the clock, \
                          bytes printed: watched from outside"
                    .to_owned()),
            },
        ]
    }

    /// One line for reports: which walls are up, and which are not.
    pub(crate) fn describe(&self) -> String {
        let walls = self.walls();
        let up: Vec<String> = walls
            .iter()
            .filter_map(|wall| {
                wall.held
                    .as_ref()
                    .ok()
                    .map(|how| format!("{}: {how}", wall.name))
            })
            .collect();
        let down: Vec<String> = walls
            .iter()
            .filter_map(|wall| {
                wall.held
                    .as_ref()
                    .err()
                    .map(|why| format!("{}: {why}", wall.name))
            })
            .collect();
        let mut line = format!("walls up: {}", up.join("; "));
        if !down.is_empty() {
            line.push_str(&format!(". Down: {}", down.join("; ")));
        }
        line
    }

    /// `spec`'s command wrapped to run in the jail as `ids`: its readable
    /// paths read-only, its writable ones and (for a build) its working
    /// folder writable, a check's working folder and `/tmp` fresh tmpfs of
    /// the scratch size. Unchanged when runs are not jailed.
    fn wrap(&self, spec: &Spec<'_>, ids: Option<Ids>) -> Vec<OsString> {
        let Ok(jail) = &self.jail else {
            return spec.command.clone();
        };
        let mut view = View::default();
        view.words.push(jail.bwrap.clone().into());
        view.add(&["--die-with-parent", "--new-session", "--unshare-ipc"]);
        view.add(&["--unshare-pid", "--unshare-net", "--unshare-uts"]);
        view.add(&["--unshare-cgroup-try"]);
        if jail.setpriv.is_none() {
            view.add(&["--unshare-user"]);
        }
        view.words.extend(jail.system.iter().cloned());
        view.add(&["--dev", "/dev", "--proc", "/proc"]);
        view.tmpfs(Path::new("/tmp"), self.scratch_mib);
        for path in &spec.readable {
            view.bind("--ro-bind", path);
        }
        for path in &spec.writable {
            view.bind("--bind", path);
        }
        if spec.fresh_work {
            view.tmpfs(spec.work, self.scratch_mib);
        } else {
            view.bind("--bind", spec.work);
        }
        view.words
            .extend(["--chdir".into(), spec.work.into(), "--".into()]);
        if let (Some(setpriv), Some(ids)) = (&jail.setpriv, ids) {
            view.words.push(setpriv.clone().into());
            view.words.push(format!("--reuid={}", ids.uid).into());
            view.words.push(format!("--regid={}", ids.gid).into());
            view.add(&[
                "--clear-groups",
                "--inh-caps=-all",
                "--bounding-set=-all",
                "--no-new-privs",
                "--",
            ]);
        }
        view.words.extend(spec.command.iter().cloned());
        view.words
    }
}

/// "v1" or "v2".
fn name(version: Version) -> &'static str {
    match version {
        Version::V1 => "v1",
        Version::V2 => "v2",
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
            boxes: false,
            control: Control::detect(),
            scratch_mib: 1,
        };
        let spec = Spec {
            grader: Path::new("/"),
            command: vec!["true".into()],
            work: scratch.path(),
            fresh_work: true,
            readable: Vec::new(),
            writable: Vec::new(),
            path: crate::isolation::SYSTEM_PATH.into(),
            environment: Vec::new(),
            limits: ResourceLimits::default(),
            processes: 1,
            group: None,
            boxed: None,
        };
        // As nobody, as a run would be, without taking a box for it.
        let words = confinement.wrap(
            &spec,
            self.setpriv.as_ref().map(|_| Ids {
                uid: 65534,
                gid: 65534,
            }),
        );
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

/// Hands the folder `path` and what the grader made below it (the folders,
/// and the files root owns; not a build's linked copy of the warm units,
/// which stay the warm box's) to `ids`: a folder the grader made, that a
/// run must write. Links are changed themselves, never followed.
fn give_folders(path: &Path, ids: Ids) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    std::os::unix::fs::lchown(path, Some(ids.uid), Some(ids.gid))
        .map_err(|error| format!("cannot hand {} to uid {}: {error}", path.display(), ids.uid))?;
    let entries =
        std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
    for entry in entries.filter_map(Result::ok) {
        let metadata = entry.metadata().map_err(|error| error.to_string())?;
        if metadata.is_dir() {
            give_folders(&entry.path(), ids)?;
        } else if metadata.uid() == 0 {
            std::os::unix::fs::lchown(entry.path(), Some(ids.uid), Some(ids.gid))
                .map_err(|error| format!("cannot hand over {}: {error}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// Hands everything below `path` that the grader made (the folders and
/// files of a submission's copy, a build's output) to root and the
/// submission's group `gid`, readable by the group and nobody else, and
/// writable by root only: what a check reads and must not change. Links are
/// changed themselves, never followed.
pub(crate) fn seal(path: &Path, gid: u32) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let metadata =
        std::fs::symlink_metadata(path).map_err(|error| format!("{}: {error}", path.display()))?;
    std::os::unix::fs::lchown(path, Some(0), Some(gid))
        .map_err(|error| format!("cannot seal {}: {error}", path.display()))?;
    if metadata.file_type().is_symlink() {
        return Ok(());
    }
    let executable = metadata.permissions().mode() & 0o100 != 0;
    let sealed = if metadata.is_dir() || executable {
        0o750
    } else {
        0o640
    };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(sealed))
        .map_err(|error| format!("cannot seal {}: {error}", path.display()))?;
    if metadata.is_dir() {
        let entries =
            std::fs::read_dir(path).map_err(|error| format!("{}: {error}", path.display()))?;
        for entry in entries.filter_map(Result::ok) {
            seal(&entry.path(), gid)?;
        }
    }
    Ok(())
}

/// Whether every user may reach `path`: every folder above it searchable
/// by others, and it readable by them. Errs naming the first that is not.
pub(crate) fn reachable_by_others(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let mut above = PathBuf::new();
    for component in path.components() {
        above.push(component);
        let mode = std::fs::metadata(&above)
            .map_err(|error| format!("{}: {error}", above.display()))?
            .permissions()
            .mode();
        let wanted = if above == path { 0o004 } else { 0o001 };
        if mode & wanted == 0 {
            return Err(format!("{} is mode {:04o}", above.display(), mode & 0o7777));
        }
    }
    Ok(())
}

/// Lets every user read the crate sources cargo has unpacked below
/// `cargo_home` (`registry/src`, `git/checkouts`), for a build run as a box.
/// Cargo keeps the modes a crate was published with, and some crates ship
/// files only their owner's group may read (fnv 1.0.7's are `0640`): a
/// build as another uid then fails with "couldn't read … Permission denied" on
/// every submission that depends on one. These are public sources, so
/// reading is all that is added (`o+r`, and `o+x` on folders); nothing of
/// cargo's own (credentials, config) is touched, and links are not followed.
pub(crate) fn open_crate_sources_to_others(cargo_home: &Path) -> Result<(), String> {
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
            .map_err(|error| format!("cannot let others read {}: {error}", path.display()))?;
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
        open_crate_sources_to_others(home.path()).unwrap();
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
