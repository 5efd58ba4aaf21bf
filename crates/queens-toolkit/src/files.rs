//! The one way the workspace's tools (`queens`, `queens-grade`, `cargo
//! xtask`) write what they produce, to a file, a device or stdout, and read
//! a file they are given, without damaging what is there, losing output in
//! silence or waiting forever.
//!
//! # Writing: what is there decides how
//!
//! A tool's `--out PATH` is written according to what `PATH` is
//! ([`target`]):
//!
//! - **A regular file, or a new path**: never written in place. The
//!   contents go to a temporary file in the same folder, which is flushed to
//!   the disk and then renamed over the target; a rename within one file
//!   system replaces the file in one step, so a reader sees the old file or
//!   the new one, never a part. If anything fails on the way (a full disk, a
//!   closed pipe that ends the run, an error in the caller), the temporary
//!   file is removed and the old file stays as it was. A replaced file keeps
//!   its permissions; a new one is readable by everyone, as reports and pages
//!   usually are (the temporary file is created private).
//! - **A symbolic link**: followed, link by link, to the file it finally
//!   names, which is replaced as above; the link stays. A chain that loops
//!   is an error that says so. Links are followed because the user made
//!   them to say where the output goes (`latest.json -> run-7.json`, a page
//!   published through a link): replacing the link by a file would undo
//!   that choice in silence. Except **a link someone else planted**: in a
//!   folder others can write (its mode lets the group or everyone write,
//!   as `/tmp` or a cluster's shared records folder), a link is followed
//!   only when its owner is the user running the tool or the folder's
//!   owner; any other is refused with one line naming the link, its owner
//!   and the folder, and nothing is written. This is the kernel's
//!   `fs.protected_symlinks` rule, which the kernel applies only to sticky
//!   folders everyone can write, and only when it opens a path: a tool
//!   that reads a link and renames a file to where it leads would pass it
//!   by, so the rule is applied here to every link of the chain, and to
//!   every folder others can write, sticky or not (without the sticky bit
//!   they could also rename the user's own link away, but a link they put
//!   in its place is theirs, and refused). Otherwise `queens count 21
//!   --shard 1/64 --out records/shard-1.json` would overwrite whatever a
//!   planted `records/shard-1.json -> ~/.bashrc` names. The folder's owner
//!   is trusted, as the kernel trusts them, since the folder is theirs to
//!   arrange (`/tmp`'s owner is root); a link of the user's own in a folder
//!   only they can write works as it always did.
//! - **Anything else**, a device (`/dev/null`, `/dev/full`, a terminal), a
//!   FIFO, or a link the kernel makes to an open file (`/dev/stdout`,
//!   `/proc/self/fd/N`): written directly, opened for appending, since
//!   replacing it would destroy what the user named (as root, `/dev/full`
//!   would become a regular file) and a file behind `/dev/stdout` (a shell's
//!   `>>`) must keep what it holds. Its errors are reported, `/dev/full`'s
//!   "No space left on device" included. A socket cannot be opened as a
//!   file and is refused by name; a directory too.
//! - **`-`**: stdout.
//!
//! Callers build the contents in memory first, so the only window in which
//! an interruption such as Ctrl-C could leave a temporary file behind is
//! the write itself. [`check_writable`] finds out before long work that the
//! target could not be written at all, so that a run fails at once rather
//! than after the work.
//!
//! # Stdout
//!
//! [`to_stdout`] writes and flushes: a reader that closed the pipe (`|
//! head`) wanted no more, which ends the output quietly; any other failure
//! is an error. A stdout that was closed when the program started (`>&-`)
//! is an error too, before anything is lost ([`check_stdout`]): Rust's
//! runtime puts `/dev/null` in the place of a closed standard stream before
//! `main`, so every write would succeed into nothing. This crate notes the
//! closed descriptor before the runtime does (on Linux, from the program's
//! list of constructors). Every tool exits with [`EXIT_IO`] when its output
//! cannot be written.
//!
//! # Reading
//!
//! [`read_regular`] reads a file the tool expects to be a regular file of
//! bounded size (a shard record, a key): it opens without waiting, so a FIFO
//! never blocks it, refuses anything but a regular file by its kind, and
//! never reads more than its bound.

