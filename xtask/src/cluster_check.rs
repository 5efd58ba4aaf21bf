//! `cargo xtask cluster-check`: `examples/slurm/count.sbatch` proven on a
//! real Slurm, a single-node cluster started on this machine for the check.
//!
//! The task installs nothing. It expects Debian's `slurm-wlm` and `munge`
//! (`sudo apt-get install slurm-wlm munge`) and leaves the system's own
//! daemons and configuration alone: everything lives in a temporary folder,
//! its own munge key and socket, its own `slurm.conf` with its own ports,
//! and the daemons run in the foreground as children of this process, as
//! the current user.
//!
//! It submits the job array for n = 15 in 16 shards held, cancels two of
//! its tasks before releasing the rest (a held array makes the cancellation
//! deterministic: n = 15's shards take milliseconds, too short to hit while
//! running), and checks that `queens merge` names exactly those two as
//! missing. It resubmits them with the `--array=` of merge's own message,
//! merges again and checks the counts against OEIS. Whatever happens, it
//! then cancels its jobs, stops the daemons it started by their PIDs and
//! removes its folder.
//!
//! Exit status: 0 when the check passes, 1 when it fails, 2 when a program
//! is missing.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::net::TcpListener;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use nix::unistd::{User, gethostname, getuid};
use queens_shards::array_ranges;
use queens_toolkit::child::GroupChild;
use tempfile::TempDir;

use crate::error::Error;

/// The programs the check runs, all from the two Debian packages.
const PROGRAMS: [&str; 8] = [
    "munged",
    "slurmctld",
    "slurmd",
    "sbatch",
    "squeue",
    "scancel",
    "scontrol",
    "sinfo",
];
/// How to get them.
const INSTALL: &str = "sudo apt-get install slurm-wlm munge";
/// The script under test, from the workspace root.
const SCRIPT: &str = "examples/slurm/count.sbatch";
/// The board counted.
const N: usize = 15;
/// The shards it is cut into: the array's tasks.
const SHARDS: usize = 16;
/// The tasks cancelled before they run, which merge must name as missing.
const CANCELLED: [usize; 2] = [3, 7];
/// OEIS A000170(15): the solutions of the 15-queens problem.
const OEIS_TOTAL: u64 = 2_279_184;
/// OEIS A002562(15): its fundamental solutions.
const OEIS_UNIQUE: u64 = 285_053;
/// How long the daemons may take to come up, and the array to run.
const START_DEADLINE: Duration = Duration::from_secs(60);
const ARRAY_DEADLINE: Duration = Duration::from_secs(300);
/// How long a daemon has to stop after SIGTERM before it is killed.
const STOP_DEADLINE: Duration = Duration::from_secs(10);
/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(250);
/// The lines of each log shown when the check fails.
const LOG_TAIL: usize = 15;

/// Runs `cargo xtask cluster-check`.
pub(crate) fn run() -> Result<(), Error> {
    let missing = missing_programs(std::env::var_os("PATH").unwrap_or_default());
    if !missing.is_empty() {
        return Err(Error::BadInput(format!(
            "{} not on the PATH: install Debian's packages with `{INSTALL}`",
            missing.join(", ")
        )));
    }
    println!("slurm: {}", version("slurmctld", "-V"));
    println!("munge: {}", version("munged", "--version"));
    let root = crate::paths::workspace_root();
    let queens = build_queens(&root)?;
    let mut cluster = Cluster::start()?;
    let proved = cluster.prove(&root.join(SCRIPT), &queens);
    if proved.is_err() {
        cluster.show_logs();
    }
    drop(cluster);
    proved?;
    println!("cluster check passed");
    Ok(())
}

/// The [`PROGRAMS`] found in none of the folders of `path`.
fn missing_programs(path: std::ffi::OsString) -> Vec<&'static str> {
    let folders: Vec<PathBuf> = std::env::split_paths(&path).collect();
    PROGRAMS
        .into_iter()
        .filter(|name| !folders.iter().any(|folder| folder.join(name).is_file()))
        .collect()
}

/// A program's first line of `--version`, or a question mark.
fn version(program: &str, flag: &str) -> String {
    Command::new(program)
        .arg(flag)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()
        .and_then(|output| {
            let text = String::from_utf8_lossy(&output.stdout).into_owned();
            text.lines().next().map(str::to_owned)
        })
        .unwrap_or_else(|| "?".to_owned())
}

