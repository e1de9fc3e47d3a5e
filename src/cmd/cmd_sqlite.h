/*
** cmd_sqlite: `sqlsoak sqlite get VERSION... | list | clear [VERSION...]`,
** SQLite's releases fetched, built alike and kept for --sqlite-lib
** (sqliteget.h: what stays true of the cache).
*/
#ifndef SQLSOAK_CMD_SQLITE_H
#define SQLSOAK_CMD_SQLITE_H

#include "config.h"

#include <stddef.h>

/* Runs `sqlite get|list|clear` with cfg->pos's words.  Returns the exit
** status: 0, or 2 with one line in err. */
int cmd_sqlite(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
