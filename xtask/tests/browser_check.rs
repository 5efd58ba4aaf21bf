//! `cargo xtask browser-check` without a browser: a missing Chromium and a
//! bad option each get one clear line and exit status 2. (The check itself
//! needs Chromium; run `cargo xtask browser-check` on a machine that has it.)

use std::process::Command;

#[test]
fn without_chromium_the_check_says_how_to_install_it() {
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("browser-check")
        .env("PATH", "")
        .output()
        .expect("the xtask binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim_end(),
        "error: no chromium on the PATH: install Debian's with `sudo apt-get install chromium`"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn an_unknown_solver_is_refused() {
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["browser-check", "--algo", "queen"])
        .output()
        .expect("the xtask binary runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr).trim_end(),
        "error: invalid value 'queen' for '--algo <NAME>': \
         unknown algorithm 'queen' (known: naive, permutation, matrix, array, lookup, bnb, bitboard, construct, min-conflicts)"
    );
}
