//! `queens-grade`: grades N-Queens submissions with the shared conformance
//! suite. The work is in the library; this is its command line.

fn main() -> std::process::ExitCode {
    queens_grade::main(std::env::args_os())
}
