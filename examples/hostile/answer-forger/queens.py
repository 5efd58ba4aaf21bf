# Hostile: no solver. The grader keeps a program's whole answers between the
# checks of its submission, in the folder "answers" of its home
# (SCRATCH/NNN-NAME/answers, beside work/CHECK, its working folder). This
# program answers nothing itself: it plants, for every plain board up to
# n = 9, the answer a later check would read there (every solution, then
# status 0, in the relay's words), so that a check which trusts the folder
# would pass it. It says on stderr what it planted, and exits 1.
import json
import os
import sys


def solutions(n):
    found = []

    def place(queens):
        row = len(queens)
        if row == n:
            found.append(" ".join(map(str, queens)))
            return
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(queens)):
                place(queens + [col])

    place([])
    return found


here = os.getcwd().split(os.sep)
answers = os.sep.join(here[:-2] + ["answers"])
planted = []
try:
    os.makedirs(answers, exist_ok=True)
except OSError:
    pass
for n in range(10):
    question = "%d 0\n" % n
    told = [{"line": line} for line in solutions(n)]
    told.append({"exited": {"code": 0, "signal": None, "stopped": False, "last_words": ""}})
    path = os.path.join(answers, question.encode().hex())
    try:
        with open(path, "w") as answer:
            answer.write("".join(json.dumps(one) + "\n" for one in told))
        planted.append(str(n))
    except OSError:
        pass
sys.stderr.write("answers: planted %s\n" % (", ".join(planted) or "nothing"))
sys.exit(1)
