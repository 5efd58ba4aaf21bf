"""__main__.py: the protocol of the python-dunder-main submission, run by
`python3 -m nqueens`: reads "N K" and K pre-placed queens "ROW COL" from
stdin and prints every solution as the N columns of rows 0..N-1. Its
relative import works only when it is run as the package's module."""

import sys

from .solver import solve


def main():
    numbers = [int(word) for word in sys.stdin.read().split()]
    n, k = numbers[0], numbers[1]
    fixed = [None] * n
    for i in range(k):
        row, col = numbers[2 + 2 * i], numbers[3 + 2 * i]
        if fixed[row] is not None and fixed[row] != col:
            return  # two queens in one row: no solution
        fixed[row] = col
    lines = [" ".join(map(str, solution)) for solution in solve(n, fixed)]
    if lines:
        sys.stdout.write("\n".join(lines) + "\n")


main()