/// Builds the workspace's release `queens` and returns its path: the check
/// proves this workspace's binary, not one installed elsewhere.
fn build_queens(root: &Path) -> Result<PathBuf, Error> {
    println!("$ cargo build --release -p queens-cli");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--quiet", "--release", "-p", "queens-cli"])
        .status()
        .map_err(|error| Error::Failed(format!("cannot run cargo: {error}")))?;
    if !status.success() {
        return Err(Error::Failed(format!("cargo build failed ({status})")));
    }
    Ok(crate::paths::target_dir().join("release/queens"))
}

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

/// The job id of sbatch's answer, `Submitted batch job 42`.
pub(crate) fn submitted_job(stdout: &str) -> Option<u32> {
    stdout
        .trim()
        .strip_prefix("Submitted batch job ")?
        .parse()
        .ok()
}

/// The indices to resubmit, as merge's "incomplete" line gives them for
/// pasting: the `3,7` of `... (sbatch --array=3,7 ...) ...`.
pub(crate) fn resubmit_array(merge_stderr: &str) -> Option<&str> {
    let after = &merge_stderr[merge_stderr.find("sbatch --array=")? + "sbatch --array=".len()..];
    after.split_whitespace().next()
}

/// The line `queens merge` must print when exactly the shards `missing` of
/// `shards` have no record.
pub(crate) fn expected_incomplete(missing: &[usize], shards: usize) -> String {
    let array = array_ranges(missing);
    format!(
        "incomplete: {} of {shards} shards missing: {array}; run them again \
         (sbatch --array={array} ...) and merge again",
        missing.len()
    )
}

/// A daemon this check started, by its PID.
struct Daemon {
    name: &'static str,
    /// In a process group of its own, so that what it starts (slurmd's
    /// step daemons) is stopped with it.
    child: GroupChild,
}

/// The cluster: its folder, its daemons and the jobs submitted to it. On
/// drop it cancels the jobs, stops the daemons (last started first) and
/// removes the folder, so a failed step leaves nothing running.
struct Cluster {
    daemons: Vec<Daemon>,
    jobs: Vec<u32>,
    conf: PathBuf,
    folder: TempDir,
}

impl Cluster {
    /// Starts munged, slurmctld and slurmd in a new folder and waits until
    /// the node is idle.
    fn start() -> Result<Self, Error> {
        // In the system's temporary folder, not the target folder: a unix
        // socket's path must stay under about 100 bytes.
        let folder = tempfile::Builder::new()
            .prefix("queens-cluster-")
            .tempdir()
            .map_err(|error| Error::Failed(format!("cannot make a folder: {error}")))?;
        // munged refuses a socket in a folder others cannot pass through.
        fs::set_permissions(folder.path(), fs::Permissions::from_mode(0o755))
            .map_err(failed("open up", folder.path()))?;
        println!("folder: {}", folder.path().display());
        let mut cluster = Cluster {
            daemons: Vec::new(),
            jobs: Vec::new(),
            conf: folder.path().join("slurm.conf"),
            folder,
        };
        let socket = cluster.start_munged()?;
        cluster.start_slurm(&socket)?;
        Ok(cluster)
    }

    /// The check's folder.
    fn path(&self) -> &Path {
        self.folder.path()
    }

    /// Writes a fresh munge key and starts munged on its own socket.
    fn start_munged(&mut self) -> Result<PathBuf, Error> {
        let key = self.path().join("munge.key");
        write_munge_key(&key)?;
        let socket = self.path().join("munge.socket");
        let mut command = Command::new("munged");
        command
            .arg("--foreground")
            .arg(format!("--socket={}", socket.display()))
            .arg(format!("--key-file={}", key.display()))
            .arg(format!(
                "--pid-file={}",
                self.path().join("munged.pid").display()
            ))
            .arg(format!(
                "--seed-file={}",
                self.path().join("munged.seed").display()
            ));
        self.spawn("munged", command)?;
        self.wait_until("munged's socket", START_DEADLINE, |_| Ok(socket.exists()))?;
        Ok(socket)
    }

