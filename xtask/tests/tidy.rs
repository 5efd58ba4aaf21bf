//! The house's rules, kept by a test (rust-analyzer's `tidy`): what review
//! would otherwise have to catch by eye, checked on every run of
//! `cargo test --workspace`, over the workspace's own source text.
//!
//! - No circle between files: within a crate, if one file takes a name
//!   from another (`use crate::…`, `super::…`, a child module's path), the
//!   other takes none back, directly or round a longer loop. A crate
//!   root's `mod` lines and its `pub use` re-exports are its map, not a use.
//! - No solver's name written as a string outside the registry and the
//!   solver's own crate: a tool asks `queens_solvers`, so a solver added
//!   there appears everywhere.
//! - No file over [`FILE_LINES`] lines of code, no crate over
//!   [`CRATE_LINES`]: non-blank lines above the file's first `#[cfg(test)]`.
//! - No timing quoted in a crate root's essay: timings change with the
//!   machine and live in generated pages, checked for staleness.
//! - No dependency a crate does not use: each `[dependencies]` entry is
//!   named in the crate's source; and the `queens` command depends on no
//!   algorithm's crate, which it reaches through the registry.
//!
//! Every file's opening `//!` comment and each crate root's map of its
//! modules are checked by `headers.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use regex::Regex;

/// The most lines of code a file may hold: past it, a file holds more than
/// one idea, and a reader cannot keep it in view.
const FILE_LINES: usize = 600;

/// The most lines of code a crate may hold: past it, a crate is several.
const CRATE_LINES: usize = 5_000;

/// The workspace's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A path below the workspace root, as a message shows it.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Every package folder of the workspace: each of `crates/`, then `xtask`.
fn packages() -> Vec<PathBuf> {
    let mut packages: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .expect("crates/ reads")
        .map(|entry| entry.expect("an entry reads").path())
        .filter(|path| path.join("Cargo.toml").is_file())
        .collect();
    packages.sort();
    packages.push(root().join("xtask"));
    assert!(packages.len() > 15, "only {} packages", packages.len());
    packages
}

/// Every `.rs` file below `folder`, sorted.
fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_owned()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("an entry reads").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The code files of a package: its `src/` files, without the modules
/// declared under `#[cfg(test)]` (a test's fixtures), nor the files below
/// them.
fn code_files(package: &Path) -> Vec<PathBuf> {
    let files = rust_files(&package.join("src"));
    let mut test_only = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a file reads");
        let folder = match file.file_stem().and_then(|stem| stem.to_str()) {
            Some("lib" | "main" | "mod") => file.parent().expect("in a folder").to_owned(),
            _ => file.with_extension(""),
        };
        let mut lines = text.lines().map(str::trim);
        while let Some(line) = lines.next() {
            if line == "#[cfg(test)]" {
                let declared = lines.next().unwrap_or_default();
                if let Some(name) = declared
                    .strip_prefix("mod ")
                    .and_then(|rest| rest.strip_suffix(';'))
                {
                    test_only.push(folder.join(name));
                }
            }
        }
    }
    files
        .into_iter()
        .filter(|file| {
            !test_only
                .iter()
                .any(|module| file.with_extension("") == *module || file.starts_with(module))
        })
        .collect()
}

/// A file's code, tests left out: its text above its first `#[cfg(test)]`
/// line, each line without its `//` comment.
fn code(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|line| !line.trim_start().starts_with("#[cfg(test)]"))
        .map(without_comment)
        .collect()
}

/// `line` without a `//` comment, one outside any string literal (an even
/// number of quotes before it; a URL in a string keeps its `//`).
fn without_comment(line: &str) -> &str {
    let mut quotes = 0;
    let bytes = line.as_bytes();
    for (at, byte) in bytes.iter().enumerate() {
        match byte {
            b'"' if at == 0 || bytes[at - 1] != b'\\' => quotes += 1,
            b'/' if quotes % 2 == 0 && bytes.get(at + 1) == Some(&b'/') => return &line[..at],
            _ => {}
        }
    }
    line
}

