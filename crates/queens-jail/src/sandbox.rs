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
//! - from `/etc`, the few entries programs read ([`crate::view::ETC_KEPT`]: the
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
//! [`Confinement::walls`] ([`crate::walls`]) says, wall by wall, which are up.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::{Deserialize, Serialize};

use crate::boxes::{self, BoxId};
use crate::cgroup::Control;
use crate::isolation::Launch;
use crate::limits::{Ids, ResourceLimits};
use crate::permissions::give_folders;
use crate::view::{View, system_view};
use crate::words::first_line;

/// How the runs of this grading are confined.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Confinement {
    /// The jail, or why there is none.
    pub(crate) jail: Result<Jail, String>,
    /// Whether runs get a box of their own (the grader is root).
    pub(crate) boxes: bool,
    /// The cgroup controllers, or why each is missing.
    pub(crate) control: Control,
    /// The size of each scratch tmpfs, in MiB.
    pub(crate) scratch_mib: u64,
}

/// Bubblewrap, and how to use it here.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Jail {
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
pub struct Spec<'a> {
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

impl Confinement {
    /// The confinement of a grading: bubblewrap where it is installed and
    /// works (unless `wanted` is false), boxes when the grader is root,
    /// cgroups where they can be made, scratch space of `scratch_mib`.
    pub fn detect(wanted: bool, scratch_mib: u64) -> Self {
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
    pub fn is_sandboxed(&self) -> bool {
        self.jail.is_ok()
    }

    /// Whether runs get a uid of their own: the grader must hand the
    /// folders a run writes to its box.
    pub fn boxes(&self) -> bool {
        self.boxes
    }

    /// The cgroup controllers.
    pub fn control(&self) -> &Control {
        &self.control
    }

    /// Makes what `spec` needs to run confined: a box when the grader is
    /// root (its working and writable folders handed to it), its cgroups,
    /// and its command line, `limited` first.
    pub fn launch(&self, mut spec: Spec<'_>) -> Result<Launch, String> {
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
