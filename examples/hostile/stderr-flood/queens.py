# Hostile: no solver. It writes lines of a mebibyte to stderr without end,
# where a grader that keeps only the last words might read it all.
import sys

line = "x" * (1 << 20) + "\n"
while True:
    sys.stderr.write(line)
