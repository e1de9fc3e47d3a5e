/*
** compileopt: the compile options that move the cost.  See compileopt.h.
*/
#include "compileopt.h"

#include <stdio.h>
#include <string.h>

/* Options that change what the same statements cost, from SQLite's
** compile-time options page (compile.html) and the defaults its release
** log says changed (cache_size in 3.12.0, page size in 3.12.0). */
const struct compileopt compileopt_table[] = {
    {.name = "SECURE_DELETE",
     .why = "deleted and overwritten content is written over with zeros",
     .verdicts = "updates and deletes",
     .dim = DIM_SECURE_DELETE},
    {.name = "DEFAULT_CACHE_SIZE",
     .why = "the page cache a connection starts with (2000 pages before 3.12.0, 2000 KiB since)",
     .verdicts = "point reads and writes once the table outgrows it",
     .dim = DIM_CACHE_SIZE},
    {.name = "DEFAULT_PAGE_SIZE",
     .why = "a fresh database's page size (1024 before 3.12.0, 4096 since)",
     .verdicts = "every verdict",
     .dim = DIM_PAGE_SIZE},
    {.name = "DEFAULT_MMAP_SIZE",
     .builtin = "0",
     .why = "reads through a memory map, not read() calls",
     .verdicts = "point reads",
     .dim = DIM_MMAP_SIZE},
    {.name = "MAX_MMAP_SIZE",
     .why = "the largest memory map (0: none at all)",
     .verdicts = "point reads",
     .dim = DIM_MMAP_SIZE},
    {.name = "DEFAULT_SYNCHRONOUS",
     .builtin = "2",
     .why = "the syncs of each COMMIT",
     .verdicts = "writes, updates and deletes",
     .dim = DIM_SYNC},
    {.name = "DEFAULT_WAL_SYNCHRONOUS",
     .builtin = "2",
     .why = "the syncs of each COMMIT in WAL",
     .verdicts = "writes, updates and deletes",
     .dim = DIM_SYNC},
    {.name = "DEFAULT_JOURNAL_SIZE_LIMIT",
     .builtin = "-1",
     .why = "what a reset journal or WAL is cut to",
     .verdicts = "writes",
     .dim = DIM_JOURNAL_SIZE_LIMIT},
    {.name = "DEFAULT_WAL_AUTOCHECKPOINT",
     .builtin = "1000",
     .why = "how long a WAL grows before a checkpoint",
     .verdicts = "writes and point reads in WAL",
     .dim = DIM_WAL_AUTOCHECKPOINT},
    {.name = "DEFAULT_AUTOVACUUM",
     .why = "free pages given back at each COMMIT",
     .verdicts = "updates and deletes",
     .dim = DIM_AUTO_VACUUM},
    {.name = "DEFAULT_LOCKING_MODE",
     .builtin = "0",
     .why = "the file locks taken around each read",
     .verdicts = "point reads",
     .dim = DIM_LOCKING_MODE},
    {.name = "TEMP_STORE",
     .why = "temporary tables and sorts in memory or in files",
     .verdicts = "vacuum and analyze",
     .dim = -1},
    {.name = "THREADSAFE",
     .why = "the mutexes taken on every call (0: none)",
     .verdicts = "every verdict",
     .dim = -1},
    {.name = "DEFAULT_MEMSTATUS",
     .why = "memory statistics kept under a mutex at each allocation",
     .verdicts = "every verdict",
     .dim = -1},
    {.name = "DIRECT_OVERFLOW_READ",
     .why = "overflow pages read around the page cache",
     .verdicts = "point reads of values larger than a page",
     .dim = -1},
};

const int compileopt_count = (int)(sizeof compileopt_table / sizeof *compileopt_table);

