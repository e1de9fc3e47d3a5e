/*
** csvupgrade: a results file of an older sqlsoak given this one's header,
** so that resume can append rows to it (see csvupgrade.c).
*/
#ifndef SQLSOAK_CSVUPGRADE_H
#define SQLSOAK_CSVUPGRADE_H

#include "csvin.h"

/* 1 when t's header is f's header as this sqlsoak writes it, or it with
** columns left out (an older sqlsoak's file of f), else 0. */
int csvupgrade_fits(const struct csvin *t, enum csv_file f);

/* DIR's file of f, when its header is an older one that fits, rewritten
** with this sqlsoak's header and its rows' new columns empty; a file
** whose header is this sqlsoak's is left as it is.  Only whole lines are
** kept (a half line is cut off before).  0, or -1 with a one-line err
** (the file then unchanged). */
int csvupgrade_file(const char *dir, enum csv_file f, char *err, size_t errlen);

#endif
