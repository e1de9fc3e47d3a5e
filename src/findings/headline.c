/*
** headline: a run's answer in sentences.  See headline.h.
*/
#include "headline.h"
#include "headlineclaims.h"
#include "headlinedevice.h"
#include "headlinedims.h"
#include "headlinescaling.h"
#include "efficiency.h"
#include "needcheck.h"
#include "absolute.h"
#include "churn.h"
#include "readwait.h"
#include "paced.h"
#include "walsize.h"

#include "baseline.h"
#include "cellname.h"
#include "median.h"
#include "csvin.h"
#include "headlinelibs.h"
#include "ladder.h"
#include "infile.h"
#include "modes.h"
#include "runjson.h"
#include "runkey.h"
#include "summary.h"
#include "units.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[HL_KINDS] = {
    [HL_SCALING] = "scaling", [HL_CACHE] = "cache", [HL_DIM] = "dimension",
    [HL_CLAIM] = "claim", [HL_DEVICE] = "against_device", [HL_ABSOLUTE] = "absolute",
    [HL_NEED] = "need", [HL_UPDATES] = "update_cost", [HL_DELETES] = "delete_cost",
    [HL_FREELIST] = "freelist", [HL_READERS] = "reader_wait", [HL_WRITES] = "write_counts",
    [HL_WEAR] = "wear", [HL_WAL] = "wal_size", [HL_PACED] = "paced",
    [HL_LIBS] = "compile_options",
};

const char *headline_kind_name(enum headline_kind k)
{
    return k >= 0 && k < HL_KINDS && kind_names[k] ? kind_names[k] : "";
}

/* ---- where the reads came from ---- */

static void cache(const struct headline_input *in, struct headline *h)
{
    double *pct = malloc(sizeof(double) * (size_t)(in->nrecs + 1));
    double *io = malloc(sizeof(double) * (size_t)(in->nrecs + 1));
    int np = 0, nio = 0, drop = 0, cells = 0, distinct = 0;
    for (int i = 0; pct && io && i < in->nrecs; i++) {
        const struct summary_record *s = &in->recs[i];
        if (!headline_measured(s) || !(s->ph[PHASE_READ].median > 0))
            continue;
        cells++;
        drop += s->id.v[DIM_OS_CACHE] == OC_DROP;
        if (!isnan(s->db_cached_pct_median))
            pct[np++] = s->db_cached_pct_median;
        if (!isnan(s->read_io_bytes_per_read)) {
            io[nio++] = s->read_io_bytes_per_read;
            int seen = 0;       /* the cells they are runs of */
            for (int j = 0; j < i && !seen; j++)
                seen = in->recs[j].id.cell == s->id.cell && headline_measured(&in->recs[j]) &&
                       in->recs[j].ph[PHASE_READ].median > 0 &&
                       !isnan(in->recs[j].read_io_bytes_per_read);
            distinct += !seen;
        }
    }
    double p = np ? median_of(pct, np) : NAN;
    double b = nio ? median_of(io, nio) : NAN;
    char bytes[80] = "";
    /* a median of several cells says so: the device's finding is one cell's */
    char scope[64] = "";
    if (nio > distinct)
        snprintf(scope, sizeof scope, ", the median of %d runs of %d cell%s", nio, distinct,
                 distinct == 1 ? "" : "s");
    else if (nio > 1)
        snprintf(scope, sizeof scope, ", the median of %d cells", nio);
    char bs[32], ps[32], rs[32];
    units_number(b, bs, sizeof bs);
    units_pct(p, ps, sizeof ps);
    if (!isnan(b))
        snprintf(bytes, sizeof bytes, ", %s bytes read from storage per read%s", bs, scope);
    enum reads_from from = absolute_reads_from(p, b / EFFICIENCY_READ_BYTES);
    if (from == RF_UNKNOWN) {
        /* an older folder: no figure of the cache */
    } else if (from == RF_RAM && drop < cells) {
        headline_add(h, HL_CACHE,
                     "Reads came from RAM (%s cached%s): this is not the disk's read "
                     "speed; use --os-cache drop.", ps, bytes);
    } else if (from == RF_WARMED) {
        /* cold before them, yet most were served by pages earlier reads
        ** brought in: "from the storage" would be half the truth */
        headline_add(h, HL_CACHE,
                     "Reads began with the database out of RAM (%s cached before them%s), "
                     "yet sent %s device reads per read (%s bytes read from storage per "
                     "read%s): most were served by pages earlier reads had brought into RAM.",
                     ps, drop == cells ? ", --os-cache drop" : "",
                     units_number(b / EFFICIENCY_READ_BYTES, rs, sizeof rs), bs, scope);
    } else if (from == RF_STORAGE) {
        headline_add(h, HL_CACHE,
                     "Reads came from the storage (%s of the database cached before "
                     "them%s%s).", ps, bytes, drop == cells ? ", --os-cache drop" : "");
    } else {
        headline_add(h, HL_CACHE,
                     "Reads came partly from RAM (%s of the database cached before "
                     "them%s): between the disk's read speed and RAM's.", ps, bytes);
    }
    free(pct);
    free(io);
}

