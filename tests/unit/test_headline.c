/*
** headline: its sentences and figures from hand-made summaries and
** chunks (scaling, cache, a dimension's best value, a published claim's
** verdict); the baseline named by --baseline; and the summary's three
** old faults (one cell ranked under two headings, an unsupported cell
** named once per repeat, a best value beside a faster one).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "csvout.h"
#include "headline.h"
#include "modes.h"
#include "noise.h"
#include "summary.h"

#define MAXREC 64
#define MAXCHUNK 256

struct run {
    struct summary_record recs[MAXREC];
    struct chunk_record chunks[MAXCHUNK];
    int nrecs, nchunks;
};

/* The first value of every dimension, as options' defaults give it. */
static void id_of(struct cell_id *id, int64_t cell, int64_t repeat)
{
    memset(id, 0, sizeof *id);
    id->cell = cell;
    id->repeat = repeat;
    snprintf(id->sqlite_version, sizeof id->sqlite_version, "3.40.1");
    snprintf(id->sqlite_lib, sizeof id->sqlite_lib, "libsqlite3.so.0");
    id->v[DIM_PAGE_SIZE] = 4096;
    id->v[DIM_JOURNAL] = JM_DELETE;
    id->v[DIM_SYNC] = SY_FULL;
    id->v[DIM_COMMIT_EVERY] = 1000;
    id->v[DIM_VALUE_SIZE] = 16;
    id->v[DIM_OS_CACHE] = OC_KEEP;
}

/* A measured cell: its summary record, with these medians. */
static struct summary_record *cell(struct run *r, int64_t c, int64_t repeat, double write,
                                   double read)
{
    struct summary_record *s = &r->recs[r->nrecs++];
    csvout_clear(CSV_SUMMARY, s);
    id_of(&s->id, c, repeat);
    snprintf(s->status, sizeof s->status, "ok");
    s->ph[PHASE_WRITE].median = write;
    s->ph[PHASE_READ].median = read;
    s->db_cached_pct_median = 100;
    s->read_io_bytes_per_read = 0;
    return s;
}

/* chunks of 1000 rows of a cell whose costs per row grow as rows^bw
** (write) and rows^br (read): 2^bw per doubling. */
static void chunks(struct run *r, const struct summary_record *s, int n, double bw, double br)
{
    for (int k = 0; k < n; k++) {
        struct chunk_record *c = &r->chunks[r->nchunks++];
        csvout_clear(CSV_CHUNKS, c);
        c->id = s->id;
        c->chunk = k;
        c->rows = 1000 * (k + 1);
        c->ph[PHASE_WRITE].ops = 1000;
        c->ph[PHASE_WRITE].rate = 1e6 / pow((double)c->rows, bw);
        c->ph[PHASE_READ].rate = 1e6 / pow((double)c->rows, br);
    }
}

static void build(const struct run *r, int64_t base, const char *preset, int64_t planned,
                  struct headline *h)
{
    struct headline_input in = {r->recs, r->nrecs, r->chunks, r->nchunks, base, preset, planned,
                                0, 2, NULL, 0, 0, 0, 0};
    headline_build(&in, h);
}

/* The sentence of kind k that contains want, or NULL. */
static const char *line_with(const struct headline *h, enum headline_kind k, const char *want)
{
    for (int i = 0; i < h->n; i++)
        if (h->line[i].kind == k && strstr(h->line[i].text, want))
            return h->line[i].text;
    for (int i = 0; i < h->n; i++)
        print_message("headline %d: %s\n", h->line[i].kind, h->line[i].text);
    return NULL;
}

