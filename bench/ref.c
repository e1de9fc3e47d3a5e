/*
** ref: the reference loop for bench/run.sh -- the least work SQLite can be
** asked to do for sqlsoak's rows, so that any time sqlsoak adds shows.
**
** What it does, and how it matches src/cell/soak.c:
**  - the SQLite library is loaded at run time through src/sys/sqlapi.c
**    (dlopen of the same soname, the same struct of function pointers),
**    so every SQLite call costs the same indirect call as in sqlsoak;
**  - the database file is created with O_EXCL, then opened READWRITE
**    (db_create), with a busy timeout of 5000 ms (busy_setup); page_size,
**    journal_mode (as a query), synchronous, then
**    the table, in that order (settings_apply);
**  - the same four prepared statements with the same SQL text;
**  - write phase: the same keys (kvgen_key) and value sizes; per row only
**    bind_int64, bind_blob(SQLITE_STATIC), step, reset; BEGIN and COMMIT
**    after the same rows as write_phase (every --commit-every rows of the
**    whole run, and after the last row), the rows between them one tight
**    loop with no per-row test of where the transaction ends;
**  - read phase: the same keys (rng seeded as read_phase does), each SELECT
**    its own autocommit read: bind, step, column_blob + column_bytes (the
**    value is fetched, as an application would), reset;
**  - update phase (--updates N, after the write phase): the same rows as
**    update_phase, from the same schedule (src/cell/schedule.c), in one
**    transaction per chunk: per row bind_int64, bind_blob, step, reset.
** Least work: a value is one 64-bit mix of its key (ref_value; an update's,
** of its key and generation), not
** sqlsoak's XXH3-seeded stream, and is not verified when read; no clock
** read per operation, no histogram, no timeline, no /proc sampling, no
** CSV, no child process.  It times each phase as a whole with
** CLOCK_MONOTONIC and prints one CSV line per chunk.
**
** Usage: ref --db PATH [--rows 5M] [--chunk 1M] [--reads chunk|N]
**            [--seed 42] [--page-size 4096] [--journal delete]
**            [--sync full] [--commit-every chunk|N] [--key-order seq]
**            [--value-size 16] [--read-from all] [--lib libsqlite3.so.0]
**            [--updates 0] [--update-keys uniform|hot:K]
** With --updates, each chunk's line has a fourth field, update_s.
** Defaults are sqlsoak run's.
*/
#include "clock.h"
#include "kvgen.h"
#include "modes.h"
#include "rng.h"
#include "schedule.h"
#include "sqlapi.h"
#include "value.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ref_opts {
    const char *db, *lib, *journal, *sync, *update_keys;
    int64_t rows, chunk, reads, seed, page_size, commit_every, value_size, updates;
    int key_order, read_from_chunk;
};

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ref: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* 42, 500k, 5M, 1G (decimal, as sqlsoak's row counts). */
static int64_t count_arg(const char *name, const char *s)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    int64_t mult = 1;
    if (*end == 'k' || *end == 'K')
        mult = 1000, end++;
    else if (*end == 'M')
        mult = 1000000, end++;
    else if (*end == 'G')
        mult = 1000000000, end++;
    if (errno || end == s || *end || v < 0)
        die("%s: '%s' is not a count", name, s);
    return (int64_t)v * mult;
}

static void parse(struct ref_opts *o, int argc, char **argv)
{
    *o = (struct ref_opts){.lib = "libsqlite3.so.0", .journal = "delete", .sync = "full",
                           .rows = 100000000, .chunk = 1000000, .reads = -1, .seed = 42,
                           .page_size = 4096, .commit_every = 0, .value_size = 16,
                           .update_keys = "uniform"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            die("%s needs a value", a);
        i++;
        if (!strcmp(a, "--db"))
            o->db = v;
        else if (!strcmp(a, "--lib"))
            o->lib = v;
        else if (!strcmp(a, "--journal"))
            o->journal = v;
        else if (!strcmp(a, "--sync"))
            o->sync = v;
        else if (!strcmp(a, "--rows"))
            o->rows = count_arg(a, v);
        else if (!strcmp(a, "--chunk"))
            o->chunk = count_arg(a, v);
        else if (!strcmp(a, "--reads"))
            o->reads = strcmp(v, "chunk") ? count_arg(a, v) : -1;
        else if (!strcmp(a, "--seed"))
            o->seed = count_arg(a, v);
        else if (!strcmp(a, "--page-size"))
            o->page_size = count_arg(a, v);
        else if (!strcmp(a, "--commit-every"))
            o->commit_every = strcmp(v, "chunk") ? count_arg(a, v) : 0;
        else if (!strcmp(a, "--value-size"))
            o->value_size = count_arg(a, v);
        else if (!strcmp(a, "--updates"))
            o->updates = count_arg(a, v);
        else if (!strcmp(a, "--update-keys"))
            o->update_keys = v;
        else if (!strcmp(a, "--key-order") && (!strcmp(v, "seq") || !strcmp(v, "random")))
            o->key_order = !strcmp(v, "random") ? KO_RANDOM : KO_SEQ;
        else if (!strcmp(a, "--read-from") && (!strcmp(v, "all") || !strcmp(v, "chunk")))
            o->read_from_chunk = !strcmp(v, "chunk");
        else
            die("unknown option or value: %s %s", a, v);
    }
    if (!o->db)
        die("usage: ref --db PATH [options as sqlsoak run]");
    if (o->rows < 1 || o->chunk < 1 || o->chunk > o->rows)
        die("need 1 <= --chunk <= --rows");
    if (o->commit_every == 0)
        o->commit_every = o->chunk;     /* plan.c: 'chunk' = one commit per chunk */
}

