//! Isolation and bad input: a program that hangs (and its children) is
//! killed at the deadline, a crash is a verdict naming its cause, a build
//! that fails or a compiler that is missing is a verdict, the sandbox keeps
//! a program in its folder, and bad input is one line with exit status 2.

use std::path::{Path, PathBuf};

use queens_conformance::{Applies, find_check};

use crate::support::{
    grade_json, grade_report, grader, shared_target, submission, verdict, workspace, write,
};

#[test]
fn a_link_in_a_submission_is_refused_with_its_name_and_never_followed() {
    let folder = tempfile::tempdir().unwrap();
    let secret = write(&folder.path().join("secret.txt"), "the teacher's notes\n");
    let class = folder.path().join("class");
    write(
        &class.join("spy/queens.py"),
        "print(open('steal.py').read())\n",
    );
    std::os::unix::fs::symlink(&secret, class.join("spy/steal.py")).unwrap();
    let report = grade_json(&[&class.join("spy")], "", &[]);
    let spy = submission(&report, "spy");
    assert_eq!(
        spy["not_checked"],
        "not a submission: steal.py is a symbolic link: a submission's files are copied as \
         they are and a link is not followed; put the file itself in the folder"
    );
    assert!(!report.to_string().contains("the teacher's notes"));
}

/// The verdicts of every check of a graded submission.
fn verdicts(graded: &serde_json::Value) -> Vec<&str> {
    graded["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|check| check["verdict"].as_str().unwrap())
        .collect()
}

/// The verdicts of the checks that run a program, and that the others are
/// as a program that never answers gets them: N/A for the checks for
/// solvers that find one solution (a program lists them all), FAIL for the
/// two a program cannot fail (bad input, which the grader refuses, and a
/// reused solver, where each question starts a fresh process), granted
/// only to a program whose solutions are valid.
fn verdicts_of_runs(graded: &serde_json::Value) -> Vec<&str> {
    const GRANTED: [&str; 2] = ["bad_input_is_refused", "reused_solver_agrees"];
    let checks = graded["checks"].as_array().unwrap();
    let mut run = Vec::new();
    for check in checks {
        let name = check["name"].as_str().unwrap();
        if find_check(name).is_some_and(|check| check.applies == Applies::FindsOne) {
            assert_eq!(check["verdict"], "N/A", "{name}");
        } else if GRANTED.contains(&name) {
            assert_eq!(check["verdict"], "FAIL", "{name}");
            assert!(
                check["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("not granted: "),
                "{check}"
            );
        } else {
            run.push(check["verdict"].as_str().unwrap());
        }
    }
    run
}

#[test]
fn a_program_that_hangs_is_killed_with_the_processes_it_started() {
    use std::os::unix::fs::PermissionsExt;
    let folder = tempfile::tempdir().unwrap();
    // Without the jail, the program runs as a uid of its own: it may write
    // its children's ids only to a file anybody may write.
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let pids = write(&folder.path().join("pids"), "");
    std::fs::set_permissions(&pids, std::fs::Permissions::from_mode(0o666)).unwrap();
    let program = write(
        &folder.path().join("class/hangs.py"),
        &format!(
            "import subprocess\n\
             child = subprocess.Popen(['sleep', '300'])\n\
             with open({pids:?}, 'a') as pids:\n    pids.write(str(child.pid) + '\\n')\n\
             while True:\n    pass\n",
        ),
    );
    let report = grade_json(
        &[&program],
        "[limits]\nseconds_per_check = 1.0\n[languages.python]\ntime_factor = 1.0\n",
        &["--no-bwrap"],
    );
    let graded = submission(&report, "hangs");
    // The first check runs out of time on n = 0; the later ones ask nothing
    // about a board that size or larger.
    let mut expected = vec!["NOT REACHED"; 12];
    expected[0] = "TIMEOUT";
    assert_eq!(verdicts_of_runs(graded), expected, "{graded:#}");
    assert_eq!(
        verdict(graded, "solutions_are_valid").1,
        "n = 0, asked for every solution: took more than 1 s of processor time"
    );
    assert_eq!(
        verdict(graded, "counts_match_oeis").1,
        "n = 0: not reached: boards of n = 0 and more are not asked after solutions_are_valid \
         ran out of time on n = 0, asked for every solution"
    );
    let started = std::fs::read_to_string(&pids).unwrap();
    assert!(!started.is_empty());
    for pid in started.lines() {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat
            .rsplit(") ")
            .next()
            .and_then(|rest| rest.chars().next());
        assert!(
            stat.is_empty() || state == Some('Z'),
            "sleep {pid} outlived its check: {stat}"
        );
    }
}

#[test]
fn a_crash_names_its_status_and_the_last_words_of_stderr() {
    let folder = tempfile::tempdir().unwrap();
    let program = write(
        &folder.path().join("crashes.py"),
        "import sys\nsys.stderr.write('IndexError: list index out of range\\n')\nsys.exit(3)\n",
    );
    let report = grade_json(&[&program], "", &[]);
    let graded = submission(&report, "crashes");
    // Every check crashes but the form of the output, which has no answer
    // to judge.
    let mut expected = vec!["CRASH"; 12];
    expected[2] = "FAIL";
    assert_eq!(verdicts_of_runs(graded), expected, "{graded:#}");
    assert_eq!(
        verdict(graded, "output_format").1,
        "no board of n = 0..=8 was answered without a fault (the other checks name it): no \
         answer to judge the form of"
    );
    assert_eq!(
        verdict(graded, "counts_match_oeis"),
        (
            "CRASH",
            "n = 0, asked to count its solutions: the program exited with status 3: \
             IndexError: list index out of range"
        )
    );
    // Zero, not "-0": nothing earned.
    assert_eq!(
        graded["score"].to_string(),
        "0.0",
        "no check that applies passes: {graded:#}"
    );
}

#[test]
fn failed_builds_and_missing_compilers_are_verdicts() {
    let folder = tempfile::tempdir().unwrap();
    let class = folder.path().join("class");
    write(
        &class.join("typo/queens.c"),
        "int main(void) { return 0 }\n",
    );
    write(&class.join("pascal/queens.pas"), "begin end.\n");
    write(&class.join("nothing/notes.txt"), "no code here\n");
    write(
        &class.join("no-solver/Cargo.toml"),
        "[package]\nname = \"no-solver\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n[dependencies]\nqueens-core = { path = \"/nowhere\" }\n",
    );
    write(
        &class.join("no-solver/src/lib.rs"),
        "//! Forgot the solver.\npub fn helper() {}\n",
    );
    let report = grade_json(
        &[&class],
        "[languages.pascal]\nextensions = [\"pas\"]\nbuild = [\"fpc-not-here\", \"{main}\"]\nrun = [\"{exe}\"]\npackage = \"fp-compiler\"\n",
        &[],
    );
    let reason = |name| {
        submission(&report, name)["not_checked"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let typo = reason("typo");
    assert!(
        typo.starts_with("build failed: queens.c:1:") && typo.contains("error: expected"),
        "{typo}"
    );
    assert_eq!(
        reason("pascal"),
        "build failed: fpc-not-here is not installed (Debian package: fp-compiler)"
    );
    assert!(reason("nothing").starts_with("not a submission: no Cargo.toml and no source file"));
    let no_solver = reason("no-solver");
    assert!(
        no_solver.contains("cannot find function `solver` in crate `student`")
            && no_solver.ends_with("(the crate must export `pub fn solver()` returning a value that implements queens_core::Solver)"),
        "{no_solver}"
    );
    for name in ["typo", "pascal", "nothing", "no-solver"] {
        assert_eq!(submission(&report, name)["score"], 0.0);
    }
}

#[test]
fn the_sandbox_keeps_a_program_in_its_folder() {
    use std::os::unix::fs::PermissionsExt;
    let folder = tempfile::tempdir().unwrap();
    // A folder anyone may write: only a view of its own keeps a program out.
    let open = folder.path().join("open");
    std::fs::create_dir(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let outside = open.join("outside.txt");
    let program = write(
        &folder.path().join("class/escaper.py"),
        &format!("try:\n    open({outside:?}, 'w').write('escaped')\nexcept OSError:\n    pass\n"),
    );
    let sandboxed = grade_json(&[&program], "", &[]);
    if sandboxed["sandboxed"] == true {
        assert!(
            !outside.exists(),
            "the sandboxed program wrote {}",
            outside.display()
        );
    }
    let unsandboxed = grade_json(&[&program], "", &["--no-bwrap"]);
    let line = unsandboxed["confinement"].as_str().unwrap();
    assert!(
        line.contains("Down: bubblewrap: --no-bwrap was given; what it sees: whatever every user of the machine may read"),
        "{line}"
    );
    assert!(
        outside.exists(),
        "the probe cannot tell: it wrote nothing even without bubblewrap"
    );
}

#[test]
fn without_bubblewrap_a_submission_runs_as_a_uid_of_its_own_never_root() {
    let folder = tempfile::tempdir().unwrap();
    let program = write(
        &folder.path().join("whoami.py"),
        "import os, sys\nsys.stderr.write('uid %d gid %d\\n' % (os.getuid(), os.getgid()))\nsys.exit(1)\n",
    );
    let report = grade_json(&[&program], "", &["--no-bwrap"]);
    let (_, message) = verdict(submission(&report, "whoami"), "counts_match_oeis");
    let ids: Vec<u32> = message
        .rsplit("uid ")
        .next()
        .unwrap()
        .split(" gid ")
        .map(|id| id.parse().unwrap())
        .collect();
    if nix::unistd::geteuid().is_root() {
        assert!((61_001..62_000).contains(&ids[0]), "{message}");
        assert!((61_001..62_000).contains(&ids[1]), "{message}");
        assert_ne!(ids[0], ids[1], "a uid per check, a group per submission");
    } else {
        assert_eq!(ids[0], nix::unistd::geteuid().as_raw(), "{message}");
    }
}

#[test]
fn instrumentation_counts_only_when_the_assignment_weighs_it() {
    let examples = workspace().join("examples/submissions");
    let weighed = "[weights]\ncorrectness = 3.0\ninstrumentation = 1.0\n";
    let report = grade_json(
        &[
            &examples.join("rust-by-hand"),
            &examples.join("rust-recursive"),
        ],
        weighed,
        &[],
    );
    let by_hand = submission(&report, "rust-by-hand");
    // Every check is listed, the four for solvers that find one as N/A.
    assert_eq!(verdicts(by_hand).len(), 21);
    assert_eq!(verdict(by_hand, "statistics_are_consistent").0, "FAIL");
    // 3/4 for correctness, and 1 of the 3 instrumentation checks (stopping at
    // a node, which a search that reports no node passes) of the last 1/4.
    assert_eq!(
        by_hand["score"].as_f64(),
        Some(100.0 * (3.0 + 1.0 / 3.0) / 4.0)
    );
    assert_eq!(submission(&report, "rust-recursive")["score"], 100.0);
}

#[test]
fn reports_for_gradebooks() {
    let c_seed = workspace().join("examples/submissions/c-seed");
    let c_seed = c_seed.to_str().unwrap();
    let target = shared_target();
    let target = target.to_str().unwrap();
    let common = ["grade", "--target-dir", target, "--seed", "5", c_seed];
    let csv = grader(&[&common[..], &["--format", "csv"]].concat());
    let csv = String::from_utf8(csv.stdout).unwrap();
    let mut lines = csv.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("submission,kind,score,not_checked,solutions_are_valid,")
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("c-seed,c,100,,PASS,PASS,")
    );
    let table = grader(&common);
    let stderr = String::from_utf8(table.stderr).unwrap();
    assert!(
        stderr.starts_with("graded c-seed (c): 100.0 in "),
        "off a terminal, a line per submission: {stderr}"
    );
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(
        table.contains("│ c-seed     │ c    │ ✓✓✓✓✓✓✓✓✓✓✓✓✓✓···· 14/14"),
        "{table}"
    );
    assert!(
        table.contains("seed 5 (--seed 5 repeats this run)"),
        "{table}"
    );
}

#[test]
fn gradescope_gets_the_exact_score_points_that_add_up_and_the_seed_for_instructors() {
    let keeps_state = workspace().join("examples/submissions/rust-keeps-state");
    let results = grade_report(
        "gradescope",
        &[&keeps_state],
        "[gradescope]\nvisibility = \"after_due_date\"\nstdout_visibility = \"visible\"\n",
        &["--seed", "5"],
    );
    // 10 of the 14 checks that apply: not rounded to 71.4.
    assert_eq!(results["score"].as_f64(), Some(100.0 * (10.0 / 14.0)));
    assert_eq!(results["visibility"], "after_due_date");
    assert_eq!(results["stdout_visibility"], "visible");
    assert!(
        results.get("output").is_none(),
        "nothing of the run is shown to students"
    );
    let tests = results["tests"].as_array().unwrap();
    let (graded, hidden) = tests.split_at(14);
    let worth: Vec<f64> = graded
        .iter()
        .map(|test| test["max_score"].as_f64().unwrap())
        .collect();
    assert_eq!(worth.iter().sum::<f64>(), 100.0);
    assert_eq!(worth.iter().rev().sum::<f64>(), 100.0);
    let earned: f64 = graded
        .iter()
        .map(|test| test["score"].as_f64().unwrap())
        .sum();
    assert!((earned - 100.0 * 10.0 / 14.0).abs() < 1e-2, "{earned}");
    assert!(
        graded
            .iter()
            .all(|test| test["visibility"] == "after_due_date")
    );
    let [run] = hidden else {
        panic!("one test for instructors: {hidden:?}");
    };
    assert_eq!(run["visibility"], "hidden");
    assert_eq!(run["max_score"], 0.0);
    assert!(
        run["output"]
            .as_str()
            .unwrap()
            .starts_with("seed 5 (queens-grade grade --seed 5 repeats this run); "),
        "{run}"
    );
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    let folder = tempfile::tempdir().unwrap();
    let bad = write(
        &folder.path().join("bad.toml"),
        "[weights]\ncorectness = 1\n",
    );
    let ann_a = write(&folder.path().join("a/ann.py"), "");
    let ann_b = write(&folder.path().join("b/ann.c"), "");
    let c_seed = workspace().join("examples/submissions/c-seed");
    let python = workspace().join("examples/submissions/python-backtracking");
    let path = |path: &Path| path.to_str().unwrap().to_owned();
    let a_file = write(&folder.path().join("a-file"), "");
    let not_the_graders = folder.path().join("full");
    write(&not_the_graders.join("notes.txt"), "the teacher's notes\n");
    let grader_binary = Path::new(env!("CARGO_BIN_EXE_queens-grade"));
    let holds_the_grader = grader_binary.parent().unwrap().parent().unwrap();
    let cases: [(Vec<String>, String); 9] = [
        (
            vec![
                "grade".into(),
                "--target-dir".into(),
                path(&not_the_graders),
                path(&c_seed),
            ],
            format!(
                "error: --target-dir {}: a folder the grader did not make (it has no \
                 QUEENS-GRADE-TARGET): give a new or empty folder, or one an earlier run made",
                not_the_graders.display()
            ),
        ),
        (
            vec![
                "grade".into(),
                "--target-dir".into(),
                path(holds_the_grader),
                path(&c_seed),
            ],
            format!(
                "error: --target-dir {}: it holds the grader's own binary ({}): give a folder \
                 of its own",
                holds_the_grader.display(),
                grader_binary.display()
            ),
        ),
        (
            vec![
                "grade".into(),
                "--target-dir".into(),
                path(&a_file),
                path(&c_seed),
            ],
            format!(
                "error: --target-dir {}: a file is there, not a folder",
                a_file.display()
            ),
        ),
        (
            vec!["grade".into(), path(&c_seed), path(&c_seed)],
            format!("error: {} is given twice", c_seed.display()),
        ),
        (
            vec![
                "grade".into(),
                "--assignment".into(),
                path(&bad),
                path(&c_seed),
            ],
            format!(
                "error: {}: weights.corectness: neither a group (correctness, instrumentation) \
                 nor a check (`queens-grade checks` lists them)",
                bad.display()
            ),
        ),
        (
            vec!["grade".into(), path(&ann_a), path(&ann_b)],
            format!(
                "error: two submissions are named ann: {} and {}; rename one",
                ann_a.display(),
                ann_b.display()
            ),
        ),
        (
            vec!["grade".into(), path(&folder.path().join("nobody"))],
            format!(
                "error: {}: no such file or folder",
                folder.path().join("nobody").display()
            ),
        ),
        (
            vec![
                "grade".into(),
                "--format".into(),
                "gradescope".into(),
                path(&c_seed),
                path(&python),
            ],
            "error: --format gradescope grades one submission, as Gradescope runs it; 2 were given"
                .into(),
        ),
        (
            vec!["grade".into(), "--jobs".into(), "0".into(), path(&c_seed)],
            "error: invalid value '0' for '--jobs <JOBS>': 0 is not in 1..=256".into(),
        ),
    ];
    for (arguments, expected) in cases {
        let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
        let output = grader(&arguments);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!("{expected}\n")
        );
    }
}

#[test]
fn a_report_nobody_can_read_is_refused_before_grading_with_status_74() {
    let c_seed = workspace().join("examples/submissions/c-seed");
    let closed = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("\"$0\" grade {} >&-", c_seed.to_str().unwrap()))
        .arg(env!("CARGO_BIN_EXE_queens-grade"))
        .output()
        .unwrap();
    assert_eq!(closed.status.code(), Some(74));
    assert_eq!(
        String::from_utf8_lossy(&closed.stderr),
        "error: cannot write to stdout: stdout is closed\n"
    );
}

#[test]
fn ctrl_c_stops_every_check_and_leaves_no_scratch_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let examples = workspace().join("examples/submissions");
    let mut arguments = vec![
        "grade".to_owned(),
        "--target-dir".to_owned(),
        shared_target().to_str().unwrap().to_owned(),
    ];
    for name in [
        "rust-endless-loop",
        "c-exponential",
        "python-sleeper",
        "c-seed",
    ] {
        arguments.push(examples.join(name).to_str().unwrap().to_owned());
    }
    // Early (copying, building) and late (checks under way).
    for wait in [600, 1500, 4000] {
        let grading = std::process::Command::new(env!("CARGO_BIN_EXE_queens-grade"))
            .args(&arguments)
            .env("TMPDIR", tmp.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let grading_id = grading.id();
        std::thread::sleep(std::time::Duration::from_millis(wait));
        let interrupted = std::process::Command::new("kill")
            .args(["-INT", &grading.id().to_string()])
            .status()
            .unwrap();
        assert!(interrupted.success());
        let output = grading.wait_with_output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(130),
            "after {wait} ms: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&output.stderr)
                .lines()
                .last()
                .unwrap_or_default(),
            "error: interrupted; every check under way was stopped"
        );
        let left: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        assert!(
            left.is_empty(),
            "after {wait} ms the scratch is left: {left:?}"
        );
        let scratch = tmp.path().to_str().unwrap();
        let survivors: Vec<String> = std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|entry| {
                let line = std::fs::read(entry.ok()?.path().join("cmdline")).ok()?;
                let line = String::from_utf8_lossy(&line).replace('\0', " ");
                line.contains(scratch).then_some(line)
            })
            .collect();
        assert!(survivors.is_empty(), "after {wait} ms: {survivors:?}");
        let cgroups = cgroups_named(&format!("queens-grade-{}-", grading_id));
        assert!(cgroups.is_empty(), "after {wait} ms: {cgroups:?}");
    }
}

