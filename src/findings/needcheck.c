/*
** needcheck: each cell against the application's need.  See needcheck.h.
*/
#include "needcheck.h"
#include "absolute.h"
#include "walsize.h"

#include "baseline.h"
#include "dims.h"
#include "modes.h"
#include "phase.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One item of a cell: what it is now, and at the target. */
struct item {
    double lim, at, proj;    /* NaN: not asked, or not measured */
    double cross;            /* rows where it reaches lim (> the rows measured); 0 never */
    const char *fit;         /* what the projection comes from */
};

/* A projected row count to two significant digits: "about" it says, and
** the last digits of a fit are noise (and differ between x87 and SSE). */
static int64_t about(double rows)
{
    double unit = pow(10, floor(log10(rows)) - 1);
    return unit < 1 ? llround(rows) : (int64_t)llround(rows / unit) * (int64_t)llround(unit);
}

/* What item k of the cell is, as the need states it: "620/s", "14 ms",
** "41.2 MiB". */
static const char *have_text(enum need_item k, double v, char *buf, size_t n)
{
    if (k == NEED_WAL)          /* in the need's own binary units, like with like */
        return need_bytes_text(v, buf, n);
    if (k == NEED_READ_P99)
        return units_secs(v / 1e6, buf, n);
    char r[24];
    snprintf(buf, n, "%s/s", units_rate(1e6 / v, r, sizeof r));
    return buf;
}

static void cost_item(const struct absolute *a, enum need_item k, struct item *it)
{
    const struct absolute_figure *f = k == NEED_WRITES  ? &a->write_s_per_m
                                      : k == NEED_READS ? &a->read_us
                                                        : &a->read_p99_us;
    it->at = f->at;
    it->proj = f->proj;
    it->fit = "its scaling fit";
    if (a->target_rows > a->last_rows && !isnan(it->lim) && !isnan(f->at))
        it->cross = absolute_crossing(f, it->lim, (double)a->last_rows);
}

/* The first measured repeat of cell (warm-ups and failed repeats are
** not), whose WAL walsize judges; 0 none. */
static int64_t first_repeat(const struct needcheck_input *in, int64_t cell)
{
    int64_t r = 0;
    for (int i = 0; i < in->nrecs; i++) {
        const struct summary_record *s = &in->recs[i];
        if (s->id.cell == cell && strcmp(s->status, "ok") == 0 && s->id.repeat >= 1 &&
            (r == 0 || s->id.repeat < r))
            r = s->id.repeat;
    }
    return r;
}

/* The WAL item of a WAL cell: the largest -wal file its measured chunks
** saw (each one's peak; in an older folder, at the write phase's end,
** before a checkpoint, and after the chunk), and,
** when walsize judged it growing, that file grown at its rate to the
** target.  0, or -1 when the cell keeps no WAL. */
static int wal_item(const struct needcheck_input *in, int64_t cell, int64_t last_rows,
                    int64_t target, struct item *it)
{
    double largest = NAN;
    int wal = 0;
    for (int i = 0; i < in->nchunks; i++) {
        const struct chunk_record *c = &in->chunks[i];
        if (c->id.cell != cell || c->id.v[DIM_JOURNAL] != JM_WAL ||
            !absolute_measured(in->recs, in->nrecs, c))
            continue;
        wal = 1;
        double b[] = {(double)c->wal_bytes, c->ph[PHASE_WRITE].wal_bytes, c->wal_bytes_peak};
        for (size_t k = 0; k < sizeof b / sizeof *b; k++)
            if (b[k] >= 0 && !(b[k] <= largest))
                largest = b[k];
    }
    if (!wal)
        return -1;
    it->at = it->proj = largest;
    it->fit = "its WAL's growth";
    struct walsize w;
    if (isnan(largest) || target <= last_rows ||
        !walsize_judge(in->chunks, in->nchunks, cell, first_repeat(in, cell), &w))
        return 0;
    if (w.growing && w.per_million_rows > 0) {
        it->proj = largest + w.per_million_rows * (double)(target - last_rows) / 1e6;
        if (it->proj > it->lim && largest <= it->lim)
            it->cross = (double)last_rows + (it->lim - largest) / w.per_million_rows * 1e6;
    }
    return 0;
}