    /// Writes `slurm.conf` and starts slurmctld and slurmd.
    fn start_slurm(&mut self, socket: &Path) -> Result<(), Error> {
        let settings = self.settings(socket)?;
        for folder in ["state", "spool"] {
            let path = self.path().join(folder);
            fs::create_dir(&path).map_err(failed("create", &path))?;
        }
        let conf = slurm_conf(&settings);
        queens_toolkit::files::write_whole(&self.conf, conf.as_bytes())
            .map_err(failed("write", &self.conf))?;
        println!(
            "slurm.conf: node {} with {} CPUs, user {}, ports {} and {}",
            settings.host,
            settings.cpus,
            settings.user,
            settings.slurmctld_port,
            settings.slurmd_port
        );
        for daemon in ["slurmctld", "slurmd"] {
            let mut command = Command::new(daemon);
            command.arg("-D").arg("-f").arg(&self.conf);
            self.spawn(daemon, command)?;
        }
        self.wait_until("the node to be idle", START_DEADLINE, |cluster| {
            let states = cluster.client("sinfo", &["--noheader", "--format=%T"]);
            Ok(states.is_ok_and(|output| stdout(&output).trim() == "idle"))
        })?;
        let nodes = self.client("sinfo", &[])?;
        print!("{}", stdout(&nodes));
        Ok(())
    }

