/*
** cmd_sqlite: see cmd_sqlite.h.  The cache folder is found before the
** word is read: a cache that cannot be, refuses every word alike.
*/
#include "cmd_sqlite.h"
#include "sqlitecache.h"
#include "sqliteget.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

int cmd_sqlite(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    char cache[PATH_MAX];
    const char *word = cfg->npos ? cfg->pos[0] : "";
    if (sqlitecache_dir(cfg->sqlite_cache, cache, sizeof cache, err, errlen))
        return 2;
    if (strcmp(word, "get") == 0)
        return sqliteget_get(cfg, cache, err, errlen);
    if (cfg->npos > 1 && strcmp(word, "list") == 0) {
        snprintf(err, errlen, "list takes no arguments");
        return 2;
    }
    if (strcmp(word, "list") == 0)
        return sqliteget_list(cache, err, errlen);
    if (strcmp(word, "clear") == 0)
        return sqliteget_clear(cfg, cache, err, errlen);
    if (word[0])
        snprintf(err, errlen, "'%s': not get, list or clear", word);
    else
        snprintf(err, errlen, "get VERSION..., list or clear [VERSION...]?");
    return 2;
}
