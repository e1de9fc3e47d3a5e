/*
** sqliteget: the `sqlite` command.  `sqlsoak sqlite get VERSION...`
** downloads each release's source archive from sqlite.org (--mirror: the
** base address) by its number, checks it (the size and SHA3-256
** sqlite.org published, data/sqlite/releases.tsv, else the archive's own
** gzip check), builds it with the same compiler flags as every other
** release and keeps it in the cache (sqlitecache.h); `list` shows the
** cache, `clear [VERSION...]` empties it.
**
** What stays true: nothing is fetched but the releases named; a release
** is worked on in a folder of its own in the cache, .get-VERSION-PID,
** removed whatever happens, and its library appears in the cache only
** once built and checked, by a rename; a failure is one line in err and
** exit status 2, and leaves no partial file.
*/
#ifndef SQLSOAK_SQLITEGET_H
#define SQLSOAK_SQLITEGET_H

#include "config.h"

#include <stddef.h>

/* Runs `sqlite get|list|clear` with cfg->pos's words.  Returns the exit
** status: 0, or 2 with one line in err. */
int sqliteget_main(const struct config *cfg, char *err, size_t errlen);

/* How the library at lib_path was built, from the build.txt beside it,
** into out ("cc -O2 ... sqlite3.c ... from URL").  0, or -1 when it was
** not built by `sqlite get`. */
int sqliteget_built(const char *lib_path, char *out, size_t n);

#endif
