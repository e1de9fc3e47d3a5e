/*
** cellname: the one way a cell's run is named, wherever it is named: the
** progress line, the terminal's results, run.json's status, `sqlsoak
** status`, the graphs, report.html, the markdown and compare.
**
** A cell is one combination of the matrix's settings, numbered 1..C in
** the plan's order (summary.csv's `cell`); a repeat is R of --repeat
** (summary.csv's `repeat`; warm-ups 0, -1, ...).  A cell's run is
** "cell N · repeat R", or "cell N" when the run has one repeat; a warm-up
** "cell N · warm-up W", W = 1 - R (the database file's warmupW).  A count
** of runs is said apart from the name: "run 4 of 6: cell 2 · repeat 2".
*/
#ifndef SQLSOAK_CELLNAME_H
#define SQLSOAK_CELLNAME_H

#include <stddef.h>
#include <stdint.h>

/* Room for any name cellname gives, and for cellname_run's. */
#define CELLNAME_MAX 80

/* Run repeat of cell, in a run of repeats repeats (--repeat) into buf:
** "cell 3 · repeat 2", "cell 3" (repeats 1), "cell 3 · warm-up 1".
** repeats 0, not known (a damaged file's message): the repeat is named.
** A cell as a whole (its figures over its repeats) is cellname(.., cell,
** 1, 1): "cell 3".  Returns buf. */
const char *cellname(char *buf, size_t n, int64_t cell, int64_t repeat, int64_t repeats);

/* Run i (1-based) of a plan of runs runs, cell's run repeat:
** "run 4 of 6: cell 2 · repeat 2".  Returns buf. */
const char *cellname_run(char *buf, size_t n, int i, int runs, int64_t cell, int64_t repeat,
                         int64_t repeats);

#endif