/* The answer in a user's units, first: a write cost per row that grows as
** the rows (8000 s per million at 8k rows; 4500 sustained over the chunks
** of 1k to 8k rows, the time of all of them over their rows), reads of p50 rows/1000 µs and
** p99 twice that, from RAM; projected exactly to 64k on that line.  A
** second cell, faster, is named as the fastest writer. */
static void test_absolute(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    memset(&r, 0, sizeof r);
    chunks(&r, cell(&r, 1, 1, 1000, 1000), 8, 1, 0);
    for (int k = 0; k < r.nchunks; k++) {
        r.chunks[k].ph[PHASE_READ].us[LAT_P50] = (double)r.chunks[k].rows / 1000;
        r.chunks[k].ph[PHASE_READ].us[LAT_P99] = (double)r.chunks[k].rows / 500;
        r.chunks[k].db_cached_pct = 100;
    }
    build(&r, 1, NULL, 64000, &h);
    assert_int_equal(h.line[0].kind, HL_ABSOLUTE);
    assert_non_null(line_with(&h, HL_ABSOLUTE,
                              "At 8k rows (the largest full chunk), cell 1 (the baseline) wrote "
                              "4500 s per million rows (222 rows/s) sustained over all its full "
                              "chunks; a point read took 8.00 µs at "
                              "p50 and 16.0 µs at p99, from RAM. Projected to 64k rows from its "
                              "scaling fit: 64000 s per million rows written (64000..64000, a "
                              "95% prediction interval), a read's p99 128 µs (128 µs..128 µs): "
                              "projected, not measured."));
    /* no projection when the target is the rows measured */
    build(&r, 1, NULL, 8000, &h);
    assert_null(strstr(h.line[0].text, "Projected"));
    /* cold before the reads, yet under half a device read each: the same
    ** rule as the reads' own finding, never "from the storage" beside it */
    for (int k = 0; k < r.nchunks; k++) {
        r.chunks[k].db_cached_pct = 0;
        r.chunks[k].ph[PHASE_READ].ops = 1000;
        r.chunks[k].read_io_bytes = 1000 * 567;
    }
    build(&r, 1, NULL, 8000, &h);
    assert_non_null(line_with(&h, HL_ABSOLUTE, "p99, most from pages earlier reads had brought "
                                               "into RAM."));
    for (int k = 0; k < r.nchunks; k++)
        r.chunks[k].read_io_bytes = 1000 * 4096;
    build(&r, 1, NULL, 8000, &h);
    assert_non_null(line_with(&h, HL_ABSOLUTE, "p99, from the storage."));
    /* a faster cell at the same size is named after the baseline */
    chunks(&r, cell(&r, 2, 1, 2000, 1000), 8, 0, 0);
    build(&r, 1, NULL, 8000, &h);
    assert_non_null(line_with(&h, HL_ABSOLUTE, ", the fastest writer, wrote 1.00 s per million "
                                               "rows (1.00M rows/s)"));
}

/* Write cost that doubles with every doubling of the table: 2.00x per
** doubling, 8x from the first chunk (1k rows) to the last (8k); reads
** flat.  Stopped at 8k of 64k planned rows: 64x at 64k. */
static void test_scaling(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    memset(&r, 0, sizeof r);
    chunks(&r, cell(&r, 1, 1, 1000, 1000), 8, 1, 0);
    build(&r, 1, NULL, 64000, &h);
    assert_non_null(line_with(&h, HL_SCALING,
                              "Scaling (cell 1): over full chunks of 1k to 8k rows, a row "
                              "written cost 2.00x per doubling of the table (2.00..2.00, 95%, a log-log "
                              "fit over 8 chunks), 8.00x as much from the first full chunk to "
                              "the last; a read cost 1.00x per doubling"));
    assert_non_null(line_with(&h, HL_SCALING,
                              "It stopped at 8k of the planned 64k rows: at that slope a row "
                              "written would cost about 64.0x (64.0..64.0) the first chunk's "
                              "at 64k rows, an extrapolation, not a measurement."));
    /* a last chunk shorter than the rest is not a full chunk */
    r.chunks[r.nchunks - 1].ph[PHASE_WRITE].ops = 10;
    r.chunks[r.nchunks - 1].ph[PHASE_WRITE].rate = 1;
    build(&r, 1, NULL, 0, &h);
    assert_non_null(line_with(&h, HL_SCALING, "over full chunks of 1k to 7k rows"));
    assert_non_null(line_with(&h, HL_SCALING, "7.00x as much from the first full chunk"));
    assert_null(strstr(h.line[0].text, "planned"));
}