const char *compileopt_value(const struct compileopt *o, const struct compileopt_lib *lib,
                             char *buf, size_t n)
{
    size_t len = strlen(o->name);
    snprintf(buf, n, "%s", o->builtin ? o->builtin : "-");
    for (int i = 0; i < lib->nopts; i++) {
        const char *opt = lib->opts[i];
        if (strncmp(opt, o->name, len) != 0)
            continue;
        if (opt[len] == 0)
            snprintf(buf, n, "on");
        else if (opt[len] == '=')
            snprintf(buf, n, "%s", opt + len + 1);
        else
            continue;
        break;
    }
    return buf;
}

const char *compileopt_lib_name(const struct compileopt_lib *libs, int nlibs, int i)
{
    for (int k = 0; k < nlibs; k++)
        if (k != i && strcmp(libs[k].version, libs[i].version) == 0)
            return libs[i].path;
    return libs[i].version;
}

void compileopt_set_init(int set[DIM_COUNT])
{
    for (int d = 0; d < DIM_COUNT; d++)
        set[d] = dim_table[d].pragma != NULL;
}

void compileopt_set_mark(int set[DIM_COUNT], const int64_t v[DIM_COUNT])
{
    for (int d = 0; d < DIM_COUNT; d++)
        if (dims_is_default(d, v[d]))
            set[d] = 0;
}

/* 1 when the libraries that list their options give o more than one value. */
static int differs(const struct compileopt *o, const struct compileopt_lib *libs, int nlibs)
{
    char first[64] = "", v[64];
    for (int i = 0; i < nlibs; i++) {
        if (libs[i].nopts == 0)
            continue;
        compileopt_value(o, &libs[i], v, sizeof v);
        if (!first[0])
            snprintf(first, sizeof first, "%s", v);
        else if (strcmp(first, v) != 0)
            return 1;
    }
    return 0;
}

int compileopt_differ(const struct compileopt_lib *libs, int nlibs, const int set[DIM_COUNT],
                      int moot, char *out, size_t n)
{
    int count = 0;
    size_t len = 0;
    out[0] = 0;
    for (int k = 0; k < compileopt_count; k++) {
        const struct compileopt *o = &compileopt_table[k];
        if (!differs(o, libs, nlibs) || (o->dim >= 0 && set[o->dim]) != moot)
            continue;
        char values[1024] = "", v[64];
        size_t vl = 0;
        for (int i = 0; i < nlibs && vl < sizeof values; i++)
            if (libs[i].nopts > 0)
                vl += (size_t)snprintf(values + vl, sizeof values - vl, "%s%s %s",
                                       vl ? ", " : "", compileopt_lib_name(libs, nlibs, i),
                                       compileopt_value(o, &libs[i], v, sizeof v));
        if (len < n && moot)
            len += (size_t)snprintf(out + len, n - len, "%s%s (%s; PRAGMA %s)",
                                    count ? ", " : "", o->name, values, dim_table[o->dim].pragma);
        else if (len < n)
            len += (size_t)snprintf(out + len, n - len, "%s%s (%s): %s, can move %s",
                                    count ? "; " : "", o->name, values, o->why, o->verdicts);
        count++;
    }
    if (len >= n && n > 4)
        memcpy(out + n - 4, "...", 4);
    return count;
}

int compileopt_unlisted(const struct compileopt_lib *libs, int nlibs, char *out, size_t n)
{
    int count = 0, left = 0;
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < nlibs; i++)
        left += libs[i].nopts == 0;
    for (int i = 0; i < nlibs && len < n; i++)
        if (libs[i].nopts == 0)
            len += (size_t)snprintf(out + len, n - len, "%s%s",
                                    !count++ ? "" : count == left ? " and " : ", ",
                                    compileopt_lib_name(libs, nlibs, i));
    if (count && len < n)
        snprintf(out + len, n - len, " list%s no compile options: not compared",
                 count == 1 ? "s" : "");
    if (count && strlen(out) + 1 >= n && n > 4)
        memcpy(out + n - 4, "...", 4);
    return count;
}