/// The lines of code of a file: non-blank lines above its tests.
fn code_lines(text: &str) -> usize {
    text.lines()
        .take_while(|line| !line.trim_start().starts_with("#[cfg(test)]"))
        .filter(|line| !line.trim().is_empty())
        .count()
}

#[test]
fn no_file_or_crate_is_too_long() {
    let mut long = Vec::new();
    for package in packages() {
        let mut total = 0;
        for file in code_files(&package) {
            let lines = code_lines(&fs::read_to_string(&file).expect("a file reads"));
            if lines > FILE_LINES {
                long.push(format!("{}: {lines} lines", shown(&file)));
            }
            total += lines;
        }
        if total > CRATE_LINES {
            long.push(format!("{}: {total} lines in all", shown(&package)));
        }
    }
    assert!(
        long.is_empty(),
        "over {FILE_LINES} lines of code a file or {CRATE_LINES} a crate \
         (non-blank, above #[cfg(test)]): {long:#?}"
    );
}

/// One crate's files as modules: each file's module path (`a::b` for
/// `src/a/b.rs` or `src/a/b/mod.rs`, empty for the crate root).
fn modules(package: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let src = package.join("src");
    let mut modules = BTreeMap::new();
    for file in code_files(package) {
        let relative = file.strip_prefix(&src).expect("below src");
        let mut path: Vec<String> = relative
            .with_extension("")
            .iter()
            .map(|part| part.to_string_lossy().into_owned())
            .collect();
        if path.len() > 1 && path[0] == "bin" {
            continue; // Another crate root, with modules of its own.
        }
        if matches!(
            path.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            path.pop();
        }
        modules.insert(path, file);
    }
    modules
}

/// Each path a piece of code names from `start` on (the text after
/// `crate::`, `super::` or a module's name and its `::`), as segments:
/// `a::b::C` gives `[a, b, C]`; `{a::B, c}` gives `[a, B]` and `[c]`.
fn paths_from(text: &str) -> Vec<Vec<String>> {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut items = Vec::new();
        let mut item = String::new();
        for ch in group.chars() {
            match ch {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(std::mem::take(&mut item));
                    continue;
                }
                _ => {}
            }
            item.push(ch);
        }
        items.push(item);
        return items.iter().flat_map(|item| paths_from(item)).collect();
    }
    let ident: String = text
        .chars()
        .take_while(|ch| ch.is_alphanumeric() || *ch == '_')
        .collect();
    if ident.is_empty() {
        return vec![Vec::new()];
    }
    let rest = &text[ident.len()..];
    match rest.strip_prefix("::") {
        Some(rest) => paths_from(rest)
            .into_iter()
            .map(|mut path| {
                path.insert(0, ident.clone());
                path
            })
            .collect(),
        None => vec![vec![ident]],
    }
}

/// The modules a file of module path `at` takes names from: the longest
/// module each of its `crate::`, `super::` and child-module paths reaches.
/// A crate root's `pub use` lines are its map and are not read.
fn imports(
    at: &[String],
    text: &str,
    known: &BTreeMap<Vec<String>, PathBuf>,
) -> BTreeSet<Vec<String>> {
    let start = Regex::new(r"(?:^|[^\w:])((?:crate|super|self)::|(\w+)::)").expect("a pattern");
    let mut found = BTreeSet::new();
    for line in code(text) {
        let trimmed = line.trim_start();
        if at.is_empty()
            && (trimmed.starts_with("pub use") || trimmed.starts_with("pub(crate) use"))
        {
            continue;
        }
        for capture in start.captures_iter(line) {
            let whole = capture.get(1).expect("a group");
            let base: Vec<String> = match &whole.as_str()[..whole.as_str().len() - 2] {
                "crate" => Vec::new(),
                "self" => at.to_vec(),
                "super" => at[..at.len().saturating_sub(1)].to_vec(),
                child => [at, &[child.to_owned()]].concat(),
            };
            for path in paths_from(&line[whole.end()..]) {
                let mut target = [base.clone(), path].concat();
                // `super::super::` climbs again.
                while let Some(at) = target.iter().position(|part| part == "super") {
                    target.drain(at.saturating_sub(1)..=at);
                }
                while !target.is_empty() && !known.contains_key(&target) {
                    target.pop();
                }
                let named_a_module = capture.get(2).is_none() || target.len() > at.len();
                if named_a_module && target != at && known.contains_key(&target) {
                    found.insert(target);
                }
            }
        }
    }
    found
}