static void test_cache(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    memset(&r, 0, sizeof r);
    cell(&r, 1, 1, 1000, 1000);
    build(&r, 1, NULL, 0, &h);
    assert_non_null(line_with(&h, HL_CACHE,
                              "Reads came from RAM (100% cached, 0 bytes read from storage per "
                              "read): this is not the disk's read speed; use --os-cache drop."));
    /* a fraction of a byte is said as the table says it, not as 0 */
    r.recs[0].read_io_bytes_per_read = 0.2;
    build(&r, 1, NULL, 0, &h);
    assert_non_null(line_with(&h, HL_CACHE, "(100% cached, 0.200 bytes read from storage per read)"));
    r.recs[0].db_cached_pct_median = 0;
    r.recs[0].read_io_bytes_per_read = 4096;
    r.recs[0].id.v[DIM_OS_CACHE] = OC_DROP;
    build(&r, 1, NULL, 0, &h);
    assert_non_null(line_with(&h, HL_CACHE,
                              "Reads came from the storage (0% of the database cached before "
                              "them, 4096 bytes read from storage per read, --os-cache drop)."));
    /* cold before them, yet 0.14 device reads per read: the pages the
    ** reads brought in served the rest, and the finding says so */
    r.recs[0].read_io_bytes_per_read = 567;
    build(&r, 1, NULL, 0, &h);
    assert_null(line_with(&h, HL_CACHE, "Reads came from the storage"));
    assert_non_null(line_with(&h, HL_CACHE,
                              "Reads began with the database out of RAM (0% cached before them, "
                              "--os-cache drop), yet sent 0.138 device reads per read (567 bytes "
                              "read from storage per read): most were served by pages earlier "
                              "reads had brought into RAM."));
    r.recs[0].db_cached_pct_median = 40;
    build(&r, 1, NULL, 0, &h);
    assert_non_null(line_with(&h, HL_CACHE, "Reads came partly from RAM (40.0% of the database"));
    /* one residency story: part of the file cached, yet no read reached the
    ** storage, is from RAM, never "partly" beside 0 bytes read per read */
    static const struct {
        double pct, bytes;
        const char *said, *not_said;
    } story[] = {
        {81, 0, "Reads came from RAM (81.0% cached, 0 bytes read from storage per read)", "partly"},
        /* nearly all the file cached, yet half a device read a read: partly */
        {95, 2048, "Reads came partly from RAM (95.0% of the database cached before them, 2048 "
                   "bytes read from storage", "Reads came from RAM"},
    };
    r.recs[0].id.v[DIM_OS_CACHE] = OC_KEEP;
    for (size_t i = 0; i < sizeof story / sizeof *story; i++) {
        r.recs[0].db_cached_pct_median = story[i].pct;
        r.recs[0].read_io_bytes_per_read = story[i].bytes;
        build(&r, 1, NULL, 0, &h);
        assert_null(line_with(&h, HL_CACHE, story[i].not_said));
        assert_non_null(line_with(&h, HL_CACHE, story[i].said));
    }
}

/* Two journal modes over k rounds: wal writes ratio[r] times delete's in
** round r. */
static void journals(struct run *r, int k, const double *ratio)
{
    memset(r, 0, sizeof *r);
    for (int i = 0; i < k; i++) {
        double speed = 1 + 0.3 * (i % 3);   /* whole rounds faster or slower */
        cell(r, 1, i + 1, 1000 * speed, 500 * speed);
        struct summary_record *w = cell(r, 2, i + 1, 1000 * speed * ratio[i], 500 * speed);
        w->id.v[DIM_JOURNAL] = JM_WAL;
    }
}

/* One ratio, its interval's ends and one verdict, over 6 rounds. */
static void test_best_value(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    const double six[] = {1.96, 1.99, 2.01, 1.99, 2.03, 1.98};
    journals(&r, 6, six);
    build(&r, 1, NULL, 0, &h);
    assert_int_equal(h.line[0].kind, HL_DIM);     /* the verdict block first */
    const char *best = line_with(&h, HL_DIM,
                                 "journal_mode: wal writes 1.99x as fast as delete "
                                 "(1.97..2.02): a difference, from 6 rounds; ");
    assert_non_null(best);
    assert_null(strstr(best, "±"));    /* an interval's ends, not a symmetric ± */
    /* reads: the same; no difference, the baseline first */
    assert_non_null(line_with(&h, HL_DIM, "; delete (the baseline) reads 1.00x as fast as wal "
                                          "(1.00..1.00): no difference beyond 5%, from 6 "
                                          "rounds."));
    /* the baseline another: the same comparison seen from wal */
    build(&r, 2, NULL, 0, &h);
    assert_non_null(line_with(&h, HL_DIM,
                              "journal_mode: wal (the baseline) writes 1.99x as fast as delete "
                              "(1.97..2.02): a difference, from 6 rounds"));
}

/* The rule weighs the evidence, not the rounds' count: 2 rounds that
** agree on 2x decide it; 2 that say 0.9 and 1.3 do not, and never as
** "within noise". */
static void test_two_rounds_weigh_their_spread(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    const double two[] = {1.9, 2.1};
    journals(&r, 2, two);
    build(&r, 1, NULL, 0, &h);
    const char *s = line_with(&h, HL_DIM, "journal_mode: wal writes 2.00x as fast as delete "
                                          "(1.06..3.77): a difference, from 2 rounds");
    assert_non_null(s);
    assert_null(strstr(s, "±"));
    const double apart[] = {0.9, 1.3};
    journals(&r, 2, apart);
    build(&r, 1, NULL, 0, &h);
    s = line_with(&h, HL_DIM, "(0.105..11.2): not decided, from 2 rounds; about ");
    assert_non_null(s);
    assert_null(strstr(s, "within noise"));
}

