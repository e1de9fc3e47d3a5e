/*
** plan: cartesian product, repeats, warm-ups, shuffle.  See plan.h.
*/
#include "plan.h"
#include "bisect.h"
#include "modes.h"
#include "rng.h"
#include "value.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t plan_combinations(const struct config *cfg)
{
    int64_t n = 1;
    for (int d = 0; d < DIM_COUNT; d++) {
        n *= cfg->dim[d].n;
        if (n > PLAN_MAX_CELLS)
            return PLAN_MAX_CELLS + 1;
    }
    return n;
}

/* Combination k (0-based) in row-major order over the table's rows: the
** first dimension (the library) outermost. */
static void combination(const struct config *cfg, int64_t k, struct cell *c)
{
    int64_t rest = k;
    for (int d = DIM_COUNT - 1; d >= 0; d--) {
        const struct list *l = &cfg->dim[d];
        c->v[d] = l->v[rest % l->n];
        rest /= l->n;
    }
    if (c->v[DIM_COMMIT_EVERY] == 0)          /* 'chunk' */
        c->v[DIM_COMMIT_EVERY] = cfg->chunk;
    c->combo = k + 1;
}

static void shuffle(struct cell *a, int n, struct rng *r)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint64_t)i + 1);
        struct cell t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static int keep_share(const char *shard, int64_t combos, struct cell **cells, int *n, char *err,
                      size_t errlen);

/* --bisect: the cells level by level of their library (bisect.h), each
** level's in the order planned, rounds interleaved as ever. */
static int by_bisect_level(const struct config *cfg, struct cell *a, int n)
{
    struct cell *sorted = malloc(sizeof *sorted * (size_t)(n ? n : 1));
    int k = 0, nlibs = cfg->dim[DIM_LIB].n;
    if (!sorted)
        return -1;
    for (int level = 0; k < n; level++)
        for (int i = 0; i < n; i++) {
            int lo, hi;
            if (bisect_level((int)a[i].v[DIM_LIB], nlibs, &lo, &hi) == level)
                sorted[k++] = a[i];
        }
    memcpy(a, sorted, sizeof *sorted * (size_t)n);
    free(sorted);
    return 0;
}

int plan_build(const struct config *cfg, struct cell **cells, int *n, char *err, size_t errlen)
{
    int64_t combos = plan_combinations(cfg);
    int64_t rounds = cfg->warmup + cfg->repeat;
    *cells = NULL;
    *n = 0;
    if (combos * rounds > PLAN_MAX_CELLS) {
        snprintf(err, errlen, "the matrix has more than %d cells; list fewer values",
                 PLAN_MAX_CELLS);
        return -1;
    }
    struct cell *a = calloc((size_t)(combos * rounds), sizeof *a);
    if (!a) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct rng r;
    rng_seed(&r, (uint64_t)cfg->seed ^ 0x5ca1ab1eULL);
    for (int64_t round = 0; round < rounds; round++) {
        struct cell *row = a + round * combos;
        for (int64_t k = 0; k < combos; k++) {
            combination(cfg, k, &row[k]);
            row[k].warmup = round < cfg->warmup;
            row[k].repeat = round - cfg->warmup + 1;   /* warm-ups: 0, -1, ... */
        }
        if (cfg->shuffle)
            shuffle(row, (int)combos, &r);
    }
    if (cfg->bisect && by_bisect_level(cfg, a, (int)(combos * rounds)) != 0) {
        free(a);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    *cells = a;
    *n = (int)(combos * rounds);
    return cfg->shard ? keep_share(cfg->shard, combos, cells, n, err, errlen) : 0;
}

int plan_shard_parse(const char *text, int *k, int *n, char *err, size_t errlen)
{
    const char *slash = strchr(text, '/');
    char first[32];
    int64_t a, b;
    if (!slash || (size_t)(slash - text) >= sizeof first ||
        (snprintf(first, sizeof first, "%.*s", (int)(slash - text), text),
         value_parse_int(first, &a) || value_parse_int(slash + 1, &b)) ||
        a < 1 || b < 1 || a > b || b > PLAN_MAX_CELLS) {
        snprintf(err, errlen, "--shard %s: expected K/N, 1 <= K <= N (2/3: the second of three "
                 "shares)", text);
        return -1;
    }
    *k = (int)a;
    *n = (int)b;
    return 0;
}

/* The cells of share K of N: the combinations whose number, counted from
** 0, is K-1 modulo N, each with all its rounds, in the plan's order. */
static int keep_share(const char *shard, int64_t combos, struct cell **cells, int *n, char *err,
                      size_t errlen)
{
    int k, of, kept = 0;
    if (plan_shard_parse(shard, &k, &of, err, errlen) != 0)
        return -1;
    if (of > combos) {
        snprintf(err, errlen, "--shard %s: the matrix has %lld combinations, too few for %d "
                 "shares", shard, (long long)combos, of);
        return -1;
    }
    for (int i = 0; i < *n; i++)
        if (((*cells)[i].combo - 1) % of == k - 1)
            (*cells)[kept++] = (*cells)[i];
    *n = kept;
    return 0;
}

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src);
}