    /// This machine, the user and two free ports.
    fn settings(&self, socket: &Path) -> Result<Settings, Error> {
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
            folder: self.path().to_owned(),
            munge_socket: socket.to_owned(),
        })
    }

    /// Starts a daemon in the foreground with its output into `NAME.out`,
    /// and records it.
    fn spawn(&mut self, name: &'static str, mut command: Command) -> Result<(), Error> {
        let out = self.path().join(format!("{name}.out"));
        let file = File::create(&out).map_err(failed("create", &out))?;
        let errors = file.try_clone().map_err(failed("open", &out))?;
        let child = GroupChild::spawn(
            command
                .env("SLURM_CONF", &self.conf)
                .stdin(Stdio::null())
                .stdout(file)
                .stderr(errors),
        )
        .map_err(|error| Error::Failed(format!("cannot start {name}: {error}")))?;
        println!("started {name}: pid {}", child.id());
        self.daemons.push(Daemon { name, child });
        Ok(())
    }

    /// Waits until `ready` says so, failing if a daemon dies or the
    /// deadline passes.
    fn wait_until(
        &mut self,
        what: &str,
        deadline: Duration,
        mut ready: impl FnMut(&mut Self) -> Result<bool, Error>,
    ) -> Result<(), Error> {
        let start = Instant::now();
        loop {
            self.check_alive()?;
            if ready(self)? {
                return Ok(());
            }
            if start.elapsed() > deadline {
                return Err(Error::Failed(format!(
                    "waited {} s for {what}",
                    deadline.as_secs()
                )));
            }
            std::thread::sleep(POLL);
        }
    }

    /// Fails if a daemon has exited.
    fn check_alive(&mut self) -> Result<(), Error> {
        for daemon in &mut self.daemons {
            if let Ok(Some(status)) = daemon.child.wait_for(Duration::ZERO) {
                return Err(Error::Failed(format!("{} exited ({status})", daemon.name)));
            }
        }
        Ok(())
    }

    /// Runs a Slurm client command on this cluster and returns its output,
    /// failing when it fails.
    fn client(&self, program: &str, args: &[&str]) -> Result<Output, Error> {
        let output = Command::new(program)
            .args(args)
            .current_dir(self.path())
            .env("SLURM_CONF", &self.conf)
            .stdin(Stdio::null())
            .output()
            .map_err(|error| Error::Failed(format!("cannot run {program}: {error}")))?;
        if output.status.success() {
            Ok(output)
        } else {
            Err(Error::Failed(format!(
                "{program} {} failed ({}): {}",
                args.join(" "),
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            )))
        }
    }

    /// Prints a client command, runs it and prints its output.
    fn shown(&self, program: &str, args: &[&str]) -> Result<Output, Error> {
        println!("$ {}", [&[program], args].concat().join(" "));
        let output = self.client(program, args)?;
        print!("{}", stdout(&output));
        Ok(output)
    }

    /// The check itself, on a running cluster.
    fn prove(&mut self, script: &Path, queens: &Path) -> Result<(), Error> {
        let all = format!("--array=0-{}", SHARDS - 1);
        let job = self.submit(script, queens, &["--hold", &all])?;
        self.shown("squeue", &[])?;
        let cancelled: Vec<String> = CANCELLED
            .iter()
            .map(|task| format!("{job}_{task}"))
            .collect();
        let cancelled: Vec<&str> = cancelled.iter().map(String::as_str).collect();
        self.shown("scancel", &cancelled)?;
        self.shown("squeue", &[])?;
        self.shown("scontrol", &["release", &job.to_string()])?;
        self.wait_for_queue()?;

        let first = self.merge(queens, &[])?;
        let expected = expected_incomplete(&CANCELLED, SHARDS);
        let said = String::from_utf8_lossy(&first.stderr).trim().to_owned();
        if first.status.code() != Some(4) || said != expected {
            return Err(Error::Failed(format!(
                "merge should have exited with 4 and said '{expected}'"
            )));
        }
        println!("ok: merge names exactly the cancelled tasks {CANCELLED:?} as missing");

        let again = resubmit_array(&said)
            .ok_or_else(|| Error::Failed("merge gave no --array= to resubmit".to_owned()))?;
        self.submit(script, queens, &[&format!("--array={again}")])?;
        self.wait_for_queue()?;
        let last = self.merge(queens, &["--json"])?;
        check_counts(&last)?;
        println!("ok: {OEIS_TOTAL} solutions and {OEIS_UNIQUE} fundamental, as OEIS says");
        Ok(())
    }

    /// Submits the array script with `options`, counting n = [`N`] in
    /// [`SHARDS`] shards into `records/`, and returns the job id.
    fn submit(&mut self, script: &Path, queens: &Path, options: &[&str]) -> Result<u32, Error> {
        let (n, shards) = (N.to_string(), SHARDS.to_string());
        let arguments = [n.as_str(), shards.as_str(), "records"];
        println!(
            "$ QUEENS={} sbatch {} {SCRIPT} {}",
            queens.display(),
            options.join(" "),
            arguments.join(" ")
        );
        let output = Command::new("sbatch")
            .args(options)
            .arg(script)
            .args(arguments)
            .current_dir(self.path())
            .env("SLURM_CONF", &self.conf)
            .env("QUEENS", queens)
            .stdin(Stdio::null())
            .output()
            .map_err(|error| Error::Failed(format!("cannot run sbatch: {error}")))?;
        let said = stdout(&output);
        print!("{said}");
        let job = submitted_job(&said).ok_or_else(|| {
            Error::Failed(format!(
                "sbatch submitted nothing ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            ))
        })?;
        self.jobs.push(job);
        Ok(job)
    }

    /// Waits until the queue is empty: every task has run, failed or been
    /// cancelled (the cluster runs this check's jobs only).
    fn wait_for_queue(&mut self) -> Result<(), Error> {
        println!("waiting for the queue to empty");
        self.wait_until("the queue to empty", ARRAY_DEADLINE, |cluster| {
            let queue = cluster.client("squeue", &["--noheader", "--format=%i"])?;
            Ok(stdout(&queue).trim().is_empty())
        })?;
        let records = fs::read_dir(self.path().join("records"))
            .map(|entries| entries.count())
            .unwrap_or(0);
        println!("queue empty; records/ holds {records} files");
        Ok(())
    }

    /// Runs `queens merge [options] records`, shows what it said and returns
    /// it, whatever its exit status.
    fn merge(&self, queens: &Path, options: &[&str]) -> Result<Output, Error> {
        println!("$ queens merge {}records", shown_options(options));
        let output = Command::new(queens)
            .arg("merge")
            .args(options)
            .arg("records")
            .current_dir(self.path())
            .output()
            .map_err(|error| Error::Failed(format!("cannot run queens: {error}")))?;
        // Its complaint goes out with the rest, in order: this is the
        // transcript of the check.
        print!("{}", stdout(&output));
        print!("{}", String::from_utf8_lossy(&output.stderr));
        println!("(exit status {})", output.status.code().unwrap_or(-1));
        Ok(output)
    }

    /// Prints the last lines of the daemons' and the tasks' logs to stderr.
    fn show_logs(&self) {
        let Ok(entries) = fs::read_dir(self.path()) else {
            return;
        };
        let mut logs: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| {
                path.extension()
                    .is_some_and(|ext| ext == "out" || ext == "log")
            })
            .collect();
        logs.sort();
        for log in logs {
            let text = fs::read_to_string(&log).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            eprintln!("--- the end of {}:", log.display());
            for line in &lines[lines.len().saturating_sub(LOG_TAIL)..] {
                eprintln!("    {line}");
            }
        }
    }

    /// Stops one daemon: SIGTERM to its group, then SIGKILL if it lingers.
    fn stop(daemon: &mut Daemon) {
        let pid = daemon.child.id();
        let stopped = daemon.child.stop(STOP_DEADLINE);
        println!(
            "stopped {} (pid {pid}){}",
            daemon.name,
            if stopped { "" } else { " with SIGKILL" }
        );
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if !self.jobs.is_empty() && self.check_alive().is_ok() {
            // Tasks still queued or running would outlive slurmd; finished
            // ones make scancel complain, which does not matter.
            let jobs: Vec<String> = self.jobs.iter().map(u32::to_string).collect();
            let jobs: Vec<&str> = jobs.iter().map(String::as_str).collect();
            let _ = self.client("scancel", &jobs);
        }
        while let Some(mut daemon) = self.daemons.pop() {
            Cluster::stop(&mut daemon);
        }
        println!("removed {}", self.path().display());
    }
}