/* The published claim beside the verdict: "4k pages are fastest". */
static void test_claim(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < 2; i++) {
        cell(&r, 1, i + 1, 1000, 100);
        cell(&r, 2, i + 1, i ? 1010 : 1030, 100)->id.v[DIM_PAGE_SIZE] = 32768;
    }
    build(&r, 1, "pages", 0, &h);
    assert_non_null(line_with(&h, HL_CLAIM,
                              "Published (--preset pages): 4k pages are fastest. This run: not "
                              "decided here; 32k first, not decided against 4k."));
    /* over 6 rounds, 32k no more than 5% from 4k */
    memset(&r, 0, sizeof r);
    for (int i = 0; i < 6; i++) {
        cell(&r, 1, i + 1, 1000, 100);
        cell(&r, 2, i + 1, i % 2 ? 1030 : 990, 100)->id.v[DIM_PAGE_SIZE] = 32768;
    }
    build(&r, 1, "pages", 0, &h);
    assert_non_null(line_with(&h, HL_CLAIM, "This run: not decided here; 32k first, no "
                                            "difference beyond 5% from 4k."));
    /* 4k faster beyond the noise: so here */
    for (int i = 0; i < r.nrecs; i++)
        if (r.recs[i].id.cell == 2)
            r.recs[i].ph[PHASE_WRITE].median = 800 + r.recs[i].id.repeat;
    build(&r, 1, "pages", 0, &h);
    assert_non_null(line_with(&h, HL_CLAIM, "This run: so here: 4k first, a difference from "
                                            "every other."));
    build(&r, 1, NULL, 0, &h);   /* no preset, no claim */
    for (int i = 0; i < h.n; i++)
        assert_int_not_equal(h.line[i].kind, HL_CLAIM);
}

/* The other presets' claims: journal (wal faster), txn (batches
** faster), 2014 (flat writes). */
static void test_claims(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    const double six[] = {1.96, 1.99, 2.01, 1.99, 2.03, 1.98};
    journals(&r, 6, six);
    build(&r, 1, "journal", 0, &h);
    assert_non_null(line_with(&h, HL_CLAIM,
                              "Published (--preset journal): wal writes faster than delete. This "
                              "run: so here: wal writes 1.99x as fast as delete (1.97..2.02): a "
                              "difference, from 6 rounds."));
    memset(&r, 0, sizeof r);
    cell(&r, 1, 1, 100, NAN)->id.v[DIM_COMMIT_EVERY] = 1;
    cell(&r, 2, 1, 20000, NAN)->id.v[DIM_COMMIT_EVERY] = 1024;
    build(&r, 1, "txn", 0, &h);
    assert_non_null(line_with(&h, HL_CLAIM,
                              "This run: not decided here: 1024 writes 200x as fast as 1: not "
                              "decided: 1 round and no lockstep; --repeat 6 or --interleave "
                              "chunk can decide it."));
    /* the preset's own 5 rounds, all 536..629x: they decide its claim */
    const double txn[] = {536.67, 629.34, 610.2, 626.31, 590.0};
    memset(&r, 0, sizeof r);
    for (int k = 0; k < 5; k++) {
        cell(&r, 1, k + 1, 100, NAN)->id.v[DIM_COMMIT_EVERY] = 1;
        cell(&r, 2, k + 1, 100 * txn[k], NAN)->id.v[DIM_COMMIT_EVERY] = 1024;
    }
    build(&r, 1, "txn", 0, &h);
    assert_non_null(line_with(&h, HL_CLAIM, "This run: so here: 1024 writes 598x as fast as "
                                            "1 (551..648)"));
    assert_non_null(line_with(&h, HL_CLAIM, "): a difference, from 5 rounds."));
    memset(&r, 0, sizeof r);
    chunks(&r, cell(&r, 1, 1, 1000, 1000), 8, 0, 0);
    build(&r, 1, "2014", 0, &h);
    assert_non_null(line_with(&h, HL_CLAIM,
                              "Published (--preset 2014): writes stay flat as the table grows "
                              "(2.52 s per million rows at the start, 2.74 s at 99M rows). This "
                              "run: so here: 1.00x per doubling of the table (1.00..1.00, 95%, "
                              "a log-log fit over 8 chunks)."));
}