/// The strongly connected groups of more than one module in `edges`
/// (Tarjan's algorithm): each is a circle of files.
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, (usize, usize)>,
        stack: Vec<&'a Vec<String>>,
        found: Vec<Vec<Vec<String>>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a Vec<String>) {
            let order = self.index.len();
            self.index.insert(node, (order, order));
            self.stack.push(node);
            for next in self.edges.get(node).into_iter().flatten() {
                match self.index.get(next).copied() {
                    None => {
                        self.visit(next);
                        let low = self.index[next].1.min(self.index[node].1);
                        self.index.get_mut(node).expect("visited").1 = low;
                    }
                    Some((seen, _)) if self.stack.contains(&next) => {
                        let low = seen.min(self.index[node].1);
                        self.index.get_mut(node).expect("visited").1 = low;
                    }
                    Some(_) => {}
                }
            }
            let (order, low) = self.index[node];
            if order == low {
                let at = self
                    .stack
                    .iter()
                    .rposition(|n| *n == node)
                    .expect("on the stack");
                let group: Vec<Vec<String>> =
                    self.stack.drain(at..).map(|n| n.to_owned()).collect();
                if group.len() > 1 {
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.found
}

#[test]
fn no_circle_between_files() {
    let mut found = Vec::new();
    for package in packages() {
        let known = modules(&package);
        let edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = known
            .iter()
            .map(|(at, file)| {
                let text = fs::read_to_string(file).expect("a file reads");
                (at.clone(), imports(at, &text, &known))
            })
            .collect();
        for circle in circles(&edges) {
            let files: Vec<String> = circle.iter().map(|at| shown(&known[at])).collect();
            found.push(files.join(" -> "));
        }
    }
    assert!(found.is_empty(), "circles between files: {found:#?}");
}

#[test]
fn the_circle_finder_finds_circles() {
    let known: BTreeMap<Vec<String>, PathBuf> = [vec![], vec!["a".into()], vec!["b".into()]]
        .into_iter()
        .map(|at| (at, PathBuf::new()))
        .collect();
    let a = vec!["a".to_owned()];
    let b = vec!["b".to_owned()];
    let taken = imports(
        &a,
        "use crate::{b::{One, Two}, Root};\nuse super::b;",
        &known,
    );
    assert_eq!(taken, BTreeSet::from([vec![], b.clone()]));
    assert_eq!(
        imports(
            &[],
            "mod a;\npub use a::Thing;\nfn f() { b::g(); std::mem::drop(1) }",
            &known
        ),
        BTreeSet::from([b.clone()])
    );
    let edges = BTreeMap::from([
        (vec![], BTreeSet::from([b.clone()])),
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([vec![]])),
    ]);
    assert_eq!(circles(&edges).len(), 1);
    assert_eq!(circles(&edges)[0].len(), 2);
}

/// The string literals of a file's code, with their line numbers.
fn string_literals(text: &str) -> Vec<(usize, String)> {
    let literal = Regex::new(r#""((?:[^"\\]|\\.)*)""#).expect("a pattern");
    code(text)
        .iter()
        .enumerate()
        .flat_map(|(at, line)| {
            literal
                .captures_iter(line)
                .map(move |capture| (at + 1, capture[1].to_owned()))
        })
        .collect()
}

/// Words that are a solver's name and also something else: the file that
/// uses the word, and the word.
const OTHER_MEANINGS: [(&str, &str); 1] = [
    // The text format of seed 000's 0/1 matrix, `--format matrix`.
    ("crates/queens-core/src/format.rs", "matrix"),
];

#[test]
fn no_solver_name_is_written_outside_the_registry() {
    let names = queens_solvers::names();
    let registry = root().join("crates/queens-solvers");
    let mut written = Vec::new();
    for package in packages().iter().filter(|package| **package != registry) {
        let files = code_files(package);
        let texts: Vec<String> = files
            .iter()
            .map(|file| fs::read_to_string(file).expect("a file reads"))
            .collect();
        for (file, text) in files.iter().zip(&texts) {
            for (line, literal) in string_literals(text) {
                // A solver's own crate gives its name in its `INFO`.
                let own = texts
                    .iter()
                    .any(|text| text.contains(&format!("name: \"{literal}\"")));
                let other = OTHER_MEANINGS.contains(&(shown(file).as_str(), literal.as_str()));
                if names.contains(&literal.as_str()) && !own && !other {
                    written.push(format!("{}:{line}: \"{literal}\"", shown(file)));
                }
            }
        }
    }
    assert!(
        written.is_empty(),
        "solver names written out instead of asked of queens_solvers: {written:#?}"
    );
}

#[test]
fn no_crate_root_quotes_a_timing() {
    let timing = Regex::new(
        r"\d[\d.,]*(?:[ \u{a0}](?:ns|µs|us|ms|s|seconds?|minutes?|min|h|hours?)\b|/s\b)",
    )
    .expect("a pattern");
    // A command in a code span may take an `s` argument.
    let code_span = Regex::new(r"`[^`]*`").expect("a pattern");
    let mut quoted = Vec::new();
    for package in packages() {
        for root_file in ["src/lib.rs", "src/main.rs"].map(|file| package.join(file)) {
            let Ok(text) = fs::read_to_string(&root_file) else {
                continue;
            };
            let essay = text.lines().take_while(|line| line.starts_with("//!"));
            for (at, line) in essay.enumerate() {
                if let Some(found) = timing.find(&code_span.replace_all(line, "")) {
                    quoted.push(format!(
                        "{}:{}: {}",
                        shown(&root_file),
                        at + 1,
                        found.as_str()
                    ));
                }
            }
        }
    }
    assert!(
        quoted.is_empty(),
        "timings quoted in crate roots (they belong in generated pages): {quoted:#?}"
    );
}

/// The names of the `[dependencies]` of a package's manifest, as code
/// spells them (`queens_core` for `queens-core`).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_dependencies = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies
            && !line.starts_with('#')
            && let Some((key, _)) = line.split_once('=')
        {
            let name = key.trim().trim_end_matches(".workspace").trim();
            names.push(name.replace('-', "_"));
        }
    }
    names
}

