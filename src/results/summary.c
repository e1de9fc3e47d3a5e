/*
** summary: ranked tables of a run's cells.  See summary.h.
*/
#include "summary.h"
#include "csvout.h"
#include "noise.h"
#include "soak.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One combination: the median over its measured repeats, and their range. */
struct combo {
    const struct summary_record *first;
    double rate[PHASE_COUNT], lo[PHASE_COUNT], hi[PHASE_COUNT];   /* by phase.h's ids */
    int repeats;
};

static int by_write(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    double xw = x->rate[PHASE_WRITE], yw = y->rate[PHASE_WRITE];
    return (yw > xw) - (yw < xw);
}

static int by_read(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    double xr = isnan(x->rate[PHASE_READ]) ? -1 : x->rate[PHASE_READ];
    double yr = isnan(y->rate[PHASE_READ]) ? -1 : y->rate[PHASE_READ];
    return (yr > xr) - (yr < xr);
}

static int by_cell(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    return (x->first->id.cell > y->first->id.cell) - (x->first->id.cell < y->first->id.cell);
}

static int fold(const struct summary_record *recs, int n, struct combo *out)
{
    int nc = 0;
    double *v = malloc(sizeof(double) * (size_t)(n ? n : 1));
    for (int i = 0; v && i < n; i++) {
        if (strcmp(recs[i].status, "ok") != 0)
            continue;
        int seen = 0;
        for (int k = 0; k < nc; k++)
            seen |= out[k].first->id.cell == recs[i].id.cell;
        if (seen)
            continue;
        out[nc].first = &recs[i];
        for (int p = 0; p < PHASE_COUNT; p++) {
            int m = 0;
            for (int j = i; j < n; j++)
                if (recs[j].id.cell == recs[i].id.cell && strcmp(recs[j].status, "ok") == 0)
                    v[m++] = recs[j].ph[p].median;
            out[nc].repeats = m;
            out[nc].rate[p] = cellstats_median(v, m);   /* sorted, NaN last */
            out[nc].lo[p] = v[0];
            out[nc].hi[p] = v[m - 1];
        }
        nc++;
    }
    free(v);
    return nc;
}

/* A dimension's value of a cell as the tables print it ("4096", "wal");
** the library's is its version, and its path too when paths says two
** libraries share a version. */
static const char *value_of(const struct cell_id *id, int d, int paths, char *buf, size_t n)
{
    if (d == DIM_LIB && paths)
        snprintf(buf, n, "%s (%.120s)", id->sqlite_version, id->sqlite_lib);
    else if (d == DIM_LIB)
        snprintf(buf, n, "%s", id->sqlite_version);
    else
        dims_text(d, id->v[d], buf, n);
    return buf;
}

/* Whether two of the cells ran libraries of one version from two files. */
static int shared_versions(const struct combo *c, int nc)
{
    for (int i = 0; i < nc; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(c[i].first->id.sqlite_version, c[j].first->id.sqlite_version) &&
                strcmp(c[i].first->id.sqlite_lib, c[j].first->id.sqlite_lib))
                return 1;
    return 0;
}

/* The best value of one dimension: the one whose cells have the highest
** median write rate; and each value against the first listed, paired by
** round (noise.h). */
static void best_of(FILE *f, int d, const struct combo *c, int nc,
                    const struct summary_record *recs, int n)
{
    char names[LIST_MAX][160];
    int paths = d == DIM_LIB && shared_versions(c, nc);
    double med[LIST_MAX];
    int64_t *cells = malloc(sizeof(int64_t) * (size_t)nc * LIST_MAX);
    int ncells[LIST_MAX] = {0}, nv = 0;
    double *tmp = malloc(sizeof(double) * (size_t)nc);
    if (!tmp || !cells) {
        free(tmp);
        free(cells);
        return;
    }
    for (int i = 0; i < nc && nv < LIST_MAX; i++) {
        char v[160];
        value_of(&c[i].first->id, d, paths, v, sizeof v);
        int k;
        for (k = 0; k < nv; k++)
            if (strcmp(names[k], v) == 0)
                break;
        if (k < nv)
            continue;
        snprintf(names[nv], sizeof names[nv], "%s", v);
        int m = 0;
        for (int j = 0; j < nc; j++) {
            char v2[160];
            if (strcmp(value_of(&c[j].first->id, d, paths, v2, sizeof v2), v) == 0) {
                tmp[m++] = c[j].rate[PHASE_WRITE];
                cells[(size_t)nv * (size_t)nc + (size_t)ncells[nv]++] = c[j].first->id.cell;
            }
        }
        med[nv++] = cellstats_median(tmp, m);
    }
    free(tmp);
    if (nv >= 2) {
        int best = 0;
        for (int k = 1; k < nv; k++)
            if (med[k] > med[best])
                best = k;
#define CELLS(k) &cells[(size_t)(k) * (size_t)nc], ncells[k]
        fprintf(f, "  %-13s best %s (%.0f rows/s", d == DIM_LIB ? "sqlite" : dim_table[d].column,
                names[best], med[best]);
        /* is it the best?  the values it is not faster than beyond the noise */
        for (int k = 0, any = 0; k < nv; k++) {
            struct noise_ratio q;
            noise_compare(recs, n, CELLS(best), CELLS(k), PHASE_WRITE, &q);
            if (k != best && q.within == 1)
                fprintf(f, "%s %s", any++ ? "," : ", within noise of", names[k]);
        }
        fputc(')', f);
        for (int k = 0; k < nv; k++) {
            struct noise_ratio q;
            char t[96];
            noise_compare(recs, n, CELLS(k), CELLS(0), PHASE_WRITE, &q);
            fprintf(f, "; %s %.0f %s", names[k], med[k], k ? noise_text(&q, t, sizeof t) : "1.00x");
        }
#undef CELLS
        fprintf(f, "\n");
    }
    free(cells);
}

