//! Records the profile and optimisation level this crate is built with, so
//! that `cargo xtask compare` can print them beside its timings and warn when
//! they are of unoptimised code.

fn main() {
    for (variable, name) in [
        ("PROFILE", "QUEENS_LAB_PROFILE"),
        ("OPT_LEVEL", "QUEENS_LAB_OPT_LEVEL"),
    ] {
        let value = std::env::var(variable).unwrap_or_else(|_| "unknown".to_owned());
        println!("cargo:rustc-env={name}={value}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