/* ---- the updates, the deletes and the room they left ---- */

static void churn(const struct headline_input *in, const char *base, struct headline *h)
{
    struct churn c;
    char text[HEADLINE_LEN], name[300], of[CELLNAME_MAX];
    if (churn_of(in->recs, in->nrecs, in->chunks, in->nchunks, in->baseline, &c) != 0)
        return;
    snprintf(name, sizeof name, "%s, the baseline", base);
    cellname(of, sizeof of, in->baseline, 1, 1);     /* the cell, over its repeats */
    const struct churn_phase *u = &c.update, *d = &c.del;
    if (*churn_update_text(&c, name, text, sizeof text)) {
        headline_add(h, HL_UPDATES, "%s", text);
        h->line[h->n - 1].cell = in->baseline;
        headline_figure(h, HL_UPDATES, "update_rows_per_chunk", of, u->rows, "rows");
        headline_figure(h, HL_UPDATES, colid_name(COL_update_rows_per_s), of, u->rows_per_s,
                        "rows/s");
        headline_figure(h, HL_UPDATES, colid_name(COL_update_p50_us), of, u->p50_us, "µs");
        headline_figure(h, HL_UPDATES, colid_name(COL_update_p99_us), of, u->p99_us, "µs");
        headline_figure(h, HL_UPDATES, "over_chunks", of, u->chunks, "");
    }
    if (*churn_delete_text(&c, name, text, sizeof text)) {
        headline_add(h, HL_DELETES, "%s", text);
        h->line[h->n - 1].cell = in->baseline;
        headline_figure(h, HL_DELETES, "delete_rows_per_chunk", of, d->rows, "rows");
        headline_figure(h, HL_DELETES, colid_name(COL_delete_rows_per_s), of, d->rows_per_s,
                        "rows/s");
        headline_figure(h, HL_DELETES, "delete_us_per_row", of, 1e6 / d->rows_per_s, "µs");
        headline_figure(h, HL_DELETES, "over_chunks", of, d->chunks, "");
    }
    if (*churn_free_text(&c, name, text, sizeof text)) {
        headline_add(h, HL_FREELIST, "%s", text);
        h->line[h->n - 1].cell = in->baseline;
        headline_figure(h, HL_FREELIST, colid_name(COL_rows), of, (double)c.last_rows, "rows");
        headline_figure(h, HL_FREELIST, "freelist_pages", of, c.free_pages, "pages");
        headline_figure(h, HL_FREELIST, "freelist_bytes", of, c.free_bytes, "bytes");
        headline_figure(h, HL_FREELIST, colid_name(COL_db_bytes), of, c.db_bytes, "bytes");
        headline_figure(h, HL_FREELIST, "freelist_pct", of, c.free_pct, "%");
    }
}

/* ---- what the writer's COMMITs cost the readers ---- */

static void readers(const struct headline_input *in, struct headline *h)
{
    struct readwait w;
    char text[HEADLINE_LEN];
    if (!readwait_of(in->recs, in->nrecs, in->chunks, in->nchunks, &w))
        return;
    headline_add(h, HL_READERS, "%s", readwait_text(&w, text, sizeof text));
    for (int k = 0; k < w.n; k++) {
        char mode[32];
        dims_text(DIM_JOURNAL, w.mode[k], mode, sizeof mode);
        headline_figure(h, HL_READERS, "reader_wait_ms_per_commit", mode, w.ms_per_commit[k], "ms");
    }
}

/* When a cell's processes outnumber the cores, said once, before the
** ratios and the readers' waits it is of. */
static void cpu_caveat(const struct headline_input *in, struct headline *h)
{
    const char *note = headline_oversubscribed(in);
    if (!*note)
        return;
    headline_add(h, HL_READERS, "%s", note);
    headline_figure(h, HL_READERS, "processes", "the largest cell",
                    (double)headline_most_readers(in) + 1, "processes");
    headline_figure(h, HL_READERS, "cpus", "host", in->cpus, "cores");
}

