//! The teacher's assignment: how far the checks go, how the groups weigh,
//! the limits each check runs under, and how programs are built and run.
//!
//! The default is a documented file compiled into the grader
//! (`assignment.toml` beside this crate's manifest, printed by
//! `queens-grade assignment`); a teacher's file is laid over it key by key,
//! so it need only say what differs, and a key the default does not know is
//! an error rather than a silently ignored typo.

use std::collections::BTreeMap;
use std::path::Path;

use queens_conformance::{Scope, facts};
use queens_core::Order;
use serde::Deserialize;

use crate::weights::Weights;

/// The largest assignment file read: a documented one is 5 KiB.
const MOST_BYTES: u64 = 1 << 20;

/// The default assignment, as a teacher would write it.
pub const DEFAULT: &str = include_str!("../assignment.toml");

/// Everything an assignment sets.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    /// How far the checks go, and the seed.
    pub scope: ScopeSettings,
    /// How much each group of checks, and any check named, counts.
    pub weights: Weights,
    /// The limits of each check and each build.
    pub limits: Limits,
    /// Who sees a Gradescope report.
    pub gradescope: GradescopeSettings,
    /// How programs are built and run, by language.
    pub languages: BTreeMap<String, Language>,
}

/// The `[scope]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScopeSettings {
    /// Counts are checked for `n = 0..=counts_to`.
    pub counts_to: usize,
    /// Whole sets of solutions for `n = 0..=sets_to`.
    pub sets_to: usize,
    /// The seed; a fresh one per run when absent.
    pub seed: Option<u64>,
    /// The order every submission must give its solutions in, whatever a
    /// crate declares; "unspecified" leaves a crate its own declaration and
    /// checks a program's as a set.
    pub order: Order,
}

/// The `[limits]` table.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Processor seconds one check may take.
    pub seconds_per_check: f64,
    /// Processor seconds all the checks of one submission may take.
    pub seconds_per_submission: f64,
    /// Memory (the data segment: heap and anonymous mappings) of each
    /// process, in MiB.
    pub memory_mib: u64,
    /// The stack of each process's main thread, in MiB.
    pub stack_mib: u64,
    /// What one check may print on stdout and stderr, in MiB.
    pub output_mib: u64,
    /// The size of a check's scratch space (its `/tmp`, and its working
    /// folder), in MiB.
    pub scratch_mib: u64,
    /// Processes and threads one check may have at once.
    pub processes: u64,
    /// Wall-clock seconds one build may take.
    pub build_seconds: f64,
    /// What one build may write (its build script's files included),
    /// besides the suite's dependencies, in MiB.
    pub build_scratch_mib: u64,
}

/// The `[gradescope]` table; a run's JSON report carries it, for a
/// Gradescope report rendered from it later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct GradescopeSettings {
    /// Who sees the tests and the score.
    pub visibility: Visibility,
    /// Who sees what the autograder printed.
    pub stdout_visibility: Visibility,
}

/// Who sees a part of a Gradescope report, in Gradescope's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Students, at once.
    Visible,
    /// Instructors only.
    Hidden,
    /// Students, after the due date.
    AfterDueDate,
    /// Students, once the grades are published.
    AfterPublished,
}

/// How programs of one language are built and run.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    /// The extensions of its source files, without the dot.
    pub extensions: Vec<String>,
    /// The build command, if the language is compiled.
    pub build: Option<Vec<String>>,
    /// The command that runs the program.
    pub run: Vec<String>,
    /// The Debian package that provides the command's first word.
    pub package: Option<String>,
    /// How many times `seconds_per_check` a check of this language may take.
    #[serde(default = "one")]
    pub time_factor: f64,
}

fn one() -> f64 {
    1.0
}

impl Assignment {
    /// The default assignment.
    pub fn default_assignment() -> Self {
        Self::parse(DEFAULT, "the default assignment").expect("the default assignment is valid")
    }

    /// Reads the assignment file at `path`, laid over the default.
    pub fn read(path: &Path) -> Result<Self, String> {
        Self::parse(&Self::read_text(path)?, &path.display().to_string())
    }

