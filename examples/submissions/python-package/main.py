"""main.py: a correct submission laid out as a script and the package it
imports -- the protocol here, the search in nqueens/solver.py -- that reads
"N K" and K pre-placed queens "ROW COL" from stdin and prints every
solution as the N columns of rows 0..N-1."""

import sys

from nqueens import solutions


def main():
    numbers = [int(word) for word in sys.stdin.read().split()]
    n, k = numbers[0], numbers[1]
    fixed = {}
    for i in range(k):
        row, col = numbers[2 + 2 * i], numbers[3 + 2 * i]
        if fixed.setdefault(row, col) != col:
            return  # two queens in one row: no solution
    for solution in solutions(n, fixed):
        print(" ".join(map(str, solution)))


if __name__ == "__main__":
    main()
