//! The `queens` binary: the whole tool is the `queens_cli` library, so that
//! it can be read, documented and tested as one.

fn main() -> std::process::ExitCode {
    queens_cli::main()
}
