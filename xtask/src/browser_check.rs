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
//! This file is the task's front: both checks drive Chromium through
//! [`browser`] and read and judge a page's counters with [`page`].
//!
//! Exit status: 0 when everything matches, 1 on a mismatch or a failure, 2
//! when Chromium is missing.

use std::path::PathBuf;

use queens_core::format::thousands;

use crate::error::Error;

mod browser;
mod page;
mod race;

use browser::{
    browser_version, file_url, find_browser, make_page, open_headless, shown_path, take_screenshot,
};
use page::{Check, Counters, compare, counted_run, main_attribute};

/// The browser window the screenshot is taken in.
const WINDOW: (u32, u32) = (1160, 680);

/// The options of `cargo xtask browser-check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The board size of the trace.
    #[arg(long, default_value = "6")]
    pub n: usize,
    /// The solver to trace, by name.
    #[arg(long, default_value = queens_solvers::first_read().info().name, value_name = "NAME",
          value_parser = parse_solver_name)]
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
            queens_solvers::every_name().join(", ")
        )),
    }
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
    race::check(
        &browser,
        &root,
        &folder,
        args.n,
        args.race_screenshot.as_deref(),
    )?;
    println!("browser check passed");
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

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
