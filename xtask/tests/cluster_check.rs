//! `cargo xtask cluster-check` without Slurm: the missing programs and the
//! Debian packages that bring them, on one line, exit status 2. (The check
//! itself needs both packages; run `cargo xtask cluster-check` on a machine
//! that has them.)

use std::process::Command;

#[test]
fn without_slurm_the_check_says_how_to_install_it() {
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("cluster-check")
        .env("PATH", "")
        .output()
        .expect("the xtask binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim_end(),
        "error: munged, slurmctld, slurmd, sbatch, squeue, scancel, scontrol, sinfo \
         not on the PATH: install Debian's packages with `sudo apt-get install slurm-wlm munge`"
    );
    assert!(output.stdout.is_empty());
}