use std::fs::{self, OpenOptions, Permissions};
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// The exit status of every tool whose output could not be written: stdout
/// closed or failing, or a file that could not be written after the work.
/// `EX_IOERR` of BSD's `sysexits.h`, which no other outcome of the tools
/// uses.
pub const EXIT_IO: u8 = 74;

/// The most symbolic links followed from one path, as Linux follows them
/// (`MAXSYMLINKS`): a longer chain is taken for a loop.
const MOST_LINKS: usize = 40;

/// What a write to a path does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// `-`: stdout.
    Stdout,
    /// This regular file, or new path, is replaced whole by a rename: the
    /// path itself, or the file its symbolic links lead to.
    Replace(PathBuf),
    /// This device, FIFO or open file (behind `/dev/stdout`) is written
    /// directly.
    Direct(PathBuf),
}

/// Whether `path` is `-`, which means stdout wherever a tool takes a file
/// to write.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// What a write to `path` does: see [`Target`].
///
/// # Errors
///
/// When `path` is a directory or a socket, when its symbolic links loop,
/// when a link on the way may have been planted by someone else in a
/// folder others can write ([`is_planted_link`]), or when a link or a
/// folder on the way cannot be read.
pub fn target(path: &Path) -> io::Result<Target> {
    if is_stdout(path) {
        return Ok(Target::Stdout);
    }
    let mut current = path.to_owned();
    for _ in 0..=MOST_LINKS {
        let metadata = match fs::symlink_metadata(&current) {
            Ok(metadata) => metadata,
            // A new file; whether its folder exists is found when the
            // temporary file is made.
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                return Ok(Target::Replace(current));
            }
            Err(error) => return Err(name_loop(error)),
        };
        let kind = metadata.file_type();
        if kind.is_symlink() && names_open_file(&current) {
            return Ok(Target::Direct(current));
        }
        if kind.is_symlink() {
            check_planted(&current, current != path, &metadata)?;
            current = folder_of(&current).join(fs::read_link(&current)?);
        } else if kind.is_file() {
            return Ok(Target::Replace(current));
        } else if kind.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory, not a file",
            ));
        } else if kind.is_socket() {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "it is a socket, which cannot be written as a file",
            ));
        } else {
            return Ok(Target::Direct(current));
        }
    }
    Err(links_loop())
}

/// Errs when the symbolic link `link` (its own `metadata`, not its
/// target's) may have been planted: its folder lets others than its owner
/// write (the group or everyone), and the link is neither the user's (the
/// effective uid, as the kernel checks it) nor the folder owner's.
/// `on_the_way` says that `link` is not the path the user named but a link
/// its chain leads through.
fn check_planted(link: &Path, on_the_way: bool, metadata: &fs::Metadata) -> io::Result<()> {
    let folder = folder_of(link);
    let folder_metadata = fs::metadata(&folder)?;
    let others_write = folder_metadata.mode() & 0o022 != 0;
    let owner = metadata.uid();
    let trusted = [rustix::process::geteuid().as_raw(), folder_metadata.uid()];
    if !others_write || trusted.contains(&owner) {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::PermissionDenied,
        PlantedLink {
            link: on_the_way.then(|| link.to_owned()),
            owner,
            folder,
            folder_mode: folder_metadata.mode() & 0o7777,
            folder_owner: folder_metadata.uid(),
        },
    ))
}

/// A symbolic link a tool refuses to follow: see [`check_planted`].
#[derive(Debug)]
struct PlantedLink {
    /// The link, when it is one the named path leads through rather than
    /// the path itself.
    link: Option<PathBuf>,
    /// Its owner's uid.
    owner: u32,
    /// The folder it is in.
    folder: PathBuf,
    /// The folder's permission bits.
    folder_mode: u32,
    /// The folder owner's uid.
    folder_owner: u32,
}

