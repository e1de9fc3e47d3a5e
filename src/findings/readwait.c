/*
** readwait: the readers' wait per COMMIT.  See readwait.h.
*/
#include "readwait.h"
#include "absolute.h"
#include "dims.h"
#include "units.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The COMMITs of chunk c (readwait.h's rule). */
static double commits(const struct chunk_record *c)
{
    double rows = (double)c->ph[PHASE_WRITE].ops, every = (double)c->id.v[DIM_COMMIT_EVERY];
    if (!(rows > 0))
        return 0;
    if (!(every > 0) || every >= rows)
        return every > rows ? rows / every : 1;
    return ceil(rows / every);
}

int readwait_of(const struct summary_record *recs, int nrecs, const struct chunk_record *chunks,
                int nchunks, struct readwait *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < nchunks; i++) {
        const struct chunk_record *c = &chunks[i];
        if (!(c->rd.ops > 0) || !absolute_measured(recs, nrecs, c))
            continue;
        int k = 0;
        while (k < out->n && out->mode[k] != c->id.v[DIM_JOURNAL])
            k++;
        if (k == out->n) {
            if (out->n == READWAIT_MODES)
                continue;
            out->mode[out->n++] = c->id.v[DIM_JOURNAL];
        }
        out->wait_s[k] += c->rd.wait_s > 0 ? c->rd.wait_s : 0;
        out->commits[k] += commits(c);
    }
    for (int k = 0; k < out->n; k++)
        out->ms_per_commit[k] = out->commits[k] > 0 ? out->wait_s[k] / out->commits[k] * 1e3 : 0;
    return out->n;
}

const char *readwait_mode_text(const struct readwait *w, int k, char *buf, size_t n)
{
    dims_text(DIM_JOURNAL, w->mode[k], buf, n);
    for (char *p = buf; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    return buf;
}

const char *readwait_text(const struct readwait *w, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int k = 0; k < w->n && len < n; k++) {
        char word[32], wait[24];
        readwait_mode_text(w, k, word, sizeof word);
        len += (size_t)snprintf(buf + len, n - len,
                                k == 0 ? "Under %s, readers waited %s per COMMIT"
                                       : "; under %s, %s",
                                word, units_secs(w->ms_per_commit[k] / 1e3, wait, sizeof wait));
    }
    if (w->n && len + 2 < n)
        memcpy(buf + len, ".", 2);
    return buf;
}
