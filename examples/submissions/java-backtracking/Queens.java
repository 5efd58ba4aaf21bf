// Queens.java: a correct submission in Java -- seed 004's free column and
// diagonal arrays, searched row by row -- that reads "N K" and K pre-placed
// queens "ROW COL" from stdin and prints every solution, one line each.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.util.StringTokenizer;

public class Queens {
    private final int n;
    private final int[] queenCol;   // queenCol[row] = column of the queen in that row
    private final int[] fixedCol;   // fixedCol[row] = a pre-placed queen's column, or -1
    private final boolean[] colFree;
    private final boolean[] upFree;    // up diagonals: row + col
    private final boolean[] downFree;  // down diagonals: row - col + n - 1
    private final BufferedWriter out;

    Queens(int n, int[] fixedCol, BufferedWriter out) {
        this.n = n;
        this.queenCol = new int[n];
        this.fixedCol = fixedCol;
        this.colFree = new boolean[n];
        this.upFree = new boolean[2 * n + 1];
        this.downFree = new boolean[2 * n + 1];
        java.util.Arrays.fill(colFree, true);
        java.util.Arrays.fill(upFree, true);
        java.util.Arrays.fill(downFree, true);
        this.out = out;
    }

    void addQueen(int row) throws IOException {
        if (row == n) {
            StringBuilder line = new StringBuilder();
            for (int r = 0; r < n; r++) {
                if (r > 0) line.append(' ');
                line.append(queenCol[r]);
            }
            out.write(line.toString());
            out.write('\n');
            return;
        }
        int first = fixedCol[row] >= 0 ? fixedCol[row] : 0;
        int last = fixedCol[row] >= 0 ? fixedCol[row] : n - 1;
        for (int col = first; col <= last; col++) {
            if (colFree[col] && upFree[row + col] && downFree[row - col + n - 1]) {
                queenCol[row] = col;
                colFree[col] = false;
                upFree[row + col] = false;
                downFree[row - col + n - 1] = false;
                addQueen(row + 1);
                colFree[col] = true;
                upFree[row + col] = true;
                downFree[row - col + n - 1] = true;
            }
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer words = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(words.nextToken());
        int k = Integer.parseInt(words.nextToken());
        int[] fixedCol = new int[n];
        java.util.Arrays.fill(fixedCol, -1);
        for (int i = 0; i < k; i++) {
            words = new StringTokenizer(in.readLine());
            int row = Integer.parseInt(words.nextToken());
            int col = Integer.parseInt(words.nextToken());
            if (fixedCol[row] >= 0 && fixedCol[row] != col) {
                return; // two queens in one row: no solution
            }
            fixedCol[row] = col;
        }
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out));
        new Queens(n, fixedCol, out).addQueen(0);
        out.flush();
    }
}
