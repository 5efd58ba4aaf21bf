// Main.java: a correct submission in Java laid out as a package, as an IDE
// makes one: `package nqueens;` in the folder nqueens/, the protocol here and
// the search in Board.java. It reads "N K" and K pre-placed queens
// "ROW COL" from stdin and prints every solution, one line each.

package nqueens;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.util.StringTokenizer;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder text = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            text.append(line).append(' ');
        }
        StringTokenizer words = new StringTokenizer(text.toString());
        int n = Integer.parseInt(words.nextToken());
        int k = Integer.parseInt(words.nextToken());
        Board board = new Board(n);
        for (int i = 0; i < k; i++) {
            int row = Integer.parseInt(words.nextToken());
            int col = Integer.parseInt(words.nextToken());
            if (!board.fix(row, col)) {
                return; // two queens in one row: no solution
            }
        }
        PrintWriter out = new PrintWriter(System.out);
        board.solve(out);
        out.flush();
    }
}
