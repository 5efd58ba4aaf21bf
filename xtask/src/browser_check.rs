//! `cargo xtask browser-check`: the page of `queens trace --html`, proven in
//! a real browser.
//!
//! The task installs nothing. It expects Debian's `chromium` on the `PATH`
//! (`sudo apt-get install chromium`), makes a trace page with the workspace's
//! own `queens` binary, opens it headless at `#end` (the page jumps to its
//! last step), and reads the counters the page then shows from the DOM that
//! Chromium dumps. They must equal the summary the page was written with
//! (its `<main>` element's data attributes), which must in turn equal the
//! statistics of a counted run of the same solver in this process. Then it
//! saves a screenshot of the page at an instructive step to
//! `docs/views/trace-page.png`.
//!
//! Then it checks the race page of `queens race --html` the same way
//! ([`race`]): played to its end in each clock, every board's counters
//! against the solvers' own statistics, and a screenshot to
//! `docs/views/race-page.png`.
//!
//! Exit status: 0 when everything matches, 1 on a mismatch or a failure, 2
//! when Chromium is missing.

use std::fs::File;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use queens_core::format::thousands;
use queens_core::{Problem, Stats};
use queens_toolkit::child::GroupChild;

use crate::error::Error;

mod race;

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
/// The browser window the screenshot is taken in.
const WINDOW: (u32, u32) = (1160, 680);
/// How long one browser run may take before it is stopped.
const BROWSER_DEADLINE: Duration = Duration::from_secs(90);

/// The options of `cargo xtask browser-check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The board size of the trace.
    #[arg(long, default_value = "6")]
    pub n: usize,
    /// The solver to trace, by name.
    #[arg(long, default_value = "array", value_name = "NAME", value_parser = parse_solver_name)]
    pub algo: String,
    /// Where to save the screenshot (default: docs/views/trace-page.png).
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Where to save the race page's screenshot (default:
    /// docs/views/race-page.png). The race is on the board of --n, with
    /// every solver that finds all solutions.
    #[arg(long, value_name = "FILE")]
    pub race_screenshot: Option<PathBuf>,
}

/// Accepts the name of a registered solver.
fn parse_solver_name(name: &str) -> Result<String, String> {
    match queens_solvers::by_name(name) {
        Some(_) => Ok(name.to_owned()),
        None => Err(format!(
            "unknown algorithm '{name}' (known: {})",
            queens_solvers::names().join(", ")
        )),
    }
}

/// The five numbers the page shows and the summary it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Counters {
    /// Steps: the position shown, or the length of the trace.
    pub steps: u64,
    /// Queens placed.
    pub queens_placed: u64,
    /// Safety checks.
    pub safety_checks: u64,
    /// Cells read.
    pub cells_read: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// The counters' names as the page spells them in ids and data attributes,
/// and as this task prints them.
const NAMES: [(&str, &str); 5] = [
    ("steps", "step"),
    ("queens-placed", "queens placed"),
    ("safety-checks", "safety checks"),
    ("cells-read", "cells read"),
    ("solutions", "solutions"),
];

impl Counters {
    /// The counters in the order of [`NAMES`].
    fn values(self) -> [u64; 5] {
        [
            self.steps,
            self.queens_placed,
            self.safety_checks,
            self.cells_read,
            self.solutions,
        ]
    }

    /// Builds counters from five numbers in the order of [`NAMES`].
    fn from_values([steps, queens_placed, safety_checks, cells_read, solutions]: [u64; 5]) -> Self {
        Counters {
            steps,
            queens_placed,
            safety_checks,
            cells_read,
            solutions,
        }
    }

    /// What the page shows, read from the text of the counter elements of a
    /// dumped DOM (`<dd id="queens-placed">1,234</dd>`). The step counter's
    /// id is `step`; the others are named as in [`NAMES`].
    pub(crate) fn shown(dom: &str) -> Result<Self, String> {
        let mut values = [0; 5];
        for (value, (name, _)) in values.iter_mut().zip(NAMES) {
            let id = if name == "steps" { "step" } else { name };
            let text = element_text(dom, id)
                .ok_or_else(|| format!("the page has no element with id=\"{id}\""))?;
            *value = parse_number(text)
                .ok_or_else(|| format!("the page shows '{text}' as {id}: did its script run?"))?;
        }
        Ok(Counters::from_values(values))
    }

