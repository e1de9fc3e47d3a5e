/*
** sqliteget: the work of the `sqlite` command (cmd_sqlite.h).  `sqlsoak sqlite get VERSION...`
** downloads each release's source archive from sqlite.org (--mirror: the
** base address) by its number, checks it (the size and SHA3-256
** sqlite.org published, data/sqlite/releases.tsv, else the archive's own
** gzip check; then its sqlite3.c against the SHA3-256 the release log
** gives), builds it with the same compiler flags as every other
** release and keeps it in the cache (sqlitecache.h); `list` shows the
** cache, `clear [VERSION...]` empties it.
**
** What stays true: nothing is fetched but the releases named; a release
** is worked on in a folder of its own in the cache, .get-VERSION-PID,
** marked sqlsoak's (.sqlsoak-get) before anything goes in it and removed
** whatever happens (one a get killed outright leaves, the next get or
** clear removes once its process is gone), and its library appears in the
** cache only once built and checked, by a rename; a failure is one line in
** err and exit status 2, and leaves no partial file.
*/
#ifndef SQLSOAK_SQLITEGET_H
#define SQLSOAK_SQLITEGET_H

#include "config.h"

#include <stddef.h>

/* `get VERSION...`: each release of cfg->pos after the word fetched,
** checked and built into the cache folder cache.  0, or 2 with err. */
int sqliteget_get(const struct config *cfg, const char *cache, char *err, size_t errlen);

/* `list`: the releases the cache holds, on stdout.  0, or 2 with err. */
int sqliteget_list(const char *cache, char *err, size_t errlen);

/* `clear [VERSION...]`: the releases named, or every one, removed from
** the cache.  0, or 2 with err. */
int sqliteget_clear(const struct config *cfg, const char *cache, char *err, size_t errlen);

/* How the library at lib_path was built, from the build.txt beside it,
** into out ("cc -O2 ... sqlite3.c ... from URL").  0, or -1 when it was
** not built by `sqlite get`. */
int sqliteget_built(const char *lib_path, char *out, size_t n);

#endif
