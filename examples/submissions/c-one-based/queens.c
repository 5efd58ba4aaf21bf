/* queens.c: seed 004's free column, up-diagonal and down-diagonal arrays
   and recursive addQueen, reading "N K" and K pre-placed queens "ROW COL"
   from stdin. Deliberate fault: it prints the columns 1-based, as seed
   004's table of solutions does, where the protocol asks for 0-based ones. */

#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>

int n;              /* board size */
int *queencol;      /* queencol[row] = column of the queen in that row */
int *fixedcol;      /* fixedcol[row] = column of a pre-placed queen, or -1 */
bool *colfree;      /* is column free */
bool *upfree;       /* is up diagonal (row + col) free */
bool *downfree;     /* is down diagonal (row - col + n - 1) free */

void writeBoard(void)
{
    int row;
    for (row = 0; row < n; row++)
        printf(row == 0 ? "%d" : " %d", queencol[row] + 1);  /* 1 to n */
    printf("\n");
}

void addQueen(int row)
{
    int col, first, last;

    if (row == n) {             /* every row has its queen */
        writeBoard();
        return;
    }
    if (fixedcol[row] >= 0) {   /* a pre-placed queen: only its column */
        first = fixedcol[row];
        last = fixedcol[row];
    } else {
        first = 0;
        last = n - 1;
    }
    for (col = first; col <= last; col++) {
        if (colfree[col] && upfree[row + col] && downfree[row - col + n - 1]) {
            /* put the queen in position (row, col) */
            queencol[row] = col;
            colfree[col] = false;
            upfree[row + col] = false;
            downfree[row - col + n - 1] = false;

            addQueen(row + 1);

            /* backtrack: take the queen off again */
            colfree[col] = true;
            upfree[row + col] = true;
            downfree[row - col + n - 1] = true;
        }
    }
}

int main(void)
{
    int k, i, row, col;

    if (scanf("%d %d", &n, &k) != 2 || n < 0 || k < 0)
        return 1;

    /* one extra entry each, so that n = 0 still gets a valid pointer */
    queencol = malloc((n + 1) * sizeof *queencol);
    fixedcol = malloc((n + 1) * sizeof *fixedcol);
    colfree = malloc((n + 1) * sizeof *colfree);
    upfree = malloc((2 * n + 1) * sizeof *upfree);
    downfree = malloc((2 * n + 1) * sizeof *downfree);
    if (!queencol || !fixedcol || !colfree || !upfree || !downfree)
        return 1;

    for (i = 0; i < n; i++) {
        fixedcol[i] = -1;
        colfree[i] = true;
    }
    for (i = 0; i < 2 * n; i++) {
        upfree[i] = true;
        downfree[i] = true;
    }
    for (i = 0; i < k; i++) {
        if (scanf("%d %d", &row, &col) != 2 || row < 0 || row >= n || col < 0 || col >= n)
            return 1;
        if (fixedcol[row] >= 0 && fixedcol[row] != col)
            return 0;           /* two queens in one row: no solution */
        fixedcol[row] = col;
    }

    addQueen(0);
    return 0;
}