impl std::fmt::Display for PlantedLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.link {
            None => write!(f, "it is a symbolic link")?,
            Some(link) => write!(f, "it leads through {}, a symbolic link", link.display())?,
        }
        write!(
            f,
            " owned by uid {} in a folder others can write ({}: mode {:04o}, owned by uid {}); \
             a link there is followed only when it is yours or the folder owner's, since \
             anyone else's may be planted to make you overwrite a file of their choosing",
            self.owner,
            self.folder.display(),
            self.folder_mode,
            self.folder_owner
        )
    }
}

impl std::error::Error for PlantedLink {}

/// Whether `error` is the refusal of a symbolic link someone else may have
/// planted in a folder others can write (see the module's essay): a path
/// the user named that cannot be written, whenever it is found.
pub fn is_planted_link(error: &io::Error) -> bool {
    error
        .get_ref()
        .is_some_and(|inner| inner.is::<PlantedLink>())
}

/// The error of symbolic links that loop, or of a chain longer than
/// [`MOST_LINKS`], which is taken for one.
fn links_loop() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("its symbolic links form a loop (more than {MOST_LINKS} links)"),
    )
}

/// `error`, or, when it is the system's "too many levels of symbolic
/// links" (`ELOOP`), the error that says what that almost always means: a
/// loop. For every error a tool reports about a path it was given.
pub fn name_loop(error: io::Error) -> io::Error {
    if error.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error()) {
        links_loop()
    } else {
        error
    }
}

/// Whether the symbolic link `link` is one the kernel makes to an open
/// file (`/proc/self/fd/1`, which `/dev/stdout` and `/dev/fd/1` lead to):
/// its target may be a pipe or a terminal, not a path, and what it names
/// is the open file itself.
fn names_open_file(link: &Path) -> bool {
    fs::canonicalize(folder_of(link)).is_ok_and(|folder| folder.starts_with("/proc"))
}

/// Writes `contents` to `path` as [`target`] says: whole or not at all to
/// a file, directly to anything else.
///
/// # Errors
///
/// When `path` cannot be written; a file is then left as it was.
pub fn write_whole(path: &Path, contents: &[u8]) -> io::Result<()> {
    write_whole_with(path, |out| out.write_all(contents))
}

/// Writes to `path` through `write`, as [`target`] says: to a file whole,
/// or leaving it as it was when `write` or anything after it fails; to
/// anything else directly, as far as `write` got.
///
/// # Errors
///
/// When `path` cannot be written or `write` fails.
pub fn write_whole_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    match target(path)? {
        Target::Stdout => {
            check_stdout()?;
            let mut stdout = io::stdout().lock();
            quiet_when_unread(write(&mut stdout).and_then(|()| stdout.flush()))
        }
        Target::Direct(file) => {
            let mut opened = OpenOptions::new().append(true).open(file)?;
            write(&mut opened)?;
            opened.flush()
        }
        Target::Replace(file) => replace(&file, write),
    }
}

/// Replaces the regular file `file` (or creates it) with what `write`
/// writes, through a temporary file renamed over it.
fn replace(file: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let permissions = fs::metadata(file)
        .map(|metadata| metadata.permissions())
        .unwrap_or_else(|_| Permissions::from_mode(0o644));
    let mut temporary = tempfile::Builder::new()
        .prefix(".queens-")
        .suffix(".tmp")
        .tempfile_in(folder_of(file))
        .map_err(without_temporary_name)?;
    write(temporary.as_file_mut())?;
    let opened = temporary.as_file_mut();
    opened.flush()?;
    opened.set_permissions(permissions)?;
    opened.sync_all()?;
    temporary
        .persist(file)
        .map(drop)
        .map_err(|error| error.error)
}

/// Errs when nothing could be written at `path`: its folder is missing or
/// cannot be written, it is a directory or a socket, its links loop, or it
/// is `-` and stdout is closed. A device or a FIFO is taken as writable:
/// opening a FIFO to try would wait for its reader.
///
/// # Errors
///
/// As above.
pub fn check_writable(path: &Path) -> io::Result<()> {
    match target(path)? {
        Target::Stdout => check_stdout(),
        Target::Direct(_) => Ok(()),
        Target::Replace(file) => tempfile::tempfile_in(folder_of(&file))
            .map(drop)
            .map_err(without_temporary_name),
    }
}

