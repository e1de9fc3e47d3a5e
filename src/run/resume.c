/*
** resume: `sqlsoak resume OUT_DIR` carries on an interrupted or killed run
** from its last recorded chunk.
**
** Everything is checked before anything is changed, and a check that
** fails is a clear error with exit 2:
**   run.json is sqlsoak's, the run did not finish (or failed with a cell
**   hung in its verify, every chunk recorded: verify_unfinished), it is
**   not still going;
**   the original command line is read back exactly (every byte, see
**   runjson.h) and parses again into the options run.json recorded, and
**   summary.csv records a prefix of that plan;
**   the interrupted cell's database exists and holds exactly the rows of
**   its recorded chunks (or those plus part or all of the one chunk whose
**   row never reached chunks.csv), and the last recorded chunk's rows
**   verify against the generator;
**   a file in the place of an interrupted cell's database with no chunk
**   recorded is the one this run created (OUT/.databases, dbmark.h).
** No database is deleted unless those records prove it this run's; any
** other is kept, with a line saying so.
** Then: a half-written last CSV line is cut off, rows of an unrecorded
** chunk are deleted (the chunk is measured again), and the runner carries
** on, marking the chunks it runs as resumed (the rows its updates and
** deletes changed before the cut are put back as the last recorded chunk
** left them, trim_database: the chunk runs again on the table it met); or,
** every cell recorded, the verifies the watchdog cut short run again
** (resume_verifies) and the run closes.
*/
#include "resume.h"
#include "cellentry.h"
#include "cellname.h"
#include "csvin.h"
#include "csvupgrade.h"
#include "dbfile.h"
#include "dbmark.h"
#include "fdio.h"
#include "folder.h"
#include "histfile.h"
#include "kvgen.h"
#include "metrics.h"
#include "owner.h"
#include "runner.h"
#include "schedule.h"
#include "session.h"
#include "shape.h"
#include "stop.h"
#include "timeline.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What resume found and will act on. */
struct found {
    int first;                  /* plan index of the cell to carry on */
    int64_t recorded;           /* its chunks in chunks.csv */
    int64_t db_rows;            /* rows its database holds */
    int64_t trim_rows;          /* row indices past the recorded ones to delete */
    int64_t trimmed;            /* rows deleted by that */
    int rewind;                 /* its updates or deletes to undo too */
    int64_t restored;           /* rows they rewrite or delete, put back */
    off_t chunks_len;           /* chunks.csv up to its last whole line */
    int torn;                   /* chunks.csv ends in a half line */
    int later;                  /* chunks.csv holds chunks of runs after it */
    off_t summary_len;          /* summary.csv up to its last whole line */
    int summary_torn;
    struct soak_prior prior;
};

/* summary.csv must record a prefix of the plan; its rows become results. */
static int check_summary(struct runner *r, struct found *fd, char *err, size_t n)
{
    char path[4200];
    struct csvin t;
    snprintf(path, sizeof path, "%s/summary.csv", r->out);
    if (csvin_read_whole(path, CSV_SUMMARY, &t, &fd->summary_len, &fd->summary_torn, err, n))
        return -1;
    int ok = t.nrows <= r->ncells && csvupgrade_fits(&t, CSV_SUMMARY);
    for (int i = 0; ok && i < t.nrows; i++) {
        struct summary_record *rec = &r->results[i];
        ok = csvin_record(&t, CSV_SUMMARY, i, rec) == 0 &&
             rec->id.cell == r->cells[i].combo && rec->id.repeat == r->cells[i].repeat;
    }
    if (!ok)
        snprintf(err, n, "%s: does not match the run's plan", path);
    else
        r->nresults = t.nrows;
    csvin_free(&t);
    return ok ? 0 : -1;
}

/* The interrupted cell's recorded chunks, in order 0..k-1. */
/* A run in lockstep (--interleave chunk) stopped inside a round cannot
** go on: its cells would no longer take their chunks in pairs. */
static int check_lockstep(const struct runner *r, const struct found *fd, char *err, size_t n)
{
    if (r->cfg->interleave != IL_CHUNK || (!fd->later && fd->recorded == 0))
        return 0;
    snprintf(err, n, "%s: the run stopped inside a round run in lockstep (--interleave chunk), "
             "which cannot be carried on: its cells' chunks would no longer be paired; "
             "start the run again", r->out);
    return -1;
}

