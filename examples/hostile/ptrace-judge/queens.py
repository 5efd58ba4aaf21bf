# Hostile: no solver. It tries to attach (ptrace) to every process it can
# see that runs as another user than itself (the judge that computes its
# verdict, the grader, the teacher's shell), to make one of them print a
# pass. It says on stderr what it attached to, and exits 1.
import ctypes
import os
import sys

PTRACE_ATTACH, PTRACE_DETACH = 16, 17
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
me = os.getuid()
attached = []
for entry in os.listdir("/proc"):
    if not entry.isdigit() or int(entry) == os.getpid():
        continue
    try:
        with open("/proc/%s/status" % entry) as status:
            uid = next(int(line.split()[1]) for line in status if line.startswith("Uid:"))
    except (OSError, StopIteration, ValueError):
        continue
    if uid == me:
        continue
    if libc.ptrace(PTRACE_ATTACH, int(entry), None, None) == 0:
        attached.append("%s (uid %d)" % (entry, uid))
        libc.ptrace(PTRACE_DETACH, int(entry), None, None)
sys.stderr.write("ptrace: attached to %s\n" % (", ".join(attached) or "nothing"))
sys.exit(1)
