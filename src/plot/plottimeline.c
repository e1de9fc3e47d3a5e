/*
** plottimeline: a night's course for timeline.gp and telemetry.gp.
**
** Files written into the data folder (see tsv.h):
**   axis.tsv       one row: the time axis's label, and the divisor that
**                  turns seconds since the run's start into its unit
**   timeline.tsv   one row per timeline.csv row: t and t_end (the
**                  interval's start and end on the axis), phase, rate
**                  (ops per second), stall (1: an interval of the write
**                  phase without a row inserted, or a COMMIT's own row),
**                  k (its cell's number in cells.tsv), wal (the -wal
**                  file's size at the interval's end, MB; empty outside
**                  WAL), ckpt (1: a checkpoint ran in the interval: its
**                  own phase's, or SQLite's automatic one, which is the
**                  only writer of a WAL database's file)
**   chunkmarks.tsv t of each chunk's first write interval
**   cells.tsv      one row per run of a cell in the order they ran: k,
**                  label (cellname.h's "cell 3 · repeat 2", "cell 3" in a
**                  run of one repeat), t (where its first interval
**                  began): what colours the points of a matrix by cell
**                  and marks where each run began; colour (1-based: one
**                  per cell, its repeats alike)
**   telemetry.tsv  one row per chunk, in time order: t (the chunk's end),
**                  write_rows_per_s, temp_c, cpu_mhz, k
*/
#include "plottimeline.h"

#include "cellname.h"
#include "graphs.h"
#include "measured.h"
#include "phase.h"
#include "tsv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TLF CSV_TIMELINE
#define CHK CSV_CHUNKS

/* The run's first moment: the first interval's start, or the first
** chunk's start. */
static double origin(const struct csvin *tl, const struct csvin *ch)
{
    double t0 = INFINITY;
    for (int i = 0; i < tl->nrows; i++) {
        double t = csvin_num(tl, TLF, i, COL_start_unix_s);
        if (t < t0)
            t0 = t;
    }
    for (int i = 0; i < ch->nrows; i++) {
        double read_s = csvin_num(ch, CHK, i, COL_read_s);
        double t = csvin_num(ch, CHK, i, COL_end_unix_s) - csvin_num(ch, CHK, i, COL_write_s) -
                   (isfinite(read_s) ? read_s : 0);
        if (t < t0)
            t0 = t;
    }
    return t0;
}

static double last_time(const struct csvin *tl, const struct csvin *ch, double t0)
{
    double t1 = t0;
    for (int i = 0; i < tl->nrows; i++) {
        double t = csvin_num(tl, TLF, i, COL_start_unix_s) + csvin_num(tl, TLF, i, COL_span_s);
        if (t > t1)
            t1 = t;
    }
    for (int i = 0; i < ch->nrows; i++)
        if (csvin_num(ch, CHK, i, COL_end_unix_s) > t1)
            t1 = csvin_num(ch, CHK, i, COL_end_unix_s);
    return t1;
}

static int write_axis(const char *datadir, double t0, double len, double *div, char *err,
                      size_t errlen)
{
    char label[128], clock[32] = "?";
    const char *unit = graphs_time_unit(len, div);
    time_t s = (time_t)t0;
    struct tm tm;
    if (isfinite(t0) && gmtime_r(&s, &tm))
        strftime(clock, sizeof clock, "%Y-%m-%d %H:%M:%S UTC", &tm);
    snprintf(label, sizeof label, "%s since %s", unit, clock);
    struct tsv f;
    if (tsv_create(&f, datadir, TSV_AXIS, 0, err, errlen))
        return -1;
    tsv_text(&f, TCOL_label, label);
    tsv_num(&f, TCOL_divisor, *div);
    tsv_end_row(&f);
    return tsv_close(&f, err, errlen);
}

/* The runs of the cells of a results folder r, numbered in the order
** their rows first appear (the timeline's, then chunks.csv's): per number
** its "cell|repeat" key, its name and where it began.  At most MAXCELLS:
** every later run shares the last number (a colour each would not tell
** 500 apart anyway). */
enum { MAXCELLS = 512 };
struct cells {
    const struct plotdata_run *r;
    int n;
    struct {
        char key[48], label[CELLNAME_MAX];
        double t;
    } c[MAXCELLS];
};