    /// The text of the assignment file at `path`, unparsed.
    pub fn read_text(path: &Path) -> Result<String, String> {
        let bytes = queens_toolkit::files::read_regular(path, MOST_BYTES)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))
    }

    /// Parses `text` (from `origin`, for messages), laid over the default.
    pub fn parse(text: &str, origin: &str) -> Result<Self, String> {
        let mut merged: toml::Table = DEFAULT.parse().expect("the default assignment is TOML");
        let overlay: toml::Table = text
            .parse()
            .map_err(|error| toml_error(origin, text, &error))?;
        merge(&mut merged, overlay);
        let assignment = Assignment::deserialize(merged)
            .map_err(|error| format!("{origin}: {}", error.message().trim()))?;
        assignment.problem().map_or(Ok(assignment), |problem| {
            Err(format!("{origin}: {problem}"))
        })
    }

    /// The scope of a run with `seed`.
    pub fn scope(&self, seed: u64) -> Scope {
        Scope {
            counts_to: self.scope.counts_to,
            sets_to: self.scope.sets_to,
            seed,
            order: self.scope.order,
        }
    }

    /// The language whose extensions include `extension`.
    pub fn language_of(&self, extension: &str) -> Option<(&str, &Language)> {
        self.languages
            .iter()
            .find(|(_, language)| language.extensions.iter().any(|known| known == extension))
            .map(|(name, language)| (name.as_str(), language))
    }

    /// What is wrong with the values, if anything.
    fn problem(&self) -> Option<String> {
        if let Some(problem) = self.scope(0).problem() {
            return Some(problem);
        }
        if let Some(problem) = self.weights.problem() {
            return Some(problem);
        }
        let limits = &self.limits;
        for (name, seconds) in [
            ("seconds_per_check", limits.seconds_per_check),
            ("seconds_per_submission", limits.seconds_per_submission),
            ("build_seconds", limits.build_seconds),
        ] {
            if !(seconds.is_finite() && (0.1..=3600.0).contains(&seconds)) {
                return Some(format!(
                    "limits.{name} = {seconds} is not between 0.1 and 3600"
                ));
            }
        }
        for (name, value, range) in [
            ("memory_mib", limits.memory_mib, 16..=65_536),
            ("stack_mib", limits.stack_mib, 1..=4096),
            ("output_mib", limits.output_mib, 1..=1024),
            ("scratch_mib", limits.scratch_mib, 1..=65_536),
            ("processes", limits.processes, 1..=4096),
            ("build_scratch_mib", limits.build_scratch_mib, 16..=65_536),
        ] {
            if !range.contains(&value) {
                return Some(format!(
                    "limits.{name} = {value} is not between {} and {}",
                    range.start(),
                    range.end()
                ));
            }
        }
        let needed = printed_counting_to(self.scope.counts_to);
        if limits.output_mib < needed {
            return Some(format!(
                "limits.output_mib = {} is less than a correct program prints counting to \
                 n = {} (up to {needed} MiB): raise it to at least {needed}",
                limits.output_mib, self.scope.counts_to
            ));
        }
        self.languages_problem()
    }

    /// What is wrong with the languages, if anything.
    fn languages_problem(&self) -> Option<String> {
        let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
        for (name, language) in &self.languages {
            if language.run.is_empty() {
                return Some(format!("languages.{name}.run is empty"));
            }
            if language.build.as_ref().is_some_and(Vec::is_empty) {
                return Some(format!("languages.{name}.build is empty"));
            }
            if !(language.time_factor.is_finite() && (0.1..=100.0).contains(&language.time_factor))
            {
                return Some(format!(
                    "languages.{name}.time_factor = {} is not between 0.1 and 100",
                    language.time_factor
                ));
            }
            if language.extensions.is_empty() {
                return Some(format!("languages.{name}.extensions is empty"));
            }
            let commands = language.build.iter().flatten().chain(&language.run);
            if let Some(unknown) = commands.filter_map(|word| unknown_placeholder(word)).next() {
                return Some(format!(
                    "languages.{name}: unknown placeholder {unknown} (known: {})",
                    PLACEHOLDERS.join(", ")
                ));
            }
            for extension in &language.extensions {
                if extension.is_empty() || extension.contains(['.', '/']) {
                    return Some(format!(
                        "languages.{name}.extensions: {extension:?} is not an extension: write \"c\", not \".c\""
                    ));
                }
                if let Some(other) = seen.insert(extension, name) {
                    return Some(format!(
                        "the extension .{extension} belongs to both languages.{other} and languages.{name}"
                    ));
                }
            }
        }
        None
    }
}