static const struct sqlapi *g_api;
static sqlite3 *g_db;

static void check(int rc, int want, const char *what)
{
    if (rc != want) {
        fprintf(stderr, "ref: %s: %s (rc %d)\n", what, g_db ? g_api->errmsg(g_db) : "", rc);
        exit(1);
    }
}

static void exec(const char *sql)
{
    check(g_api->exec(g_db, sql, NULL, NULL, NULL), SQLITE_OK, sql);
}

static sqlite3_stmt *prepare(const char *sql)
{
    sqlite3_stmt *st = NULL;
    check(g_api->prepare_v2(g_db, sql, -1, &st, NULL), SQLITE_OK, sql);
    return st;
}

/* The cheapest value of key that still differs from row to row: one
** SplitMix64 mix, then a step of its stream per further 8 bytes (the
** buffer has 8 spare bytes, so whole words are stored). */
static inline void ref_value(int64_t key, unsigned char *out, int len)
{
    uint64_t w = rng_mix64((uint64_t)key);
    for (int i = 0; i < len; i += 8, w += 0x9e3779b97f4a7c15ULL)
        memcpy(out + i, &w, 8);
}

int main(int argc, char **argv)
{
    struct ref_opts o;
    struct sqlapi api;
    char err[512], sql[96], buf[64];
    parse(&o, argc, argv);
    if (sqlapi_open(&api, o.lib, err, sizeof err) != 0) {
        fprintf(stderr, "ref: %s\n", err);
        return 2;
    }
    g_api = &api;

    /* db_create: a fresh file of our own making, then open it */
    int fd = open(o.db, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "ref: cannot create %s: %s\n", o.db, strerror(errno));
        return 1;
    }
    close(fd);
    check(api.open_v2(o.db, &g_db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK, "open");
    /* busy_setup: the default --busy-timeout, SQLite's own handler (a
    ** reader beside it, refreader, may hold a lock) */
    api.busy_timeout(g_db, 5000);

    /* settings_apply, in its order */
    snprintf(sql, sizeof sql, "PRAGMA page_size=%" PRId64, o.page_size);
    exec(sql);
    snprintf(sql, sizeof sql, "PRAGMA journal_mode=%s", o.journal);
    check(sqlapi_query_text(&api, g_db, sql, buf, sizeof buf), SQLITE_OK, sql);
    snprintf(sql, sizeof sql, "PRAGMA synchronous=%s", o.sync);
    exec(sql);
    exec("CREATE TABLE kv(k INTEGER PRIMARY KEY, v BLOB NOT NULL)");

    sqlite3_stmt *ins = prepare("INSERT INTO kv(k, v) VALUES(?1, ?2)");
    sqlite3_stmt *sel = prepare("SELECT v FROM kv WHERE k = ?1");
    sqlite3_stmt *begin = prepare("BEGIN");
    sqlite3_stmt *commit = prepare("COMMIT");
    sqlite3_stmt *upd = prepare("UPDATE kv SET v = ?2 WHERE k = ?1");
    struct schedule sch;
    int64_t hot;
    if (value_parse_keys(o.update_keys, &hot) != 0)
        die("--update-keys: '%s' is neither uniform nor hot:K (K >= 1 rows, e.g. hot:1k)",
            o.update_keys);
    if (hot ? hot > o.chunk : o.updates > o.chunk)
        die("--updates or hot:K larger than --chunk");
    schedule_init(&sch, (uint64_t)o.seed, o.rows, o.chunk, o.updates, hot);

    struct kvgen gen;
    kvgen_init(&gen, (uint64_t)o.seed, o.key_order, (size_t)o.value_size);
    unsigned char *value = malloc((size_t)o.value_size + 8);
    if (!value)
        return 1;
    const int vlen = (int)o.value_size;
    const int64_t nchunks = (o.rows + o.chunk - 1) / o.chunk;
    int64_t inserted = 0, found = 0;
    int64_t to_commit = o.commit_every;     /* rows left in this transaction */
    const int chunk_commits = o.commit_every <= o.chunk;   /* plan_commit_after */
    int in_txn = 0;

    printf(o.updates ? "chunk,write_s,read_s,update_s\n" : "chunk,write_s,read_s\n");
    for (int64_t c = 0; c < nchunks; c++) {
        int64_t n = o.chunk < o.rows - inserted ? o.chunk : o.rows - inserted;
        int64_t reads = o.reads < 0 ? n : o.reads;
        int64_t lo = o.read_from_chunk ? inserted : 0;

        /* write phase: runs of rows between one BEGIN and its COMMIT */
        uint64_t t0 = clock_now_ns();
        if (chunk_commits)
            to_commit = o.commit_every;
        for (int64_t left = n; left > 0;) {
            if (!in_txn) {
                check(api.step(begin), SQLITE_DONE, "BEGIN");
                api.reset(begin);
                in_txn = 1;
            }
            const int64_t run = left < to_commit ? left : to_commit, end = inserted + run;
            for (int64_t row = inserted; row < end; row++) {
                int64_t key = o.key_order == KO_SEQ ? row : kvgen_key(&gen, (uint64_t)row);
                ref_value(key, value, vlen);
                api.bind_int64(ins, 1, key);
                api.bind_blob(ins, 2, value, vlen, SQLITE_STATIC);
                int rc = api.step(ins);
                if (rc != SQLITE_DONE)
                    check(rc, SQLITE_DONE, "INSERT");
                api.reset(ins);
            }
            inserted = end;
            left -= run;
            to_commit -= run;
            if (to_commit == 0 || (chunk_commits && left == 0) || inserted == o.rows) {
                check(api.step(commit), SQLITE_DONE, "COMMIT");
                api.reset(commit);
                in_txn = 0;
                to_commit = o.commit_every;
            }
        }
        /* update phase: the schedule's rows, one transaction */
        uint64_t tu = clock_now_ns();
        if (o.updates) {
            check(api.step(begin), SQLITE_DONE, "BEGIN");
            api.reset(begin);
            for (int64_t j = 0; j < o.updates; j++) {
                int64_t row;
                uint64_t g;
                schedule_update(&sch, c, j, &row, &g);
                int64_t key = o.key_order == KO_SEQ ? row : kvgen_key(&gen, (uint64_t)row);
                ref_value(key ^ (int64_t)(g << 40), value, vlen);
                api.bind_int64(upd, 1, key);
                api.bind_blob(upd, 2, value, vlen, SQLITE_STATIC);
                int rc = api.step(upd);
                if (rc != SQLITE_DONE)
                    check(rc, SQLITE_DONE, "UPDATE");
                api.reset(upd);
            }
            check(api.step(commit), SQLITE_DONE, "COMMIT");
            api.reset(commit);
        }
        uint64_t t1 = clock_now_ns();

        /* read phase: read_phase's keys, one autocommit SELECT each */
        struct rng r;
        const int64_t hi = inserted;
        rng_seed(&r, rng_mix64((uint64_t)o.seed) ^ rng_mix64((uint64_t)c + 1));
        for (int64_t i = 0; i < reads && hi > lo; i++) {
            uint64_t row = (uint64_t)lo + rng_below(&r, (uint64_t)(hi - lo));
            int64_t key = o.key_order == KO_SEQ ? (int64_t)row : kvgen_key(&gen, row);
            api.bind_int64(sel, 1, key);
            int rc = api.step(sel);
            if (rc == SQLITE_ROW) {
                const void *v = api.column_blob(sel, 0);
                found += v != NULL && api.column_bytes(sel, 0) == vlen;
            } else if (rc != SQLITE_DONE) {
                check(rc, SQLITE_ROW, "SELECT");
            }
            api.reset(sel);
        }
        uint64_t t2 = clock_now_ns();
        printf("%" PRId64 ",%.6f,%.6f", c, (double)(tu - t0) / 1e9, (double)(t2 - t1) / 1e9);
        if (o.updates)
            printf(",%.6f", (double)(t1 - tu) / 1e9);
        printf("\n");
        fflush(stdout);
    }

    api.finalize(ins);
    api.finalize(sel);
    api.finalize(begin);
    api.finalize(commit);
    api.finalize(upd);
    (api.close_v2 ? api.close_v2 : api.close)(g_db);
    static const char *const sides[] = {"", "-journal", "-wal", "-shm"};
    for (size_t i = 0; i < sizeof sides / sizeof *sides; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s%s", o.db, sides[i]);
        unlink(path);
    }
    fprintf(stderr, "ref: SQLite %s (%s), %" PRId64 " rows, %" PRId64 " reads found a row\n",
            api.version, api.resolved, inserted, found);
    free(value);
    sqlapi_close(&api);
    return 0;
}