/* ---- absolute figures: the answer in a user's units, first ---- */

/* The cell that heads the ranking by write rate (summary_cell_rate: with
** rounds, the median of theirs), -1 when none was measured. */
static int64_t ranking_head(const struct headline_input *in, const struct cell_id *ids, int nids)
{
    int64_t head = -1;
    double top = NAN;
    for (int i = 0; i < nids; i++) {
        double r = summary_cell_rate(in->recs, in->nrecs, ids[i].cell, PHASE_WRITE);
        if (r > top || (isnan(top) && !isnan(r)))
            top = r, head = ids[i].cell;
    }
    return head;
}

/* The baseline's figures and, when the cell that heads the ranking also
** sustained a faster write rate than the baseline over its full chunks to
** the same table size, that cell's, named the fastest writer: what each
** costs at the largest full chunk, and projected to --target-rows.  Over
** rounds, its chunks pooled can order two cells otherwise than the
** median of their rounds the ranking takes: then no cell is named, so the
** name never contradicts the ranking below it. */
static void absolutes(const struct headline_input *in, const struct cell_id *ids, int nids,
                      const char *base, struct headline *h)
{
    struct absolute b, best, a;
    int64_t target = in->target_rows > 0 ? in->target_rows : in->planned_rows, fastest = -1;
    if (!ids || absolute_of(in->recs, in->nrecs, in->chunks, in->nchunks, in->baseline, target,
                            &b) != 0)
        return;
    int64_t head = ranking_head(in, ids, nids);
    for (int i = 0; i < nids; i++) {
        if (ids[i].cell == in->baseline || (i > 0 && ids[i].cell == ids[i - 1].cell) ||
            absolute_of(in->recs, in->nrecs, in->chunks, in->nchunks, ids[i].cell, target,
                        &a) != 0 ||
            a.last_rows != b.last_rows ||
            !(a.write_s_per_m_sustained < b.write_s_per_m_sustained) ||
            (fastest >= 0 && !(a.write_s_per_m_sustained < best.write_s_per_m_sustained)))
            continue;
        best = a;
        fastest = ids[i].cell;
    }
    if (fastest != head)
        fastest = -1;
    char text[HEADLINE_LEN], name[300], fast[256];
    snprintf(name, sizeof name, "%s (the baseline)", base);
    headline_add(h, HL_ABSOLUTE, "%s", absolute_text(&b, name, text, sizeof text));
    if (fastest >= 0) {
        baseline_name(fastest, ids, nids, fast, sizeof fast);
        snprintf(name, sizeof name, "%s, the fastest writer,", fast);
        headline_add(h, HL_ABSOLUTE, "%s", absolute_text(&best, name, text, sizeof text));
    }
}

/* ---- the application's need: does each cell meet it, and to what size ---- */

/* Each cell against --need, best first (needcheck.h). */
static void needs(const struct headline_input *in, const struct cell_id *ids, int nids,
                  struct headline *h)
{
    if (!in->need || !ids)
        return;
    struct needcheck *v = calloc((size_t)nids + 1, sizeof *v);
    if (!v)
        return;
    struct needcheck_input ni = {
        .need = in->need, .recs = in->recs, .nrecs = in->nrecs, .chunks = in->chunks,
        .nchunks = in->nchunks, .ids = ids, .nids = nids,
        .target = in->target_rows > 0 ? in->target_rows : in->planned_rows};
    int nv = needcheck_cells(&ni, v);
    char asked[200];
    needcheck_asked(in->need, asked, sizeof asked);
    for (int i = 0; i < nv; i++)
        headline_add(h, HL_NEED, "Need (%s): %s", asked, v[i].text);
    free(v);
}
/* 1 when record i counts (counts(), headline_measured()) and no record of its cell
** that counts has an earlier repeat. */
static int first_of_cell(const struct headline_input *in, int i,
                         int (*counts)(const struct summary_record *))
{
    const struct summary_record *s = &in->recs[i];
    int first = counts(s);
    for (int j = 0; j < in->nrecs && first; j++)
        first = j == i || !counts(&in->recs[j]) || in->recs[j].id.cell != s->id.cell ||
                in->recs[j].id.repeat > s->id.repeat;
    return first;
}

static int measured_or_overloaded(const struct summary_record *r)
{
    return headline_measured(r) || (strcmp(r->status, "overloaded") == 0 && r->id.repeat >= 1);
}

