/*
** shareaudit: a share's results folder (`run --shard K/N`) checked, before
** merge joins it, to hold what its run left, as resume would read it:
** see shareaudit.c.
*/
#ifndef SQLSOAK_SHAREAUDIT_H
#define SQLSOAK_SHAREAUDIT_H

#include <jansson.h>
#include <stddef.h>

/* 0 when the finished share in dir (rj: its run.json) is whole and agrees
** with itself; else -1 with one line naming dir and the problem in err.
** Reads only; creates nothing. */
int shareaudit_check(const char *dir, const json_t *rj, char *err, size_t errlen);

#endif