/* --baseline: a cell number, or DIM=VALUE in the user's words. */
static void test_baseline(void **state)
{
    (void)state;
    struct cell_id ids[4];
    int64_t c;
    char err[300];
    for (int i = 0; i < 4; i++) {
        id_of(&ids[i], i + 1, 1);
        ids[i].v[DIM_PAGE_SIZE] = i % 2 ? 16384 : 4096;
        ids[i].v[DIM_JOURNAL] = i / 2 ? JM_WAL : JM_DELETE;
    }
    assert_int_equal(baseline_resolve(NULL, ids, 4, &c, err, sizeof err), 0);
    assert_int_equal(c, 1);
    assert_int_equal(baseline_resolve("page-size=16k", ids, 4, &c, err, sizeof err), 0);
    assert_int_equal(c, 2);
    assert_int_equal(baseline_resolve("journal_mode=wal,page_size=16384", ids, 4, &c, err,
                                      sizeof err), 0);
    assert_int_equal(c, 4);
    assert_int_equal(baseline_resolve("3", ids, 4, &c, err, sizeof err), 0);
    assert_int_equal(c, 3);
    assert_int_equal(baseline_resolve("5", ids, 4, &c, err, sizeof err), -1);
    assert_string_equal(err, "--baseline 5: no such cell (cells are numbered 1..4)");
    assert_int_equal(baseline_resolve("page-size=8k", ids, 4, &c, err, sizeof err), -1);
    assert_string_equal(err, "--baseline page-size=8k: no cell has it (with every other setting "
                             "at its first value)");
    assert_int_equal(baseline_resolve("colour=red", ids, 4, &c, err, sizeof err), -1);
    assert_int_equal(baseline_resolve("sqlite-lib=3.40.1", ids, 4, &c, err, sizeof err), 0);
    assert_int_equal(c, 1);
    char name[128], v[32];
    assert_string_equal(baseline_name(2, ids, 4, name, sizeof name), "16k pages \xc2\xb7 delete");
    assert_string_equal(baseline_value(&ids[1], DIM_PAGE_SIZE, v, sizeof v), "16k");
}

/* summary_print's output of recs into buf. */
static const char *printed(const struct summary_record *recs, int n, int64_t base, char *buf,
                           size_t len)
{
    struct config cfg;
    memset(&cfg, 0, sizeof cfg);
    FILE *f = fmemopen(buf, len, "w");
    assert_non_null(f);
    summary_print(f, &cfg, recs, n, NULL, 0, 0, base);
    fclose(f);
    return buf;
}