/* One ranked table: each cell's median over repeats (with their range when
** it ran more than once) and its ratio against the cell ranked first,
** paired by round. */
static void ranked(FILE *f, const struct config *cfg, const struct combo *c, int nc,
                   const struct summary_record *recs, int n, enum phase_id m)
{
    char lb[256], range[64], t[96];
    int rounds = noise_rounds(recs, n);
    for (int i = 0; i < nc; i++) {
        double v = c[i].rate[m], lo = c[i].lo[m], hi = c[i].hi[m];
        if (isnan(v))
            break;
        struct noise_ratio q;
        noise_compare(recs, n, &c[i].first->id.cell, 1, &c[0].first->id.cell, 1, m, &q);
        range[0] = 0;
        if (rounds > 1)
            snprintf(range, sizeof range, "(%.0f..%.0f)", lo, hi);
        plan_cell_label(cfg, &c[i].first->id, lb, sizeof lb);
        fprintf(f, "  %2d. %12.0f %-7s %-19s %-32s cell %-3" PRId64 " %s\n", i + 1, v,
                phase_table[m].unit, range,
                i ? noise_text(&q, t, sizeof t) : "first", c[i].first->id.cell, lb);
    }
}

void summary_print(FILE *f, const struct config *cfg, const struct summary_record *recs, int n)
{
    struct combo *c = calloc((size_t)(n ? n : 1), sizeof *c);
    char lb[256];
    if (!c)
        return;
    int nc = fold(recs, n, c);
    int counts[16] = {0};
    for (int i = 0; i < n; i++)
        for (int s = 0; status_names[s]; s++)
            if (strcmp(recs[i].status, status_names[s]) == 0)
                counts[s]++;
    fprintf(f, "\ncells:");
    for (int s = 0; status_names[s]; s++)
        if (counts[s])
            fprintf(f, " %d %s", counts[s], status_names[s]);
    fprintf(f, "%s\n", n ? "" : " none recorded");
    for (int i = 0; i < n; i++)
        if (strcmp(recs[i].status, "ok") != 0 && strcmp(recs[i].status, "warmup") != 0 &&
            strcmp(recs[i].status, "skipped") != 0) {
            plan_cell_label(cfg, &recs[i].id, lb, sizeof lb);
            fprintf(f, "  cell %" PRId64 " %s: %s: %s\n", recs[i].id.cell, lb, recs[i].status,
                    recs[i].reason);
        }
    if (nc == 0) {
        free(c);
        return;
    }
    char how[160];
    int rounds = noise_rounds(recs, n);
    fprintf(f, "\nnoise: %s%s\n", noise_method(rounds, how, sizeof how),
            rounds > 1 ? "; \"within noise\" when the interval includes 1.00"
                       : "; a difference below may be noise");
    qsort(c, (size_t)nc, sizeof *c, by_write);
    fprintf(f, "\nby write rate (median of chunks%s; x against the first):\n",
            rounds > 1 ? ", then of repeats with their range" : "");
    ranked(f, cfg, c, nc, recs, n, PHASE_WRITE);
    qsort(c, (size_t)nc, sizeof *c, by_read);
    if (!isnan(c[0].rate[PHASE_READ])) {
        fprintf(f, "\nby read rate:\n");
        ranked(f, cfg, c, nc, recs, n, PHASE_READ);
    }
    if (nc > 1) {
        qsort(c, (size_t)nc, sizeof *c, by_cell);   /* values in the order listed */
        fprintf(f, "\nper dimension: median write rows/s of its cells, and x against the first "
                   "value:\n");
        for (int d = 0; d < DIM_COUNT; d++)
            best_of(f, d, c, nc, recs, n);
    }
    free(c);
}

int summary_rewrite(const char *dir, const struct summary_record *recs, int n, char *err,
                    size_t errlen)
{
    char path[4200], tmp[4300], line[8192];
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    snprintf(tmp, sizeof tmp, "%s/summary.csv.tmp", dir);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int len = csvout_header(CSV_SUMMARY, line, sizeof line);
    int bad = fd < 0 || len < 0 || csvout_append(fd, line, len);
    for (int i = 0; !bad && i < n; i++) {
        len = csvout_row(CSV_SUMMARY, &recs[i], line, sizeof line);
        bad = len < 0 || csvout_append(fd, line, len);
    }
    if (fd >= 0 && (fsync(fd) != 0 || close(fd) != 0))
        bad = 1;
    if (bad || rename(tmp, path) != 0) {
        int e = errno;
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
        unlink(tmp);
        errno = e;
        return -1;
    }
    return 0;
}
