// main.cpp: a correct submission in two files, main.cpp and the header
// board.hpp: reads "N K" and K pre-placed queens "ROW COL" from stdin and
// prints every solution, row by row, one line each.

#include <iostream>
#include <vector>

#include "board.hpp"

static void search(Board& board, const std::vector<int>& fixed, int row) {
    const int n = board.size();
    if (row == n) {
        for (int r = 0; r < n; ++r)
            std::cout << (r == 0 ? "" : " ") << board.queens()[r];
        std::cout << '\n';
        return;
    }
    for (int col = 0; col < n; ++col) {
        if (fixed[row] >= 0 && fixed[row] != col) continue;
        if (!board.free(row, col)) continue;
        board.place(row, col);
        search(board, fixed, row + 1);
        board.remove(row, col);
    }
}

int main() {
    int n = 0, k = 0;
    if (!(std::cin >> n >> k) || n < 0 || k < 0) return 1;
    std::vector<int> fixed(n, -1);
    for (int i = 0; i < k; ++i) {
        int row = 0, col = 0;
        if (!(std::cin >> row >> col) || row < 0 || row >= n || col < 0 || col >= n) return 1;
        if (fixed[row] >= 0 && fixed[row] != col) return 0;  // no solution
        fixed[row] = col;
    }
    Board board(n);
    search(board, fixed, 0);
    return 0;
}
