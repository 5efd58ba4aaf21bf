//! The cluster's `slurm.conf`: what it needs to know of this machine (the
//! host, the user, two free ports) and of the check's folder, and the file.

use std::net::TcpListener;
use std::path::{Path, PathBuf};

use nix::unistd::{User, gethostname, getuid};

use crate::error::Error;

/// What `slurm.conf` needs to know of this machine and the folder.
#[derive(Debug)]
pub(crate) struct Settings {
    /// The short host name: the controller's and the node's.
    pub host: String,
    /// The node's CPUs.
    pub cpus: usize,
    /// The user the daemons run as.
    pub user: String,
    /// The controller's port.
    pub slurmctld_port: u16,
    /// The node daemon's port.
    pub slurmd_port: u16,
    /// The folder of the state, spool, PID and log files.
    pub folder: PathBuf,
    /// munged's socket.
    pub munge_socket: PathBuf,
}

impl Settings {
    /// This machine, the user and two free ports, for a cluster in `folder`
    /// whose munged listens on `socket`.
    pub(crate) fn detect(folder: &Path, socket: &Path) -> Result<Self, Error> {
        let host = gethostname()
            .map_err(|error| Error::Failed(format!("cannot read the host name: {error}")))?;
        let host = host.to_string_lossy();
        let user = User::from_uid(getuid())
            .ok()
            .flatten()
            .ok_or_else(|| Error::Failed("the current user has no name".to_owned()))?;
        let (slurmctld_port, slurmd_port) = free_ports()?;
        Ok(Settings {
            host: host.split('.').next().unwrap_or(&host).to_owned(),
            cpus: std::thread::available_parallelism().map_or(1, usize::from),
            user: user.name,
            slurmctld_port,
            slurmd_port,
            folder: folder.to_owned(),
            munge_socket: socket.to_owned(),
        })
    }
}

/// The `slurm.conf` of a one-node cluster in `settings.folder`.
pub(crate) fn slurm_conf(settings: &Settings) -> String {
    let Settings {
        host,
        cpus,
        user,
        slurmctld_port,
        slurmd_port,
        folder,
        munge_socket,
    } = settings;
    let (folder, munge_socket) = (folder.display(), munge_socket.display());
    format!(
        "\
# A one-node cluster for `cargo xtask cluster-check`, in {folder}.
ClusterName=queens-check
# The host by name (slurmctld checks that it runs there), reached at the
# loopback address whatever the name resolves to.
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={slurmctld_port}
SlurmdPort={slurmd_port}
SlurmUser={user}
SlurmdUser={user}
# The check's own munged, not the system's.
AuthType=auth/munge
AuthInfo=socket={munge_socket}
CredType=cred/munge
StateSaveLocation={folder}/state
SlurmdSpoolDir={folder}/spool
SlurmctldPidFile={folder}/slurmctld.pid
SlurmdPidFile={folder}/slurmd.pid
SlurmctldLogFile={folder}/slurmctld.log
SlurmdLogFile={folder}/slurmd.log
# No cgroups: a container, or a user without root, has none to give.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# A node that was down comes back by itself once its slurmd answers.
ReturnToService=2
# Finished jobs leave the queue soon, so that an empty queue means done.
MinJobAge=10
NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} State=UNKNOWN
PartitionName=check Nodes={host} Default=YES MaxTime=INFINITE State=UP
"
    )
}

/// Two ports free right now, for slurmctld and slurmd. Both listeners are
/// held until both ports are known, so the two differ; another program
/// could still take one before the daemons do, which would make the check
/// fail, not lie.
fn free_ports() -> Result<(u16, u16), Error> {
    let bind = || {
        TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| Ok((listener.local_addr()?.port(), listener)))
            .map_err(|error| Error::Failed(format!("cannot find a free port: {error}")))
    };
    let (first, _held) = bind()?;
    let (second, _also) = bind()?;
    Ok((first, second))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            host: "vm".to_owned(),
            cpus: 2,
            user: "root".to_owned(),
            slurmctld_port: 40511,
            slurmd_port: 59517,
            folder: PathBuf::from("/tmp/queens-cluster-x1"),
            munge_socket: PathBuf::from("/tmp/queens-cluster-x1/munge.socket"),
        }
    }

    #[test]
    fn the_conf_names_this_host_its_ports_and_its_own_files() {
        let conf = slurm_conf(&settings());
        let lines: Vec<&str> = conf.lines().filter(|line| !line.starts_with('#')).collect();
        for expected in [
            "SlurmctldHost=vm(127.0.0.1)",
            "SlurmctldPort=40511",
            "SlurmdPort=59517",
            "SlurmUser=root",
            "AuthInfo=socket=/tmp/queens-cluster-x1/munge.socket",
            "StateSaveLocation=/tmp/queens-cluster-x1/state",
            "SlurmdSpoolDir=/tmp/queens-cluster-x1/spool",
            "SlurmctldPidFile=/tmp/queens-cluster-x1/slurmctld.pid",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "NodeName=vm NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN",
            "PartitionName=check Nodes=vm Default=YES MaxTime=INFINITE State=UP",
        ] {
            assert!(lines.contains(&expected), "{expected} missing from\n{conf}");
        }
        // Every setting is a key=value line, each key once.
        let mut keys: Vec<&str> = lines
            .iter()
            .filter(|line| !line.starts_with("NodeName=") && !line.starts_with("PartitionName="))
            .map(|line| line.split_once('=').expect("key=value").0)
            .collect();
        let all = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all);
    }
}
