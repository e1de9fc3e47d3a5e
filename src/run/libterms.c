/*
** libterms: see libterms.h.
*/
#include "libterms.h"

#include "compileopt.h"
#include "headlinelibs.h"
#include "runkey.h"
#include "sqlapi.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The libraries' compile options that differ: those that can move the
** cost, then those every cell sets, so equal. */
static void compile_options(const struct sqlapi *libs, int nlibs, const int set[DIM_COUNT],
                            FILE *f)
{
    json_t *all = json_array();
    char text[4096];
    for (int i = 0; i < nlibs; i++)
        json_array_append_new(all, json_pack("{s:s, s:s, s:o}", RUNKEY_LIB_PATH, libs[i].path,
                                             RUNKEY_LIB_VERSION, libs[i].version,
                                             RUNKEY_LIB_COMPILE_OPTIONS,
                                             (json_t *)sqlapi_compile_options_json(&libs[i])));
    if (headlinelibs_options(all, set, 0, text, sizeof text) > 0)
        fprintf(f, "  compile options in which the libraries differ and that can move the "
                   "verdicts between them (-: not listed, the release's own default): %s\n",
                text);
    if (headlinelibs_options(all, set, 1, text, sizeof text) > 0)
        fprintf(f, "  compile options in which the libraries differ, each set equal in every "
                   "cell by its pragma and read back: %s\n", text);
    if (headlinelibs_unlisted(all, text, sizeof text) > 0)
        fprintf(f, "  %s\n", text);
    json_decref(all);
}

/* Each library's own page cache, when a cell leaves it to them and they
** differ. */
static void own_caches(const struct sqlapi *libs, int nlibs, const int set[DIM_COUNT], FILE *f)
{
    const char *base = getenv("TMPDIR");
    char tmp[4096], line[4096] = "", why[256];
    long first = 0;
    int differ = 0;
    size_t len = 0;
    if (set[DIM_CACHE_SIZE])
        return;
    snprintf(tmp, sizeof tmp, "%s/sqlsoak-probe-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp))
        return;
    for (int i = 0; i < nlibs && len < sizeof line; i++) {
        struct sqlcaps caps;
        if (sqlapi_probe(&libs[i], tmp, &caps, why, sizeof why) != 0)
            continue;
        if (len == 0)
            first = caps.default_cache;
        differ |= caps.default_cache != first;
        len += (size_t)snprintf(line + len, sizeof line - len, "%sSQLite %s %ld %s",
                                len ? ", " : "", libs[i].version, labs(caps.default_cache),
                                caps.default_cache < 0 ? "KiB" : "pages");
    }
    rmdir(tmp);
    if (differ)
        fprintf(f, "  --cache-size default: the libraries run with different page caches, "
                   "each its own (%s); a number gives them the same bytes\n", line);
}

void libterms_print_plan(const struct sqlapi *libs, int nlibs, const struct cell *cells,
                         int ncells, FILE *f)
{
    int set[DIM_COUNT];
    if (nlibs < 2)
        return;
    compileopt_set_init(set);
    for (int i = 0; i < ncells; i++)
        compileopt_set_mark(set, cells[i].v);
    compile_options(libs, nlibs, set, f);
    own_caches(libs, nlibs, set, f);
}
