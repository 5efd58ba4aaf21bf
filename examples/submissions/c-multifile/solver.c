/* solver.c: seed 001's 1-D array backtracking -- queens[row] holds the
   column of each row's queen, and a square is safe when no earlier row's
   queen shares its column or a diagonal -- for the program in main.c. */

#include <stdlib.h>

#include "solver.h"

static int size;
static int *queens;
static const int *fixed_cols;
static void (*report)(const int *queens, int n);

/* Whether a queen at (row, col) is safe from the queens of rows 0..row-1. */
static int is_safe(int row, int col)
{
    int earlier;
    for (earlier = 0; earlier < row; earlier++) {
        int other = queens[earlier];
        if (other == col || abs(other - col) == row - earlier)
            return 0;
    }
    return 1;
}

static void place(int row)
{
    int col;
    if (row == size) {
        report(queens, size);
        return;
    }
    for (col = 0; col < size; col++) {
        if (fixed_cols[row] >= 0 && fixed_cols[row] != col)
            continue;
        if (is_safe(row, col)) {
            queens[row] = col;
            place(row + 1);
        }
    }
}

int solve(int n, const int *fixed, void (*print)(const int *queens, int n))
{
    size = n;
    fixed_cols = fixed;
    report = print;
    queens = malloc((n + 1) * sizeof *queens);
    if (!queens)
        return -1;
    place(0);
    free(queens);
    return 0;
}
