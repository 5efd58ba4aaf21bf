// Queens.java: a correct submission in Java whose class is not named after
// its file -- `class NQueens`, not public, which javac accepts -- searching
// row by row with bit masks of the attacked columns and diagonals. It reads
// "N K" and K pre-placed queens "ROW COL" from stdin and prints every
// solution, one line each.

import java.util.Arrays;
import java.util.Scanner;

class NQueens {
    private final int n;
    private final int[] queens;
    private final int[] fixed;
    private final StringBuilder out = new StringBuilder();

    NQueens(int n, int[] fixed) {
        this.n = n;
        this.queens = new int[n];
        this.fixed = fixed;
    }

    // cols, left and right: the columns attacked in this row by the queens
    // above, along their column and their two diagonals.
    void place(int row, int cols, int left, int right) {
        if (row == n) {
            for (int r = 0; r < n; r++) {
                if (r > 0) out.append(' ');
                out.append(queens[r]);
            }
            out.append('\n');
            return;
        }
        int attacked = cols | left | right;
        for (int col = 0; col < n; col++) {
            int bit = 1 << col;
            if ((attacked & bit) != 0 || (fixed[row] >= 0 && fixed[row] != col)) {
                continue;
            }
            queens[row] = col;
            place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
        }
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int k = in.nextInt();
        int[] fixed = new int[n];
        Arrays.fill(fixed, -1);
        for (int i = 0; i < k; i++) {
            int row = in.nextInt();
            int col = in.nextInt();
            if (fixed[row] >= 0 && fixed[row] != col) {
                return; // two queens in one row: no solution
            }
            fixed[row] = col;
        }
        NQueens search = new NQueens(n, fixed);
        search.place(0, 0, 0, 0);
        System.out.print(search.out);
    }
}