static void verdict(const struct needcheck_input *in, int64_t cell, const struct absolute *a,
                    const char *name, struct needcheck *v)
{
    const struct need *nd = in->need;
    int proj = a->target_rows > a->last_rows;
    double size = (double)(proj ? a->target_rows : a->last_rows), head = INFINITY, cross = 0;
    int tight = -1, short_now = -1;
    struct item it[NEED_COUNT];
    for (int k = 0; k < NEED_COUNT; k++) {
        it[k] = (struct item){.lim = nd->limit[k], .at = NAN, .proj = NAN};
        if (isnan(it[k].lim))
            continue;
        if (k < NEED_COSTS)
            cost_item(a, (enum need_item)k, &it[k]);
        else if (wal_item(in, cell, a->last_rows, a->target_rows, &it[k]) != 0)
            continue;           /* no WAL: nothing of it to hold */
    }
    for (int k = 0; k < NEED_COUNT; k++) {
        double lim = it[k].lim, have = proj ? it[k].proj : it[k].at;
        if (isnan(lim) || isnan(it[k].at))
            continue;
        if (it[k].at > lim && short_now < 0)
            short_now = k;
        double x = it[k].cross;
        if (x > 0 && x < size && (cross == 0 || x < cross))
            cross = x, tight = k;
        if (!isnan(have) && lim / have < head && cross == 0)
            head = lim / have, tight = k;
    }
    /* a figure measured at 0 (a WAL that stayed empty) meets any need
    ** with room no ratio gives */
    int zero = -1;
    for (int k = 0; k < NEED_COUNT && tight < 0 && zero < 0; k++)
        if (!isnan(it[k].lim) && it[k].at == 0 && !(it[k].proj > 0))
            zero = k;
    char have[32], want[32], at[24], ratio[32];
    v->cell = cell;
    if (short_now >= 0) {
        v->score = 0;
        snprintf(v->text, sizeof v->text, "%s falls short already at %s rows: %s %s against %s.",
                 name, units_count(a->last_rows, at, sizeof at),
                 need_names[short_now],
                 have_text((enum need_item)short_now, it[short_now].at, have, sizeof have),
                 need_asked_text(nd, (enum need_item)short_now, want, sizeof want));
    } else if (cross > 0) {
        v->score = cross / size;
        snprintf(v->text, sizeof v->text, "%s falls short from about %s rows (projected from %s), "
                 "its %s reaching %s there.", name,
                 units_count(about(cross), at, sizeof at), it[tight].fit,
                 need_names[tight], need_asked_text(nd, (enum need_item)tight, want, sizeof want));
    } else if (tight >= 0) {
        v->score = head;
        snprintf(v->text, sizeof v->text, "%s meets it at %s rows%s with %s headroom, its "
                 "tightest %s (%s against %s).", name,
                 units_count((int64_t)size, at, sizeof at), proj ? " (projected)" : "",
                 units_ratio(head, ratio, sizeof ratio), need_names[tight],
                 have_text((enum need_item)tight, proj ? it[tight].proj : it[tight].at, have,
                           sizeof have),
                 need_asked_text(nd, (enum need_item)tight, want, sizeof want));
    } else if (zero >= 0) {
        v->score = INFINITY;
        snprintf(v->text, sizeof v->text, "%s meets it at %s rows%s: its %s was 0 (against %s).",
                 name, units_count((int64_t)size, at, sizeof at),
                 proj ? " (projected)" : "", need_names[zero],
                 need_asked_text(nd, (enum need_item)zero, want, sizeof want));
    } else {
        v->score = -1;
        snprintf(v->text, sizeof v->text, "%s measured none of the need's figures%s.", name,
                 !isnan(nd->limit[NEED_WAL]) ? " (it keeps no WAL)" : "");
    }
}

static int by_score(const void *x, const void *y)
{
    double a = ((const struct needcheck *)x)->score, b = ((const struct needcheck *)y)->score;
    return a < b ? 1 : a > b ? -1 : 0;
}

int needcheck_cells(const struct needcheck_input *in, struct needcheck *out)
{
    int nv = 0;
    for (int i = 0; i < in->nids; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= in->ids[j].cell == in->ids[i].cell;
        struct absolute a;
        char name[256];
        if (seen || absolute_of(in->recs, in->nrecs, in->chunks, in->nchunks, in->ids[i].cell,
                                in->target, &a) != 0)
            continue;
        baseline_name(in->ids[i].cell, in->ids, in->nids, name, sizeof name);
        verdict(in, in->ids[i].cell, &a, name, &out[nv++]);
    }
    qsort(out, (size_t)nv, sizeof *out, by_score);
    return nv;
}

const char *needcheck_asked(const struct need *nd, char *buf, size_t n)
{
    char t[32];
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < NEED_COUNT && len < n; k++)
        if (!isnan(nd->asked[k]))
            len += (size_t)snprintf(buf + len, n - len, "%s%s %s", len ? ", " : "", need_names[k],
                                    need_asked_text(nd, (enum need_item)k, t, sizeof t));
    return buf;
}
