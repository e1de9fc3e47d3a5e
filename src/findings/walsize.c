/*
** walsize: a WAL cell's WAL, bounded or growing.  See walsize.h.
*/
#include "walsize.h"

#include "dims.h"
#include "modes.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A WAL file's header, and each frame's before its page (SQLite's file
** format): N frames are WAL_HEADER + N * (page + WAL_FRAME_HEADER) bytes. */
#define WAL_HEADER 32
#define WAL_FRAME_HEADER 24

static int by_chunk(const void *a, const void *b)
{
    const struct chunk_record *x = *(const struct chunk_record *const *)a;
    const struct chunk_record *y = *(const struct chunk_record *const *)b;
    return (x->chunk > y->chunk) - (x->chunk < y->chunk);
}

/* The first of a run's chunks (in chunk order) the verdict is judged
** from: the second, when each chunk ends with an explicit checkpoint or
** none is ever due (wal_autocheckpoint 0); else the first after which the
** WAL had reached wal_autocheckpoint's pages, when a checkpoint was due
** (a WAL still filling up to it grows, bounded or not); -1 when none
** had. */
static int first_judged(const struct chunk_record *const *run, int m)
{
    const int64_t *v = run[0]->id.v;
    int64_t pages = v[DIM_WAL_AUTOCHECKPOINT] == VALUE_DEFAULT ? WALSIZE_DEFAULT_AUTOCHECKPOINT
                                                               : v[DIM_WAL_AUTOCHECKPOINT];
    if (!isnan(run[0]->ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_WAL_FRAMES]) || pages <= 0)
        return 1;
    for (int k = 0; k < m; k++)
        if (run[k]->wal_bytes >= WAL_HEADER + pages * (v[DIM_PAGE_SIZE] + WAL_FRAME_HEADER))
            return k + 1 < m ? (k > 0 ? k : 1) : -1;
    return -1;
}

int walsize_judge(const struct chunk_record *ch, int n, int64_t cell, int64_t repeat,
                  struct walsize *w)
{
    const struct chunk_record **run = malloc(sizeof *run * (size_t)(n + 1));
    int m = 0;
    for (int i = 0; run && i < n; i++)
        if (ch[i].id.cell == cell && ch[i].id.repeat == repeat && ch[i].wal_bytes >= 0 &&
            ch[i].id.v[DIM_JOURNAL] == JM_WAL)
            run[m++] = &ch[i];
    if (m < WALSIZE_MIN_CHUNKS + 1) {
        free(run);
        return 0;
    }
    qsort(run, (size_t)m, sizeof *run, by_chunk);
    /* a resume opens the database again, its WAL from nothing: the chunks
    ** after it are a run of their own */
    int from = 0;
    for (int k = 1; k < m; k++)
        if (run[k]->resumed == 1 && run[k - 1]->resumed != 1)
            from = k;
    run += from;
    m -= from;
    /* a transaction longer than a chunk: the WAL grows inside it by
    ** design, so only the chunks a COMMIT ended are held to each other */
    int64_t every = run[0]->id.v[DIM_COMMIT_EVERY];
    int all = m, kept = 0;
    for (int j = 0; every > 0 && j < all; j++) {
        int64_t end = run[j]->rows, began = end - (int64_t)run[j]->ph[PHASE_WRITE].ops;
        if (j == all - 1 || end / every > began / every)
            run[kept++] = run[j];
    }
    m = every > 0 ? kept : m;
    if (m < all && m < WALSIZE_MIN_CHUNKS + 1) {
        const struct chunk_record *z = run[m - 1];
        *w = (struct walsize){.cell = cell, .repeat = repeat, .chunks = all, .all_chunks = all,
                              .txn_rows = every, .first = NAN, .last = (double)z->wal_bytes,
                              .last_rows = z->rows, .hi = (double)z->wal_bytes};
        free(run - from);
        return 1;
    }
    int f = m > 0 ? first_judged(run, m) : -1;
    if (f < 0 || m - f < WALSIZE_MIN_CHUNKS) {
        free(run - from);
        return 0;
    }
    *w = (struct walsize){.cell = cell, .repeat = repeat, .chunks = m - f, .all_chunks = m,
                          .txn_rows = m < all ? every : 0};
    const struct chunk_record *a = run[f], *z = run[m - 1];
    w->first = w->lo = w->hi = (double)a->wal_bytes;
    w->last = (double)z->wal_bytes;
    w->first_rows = a->rows;
    w->last_rows = z->rows;
    for (int k = 0; k < m; k++)
        w->held_back += run[k]->ph[PHASE_CHECKPOINT].fig[PHASEFIG_CHECKPOINT_BUSY] > 0;
    for (int k = f + 1; k < m; k++) {
        double b = (double)run[k]->wal_bytes;
        w->rises += run[k]->wal_bytes > run[k - 1]->wal_bytes;
        w->lo = b < w->lo ? b : w->lo;
        w->hi = b > w->hi ? b : w->hi;
    }
    w->growing = 3 * w->rises >= 2 * (m - f - 1) && w->last - w->first > w->first / 4;
    if (w->growing) {
        double rows = (double)(z->rows - a->rows), s = z->elapsed_s - a->elapsed_s;
        w->per_million_rows = rows > 0 ? (w->last - w->first) / rows * 1e6 : NAN;
        w->per_hour = s > 0 ? (w->last - w->first) / s * 3600 : NAN;
    }
    free(run - from);
    return 1;
}

const char *walsize_text(const struct walsize *w, const char *name, char *buf, size_t n)
{
    char a[24], b[24], r[24], h[24], held[96] = "";
    if (w->held_back)
        snprintf(held, sizeof held, "; a reader held its checkpoint back in %d of %d chunks",
                 w->held_back, w->all_chunks);
    if (isnan(w->first))
        snprintf(buf, n,
                 "WAL (%s): inside its transactions of %lld rows, longer than a chunk, the -wal "
                 "file reached %s at %lld rows; a WAL grows inside a transaction by design and "
                 "is reset after it, so this is no rate to grow to an hour%s.",
                 name, (long long)w->txn_rows, units_bytes(w->last, b, sizeof b),
                 (long long)w->last_rows, held);
    else if (w->growing)
        snprintf(buf, n,
                 "WAL (%s): growing: after each chunk the -wal file was larger in %d of %d "
                 "chunks, from %s at %lld rows to %s at %lld, %s per million rows written "
                 "(%s an hour)%s.",
                 name, w->rises, w->chunks - 1, units_bytes(w->first, a, sizeof a),
                 (long long)w->first_rows, units_bytes(w->last, b, sizeof b), (long long)w->last_rows,
                 units_bytes(w->per_million_rows, r, sizeof r), units_bytes(w->per_hour, h, sizeof h), held);
    else {
        char range[64];
        units_bytes(w->lo, a, sizeof a);
        units_bytes(w->hi, b, sizeof b);
        snprintf(range, sizeof range, strcmp(a, b) ? "between %s and %s" : "at %s", a, b);
        snprintf(buf, n,
                 "WAL (%s): bounded: after each chunk the -wal file stayed %s over %d chunks, "
                 "as the table grew from %lld to %lld rows%s.",
                 name, range, w->chunks, (long long)w->first_rows, (long long)w->last_rows,
                 held);
    }
    return buf;
}