/* Each WAL cell's WAL, bounded or growing (walsize.h), a line a cell:
** its first measured repeat (warm-ups and failed repeats are not), named
** by its number and the settings that vary ("cell 9: wal · 4 readers"). */
static void wal_sizes(const struct headline_input *in, const struct cell_id *ids, int nids,
                      struct headline *h)
{
    for (int i = 0; i < in->nrecs; i++) {
        const struct summary_record *s = &in->recs[i];
        struct walsize w;
        if (!first_of_cell(in, i, headline_measured) ||
            !walsize_judge(in->chunks, in->nchunks, s->id.cell, s->id.repeat, &w))
            continue;
        char name[CELLNAME_MAX], settings[256], named[CELLNAME_MAX + 260], text[HEADLINE_LEN];
        int before = h->n;
        cellname(name, sizeof name, w.cell, w.repeat, in->repeats);
        baseline_name(w.cell, ids, nids, settings, sizeof settings);
        snprintf(named, sizeof named, "%s%s%s", name, strcmp(settings, name) ? ": " : "",
                 strcmp(settings, name) ? settings : "");
        headline_add(h, HL_WAL, "%s", walsize_text(&w, named, text, sizeof text));
        if (h->n == before)
            return;             /* no room left */
        h->line[h->n - 1].cell = w.cell;
        headline_figure(h, HL_WAL, "wal_bytes_first", name, w.first, "bytes");
        headline_figure(h, HL_WAL, "wal_bytes_last", name, w.last, "bytes");
        if (w.growing)
            headline_figure(h, HL_WAL, "wal_growth_bytes_per_million_rows", name,
                            w.per_million_rows, "bytes");
    }
}

/* Each paced writer's cell (paced.h), a line a cell: its first repeat
** that was measured or overloaded. */
static void paced_cells(const struct headline_input *in, struct headline *h)
{
    for (int i = 0; i < in->nrecs; i++) {
        struct paced p;
        if (!first_of_cell(in, i, measured_or_overloaded) ||
            !paced_judge(&in->recs[i], in->chunks, in->nchunks, &p))
            continue;
        char name[CELLNAME_MAX], text[HEADLINE_LEN];
        int before = h->n;
        cellname(name, sizeof name, p.cell, p.repeat, in->repeats);
        headline_add(h, HL_PACED, "%s", paced_text(&p, name, text, sizeof text));
        if (h->n == before)
            return;             /* no room left */
        h->line[h->n - 1].cell = p.cell;
        if (!p.have_chunk)
            continue;
        headline_figure(h, HL_PACED, "txn_p50_ms", name, p.p50_ms, "ms");
        headline_figure(h, HL_PACED, "txn_p99_ms", name, p.p99_ms, "ms");
        headline_figure(h, HL_PACED, "txn_p999_ms", name, p.p999_ms, "ms");
        headline_figure(h, HL_PACED, "committed_txns", name, p.txns, "");
        headline_figure(h, HL_PACED, "late_txns", name, p.late, "");
        headline_figure(h, HL_PACED, "skipped_txns", name, p.skipped, "");
        headline_figure(h, HL_PACED, "txn_commit_pct", name, p.commit_pct, "%");
        headline_figure(h, HL_PACED, "txn_queue_pct", name, p.queue_pct, "%");
    }
}

void headline_build(const struct headline_input *in, struct headline *out)
{
    out->n = 0;
    int any = 0;
    for (int i = 0; i < in->nrecs; i++)
        any |= measured_or_overloaded(&in->recs[i]);
    if (!any)
        return;
    struct cell_id *ids = malloc(sizeof *ids * (size_t)in->nrecs);
    char base[256] = "";
    int nids = 0;
    for (int i = 0; ids && i < in->nrecs; i++)
        if (headline_measured(&in->recs[i]))
            ids[nids++] = in->recs[i].id;
    baseline_name(in->baseline, ids, nids, base, sizeof base);
    /* the verdict block first: a line a dimension, its values ranked (after,
    ** when a cell's processes outnumber the cores, the one line that says
    ** its ratios measure the CPU's sharing too) */
    cpu_caveat(in, out);
    headlinedims_say(in, out);
    ladder_say(in, out);
    absolutes(in, ids, nids, base, out);
    needs(in, ids, nids, out);
    headlinescaling_say(in, base, out);
    cache(in, out);
    churn(in, base, out);
    readers(in, out);
    headlineclaims_say(in, out);
    headlinedevice_writes(in, base, out);
    headlinedevice_wear(in, ids, nids, out);
    wal_sizes(in, ids, nids, out);
    paced_cells(in, out);
    free(ids);
}

