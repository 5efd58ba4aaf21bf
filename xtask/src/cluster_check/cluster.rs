//! The cluster itself: a folder, its own munged, slurmctld and slurmd
//! started as children of this process, the Slurm client commands run on
//! it, and on drop, its jobs cancelled, its daemons stopped by their PIDs and
//! its folder removed.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use queens_toolkit::child::{GroupChild, tied};
use tempfile::TempDir;

use super::conf::{Settings, slurm_conf};
use crate::error::Error;

/// How long the daemons may take to come up.
const START_DEADLINE: Duration = Duration::from_secs(60);
/// How long a daemon has to stop after SIGTERM before it is killed.
const STOP_DEADLINE: Duration = Duration::from_secs(10);
/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(250);
/// The lines of each log shown when the check fails.
const LOG_TAIL: usize = 15;

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
pub(super) struct Cluster {
    daemons: Vec<Daemon>,
    jobs: Vec<u32>,
    conf: PathBuf,
    folder: TempDir,
}

impl Cluster {
    /// Starts munged, slurmctld and slurmd in a new folder and waits until
    /// the node is idle.
    pub(super) fn start() -> Result<Self, Error> {
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
    pub(super) fn path(&self) -> &Path {
        self.folder.path()
    }

    /// Writes a fresh munge key and starts munged on its own socket.
    fn start_munged(&mut self) -> Result<PathBuf, Error> {
        let key = self.path().join("munge.key");
        write_munge_key(&key)?;
        let socket = self.path().join("munge.socket");
        // Tied, as the Slurm daemons: killed with this task, even by SIGKILL.
        let mut command = tied("munged");
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
        let settings = Settings::detect(self.path(), socket)?;
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
            let mut command = slurm_daemon(daemon);
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
    pub(super) fn wait_until(
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

    /// A command run in the check's folder on this cluster, reading
    /// nothing.
    pub(super) fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(self.path())
            .env("SLURM_CONF", &self.conf)
            .stdin(Stdio::null());
        command
    }

    /// Records a job submitted, to cancel when the check ends.
    pub(super) fn track(&mut self, job: u32) {
        self.jobs.push(job);
    }

    /// Runs a Slurm client command on this cluster and returns its output,
    /// failing when it fails.
    pub(super) fn client(&self, program: &str, args: &[&str]) -> Result<Output, Error> {
        let output = self
            .command(program)
            .args(args)
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
    pub(super) fn shown(&self, program: &str, args: &[&str]) -> Result<Output, Error> {
        println!("$ {}", [&[program], args].concat().join(" "));
        let output = self.client(program, args)?;
        print!("{}", stdout(&output));
        Ok(output)
    }

    /// Prints the last lines of the daemons' and the tasks' logs to stderr.
    pub(super) fn show_logs(&self) {
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

/// The command that starts the Slurm daemon `daemon`, tied to this task:
/// killed with it, even by SIGKILL. slurmd's step daemons leave it (Slurm
/// makes them their own session's), so as root slurmd runs as the first
/// process of a PID namespace of its own (`unshare --pid --kill-child`):
/// when it dies, the kernel kills every process of the namespace, the
/// tasks of the jobs included. Another user cannot make the namespace, and
/// a task killed outright there leaves the running jobs' tasks behind.
fn slurm_daemon(daemon: &str) -> Command {
    if daemon == "slurmd" && nix::unistd::Uid::effective().is_root() {
        let mut command = tied("unshare");
        command.args([
            "--pid",
            "--mount-proc",
            "--kill-child=SIGKILL",
            "--",
            daemon,
        ]);
        command
    } else {
        tied(daemon)
    }
}

/// A command's stdout as text.
pub(super) fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
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

/// The error of an action on a path.
fn failed(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> Error {
    let path = path.display().to_string();
    move |error| Error::Failed(format!("cannot {action} {path}: {error}"))
}