/* Whether id is of a run of the plan after run first. */
static int ran_after(const struct runner *r, int first, const struct cell_id *id)
{
    for (int i = first + 1; i < r->ncells; i++)
        if (r->cells[i].combo == id->cell && r->cells[i].repeat == id->repeat)
            return 1;
    return 0;
}

static int check_chunks(struct runner *r, struct found *fd, char *err, size_t n)
{
    char path[4200];
    struct csvin t;
    const struct cell *c = &r->cells[fd->first];
    snprintf(path, sizeof path, "%s/chunks.csv", r->out);
    if (csvin_read_whole(path, CSV_CHUNKS, &t, &fd->chunks_len, &fd->torn, err, n))
        return -1;
    struct soak_prior *p = &fd->prior;
    int64_t nchunks = (r->cfg->rows + r->cfg->chunk - 1) / r->cfg->chunk;
    int ok = cellstats_init(&p->stats, nchunks) == 0 && csvupgrade_fits(&t, CSV_CHUNKS);
    int64_t bad_rows = -1;      /* a chunk whose rows are not the plan's */
    int later = 0;              /* chunks of a run after the cell in hand */
    for (int i = 0; ok && i < t.nrows; i++) {
        struct chunk_record cr;
        if (csvin_record(&t, CSV_CHUNKS, i, &cr) != 0)
            ok = 0;
        else if (cr.id.cell != c->combo || cr.id.repeat != c->repeat)
            later |= ran_after(r, fd->first, &cr.id);
        else {
            int64_t want = (cr.chunk + 1) * r->cfg->chunk;
            if (cr.chunk >= 0 && cr.chunk < nchunks &&
                cr.rows != (want < r->cfg->rows ? want : r->cfg->rows)) {
                bad_rows = cr.chunk;
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
    if (!ok && bad_rows >= 0)
        snprintf(err, n, "%s: chunk %lld of %s does not hold the rows the plan gives it", path,
                 (long long)bad_rows, cellname(name, sizeof name, c->combo, c->repeat,
                                               r->cfg->repeat));
    else if (!ok)
        snprintf(err, n, "%s: the chunks of %s are out of order", path,
                 cellname(name, sizeof name, c->combo, c->repeat, r->cfg->repeat));
    return ok ? 0 : -1;
}

static int64_t count_rows(const struct sqlapi *api, sqlite3 *db, char *err, size_t n)
{
    char buf[64];
    if (sqlapi_query_text(api, db, "SELECT count(*) FROM kv", buf, sizeof buf) != SQLITE_OK) {
        snprintf(err, n, "%s", buf);
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
static int check_database(struct runner *r, struct found *fd, const char *db, char *err,
                          size_t n)
{
    const struct cell *c = &r->cells[fd->first];
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
        snprintf(err, n, "the database of %s (%s) is gone: cannot resume",
                 cellname(name, sizeof name, c->combo, c->repeat, r->cfg->repeat), db);
        return -1;
    }
    if (api->open_v2(db, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        snprintf(err, n, "%s: cannot open: %s", db, h ? api->errmsg(h) : "out of memory");
        goto done;
    }
    fd->db_rows = count_rows(api, h, err, n);
    int64_t last_n = p->rows - (p->chunks - 1) * r->cfg->chunk;
    /* the rows there, and what the unrecorded chunk may have added and
    ** removed before the cut */
    int64_t live = p->rows - p->deleted, left = r->cfg->rows - p->rows;
    if (fd->db_rows < 0)
        goto done;
    if (fd->db_rows < live - sch.deletes || fd->db_rows > live + r->cfg->chunk) {
        snprintf(err, n,
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
        snprintf(err, n, "%s: %s the rows of its last recorded chunk: cannot resume", db,
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
static int trim_database(struct runner *r, struct found *fd, const char *db, char *err,
                         size_t n)
{
    const struct cell *c = &r->cells[fd->first];
    const struct sqlapi *api = &r->libs[c->v[DIM_LIB]];
    const int64_t k = fd->prior.chunks, rows = fd->prior.rows;
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
        snprintf(err, n, "%s: cannot rewind the unrecorded chunk: %s", db,
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

/* The original command line, as argv (free with runjson_free_argv). */
static int original_argv(struct runjson *rj, char ***argv, int *argc, char *err, size_t n)
{
    if (!(*argv = runjson_command_line(rj, argc, err, n)))
        return -1;
    if (*argc < 2 || strcmp((*argv)[1], "run") != 0) {
        snprintf(err, n, "run.json: the command line is not a sqlsoak run");
        return -1;
    }
    return 0;
}

/* A run that read a job file reads again the copy its folder keeps
** (jobfile_copy), wherever the file it was given has gone.  0, or -1 with
** err. */
static int use_job_copy(const char *out, char **argv, int argc, char *err, size_t n)
{
    char copy[4200], *arg = NULL;
    snprintf(copy, sizeof copy, "%s/job.conf", out);
    for (int i = 2; i < argc; i++) {
        int joined = strncmp(argv[i], "--job=", 6) == 0;
        if (!joined && (strcmp(argv[i], "--job") != 0 || i + 1 >= argc))
            continue;
        if (!joined)
            i++;
        if (!(arg = malloc(strlen(copy) + 7))) {
            snprintf(err, n, "out of memory");
            return -1;
        }
        sprintf(arg, "%s%s", joined ? "--job=" : "", copy);
        free(argv[i]);
        argv[i] = arg;
    }
    if (arg && access(copy, R_OK) != 0) {
        snprintf(err, n, "%s: %s: the run read a job file, whose copy is gone: cannot resume",
                 copy, strerror(errno));
        return -1;
    }
    return 0;
}

/* Whether an option's value now is the one recorded, rec: an older
** sqlsoak recorded --repeat auto:MAX ("auto:5" now) as MAX alone (5). */
static int same_value(json_t *now, json_t *rec, const struct config *cfg)
{
    const char *text = json_string_value(now);
    return json_equal(now, rec) || (cfg->repeat_auto && text && strncmp(text, "auto", 4) == 0 &&
                                    json_is_integer(rec) && json_integer_value(rec) == cfg->repeat);
}

/* The options the command line gives against those run.json recorded:
** every option as recorded, and one an older sqlsoak did not record at
** its default.  So an option edited into command_line that changes the
** plan (--page-size 8k,4k) is refused, not run.  0, or -1 with err. */
static int same_options(const struct config *cfg, json_t *root, char *err, size_t n)
{
    struct config defaults;
    json_t *rec = json_object_get(root, "options");
    json_t *now = cfg->codec->to_json(cfg), *def = NULL, *v;
    const char *key, *bad = NULL;
    if (cfg->codec->parse_run(&defaults, 0, NULL, err, n) == 0)
        def = cfg->codec->to_json(&defaults);
    cfg->codec->release(&defaults);
    if (!json_is_object(rec) || !now || !def) {
        snprintf(err, n, "run.json: no options recorded to check command_line against");
        bad = "";
    }
    json_object_foreach(now, key, v) {
        json_t *want = json_object_get(rec, key);
        if (!bad && !same_value(v, want ? want : json_object_get(def, key), cfg))
            bad = key;
    }
    json_object_foreach(rec, key, v)
        if (!bad && !json_object_get(now, key))
            bad = key;
    if (bad && bad[0])
        snprintf(err, n, "run.json: command_line gives other options than the run recorded "
                 "(--%s): cannot resume", bad);
    json_decref(now);
    json_decref(def);
    return bad ? -1 : 0;
}

/* A cell recorded hung with every chunk recorded, in a run with --verify:
** the watchdog killed it after its chunks, in its verify (or as it
** closed), so no verdict on its table was reached and the verify can run
** again on its kept database.  A verify that ended (verify_failed: values
** found wrong) is a verdict, and is never run again. */
static int verify_unfinished(const char *status, int64_t chunks, int64_t rows, int64_t chunk,
                             int verify)
{
    return verify && chunk > 0 && strcmp(status, "hung") == 0 &&
           chunks == (rows + chunk - 1) / chunk;
}

/* The failed run of rj has a cell verify_unfinished in out/summary.csv?
** (Read before the folder is taken, from run.json's options.) */
static int failed_in_verify(struct runjson *rj, const char *out)
{
    json_t *opts = json_object_get(runjson_root(rj), "options");
    int64_t rows = json_integer_value(json_object_get(opts, "rows"));
    int64_t chunk = json_integer_value(json_object_get(opts, "chunk"));
    int verify = json_is_true(json_object_get(opts, "verify"));
    char path[4200], err[256];
    struct csvin t;
    int found = 0;
    snprintf(path, sizeof path, "%s/summary.csv", out);
    if (!verify || csvin_read(path, CSV_SUMMARY, &t, err, sizeof err) != 0)
        return 0;
    for (int i = 0; i < t.nrows && !found; i++) {
        const char *st = csvin_str(&t, CSV_SUMMARY, i, COL_status);
        found = st && verify_unfinished(st, csvin_int(&t, CSV_SUMMARY, i, COL_chunks, -1), rows,
                                        chunk, verify);
    }
    csvin_free(&t);
    return found;
}

/* 0 when the run of rj did not finish, or failed with a verify left
** unfinished by the watchdog: resumable; else -1 with err. */
static int unfinished(struct runjson *rj, const char *out, char *err, size_t n)
{
    static const char *const resumable[] = {"running", "interrupted", "disk_full", "io_error"};
    const char *was = json_string_value(json_object_get(runjson_root(rj), "status"));
    for (size_t i = 0; i < sizeof resumable / sizeof *resumable; i++)
        if (strcmp(was, resumable[i]) == 0)
            return 0;
    if (strcmp(was, "failed") == 0 && failed_in_verify(rj, out))
        return 0;
    snprintf(err, n, "%s: the run has finished (status %s): nothing to resume", out, was);
    return -1;
}

/* Every path of the run's options absolute (a library named without a
** slash is found by the loader, not in the working folder)? */
static int paths_absolute(const struct config *cfg)
{
    for (int i = 0; i < cfg->sqlite_lib.n; i++)
        if (strchr(cfg->sqlite_lib.v[i], '/') && cfg->sqlite_lib.v[i][0] != '/')
            return 0;
    return cfg->db_dir[0] == '/' && (!cfg->metrics || cfg->metrics[0] == '/');
}

/* A relative --metrics of the command line as run recorded it in run.json's
** options: absolute, for the working folder may be gone.  (Folders of
** 0.2.0 recorded it as given.)  0, or -1 out of memory. */
static int recorded_metrics(struct config *cfg, json_t *root)
{
    json_t *opts = json_object_get(root, "options");
    const char *rec = json_string_value(json_object_get(opts, "metrics"));
    if (!cfg->metrics || cfg->metrics[0] == '/' || !rec || rec[0] != '/' ||
        strcmp(folder_basename(rec), folder_basename(cfg->metrics)) != 0)
        return 0;
    free(cfg->metrics);
    return (cfg->metrics = strdup(rec)) ? 0 : -1;
}

/* --metrics checked as run checks it (metrics.h), and made absolute. */
static int check_metrics(struct config *cfg, char *err, size_t n)
{
    char abs[PATH_MAX];
    if (!cfg->metrics)
        return 0;
    if (metrics_check(cfg->metrics, abs, sizeof abs, err, n))
        return -1;
    free(cfg->metrics);
    if (!(cfg->metrics = strdup(abs))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    return 0;
}

/* Why database file db is not this run's to delete, in words.  An empty
** file with no record is what a kill leaves where a database is born
** under its name (no O_TMPFILE, dbmark.h): still not proved ours. */
static const char *unproved(const struct dbmark_book *b, const char *db)
{
    struct stat st;
    int empty = lstat(db, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0;
    return b->missing                 ? "the folder, of an older sqlsoak, records no database "
                                        "it created"
           : dbmark_book_find(b, db) ? "it is not the file this run created"
           : empty ? "the folder has no record that this run created it (an empty file: a run "
                     "killed as it created its database leaves one)"
                   : "the folder has no record that this run created it";
}

/* The identity the folder recorded for db when db is still that file,
** else NULL: proof that this run created it (dbmark.h). */
static const struct dbmark *proof(const struct dbmark_book *b, const char *db)
{
    const struct dbmark *m = dbmark_book_find(b, db);
    struct dbmark now;
    return m && dbmark_of_path(db, &now) == 0 && dbmark_same(&now, m) ? m : NULL;
}

/* db or one of its side files exists: its path into buf. */
static int db_left(const char *db, char *buf, size_t n)
{
    snprintf(buf, n, "%s", db);
    return access(db, F_OK) == 0 || dbfile_side_exists(db, buf, n);
}

/* Recorded cell i is verify_unfinished: its verify runs again. */
static int verify_again(const struct runner *r, int i)
{
    const struct summary_record *rec = &r->results[i];
    return verify_unfinished(rec->status, rec->chunks, r->cfg->rows, r->cfg->chunk,
                             r->cfg->verify);
}

static int any_verify_again(const struct runner *r)
{
    for (int i = 0; i < r->nresults; i++)
        if (verify_again(r, i))
            return 1;
    return 0;
}

/* A kill between a cell's summary row and the deletion of its database
** leaves the database behind: removed as the run would have (unless
** --keep-db) when the folder proves it this run's; any other file of its
** name (another run's, kept by a cell that failed on it) is kept. */
static void remove_recorded_databases(const struct runner *r, const struct dbmark_book *b)
{
    if (r->cfg->keep_db)
        return;
    for (int i = 0; i < r->nresults; i++) {
        char db[4200], left[4200];
        if (verify_again(r, i))
            continue;                   /* its verify runs again on it */
        runner_db_path(r, &r->cells[i], db, sizeof db);
        const struct dbmark *m = dbmark_book_find(b, db);
        if (db_left(db, left, sizeof left) && !(m && dbmark_remove(db, m, r->marks_fd)))
            printf("kept %s: %s\n", left, unproved(b, db));
    }
}

/* The interrupted cell's database: proved this run's (fd->prior, so that
** the runner deletes it once the cell is recorded), or, with no chunk
** recorded, refused when it is there and not proved ours. */
static int check_ownership(const struct dbmark_book *b, struct found *fd, const char *db,
                           char *err, size_t n)
{
    char left[4200];
    const struct dbmark *m = proof(b, db);
    if (m) {
        fd->prior.db_marked = 1;
        fd->prior.db_mark = *m;
    } else if (!fd->recorded && db_left(db, left, sizeof left)) {
        snprintf(err, n, "%s: %s: not touched; delete it to resume", left, unproved(b, db));
        return -1;
    }
    return 0;
}

/* A resume in hand: the folder, the run's options read back from it, and
** what its files say. */
struct resume {
    struct config cfg;          /* the run's options (r.cfg) */
    struct runner r;
    struct found fd;
    struct dbmark_book book;    /* OUT/.databases */
    char out[PATH_MAX];         /* the folder, absolute */
    char db[4200];              /* the interrupted cell's database */
    char **argv;                /* the run's command line */
    int argc;
    char *cwd;                  /* its working folder */
    double at_cell;             /* run.json's run_s as its last cell ended */
};

/* The folder's run: unfinished, owned by this process from here on, its
** command line read back into options that are those run.json recorded,
** its libraries loaded and its plan built.  0, or -1 with err. */
static int read_run(struct resume *rs, const struct config *args, char *err, size_t n)
{
    struct runner *r = &rs->r;
    struct config *cfg = &rs->cfg;
    /* an unfinished run (checked before its lock file is made, so that a
    ** finished folder of an older sqlsoak stays untouched), then its owner
    ** for good: a second resume stops here, having changed nothing; run.json
    ** is read again under the lock, as its last owner left it */
    if (!(r->rj = runjson_load(rs->out, err, n)) || unfinished(r->rj, rs->out, err, n) ||
        (r->owner_fd = owner_take(rs->out, 0, err, n)) < 0)
        return -1;
    runjson_free(r->rj);
    if (!(r->rj = runjson_load(rs->out, err, n)) || unfinished(r->rj, rs->out, err, n))
        return -1;
    json_t *root = runjson_root(r->rj);
    if (runjson_cwd(r->rj, &rs->cwd) != 0) {
        snprintf(err, n, "run.json: cwd is neither a string nor {\"hex\": bytes}: cannot resume");
        return -1;
    }
    const char *db_name = json_string_value(json_object_get(root, "db_name"));
    if (original_argv(r->rj, &rs->argv, &rs->argc, err, n) || use_job_copy(rs->out, rs->argv, rs->argc, err, n))
        return -1;
    int cwd_gone = rs->cwd && chdir(rs->cwd) != 0, cwd_errno = errno;
    if (args->codec->parse_run(cfg, rs->argc - 2, rs->argv + 2, err, n))
        return -1;
    if (recorded_metrics(cfg, root) != 0) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    if (same_options(cfg, root, err, n))
        return -1;
    if (cwd_gone && !paths_absolute(cfg)) {
        snprintf(err, n, "the run's working folder %s is gone (%s), and its --db-dir, "
                 "--sqlite-lib or --metrics was given relative to it: cannot resume", rs->cwd,
                 strerror(cwd_errno));
        return -1;
    }
    if (check_metrics(cfg, err, n))
        return -1;
    free(cfg->out);
    cfg->out = strdup(rs->out);
    cfg->progress = args->progress;
    r->cfg = cfg;
    r->prog = args->prog;
    snprintf(r->out, sizeof r->out, "%s", rs->out);
    snprintf(r->db_dir, sizeof r->db_dir, "%s", cfg->db_dir);
    if (db_name)
        snprintf(r->run_name, sizeof r->run_name, "%s", db_name);
    else    /* a folder of an older sqlsoak: its databases named by the folder */
        folder_safe_name(folder_basename(rs->out), r->run_name, sizeof r->run_name);
    return session_plan(r, err, n);
}

/* The cells summary.csv records, and the time the run has spent on them.
** 0, or -1 with err. */
static int read_recorded(struct resume *rs, char *err, size_t n)
{
    struct runner *r = &rs->r;
    if (check_summary(r, &rs->fd, err, n))
        return -1;
    /* a kill between a cell's summary row and its line in run.json's log
    ** left run.json one cell short: summary.csv is the record */
    cellentry_fit(r->rj, r->cells, r->results, r->nresults);
    double run_s = runjson_run_s(r->rj, &rs->at_cell);
    r->spent_s = rs->at_cell > run_s ? rs->at_cell : run_s;
    return dbmark_book_load(rs->out, &rs->book, err, n);
}

/* The interrupted cell: its chunks, the timeline, its database against
** them and whose it is, its histograms; *hist_len is histograms.csv's
** length without rows of an unrecorded chunk.  0, or -1 with err. */
static int check_interrupted(struct resume *rs, off_t *hist_len, char *err, size_t n)
{
    struct runner *r = &rs->r;
    struct found *fd = &rs->fd;
    fd->first = r->nresults;
    if (check_chunks(r, fd, err, n) || check_lockstep(r, fd, err, n) ||
        timeline_resumable(rs->out, err, n))
        return -1;
    /* the time spent: up to the last chunk recorded, a kill -9 included
    ** (run.json's run_s is only as recent as its last write) */
    if (fd->recorded && rs->at_cell + fd->prior.elapsed_s > r->spent_s)
        r->spent_s = rs->at_cell + fd->prior.elapsed_s;
    json_object_set_new(runjson_root(r->rj), "run_s", json_real(r->spent_s));
    runner_db_path(r, &r->cells[fd->first], rs->db, sizeof rs->db);
    if ((fd->recorded && check_database(r, fd, rs->db, err, n)) ||
        check_ownership(&rs->book, fd, rs->db, err, n))
        return -1;
    const struct cell *cell = &r->cells[fd->first];
    return histfile_restore(rs->out, cell->combo, cell->repeat, fd->recorded,
                            &fd->prior.stats.lat, fd->prior.stats.rd.lat, &fd->prior.stats.txn,
                            hist_len, err, n);
}

/* name in the folder cut back to len.  0, or -1 with err. */
static int cut_back(const char *out, const char *name, off_t len, char *err, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", out, name);
    if (truncate(path, len) == 0)
        return 0;
    snprintf(err, n, "%s: cannot cut off its half-written line: %s", path, strerror(errno));
    return -1;
}

/* name in the folder, opened for appending, or -1 with err. */
static int reopen(const char *out, const char *name, char *err, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", out, name);
    int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0)
        snprintf(err, n, "%s: %s", path, strerror(errno));
    return fd;
}

/* The results files opened for appending, timeline.csv without the rows
** of an unrecorded chunk.  0, or -1 with err (and errno). */
static int reopen_results(struct runner *r, const char *out, char *err, size_t n)
{
    if ((r->timeline_fd = timeline_resume(out, err, n)) < 0 ||
        (r->chunks_fd = reopen(out, "chunks.csv", err, n)) < 0 ||
        (r->summary_fd = reopen(out, "summary.csv", err, n)) < 0 ||
        (r->histograms_fd = reopen(out, "histograms.csv", err, n)) < 0)
        return -1;
    return 0;
}

/* Every check passed: the changes that carry the run on.  Databases of
** recorded cells removed (when proved the run's), half lines cut off, the
** rows of an unrecorded chunk deleted, the results files opened for
** appending.  0, or -1 with err. */
static int prepare(struct resume *rs, off_t hist_len, char *err, size_t n)
{
    struct runner *r = &rs->r;
    struct found *fd = &rs->fd;
    if (session_open_marks(r, 0, err, n))
        return -1;
    remove_recorded_databases(r, &rs->book);
    if ((fd->torn && cut_back(rs->out, "chunks.csv", fd->chunks_len, err, n)) ||
        (fd->summary_torn && cut_back(rs->out, "summary.csv", fd->summary_len, err, n)) ||
        cut_back(rs->out, "histograms.csv", hist_len, err, n) ||  /* a half line, if any */
        csvupgrade_file(rs->out, CSV_CHUNKS, err, n) ||  /* an older sqlsoak's columns */
        csvupgrade_file(rs->out, CSV_SUMMARY, err, n) ||
        csvupgrade_file(rs->out, CSV_HISTOGRAMS, err, n))
        return -1;
    if (!fd->recorded) {
        if (fd->prior.db_marked)    /* this run's own, with no chunk: start the cell anew */
            dbmark_remove(rs->db, &fd->prior.db_mark, r->marks_fd);
    } else if ((fd->trim_rows > 0 || fd->rewind) && trim_database(r, fd, rs->db, err, n)) {
        return -1;
    }
    return reopen_results(r, rs->out, err, n);
}

/* The results disk filled as the folder was readied (a rewrite needs room
** for its copy): the run stays resumable, and run.json says so, as a run
** stopped by its own full disk does.  e: the failure's errno. */
static void prepare_failed(struct resume *rs, int e, const char *why)
{
    if (!fdio_disk_full(e))
        return;
    runjson_set_status(rs->r.rj, "disk_full", why);
    runjson_unreserve(rs->out);         /* the room kept for run.json's last words */
    if (runjson_write(rs->r.rj, rs->out) != 0)
        return;
    printf("stopped: the results disk is full; the chunks measured are kept.\n"
           "to carry on once there is room: %s resume ", rs->r.prog ? rs->r.prog : "sqlsoak");
    runner_shell_quote(stdout, rs->out);
    printf("\n");
}

/* run.json says the run was resumed, by this process, and where; the
** terminal hears what resume found and did. */
static void announce(struct resume *rs)
{
    const struct runner *r = &rs->r;
    const struct found *fd = &rs->fd;
    const struct config *cfg = &rs->cfg;
    char where[160], name[CELLNAME_MAX];
    snprintf(where, sizeof where, "%s after %" PRId64 " of %" PRId64 " chunks",
             runner_run_name(r, fd->first, name, sizeof name), fd->recorded,
             (cfg->rows + cfg->chunk - 1) / cfg->chunk);
    json_object_set_new(runjson_root(r->rj), "pid", json_integer(getpid()));
    runjson_add_resume(r->rj, where);
    runjson_write(r->rj, rs->out);
    printf("resuming %s at %s%s\n", rs->out, where,
           fd->torn ? " (a half-written line of chunks.csv was dropped)" : "");
    if (fd->trimmed > 0)
        printf("  %" PRId64 " rows of the unrecorded chunk were deleted; it is measured again\n",
               fd->trimmed);
    if (fd->restored > 0)
        printf("  %" PRId64 " rows of its updates and deletes were put back as the last "
               "recorded chunk left them\n", fd->restored);
    if (fd->recorded && !fd->prior.db_marked && !cfg->keep_db)
        printf("  %s will be kept when its cell ends: %s\n", rs->db, unproved(&rs->book, rs->db));
    fflush(stdout);
}

/* Recorded cell i, whose verify runs again: its chunks, its database
** against them and whose it is, its reads' histograms, into *fd (its
** prior stats for the caller to free).  0, or -1 with err. */
static int check_verify_cell(struct resume *rs, int i, struct found *fd, char *err, size_t n)
{
    struct runner *r = &rs->r;
    const struct cell *c = &r->cells[i];
    char db[4200];
    off_t hist_len;
    memset(fd, 0, sizeof *fd);
    fd->first = i;
    runner_db_path(r, c, db, sizeof db);
    if (check_chunks(r, fd, err, n) || check_database(r, fd, db, err, n) ||
        check_ownership(&rs->book, fd, db, err, n))
        return -1;
    return histfile_restore(rs->out, c->combo, c->repeat, fd->recorded, &fd->prior.stats.lat,
                            fd->prior.stats.rd.lat, &fd->prior.stats.txn, &hist_len, err, n);
}

/* Each recorded cell verify_again, checked (pass 0: nothing changes) or
** run again (pass 1).  0, or -1 with err (pass 0) or with the run ended
** (pass 1: r->end). */
static int verify_cells(struct resume *rs, int pass, char *err, size_t n)
{
    struct runner *r = &rs->r;
    struct found fd;
    for (int i = 0; i < r->nresults; i++) {
        if (!verify_again(r, i))
            continue;
        int rc = check_verify_cell(rs, i, &fd, err, n);
        if (rc == 0 && pass) {
            char name[CELLNAME_MAX];
            printf("resuming %s at %s: every chunk recorded, its verify was cut short: it runs "
                   "again\n", rs->out, runner_run_name(r, i, name, sizeof name));
            fflush(stdout);
            rc = runner_redo_cell(r, i, &fd.prior);
        }
        cellstats_free(&fd.prior.stats);
        if (rc)
            return -1;
    }
    return 0;
}

/* A run with every cell recorded (failed, or killed as it closed) whose
** unfinished work is verifies the watchdog cut short: each is checked,
** then run again, and the run closed as it would have been.  Returns the
** exit status. */
static int resume_verifies(struct resume *rs, char *err, size_t n)
{
    struct runner *r = &rs->r;
    if (verify_cells(rs, 0, err, n))
        return 2;
    if (stop_signal) {
        snprintf(err, n, "interrupted before the run began: nothing changed");
        return 130;
    }
    if (session_open_marks(r, 0, err, n))
        return 1;
    remove_recorded_databases(r, &rs->book);
    if (reopen_results(r, rs->out, err, n)) {
        prepare_failed(rs, errno, err);
        return 1;
    }
    json_object_set_new(runjson_root(r->rj), "pid", json_integer(getpid()));
    runjson_add_resume(r->rj, "every cell recorded: the verifies cut short run again");
    runjson_set_status(r->rj, "running", NULL);
    runjson_write(r->rj, rs->out);
    err[0] = 0;
    if (verify_cells(rs, 1, err, n) && err[0]) {   /* a stop sets r->end instead */
        fprintf(stderr, "sqlsoak resume: %s\n", err);
        err[0] = 0;
    }
    return runner_execute(r, r->ncells, NULL);
}

int resume_main(const struct config *args, run_draw_fn *draw, char *err, size_t n)
{
    struct resume rs;
    int status = 2;
    off_t hist_len;
    memset(&rs, 0, sizeof rs);
    rs.book = (struct dbmark_book){NULL, 0, 0, 1};
    session_init(&rs.r, NULL);  /* its options come from run.json */
    rs.r.draw = draw;
    if (args->npos != 1) {
        snprintf(err, n, "usage: sqlsoak resume RESULTS_FOLDER");
        return 2;
    }
    if (!realpath(args->pos[0], rs.out)) {
        snprintf(err, n, "%s: %s", args->pos[0], strerror(errno));
        return 2;
    }
    if (read_run(&rs, args, err, n) || read_recorded(&rs, err, n))
        goto done;
    if (rs.r.nresults == rs.r.ncells && any_verify_again(&rs.r)) {
        status = resume_verifies(&rs, err, n);
        goto done;
    }
    if (rs.r.nresults == rs.r.ncells) {
        /* stopped between the last cell and the final run.json: close it */
        printf("every cell of %s is recorded: closing the run\n", rs.out);
        if (session_open_marks(&rs.r, 0, err, n))
            goto done;
        remove_recorded_databases(&rs.r, &rs.book);
        status = runner_execute(&rs.r, rs.r.ncells, NULL);
        goto done;
    }
    if (check_interrupted(&rs, &hist_len, err, n))
        goto done;
    if (stop_signal) {          /* stopped while checking: nothing changed */
        snprintf(err, n, "interrupted before the run began: nothing changed");
        status = 130;
        goto done;
    }
    /* every check passed: from here on, changes */
    status = 1;
    if (prepare(&rs, hist_len, err, n)) {
        prepare_failed(&rs, errno, err);
        goto done;
    }
    announce(&rs);
    status = runner_execute(&rs.r, rs.fd.first, rs.fd.recorded ? &rs.fd.prior : NULL);
done:
    runner_release(&rs.r);
    dbmark_book_free(&rs.book);
    cellstats_free(&rs.fd.prior.stats);
    runjson_free_argv(rs.argv);
    free(rs.cwd);
    if (rs.cfg.codec)
        rs.cfg.codec->release(&rs.cfg);
    return status;
}