/// The MiB a correct program may print in the check that counts every
/// board `n = 0..=counts_to`: each solution on a line of at most three
/// bytes a column (two digits and a space), rounded up.
fn printed_counting_to(counts_to: usize) -> u64 {
    let bytes: u64 = (0..=counts_to)
        .map(|n| facts::solution_count(n).unwrap_or(0) * (3 * n as u64).max(1))
        .sum();
    bytes.div_ceil(1 << 20)
}

/// The most bytes of source a pasted table of answers is taken to fit in:
/// past a mebibyte, no student pastes one.
const PASTEABLE: u64 = 1 << 20;

impl Assignment {
    /// What a teacher should know of this assignment before grading with
    /// it, one line each: a scope that a table of answers passes.
    pub fn warnings(&self) -> Vec<String> {
        let counts_to = self.scope.counts_to;
        let solutions: u64 = (0..=counts_to)
            .map(|n| facts::solution_count(n).unwrap_or(0))
            .sum();
        // Each solution as a program prints it: n columns and their spaces.
        let table: u64 = (0..=counts_to)
            .map(|n| facts::solution_count(n).unwrap_or(0) * (2 * n as u64).max(1))
            .sum();
        if table >= PASTEABLE {
            return Vec::new();
        }
        let past = (counts_to + 1..=Scope::MAX_COUNTS_TO)
            .find(|&n| table + facts::solution_count(n).unwrap_or(0) * 2 * n as u64 >= PASTEABLE)
            .unwrap_or(Scope::MAX_COUNTS_TO);
        vec![format!(
            "scope.counts_to = {counts_to}: every answer this scope asks fits in a table a \
             program could paste and print without searching (the {} solutions of n = \
             0..={counts_to}, {} KiB of text); counts_to = {past} asks a board past what a \
             table holds",
            queens_core::format::thousands(u128::from(solutions)),
            table.div_ceil(1024)
        )]
    }
}

/// The placeholders a language's commands may use.
pub const PLACEHOLDERS: [&str; 5] = ["{sources}", "{main}", "{exe}", "{out}", "{class}"];

/// The first `{...}` in `word` that is not a known placeholder.
fn unknown_placeholder(word: &str) -> Option<String> {
    let mut rest = word;
    while let Some(start) = rest.find('{') {
        let end = rest[start..]
            .find('}')
            .map_or(rest.len(), |end| start + end + 1);
        let placeholder = &rest[start..end];
        if !PLACEHOLDERS.contains(&placeholder) {
            return Some(placeholder.to_owned());
        }
        rest = &rest[end..];
    }
    None
}

/// Lays `overlay` over `base`: tables merge key by key, anything else
/// replaces what was there.
fn merge(base: &mut toml::Table, overlay: toml::Table) {
    for (key, value) in overlay {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(inner)), toml::Value::Table(over)) => merge(inner, over),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

