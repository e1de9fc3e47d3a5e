/*
** headlinelibs: the libraries' compile options in the headline.  See
** headlinelibs.h.
*/
#include "headlinelibs.h"

#include "compileopt.h"
#include "runkey.h"

#include <jansson.h>
#include <stdlib.h>

/* libraries (run.json's) as compileopt sees them: libs[] and the lists
** they point into, freed by libs_free.  NULL when out of memory. */
static struct compileopt_lib *libs_load(const json_t *all, const char ****opts_out)
{
    size_t nlibs = json_array_size(all);
    struct compileopt_lib *libs = calloc(nlibs + 1, sizeof *libs);
    const char ***opts = calloc(nlibs + 1, sizeof *opts);
    for (size_t i = 0; libs && opts && i < nlibs; i++) {
        const json_t *lib = json_array_get(all, i);
        const json_t *list = json_object_get(lib, RUNKEY_LIB_COMPILE_OPTIONS);
        size_t k, nopts = json_array_size(list);
        const char *version = json_string_value(json_object_get(lib, RUNKEY_LIB_VERSION));
        const char *path = json_string_value(json_object_get(lib, RUNKEY_LIB_PATH));
        opts[i] = calloc(nopts + 1, sizeof *opts[i]);
        for (k = 0; opts[i] && k < nopts && json_string_value(json_array_get(list, k)); k++)
            opts[i][k] = json_string_value(json_array_get(list, k));
        libs[i] = (struct compileopt_lib){.version = version ? version : "?",
                                          .path = path ? path : "?", .opts = opts[i],
                                          .nopts = opts[i] ? (int)k : 0};
    }
    if (!libs || !opts) {
        free(libs);
        free(opts);
        return NULL;
    }
    *opts_out = opts;
    return libs;
}

static void libs_free(struct compileopt_lib *libs, const char ***opts, size_t nlibs)
{
    for (size_t i = 0; opts && i < nlibs; i++)
        free(opts[i]);
    free(opts);
    free(libs);
}

int headlinelibs_options(const void *libraries, const int set[DIM_COUNT], int moot, char *out,
                         size_t n)
{
    const char ***opts = NULL;
    size_t nlibs = json_array_size(libraries);
    struct compileopt_lib *libs = libs_load(libraries, &opts);
    int count = libs ? compileopt_differ(libs, (int)nlibs, set, moot, out, n) : 0;
    if (!libs)
        out[0] = 0;
    libs_free(libs, opts, nlibs);
    return count;
}

int headlinelibs_unlisted(const void *libraries, char *out, size_t n)
{
    const char ***opts = NULL;
    size_t nlibs = json_array_size(libraries);
    struct compileopt_lib *libs = libs_load(libraries, &opts);
    int count = libs ? compileopt_unlisted(libs, (int)nlibs, out, n) : 0;
    if (!libs)
        out[0] = 0;
    libs_free(libs, opts, nlibs);
    return count;
}

void headlinelibs_say(const void *libraries, const struct headline_input *in, struct headline *h)
{
    int set[DIM_COUNT];
    char text[HEADLINE_LEN - 160];
    if (json_array_size(libraries) < 2)
        return;
    compileopt_set_init(set);
    for (int i = 0; i < in->nrecs; i++)
        compileopt_set_mark(set, in->recs[i].id.v);
    if (headlinelibs_options(libraries, set, 0, text, sizeof text) > 0)
        headline_add(h, HL_LIBS,
                     "Compile options in which the libraries differ and that can move the "
                     "verdicts between them (-: not listed, the release's own default): %s.",
                     text);
    if (headlinelibs_options(libraries, set, 1, text, sizeof text) > 0)
        headline_add(h, HL_LIBS,
                     "Compile options in which the libraries differ, each set equal in every "
                     "cell by its pragma and read back: %s.", text);
    if (headlinelibs_unlisted(libraries, text, sizeof text) > 0)
        headline_add(h, HL_LIBS, "%s.", text);
}
