/*
** phaseanalyze: with --analyze, the planner's statistics refreshed at each
** chunk's end, as an application keeps them (SQLite advises PRAGMA
** optimize now and then on a long-lived connection), timed as its own
** phase.  See phaserunner.h.
*/
#include "phaseanalyze.h"
#include "celldb.h"
#include "soakstate.h"
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

/* The opcodes the library compiles sql to (EXPLAIN's rows), or -1 with
** *rc its error. */
static int opcodes(struct soak *s, const char *sql, int *rc)
{
    sqlite3_stmt *st = NULL;
    int n = 0;
    if ((*rc = s->api->prepare_v2(s->db, sql, -1, &st, NULL)) != SQLITE_OK)
        return -1;
    while ((*rc = s->api->step(st)) == SQLITE_ROW)
        n++;
    s->api->finalize(st);
    if (*rc != SQLITE_DONE)
        return -1;
    *rc = SQLITE_OK;
    return n;
}

/* optimize: a library that does not know a pragma ignores it without a
** word, compiling it to nothing, so it is known when it compiles to more
** than a pragma no library has (pragma_list would say, but a build before
** 3.30 lists nothing without SQLITE_INTROSPECTION_PRAGMAS).  full:
** ANALYZE must compile (a build without it, SQLITE_OMIT_ANALYZE, finds it
** a syntax error).  Any other failure is the cell's. */
static int analyze_setup(struct soak *s)
{
    int rc, known, none;
    if (s->env->cell->v[DIM_ANALYZE] == AZ_OPTIMIZE) {
        if ((known = opcodes(s, "EXPLAIN PRAGMA optimize", &rc)) < 0 ||
            (none = opcodes(s, "EXPLAIN PRAGMA sqlsoak_no_such_pragma", &rc)) < 0)
            return soak_sql_fail(s, rc, "EXPLAIN PRAGMA optimize");
        if (known > none)
            return 0;
        soak_set_status(s, ST_UNSUPPORTED,
                        "analyze optimize: SQLite %s does not know PRAGMA optimize (it compiles "
                        "to nothing, as an unknown pragma does)",
                        s->api->version);
        return -1;
    }
    sqlite3_stmt *st = NULL;
    rc = s->api->prepare_v2(s->db, "ANALYZE", -1, &st, NULL);
    if (st)
        s->api->finalize(st);
    if (rc == SQLITE_OK)
        return 0;
    if (rc != SQLITE_ERROR)
        return soak_sql_fail(s, rc, "ANALYZE");
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
    return celldb_exec_phase(s, w, PHASE_ANALYZE, analyze_sql(s));
}

const struct phase_runner phase_analyze_runner = {
    .wanted = analyze_wanted, .setup = analyze_setup, .run = analyze_run};