/// A TOML syntax error in one line: where, and what.
fn toml_error(origin: &str, text: &str, error: &toml::de::Error) -> String {
    let line = error
        .span()
        .map(|span| text[..span.start.min(text.len())].lines().count().max(1));
    let message = error.message().trim().replace('\n', " ");
    match line {
        Some(line) => format!("{origin}, line {line}: {message}"),
        None => format!("{origin}: {message}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_conformance::Group;

    #[test]
    fn a_scope_a_pasted_table_passes_is_warned_of() {
        let default = Assignment::default_assignment();
        assert_eq!(default.warnings(), Vec::<String>::new());
        let twelve = Assignment::parse("[scope]\ncounts_to = 12\n", "a").unwrap();
        assert_eq!(
            twelve.warnings(),
            [
                "scope.counts_to = 12: every answer this scope asks fits in a table a program \
              could paste and print without searching (the 18,106 solutions of n = 0..=12, \
              413 KiB of text); counts_to = 13 asks a board past what a table holds"
            ]
        );
    }

    #[test]
    fn the_default_is_the_documented_file() {
        let assignment = Assignment::default_assignment();
        assert_eq!(assignment.scope.counts_to, 13);
        assert_eq!(assignment.scope.sets_to, 8);
        assert_eq!(assignment.scope.seed, None);
        assert_eq!(assignment.weights.counted(), [Group::Correctness]);
        assert_eq!(assignment.limits.seconds_per_check, 10.0);
        assert_eq!(assignment.limits.seconds_per_submission, 60.0);
        assert_eq!(assignment.limits.output_mib, 16);
        assert_eq!(assignment.gradescope.visibility, Visibility::Visible);
        assert_eq!(assignment.gradescope.stdout_visibility, Visibility::Hidden);
        assert_eq!(assignment.language_of("py").unwrap().0, "python");
        assert_eq!(assignment.language_of("c").unwrap().0, "c");
        assert!(assignment.language_of("rs").is_none());
    }

    #[test]
    fn a_file_need_only_say_what_differs() {
        let assignment = Assignment::parse(
            "[scope]\ncounts_to = 10\nseed = 7\n[weights]\ninstrumentation = 0.5\n[languages.c]\nrun = [\"{exe}\", \"--quiet\"]\n",
            "a.toml",
        )
        .unwrap();
        assert_eq!(assignment.scope.counts_to, 10);
        assert_eq!(assignment.scope.sets_to, 8);
        assert_eq!(assignment.scope(assignment.scope.seed.unwrap()).seed, 7);
        assert_eq!(
            assignment.weights.counted(),
            [Group::Correctness, Group::Instrumentation]
        );
        let c = &assignment.languages["c"];
        assert_eq!(c.run, ["{exe}", "--quiet"]);
        assert_eq!(c.extensions, ["c"]);
    }

    #[test]
    fn mistakes_get_one_line_naming_them() {
        let error = |text: &str| Assignment::parse(text, "a.toml").unwrap_err();
        assert_eq!(
            error("[weights]\ncorectness = 1\n"),
            "a.toml: weights.corectness: neither a group (correctness, instrumentation) nor a check \
             (`queens-grade checks` lists them)"
        );
        assert_eq!(
            error("[scope]\ncounts_to = 40\n"),
            "a.toml: counts_to = 40 is past 16, the largest the checks count to"
        );
        assert_eq!(
            error("[weights]\ncorrectness = 0\n"),
            "a.toml: at least one group of checks, and one of its checks, must weigh more than 0"
        );
        assert_eq!(
            error("[limits]\nseconds_per_check = 0\n"),
            "a.toml: limits.seconds_per_check = 0 is not between 0.1 and 3600"
        );
        assert_eq!(
            error("[languages.cython]\nextensions = [\"py\"]\nrun = [\"x\"]\n"),
            "a.toml: the extension .py belongs to both languages.cython and languages.python"
        );
        assert!(error("[scope\n").starts_with("a.toml, line 1: "));
        assert_eq!(
            error("[languages.c]\nrun = [\"{exe}\", \"{nope}\"]\n"),
            "a.toml: languages.c: unknown placeholder {nope} (known: {sources}, {main}, {exe}, {out}, {class})"
        );
        assert_eq!(
            error("[languages.ruby]\nextensions = [\".rb\"]\nrun = [\"ruby\", \"{main}\"]\n"),
            "a.toml: languages.ruby.extensions: \".rb\" is not an extension: write \"c\", not \".c\""
        );
        assert_eq!(
            error("[gradescope]\nvisibility = \"later\"\n"),
            "a.toml: unknown variant `later`, expected one of `visible`, `hidden`, `after_due_date`, `after_published`"
        );
        assert_eq!(
            error("[limits]\noutput_mib = 0\n"),
            "a.toml: limits.output_mib = 0 is not between 1 and 1024"
        );
        assert_eq!(
            error("[scope]\ncounts_to = 14\n"),
            "a.toml: limits.output_mib = 16 is less than a correct program prints counting to \
             n = 14 (up to 18 MiB): raise it to at least 18"
        );
        assert!(
            Assignment::parse("[scope]\ncounts_to = 14\n[limits]\noutput_mib = 18\n", "a").is_ok()
        );
        assert_eq!(
            error("[scope]\norder = \"diagonal\"\n"),
            "a.toml: unknown variant `diagonal`, expected one of `row-major`, `column-major`, `unspecified`"
        );
    }
}
