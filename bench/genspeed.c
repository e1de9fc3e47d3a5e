/*
** genspeed: what sqlsoak itself spends per operation, SQLite taken out.
**
**  - rows/s of the generator: kvgen_key + kvgen_value (the write phase's
**    per-row work besides SQLite), keys seq and random, values 16 and
**    1024 bytes;
**  - the read phase's per-read work besides SQLite: drawing the key
**    (rng_below + kvgen_key), kvgen_verify of the value, one clock read
**    (clock_now_ns = clock_gettime(CLOCK_MONOTONIC)) and hist_record.
** Links the project's own objects (build/obj/kvgen.o, hist.o), so the
** code timed is the code sqlsoak runs.  Each figure is the best of
** --repeat runs of --n operations (best: the least disturbed by a noisy
** host).
**
** Usage: genspeed [--n 5000000] [--repeat 5]
*/
#include "clock.h"
#include "hist.h"
#include "kvgen.h"
#include "modes.h"
#include "rng.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t n_ops = 5000000;
static int repeats = 5;
static volatile uint64_t sink;      /* keeps results observable */

typedef uint64_t (*bench_fn)(int64_t n, void *arg);

/* The best ns per operation over the repeats. */
static double best_ns(bench_fn f, void *arg)
{
    double best = 1e300;
    for (int r = 0; r < repeats; r++) {
        uint64_t t0 = clock_now_ns();
        sink += f(n_ops, arg);
        double ns = (double)(clock_now_ns() - t0) / (double)n_ops;
        best = ns < best ? ns : best;
    }
    return best;
}

static uint64_t gen_rows(int64_t n, void *arg)
{
    const struct kvgen *g = arg;
    unsigned char buf[1024 + 8];
    uint64_t acc = 0;
    for (int64_t i = 0; i < n; i++) {
        int64_t key = kvgen_key(g, (uint64_t)i);
        kvgen_value(g, key, buf);
        acc += buf[0] ^ (uint64_t)key;
    }
    return acc;
}

static uint64_t read_keys(int64_t n, void *arg)
{
    const struct kvgen *g = arg;
    struct rng r;
    uint64_t acc = 0;
    rng_seed(&r, 42);
    for (int64_t i = 0; i < n; i++)
        acc += (uint64_t)kvgen_key(g, rng_below(&r, 5000000));
    return acc;
}

struct verify_arg {
    const struct kvgen *g;
    unsigned char value[1024 + 8];
    int64_t key;
};

static uint64_t verify(int64_t n, void *arg)
{
    struct verify_arg *v = arg;
    uint64_t ok = 0;
    for (int64_t i = 0; i < n; i++)
        ok += (uint64_t)kvgen_verify(v->g, v->key, v->value, v->g->value_size);
    return ok;
}

static uint64_t clock_reads(int64_t n, void *arg)
{
    (void)arg;
    uint64_t acc = 0;
    for (int64_t i = 0; i < n; i++)
        acc += clock_now_ns();
    return acc;
}

#define NLAT 4096
struct hist_arg {
    struct hist h;
    uint64_t lat[NLAT];     /* read latencies as a run sees them: 5..100 us */
};

static uint64_t hist_records(int64_t n, void *arg)
{
    struct hist_arg *a = arg;
    for (int64_t i = 0; i < n; i++)
        hist_record(&a->h, a->lat[i & (NLAT - 1)]);
    return a->h.count;
}

static uint64_t hist_baseline(int64_t n, void *arg)
{
    struct hist_arg *a = arg;
    uint64_t acc = 0;
    for (int64_t i = 0; i < n; i++)
        acc += a->lat[i & (NLAT - 1)];
    return acc;
}

int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--n"))
            n_ops = strtoll(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--repeat"))
            repeats = atoi(argv[i + 1]);
    }
    if (n_ops < 1 || repeats < 1) {
        fprintf(stderr, "usage: genspeed [--n OPS] [--repeat R]\n");
        return 2;
    }
    printf("genspeed: best of %d runs of %" PRId64 " operations each\n\n", repeats, n_ops);

    printf("generator (kvgen_key + kvgen_value), per row written:\n");
    printf("  %-7s %6s  %12s  %10s\n", "keys", "value", "rows/s", "ns/row");
    static const int orders[] = {KO_SEQ, KO_RANDOM};
    static const size_t sizes[] = {16, 1024};
    for (int o = 0; o < 2; o++)
        for (int s = 0; s < 2; s++) {
            struct kvgen g;
            kvgen_init(&g, 42, orders[o], sizes[s]);
            double ns = best_ns(gen_rows, &g);
            printf("  %-7s %6zu  %12.0f  %10.1f\n", orders[o] == KO_RANDOM ? "random" : "seq", sizes[s],
                   1e9 / ns, ns);
        }

    printf("\nper read, besides SQLite:\n");
    struct kvgen g;
    kvgen_init(&g, 42, KO_RANDOM, 16);
    double key_ns = best_ns(read_keys, &g);
    printf("  %-44s %8.1f ns\n", "key draw (rng_below + kvgen_key, random)", key_ns);
    double verify_ns[2];
    for (int s = 0; s < 2; s++) {
        static struct verify_arg v;
        struct kvgen gv;
        kvgen_init(&gv, 42, KO_SEQ, sizes[s]);
        v.g = &gv;
        v.key = 12345;
        kvgen_value(&gv, v.key, v.value);
        verify_ns[s] = best_ns(verify, &v);
        char what[64];
        snprintf(what, sizeof what, "kvgen_verify, %zu-byte value", sizes[s]);
        printf("  %-44s %8.1f ns\n", what, verify_ns[s]);
    }
    double clock_ns = best_ns(clock_reads, NULL);
    printf("  %-44s %8.1f ns\n", "clock_now_ns (clock_gettime MONOTONIC)", clock_ns);
    struct hist_arg *ha = malloc(sizeof *ha);
    if (!ha)
        return 1;
    hist_reset(&ha->h);
    struct rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < NLAT; i++)
        ha->lat[i] = 5000 + rng_below(&r, 95000);
    double base_ns = best_ns(hist_baseline, ha);
    double hist_ns = best_ns(hist_records, ha) - base_ns;
    printf("  %-44s %8.1f ns\n", "hist_record (loop overhead subtracted)", hist_ns);
    free(ha);

    double timing = clock_ns + hist_ns;
    printf("\nper-operation timing overhead (clock read + hist_record): %.1f ns\n", timing);
    printf("sqlsoak-only work per read (timing + kvgen_verify 16 B): %.1f ns\n",
           timing + verify_ns[0]);
    printf("  = %.2f%% of a 10 us read, %.2f%% of a 2 us read\n",
           100 * (timing + verify_ns[0]) / 10000, 100 * (timing + verify_ns[0]) / 2000);
    return 0;
}