void plan_cell_id(const struct config *cfg, const struct cell *c, const char *version,
                  const char *source_id, struct cell_id *id)
{
    memset(id, 0, sizeof *id);
    id->cell = c->combo;
    id->repeat = c->repeat;
    copy(id->sqlite_version, sizeof id->sqlite_version, version);
    copy(id->sqlite_source_id, sizeof id->sqlite_source_id, source_id);
    copy(id->sqlite_lib, sizeof id->sqlite_lib, cfg->sqlite_lib.v[c->v[DIM_LIB]]);
    memcpy(id->v, c->v, sizeof id->v);
    copy(id->read_from, sizeof id->read_from, read_from_names[cfg->read_from]);
}

const char *plan_cell_label(const struct config *cfg, const struct cell_id *id, char *buf,
                            size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int d = 0; d < DIM_COUNT && len < n; d++) {
        char text[64], label[96];
        if (!dim_table[d].always_named && cfg->dim[d].n < 2)
            continue;
        if (d == DIM_LIB)
            copy(text, sizeof text, id->sqlite_version);
        else
            dims_text(d, id->v[d], text, sizeof text);
        dims_label(d, text, label, sizeof label);
        len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " \xc2\xb7 " : "", label);
    }
    return buf;
}

int plan_commit_after(const struct config *cfg, int64_t commit_every, int64_t rows)
{
    if (rows == cfg->rows)
        return 1;
    if (commit_every > cfg->chunk)
        return rows % commit_every == 0;
    int64_t in_chunk = rows % cfg->chunk;
    return in_chunk == 0 || in_chunk % commit_every == 0;
}

/* Bytes per row on a B-tree leaf: the value, the rowid and record header
** varints (up to 12 bytes), the cell pointer (2).  Random keys split pages
** half-full and leave them about 70% full; appended keys fill them. */
int64_t plan_estimate_db_bytes(const struct config *cfg, const struct cell *c)
{
    const int64_t page = c->v[DIM_PAGE_SIZE], every = c->v[DIM_COMMIT_EVERY];
    double row = (double)c->v[DIM_VALUE_SIZE] + 14;
    double usable = (double)page - 35;
    if (row > usable / 4)              /* overflow pages: whole pages a row */
        row = (double)page * ((int64_t)((row + page - 5) / (page - 4)));
    /* a text key (36 bytes and its header) in the row, and for a rowid
    ** table again in its automatic index with the rowid; --index value
    ** copies the value and the key into an index */
    const int text = c->v[DIM_KEY_TYPE] == KT_TEXT;
    if (text)
        row += 37 + (c->v[DIM_TABLE] == TB_ROWID ? 37 + 12 : 0);
    if (c->v[DIM_INDEX] == IX_VALUE)
        row += (double)c->v[DIM_VALUE_SIZE] + (text ? 37 : 9) + 4;
    double fill = c->v[DIM_KEY_ORDER] == KO_RANDOM ? 0.70 : 0.95;
    double db = (double)cfg->rows * row / fill * 1.02;   /* + interior pages */
    /* a WAL or rollback journal holds up to one transaction's pages */
    int64_t txn_rows = every < cfg->rows ? every : cfg->rows;
    double journal = (double)txn_rows * row / fill * 1.1;
    return (int64_t)(db + journal) + 1024 * 1024;
}
