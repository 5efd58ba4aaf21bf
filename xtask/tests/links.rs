//! Every relative link in the README and the pages of `docs/` leads
//! somewhere: the file exists, and a `#fragment` into a Markdown page names
//! one of its headings (as GitHub turns headings into anchors). Pages cite
//! each other's sections by anchor, and renumbering a section must not
//! leave a reader at a dead link.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root: the folder above this crate's manifest.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

/// The README and every Markdown page under `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![workspace_root().join("README.md")];
    let mut folders = vec![workspace_root().join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("docs/ reads") {
            let path = entry.expect("an entry reads").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                pages.push(path);
            }
        }
    }
    pages
}

/// The targets of the inline links `[text](target)` of `text`, outside code
/// blocks and code spans.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let outside_spans: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = outside_spans.as_str();
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    targets
}

/// The anchor GitHub gives a heading: lower case, punctuation dropped
/// (hyphens and underscores kept), spaces turned into hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of the headings of the Markdown page `text`.
fn anchors(text: &str) -> Vec<String> {
    let mut in_block = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        } else if !in_block && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// Why the link `target` from `page` leads nowhere, if it does.
fn dead(page: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, fragment) = match target.split_once('#') {
        Some((file, fragment)) => (file, Some(fragment)),
        None => (target, None),
    };
    let folder = page.parent().expect("a page sits in a folder");
    let linked = if file.is_empty() {
        page.to_path_buf()
    } else {
        folder.join(file)
    };
    if !linked.exists() {
        return Some(format!("{} does not exist", linked.display()));
    }
    let fragment = fragment.filter(|_| linked.extension().is_some_and(|ext| ext == "md"))?;
    let text = fs::read_to_string(&linked).expect("a linked page reads");
    (!anchors(&text).iter().any(|anchor| anchor == fragment))
        .then(|| format!("{} has no heading #{fragment}", linked.display()))
}

#[test]
fn every_relative_link_leads_somewhere() {
    let mut broken = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).expect("a page reads");
        for target in link_targets(&text) {
            if let Some(why) = dead(&page, &target) {
                broken.push(format!("{}: ({target}): {why}", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "dead links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(
        anchor(" 2. Matrix `isSafe` backtracking — `crates/queens-matrix` (seed 000)"),
        "2-matrix-issafe-backtracking--cratesqueens-matrix-seed-000"
    );
    assert_eq!(anchor(" Why the checks read on"), "why-the-checks-read-on");
    assert_eq!(
        link_targets("see [a](a.md#x) and `[b](c)`, [d](e)"),
        ["a.md#x", "e"]
    );
}
