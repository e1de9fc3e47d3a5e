/*
** phaseanalyze: with --analyze, the planner's statistics refreshed at each
** chunk's end, as an application keeps them (SQLite advises PRAGMA
** optimize now and then on a long-lived connection), timed as its own
** phase.  See soakint.h.
*/
#include "soak.h"
#include "soakint.h"
#include "modes.h"
#include "phase.h"

#include <assert.h>
#include <string.h>

static const char *analyze_sql(const struct soak *s)
{
    return s->env->cell->v[DIM_ANALYZE] == AZ_FULL ? "ANALYZE" : "PRAGMA optimize";
}

static int analyze_wanted(const struct soak *s)
{
    return s->env->cell->v[DIM_ANALYZE] != AZ_OFF;
}

/* 1 when PRAGMA pragma_list names pragma name.  A library that does not
** know a pragma ignores it without a word, so only its own list can say
** it would run: one without pragma_list (before 3.16) says nothing, and
** counts as without. */
static int lists_pragma(struct soak *s, const char *name, int *rc)
{
    sqlite3_stmt *st = NULL;
    int found = 0;
    *rc = s->api->prepare_v2(s->db, "PRAGMA pragma_list", -1, &st, NULL);
    if (*rc != SQLITE_OK)
        return 0;
    while (!found && (*rc = s->api->step(st)) == SQLITE_ROW) {
        const unsigned char *t = s->api->column_text(st, 0);
        found = t && strcmp((const char *)t, name) == 0;
    }
    if (*rc == SQLITE_DONE || *rc == SQLITE_ROW)
        *rc = SQLITE_OK;
    s->api->finalize(st);
    return found;
}

/* optimize: the library must list it; full: ANALYZE must compile (a build
** without it, SQLITE_OMIT_ANALYZE, refuses it). */
static int analyze_setup(struct soak *s)
{
    int rc;
    if (s->env->cell->v[DIM_ANALYZE] == AZ_OPTIMIZE) {
        if (lists_pragma(s, "optimize", &rc))
            return 0;
        if (rc != SQLITE_OK)
            return soak_sql_fail(s, rc, "PRAGMA pragma_list");
        soak_set_status(s, ST_UNSUPPORTED,
                        "analyze optimize: SQLite %s does not list PRAGMA optimize in its "
                        "pragma_list",
                        s->api->version);
        return -1;
    }
    sqlite3_stmt *st = NULL;
    rc = s->api->prepare_v2(s->db, "ANALYZE", -1, &st, NULL);
    if (st)
        s->api->finalize(st);
    if (rc == SQLITE_OK)
        return 0;
    soak_set_status(s, ST_UNSUPPORTED, "analyze full: SQLite %s refuses ANALYZE (%s)",
                    s->api->version, s->api->errmsg(s->db));
    return -1;
}

/* The statistics at the chunk's end, timed (analyze_s) but not counted.
** Inside a transaction that spans chunks it is part of that transaction,
** as it would be in the application. */
static int analyze_run(struct soak *s, struct chunk_work *w)
{
    assert(analyze_wanted(s));
    return soak_exec_phase(s, w, PHASE_ANALYZE, analyze_sql(s));
}

const struct phase_runner phase_analyze_runner = {
    .wanted = analyze_wanted, .setup = analyze_setup, .run = analyze_run};