/* --need against a write cost that grows as the rows (8 s per million at
** 8k rows, 125k rows/s): 100k rows/s is met at 8k rows, and the fit
** crosses it at 10k, short of the 64k asked; 200k rows/s is not met at
** all; 10k rows/s is met at 64k with 1.56x headroom.  Best first. */
static void test_need(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    struct need nd;
    char err[200];
    memset(&r, 0, sizeof r);
    chunks(&r, cell(&r, 1, 1, 1000, 1000), 8, 1, 0);
    for (int k = 0; k < r.nchunks; k++)
        r.chunks[k].ph[PHASE_WRITE].rate = 1e9 / (double)r.chunks[k].rows;
    struct headline_input in = {r.recs, r.nrecs, r.chunks, r.nchunks, 1, NULL, 64000, 0, 2, &nd,
                                0, 0, 0, 0};
    assert_int_equal(need_parse("writes=100k/s", &nd, err, sizeof err), 0);
    headline_build(&in, &h);
    assert_non_null(line_with(&h, HL_NEED, "Need (writes 100k/s): cell 1 falls short from about "
                                           "10k rows (projected from its scaling fit), its "
                                           "writes reaching 100k/s there."));
    assert_int_equal(need_parse("writes=200k/s", &nd, err, sizeof err), 0);
    headline_build(&in, &h);
    assert_non_null(line_with(&h, HL_NEED, "cell 1 falls short already at 8k rows: writes "
                                           "125k/s against 200k/s."));
    assert_int_equal(need_parse("writes=10k/s", &nd, err, sizeof err), 0);
    headline_build(&in, &h);
    assert_non_null(line_with(&h, HL_NEED, "cell 1 meets it at 64k rows (projected) with 1.56x "
                                           "headroom, its tightest writes (15.6k/s against "
                                           "10k/s)."));
    /* a WAL cell whose -wal file stayed empty meets a WAL need: it keeps a
    ** WAL, of 0 bytes (a bug said it kept none) */
    for (int k = 0; k < r.nchunks; k++) {
        r.chunks[k].id.v[DIM_JOURNAL] = JM_WAL;
        r.chunks[k].wal_bytes = 0;
        r.chunks[k].wal_bytes_peak = 0;
    }
    r.recs[0].id.v[DIM_JOURNAL] = JM_WAL;
    assert_int_equal(need_parse("wal=1M", &nd, err, sizeof err), 0);
    headline_build(&in, &h);
    assert_non_null(line_with(&h, HL_NEED, "cell 1 meets it at 64k rows (projected): its wal "
                                           "was 0 (against 1 MiB)."));
    /* bad needs, one line each naming the item */
    assert_int_equal(need_parse("writes=fast", &nd, err, sizeof err), -1);
    assert_string_equal(err, "--need writes: 'fast' is not a rate above 0 per second (200/s, "
                             "2k/s)");
    assert_int_equal(need_parse("read-p99=20", &nd, err, sizeof err), -1);
    assert_int_equal(need_parse("writes=1/s,writes=2/s", &nd, err, sizeof err), -1);
    assert_string_equal(err, "--need: writes given twice");
    assert_int_equal(need_parse("wal=256MB", &nd, err, sizeof err), -1);
    assert_string_equal(err, "--need wal: '256MB' is not a size above 0 (256M, 1GiB, 900k)");
    assert_int_equal(need_parse("wal=0", &nd, err, sizeof err), -1);
    assert_int_equal(need_parse("read-p99=500us", &nd, err, sizeof err), 0);
    assert_true(nd.limit[NEED_READ_P99] == 500);
    /* a size, in the binary units every size option takes */
    char t[32];
    assert_int_equal(need_parse("writes=1/s,wal=256M", &nd, err, sizeof err), 0);
    assert_true(nd.limit[NEED_WAL] == 256.0 * 1024 * 1024);
    assert_string_equal(need_asked_text(&nd, NEED_WAL, t, sizeof t), "256 MiB");
    assert_string_equal(need_bytes_text(140112, t, sizeof t), "137 KiB");
    assert_string_equal(need_bytes_text(900, t, sizeof t), "900 bytes");
    /* the items before NEED_COSTS are costs, the WAL is not */
    assert_true(nd.limit[NEED_WRITES] == 1e6);
}

/* Readers 0 and 2 on 2 cores: 3 processes, and the readers' finding says
** what that does to its ratios; on 4 cores it does not. */
static void test_oversubscribed(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    memset(&r, 0, sizeof r);
    cell(&r, 1, 1, 2000, 1000);
    cell(&r, 2, 1, 1000, 500)->id.v[DIM_READERS] = 2;
    struct headline_input in = {r.recs, r.nrecs, r.chunks, r.nchunks, 1, NULL, 0, 0, 2, NULL,
                                0, 0, 0, 0};
    headline_build(&in, &h);
    assert_non_null(line_with(&h, HL_DIM, "readers: 0 (the baseline) writes 2.00x as fast as 2: "
                                          "not decided: 1 round and no lockstep"));
    /* the caveat once, before the ratios it is of, not beside each */
    int said = 0, at = -1;
    for (int i = 0; i < h.n; i++)
        if (strstr(h.line[i].text, "compete for the CPU")) {
            said++;
            at = i;
        }
    assert_int_equal(said, 1);
    assert_string_equal(h.line[at].text,
                        "A writer and 2 readers are 3 processes on this machine's 2 cores: they "
                        "compete for the CPU, so the ratios and the readers' waits below measure "
                        "that too, not only the database's locks.");
    for (int i = 0; i < at; i++)
        assert_true(h.line[i].kind != HL_DIM && h.line[i].kind != HL_READERS);
    in.cpus = 4;
    headline_build(&in, &h);
    for (int i = 0; i < h.n; i++)
        assert_null(strstr(h.line[i].text, "compete"));
}

/* One cell: its figures, not two rankings of one under two headings. */
static void test_one_cell(void **state)
{
    (void)state;
    static struct run r;
    static char out[8192];
    memset(&r, 0, sizeof r);
    cell(&r, 1, 1, 1234, 567);
    printed(r.recs, r.nrecs, 1, out, sizeof out);
    assert_null(strstr(out, "by write rate"));
    assert_null(strstr(out, "by read rate"));
    assert_non_null(strstr(out, "cell 1 SQLite 3.40.1 \xc2\xb7 4k pages \xc2\xb7 delete \xc2\xb7 full: "
                                "1.23k rows/s written, 567 reads/s read (sustained over its full chunks)\n"));
}

