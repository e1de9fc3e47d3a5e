/*
** pairseries: see pairseries.h.
*/
#include "pairseries.h"
#include "median.h"

#include <math.h>
#include <stdlib.h>

static int in_set(int64_t cell, const int64_t *set, int n)
{
    for (int i = 0; i < n; i++)
        if (set[i] == cell)
            return 1;
    return 0;
}

/* The median over set's cells of their rate of phase m at chunk `chunk`
** of round r; NaN when none has it.  v: room for n figures. */
static double at(const struct chunk_record *chunks, int n, const int64_t *set, int ns,
                 int64_t r, int64_t chunk, enum phase_id m, double *v)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        const struct chunk_record *c = &chunks[i];
        if (c->id.repeat == r && c->chunk == chunk && in_set(c->id.cell, set, ns) &&
            c->ph[m].rate > 0)
            v[k++] = c->ph[m].rate;
    }
    return k ? median_of(v, k) : NAN;
}

void pairseries_compare(const struct chunk_record *chunks, int n, const int64_t *a, int na,
                        const int64_t *b, int nb, enum phase_id m, struct chunkpair *out)
{
    int64_t rounds = 0, last = -1;
    for (int i = 0; i < n; i++) {
        rounds = chunks[i].id.repeat > rounds ? chunks[i].id.repeat : rounds;
        last = chunks[i].chunk > last ? chunks[i].chunk : last;
    }
    size_t most = (size_t)(rounds * (last + 1));
    double *sa = malloc((most + 1) * sizeof *sa), *sb = malloc((most + 1) * sizeof *sb);
    double *v = malloc(((size_t)n + 1) * sizeof *v);
    int k = 0;
    for (int64_t r = 1; sa && sb && v && r <= rounds; r++) {
        int64_t len = 0;        /* the chunks round r has on both sides */
        while (len <= last && !isnan(at(chunks, n, a, na, r, len, m, v)) &&
               !isnan(at(chunks, n, b, nb, r, len, m, v)))
            len++;
        for (int64_t c = len % 2; c < len; c++) {
            sa[k] = at(chunks, n, a, na, r, c, m, v);
            sb[k++] = at(chunks, n, b, nb, r, c, m, v);
        }
    }
    chunkpair_compare(sa, sb, k, out);
    free(sa);
    free(sb);
    free(v);
}
