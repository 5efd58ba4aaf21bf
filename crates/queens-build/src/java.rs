//! Reading a Java source file as far as the grader needs: its `package`, and
//! the classes in it that declare `public static void main(String[] args)`,
//! where `java` starts a program.
//!
//! A student's main class is not always `public class Main` in `Main.java`:
//! it sits in a package (`package nqueens;`, run as `nqueens.Main`), or is a
//! class of another name than its file's (`class NQueens` in `Queens.java`,
//! which javac accepts when the class is not public). So the grader reads
//! the declarations rather than guessing from file names. A small lexer
//! drops comments and string and character literals first (a `main(` in a
//! comment or a message must not count), then the declarations are matched
//! word by word, so spacing, line breaks and comments between the words do
//! not matter. It is not a parser: a class declared inside a method body or
//! an anonymous class is not followed, and no program starts in one.

/// What a Java source file declares, as far as starting it goes.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct JavaFile {
    /// Its package (`nqueens`), if it declares one.
    pub package: Option<String>,
    /// The binary names within the package (`Main`, `Outer$Inner`) of the
    /// classes that declare `main`.
    pub mains: Vec<String>,
}

/// The modifiers that may stand before `void main`.
const MODIFIERS: [&str; 5] = ["public", "static", "final", "synchronized", "strictfp"];

/// The words that declare a type.
const TYPES: [&str; 4] = ["class", "interface", "enum", "record"];

impl JavaFile {
    /// The declarations of the source `text`.
    pub fn read(text: &str) -> Self {
        let words = tokens(text);
        let mut file = JavaFile::default();
        let mut depth = 0_usize;
        // The types whose bodies are open, each with the depth of its body.
        let mut types: Vec<(&str, usize)> = Vec::new();
        // A type declared whose body has not opened yet.
        let mut pending: Option<&str> = None;
        for (at, &word) in words.iter().enumerate() {
            let in_a_body = types.last().is_some_and(|&(_, body)| body == depth);
            match word {
                "{" => {
                    depth += 1;
                    if let Some(name) = pending.take() {
                        types.push((name, depth));
                    }
                }
                "}" => {
                    if in_a_body {
                        types.pop();
                    }
                    depth = depth.saturating_sub(1);
                }
                "package" if depth == 0 && types.is_empty() => {
                    file.package = dotted_name(&words[at + 1..]);
                }
                "main" if in_a_body && declares_main(&words, at) => {
                    let names: Vec<&str> = types.iter().map(|&(name, _)| name).collect();
                    file.mains.push(names.join("$"));
                }
                _ if TYPES.contains(&word) && declares_type(&words, at) => {
                    pending = Some(words[at + 1]);
                }
                _ => {}
            }
        }
        file
    }

    /// The full names (`nqueens.Main`) of the classes that declare `main`,
    /// which is how `java` is told which one to start.
    pub fn main_classes(&self) -> Vec<String> {
        self.mains
            .iter()
            .map(|name| match &self.package {
                Some(package) => format!("{package}.{name}"),
                None => name.clone(),
            })
            .collect()
    }
}

/// The words of `text` (identifiers, keywords, numbers) and its other
/// characters one by one, without whitespace, comments or literals.
fn tokens(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(c) = text[at..].chars().next() {
        let rest = &text[at..];
        let length = if c.is_whitespace() {
            c.len_utf8()
        } else if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if let Some(body) = rest.strip_prefix("/*") {
            body.find("*/").map_or(rest.len(), |end| end + 4)
        } else if let Some(body) = rest.strip_prefix("\"\"\"") {
            body.find("\"\"\"").map_or(rest.len(), |end| end + 6)
        } else if c == '"' || c == '\'' {
            literal_length(rest, c)
        } else if is_word_character(c) {
            let length = rest
                .find(|c: char| !is_word_character(c))
                .unwrap_or(rest.len());
            found.push(&rest[..length]);
            length
        } else {
            found.push(&rest[..c.len_utf8()]);
            c.len_utf8()
        };
        at += length;
    }
    found
}

/// The length of the string or character literal `rest` opens with
/// `quote`: to its closing quote, or to the end of its line when it has
/// none (a source javac would refuse anyway).
fn literal_length(rest: &str, quote: char) -> usize {
    let mut escaped = false;
    for (index, c) in rest.char_indices().skip(1) {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == quote || c == '\n' {
            return index + c.len_utf8();
        }
    }
    rest.len()
}

