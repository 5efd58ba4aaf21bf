//! How a program is laid out: which of its folders are parts of it (a
//! Python package, a Java package), and where it starts, which is what its
//! run command names.
//!
//! A course's programs come in the layouts their languages teach, and a
//! correct program must not lose marks for its layout:
//!
//! - **a main file**: the only source file, or the one named `main.*` or
//!   `queens.*` nearest the top (`python3 main.py`, beside package folders
//!   it imports: Python puts the script's own folder first on `sys.path`);
//! - **a Python package run as a module**: a folder `nqueens/` holding
//!   `__main__.py`, with no main file above it, is run as `python3 -m
//!   nqueens` with the submission's folder on `PYTHONPATH`, so that its
//!   relative imports (`from .solver import solve`) work; a `__main__.py`
//!   at the top is a main file (`python3 FOLDER` runs it);
//! - **a Java class**: the one class, in any file, that declares `public
//!   static void main(String[] args)` ([`crate::java`]), by its full name
//!   (`nqueens.Main`), whatever its file is called.
//!
//! The same rules tell discovery ([`crate::submission`]) that a folder
//! holding package folders is one program, and prepare
//! ([`crate::prepare`]) what to run.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::java::JavaFile;

/// Where a program starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A source file run as it is.
    File(PathBuf),
    /// A Python package run as a module from the folder that holds it:
    /// `python3 -m nqueens`.
    Module {
        /// The package's name.
        package: String,
        /// The folder that holds it, which goes on `PYTHONPATH`.
        folder: PathBuf,
    },
    /// A Java class that declares `main`.
    Class {
        /// Its full name, `nqueens.Main`.
        name: String,
        /// The file that declares it.
        file: PathBuf,
    },
}

impl Entry {
    /// What `{main}` stands for: the main file, or `-m PACKAGE`.
    pub fn main_words(&self) -> Vec<String> {
        match self {
            Entry::File(file) | Entry::Class { file, .. } => {
                vec![file.to_string_lossy().into_owned()]
            }
            Entry::Module { package, .. } => vec!["-m".to_owned(), package.clone()],
        }
    }

    /// What `{class}` stands for: the Java class's full name, the Python
    /// package's name, or the main file's name without its extension.
    pub fn class(&self) -> String {
        match self {
            Entry::File(file) => file
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into(),
            Entry::Module { package, .. } => package.clone(),
            Entry::Class { name, .. } => name.clone(),
        }
    }

    /// The environment the run needs: a module's folder on `PYTHONPATH`
    /// (`-m` looks in the working folder, which is the check's scratch).
    pub fn environment(&self) -> Vec<(String, String)> {
        match self {
            Entry::Module { folder, .. } => vec![(
                "PYTHONPATH".to_owned(),
                folder.to_string_lossy().into_owned(),
            )],
            Entry::File(_) | Entry::Class { .. } => Vec::new(),
        }
    }
}

/// Where the program whose source files are `sources` (of one language,
/// below `root`) starts: a Java class, a main file at the top, a Python
/// module, or else [`main_file`]. Errs with the reason it has no one place
/// to start.
pub fn entry(root: &Path, sources: &[PathBuf]) -> Result<Entry, String> {
    if sources.iter().any(|source| has_extension(source, "java")) {
        return java_class(root, sources);
    }
    let main_at_top = sources
        .iter()
        .find(|source| source.parent() == Some(root) && is_main(source));
    if let Some(main) = main_at_top {
        return Ok(Entry::File(main.clone()));
    }
    if sources.iter().any(|source| has_extension(source, "py"))
        && let Some(module) = python_module(root, sources)?
    {
        return Ok(module);
    }
    main_file(root, sources)
}