    /// The summary the page was written with: the `data-*` attributes of its
    /// `<main id="trace">` element.
    pub(crate) fn summary(html: &str) -> Result<Self, String> {
        let mut values = [0; 5];
        for (value, (name, _)) in values.iter_mut().zip(NAMES) {
            let attribute = format!("data-{name}");
            *value = main_attribute(html, &attribute)
                .and_then(parse_number)
                .ok_or_else(|| format!("the page has no number in its {attribute} attribute"))?;
        }
        Ok(Counters::from_values(values))
    }
}

/// One comparison this task makes, as printed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Check {
    /// The counter's name.
    pub what: &'static str,
    /// What the page shows.
    pub shown: u64,
    /// What the summary says.
    pub expected: u64,
}

impl Check {
    /// Whether the page shows what it should.
    pub(crate) fn passed(&self) -> bool {
        self.shown == self.expected
    }
}

/// Each counter shown against the summary, in the page's order.
pub(crate) fn compare(shown: Counters, summary: Counters) -> Vec<Check> {
    NAMES
        .iter()
        .zip(shown.values().into_iter().zip(summary.values()))
        .map(|(&(_, what), (shown, expected))| Check {
            what,
            shown,
            expected,
        })
        .collect()
}

/// The text inside the element whose id is `id`, up to its first child tag.
/// The DOM is the page's own, serialised by Chromium: attributes in double
/// quotes, so a plain search finds the element without an HTML parser.
pub(crate) fn element_text<'d>(dom: &'d str, id: &str) -> Option<&'d str> {
    let at = dom.find(&format!(r#" id="{id}""#))?;
    let rest = &dom[at..];
    let text = &rest[rest.find('>')? + 1..];
    Some(text[..text.find('<')?].trim())
}

/// The value of `name` among the attributes of the page's
/// `<main id="trace">` element.
pub(crate) fn main_attribute<'d>(html: &'d str, name: &str) -> Option<&'d str> {
    attribute(html, "trace", name)
}

