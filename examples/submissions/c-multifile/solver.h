/* solver.h: the interface of the solver in solver.c (seed 001's 1-D array
   backtracking), which main.c reads the problem for and prints through. */

#ifndef SOLVER_H
#define SOLVER_H

/* Calls print(queens, n) for every solution of the n-queens problem that
   keeps fixed[row] >= 0 as the column of row's queen; queens[row] is the
   column of row's queen. Returns 0, or -1 when memory runs out. */
int solve(int n, const int *fixed, void (*print)(const int *queens, int n));

#endif