/// The Python package among `sources` that holds `__main__.py` right below
/// `root`, if one does; errs when several do.
fn python_module(root: &Path, sources: &[PathBuf]) -> Result<Option<Entry>, String> {
    let packages: Vec<String> = sources
        .iter()
        .filter(|source| source.file_name().is_some_and(|name| name == "__main__.py"))
        .filter_map(|source| source.parent())
        .filter(|folder| folder.parent() == Some(root))
        .filter_map(|folder| folder.file_name()?.to_str())
        .filter(|name| is_python_name(name))
        .map(str::to_owned)
        .collect();
    match packages.as_slice() {
        [] => Ok(None),
        [package] => Ok(Some(Entry::Module {
            package: package.clone(),
            folder: root.to_owned(),
        })),
        several => Err(format!(
            "{} packages hold a __main__.py ({}): a program starts in one",
            several.len(),
            several.join(", ")
        )),
    }
}

/// Whether `name` can be imported: a Python identifier.
fn is_python_name(name: &str) -> bool {
    let mut characters = name.chars();
    characters
        .next()
        .is_some_and(|first| first.is_alphabetic() || first == '_')
        && characters.all(|c| c.is_alphanumeric() || c == '_')
}

/// The method a Java program starts in, as messages name it.
const MAIN: &str = "public static void main(String[] args)";

/// The one class among the Java `sources` that declares `main`.
fn java_class(root: &Path, sources: &[PathBuf]) -> Result<Entry, String> {
    let mut classes: Vec<(String, &PathBuf)> = Vec::new();
    for source in sources
        .iter()
        .filter(|source| has_extension(source, "java"))
    {
        let text = read_source(source).unwrap_or_default();
        for name in JavaFile::read(&text).main_classes() {
            classes.push((name, source));
        }
    }
    match classes.as_slice() {
        [] => Err(format!(
            "no class declares {MAIN}, where a Java program starts"
        )),
        [(name, file)] => Ok(Entry::Class {
            name: name.clone(),
            file: (*file).clone(),
        }),
        several => {
            let named: Vec<String> = several
                .iter()
                .map(|(name, file)| {
                    let shown = file.strip_prefix(root).unwrap_or(file);
                    format!("{name} in {}", shown.display())
                })
                .collect();
            Err(format!(
                "{} classes declare {MAIN} ({}): a program starts in one",
                several.len(),
                named.join(", ")
            ))
        }
    }
}

/// The main file among `sources`: the only one, the one named `main.*` or
/// `queens.*` nearest the top of `root`, or the only one at its top (`solve.py`
/// beside the package folder it imports).
fn main_file(root: &Path, sources: &[PathBuf]) -> Result<Entry, String> {
    if let [only] = sources {
        return Ok(Entry::File(only.clone()));
    }
    let nearest_main = sources
        .iter()
        .filter(|source| is_main(source))
        .min_by_key(|source| source.components().count());
    let at_top: Vec<&PathBuf> = sources
        .iter()
        .filter(|source| source.parent() == Some(root))
        .collect();
    match (nearest_main, at_top.as_slice()) {
        (Some(main), _) | (None, &[main]) => Ok(Entry::File(main.clone())),
        _ if sources.is_empty() => Err("no source file of its language was copied".to_owned()),
        _ => Err("several source files and none is called main or queens".to_owned()),
    }
}

/// Whether `source` is a main file by its name: `main.*`, `queens.*`, or
/// Python's `__main__.py`.
pub fn is_main(source: &Path) -> bool {
    let stem = source
        .file_stem()
        .map(|stem| stem.to_string_lossy().to_lowercase());
    matches!(stem.as_deref(), Some("main" | "queens"))
        || source.file_name().is_some_and(|name| name == "__main__.py")
}

/// Whether `path`'s extension is `extension`.
pub fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().is_some_and(|found| found == extension)
}

/// The most of a source file that is read for its declarations.
const LONGEST_SOURCE: u64 = 1 << 20;

