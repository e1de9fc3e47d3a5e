/*
** cellid: a cell's identity, as every results file and record holds it:
** its number and repeat, the library that ran it, and a value per
** dimension of dims.h.  It knows nothing of how it is written (csvout.h
** writes it as the identity columns of every CSV file).
*/
#ifndef SQLSOAK_CELLID_H
#define SQLSOAK_CELLID_H

#include "dims.h"

#include <stdint.h>

/* A cell's identity, the same in every file: its number and repeat, the
** library that ran it, and a value per dimension, each written as its
** column of dims.h in the user's words ("wal", "default", 4096). */
struct cell_id {
    int64_t cell;            /* the combination's number, 1-based */
    int64_t repeat;          /* 1..--repeat; warm-up runs count down from 0 */
    char sqlite_version[32];
    char sqlite_source_id[128];
    char sqlite_lib[256];    /* the library dimension's text: its path */
    int64_t v[DIM_COUNT];    /* the values; v[DIM_LIB] is not written */
    char read_from[8];
};

#endif