/* The number (1-based) of the cell of row i of table t, which began at
** `at` on the axis when it is new. */
static int cell_number(struct cells *c, const struct csvin *t, enum csv_file f, int i, double at)
{
    char key[48];
    const char *cell = csvin_str(t, f, i, COL_cell), *rep = csvin_str(t, f, i, COL_repeat);
    snprintf(key, sizeof key, "%s|%s", cell, rep);
    for (int k = 0; k < c->n; k++)
        if (strcmp(c->c[k].key, key) == 0)
            return k + 1;
    if (c->n == MAXCELLS)
        return MAXCELLS;
    memcpy(c->c[c->n].key, key, sizeof key);
    plotdata_cell_name(c->r, t, f, i, c->c[c->n].label, sizeof c->c[c->n].label);
    c->c[c->n].t = at;
    return ++c->n;
}

static int write_cells(const char *datadir, const struct cells *c, char *err, size_t errlen)
{
    struct tsv f;
    int colour[MAXCELLS], ncolours = 0;
    if (tsv_create(&f, datadir, TSV_CELLS, 0, err, errlen))
        return -1;
    for (int k = 0; k < c->n; k++) {
        /* a colour per cell (its key up to the '|'), its repeats alike */
        size_t len = strcspn(c->c[k].key, "|") + 1;
        int i = 0;
        while (i < k && strncmp(c->c[i].key, c->c[k].key, len) != 0)
            i++;
        colour[k] = i < k ? colour[i] : ++ncolours;
        tsv_int(&f, TCOL_k, k + 1);
        tsv_text(&f, TCOL_label, c->c[k].label);
        tsv_num(&f, TCOL_t, c->c[k].t);
        tsv_int(&f, TCOL_colour, colour[k]);
        tsv_end_row(&f);
    }
    return tsv_close(&f, err, errlen);
}

static int write_timeline(const char *datadir, const struct csvin *tl, double t0, double div,
                          struct cells *cells, unsigned *have, char *err, size_t errlen)
{
    struct tsv f, m;
    if (tsv_create(&f, datadir, TSV_TIMELINE, 0, err, errlen))
        return -1;
    if (tsv_create(&m, datadir, TSV_CHUNKMARKS, 0, err, errlen)) {
        tsv_close(&f, err, errlen);
        return -1;
    }
    char last[96] = "";
    for (int i = 0; i < tl->nrows; i++) {
        const char *phase = csvin_str(tl, TLF, i, COL_phase);
        double start = csvin_num(tl, TLF, i, COL_start_unix_s);
        double span = csvin_num(tl, TLF, i, COL_span_s);
        double ops = csvin_num(tl, TLF, i, COL_ops);
        int p = phase_of(phase), writing = p == PHASE_WRITE, commit = p == PHASE_COMMIT;
        /* a paced writer's write intervals without a row are its schedule's
        ** waits (timeline_idle), not the storage's stalls */
        int paced = csvin_num_named(tl, i, dim_table[DIM_WRITE_RATE].column) > 0;
        int stall = p >= 0 && phase_table[p].stalls && !(writing && paced);
        tsv_num(&f, TCOL_t, (start - t0) / div);
        tsv_num(&f, TCOL_t_end, (start + span - t0) / div);
        tsv_text(&f, TCOL_phase, phase);
        tsv_num(&f, TCOL_rate, span > 0 ? ops / span : NAN);
        tsv_int(&f, TCOL_stall, commit || (stall && ops == 0));
        tsv_int(&f, TCOL_k, cell_number(cells, tl, TLF, i, (start - t0) / div));
        double wal = csvin_num(tl, TLF, i, COL_wal_bytes);
        tsv_num(&f, TCOL_wal, wal / 1e6);
        if (wal >= 0)
            *have |= GRAPHS_WAL;
        /* in WAL mode only a checkpoint writes the database file: an
        ** interval that wrote it (an automatic checkpoint at a COMMIT)
        ** checkpointed as surely as the checkpoint phase's own */
        tsv_int(&f, TCOL_ckpt, wal >= 0 && (p == PHASE_CHECKPOINT ||
                                            csvin_num(tl, TLF, i, COL_vfs_db_write_bytes) > 0));
        tsv_end_row(&f);
        char key[96];
        snprintf(key, sizeof key, "%s|%s|%s", csvin_str(tl, TLF, i, COL_cell),
                 csvin_str(tl, TLF, i, COL_repeat), csvin_str(tl, TLF, i, COL_chunk));
        if (writing && strcmp(key, last) != 0) {
            memcpy(last, key, sizeof last);
            tsv_num(&m, TCOL_t, (start - t0) / div);
            tsv_end_row(&m);
        }
    }
    int rc = tsv_close(&f, err, errlen);
    return tsv_close(&m, err, errlen) || rc ? -1 : 0;
}

