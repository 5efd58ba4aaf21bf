//! Headless Chromium, as `cargo xtask browser-check` drives it: found on
//! the `PATH`, opened on a page the workspace's `queens` binary made, with
//! a fresh profile and a deadline, to dump the page's DOM or save a
//! screenshot of it.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use queens_toolkit::child::GroupChild;

use crate::error::Error;

/// The browsers looked for on the `PATH`, in order: Debian's package
/// installs `chromium`, some other systems `chromium-browser`.
const BROWSERS: [&str; 2] = ["chromium", "chromium-browser"];
/// The flags that make a headless run quiet, offline and repeatable: no
/// sandbox (root in a container has none), no GPU, no background traffic.
const HEADLESS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
];
/// How long one browser run may take before it is stopped.
const BROWSER_DEADLINE: Duration = Duration::from_secs(90);

/// The first of [`BROWSERS`] found on the `PATH`.
pub(super) fn find_browser() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    BROWSERS.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|folder| folder.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// The browser's own account of its version, or its path when it gives none.
pub(super) fn browser_version(browser: &Path) -> String {
    Command::new(browser)
        .arg("--version")
        .stderr(Stdio::null())
        .output()
        .ok()
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
        .filter(|version| !version.is_empty())
        .unwrap_or_else(|| browser.display().to_string())
}

/// Writes a page with the workspace's `queens` binary: `queens ARGS...
/// --html PAGE`.
pub(super) fn make_page(root: &Path, queens: &[&str], page: &Path) -> Result<(), Error> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let command = [queens, &["--html"]].concat();
    println!(
        "making the page: cargo run --release -p queens-cli -- {} {}",
        command.join(" "),
        shown_path(root, page)
    );
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["run", "--quiet", "--release", "-p", "queens-cli", "--"])
        .args(&command)
        .arg(page)
        .stdout(Stdio::null())
        .status()
        .map_err(|error| Error::Failed(format!("cannot run cargo: {error}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::Failed(format!(
            "`queens {} {}` failed ({status})",
            command.join(" "),
            page.display()
        )))
    }
}

/// Saves a screenshot of the page at `address` in a window of `window`
/// pixels.
pub(super) fn take_screenshot(
    browser: &Path,
    address: &str,
    window: (u32, u32),
    screenshot: &Path,
    folder: &Path,
) -> Result<(), Error> {
    if let Some(parent) = screenshot.parent() {
        std::fs::create_dir_all(parent).map_err(|error| {
            Error::Failed(format!("cannot create {}: {error}", parent.display()))
        })?;
    }
    // Chromium writes the picture where it is told, in place: it is told a
    // file of the work folder (by absolute path, whatever the browser's
    // working folder), and the screenshot is replaced whole only once that
    // file is a PNG, so a failed run keeps the old one.
    let target = std::path::absolute(folder.join("screenshot.png"))
        .map_err(|error| Error::Failed(format!("cannot resolve {}: {error}", folder.display())))?;
    let _ = std::fs::remove_file(&target);
    open_headless(
        browser,
        &[
            format!("--screenshot={}", target.display()),
            format!("--window-size={},{}", window.0, window.1),
            address.to_owned(),
        ],
        None,
        folder,
    )?;
    let bytes = std::fs::read(&target).unwrap_or_default();
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        queens_toolkit::files::write_whole(screenshot, &bytes).map_err(|error| {
            Error::Failed(format!("cannot write {}: {error}", screenshot.display()))
        })
    } else {
        Err(Error::Failed(format!(
            "chromium saved no PNG at {}",
            target.display()
        )))
    }
}

/// A fresh, empty browser profile, removed when dropped, so no earlier run's
/// state (or a running browser's lock) can change what the page shows.
fn profile(folder: &Path) -> Result<tempfile::TempDir, Error> {
    tempfile::Builder::new()
        .prefix("profile-")
        .tempdir_in(folder)
        .map_err(|error| Error::Failed(format!("cannot make a browser profile: {error}")))
}

/// Runs the browser headless with a fresh profile and `extra` arguments, its
/// output into `stdout` (or nowhere) and its chatter into `chromium.log` in
/// `folder`, stopping it after [`BROWSER_DEADLINE`].
pub(super) fn open_headless(
    browser: &Path,
    extra: &[String],
    stdout: Option<&Path>,
    folder: &Path,
) -> Result<(), Error> {
    let create = |path: &Path| {
        File::create(path)
            .map_err(|error| Error::Failed(format!("cannot write {}: {error}", path.display())))
    };
    let log = folder.join("chromium.log");
    let output = match stdout {
        Some(path) => Stdio::from(create(path)?),
        None => Stdio::null(),
    };
    let profile = profile(folder)?;
    // Chromium starts renderers and helpers: its whole process group goes
    // when it is done or out of time.
    let child = GroupChild::spawn(
        Command::new(browser)
            .args(HEADLESS)
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args(extra)
            .stdin(Stdio::null())
            .stdout(output)
            .stderr(Stdio::from(create(&log)?)),
    )
    .map_err(|error| Error::Failed(format!("cannot run {}: {error}", browser.display())))?;
    let waited = child
        .finish(BROWSER_DEADLINE)
        .map_err(|error| Error::Failed(format!("cannot wait for the browser: {error}")))?;
    match waited {
        Some(status) if status.success() => Ok(()),
        Some(status) => Err(Error::Failed(format!(
            "{} exited with {status}; see {}",
            browser.display(),
            log.display()
        ))),
        None => Err(Error::Failed(format!(
            "{} did not finish within {} s; see {}",
            browser.display(),
            BROWSER_DEADLINE.as_secs(),
            log.display()
        ))),
    }
}

/// The `file://` address of `page`.
pub(super) fn file_url(page: &Path) -> Result<String, Error> {
    let absolute = std::path::absolute(page)
        .map_err(|error| Error::Failed(format!("cannot resolve {}: {error}", page.display())))?;
    Ok(format!("file://{}", absolute.display()))
}

/// `path` relative to the workspace root when it lies inside it.
pub(super) fn shown_path(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
