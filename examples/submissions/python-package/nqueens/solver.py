"""solver.py: row-by-row backtracking, each row's queen tested against the
queens of the rows above."""


def solutions(n, fixed):
    """Yields every solution of the n x n board as a list of columns, row by
    row; fixed maps a row to the column of its pre-placed queen."""
    board = []

    def safe(col):
        row = len(board)
        return all(
            other != col and abs(other - col) != row - above
            for above, other in enumerate(board)
        )

    def place(row):
        if row == n:
            yield list(board)
            return
        for col in [fixed[row]] if row in fixed else range(n):
            if safe(col):
                board.append(col)
                yield from place(row + 1)
                board.pop()

    yield from place(0)