/// The value of `name` among the attributes of the element whose id is
/// `id`, written in double quotes as the pages and Chromium write them.
pub(crate) fn attribute<'d>(html: &'d str, id: &str, name: &str) -> Option<&'d str> {
    let at = html.find(&format!(r#" id="{id}""#))?;
    let start = html[..at].rfind('<')?;
    let tag = &html[start..at + html[at..].find('>')?];
    let value = &tag[tag.find(&format!(r#" {name}=""#))? + name.len() + 3..];
    Some(&value[..value.find('"')?])
}

/// A count as the page prints it, with or without thousands separators.
pub(crate) fn parse_number(text: &str) -> Option<u64> {
    let digits: String = text.chars().filter(|&c| c != ',').collect();
    digits.parse().ok()
}

/// The step the screenshot shows, counted from 1: the last attack along a
/// diagonal before the last solution (a rejected square, or for the naive
/// solver a tested placement), so the picture has queens on the board, an
/// attack highlighted and solutions already found. Without one, the end.
pub(crate) fn showcase_step(html: &str) -> Option<usize> {
    const DATA: &str = r#"<script type="application/json" id="trace-data">"#;
    let start = html.find(DATA)? + DATA.len();
    let json = &html[start..start + html[start..].find("</script>")?];
    let data: serde_json::Value = serde_json::from_str(json).ok()?;
    let steps = data["steps"].as_array()?;
    let last_solution = steps
        .iter()
        .rposition(|step| step["event"]["event"] == "solution")?;
    let diagonal = |line: &serde_json::Value| line == "diagonal" || line == "anti-diagonal";
    steps[..last_solution]
        .iter()
        .rposition(|step| {
            let event = &step["event"];
            match event["event"].as_str() {
                Some("reject") => diagonal(&event["line"]),
                Some("test") => diagonal(&event["conflict"]),
                _ => false,
            }
        })
        .map(|index| index + 1)
}

/// Runs `cargo xtask browser-check`.
pub(crate) fn run(args: &Args) -> Result<(), Error> {
    let browser = find_browser().ok_or_else(|| {
        Error::BadInput(
            "no chromium on the PATH: install Debian's with `sudo apt-get install chromium`"
                .to_owned(),
        )
    })?;
    let root = crate::paths::workspace_root();
    let folder = crate::paths::target_dir().join("browser-check");
    std::fs::create_dir_all(&folder)
        .map_err(|error| Error::Failed(format!("cannot create {}: {error}", folder.display())))?;
    println!("browser: {}", browser_version(&browser));

    let page = folder.join("trace.html");
    let n = args.n.to_string();
    make_page(&root, &["trace", &n, "--algo", &args.algo], &page)?;
    let html = std::fs::read_to_string(&page)
        .map_err(|error| Error::Failed(format!("cannot read {}: {error}", page.display())))?;
    let summary = Counters::summary(&html).map_err(Error::Failed)?;
    let truncated = main_attribute(&html, "data-truncated") == Some("true");
    println!(
        "page: {} ({} steps{})",
        shown_path(&root, &page),
        thousands(u128::from(summary.steps)),
        if truncated {
            ", cut short by --limit"
        } else {
            ""
        }
    );

    let dom_file = folder.join("dom.html");
    let url = file_url(&page)?;
    open_headless(
        &browser,
        &["--dump-dom".to_owned(), format!("{url}#end")],
        Some(&dom_file),
        &folder,
    )?;
    let dom = std::fs::read_to_string(&dom_file)
        .map_err(|error| Error::Failed(format!("cannot read {}: {error}", dom_file.display())))?;
    let shown = Counters::shown(&dom).map_err(Error::Failed)?;
    let mut checks = compare(shown, summary);
    println!("opened at #end: the counters the page shows, against its summary:");
    print_checks(&checks, ("page", "summary"));
    if truncated {
        println!("the trace was cut short, so there is no whole run to compare the summary with");
    } else {
        let counted = counted_run(&args.algo, args.n)?;
        let summary_checks = compare(summary, counted);
        println!(
            "its summary, against a counted run of {} on n = {}:",
            args.algo, args.n
        );
        print_checks(&summary_checks[1..], ("summary", "counted"));
        checks.extend(summary_checks.into_iter().skip(1));
    }
    let failed = checks.iter().filter(|check| !check.passed()).count();
    if failed > 0 {
        return Err(Error::Failed(format!(
            "browser check failed: {failed} counter(s) differ"
        )));
    }

    let screenshot = args
        .screenshot
        .clone()
        .unwrap_or_else(|| root.join("docs/views/trace-page.png"));
    let step = showcase_step(&html);
    let fragment = step.map_or_else(|| "end".to_owned(), |step| format!("step={step}"));
    take_screenshot(
        &browser,
        &format!("{url}#{fragment}"),
        WINDOW,
        &screenshot,
        &folder,
    )?;
    println!(
        "screenshot: {} ({}, {}×{})",
        shown_path(&root, &screenshot),
        match step {
            Some(step) => format!(
                "step {} of {}",
                thousands(step as u128),
                thousands(u128::from(summary.steps))
            ),
            None => "the last step".to_owned(),
        },
        WINDOW.0,
        WINDOW.1
    );
    race::check(&browser, &root, &folder, args)?;
    println!("browser check passed");
    Ok(())
}

/// The first of [`BROWSERS`] found on the `PATH`.
fn find_browser() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    BROWSERS.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|folder| folder.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// The browser's own account of its version, or its path when it gives none.
fn browser_version(browser: &Path) -> String {
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
fn make_page(root: &Path, queens: &[&str], page: &Path) -> Result<(), Error> {
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

/// The statistics and solutions of a counted run of the solver `name` on a
/// plain `n`-board.
fn counted_run(name: &str, n: usize) -> Result<Counters, Error> {
    let solver = queens_solvers::by_name(name)
        .ok_or_else(|| Error::BadInput(format!("unknown algorithm '{name}'")))?;
    let mut solutions = 0;
    let stats: Stats = solver
        .solve_counted(&Problem::new(n), &mut |_queens: &[usize]| {
            solutions += 1;
            ControlFlow::Continue(())
        })
        .map_err(|error| Error::Failed(error.to_string()))?;
    Ok(Counters {
        steps: 0,
        queens_placed: stats.queens_placed,
        safety_checks: stats.safety_checks,
        cells_read: stats.cells_read,
        solutions,
    })
}

/// Prints each check on a line under a heading naming the two `sides`: the
/// number checked, the one it is compared with, and the verdict.
fn print_checks(checks: &[Check], sides: (&str, &str)) {
    println!("  {:<14} {:>10} {:>10}", "", sides.0, sides.1);
    for check in checks {
        println!(
            "  {:<14} {:>10} {:>10}  {}",
            check.what,
            thousands(u128::from(check.shown)),
            thousands(u128::from(check.expected)),
            if check.passed() { "ok" } else { "MISMATCH" }
        );
    }
}

/// Saves a screenshot of the page at `address` in a window of `window`
/// pixels.
fn take_screenshot(
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
fn open_headless(
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
fn file_url(page: &Path) -> Result<String, Error> {
    let absolute = std::path::absolute(page)
        .map_err(|error| Error::Failed(format!("cannot resolve {}: {error}", page.display())))?;
    Ok(format!("file://{}", absolute.display()))
}

/// `path` relative to the workspace root when it lies inside it.
fn shown_path(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts of a page dumped by Chromium after a jump to `#end`.
    const DOM: &str = concat!(
        r#"<html><body><main id="trace" data-steps="1199" data-queens-placed="152" "#,
        r#"data-safety-checks="894" data-cells-read="3228" data-solutions="4" "#,
        r#"data-truncated="false" data-position="1199"><dl class="counters">"#,
        r#"<div><dt>step <small>of <span id="steps">1,199</span></small></dt><dd id="step">1,199</dd></div>"#,
        r#"<div><dt>queens placed</dt><dd id="queens-placed">152</dd></div>"#,
        r#"<div><dt>safety checks</dt><dd id="safety-checks">894</dd></div>"#,
        r#"<div><dt>cells read</dt><dd id="cells-read">3,228</dd></div>"#,
        r#"<div><dt>solutions</dt><dd id="solutions">4</dd></div></dl></main></body></html>"#,
    );

    const EXPECTED: Counters = Counters {
        steps: 1199,
        queens_placed: 152,
        safety_checks: 894,
        cells_read: 3228,
        solutions: 4,
    };

    #[test]
    fn the_counters_shown_are_read_from_the_dom() {
        assert_eq!(Counters::shown(DOM), Ok(EXPECTED));
        assert_eq!(element_text(DOM, "steps"), Some("1,199"));
        assert_eq!(element_text(DOM, "step"), Some("1,199"));
        assert_eq!(element_text(DOM, "nowhere"), None);
    }

    #[test]
    fn the_summary_is_read_from_the_data_attributes() {
        assert_eq!(Counters::summary(DOM), Ok(EXPECTED));
        assert_eq!(main_attribute(DOM, "data-truncated"), Some("false"));
        assert_eq!(main_attribute(DOM, "data-position"), Some("1199"));
        assert_eq!(main_attribute(DOM, "data-missing"), None);
    }

    #[test]
    fn a_page_whose_script_did_not_run_is_reported() {
        let before = DOM.replace(
            r#"<dd id="cells-read">3,228</dd>"#,
            r#"<dd id="cells-read">–</dd>"#,
        );
        assert_eq!(
            Counters::shown(&before),
            Err("the page shows '–' as cells-read: did its script run?".to_owned())
        );
        let without = DOM.replace(r#" id="solutions""#, "");
        assert_eq!(
            Counters::shown(&without),
            Err(r#"the page has no element with id="solutions""#.to_owned())
        );
    }

    #[test]
    fn every_counter_is_compared_and_a_difference_fails() {
        let checks = compare(EXPECTED, EXPECTED);
        assert_eq!(checks.len(), 5);
        assert!(checks.iter().all(Check::passed));
        let shown = Counters {
            cells_read: 3227,
            ..EXPECTED
        };
        let failed: Vec<Check> = compare(shown, EXPECTED)
            .into_iter()
            .filter(|check| !check.passed())
            .collect();
        assert_eq!(
            failed,
            [Check {
                what: "cells read",
                shown: 3227,
                expected: 3228
            }]
        );
    }

    #[test]
    fn numbers_read_with_or_without_separators() {
        assert_eq!(parse_number("1,234,567"), Some(1_234_567));
        assert_eq!(parse_number("0"), Some(0));
        assert_eq!(parse_number("–"), None);
        assert_eq!(parse_number(""), None);
    }

    #[test]
    fn the_screenshot_shows_the_last_diagonal_attack_before_the_last_solution() {
        let page = concat!(
            r#"<script type="application/json" id="trace-data">{"steps":["#,
            r#"{"event":{"event":"reject","line":"diagonal"}},"#,
            r#"{"event":{"event":"solution"}},"#,
            r#"{"event":{"event":"test","conflict":"anti-diagonal"}},"#,
            r#"{"event":{"event":"reject","line":"column"}},"#,
            r#"{"event":{"event":"solution"}},"#,
            r#"{"event":{"event":"reject","line":"diagonal"}}"#,
            r#"]}</script>"#
        );
        assert_eq!(showcase_step(page), Some(3));
        let no_solution = page.replace(r#""solution""#, r#""place""#);
        assert_eq!(showcase_step(&no_solution), None);
        assert_eq!(showcase_step("<html></html>"), None);
    }
}
