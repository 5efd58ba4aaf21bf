# One fault, deliberately: after its solutions the program prints how many
# it found ("Total: 92"), a line of text where only solutions belong. The
# answers are right: the slip costs the one check of the output's form.
import sys


def solve(n, placed):
    columns, rising, falling = set(), set(), set()
    queens = [None] * n
    found = []

    def place(row):
        if row == n:
            found.append(list(queens))
            return
        choices = [placed[row]] if row in placed else range(n)
        for col in choices:
            if col in columns or row + col in rising or row - col in falling:
                continue
            columns.add(col)
            rising.add(row + col)
            falling.add(row - col)
            queens[row] = col
            place(row + 1)
            columns.discard(col)
            rising.discard(row + col)
            falling.discard(row - col)

    place(0)
    return found


n, k = map(int, sys.stdin.readline().split())
placed = dict(tuple(map(int, sys.stdin.readline().split())) for _ in range(k))
found = solve(n, placed)
for queens in found:
    print(" ".join(map(str, queens)))
print("Total: %d" % len(found))
