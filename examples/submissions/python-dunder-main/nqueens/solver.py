"""solver.py: backtracking with bit masks of the attacked columns and
diagonals."""


def solve(n, fixed):
    """Returns every solution of the n x n board as a list of columns, row
    by row; fixed[row] is the column of a pre-placed queen, or None."""
    found = []
    board = [0] * n
    every = (1 << n) - 1

    def place(row, cols, left, right):
        if row == n:
            found.append(list(board))
            return
        free = every & ~(cols | left | right)
        if fixed[row] is not None:
            free &= 1 << fixed[row]
        while free:
            bit = free & -free
            free ^= bit
            board[row] = bit.bit_length() - 1
            place(row + 1, cols | bit, ((left | bit) << 1) & every, (right | bit) >> 1)

    place(0, 0, 0, 0)
    return found