/* Reads every row of file name in dir into an array of records of f. */
static void *read_all(const char *dir, const char *name, enum csv_file f, size_t size, int *n,
                      char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return csvin_read_records(path, f, size, n, err, errlen);
}

int headline_load(const char *dir, const char *baseline, struct headline *out, char *err,
                  size_t errlen)
{
    struct headline_input in = {0};
    struct summary_record *recs;
    struct chunk_record *chunks;
    char path[4200], preset[64] = "", given[512] = "";
    int rc = -1;
    out->n = 0;
    recs = read_all(dir, "summary.csv", CSV_SUMMARY, sizeof *recs, &in.nrecs, err, errlen);
    chunks = recs ? read_all(dir, "chunks.csv", CSV_CHUNKS, sizeof *chunks, &in.nchunks, err,
                             errlen)
                  : NULL;
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *j = chunks && !infile_absent(path) ? infile_json(path, err, errlen) : NULL;
    json_t *o = json_object_get(j, RUNKEY_OPTIONS);
    json_t *limits = json_incref(json_object_get(j, RUNKEY_DEVICE_LIMITS));
    json_t *libraries = json_incref(json_object_get(j, RUNKEY_LIBRARIES));
    const char *preset_text = json_string_value(json_object_get(o, RUNKEY_OPT_PRESET));
    const char *baseline_text = json_string_value(json_object_get(o, RUNKEY_OPT_BASELINE));
    if (preset_text)
        snprintf(preset, sizeof preset, "%s", preset_text);
    if (baseline_text)
        snprintf(given, sizeof given, "%s", baseline_text);
    in.planned_rows = json_integer_value(json_object_get(o, RUNKEY_OPT_ROWS));
    in.target_rows = json_integer_value(json_object_get(o, RUNKEY_OPT_TARGET_ROWS)); /* 0: older */
    in.cpus = (int)json_integer_value(
        json_object_get(json_object_get(j, RUNKEY_HOST), RUNKEY_HOST_CPUS));
    in.repeats = runjson_repeats(j);
    /* --interleave is off or chunk; an older run.json has none */
    const char *interleave = json_string_value(json_object_get(o, RUNKEY_OPT_INTERLEAVE));
    in.interleaved = interleave && strcmp(interleave, "off") != 0 &&
                     !json_is_true(json_object_get(j, RUNKEY_LOCKSTEP_SPLIT));
    json_t *idle = json_object_get(j, RUNKEY_DEVICE_IDLE);        /* none: older, or not exposed */
    in.idle_s = json_number_value(json_object_get(idle, RUNKEY_IDLE_SECONDS));
    in.idle_write_bytes_per_s =
        json_number_value(json_object_get(idle, RUNKEY_IDLE_WRITE_BYTES_PER_S));
    if (!(in.idle_s > 0) || !(in.idle_write_bytes_per_s >= 0))
        in.idle_s = 0;
    struct need need;
    char why[256];
    const char *asked = json_string_value(json_object_get(o, RUNKEY_OPT_NEED));
    if (asked && need_parse(asked, &need, why, sizeof why) == 0)
        in.need = &need;     /* a run refuses a bad one before it starts */
    json_decref(j);
    in.recs = recs;
    in.chunks = chunks;
    if (!in.repeats)        /* an older folder: the most its rows hold */
        for (int i = 0; i < in.nrecs; i++)
            in.repeats = recs[i].id.repeat > in.repeats ? recs[i].id.repeat : in.repeats;
    in.preset = *preset ? preset : NULL;
    if (chunks && (j || infile_absent(path)) &&
        baseline_of_records(baseline ? baseline : given, recs, in.nrecs, &in.baseline, err,
                            errlen) == 0) {
        headline_build(&in, out);
        if (out->n > 0)
            headlinedevice_limits(dir, limits, &in, out);
        if (out->n > 0)
            headlinelibs_say(libraries, &in, out);
        rc = 0;
    }
    json_decref(limits);
    json_decref(libraries);
    free(recs);
    free(chunks);
    return rc;
}

void headline_print(FILE *f, const struct headline *h)
{
    if (h->n == 0)
        return;
    fprintf(f, "\nheadline:\n");
    for (int i = 0; i < h->n; i++)
        fprintf(f, "  %s\n", h->line[i].text);
}
