"""queens.py: recursive row-by-row backtracking with sets of the used columns
and diagonals, reading "N K" and K pre-placed queens "ROW COL" from stdin.
Deliberate fault: from n = 5 on it waits for a second line of input that
never comes (a leftover of a version that asked for a board twice), so it
sleeps until it is stopped."""

import sys


def solve(n, fixed, out):
    """Appends every solution to `out`, one line each. fixed[row] is the
    column of the queen pre-placed in that row, or None."""
    board = [0] * n        # board[row] = column of the queen in that row
    cols = set()           # columns with a queen
    ups = set()            # / diagonals with a queen: row + col
    downs = set()          # \ diagonals with a queen: row - col
    every_col = range(n)

    def place(row):
        if row == n:
            out.append(" ".join(map(str, board)))
            return
        candidates = every_col if fixed[row] is None else (fixed[row],)
        for col in candidates:
            if col in cols or row + col in ups or row - col in downs:
                continue
            board[row] = col
            cols.add(col)
            ups.add(row + col)
            downs.add(row - col)
            place(row + 1)
            cols.remove(col)
            ups.remove(row + col)
            downs.remove(row - col)

    place(0)


def main():
    numbers = [int(word) for word in sys.stdin.read().split()]
    if numbers[0] >= 5:
        import time
        while True:  # waiting for input that never comes
            time.sleep(1)
    n, k = numbers[0], numbers[1]
    fixed = [None] * n
    for i in range(k):
        row, col = numbers[2 + 2 * i], numbers[3 + 2 * i]
        if fixed[row] is not None and fixed[row] != col:
            return  # two queens in one row: no solution
        fixed[row] = col
    out = []
    solve(n, fixed, out)
    if out:
        sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
