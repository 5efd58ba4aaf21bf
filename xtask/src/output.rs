//! Where a task's text goes: stdout, or a file written whole. A failure to
//! write is [`Error::Output`], exit status 74. And the one page a task
//! rewrites in part, read back first, with a bound.

use std::path::Path;

use crate::error::Error;

/// Writes `text` to stdout: a closed pipe (`| head`) ends the output
/// quietly, any other failure (a full disk, a stdout closed with `>&-`) is
/// an error.
pub(crate) fn print_out(text: &str) -> Result<(), Error> {
    queens_toolkit::files::to_stdout(text.as_bytes())
        .map_err(|error| Error::Output(format!("cannot write to stdout: {error}")))
}

/// Writes `text` to `path` whole, or leaves the old file.
pub(crate) fn write_whole(path: &Path, text: &str) -> Result<(), Error> {
    queens_toolkit::files::write_whole(path, text.as_bytes())
        .map_err(|error| Error::Output(format!("cannot write {}: {error}", path.display())))
}

/// Writes `text` to `path`, or to stdout without one.
pub(crate) fn print_or_write(path: Option<&Path>, text: &str) -> Result<(), Error> {
    match path {
        Some(path) => write_whole(path, text),
        None => print_out(text),
    }
}

/// Writes each of `files`, a path under `root` and its text, whole.
pub(crate) fn write_files(root: &Path, files: &[(&str, String)]) -> Result<(), Error> {
    files
        .iter()
        .try_for_each(|(path, text)| write_whole(&root.join(path), text))
}

/// The most a page read back to be rewritten in part may hold: the README
/// is some tens of kilobytes.
const MOST_PAGE_BYTES: u64 = 1 << 20;

/// Reads the page `path` whole, to rewrite a part of it.
pub(crate) fn read_page(path: &Path) -> Result<String, Error> {
    let bytes = queens_toolkit::files::read_regular(path, MOST_PAGE_BYTES)
        .map_err(|error| Error::Failed(format!("cannot read {}: {error}", path.display())))?;
    String::from_utf8(bytes)
        .map_err(|_| Error::Failed(format!("{} is not UTF-8 text", path.display())))
}
