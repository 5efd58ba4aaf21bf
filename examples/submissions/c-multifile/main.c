/* main.c: a correct submission in three files (main.c, solver.c and the
   header solver.h both include): reads "N K" and K pre-placed queens
   "ROW COL" from stdin and prints every solution, one line each. */

#include <stdio.h>
#include <stdlib.h>

#include "solver.h"

static void print_solution(const int *queens, int n)
{
    int row;
    for (row = 0; row < n; row++)
        printf(row == 0 ? "%d" : " %d", queens[row]);
    printf("\n");
}

int main(void)
{
    int n, k, i, row, col;
    int *fixed;

    if (scanf("%d %d", &n, &k) != 2 || n < 0 || k < 0)
        return 1;
    fixed = malloc((n + 1) * sizeof *fixed);
    if (!fixed)
        return 1;
    for (i = 0; i < n; i++)
        fixed[i] = -1;
    for (i = 0; i < k; i++) {
        if (scanf("%d %d", &row, &col) != 2 || row < 0 || row >= n || col < 0 || col >= n)
            return 1;
        if (fixed[row] >= 0 && fixed[row] != col)
            return 0;           /* two queens in one row: no solution */
        fixed[row] = col;
    }
    return solve(n, fixed, print_solution) == 0 ? 0 : 1;
}
