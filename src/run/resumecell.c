/*
** resumecell: see resumecell.h.  A row's value, checked or put back, is
** the one the generator gives it at the generation the schedule says
** (kvgen.h, schedule.h): no copy of the table is kept, or needed.
*/
#include "resumecell.h"
#include "cellname.h"
#include "chunkplan.h"
#include "csvin.h"
#include "csvupgrade.h"
#include "kvgen.h"
#include "lockstep.h"
#include "schedule.h"
#include "shape.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int resumecell_group(const struct runner *r, int first)
{
    assert(first >= 0 && first < r->ncells);
    int k = 1;
    if (r->lockstep)
        while (first + k < r->ncells && k < LOCKSTEP_MAX_CELLS &&
               r->cells[first + k].repeat == r->cells[first].repeat)
            k++;
    return k;
}

/* In lockstep (--interleave chunk) the cells resumed together are the
** rest of a round: chunks of a run after it would be measured twice. */
int resumecell_lockstep(const struct runner *r, const struct resumecell *last, char *err,
                        size_t errlen)
{
    if (!r->lockstep || !last->later)
        return 0;
    char name[CELLNAME_MAX];
    snprintf(err, errlen,
             "%s: chunks.csv records chunks of runs after %s, the last of the round run in "
             "lockstep (--interleave chunk) that was stopped: the folder does not match its "
             "run, cannot resume", r->out, runner_run_name(r, last->first, name, sizeof name));
    return -1;
}

/* Whether id is of a run of the plan after run first. */
static int ran_after(const struct runner *r, int first, const struct cell_id *id)
{
    assert(first >= 0 && first < r->ncells);
    for (int i = first + 1; i < r->ncells; i++)
        if (r->cells[i].combo == id->cell && r->cells[i].repeat == id->repeat)
            return 1;
    return 0;
}

/* The interrupted cell's recorded chunks, in order 0..k-1. */
int resumecell_chunks(struct runner *r, struct resumecell *fd, char *err, size_t errlen)
{
    char path[4200];
    struct csvin t;
    /* a run of the plan; --chunk is at least 1 (options.c) */
    assert(fd->first >= 0 && fd->first < r->ncells && r->cfg->chunk > 0);
    const struct cell *c = &r->cells[fd->first];
    snprintf(path, sizeof path, "%s/chunks.csv", r->out);
    if (csvin_read_whole(path, CSV_CHUNKS, &t, &fd->chunks_len, &fd->torn, err, errlen))
        return -1;
    struct soak_prior *p = &fd->prior;
    const struct chunkplan plan = {r->cfg->rows, r->cfg->chunk, r->cfg->reads,
                                   r->cfg->delete_keys};
    int64_t nchunks = chunkplan_chunks(&plan);
    int ok = cellstats_init(&p->stats, nchunks) == 0 && csvupgrade_fits(&t, CSV_CHUNKS);
    /* every cell's chunks numbered from 0, none missing or twice, as
    ** merge and compare require: err names the line */
    int gapped = ok && chunkplan_sequence(&t, path, err, errlen) != 0;
    ok = ok && !gapped;
    int64_t bad_chunk = -1;     /* a chunk that does not hold what the plan gives it */
    const char *bad = NULL;
    char detail[160];
    int later = 0;              /* chunks of a run after the cell in hand */
    for (int i = 0; ok && i < t.nrows; i++) {
        struct chunk_record cr;
        if (csvin_record(&t, CSV_CHUNKS, i, &cr) != 0)
            ok = 0;
        else if (cr.id.cell != c->combo || cr.id.repeat != c->repeat)
            later |= ran_after(r, fd->first, &cr.id);
        else {
            if (cr.chunk >= 0 && cr.chunk < nchunks &&
                (bad = chunkplan_differs(&plan, &cr, detail, sizeof detail))) {
                bad_chunk = cr.chunk;
                ok = 0;
                break;
            }
            if (cr.chunk != p->chunks ||
                cellstats_add(&p->stats, &cr, cr.ph[PHASE_WRITE].ops == r->cfg->chunk) != 0) {
                ok = 0;
                break;
            }
            p->verify_failures += cr.verify_failures;
            p->deleted += cr.ph[PHASE_DELETE].ops;
            p->db_bytes = cr.db_bytes;
            p->rows = cr.rows;
            if (!isnan(cr.elapsed_s) && cr.elapsed_s - p->elapsed_s > p->slowest_s)
                p->slowest_s = cr.elapsed_s - p->elapsed_s;
            p->elapsed_s = isnan(cr.elapsed_s) ? p->elapsed_s : cr.elapsed_s;
            p->chunks++;
        }
    }
    csvin_free(&t);
    fd->recorded = p->chunks;
    char name[CELLNAME_MAX];
    fd->later = later;
    if (!ok && !gapped && bad_chunk >= 0)
        snprintf(err, errlen, "%s: chunk %lld of %s does not hold the %s the plan gives it (%s)",
                 path, (long long)bad_chunk,
                 cellname(name, sizeof name, c->combo, c->repeat, r->cfg->repeat), bad, detail);
    else if (!ok && !gapped)
        snprintf(err, errlen, "%s: the chunks of %s are out of order", path,
                 cellname(name, sizeof name, c->combo, c->repeat, r->cfg->repeat));
    return ok ? 0 : -1;
}

