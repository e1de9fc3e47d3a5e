/*
** plan: cartesian product, repeats, warm-ups, shuffle.  See plan.h.
*/
#include "plan.h"
#include "rng.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t plan_combinations(const struct config *cfg)
{
    const struct list *dims[] = {&cfg->page_size, &cfg->journal, &cfg->sync,
                                 &cfg->commit_every, &cfg->cache_size, &cfg->mmap_size,
                                 &cfg->key_order, &cfg->value_size};
    int64_t n = cfg->sqlite_lib.n;
    for (size_t i = 0; i < sizeof dims / sizeof *dims; i++) {
        n *= dims[i]->n;
        if (n > PLAN_MAX_CELLS)
            return PLAN_MAX_CELLS + 1;
    }
    return n;
}

/* Combination k (0-based) in row-major order, the library outermost. */
static void combination(const struct config *cfg, int64_t k, struct cell *c)
{
    int64_t rest = k;
#define PICK(list) ((list).v[rest % (list).n]); rest /= (list).n
    c->value_size = PICK(cfg->value_size);
    c->key_order = (int)PICK(cfg->key_order);
    c->mmap_size = PICK(cfg->mmap_size);
    c->cache_size = PICK(cfg->cache_size);
    c->commit_every = PICK(cfg->commit_every);
    c->sync = (int)PICK(cfg->sync);
    c->journal = (int)PICK(cfg->journal);
    c->page_size = PICK(cfg->page_size);
#undef PICK
    c->lib = (int)(rest % cfg->sqlite_lib.n);
    if (c->commit_every == 0)
        c->commit_every = cfg->chunk;
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
    *cells = a;
    *n = (int)(combos * rounds);
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
    copy(id->sqlite_lib, sizeof id->sqlite_lib, cfg->sqlite_lib.v[c->lib]);
    id->page_size = c->page_size;
    copy(id->journal_mode, sizeof id->journal_mode, journal_names[c->journal]);
    copy(id->synchronous, sizeof id->synchronous, sync_names[c->sync]);
    id->commit_every = c->commit_every;
    if (c->cache_size == OPT_DEFAULT)
        copy(id->cache_size, sizeof id->cache_size, "default");
    else
        snprintf(id->cache_size, sizeof id->cache_size, "%" PRId64, c->cache_size);
    if (c->mmap_size == OPT_DEFAULT)
        copy(id->mmap_size, sizeof id->mmap_size, "default");
    else
        snprintf(id->mmap_size, sizeof id->mmap_size, "%" PRId64, c->mmap_size);
    copy(id->key_order, sizeof id->key_order, key_order_names[c->key_order]);
    id->value_size = c->value_size;
    copy(id->read_from, sizeof id->read_from, cfg->read_from == RF_CHUNK ? "chunk" : "all");
}

const char *plan_cell_label(const struct config *cfg, const struct cell_id *id, char *buf,
                            size_t n)
{
    char ps[16];
    int len = snprintf(buf, n, "%s \xc2\xb7 %s \xc2\xb7 %s \xc2\xb7 %s", id->sqlite_version,
                       options_bytes_str(id->page_size, ps, sizeof ps), id->journal_mode,
                       id->synchronous);
    if (len < 0 || (size_t)len >= n)
        return buf;
    if (cfg->commit_every.n > 1)
        len += snprintf(buf + len, n - (size_t)len, " \xc2\xb7 commit %" PRId64, id->commit_every);
    if (len >= 0 && (size_t)len < n && cfg->cache_size.n > 1)
        len += snprintf(buf + len, n - (size_t)len, " \xc2\xb7 cache %s", id->cache_size);
    if (len >= 0 && (size_t)len < n && cfg->mmap_size.n > 1)
        len += snprintf(buf + len, n - (size_t)len, " \xc2\xb7 mmap %s", id->mmap_size);
    if (len >= 0 && (size_t)len < n && cfg->key_order.n > 1)
        len += snprintf(buf + len, n - (size_t)len, " \xc2\xb7 %s", id->key_order);
    if (len >= 0 && (size_t)len < n && cfg->value_size.n > 1)
        snprintf(buf + len, n - (size_t)len, " \xc2\xb7 v%" PRId64, id->value_size);
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
    double row = (double)c->value_size + 14;
    double usable = (double)c->page_size - 35;
    if (row > usable / 4)              /* overflow pages: whole pages a row */
        row = (double)c->page_size * ((int64_t)((row + c->page_size - 5) / (c->page_size - 4)));
    double fill = c->key_order == KO_RANDOM ? 0.70 : 0.95;
    double db = (double)cfg->rows * row / fill * 1.02;   /* + interior pages */
    /* a WAL or rollback journal holds up to one transaction's pages */
    int64_t txn_rows = c->commit_every < cfg->rows ? c->commit_every : cfg->rows;
    double journal = (double)txn_rows * row / fill * 1.1;
    return (int64_t)(db + journal) + 1024 * 1024;
}
