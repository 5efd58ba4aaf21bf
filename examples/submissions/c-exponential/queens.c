/* queens.c: reads "N K" and K pre-placed queens "ROW COL" from stdin and
   prints every solution, one line each. Deliberate fault: no pruning. It
   generates every one of the N^N ways to put one queen in each row, as
   seed 002's naive generation does, and tests each whole board only at the
   end: right answers, but 387 million boards at N = 9, so it runs out of
   time from there on. */

#include <stdio.h>
#include <stdlib.h>

int n;
int *queens;    /* queens[row] = column of the queen in that row */
int *fixedcol;  /* fixedcol[row] = column of a pre-placed queen, or -1 */

/* Whether the whole board is a solution keeping the pre-placed queens. */
int is_solution(void)
{
    int a, b;
    for (a = 0; a < n; a++) {
        if (fixedcol[a] >= 0 && queens[a] != fixedcol[a])
            return 0;
        for (b = a + 1; b < n; b++)
            if (queens[a] == queens[b] || abs(queens[a] - queens[b]) == b - a)
                return 0;
    }
    return 1;
}

void generate(int row)
{
    int col;
    if (row == n) {
        if (is_solution()) {
            for (col = 0; col < n; col++)
                printf(col == 0 ? "%d" : " %d", queens[col]);
            printf("\n");
        }
        return;
    }
    for (col = 0; col < n; col++) {
        queens[row] = col;
        generate(row + 1);
    }
}

int main(void)
{
    int k, i, row, col;
    if (scanf("%d %d", &n, &k) != 2 || n < 0 || k < 0)
        return 1;
    queens = malloc((n + 1) * sizeof *queens);
    fixedcol = malloc((n + 1) * sizeof *fixedcol);
    if (!queens || !fixedcol)
        return 1;
    for (i = 0; i < n; i++)
        fixedcol[i] = -1;
    for (i = 0; i < k; i++) {
        if (scanf("%d %d", &row, &col) != 2 || row < 0 || row >= n || col < 0 || col >= n)
            return 1;
        if (fixedcol[row] >= 0 && fixedcol[row] != col)
            return 0;
        fixedcol[row] = col;
    }
    generate(0);
    return 0;
}