static int64_t count_rows(const struct sqlapi *api, sqlite3 *db, char *err, size_t errlen)
{
    char buf[64];
    if (sqlapi_query_text(api, db, "SELECT count(*) FROM kv", buf, sizeof buf) != SQLITE_OK) {
        snprintf(err, errlen, "%s", buf);
        return -1;
    }
    return strtoll(buf, NULL, 10);
}

/* A row's value is that of a generation the schedule gives it after
** chunks chunks, or after the next: a cut in the update or delete phase
** of the unrecorded chunk may have left some of its updates or deletes
** committed (that chunk runs again, rewriting and deleting the same
** rows).  found 0: no row. */
static int value_scheduled(const struct kvgen *g, const struct schedule *sch, int64_t chunks,
                           int64_t row, int64_t key, int found, const void *v, size_t len)
{
    assert(chunks >= 0);
    if (schedule_deleted(sch, row, chunks))
        return !found;
    if (!found)
        return schedule_deleted(sch, row, chunks + 1);
    uint64_t lo = schedule_generation(sch, row, chunks);
    uint64_t hi = schedule_generation(sch, row, chunks + 1);
    for (uint64_t gen = lo; gen <= hi; gen++)
        if (kvgen_verify_gen(g, key, gen, v, len))
            return 1;
    return 0;
}

/* Rows [lo, hi) hold exactly the generator's values, at the generations
** of value_scheduled?  Returns the number that do not, or -1 on an SQLite
** error. */
static int64_t verify_rows(const struct sqlapi *api, sqlite3 *db, const struct kvgen *g,
                           const struct schedule *sch, int64_t chunks, int64_t lo, int64_t hi)
{
    sqlite3_stmt *st;
    int64_t bad = 0;
    char text[KVGEN_TEXT_KEY_LEN + 1];
    if (api->prepare_v2(db, "SELECT v FROM kv WHERE k = ?1", -1, &st, NULL) != SQLITE_OK)
        return -1;
    for (int64_t i = lo; i < hi; i++) {
        int64_t key = kvgen_key(g, (uint64_t)i);
        shape_bind_key(api, st, 1, g, key, text);
        int rc = api->step(st);
        if (rc == SQLITE_ROW || rc == SQLITE_DONE)
            bad += !value_scheduled(g, sch, chunks, i, key, rc == SQLITE_ROW,
                                    api->column_blob(st, 0), (size_t)api->column_bytes(st, 0));
        else
            bad = -1;
        api->reset(st);
        if (bad < 0)
            break;
    }
    api->finalize(st);
    return bad;
}