/// `options` and a space, as the shown command line has them.
fn shown_options(options: &[&str]) -> String {
    options.iter().map(|option| format!("{option} ")).collect()
}

/// A command's stdout as text.
fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Checks the JSON of the complete merge against OEIS.
fn check_counts(output: &Output) -> Result<(), Error> {
    if !output.status.success() {
        return Err(Error::Failed("the second merge failed".to_owned()));
    }
    let merged: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| Error::Failed(format!("merge printed no JSON: {error}")))?;
    let counts = (merged["total"].as_u64(), merged["unique"].as_u64());
    if counts != (Some(OEIS_TOTAL), Some(OEIS_UNIQUE)) || merged["shards"] != SHARDS {
        return Err(Error::Failed(format!(
            "merge counted {merged}, not {OEIS_TOTAL} and {OEIS_UNIQUE} in {SHARDS} shards"
        )));
    }
    Ok(())
}

/// Writes a new random munge key that only its owner may read, as munged
/// demands.
fn write_munge_key(key: &Path) -> Result<(), Error> {
    let mut bytes = [0; 1024];
    File::open("/dev/urandom")
        .and_then(|mut random| random.read_exact(&mut bytes))
        .map_err(failed("read", Path::new("/dev/urandom")))?;
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(key)
        .and_then(|mut file| file.write_all(&bytes))
        .map_err(failed("write", key))
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

/// The error of an action on a path.
fn failed(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> Error {
    let path = path.display().to_string();
    move |error| Error::Failed(format!("cannot {action} {path}: {error}"))
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

    #[test]
    fn sbatch_answers_with_the_job_id() {
        assert_eq!(submitted_job("Submitted batch job 42\n"), Some(42));
        assert_eq!(submitted_job("Submitted batch job 15"), Some(15));
        assert_eq!(
            submitted_job("sbatch: error: Batch job submission failed"),
            None
        );
        assert_eq!(submitted_job(""), None);
    }

    #[test]
    fn merge_must_name_exactly_the_cancelled_tasks() {
        let line = "incomplete: 2 of 16 shards missing: 3,7; run them again \
                    (sbatch --array=3,7 ...) and merge again";
        assert_eq!(expected_incomplete(&CANCELLED, SHARDS), line);
        assert_eq!(resubmit_array(line), Some("3,7"));
        assert_eq!(
            expected_incomplete(&[3, 4, 5, 9], 64),
            "incomplete: 4 of 64 shards missing: 3-5,9; run them again \
             (sbatch --array=3-5,9 ...) and merge again"
        );
        assert_eq!(resubmit_array("n = 15: 2279184 solutions"), None);
    }

    #[test]
    fn missing_programs_are_named() {
        assert_eq!(missing_programs("".into()), PROGRAMS);
        let folder = tempfile::tempdir().expect("a folder");
        for name in ["munged", "sbatch", "squeue"] {
            fs::write(folder.path().join(name), "").expect("a file");
        }
        assert_eq!(
            missing_programs(folder.path().as_os_str().to_owned()),
            ["slurmctld", "slurmd", "scancel", "scontrol", "sinfo"]
        );
    }
}
