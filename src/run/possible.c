/*
** possible: the cells a plan's settings or its libraries' probes rule
** out.  See possible.h.
*/
#include "possible.h"

#include "checkpoint.h"
#include "modes.h"
#include "sqlapi.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char *possible_why(const struct runner *r, const struct cell *c, const int *wal,
                         char *buf, size_t n)
{
    const struct sqlapi *api = &r->libs[c->v[DIM_LIB]];
    if (checkpoint_refusal(c, api, buf, n))
        return buf;
    if (c->v[DIM_JOURNAL] == JM_WAL && !wal[c->v[DIM_LIB]]) {
        snprintf(buf, n, "journal_mode wal: SQLite %s (%s) does not take it (see sqlsoak info)",
                 api->version, api->path);
        return buf;
    }
    return NULL;
}

int possible_check(const struct runner *r, int *wal, char *err, size_t errlen)
{
    const char *base = getenv("TMPDIR");
    char tmp[4096], why[512];
    snprintf(tmp, sizeof tmp, "%s/sqlsoak-probe-XXXXXX", base && *base ? base : "/tmp");
    int probed = mkdtemp(tmp) != NULL;
    for (int i = 0; i < r->nlibs; i++) {
        struct sqlcaps caps;
        /* a probe that cannot run rules nothing out: the cell will tell */
        wal[i] = !probed || sqlapi_probe(&r->libs[i], tmp, &caps, why, sizeof why) != 0 ||
                 caps.wal;
    }
    if (probed)
        rmdir(tmp);
    for (int i = 0; i < r->ncells; i++)
        if (!possible_why(r, &r->cells[i], wal, why, sizeof why))
            return 0;
    /* every cell is ruled out: the first one's reason is the run's */
    possible_why(r, &r->cells[0], wal, why, sizeof why);
    snprintf(err, errlen, "%s: no cell of this run can run, so nothing would be measured", why);
    return -1;
}