/* The kept database against the recorded chunks (read-only in effect:
** SQLite may roll back a hot journal or recover a WAL on open). */
int resumecell_database(struct runner *r, struct resumecell *fd, const char *db, char *err,
                          size_t errlen)
{
    assert(fd->first >= 0 && fd->first < r->ncells);
    const struct cell *c = &r->cells[fd->first];
    assert(c->v[DIM_LIB] >= 0 && c->v[DIM_LIB] < r->nlibs);   /* the plan's libraries */
    const struct sqlapi *api = &r->libs[c->v[DIM_LIB]];
    const struct soak_prior *p = &fd->prior;
    struct kvgen g;
    sqlite3 *h = NULL;
    int rc = -1;
    struct schedule sch;
    shape_gen(&g, (uint64_t)r->cfg->seed, c->v);
    schedule_for_cell(&sch, r->cfg, c);
    if (access(db, F_OK) != 0) {
        char name[CELLNAME_MAX];
        snprintf(err, errlen, "the database of %s (%s) is gone: cannot resume",
                 cellname(name, sizeof name, c->combo, c->repeat, r->cfg->repeat), db);
        return -1;
    }
    if (api->open_v2(db, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: cannot open: %s", db, h ? api->errmsg(h) : "out of memory");
        goto done;
    }
    fd->db_rows = count_rows(api, h, err, errlen);
    int64_t last_n = p->rows - (p->chunks - 1) * r->cfg->chunk;
    /* the rows there, and what the unrecorded chunk may have added and
    ** removed before the cut */
    int64_t live = p->rows - p->deleted, left = r->cfg->rows - p->rows;
    if (fd->db_rows < 0)
        goto done;
    if (fd->db_rows < live - sch.deletes || fd->db_rows > live + r->cfg->chunk) {
        snprintf(err, errlen,
                 "%s holds %" PRId64 " rows but chunks.csv records %" PRId64
                 ": it does not match its chunks, cannot resume",
                 db, fd->db_rows, live);
        goto done;
    }
    fd->trim_rows = !sch.deletes ? fd->db_rows - p->rows
                                 : r->cfg->chunk < left ? r->cfg->chunk : left;
    fd->rewind = sch.updates > 0 || sch.deletes > 0;
    int64_t bad = verify_rows(api, h, &g, &sch, p->chunks, p->rows - last_n, p->rows);
    if (bad != 0) {
        snprintf(err, errlen, "%s: %s the rows of its last recorded chunk: cannot resume", db,
                 bad < 0 ? "cannot read" : "values differ from");
        goto done;
    }
    rc = 0;
done:
    if (h)
        (api->close_v2 ? api->close_v2 : api->close)(h);
    return rc;
}

/* Row `row` (key key) back as chunks chunks left it, through st (an
** INSERT OR REPLACE): the value of its generation then, unless they had
** deleted it or it was not there yet.  0, or -1 on an SQLite error. */
static int restore_row(const struct sqlapi *api, sqlite3_stmt *st,
                       const struct kvgen *g, const struct schedule *sch, int64_t chunks,
                       int64_t rows, int64_t row, unsigned char *value, int64_t *restored)
{
    char text[KVGEN_TEXT_KEY_LEN + 1];
    assert(chunks >= 0 && rows >= 0);
    if (row < 0 || row >= rows || schedule_deleted(sch, row, chunks))
        return 0;
    int64_t key = kvgen_key(g, (uint64_t)row);
    kvgen_value_gen(g, key, schedule_generation(sch, row, chunks), value);
    shape_bind_key(api, st, 1, g, key, text);
    api->bind_blob(st, 2, value, (int)g->value_size, SQLITE_STATIC);
    int rc = api->step(st);
    api->reset(st);
    *restored += rc == SQLITE_DONE;
    return rc == SQLITE_DONE ? 0 : -1;
}

/* Rewinds the database to where its last recorded chunk left it, so that
** the chunk whose measurement was lost is measured again on the table it
** first met: its rows deleted, and the rows its updates rewrote and its
** deletes removed before the cut (both committed in phases of their own)
** put back as they were.  Otherwise the chunk measured again would find
** its deletes done already and record none. */
int resumecell_trim(struct runner *r, struct resumecell *fd, const char *db, char *err,
                         size_t errlen)
{
    const struct cell *c = &r->cells[fd->first];
    const struct sqlapi *api = &r->libs[c->v[DIM_LIB]];
    const int64_t k = fd->prior.chunks, rows = fd->prior.rows;
    /* only a cell with chunks recorded has a database to rewind */
    assert(fd->recorded > 0 && k == fd->recorded);
    struct kvgen g;
    struct schedule sch;
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL, *put = NULL;
    unsigned char *value = NULL;
    int rc = -1;
    shape_gen(&g, (uint64_t)r->cfg->seed, c->v);
    schedule_for_cell(&sch, r->cfg, c);
    if (!(value = malloc(g.value_size + 1)) ||
        api->open_v2(db, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
        api->exec(h, "BEGIN", NULL, NULL, NULL) != SQLITE_OK ||
        api->prepare_v2(h, "DELETE FROM kv WHERE k = ?1", -1, &st, NULL) != SQLITE_OK ||
        api->prepare_v2(h, "INSERT OR REPLACE INTO kv(k, v) VALUES(?1, ?2)", -1, &put, NULL) !=
            SQLITE_OK)
        goto done;
    for (int64_t i = rows; i < rows + fd->trim_rows; i++) {
        char text[KVGEN_TEXT_KEY_LEN + 1];
        shape_bind_key(api, st, 1, &g, kvgen_key(&g, (uint64_t)i), text);
        if (api->step(st) != SQLITE_DONE)
            goto done;
        fd->trimmed += api->changes(h);
        api->reset(st);
    }
    struct schedule_walk walk;
    if (sch.updates && schedule_walk_start(&walk, &sch, k))
        goto done;
    for (int64_t j = 0; j < sch.updates; j++) {
        int64_t row;
        uint64_t gen;
        schedule_walk_next(&walk, &row, &gen);
        if (restore_row(api, put, &g, &sch, k, rows, row, value, &fd->restored)) {
            schedule_walk_end(&walk);
            goto done;
        }
    }
    if (sch.updates)
        schedule_walk_end(&walk);
    for (int64_t j = 0; j < sch.deletes; j++)
        if (restore_row(api, put, &g, &sch, k, rows, schedule_delete(&sch, k, j), value,
                        &fd->restored))
            goto done;
    rc = api->exec(h, "COMMIT", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
done:
    if (rc)
        snprintf(err, errlen, "%s: cannot rewind the unrecorded chunk: %s", db,
                 h ? api->errmsg(h) : value ? "cannot open" : "out of memory");
    if (st)
        api->finalize(st);
    if (put)
        api->finalize(put);
    if (h)
        (api->close_v2 ? api->close_v2 : api->close)(h);
    free(value);
    return rc;
}
