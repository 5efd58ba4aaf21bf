"""solver.py: row-by-row backtracking, with sets of the columns and
diagonals the queens above attack."""


def solutions(n, fixed):
    """Returns every solution of the n x n board as a list of columns, row
    by row; fixed maps a row to the column of its pre-placed queen."""
    found = []
    board = []
    cols, ups, downs = set(), set(), set()

    def place(row):
        if row == n:
            found.append(list(board))
            return
        for col in [fixed[row]] if row in fixed else range(n):
            if col in cols or row + col in ups or row - col in downs:
                continue
            board.append(col)
            cols.add(col)
            ups.add(row + col)
            downs.add(row - col)
            place(row + 1)
            board.pop()
            cols.remove(col)
            ups.remove(row + col)
            downs.remove(row - col)

    place(0)
    return found
