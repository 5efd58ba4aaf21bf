//! The machine a measurement ran on, printed above every table so that a
//! number is never read without knowing where it came from.

use std::fmt;
use std::process::Command;

use queens_bitboard::Kernel;
use serde::Serialize;

/// What a reader needs to know about the machine and build behind a timing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Machine {
    /// The CPU model, from `/proc/cpuinfo` ("unknown CPU" elsewhere).
    pub cpu: String,
    /// The vector instructions of the counter's fastest kernel here
    /// ("AVX-512 VBMI2", "AVX-512", "AVX2", "no AVX2": see
    /// [`Kernel::instructions`]), since hosts that a virtual machine names
    /// alike can differ there, and the counter's lanes with them.
    pub vectors: String,
    /// The cores this process may use.
    pub cores: usize,
    /// `rustc --version` of the compiler on the path.
    pub rustc: String,
    /// The build profile of this program and its optimisation level:
    /// "release profile, opt-level 3".
    pub profile: String,
}

impl Machine {
    /// Looks the machine up.
    pub fn detect() -> Self {
        Machine {
            cpu: cpu_model().unwrap_or_else(|| "unknown CPU".to_owned()),
            vectors: Kernel::detect().instructions().to_owned(),
            cores: std::thread::available_parallelism().map_or(1, usize::from),
            rustc: rustc_version().unwrap_or_else(|| "rustc (version unknown)".to_owned()),
            profile: format!("{} profile, opt-level {}", profile(), OPT_LEVEL),
        }
    }
}

impl fmt::Display for Machine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.cores == 1 { "" } else { "s" };
        write!(
            f,
            "{} with {}, {} core{plural}, {}, {}",
            self.cpu, self.vectors, self.cores, self.rustc, self.profile
        )
    }
}

/// The first "model name" line of `/proc/cpuinfo`.
fn cpu_model() -> Option<String> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    cpuinfo
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| key.trim() == "model name")
        .map(|(_, value)| value.trim().to_owned())
}

/// The version of the compiler cargo uses (`$RUSTC`, or `rustc`), asked at
/// run time.
fn rustc_version() -> Option<String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc).arg("--version").output().ok()?;
    let version = String::from_utf8(output.stdout).ok()?;
    Some(version.trim().to_owned()).filter(|version| !version.is_empty())
}

/// The optimisation level this program was built with. The `cargo xtask`
/// alias builds with `--release`; at level 0 the times are of unoptimised
/// code.
pub const OPT_LEVEL: &str = env!("QUEENS_LAB_OPT_LEVEL");

/// The profile this program was built with, as cargo tells build scripts:
/// "release" or "debug" (the test profile reports "debug").
pub fn profile() -> &'static str {
    env!("QUEENS_LAB_PROFILE")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_every_part() {
        let machine = Machine {
            cpu: "AMD EPYC".into(),
            vectors: "AVX2".into(),
            cores: 2,
            rustc: "rustc 1.95.0".into(),
            profile: "release profile, opt-level 3".into(),
        };
        assert_eq!(
            machine.to_string(),
            "AMD EPYC with AVX2, 2 cores, rustc 1.95.0, release profile, opt-level 3"
        );
    }
}
