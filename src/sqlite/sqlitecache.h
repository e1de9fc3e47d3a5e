/*
** sqlitecache: the SQLite libraries `sqlsoak sqlite get` built, one
** folder a release (CACHE/3.7.8/libsqlite3.so beside build.txt, how it
** was built), and what --sqlite-lib's release numbers, ranges and
** "latest" name among them.
**
** The cache is $SQLSOAK_CACHE, else $XDG_CACHE_HOME/sqlsoak/sqlite, else
** ~/.cache/sqlsoak/sqlite; the `sqlite` command's --cache overrides all.
**
** What stays true: a release's folder exists only whole (it is renamed
** into place once built), and only folders holding build.txt are taken
** for sqlsoak's, so that clearing deletes nothing sqlsoak did not make.
*/
#ifndef SQLSOAK_SQLITECACHE_H
#define SQLSOAK_SQLITECACHE_H

#include "config.h"

#include <stddef.h>

/* The cache folder into out: given (NULL: none), else the environment's
** as above.  0, or -1 with one line in err. */
int sqlitecache_dir(const char *given, char *out, size_t n, char *err, size_t errlen);

/* The library release version was built into: cache's, else
** build/sqlite/VERSION beside this sqlsoak (a checkout's `make
** sqlite-lib`).  0 with its path in out, or -1 when neither holds it. */
int sqlitecache_lib(const char *cache, const char *version, char *out, size_t n);

/* Whether folder dir (a release's in the cache) is sqlsoak's: it holds
** build.txt. */
int sqlitecache_owned(const char *dir);

/* Rewrites cfg->sqlite_lib's release numbers ("3.7.3"), ranges
** ("3.7.0..3.8.11.1": the releases of data/sqlite/releases.tsv built in
** it) and "latest" (its last release) as the libraries they name; when
** a value names releases, every library goes in release order (a path's
** by the version the library reports when loaded; ties as given) and
** cfg->sqlite_lib_by_release says so.  0, or
** -1 with one line in err (a release not built, and how to get it). */
int sqlitecache_resolve(struct config *cfg, char *err, size_t errlen);

#endif
