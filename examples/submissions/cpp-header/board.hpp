// board.hpp: the board of seed 003's lookup arrays -- a queen per row, and
// one array each for the columns and the two diagonals in use -- as a small
// class the program in main.cpp searches with.

#pragma once

#include <vector>

class Board {
public:
    explicit Board(int n)
        : n_(n), queens_(n), column_(n), up_(2 * n + 1), down_(2 * n + 1) {}

    int size() const { return n_; }
    const std::vector<int>& queens() const { return queens_; }

    // Whether no queen placed shares a line with (row, col).
    bool free(int row, int col) const {
        return !column_[col] && !up_[row + col] && !down_[row - col + n_];
    }

    void place(int row, int col) { mark(row, col, true); queens_[row] = col; }
    void remove(int row, int col) { mark(row, col, false); }

private:
    void mark(int row, int col, bool used) {
        column_[col] = used;
        up_[row + col] = used;
        down_[row - col + n_] = used;
    }

    int n_;
    std::vector<int> queens_;
    std::vector<bool> column_, up_, down_;
};
