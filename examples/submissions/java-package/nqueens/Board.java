// Board.java: the search of the java-package submission -- row-by-row
// backtracking over a board that remembers each row's queen, tested against
// the queens of the rows above.

package nqueens;

import java.io.PrintWriter;

class Board {
    private final int n;
    private final int[] queens; // queens[row] = its queen's column
    private final int[] fixed;  // fixed[row] = a pre-placed queen's column, or -1

    Board(int n) {
        this.n = n;
        this.queens = new int[n];
        this.fixed = new int[n];
        java.util.Arrays.fill(fixed, -1);
    }

    /** Keeps a queen at (row, col); false if its row already has another. */
    boolean fix(int row, int col) {
        if (fixed[row] >= 0 && fixed[row] != col) {
            return false;
        }
        fixed[row] = col;
        return true;
    }

    /** Prints every solution that keeps the fixed queens. */
    void solve(PrintWriter out) {
        place(0, out);
    }

    private boolean safe(int row, int col) {
        for (int above = 0; above < row; above++) {
            int other = queens[above];
            if (other == col || Math.abs(other - col) == row - above) {
                return false;
            }
        }
        return true;
    }

    private void place(int row, PrintWriter out) {
        if (row == n) {
            StringBuilder line = new StringBuilder();
            for (int r = 0; r < n; r++) {
                if (r > 0) line.append(' ');
                line.append(queens[r]);
            }
            out.println(line);
            return;
        }
        int first = fixed[row] >= 0 ? fixed[row] : 0;
        int last = fixed[row] >= 0 ? fixed[row] : n - 1;
        for (int col = first; col <= last; col++) {
            if (safe(row, col)) {
                queens[row] = col;
                place(row + 1, out);
            }
        }
    }
}
