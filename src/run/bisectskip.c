/*
** bisectskip: a --bisect run skipped or not.  See bisectskip.h.
*/
#include "bisectskip.h"

#include "bisect.h"
#include "dims.h"
#include "noise.h"

#include <stdio.h>
#include <string.h>

/* The combination of cells[idx]'s other values with library lib; -1 none. */
static int64_t combo_with_lib(const struct cell *cells, int ncells, int idx, int lib)
{
    for (int j = 0; j < ncells; j++) {
        int same = cells[j].v[DIM_LIB] == lib;
        for (int d = 0; same && d < DIM_COUNT; d++)
            same = d == DIM_LIB || cells[j].v[d] == cells[idx].v[d];
        if (same)
            return cells[j].combo;
    }
    return -1;
}

/* A library as the records name it: its version, and its file when the
** other end is of the same version. */
static const char *lib_name(const struct summary_record *recs, int nrecs, int64_t combo,
                            const char *other_version, char *buf, size_t n)
{
    snprintf(buf, n, "?");
    for (int i = 0; i < nrecs; i++)
        if (recs[i].id.cell == combo) {
            if (other_version && !strcmp(recs[i].id.sqlite_version, other_version))
                snprintf(buf, n, "%s (%.120s)", recs[i].id.sqlite_version, recs[i].id.sqlite_lib);
            else
                snprintf(buf, n, "%s", recs[i].id.sqlite_version);
            break;
        }
    return buf;
}

static const char *version_of(const struct summary_record *recs, int nrecs, int64_t combo)
{
    for (int i = 0; i < nrecs; i++)
        if (recs[i].id.cell == combo)
            return recs[i].id.sqlite_version;
    return NULL;
}

int bisectskip_why(const struct config *cfg, const struct cell *cells, int ncells, int idx,
                   const struct summary_record *recs, int nrecs, char *buf, size_t n)
{
    int a, b;
    if (bisect_level((int)cells[idx].v[DIM_LIB], cfg->dim[DIM_LIB].n, &a, &b) == 0)
        return 0;
    int64_t ca = combo_with_lib(cells, ncells, idx, a), cb = combo_with_lib(cells, ncells, idx, b);
    const char *va = version_of(recs, nrecs, ca), *vb = version_of(recs, nrecs, cb);
    char na[200], nb[200], t[300];
    lib_name(recs, nrecs, ca, vb, na, sizeof na);
    lib_name(recs, nrecs, cb, va, nb, sizeof nb);
    static const enum phase_id phases[] = {PHASE_WRITE, PHASE_READ};
    struct verdict v[2];
    for (int k = 0; k < 2; k++) {
        struct noise_ratio q;
        noise_compare(recs, nrecs, &cb, 1, &ca, 1, phases[k], &q);
        noise_as_verdict(&q, &v[k]);
        if (v[k].call == VC_DIFFERENCE)
            return 0;
    }
    if (v[0].call == VC_NONE)
        snprintf(buf, n, BISECT_REASON "%s and %s, the ends of its interval, were not both "
                 "measured", na, nb);
    else
        snprintf(buf, n, BISECT_REASON "%s and %s, the ends of its interval, " BISECT_SAME
                 ": writes %s", na, nb, verdict_text(&v[0], 0, t, sizeof t));
    return 1;
}
