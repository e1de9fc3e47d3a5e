/*
** pairseries: see pairseries.h.  The chunks of the two sets are sorted
** once by round and chunk; each (round, chunk) is then one pass over its
** few records, so a run of many cells and chunks costs n log n.
*/
#include "pairseries.h"
#include "csvin.h"
#include "infile.h"
#include "median.h"
#include "noise.h"
#include "runkey.h"

#include <jansson.h>
#include <stdio.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int in_set(int64_t cell, const int64_t *set, int n)
{
    for (int i = 0; i < n; i++)
        if (set[i] == cell)
            return 1;
    return 0;
}

/* Whether cell's run of round r was measured to its end (status ok). */
static int measured(const struct summary_record *recs, int nrecs, int64_t cell, int64_t r)
{
    for (int i = 0; i < nrecs; i++)
        if (recs[i].id.cell == cell && recs[i].id.repeat == r)
            return strcmp(recs[i].status, "ok") == 0;
    return 0;
}

static int by_round_chunk(const void *x, const void *y)
{
    const struct chunk_record *a = *(const struct chunk_record *const *)x;
    const struct chunk_record *b = *(const struct chunk_record *const *)y;
    if (a->id.repeat != b->id.repeat)
        return a->id.repeat < b->id.repeat ? -1 : 1;
    return a->chunk < b->chunk ? -1 : a->chunk > b->chunk;
}

/* The series so far, sa/sb[from..*k): a round's, cut at its start to an
** even length. */
static void end_round(double *sa, double *sb, int from, int *k)
{
    if ((*k - from) % 2) {
        memmove(sa + from, sa + from + 1, (size_t)(*k - from - 1) * sizeof *sa);
        memmove(sb + from, sb + from + 1, (size_t)(*k - from - 1) * sizeof *sb);
        (*k)--;
    }
}

void pairseries_compare(const struct chunk_record *chunks, int n,
                        const struct summary_record *recs, int nrecs, const int64_t *a, int na,
                        const int64_t *b, int nb, enum phase_id m, struct chunkpair *out)
{
    const struct chunk_record **p = malloc(((size_t)n + 1) * sizeof *p);
    double *sa = malloc(((size_t)n + 1) * sizeof *sa), *sb = malloc(((size_t)n + 1) * sizeof *sb);
    double *va = malloc(((size_t)n + 1) * sizeof *va), *vb = malloc(((size_t)n + 1) * sizeof *vb);
    int np = 0, k = 0, straddling = 0;
    for (int i = 0; p && i < n; i++) {
        const struct chunk_record *c = &chunks[i];
        if (c->id.repeat >= 1 && c->ph[m].rate > 0 &&
            (in_set(c->id.cell, a, na) || in_set(c->id.cell, b, nb)) &&
            measured(recs, nrecs, c->id.cell, c->id.repeat))
            p[np++] = c;
    }
    if (p && sa && sb && va && vb) {
        qsort(p, (size_t)np, sizeof *p, by_round_chunk);
        int from = 0;           /* where the round in hand began in sa, sb */
        int64_t round = -1, next = 0;
        for (int i = 0; i < np;) {
            int j = i, ka = 0, kb = 0, sides = 0;
            for (; j < np && by_round_chunk(&p[i], &p[j]) == 0; j++) {
                sides |= p[j]->resumed == 1 ? 1 : 2;
                if (in_set(p[j]->id.cell, a, na))
                    va[ka++] = p[j]->ph[m].rate;
                if (in_set(p[j]->id.cell, b, nb))
                    vb[kb++] = p[j]->ph[m].rate;
            }
            if (p[i]->id.repeat != round) {
                end_round(sa, sb, from, &k);
                from = k;
                round = p[i]->id.repeat;
                next = 0;
            }
            /* a round's series runs from its first chunk while both sides have each */
            if (next >= 0 && p[i]->chunk == next && ka && kb) {
                /* a pair from both sides of a stop is no pair: left out,
                ** with its ABBA unit (chunkpair.h) */
                straddling += sides == 3;
                sa[k] = sides == 3 ? NAN : pooled_rate(va, NULL, ka);
                sb[k++] = sides == 3 ? NAN : pooled_rate(vb, NULL, kb);
                next++;
            } else {
                next = -1;
            }
            i = j;
        }
        end_round(sa, sb, from, &k);
    }
    chunkpair_compare(sa, sb, sa && sb ? k : 0, out);
    out->straddling = straddling;
    free(p);
    free(sa);
    free(sb);
    free(va);
    free(vb);
}