/// Writes `contents` to stdout and flushes it. A reader that closed the
/// pipe (`| head`) wanted no more, so that ends the output quietly.
///
/// # Errors
///
/// When stdout was closed when the program started ([`check_stdout`]), or
/// the write fails otherwise (a full disk).
pub fn to_stdout(contents: &[u8]) -> io::Result<()> {
    write_whole(Path::new("-"), contents)
}

/// `written`, except that a reader that went away (a broken pipe) is no
/// error: it wanted no more.
fn quiet_when_unread(written: io::Result<()>) -> io::Result<()> {
    match written {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        written => written,
    }
}

/// Whether stdout was open when the program started. A closed one (`>&-`)
/// was replaced by `/dev/null` before `main`, so writes to it succeed and
/// are lost: a tool asks this before it writes its answer.
pub fn stdout_is_open() -> bool {
    !STDOUT_CLOSED_AT_START.load(Ordering::Relaxed)
}

/// Errs when stdout was closed when the program started: see
/// [`stdout_is_open`].
///
/// # Errors
///
/// As above, with the message "stdout is closed".
pub fn check_stdout() -> io::Result<()> {
    if stdout_is_open() {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::NotConnected,
            "stdout is closed",
        ))
    }
}

/// Whether file descriptor 1 was closed when the program started, as
/// [`note_closed_stdout`] found it.
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Runs [`note_closed_stdout`] before `main`: the loader calls every
/// function of the `.init_array` section before the program's `main`, and
/// Rust's runtime replaces a closed standard stream in `main`. The only way
/// to see the descriptor as the shell left it, and so the one item here
/// that needs `unsafe`: the attribute places a static in a section by name.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[unsafe(link_section = ".init_array")]
#[used]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

/// Notes whether file descriptor 1 is closed. Asking `fcntl` about a closed
/// descriptor is harmless: it answers `EBADF`.
extern "C" fn note_closed_stdout() {
    let closed = rustix::io::fcntl_getfd(io::stdout().as_fd()) == Err(rustix::io::Errno::BADF);
    STDOUT_CLOSED_AT_START.store(closed, Ordering::Relaxed);
}

/// Reads the regular file `path` whole, if it holds at most `most` bytes.
/// It is opened without waiting (a FIFO opened for reading would wait for a
/// writer), then its kind is checked on what was opened.
///
/// # Errors
///
/// When `path` cannot be opened or read, is not a regular file (the error
/// names its kind), or holds more than `most` bytes.
pub fn read_regular(path: &Path, most: u64) -> io::Result<Vec<u8>> {
    // Asked first without opening, since a socket cannot be opened and would
    // say only "no such device"; asked again of what was opened, in case
    // the path changed in between.
    check_regular(fs::metadata(path).map_err(name_loop)?.file_type())?;
    let opened = OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path)
        .map_err(name_loop)?;
    check_regular(opened.metadata()?.file_type())?;
    let mut contents = Vec::new();
    opened.take(most + 1).read_to_end(&mut contents)?;
    if contents.len() as u64 > most {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("longer than {most} bytes"),
        ));
    }
    Ok(contents)
}

/// Errs, naming `kind`, when it is not a regular file's.
fn check_regular(kind: fs::FileType) -> io::Result<()> {
    if kind.is_file() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("not a regular file but {}", kind_name(kind)),
    ))
}

/// What a file that is not a regular file is, for an error.
fn kind_name(kind: fs::FileType) -> &'static str {
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "of an unknown kind"
    }
}

/// The error without the name of the temporary file that tempfile adds to
/// it: the user asked for another file, which the caller names.
fn without_temporary_name(error: io::Error) -> io::Error {
    let text = error.to_string();
    match text.find(" at path ") {
        Some(end) => io::Error::new(error.kind(), &text[..end]),
        None => error,
    }
}

