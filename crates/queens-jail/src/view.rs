//! What a jailed run sees of the host: bubblewrap's arguments for the
//! system (`/usr`, its links, a few `/etc` entries), and every folder above
//! a bound path made empty and traversable.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

/// The entries of `/etc` a sandboxed run sees: what the dynamic linker,
/// the alternatives (`java`, `cc`), Java, Python and a user lookup read.
pub const ETC_KEPT: [&str; 12] = [
    "alternatives",
    "group",
    "java-17-openjdk",
    "java-21-openjdk",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "nsswitch.conf",
    "passwd",
    "python3",
    "ssl",
];

/// The top-level folders that hold the system's programs and libraries,
/// bound as the host has them.
const SYSTEM_ROOTS: [&str; 7] = ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/// The arguments that show the system as the host has it: `/usr`
/// read-only, `/bin` and its kind as links or read-only folders, and
/// `/etc`'s kept entries.
pub(crate) fn system_view() -> Vec<OsString> {
    let mut view = View::default();
    for name in SYSTEM_ROOTS {
        let path = Path::new("/").join(name);
        match std::fs::read_link(&path) {
            Ok(target) => {
                view.words
                    .extend(["--symlink".into(), target.into(), path.into()]);
            }
            Err(_) if path.is_dir() => view.bind("--ro-bind", &path),
            Err(_) => {}
        }
    }
    for name in ETC_KEPT {
        let path = Path::new("/etc").join(name);
        if path.exists() {
            view.bind("--ro-bind", &path);
        }
    }
    view.words
}

/// Bubblewrap's arguments, growing: every folder above a bound path made
/// once, empty and traversable (bubblewrap would copy the host's modes,
/// and `/root` is 0700).
#[derive(Default)]
pub(crate) struct View {
    pub(crate) words: Vec<OsString>,
    /// Folders made in the jail's own file system.
    made: Vec<PathBuf>,
    /// Folders bound from the host, whose insides exist already.
    bound: Vec<PathBuf>,
}

impl View {
    /// Adds fixed words.
    pub(crate) fn add(&mut self, words: &[&str]) {
        self.words.extend(words.iter().map(OsString::from));
    }

    /// Makes the folders above `path`, then binds it with `how`.
    pub(crate) fn bind(&mut self, how: &str, path: &Path) {
        self.parents(path);
        self.words.extend([how.into(), path.into(), path.into()]);
        self.bound.push(path.to_owned());
    }

    /// Makes the folders above `path`, then mounts a tmpfs of `mib` there,
    /// writable by everyone (it is the run's own).
    pub(crate) fn tmpfs(&mut self, path: &Path, mib: u64) {
        self.parents(path);
        self.words.extend([
            "--perms".into(),
            "1777".into(),
            "--size".into(),
            (mib << 20).to_string().into(),
            "--tmpfs".into(),
            path.into(),
        ]);
        self.made.push(path.to_owned());
    }

    /// Makes each folder above `path` that is neither made yet nor inside
    /// a folder bound from the host.
    fn parents(&mut self, path: &Path) {
        let mut above = PathBuf::from("/");
        let components: Vec<Component<'_>> = path.components().collect();
        for component in components.iter().take(components.len().saturating_sub(1)) {
            if matches!(component, Component::RootDir) {
                continue;
            }
            above.push(component);
            let exists = self.made.contains(&above)
                || self.bound.iter().any(|bound| above.starts_with(bound));
            if !exists {
                self.words.extend([
                    "--perms".into(),
                    "0755".into(),
                    "--dir".into(),
                    above.clone().into(),
                ]);
                self.made.push(above.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_above_a_bound_path_are_made_once_and_traversable() {
        let mut view = View::default();
        view.bind("--ro-bind", Path::new("/root/.rustup"));
        view.bind("--ro-bind", Path::new("/root/.cargo/bin"));
        view.tmpfs(Path::new("/tmp"), 2);
        view.bind("--ro-bind", Path::new("/tmp/scratch/ada/src"));
        let words: Vec<String> = view
            .words
            .iter()
            .map(|word| word.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            words.join(" "),
            "--perms 0755 --dir /root --ro-bind /root/.rustup /root/.rustup \
             --perms 0755 --dir /root/.cargo --ro-bind /root/.cargo/bin /root/.cargo/bin \
             --perms 1777 --size 2097152 --tmpfs /tmp \
             --perms 0755 --dir /tmp/scratch --perms 0755 --dir /tmp/scratch/ada \
             --ro-bind /tmp/scratch/ada/src /tmp/scratch/ada/src"
        );
    }

    #[test]
    fn the_system_view_shows_usr_and_kept_etc_entries_only() {
        let words: Vec<String> = system_view()
            .iter()
            .map(|word| word.to_string_lossy().into_owned())
            .collect();
        assert!(words.contains(&"/usr".to_owned()));
        assert!(!words.iter().any(|word| word.contains("shadow")));
        assert!(
            words
                .iter()
                .filter(|word| word.starts_with("/etc/"))
                .all(|word| ETC_KEPT.iter().any(|kept| word == &format!("/etc/{kept}"))),
            "{words:?}"
        );
    }
}
