# Hostile: no solver. For any board it prints the line "0 0 ... 0" (a
# queen in column 0 of every row) without end: well-formed, never a
# solution of a board past n = 1, and as many as a check cares to count.
import sys

n, _ = map(int, sys.stdin.readline().split())
line = " ".join(["0"] * n) + "\n"
while True:
    sys.stdout.write(line)
