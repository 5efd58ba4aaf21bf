//! The walls of a confinement, one by one, and whether each is up on this
//! machine (how) or not (why): what `queens-grade walls` prints and every
//! report's confinement line says.

use crate::boxes;
use crate::cgroup::Version;
use crate::sandbox::Confinement;

/// One wall of the confinement: what it is, and whether it is up here
/// (how) or not (why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// The wall, in a few words.
    pub name: &'static str,
    /// How it holds, or why it does not.
    pub held: Result<String, String>,
}

impl Confinement {
    /// Each wall, and whether it is up here.
    pub fn walls(&self) -> Vec<Wall> {
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
    pub fn describe(&self) -> String {
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
}

/// "v1" or "v2".
fn name(version: Version) -> &'static str {
    match version {
        Version::V1 => "v1",
        Version::V2 => "v2",
    }
}