/// Whether `c` may be part of a Java identifier (or a number).
fn is_word_character(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// Whether `word` is an identifier rather than a number or punctuation.
fn is_identifier(word: &str) -> bool {
    word.chars()
        .next()
        .is_some_and(|c| is_word_character(c) && !c.is_ascii_digit())
}

/// The dotted name `words` open with and a `;` ends (`nqueens.board`).
fn dotted_name(words: &[&str]) -> Option<String> {
    let end = words.iter().position(|&word| word == ";")?;
    let name = words[..end].concat();
    let parts_are_names = name.split('.').all(is_identifier);
    parts_are_names.then_some(name)
}

/// Whether the type keyword at `at` declares a type (`class Board`), not
/// `Board.class` or a word named after one.
fn declares_type(words: &[&str], at: usize) -> bool {
    let after_a_dot = at > 0 && words[at - 1] == ".";
    !after_a_dot && words.get(at + 1).is_some_and(|&name| is_identifier(name))
}

/// Whether the `main` at `at` is declared `public static void main(String[]
/// NAME)`, with any other modifiers, `final` before the parameter, and the
/// array written `String[] a`, `String a[]` or `String... a`.
fn declares_main(words: &[&str], at: usize) -> bool {
    if at == 0 || words[at - 1] != "void" {
        return false;
    }
    let modifiers: Vec<&str> = words[..at - 1]
        .iter()
        .rev()
        .take_while(|word| MODIFIERS.contains(word))
        .copied()
        .collect();
    modifiers.contains(&"public")
        && modifiers.contains(&"static")
        && takes_string_array(&words[at + 1..])
}

/// Whether `words` are the parameter list `(String[] NAME)` and its
/// spellings.
fn takes_string_array(words: &[&str]) -> bool {
    let eat = |words: &'_ [&str], expected: &[&str]| -> Option<usize> {
        words.starts_with(expected).then_some(expected.len())
    };
    let mut at = match eat(words, &["("]) {
        Some(length) => length,
        None => return false,
    };
    at += eat(&words[at..], &["final"]).unwrap_or(0);
    match eat(&words[at..], &["java", ".", "lang", ".", "String"])
        .or_else(|| eat(&words[at..], &["String"]))
    {
        Some(length) => at += length,
        None => return false,
    }
    let array_before =
        eat(&words[at..], &["[", "]"]).or_else(|| eat(&words[at..], &[".", ".", "."]));
    at += array_before.unwrap_or(0);
    if !words.get(at).is_some_and(|&name| is_identifier(name)) {
        return false;
    }
    at += 1;
    if array_before.is_none() {
        match eat(&words[at..], &["[", "]"]) {
            Some(length) => at += length,
            None => return false,
        }
    }
    words.get(at) == Some(&")")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mains(text: &str) -> Vec<String> {
        JavaFile::read(text).main_classes()
    }

    #[test]
    fn a_package_and_its_main_class_make_the_full_name() {
        let text = "// Main.java\npackage nqueens;\n\nimport java.io.*;\n\n\
                    public class Main {\n    public static void main(String[] args) {}\n}\n";
        assert_eq!(
            JavaFile::read(text),
            JavaFile {
                package: Some("nqueens".into()),
                mains: vec!["Main".into()],
            }
        );
        assert_eq!(mains(text), ["nqueens.Main"]);
        assert_eq!(
            mains(
                "package  com . ada.queens ;\nclass Q { public static void main(String[] a) {} }"
            ),
            ["com.ada.queens.Q"]
        );
    }

    #[test]
    fn every_spelling_of_main_is_found() {
        for signature in [
            "public static void main(String[] args)",
            "static public void main(String args[])",
            "public static void main(String... args)",
            "public static void main(final String[] args)",
            "public final static void main(java.lang.String[] argv)",
            "public\n  static   void\tmain ( String [ ] args )",
            "public /* the entry */ static void main(String[] /* words */ args)",
            "public static synchronized void main(final String ... args)",
        ] {
            let text = format!("class NQueens {{\n    {signature} throws Exception {{}}\n}}\n");
            assert_eq!(mains(&text), ["NQueens"], "{signature}");
        }
    }

    #[test]
    fn what_is_not_a_main_is_not_counted() {
        for text in [
            // Not static, not public, or not taking String[].
            "class A { public void main(String[] args) {} }",
            "class A { static void main(String[] args) {} }",
            "class A { public static void main(int[] args) {} }",
            "class A { public static void main(String args) {} }",
            "class A { public static int main(String[] args) { return 0; } }",
            // In a comment, a string or a character literal.
            "class A { // public static void main(String[] args) {}\n }",
            "class A { /* public static void main(String[] args) {} */ }",
            "class A { String s = \"public static void main(String[] args) {\"; }",
            "class A { char c = '{'; String t = \"\\\"{\"; }",
            // A call of main is not its declaration.
            "class A { void run() { B.main(new String[0]); } }",
        ] {
            assert_eq!(mains(text), Vec::<String>::new(), "{text}");
        }
    }

    #[test]
    fn a_nested_class_is_named_after_its_outer_class() {
        let text = "public class Outer {\n  int[] a = {1, 2};\n  void f() { if (true) { g(); } }\n  \
                    static class Inner { public static void main(String[] args) {} }\n}\n\
                    class Board { Class<?> k = Board.class; }\n\
                    enum Colour { RED { void f() {} }; public static void main(String[] a) {} }";
        assert_eq!(mains(text), ["Outer$Inner", "Colour"]);
    }

    #[test]
    fn several_classes_and_mains_in_one_file_are_each_found() {
        let text = "class A { public static void main(String[] a) {} }\n\
                    class B { public static void main(String[] a) {} }\nclass C {}";
        assert_eq!(mains(text), ["A", "B"]);
        assert_eq!(mains("class Empty {}"), Vec::<String>::new());
        assert_eq!(JavaFile::read("package broken"), JavaFile::default());
    }
}