/// The cgroups whose name starts with `prefix`, in any hierarchy mounted
/// under /sys/fs/cgroup, four levels deep at most.
pub(crate) fn cgroups_named(prefix: &str) -> Vec<PathBuf> {
    fn walk(folder: &Path, prefix: &str, depth: usize, found: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(folder) else {
            return;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if !path.is_dir() || path.is_symlink() {
                continue;
            }
            if entry.file_name().to_string_lossy().starts_with(prefix) {
                found.push(path);
            } else if depth > 0 {
                walk(&path, prefix, depth - 1, found);
            }
        }
    }
    let mut found = Vec::new();
    walk(Path::new("/sys/fs/cgroup"), prefix, 4, &mut found);
    found
}

#[test]
fn a_new_submission_runs_the_suite_with_cargo_test() {
    let folder = tempfile::tempdir().unwrap();
    let crate_folder = folder.path().join("ada");
    let crate_path = crate_folder.to_str().unwrap();
    let unsaid = grader(&["new-submission", crate_path]);
    assert_eq!(unsaid.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&unsaid.stderr),
        "error: say where the crate takes the queens crates from: --git URL, the course's copy \
         of the queens repository (it builds on any machine that can clone it), or --local, \
         this checkout (it builds on this machine only)\n"
    );
    assert!(!crate_folder.exists(), "nothing is made without a source");
    // By path, so that it builds offline: the lock holds every crate of the
    // registry the suite needs, and the workspace's tests fetched them.
    let made = grader(&["new-submission", crate_path, "--local"]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let tested = std::process::Command::new(env!("CARGO"))
        .args(["test", "--offline", "--quiet"])
        .current_dir(&crate_folder)
        .env(
            "CARGO_TARGET_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("template-builds"),
        )
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&tested.stdout);
    assert_eq!(tested.status.code(), Some(101), "{stdout}");
    assert!(
        stdout.contains("not yet implemented: find every solution"),
        "{stdout}"
    );
    assert!(
        stdout.contains("test result: FAILED. 5 passed; 13 failed; 3 ignored"),
        "only bad_input_is_refused, and the four checks for solvers that find one, which \
         do not apply, pass a solver that refuses nothing; the three instrumentation checks \
         are ignored, as the default assignment does not weigh them: {stdout}"
    );
}
