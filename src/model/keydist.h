/*
** keydist: which row a read asks for, drawn from the rows committed so
** far by --read-dist: uniform, zipf:S, latest or hot:P, YCSB's request
** distributions.  The draw is over row indexes [0, n); the caller adds
** its offset and turns the row into a key (kvgen_key).
**
**   uniform  every row alike: rng_below(n), the draw of every release, so
**            one seed reads the same keys as before.
**   zipf:S   Zipfian with constant S (0 < S < 1): rank r is drawn with
**            probability proportional to 1/(r+1)^S, and rank r is row r,
**            so the first rows written are the hottest (with --key-order
**            random their keys are scattered, as YCSB's scrambled zipfian).
**   latest   zipf:0.99 (YCSB's constant) from the newest row back: rank r
**            is row n-1-r, as YCSB's "latest".
**   hot:P    YCSB's hotspot: P% of reads go uniformly to the hot set, the
**            first 1% of the rows (at least one), the rest uniformly to
**            the others (hotspotdatafraction 0.01, hotspotopnfraction P/100).
**
** Cost: constant memory; a draw is O(1) (Gray et al., "Quickly generating
** billion-record synthetic databases", SIGMOD 1994, as YCSB's
** ZipfianGenerator).  keydist_rows updates zeta(n) = sum 1/i^S
** incrementally as n grows: O(rows added), once each (a smaller n sums
** again from 0).  Gray's draw is exact for ranks 0 and 1 and a continuous
** approximation beyond.
**
** A dimension's value packs the kind and its parameter in thousandths:
** kind << 32 | thousandths; uniform is 0.
*/
#ifndef SQLSOAK_KEYDIST_H
#define SQLSOAK_KEYDIST_H

#include "rng.h"

#include <stddef.h>
#include <stdint.h>

enum keydist_kind { KD_UNIFORM, KD_ZIPF, KD_LATEST, KD_HOT };

#define KEYDIST_LATEST_THETA 990    /* YCSB's zipfian constant, thousandths */
#define KEYDIST_HOT_PERMILLE 10     /* the hot set: 1% of the rows */

/* The value of a distribution (kind, parameter in thousandths). */
#define KEYDIST_VALUE(kind, milli) (((int64_t)(kind) << 32) | (int64_t)(milli))
#define KEYDIST_KIND(v) ((int)((v) >> 32))
#define KEYDIST_MILLI(v) ((int64_t)((v) & 0xffffffff))

/* Parses "uniform", "zipf:0.99", "latest", "hot:90" into *v, the numbers
** read by milli, the grammar every option's numbers follow, in
** thousandths (value_parse_milli, handed down by value.c, which includes
** this header).  Returns 0, or -1 with what is wrong (not naming the
** option) in err. */
int keydist_parse(const char *text, int (*milli)(const char *, int64_t *), int64_t *v,
                  char *err, size_t errlen);

/* The canonical text of v ("zipf:0.99"), which parses back to v.
** Returns buf. */
const char *keydist_text(int64_t v, char *buf, size_t n);

struct keydist {
    int kind;
    uint64_t n;                 /* rows drawn over */
    uint64_t hot_n;             /* hot: rows in the hot set */
    double p;                   /* hot: share of draws to the hot set */
    double theta, alpha, zeta2, half_theta;  /* zipf, latest: of S alone */
    double zetan, eta;          /* of S and n */
    uint64_t zeta_rows;         /* the n zetan sums over */
};

/* A distribution v (a --read-dist value) over no rows yet. */
void keydist_init(struct keydist *d, int64_t v);

/* The rows to draw from from now on: [0, n), n >= 1. */
void keydist_rows(struct keydist *d, uint64_t n);

/* A skewed draw, out of line (keydist_draw's other kinds). */
uint64_t keydist_draw_skewed(const struct keydist *d, struct rng *r);

/* A row in [0, n), one draw: O(1). */
static inline uint64_t keydist_draw(const struct keydist *d, struct rng *r)
{
    if (d->kind == KD_UNIFORM)
        return rng_below(r, d->n);
    return keydist_draw_skewed(d, r);
}

#endif