/// The folder `path` is in: its parent, or the current folder.
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use std::fs::File;

    use super::*;

    /// Makes a FIFO at `path`.
    fn mkfifo(path: &Path) {
        let made = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .unwrap();
        assert!(made.success());
    }

    /// What `path` holds.
    fn contents(path: &Path) -> String {
        fs::read_to_string(path).unwrap()
    }

    /// The names in `folder`.
    fn names(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_that_fails_part_way_leaves_the_old_file_and_no_temporary() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("page.html");
        fs::write(&path, "the old page").unwrap();
        let failed = write_whole_with(&path, |file| {
            file.write_all(b"the first half of a new pa")?;
            Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on device",
            ))
        });
        assert_eq!(failed.unwrap_err().to_string(), "no space left on device");
        assert_eq!(contents(&path), "the old page");
        assert_eq!(names(folder.path()), ["page.html"]);
    }

    #[test]
    fn a_whole_write_replaces_the_file_keeping_its_permissions() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("grades.csv");
        write_whole(&path, b"new\n").unwrap();
        let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o644, "a new file is readable by all");
        fs::set_permissions(&path, Permissions::from_mode(0o600)).unwrap();
        write_whole(&path, b"newer\n").unwrap();
        assert_eq!(contents(&path), "newer\n");
        assert_eq!(mode(&path), 0o600, "a replaced file keeps its permissions");
        assert_eq!(names(folder.path()), ["grades.csv"]);
    }

    #[test]
    fn a_chain_of_links_is_written_through_to_its_last_file() {
        let folder = tempfile::tempdir().unwrap();
        let inner = folder.path().join("inner");
        fs::create_dir(&inner).unwrap();
        let file = inner.join("report.json");
        fs::write(&file, "old").unwrap();
        // latest.json -> inner/current.json -> report.json (relative to
        // the folder of each link).
        std::os::unix::fs::symlink("report.json", inner.join("current.json")).unwrap();
        let link = folder.path().join("latest.json");
        std::os::unix::fs::symlink("inner/current.json", &link).unwrap();
        assert_eq!(target(&link).unwrap(), Target::Replace(file.clone()));
        write_whole(&link, b"through the links").unwrap();
        assert!(link.is_symlink() && inner.join("current.json").is_symlink());
        assert_eq!(contents(&file), "through the links");
        assert_eq!(names(&inner), ["current.json", "report.json"]);
    }

    /// A uid that is neither the test's nor root's.
    const SOMEONE_ELSE: u32 = 1001;

    /// Whether the test runs as root, which giving a link to someone else
    /// needs; says so when it does not.
    fn root_or_skip() -> bool {
        let root = rustix::process::geteuid().is_root();
        if !root {
            eprintln!("skipped: giving a symbolic link to another user needs root");
        }
        root
    }

    /// A folder `name` in `parent` with the permission bits `mode`, owned
    /// by `owner`.
    fn folder_with(parent: &Path, name: &str, mode: u32, owner: u32) -> PathBuf {
        let folder = parent.join(name);
        fs::create_dir(&folder).unwrap();
        fs::set_permissions(&folder, Permissions::from_mode(mode)).unwrap();
        std::os::unix::fs::lchown(&folder, Some(owner), None).unwrap();
        folder
    }

    /// A symbolic link at `link` to `to`, owned by `owner`.
    fn link_owned(to: &Path, link: &Path, owner: u32) {
        std::os::unix::fs::symlink(to, link).unwrap();
        std::os::unix::fs::lchown(link, Some(owner), None).unwrap();
    }

    #[test]
    fn a_link_someone_else_planted_where_others_can_write_is_refused() {
        if !root_or_skip() {
            return;
        }
        let root = tempfile::tempdir().unwrap();
        let victim = root.path().join("victim");
        fs::write(&victim, "precious").unwrap();
        for mode in [0o1777, 0o777, 0o775] {
            let records = folder_with(root.path(), &format!("records-{mode:o}"), mode, 0);
            let link = records.join("shard-1.json");
            link_owned(&victim, &link, SOMEONE_ELSE);
            let expected = format!(
                "it is a symbolic link owned by uid 1001 in a folder others can write ({}: mode \
                 {mode:04o}, owned by uid 0); a link there is followed only when it is yours or \
                 the folder owner's, since anyone else's may be planted to make you overwrite a \
                 file of their choosing",
                records.display()
            );
            let refused = write_whole(&link, b"overwritten").unwrap_err();
            assert!(is_planted_link(&refused));
            assert_eq!(refused.to_string(), expected);
            assert_eq!(check_writable(&link).unwrap_err().to_string(), expected);
            assert_eq!(contents(&victim), "precious");
            assert!(link.is_symlink());
            assert_eq!(names(&records), ["shard-1.json"]);
        }
    }

    #[test]
    fn a_planted_link_on_the_way_is_named() {
        if !root_or_skip() {
            return;
        }
        let root = tempfile::tempdir().unwrap();
        let victim = root.path().join("victim");
        fs::write(&victim, "precious").unwrap();
        let shared = folder_with(root.path(), "shared", 0o1777, 0);
        let planted = shared.join("latest.json");
        link_owned(&victim, &planted, SOMEONE_ELSE);
        let mine = root.path().join("out.json");
        std::os::unix::fs::symlink(&planted, &mine).unwrap();
        let refused = write_whole(&mine, b"overwritten").unwrap_err();
        assert!(is_planted_link(&refused));
        assert!(
            refused.to_string().starts_with(&format!(
                "it leads through {}, a symbolic link owned by uid 1001 in a folder others can \
                 write ({}: mode 1777, owned by uid 0);",
                planted.display(),
                shared.display()
            )),
            "{refused}"
        );
        assert_eq!(contents(&victim), "precious");
    }

    #[test]
    fn links_of_the_user_or_the_folder_owner_or_in_a_private_folder_are_followed() {
        if !root_or_skip() {
            return;
        }
        let root = tempfile::tempdir().unwrap();
        // The user's own link in someone else's folder everyone can write.
        let shared = folder_with(root.path(), "shared", 0o1777, SOMEONE_ELSE + 1);
        // Someone else's link in their own folder everyone can write.
        let theirs = folder_with(root.path(), "theirs", 0o777, SOMEONE_ELSE);
        // Someone else's link in a folder only its owner can write.
        let private = folder_with(root.path(), "private", 0o755, 0);
        for (folder, owner) in [
            (&shared, 0),
            (&theirs, SOMEONE_ELSE),
            (&private, SOMEONE_ELSE),
        ] {
            let file = folder.join("run-7.json");
            let link = folder.join("latest.json");
            link_owned(Path::new("run-7.json"), &link, owner);
            write_whole(&link, b"through the link").unwrap();
            assert!(link.is_symlink());
            assert_eq!(contents(&file), "through the link", "{}", folder.display());
        }
    }

    #[test]
    fn a_dangling_link_gets_its_file_made() {
        let folder = tempfile::tempdir().unwrap();
        let link = folder.path().join("out.svg");
        std::os::unix::fs::symlink("made.svg", &link).unwrap();
        write_whole(&link, b"<svg/>").unwrap();
        assert!(link.is_symlink());
        assert_eq!(contents(&folder.path().join("made.svg")), "<svg/>");
    }

    #[test]
    fn a_loop_of_links_is_named_as_one() {
        let folder = tempfile::tempdir().unwrap();
        let (a, b) = (folder.path().join("a"), folder.path().join("b"));
        std::os::unix::fs::symlink("b", &a).unwrap();
        std::os::unix::fs::symlink("a", &b).unwrap();
        let expected = "its symbolic links form a loop (more than 40 links)";
        assert_eq!(write_whole(&a, b"x").unwrap_err().to_string(), expected);
        assert_eq!(check_writable(&b).unwrap_err().to_string(), expected);
        assert!(a.is_symlink() && b.is_symlink());
    }

    #[test]
    fn a_device_is_written_to_and_stays_a_device() {
        // Device nodes of the test's own, with the numbers of /dev/null and
        // /dev/full: a writer that replaced its target would replace these,
        // never the machine's devices. Making one needs root.
        let folder = tempfile::tempdir().unwrap();
        let node = |name: &str, minor: &str| {
            let path = folder.path().join(name);
            let made = std::process::Command::new("mknod")
                .arg(&path)
                .args(["c", "1", minor])
                .status()
                .is_ok_and(|status| status.success());
            made.then_some(path)
        };
        let (Some(null), Some(full)) = (node("null", "3"), node("full", "7")) else {
            eprintln!("skipped: cannot make a device node here (mknod needs root)");
            return;
        };
        assert_eq!(target(&null).unwrap(), Target::Direct(null.clone()));
        write_whole(&null, b"gone").unwrap();
        check_writable(&null).unwrap();
        let error = write_whole(&full, b"no room").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        for device in [&null, &full] {
            let kind = fs::symlink_metadata(device).unwrap().file_type();
            assert!(
                kind.is_char_device(),
                "{} is still a device",
                device.display()
            );
        }
    }

    #[test]
    fn a_fifo_is_written_to_and_stays_a_fifo() {
        let folder = tempfile::tempdir().unwrap();
        let fifo = folder.path().join("fifo");
        mkfifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || contents(&fifo))
        };
        write_whole(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(names(folder.path()), ["fifo"]);
    }

    #[test]
    fn an_open_file_behind_a_proc_link_is_written_directly() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("log");
        fs::write(&path, "kept\n").unwrap();
        let open = File::open(&path).unwrap();
        let link = PathBuf::from(format!("/proc/self/fd/{}", {
            use std::os::fd::AsRawFd;
            open.as_raw_fd()
        }));
        assert_eq!(target(&link).unwrap(), Target::Direct(link.clone()));
        let stdout = Path::new("/dev/stdout");
        assert!(matches!(target(stdout).unwrap(), Target::Direct(_)));
        drop(open);
    }

    #[test]
    fn directories_and_sockets_are_refused_by_kind() {
        let folder = tempfile::tempdir().unwrap();
        assert_eq!(
            check_writable(folder.path()).unwrap_err().to_string(),
            "it is a directory, not a file"
        );
        let socket = folder.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        assert_eq!(
            write_whole(&socket, b"x").unwrap_err().to_string(),
            "it is a socket, which cannot be written as a file"
        );
    }

    #[test]
    fn a_dash_is_stdout_which_is_open_here() {
        assert!(is_stdout(Path::new("-")));
        assert!(!is_stdout(Path::new("./-")));
        assert_eq!(target(Path::new("-")).unwrap(), Target::Stdout);
        assert!(stdout_is_open());
        check_writable(Path::new("-")).unwrap();
    }

    #[test]
    fn a_missing_folder_is_found_before_any_work() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("no/such/folder/plot.svg");
        assert_eq!(
            check_writable(&path).unwrap_err().to_string(),
            "No such file or directory (os error 2)"
        );
        assert!(write_whole(&path, b"x").is_err());
        assert!(check_writable(&folder.path().join("plot.svg")).is_ok());
        assert_eq!(names(folder.path()), Vec::<String>::new());
    }

    #[test]
    fn reading_takes_only_bounded_regular_files() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("record.json");
        fs::write(&path, "1234").unwrap();
        assert_eq!(read_regular(&path, 4).unwrap(), b"1234");
        assert_eq!(
            read_regular(&path, 3).unwrap_err().to_string(),
            "longer than 3 bytes"
        );
        assert_eq!(
            read_regular(Path::new("/dev/zero"), 10)
                .unwrap_err()
                .to_string(),
            "not a regular file but a character device"
        );
        assert_eq!(
            read_regular(folder.path(), 10).unwrap_err().to_string(),
            "not a regular file but a directory"
        );
        let fifo = folder.path().join("fifo");
        mkfifo(&fifo);
        // No writer: opening it to read must not wait for one.
        assert_eq!(
            read_regular(&fifo, 10).unwrap_err().to_string(),
            "not a regular file but a FIFO"
        );
        let socket = folder.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        assert_eq!(
            read_regular(&socket, 10).unwrap_err().to_string(),
            "not a regular file but a socket"
        );
        std::os::unix::fs::symlink("b", folder.path().join("a")).unwrap();
        std::os::unix::fs::symlink("a", folder.path().join("b")).unwrap();
        assert_eq!(
            read_regular(&folder.path().join("a"), 10)
                .unwrap_err()
                .to_string(),
            "its symbolic links form a loop (more than 40 links)"
        );
        let opened = File::open(folder.path().join("a")).unwrap_err();
        assert_eq!(
            name_loop(opened).to_string(),
            "its symbolic links form a loop (more than 40 links)"
        );
    }
}