/* The write-counts sentence of a cell whose SQLite writes, vfs_db, the
** page cache merged: it says so when the process's count is well under
** SQLite's (by the 1.25 of report.html's "Writes by file"), not when they
** are close. */
static const char *write_counts_text(double sqlite, double process, double device,
                                     struct headline *h)
{
    static struct run r;
    memset(&r, 0, sizeof r);
    struct summary_record *s = cell(&r, 1, 1, 1000, 100);
    s->rows = 1000;
    s->vfs_bytes_per_row[0] = sqlite;
    s->io_write_bytes_per_row = process;
    s->dev_write_bytes_per_row = device;
    chunks(&r, s, 4, 0, 0);
    build(&r, 1, NULL, 0, h);
    for (int i = 0; i < h->n; i++)
        if (h->line[i].kind == HL_WRITES)
            return h->line[i].text;
    return NULL;
}

static void test_write_counts(void **state)
{
    (void)state;
    static struct headline h;
    const char *t = write_counts_text(3999, 348.6, 360, &h);
    assert_non_null(t);
    assert_non_null(strstr(t, "SQLite wrote 3999 into its files, the process 349 to the storage "
                              "(the page cache merged rewrites), and 360 reached the device"));
    t = write_counts_text(300, 250, 260, &h);
    assert_non_null(t);
    assert_non_null(strstr(t, "SQLite wrote 300 into its files, the process 250 to the storage, "
                              "and 260 reached the device"));
    assert_null(strstr(t, "merged"));
}

/* An unsupported cell is named once, not once per repeat. */
static void test_unsupported_once(void **state)
{
    (void)state;
    static struct run r;
    static char out[8192];
    memset(&r, 0, sizeof r);
    for (int k = 1; k <= 3; k++) {
        cell(&r, 1, k, 1000, 100);
        struct summary_record *s = cell(&r, 2, k, NAN, NAN);
        snprintf(s->status, sizeof s->status, "unsupported");
        s->id.v[DIM_JOURNAL] = JM_WAL;
        snprintf(s->reason, sizeof s->reason, "journal_mode: requested wal, library set delete");
    }
    printed(r.recs, r.nrecs, 1, out, sizeof out);
    const char *line = strstr(out, "unsupported: journal_mode: requested wal");
    assert_non_null(line);
    assert_null(strstr(line + 1, "unsupported: journal_mode"));
    assert_non_null(strstr(out, "library set delete (3 repeats)\n"));
    /* that cell the baseline: said, and no ratio against it */
    for (int k = 1; k <= 3; k++)
        cell(&r, 3, k, 1100, 100)->id.v[DIM_PAGE_SIZE] = 8192;
    printed(r.recs, r.nrecs, 2, out, sizeof out);
    assert_non_null(strstr(out, "baseline: cell 2, 4k pages \xc2\xb7 wal (it measured nothing: no "
                                "ratios)\n"));
    /* no journal line: no measured cell has wal; pages: 4k's cells are cell 1's */
    assert_null(strstr(out, "  journal_mode"));
    assert_non_null(strstr(out, "; 4k 1.00k 1.00x (the baseline); 8k 1.10k 1.10x"));
}

/* The fastest writer is the one that sustained the faster rate over all
** its chunks: cell 2's chunks are twice cell 1's rate but one, which pays
** a checkpoint 20 times as long; its median is faster, its sustained rate
** slower, and the opening sentences name cell 1 alone. */
static void test_fastest_by_sustained(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    memset(&r, 0, sizeof r);
    chunks(&r, cell(&r, 1, 1, 1000, 1000), 8, 0, 0);
    struct summary_record *s = cell(&r, 2, 1, 2000, 1000);
    s->id.v[DIM_JOURNAL] = JM_WAL;
    chunks(&r, s, 8, 0, 0);
    for (int k = 8; k < 16; k++)
        r.chunks[k].ph[PHASE_WRITE].rate = k == 12 ? 100 : 2e6;
    build(&r, 1, NULL, 0, &h);
    for (int i = 0; i < h.n; i++)
        assert_null(strstr(h.line[i].text, "the fastest writer"));
    /* its chunk of the checkpoint as fast as the rest: it is */
    r.chunks[12].ph[PHASE_WRITE].rate = 2e6;
    build(&r, 1, NULL, 0, &h);
    assert_non_null(line_with(&h, HL_ABSOLUTE, "wal, the fastest writer, wrote 0.500 s per "
                                               "million rows (2.00M rows/s) sustained"));
}

