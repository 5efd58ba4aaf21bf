//! A program's whole answers, kept between the checks of one submission.
//!
//! A program is started afresh for each question and reads nothing but the
//! question, so its answer to a question is its answer: the checks of a
//! submission ask many of the same ones (every solution of n = 0 to 8 in
//! five checks, the count of n = 13 in two), and a program in a language
//! whose every run starts a virtual machine (Java), or whose search is slow
//! (CPython at n = 13), spent most of a class's time answering them again.
//! A run that ended by itself with status 0, read to its end, is kept here
//! as the relay told it, every line in order (stray ones too, for the
//! check of the output's form), and a later check of the same submission
//! reads it instead of running the program again. A run that was stopped,
//! crashed or failed is never kept: each check meets it afresh.
//!
//! The folder is the grader's, made by it before any check runs, mode 0700
//! in the submission's sealed home: no process of the submission can read,
//! write or replace what is kept (a folder that was there first is not
//! used). Each answer is a file named by its question, written whole by
//! the judge that ran it; one larger than [`LARGEST_ANSWER`] is not kept.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::relay::Told;

/// The largest answer kept, in bytes of its JSON lines: every solution of
/// n = 13 (73,712 lines) fits, n = 14's 365,596 do not.
pub const LARGEST_ANSWER: usize = 8 << 20;

/// The longest question kept: its text names its file.
const LONGEST_QUESTION: usize = 100;

/// The folder of a submission's kept answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answers {
    folder: PathBuf,
}

impl Answers {
    /// Makes the folder `folder`, the grader's alone; `None` when it cannot
    /// (or something is there already): then every question is asked.
    pub fn make(folder: &Path) -> Option<Answers> {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(folder)
            .ok()
            .map(|()| Answers {
                folder: folder.to_owned(),
            })
    }

    /// The answer kept for `question`, if any.
    pub fn recall(&self, question: &str) -> Option<Vec<Told>> {
        let file = std::fs::File::open(self.file(question)?).ok()?;
        let mut text = String::new();
        file.take(LARGEST_ANSWER as u64 + 1)
            .read_to_string(&mut text)
            .ok()?;
        if text.len() > LARGEST_ANSWER {
            return None;
        }
        text.lines()
            .map(|line| serde_json::from_str(line).ok())
            .collect()
    }

    /// Keeps `told`, a whole run's answer to `question`, unless it is too
    /// large; a failure to write it only costs a later check a run.
    pub fn keep(&self, question: &str, told: &[Told]) {
        let Some(file) = self.file(question) else {
            return;
        };
        let mut text = Vec::new();
        for line in told {
            if serde_json::to_writer(&mut text, line).is_err() || text.len() > LARGEST_ANSWER {
                return;
            }
            text.push(b'\n');
        }
        let _ = queens_toolkit::files::write_whole(&file, &text);
    }

    /// The file of `question`'s answer: its text in hexadecimal.
    fn file(&self, question: &str) -> Option<PathBuf> {
        (question.len() <= LONGEST_QUESTION).then(|| {
            let name: String = question.bytes().map(|byte| format!("{byte:02x}")).collect();
            self.folder.join(name)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::relay::Exit;

    fn answer() -> Vec<Told> {
        vec![
            Told::Line("1 3 0 2".into()),
            Told::Line(String::new()),
            Told::Line("2 0 3 1".into()),
            Told::Exited(Exit::whole()),
        ]
    }

    #[test]
    fn an_answer_kept_is_recalled_line_for_line_and_only_for_its_question() {
        let scratch = tempfile::tempdir().unwrap();
        let answers = Answers::make(&scratch.path().join("answers")).unwrap();
        assert_eq!(answers.recall("4 0\n"), None);
        answers.keep("4 0\n", &answer());
        assert_eq!(answers.recall("4 0\n"), Some(answer()));
        assert_eq!(answers.recall("4 1\n0 1\n"), None);
    }

    #[test]
    fn a_folder_that_was_there_first_is_not_used() {
        let scratch = tempfile::tempdir().unwrap();
        let planted = scratch.path().join("answers");
        std::fs::create_dir(&planted).unwrap();
        assert_eq!(Answers::make(&planted), None);
        std::os::unix::fs::symlink("/", scratch.path().join("link")).unwrap();
        assert_eq!(Answers::make(&scratch.path().join("link")), None);
    }

    #[test]
    fn the_folder_is_the_graders_alone_and_a_long_question_is_not_kept() {
        use std::os::unix::fs::PermissionsExt;
        let scratch = tempfile::tempdir().unwrap();
        let folder = scratch.path().join("answers");
        let answers = Answers::make(&folder).unwrap();
        let mode = std::fs::metadata(&folder).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        let long = "9".repeat(LONGEST_QUESTION + 1);
        answers.keep(&long, &answer());
        assert_eq!(answers.recall(&long), None);
        assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    }

    #[test]
    fn an_answer_too_large_is_not_kept() {
        let scratch = tempfile::tempdir().unwrap();
        let answers = Answers::make(&scratch.path().join("answers")).unwrap();
        let line = Told::Line("0 ".repeat(LONGEST_QUESTION));
        let many = vec![line; LARGEST_ANSWER / (2 * LONGEST_QUESTION) + 1];
        answers.keep("13 0\n", &many);
        assert_eq!(answers.recall("13 0\n"), None);
    }
}
