# Hostile: no solver. It looks for its classmates' copies in the grader's
# scratch folder: from its own working folder it finds the scratch folder
# (SCRATCH/NNN-NAME/work/CHECK), and, since it may not list it, tries the
# name every classmate's copy would have there. It says on stderr what it
# read, and exits 1.
import os
import sys

CLASSMATES = ["answer-forger", "build-disk-fill", "forged-report", "fork-bomb", "garbage-printer",
              "ptrace-judge", "stderr-flood", "target-dir-swap", "tiocsti"]
FILES = ["src/queens.py", "src/queens.c", "crate/src/lib.rs", "crate/build.rs"]
here = os.getcwd().split(os.sep)
scratch = os.sep.join(here[:-3])
read = []
for number in range(20):
    for name in CLASSMATES:
        for file in FILES:
            path = os.path.join(scratch, "%03d-%s" % (number, name), file)
            try:
                with open(path, "rb") as copy:
                    copy.read(1)
                read.append("%03d-%s/%s" % (number, name, file))
            except OSError:
                pass
sys.stderr.write("classmates: read %s\n" % (", ".join(read) or "nothing"))
sys.exit(1)