/* Over rounds, the fastest writer named is the cell the ranking heads (the
** median of its rounds' sustained rates): cell 2's rounds sustain 3000,
** 3000 and 900 rows/s, cell 3's 2500 each; cell 2 heads the ranking, but
** its chunks pooled are slower than cell 3's, and no cell is named; with
** its third round as fast as the others, cell 2 is. */
static void test_fastest_heads_ranking(void **state)
{
    (void)state;
    static struct run r;
    static struct headline h;
    static char out[8192];
    const double two[] = {3000, 3000, 900};
    memset(&r, 0, sizeof r);
    for (int k = 0; k < 3; k++) {
        struct summary_record *s[3] = {cell(&r, 1, k + 1, 1000, NAN), cell(&r, 2, k + 1, 0, NAN),
                                       cell(&r, 3, k + 1, 0, NAN)};
        s[1]->id.v[DIM_JOURNAL] = JM_WAL;
        s[2]->id.v[DIM_SYNC] = SY_OFF;
        const double rate[] = {1000, two[k], 2500};
        for (int c = 0; c < 3; c++) {
            s[c]->ph[PHASE_WRITE].median = s[c]->ph[PHASE_WRITE].sustained = rate[c];
            chunks(&r, s[c], 4, 0, 0);
            for (int j = r.nchunks - 4; j < r.nchunks; j++)
                r.chunks[j].ph[PHASE_WRITE].rate = rate[c];
        }
    }
    printed(r.recs, r.nrecs, 1, out, sizeof out);
    const char *ranked = strstr(out, "by write rate");
    assert_non_null(ranked);
    assert_non_null(strstr(ranked, "wal"));
    assert_true(strstr(ranked, "wal") < strstr(ranked, "off"));
    build(&r, 1, NULL, 0, &h);
    for (int i = 0; i < h.n; i++)
        assert_null(strstr(h.line[i].text, "the fastest writer"));
    /* cell 2's third round as fast as its others: pooled and ranked agree */
    for (int j = 0; j < r.nrecs; j++)
        if (r.recs[j].id.cell == 2)
            r.recs[j].ph[PHASE_WRITE].median = r.recs[j].ph[PHASE_WRITE].sustained = 3000;
    for (int j = 0; j < r.nchunks; j++)
        if (r.chunks[j].id.cell == 2)
            r.chunks[j].ph[PHASE_WRITE].rate = 3000;
    build(&r, 1, NULL, 0, &h);
    assert_non_null(line_with(&h, HL_ABSOLUTE, "wal · full, the fastest writer,"));
}

/* The best value and the ratios beside it from one source: off is faster
** in 2 of 3 rounds, but over the rounds' log-ratios full is ahead, and
** best, and the ratio beside off is under 1. */
static void test_best_not_beside_faster(void **state)
{
    (void)state;
    static struct run r;
    static char out[8192];
    const double full[] = {1000, 1100, 1300}, off[] = {1010, 1110, 1050};
    memset(&r, 0, sizeof r);
    for (int k = 0; k < 3; k++) {
        cell(&r, 1, k + 1, full[k], NAN);
        cell(&r, 2, k + 1, off[k], NAN)->id.v[DIM_SYNC] = SY_OFF;
    }
    printed(r.recs, r.nrecs, 1, out, sizeof out);
    const char *line = strstr(out, "  synchronous");
    assert_non_null(line);
    assert_non_null(strstr(line, "best full (not decided against off)"));
    assert_non_null(strstr(line, "; full 1.10k 1.00x (the baseline); off 1.05k 0.937x (0.681..1.29): "
                                 "not decided, from 3 rounds; about "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scaling),
        cmocka_unit_test(test_absolute),
        cmocka_unit_test(test_fastest_heads_ranking),
        cmocka_unit_test(test_fastest_by_sustained),
        cmocka_unit_test(test_oversubscribed),
        cmocka_unit_test(test_need),
        cmocka_unit_test(test_cache),
        cmocka_unit_test(test_best_value),
        cmocka_unit_test(test_two_rounds_weigh_their_spread),
        cmocka_unit_test(test_claim),
        cmocka_unit_test(test_claims),
        cmocka_unit_test(test_baseline),
        cmocka_unit_test(test_one_cell),
        cmocka_unit_test(test_write_counts),
        cmocka_unit_test(test_unsupported_once),
        cmocka_unit_test(test_best_not_beside_faster),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
