/*
** reader: one reader process beside a cell's writer.  See reader.h.
**
** A reader's loop: until the page says quit, hand back the chunk it
** counted when the writer has moved the page's chunk on; then read one
** random committed row, timed from its start (or, paced, from when it
** was due), verified, counted under what the writer was doing as it
** began.  It sleeps only while nothing is committed, or to keep its pace.
*/
#include "reader.h"
#include "clock.h"
#include "fdio.h"
#include "keydist.h"
#include "phase.h"
#include "shape.h"
#include "rng.h"
#include "schedule.h"
#include "testhook.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The heading (a during row, or READERS_BY_OTHER) of each value of the
** page's phase (phase.h's ids, then SHAREDPAGE_BETWEEN). */
static void by_of_phase(int by[PHASE_COUNT + 1])
{
    for (int p = 0; p <= PHASE_COUNT; p++)
        by[p] = READERS_BY_OTHER;
    for (int d = 0; d < READER_DURING_COUNT; d++) {
        int p = phase_of(readers_during_name[d]);
        if (p >= 0)
            by[p] = d;
    }
}

/* How long a reader sleeps at most in one call of its busy handler. */
#define BUSY_SLEEP_NS 100000u

void reader_sleep_ns(uint64_t ns)
{
    struct timespec ts = {(time_t)(ns / 1000000000u), (long)(ns % 1000000000u)};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

struct reader {
    const struct readers_conf *conf;
    struct sharedpage *page;
    int index;
    int by[PHASE_COUNT + 1];
    sqlite3 *db;
    sqlite3_stmt *sel;
    struct readers_tally *t;
    uint64_t wait_began;        /* the first busy call of the current wait */
    uint64_t wait_counted;      /* the wait is counted up to here */
    int waited;                 /* the busy handler was called in this read */
    int out;                    /* the pipe to the writer */
    struct keydist dist;        /* over the rows committed */
    FILE *raw;                  /* SQLSOAK_TEST_READER_LATENCIES, or NULL */
};

static int by_now(const struct reader *rd)
{
    int p = atomic_load_explicit(&rd->page->phase, memory_order_acquire);
    return rd->by[p >= 0 && p <= PHASE_COUNT ? p : PHASE_COUNT];
}

/* The busy handler: counts the lock met (call 0), sleeps a little and
** asks SQLite to try again, until the busy timeout has passed since the
** first call.  The wait counts from the first call to the end of the
** last sleep, the library's tries between included, under what the
** writer does meanwhile. */
static int on_busy(void *ctx, int calls)
{
    struct reader *rd = ctx;
    uint64_t now = clock_now_ns();
    struct readers_by *by = &rd->t->by[by_now(rd)];
    if (calls == 0) {
        rd->wait_began = rd->wait_counted = now;
        by->busy++;
    }
    rd->waited = 1;
    by->wait_ns += now - rd->wait_counted;
    rd->wait_counted = now;
    uint64_t limit = (uint64_t)rd->conf->busy_timeout_ms * 1000000u;
    if (now - rd->wait_began >= limit)
        return 0;
    uint64_t left = limit - (now - rd->wait_began);
    reader_sleep_ns(left < BUSY_SLEEP_NS ? left : BUSY_SLEEP_NS);
    uint64_t after = clock_now_ns();
    rd->t->by[by_now(rd)].wait_ns += after - now;
    rd->wait_counted = after;
    return 1;
}

static void fail(struct reader *rd, const char *what, int rc)
{
    const struct sqlapi *api = rd->conf->api;
    snprintf(rd->t->error, sizeof rd->t->error, "reader %d: %s: %s", rd->index + 1, what,
             rd->db ? api->errmsg(rd->db) : api->errstr ? api->errstr(rc) : "error");
}

/* 1 when reader rd is the one that pins snapshots (readers_conf.pin_ns). */
static int pins(const struct reader *rd)
{
    return rd->conf->pin_ns > 0 && rd->index == rd->conf->n - 1;
}

/* The test hooks' spins: runnable, but late, once.  *ns is the hook's
** spin (UINT64_MAX until it is asked), 0 once spun. */
static void spin_once(uint64_t *ns, uint64_t (*hook)(void))
{
    if (*ns == UINT64_MAX)
        *ns = hook();
    for (uint64_t t0 = clock_now_ns(); *ns && clock_now_ns() - t0 < *ns;)
        ;
    *ns = 0;
}

/* Hands the tally to the writer and starts the next; 0 or -1.  The
** pinning reader's counts no reader: its span is none.  The tally is
** larger than a pipe holds, so the writer gets it in parts whatever the
** writes; it is written in two so that the test hook can starve the
** reader between them, as a loaded machine may. */
static int hand_back(struct reader *rd, uint64_t now, uint64_t *since, int64_t next)
{
    static uint64_t spin_ns = UINT64_MAX, spin_part_ns = UINT64_MAX;
    spin_once(&spin_ns, testhook_reader_spin_ns);
    assert(*since <= now);      /* both from the one monotonic clock */
    rd->t->span_ns = pins(rd) ? 0 : now - *since;
    rd->t->nspan = !pins(rd);
    size_t first = sizeof *rd->t / 2;
    int rc = fdio_write_full(rd->out, rd->t, first);
    spin_once(&spin_part_ns, testhook_reader_spin_part_ns);
    if (rc == 0)
        rc = fdio_write_full(rd->out, (const char *)rd->t + first, sizeof *rd->t - first);
    int64_t failed = rd->t->error[0] != 0;
    readers_tally_reset(rd->t);
    rd->t->chunk = next;
    *since = now;
    return rc == 0 && !failed ? 0 : -1;
}

/* Waits for the table (or quit); opens the database under the busy
** handler.  0, 1 on quit, -1 with t->error. */
static int reader_open(struct reader *rd)
{
    const struct sqlapi *api = rd->conf->api;
    while (atomic_load_explicit(&rd->page->committed, memory_order_acquire) < 0) {
        if (atomic_load_explicit(&rd->page->quit, memory_order_acquire))
            return 1;
        reader_sleep_ns(READER_IDLE_NS);
    }
    int rc = api->open_v2(rd->conf->db_path, &rd->db, SQLITE_OPEN_READWRITE, NULL);
    if (rc != SQLITE_OK) {
        fail(rd, "open", rc);
        return -1;
    }
    if (api->busy_handler && !pins(rd))
        api->busy_handler(rd->db, on_busy, rd);
    else   /* a library without it: waits happen, uncounted */
        api->busy_timeout(rd->db, (int)rd->conf->busy_timeout_ms);
    return 0;
}

/* Prepares the read (reading the schema takes a lock too): 0, 1 when the
** lock was not had (counted by the busy handler: try again later), -1
** with t->error. */
static int reader_prepare(struct reader *rd)
{
    const char *sql = "SELECT v FROM kv WHERE k = ?1";
    int rc = rd->conf->api->prepare_v2(rd->db, sql, -1, &rd->sel, NULL);
    if (rc == SQLITE_BUSY)
        return 1;
    if (rc != SQLITE_OK) {
        fail(rd, sql, rc);
        return -1;
    }
    return 0;
}

/* The value (or no row: found 0) a read of row found is right while the
** writer runs chunk c: what the schedule says before c's updates and
** deletes, after its updates (committed before its deletes are), or after
** both, as far as they are committed. */
static int value_ok(const struct reader *rd, int64_t row, int64_t key, int64_t c, int found,
                    const void *v, size_t len)
{
    const struct schedule *sch = rd->conf->sched;
    const struct kvgen *g = rd->conf->gen;
    if (!sch || (sch->updates == 0 && sch->deletes == 0))
        return found && kvgen_verify(g, key, v, len);
    return schedule_value_ok(sch, g, row, key, c, found, v, len) ||
           schedule_value_ok(sch, g, row, key, c + 1, found, v, len) ||
           (found && kvgen_verify_gen(g, key, schedule_generation(sch, row, c + 1), v, len));
}

/* One read of a random row below `rows` while the writer runs chunk c,
** begun at t0 (due then, when paced); 0, or -1 with t->error.  Rows a
** retention window removed before c are not asked for. */
static int read_one(struct reader *rd, struct rng *r, int64_t rows, int64_t c, uint64_t t0)
{
    const struct sqlapi *api = rd->conf->api;
    int b = by_now(rd);
    assert(rows > 0 && b >= 0 && b < READERS_BY_COUNT);   /* reader_loop reads none before */
    int64_t lo = rd->conf->sched ? schedule_gone_below(rd->conf->sched, c) : 0;
    if (lo >= rows)
        return 0;
    if (rd->dist.n != (uint64_t)(rows - lo))
        keydist_rows(&rd->dist, (uint64_t)(rows - lo));
    int64_t row = lo + (int64_t)keydist_draw(&rd->dist, r);
    assert(row >= lo && row < rows);    /* a committed row the window keeps */
    int64_t key = kvgen_key(rd->conf->gen, (uint64_t)row);
    char text[KVGEN_TEXT_KEY_LEN + 1];
    rd->waited = 0;
    shape_bind_key(api, rd->sel, 1, rd->conf->gen, key, text);
    int64_t committed0 = atomic_load_explicit(&rd->page->committed, memory_order_acquire);
    int rc = api->step(rd->sel);
    if (rc == SQLITE_ROW) {
        /* its read transaction open; a hold "during write" only while the
        ** writer's COMMIT is still ahead of it: the page still says write,
        ** nothing was committed since before the read (the writer sets
        ** commit, commits, publishes the rows, then says write again), and
        ** chunk c has rows still to commit (after its last COMMIT the page
        ** says write until its next phase, and the chunk's end waits for
        ** this reader's tally before any COMMIT would), so that the COMMIT
        ** must wait for this reader */
        int64_t chunk_end = rd->conf->sched ? schedule_rows_after(rd->conf->sched, c) : INT64_MAX;
        if (b != rd->by[PHASE_WRITE] ||
            (atomic_load_explicit(&rd->page->phase, memory_order_acquire) == PHASE_WRITE &&
             atomic_load_explicit(&rd->page->committed, memory_order_acquire) == committed0 &&
             committed0 < chunk_end))
            testhook_reader_hold(rd->index + 1,
                                 b < READER_DURING_COUNT ? readers_during_name[b] : "other", c);
        const void *v = api->column_blob(rd->sel, 0);
        int len = api->column_bytes(rd->sel, 0);
        rd->t->failures += !value_ok(rd, row, key, c, 1, v, (size_t)len);
    } else if (rc == SQLITE_DONE) {
        /* a committed key is missing, unless the schedule deleted it */
        rd->t->failures += !value_ok(rd, row, key, c, 0, NULL, 0);
    } else if (rc == SQLITE_BUSY) {
        /* counted by the busy handler, or here when SQLite answered busy
        ** without asking it (a WAL being recovered): go on */
        rd->t->by[b].busy += !rd->waited;
        api->reset(rd->sel);
        return 0;
    } else {
        fail(rd, "SELECT", rc);
        api->reset(rd->sel);
        return -1;
    }
    api->reset(rd->sel);
    uint64_t t = clock_now_ns(), lat = t - t0;
    rd->t->by[b].ops++;
    hist_record(&rd->t->lat[b], lat);
    sharedpage_read_done(rd->page, rd->index, lat);
    if (rd->raw)
        fprintf(rd->raw, "%lld %llu\n", (long long)rd->t->chunk, (unsigned long long)lat);
    return 0;
}

static int reader_loop(struct reader *rd)
{
    struct rng r;
    const int64_t rate = rd->conf->rate;
    uint64_t stall_ns = testhook_reader_stall_ns();
    rng_seed(&r, rng_mix64(rd->conf->seed) ^ rng_mix64((uint64_t)rd->index + 1000));
    keydist_init(&rd->dist, rd->conf->read_dist);
    uint64_t since = clock_now_ns(), due = since;
    for (;;) {
        uint64_t now = clock_now_ns();
        int64_t chunk = atomic_load_explicit(&rd->page->chunk, memory_order_acquire);
        if (chunk != rd->t->chunk && hand_back(rd, now, &since, chunk) != 0)
            return -1;
        if (atomic_load_explicit(&rd->page->quit, memory_order_acquire))
            return hand_back(rd, now, &since, chunk);
        int prep = rd->sel ? 0 : reader_prepare(rd);
        if (prep < 0) {
            hand_back(rd, clock_now_ns(), &since, chunk);
            return -1;
        }
        int64_t rows = atomic_load_explicit(&rd->page->committed, memory_order_acquire);
        if (prep || rows <= 0) {
            reader_sleep_ns(READER_IDLE_NS);
            due = clock_now_ns();
            continue;
        }
        if (rate > 0) {
            if (due > now) {             /* in slices: the page is looked at meanwhile */
                reader_sleep_ns(due - now < READER_IDLE_NS ? due - now : READER_IDLE_NS);
                continue;
            }
            now = due;
            due += 1000000000u / (uint64_t)rate;
        }
        if (read_one(rd, &r, rows, chunk, now) != 0) {
            hand_back(rd, clock_now_ns(), &since, chunk);
            return -1;
        }
        if (stall_ns) {                  /* the test hook: once */
            reader_sleep_ns(stall_ns);
            stall_ns = 0;
        }
    }
}

/* Runs SQL on the pinning reader's connection: 0, 1 when the lock was not
** had in the busy timeout (try again), -1 with t->error. */
static int pin_exec(struct reader *rd, const char *sql)
{
    int rc = rd->conf->api->exec(rd->db, sql, NULL, NULL, NULL);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        return 1;
    if (rc != SQLITE_OK) {
        fail(rd, sql, rc);
        return -1;
    }
    return 0;
}

/* The pinning reader: a snapshot held pin_ns from its first read, then
** the next at once, the writer's chunks handed back empty meanwhile. */
static int pin_loop(struct reader *rd)
{
    uint64_t since = clock_now_ns(), until = 0;
    int pinned = 0;
    for (;;) {
        uint64_t now = clock_now_ns();
        int64_t chunk = atomic_load_explicit(&rd->page->chunk, memory_order_acquire);
        if (chunk != rd->t->chunk && hand_back(rd, now, &since, chunk) != 0)
            return -1;
        if (atomic_load_explicit(&rd->page->quit, memory_order_acquire)) {
            if (pinned)
                pin_exec(rd, "COMMIT");
            return hand_back(rd, now, &since, chunk);
        }
        int rc = 0;
        if (pinned && now >= until) {
            rc = pin_exec(rd, "COMMIT");
            pinned = rc != 0;
        } else if (!pinned) {
            /* the snapshot is taken by the transaction's first read */
            rc = pin_exec(rd, "BEGIN; SELECT count(*) FROM (SELECT 1 FROM kv LIMIT 1)");
            if (rc == 0) {
                pinned = 1, until = clock_now_ns() + rd->conf->pin_ns;
                atomic_store_explicit(&rd->page->pinned, 1, memory_order_release);
            } else if (rc == 1) {
                pin_exec(rd, "ROLLBACK");
            }
        }
        if (rc < 0) {
            hand_back(rd, clock_now_ns(), &since, chunk);
            return -1;
        }
        now = clock_now_ns();
        reader_sleep_ns(pinned && until > now && until - now < READER_IDLE_NS ? until - now
                                                                              : READER_IDLE_NS);
    }
}

int reader_body(void *ctx, const int *wfd)
{
    const struct reader_start *st = ctx;
    struct reader rd;
    assert(st->index >= 0 && st->index < st->conf->n);
    memset(&rd, 0, sizeof rd);
    rd.conf = st->conf;
    rd.page = st->page;
    rd.index = st->index;
    rd.out = wfd[0];
    for (int i = 0; i < st->conf->nclose; i++)
        if (st->conf->close_fds[i] >= 0)
            close(st->conf->close_fds[i]);
    by_of_phase(rd.by);
    rd.t = malloc(sizeof *rd.t);
    if (!rd.t)
        return 1;
    readers_tally_reset(rd.t);
    if (testhook_reader_late(rd.index + 1))   /* the writer is past its first chunk */
        while (atomic_load_explicit(&rd.page->chunk, memory_order_acquire) ==
                   st->conf->first_chunk &&
               !atomic_load_explicit(&rd.page->quit, memory_order_acquire))
            reader_sleep_ns(READER_IDLE_NS);
    /* its first tally is of the cell's first chunk, however late the
    ** machine ran this process: the writer waits for every reader's tally
    ** of every chunk, so one that began at the page's chunk, past it, would
    ** hold the writer up for good */
    rd.t->chunk = st->conf->first_chunk;
    rd.raw = testhook_reader_latency_file();
    int rc = reader_open(&rd);
    if (rc < 0)
        hand_back(&rd, clock_now_ns(), &(uint64_t){0}, rd.t->chunk);
    else if (rc == 0)
        rc = pins(&rd) ? pin_loop(&rd) : reader_loop(&rd);
    else
        rc = hand_back(&rd, clock_now_ns(), &(uint64_t){0}, rd.t->chunk);
    if (rd.sel)
        rd.conf->api->finalize(rd.sel);
    if (rd.db)
        rd.conf->api->close(rd.db);
    if (rd.raw)
        fclose(rd.raw);
    free(rd.t);
    return rc == 0 ? 0 : 1;
}