#[test]
fn every_dependency_is_used() {
    let mut unused = Vec::new();
    for package in packages() {
        let manifest = fs::read_to_string(package.join("Cargo.toml")).expect("a manifest reads");
        let mut source = String::new();
        for file in code_files(&package) {
            source += &fs::read_to_string(file).expect("a file reads");
        }
        source += &fs::read_to_string(package.join("build.rs")).unwrap_or_default();
        for name in dependencies(&manifest) {
            let used = Regex::new(&format!(r"\b{name}(?:::|!|\s+as\b|;)")).expect("a pattern");
            if !used.is_match(&source) {
                unused.push(format!("{}: {name}", shown(&package)));
            }
        }
    }
    assert!(unused.is_empty(), "dependencies no code names: {unused:#?}");
}

#[test]
fn the_queens_command_reaches_the_algorithms_through_the_registry_only() {
    let manifest = |package: &str| {
        fs::read_to_string(root().join("crates").join(package).join("Cargo.toml"))
            .expect("a manifest reads")
    };
    let algorithms: Vec<String> = dependencies(&manifest("queens-solvers"))
        .into_iter()
        .filter(|name| name.starts_with("queens_") && name != "queens_core")
        .collect();
    assert!(algorithms.len() >= 8, "the registry holds {algorithms:?}");
    let reached: Vec<String> = dependencies(&manifest("queens-cli"))
        .into_iter()
        .filter(|name| algorithms.contains(name))
        .collect();
    assert!(
        reached.is_empty(),
        "queens-cli depends on algorithm crates instead of asking queens_solvers: {reached:?}"
    );
}