/* chunks.csv's rows in the order they ended. */
static const struct csvin *sort_src;
static int by_end(const void *a, const void *b)
{
    double x = csvin_num(sort_src, CHK, *(const int *)a, COL_end_unix_s);
    double y = csvin_num(sort_src, CHK, *(const int *)b, COL_end_unix_s);
    return x < y ? -1 : x > y;
}

static int write_telemetry(const char *datadir, const struct csvin *ch, double t0, double div,
                           struct cells *cells, unsigned *have, char *err, size_t errlen)
{
    struct tsv f;
    int *order = malloc(sizeof *order * (size_t)(ch->nrows + 1)), k = 0;
    if (!order) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < ch->nrows; i++)
        if (isfinite(csvin_num(ch, CHK, i, COL_end_unix_s)))
            order[k++] = i;
    sort_src = ch;
    qsort(order, (size_t)k, sizeof *order, by_end);
    if (tsv_create(&f, datadir, TSV_TELEMETRY, 0, err, errlen)) {
        free(order);
        return -1;
    }
    for (int j = 0; j < k; j++) {
        double temp = csvin_num(ch, CHK, order[j], COL_temp_c);
        double mhz = csvin_num(ch, CHK, order[j], COL_cpu_mhz);
        tsv_num(&f, TCOL_t, (csvin_num(ch, CHK, order[j], COL_end_unix_s) - t0) / div);
        tsv_num(&f, TCOL_write_rows_per_s, csvin_num(ch, CHK, order[j], COL_write_rows_per_s));
        tsv_num(&f, TCOL_temp_c, temp);
        tsv_num(&f, TCOL_cpu_mhz, mhz);
        tsv_int(&f, TCOL_k, cell_number(cells, ch, CHK, order[j],
                                     (csvin_num(ch, CHK, order[j], COL_end_unix_s) - t0) / div));
        tsv_end_row(&f);
    }
    struct measured m = {0};
    measured_add(&m, ch, order, k);
    *have |= measured_needs(&m) & GRAPHS_TELEMETRY;
    free(order);
    return tsv_close(&f, err, errlen);
}

double plottimeline_span_s(const struct plotdata_run *r)
{
    double t0 = origin(&r->timeline, &r->chunks);
    return isfinite(t0) ? last_time(&r->timeline, &r->chunks, t0) - t0 : NAN;
}

int plottimeline_write(const char *datadir, const struct plotdata_run *r, char *err, size_t errlen)
{
    const struct csvin *tl = &r->timeline;
    unsigned have = 0;
    double t0 = origin(tl, &r->chunks), div;
    if (!isfinite(t0))
        return 0;       /* files of an older sqlsoak: no clock to draw against */
    /* one numbering of the cells for both graphs: a cell's colour is the same */
    struct cells *cells = calloc(1, sizeof *cells);
    if (!cells) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    cells->r = r;
    int rc = write_axis(datadir, t0, last_time(tl, &r->chunks, t0) - t0, &div, err, errlen);
    if (rc == 0 && tl->nrows > 0) {
        have |= GRAPHS_TIMELINE;
        rc = write_timeline(datadir, tl, t0, div, cells, &have, err, errlen);
    }
    if (rc == 0)
        rc = write_telemetry(datadir, &r->chunks, t0, div, cells, &have, err, errlen);
    if (rc == 0)
        rc = write_cells(datadir, cells, err, errlen);
    free(cells);
    return rc ? -1 : (int)have;
}