/// The text of the source file at `path` (its first MiB), read without
/// following a link or waiting on a FIFO; `None` when it is not a regular
/// file or cannot be read.
pub fn read_source(path: &Path) -> Option<String> {
    let file = queens_jail::copy::open_regular(path, path).ok()?;
    let mut bytes = Vec::new();
    file.take(LONGEST_SOURCE).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The full names of the classes the Java file at `path` starts in.
pub fn java_mains(path: &Path) -> Vec<String> {
    JavaFile::read(&read_source(path).unwrap_or_default()).main_classes()
}

/// Whether `folder`, a folder right below the program folder `root`, is a
/// package of the program: a Python package (it holds `__init__.py` or
/// `__main__.py`), or a Java one (a `.java` file below it declares the
/// package its folders name, `package nqueens;` in `root/nqueens/`).
pub fn is_package_folder(folder: &Path, root: &Path) -> bool {
    let python = ["__init__.py", "__main__.py"]
        .iter()
        .any(|name| is_regular(&folder.join(name)));
    python
        || files_below(folder).iter().any(|file| {
            has_extension(file, "java")
                && JavaFile::read(&read_source(file).unwrap_or_default())
                    .package
                    .is_some_and(|package| Some(package) == package_of(file, root))
        })
}

/// The package a Java file at `file` belongs in by its folders below
/// `root`: `nqueens.board` for `root/nqueens/board/Board.java`.
fn package_of(file: &Path, root: &Path) -> Option<String> {
    let folders = file.parent()?.strip_prefix(root).ok()?;
    let names: Option<Vec<&str>> = folders.iter().map(|name| name.to_str()).collect();
    Some(names?.join("."))
}

/// Whether `path` is itself, not through a link, a regular file.
fn is_regular(path: &Path) -> bool {
    path.symlink_metadata()
        .is_ok_and(|meta| meta.file_type().is_file())
}

/// The regular files below `folder`, as a copy keeps them (no hidden entry,
/// no link followed), at most [`queens_jail::copy::MOST_FILES`], sorted.
pub fn files_below(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![folder.to_owned()];
    while let Some(folder) = folders.pop() {
        let Ok(read) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in read.filter_map(Result::ok) {
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => folders.push(entry.path()),
                Ok(kind) if kind.is_file() => found.push(entry.path()),
                _ => {}
            }
            if found.len() >= queens_jail::copy::MOST_FILES {
                found.sort();
                return found;
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// The sources of the folder `root` with `extension`.
    fn sources(root: &Path, extension: &str) -> Vec<PathBuf> {
        files_below(root)
            .into_iter()
            .filter(|file| has_extension(file, extension))
            .collect()
    }

    #[test]
    fn a_main_file_is_the_only_one_or_main_or_queens_nearest_the_top() {
        let root = Path::new("/s");
        let file = |path: &str| Ok(Entry::File(path.into()));
        assert_eq!(
            main_file(root, &[PathBuf::from("/s/solve.c")]),
            file("/s/solve.c")
        );
        let several = ["/s/a.c", "/s/lib/main.c", "/s/queens.c"].map(PathBuf::from);
        assert_eq!(main_file(root, &several), file("/s/queens.c"));
        let deeper = ["/s/a.c", "/s/lib/main.c"].map(PathBuf::from);
        assert_eq!(main_file(root, &deeper), file("/s/lib/main.c"));
        let one_at_top = ["/s/solve.py", "/s/nqueens/board.py"].map(PathBuf::from);
        assert_eq!(main_file(root, &one_at_top), file("/s/solve.py"));
        assert_eq!(
            main_file(root, &["/s/a.py", "/s/b.py"].map(PathBuf::from)),
            Err("several source files and none is called main or queens".into())
        );
        assert_eq!(
            main_file(root, &[]),
            Err("no source file of its language was copied".into())
        );
    }

    #[test]
    fn python_runs_a_main_file_at_the_top_or_else_its_one_package_with_main() {
        let root = tempfile::tempdir().unwrap();
        let root = root.path();
        write(&root.join("nqueens/__init__.py"), "");
        write(
            &root.join("nqueens/__main__.py"),
            "from .solver import solve\n",
        );
        write(&root.join("nqueens/solver.py"), "");
        let module = entry(root, &sources(root, "py")).unwrap();
        assert_eq!(
            module,
            Entry::Module {
                package: "nqueens".into(),
                folder: root.to_owned()
            }
        );
        assert_eq!(module.main_words(), ["-m", "nqueens"]);
        assert_eq!(module.class(), "nqueens");
        assert_eq!(
            module.environment(),
            [("PYTHONPATH".to_owned(), root.display().to_string())]
        );
        // A main file at the top is run as a script, the package imported.
        write(&root.join("main.py"), "import nqueens\n");
        assert_eq!(
            entry(root, &sources(root, "py")),
            Ok(Entry::File(root.join("main.py")))
        );
        write(&root.join("board.py"), "");
        assert_eq!(
            entry(root, &sources(root, "py")),
            Ok(Entry::File(root.join("main.py")))
        );
        std::fs::remove_file(root.join("board.py")).unwrap();
        // A file not called main does not outrank the package's __main__.py.
        std::fs::rename(root.join("main.py"), root.join("solve.py")).unwrap();
        assert_eq!(entry(root, &sources(root, "py")), Ok(module));
        std::fs::remove_file(root.join("solve.py")).unwrap();
        write(&root.join("__main__.py"), "import solver\n");
        assert_eq!(
            entry(root, &sources(root, "py")),
            Ok(Entry::File(root.join("__main__.py")))
        );
        std::fs::remove_file(root.join("__main__.py")).unwrap();
        write(&root.join("other/__main__.py"), "");
        assert_eq!(
            entry(root, &sources(root, "py")),
            Err("2 packages hold a __main__.py (nqueens, other): a program starts in one".into())
        );
    }

    #[test]
    fn java_runs_the_one_class_that_declares_main_by_its_full_name() {
        let root = tempfile::tempdir().unwrap();
        let root = root.path();
        write(
            &root.join("nqueens/Main.java"),
            "package nqueens;\npublic class Main { public static void main(String[] a) {} }\n",
        );
        write(
            &root.join("nqueens/Board.java"),
            "package nqueens;\nclass Board {}\n",
        );
        let class = entry(root, &sources(root, "java")).unwrap();
        assert_eq!(
            class,
            Entry::Class {
                name: "nqueens.Main".into(),
                file: root.join("nqueens/Main.java")
            }
        );
        assert_eq!(class.class(), "nqueens.Main");
        assert_eq!(
            class.main_words(),
            [root.join("nqueens/Main.java").display().to_string()]
        );
        assert!(class.environment().is_empty());
        write(
            &root.join("Queens.java"),
            "class NQueens { public static void main(String... a) {} }\n",
        );
        assert_eq!(
            entry(root, &sources(root, "java")),
            Err(
                "2 classes declare public static void main(String[] args) (NQueens in \
                 Queens.java, nqueens.Main in nqueens/Main.java): a program starts in one"
                    .into()
            )
        );
        let none = tempfile::tempdir().unwrap();
        write(&none.path().join("Main.java"), "class Main {}\n");
        assert_eq!(
            entry(none.path(), &sources(none.path(), "java")),
            Err(
                "no class declares public static void main(String[] args), where a Java \
                 program starts"
                    .into()
            )
        );
    }

    #[test]
    fn package_folders_are_told_by_init_or_by_the_declared_package() {
        let root = tempfile::tempdir().unwrap();
        let root = root.path();
        write(&root.join("py/__init__.py"), "");
        write(&root.join("jv/Board.java"), "package jv;\nclass Board {}\n");
        write(
            &root.join("deep/ada/q/Q.java"),
            "package deep.ada.q;\nclass Q {}\n",
        );
        write(
            &root.join("ada/Main.java"),
            "package nqueens;\nclass Main {}\n",
        );
        write(&root.join("bob/queens.py"), "");
        write(&root.join("cy/Main.java"), "class Main {}\n");
        let packages: Vec<&str> = ["py", "jv", "deep", "ada", "bob", "cy"]
            .into_iter()
            .filter(|name| is_package_folder(&root.join(name), root))
            .collect();
        assert_eq!(packages, ["py", "jv", "deep"]);
    }

    #[test]
    fn a_fifo_is_not_read() {
        let root = tempfile::tempdir().unwrap();
        let fifo = root.path().join("Main.java");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        assert_eq!(read_source(&fifo), None);
        assert!(java_mains(&fifo).is_empty());
    }
}