void pairseries_matched(const double *a, const int64_t *rows_a, int na, const double *b,
                        const int64_t *rows_b, int nb, struct chunkpair *out)
{
    int most = na < nb ? na : nb, k = 0;
    double *sa = malloc(((size_t)most + 1) * sizeof *sa), *sb = malloc(((size_t)most + 1) * sizeof *sb);
    for (int i = 0, j = 0; sa && sb && i < na && j < nb;) {
        if (rows_a[i] < rows_b[j]) {          /* a size the other cell never held */
            i++;
        } else if (rows_b[j] < rows_a[i]) {
            j++;
        } else {
            sa[k] = a[i++];
            sb[k++] = b[j++];
        }
    }
    chunkpair_compare(sa, sb, sa && sb ? k : 0, out);
    free(sa);
    free(sb);
}

/* Whether the run in dir ran its rounds in lockstep, none split. */
static int in_lockstep(const char *dir)
{
    char path[4200], err[256];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *j = infile_absent(path) ? NULL : infile_json(path, err, sizeof err);
    const char *il =
        json_string_value(json_object_get(json_object_get(j, RUNKEY_OPTIONS), RUNKEY_OPT_INTERLEAVE));
    int yes = il && strcmp(il, "off") != 0 && !json_is_true(json_object_get(j, RUNKEY_LOCKSTEP_SPLIT));
    json_decref(j);
    return yes;
}

struct chunk_record *pairseries_chunks(const char *dir, int *n, int *lockstep)
{
    char path[4200], err[256];
    struct chunk_record *chunks;
    *lockstep = in_lockstep(dir);
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    return csvin_read_records(path, CSV_CHUNKS, sizeof *chunks, n, err, sizeof err);
}

int pairseries_verdict(const struct chunk_record *chunks, int nchunks, int lockstep,
                       const struct summary_record *recs, int nrecs, const int64_t *a, int na,
                       const int64_t *b, int nb, enum phase_id m, struct verdict *out,
                       struct verdict *other)
{
    struct noise_ratio q;
    struct verdict r, p;
    memset(&p, 0, sizeof p);
    p.ratio = p.lo = p.hi = NAN;
    noise_compare(recs, nrecs, a, na, b, nb, m, &q);
    noise_as_verdict(&q, &r);
    if (chunks && (lockstep || r.evidence < 2)) {   /* in lockstep, or one after another */
        struct chunkpair c;
        pairseries_compare(chunks, nchunks, recs, nrecs, a, na, b, nb, m, &c);
        if (lockstep)
            chunkpair_as_verdict(&c, &p);
        else
            chunkpair_as_sequential(&c, &p);
    }
    int disagree = verdict_choose(&r, &p, out);
    *other = out->method == VM_ROUNDS ? p : r;
    return disagree;
}

void pairseries_fill(const char *dir, struct summary_record *recs, int n, int64_t base)
{
    int nchunks = 0, lockstep;
    if (noise_rounds(recs, n) != 1)
        return;
    struct chunk_record *chunks = pairseries_chunks(dir, &nchunks, &lockstep);
    for (int i = 0; chunks && i < n; i++) {
        struct summary_record *s = &recs[i];
        if (s->id.repeat < 1 || s->id.cell == base || strcmp(s->status, "ok") != 0)
            continue;
        for (int m = 0; m < PHASE_COUNT; m++) {
            struct chunkpair c;
            struct verdict v;
            if (!phase_table[m].noise)
                continue;
            pairseries_compare(chunks, nchunks, recs, n, &s->id.cell, 1, &base, 1,
                               (enum phase_id)m, &c);
            if (lockstep)
                chunkpair_as_verdict(&c, &v);
            else
                chunkpair_as_sequential(&c, &v);
            if (isnan(v.ratio))
                continue;
            struct phase_summary *ps = &s->ph[m];
            ps->vs_base = v.ratio;
            ps->vs_base_lo = v.lo;
            ps->vs_base_hi = v.hi;
            snprintf(ps->verdict, sizeof ps->verdict, "%s", verdict_call_name(v.call));
            snprintf(ps->method, sizeof ps->method, "%s", verdict_method_name(v.method));
        }
    }
    free(chunks);
}
