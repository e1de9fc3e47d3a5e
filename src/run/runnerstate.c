/*
** runnerstate: the names of a run's runs and databases, and where and why
** it stopped.  See runnerstate.h.
*/
#include "runnerstate.h"
#include "cellname.h"
#include "fdio.h"
#include "folder.h"
#include "notice.h"

#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the names of a run's databases ---- */

void runner_name_databases(struct runner *r)
{
    char abs[PATH_MAX], base[48];
    uint32_t h = 2166136261u;       /* FNV-1a of the folder's absolute path */
    if (!realpath(r->out, abs))
        snprintf(abs, sizeof abs, "%s", r->out);
    for (const char *p = abs; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    folder_safe_name(folder_basename(r->out), base, sizeof base);
    snprintf(r->run_name, sizeof r->run_name, "%s-%08" PRIx32, base, h);
}

void runner_db_file(const struct runner *r, int64_t combo, const char *role, char *buf,
                    size_t n)
{
    assert(r->run_name[0]);     /* runner_name_databases came first */
    snprintf(buf, n, "%s/sqlsoak-%s-cell%" PRId64 "-%s.db", r->db_dir, r->run_name, combo,
             role);
}

void runner_db_path(const struct runner *r, const struct cell *c, char *buf, size_t n)
{
    char role[32];
    if (c->warmup)
        snprintf(role, sizeof role, "warmup%" PRId64, 1 - c->repeat);
    else
        snprintf(role, sizeof role, "rep%" PRId64, c->repeat);
    runner_db_file(r, c->combo, role, buf, n);
}

const char *runner_run_name(const struct runner *r, int idx, char *buf, size_t n)
{
    const struct cell *c = &r->cells[idx];
    return cellname_run(buf, n, idx + 1, r->ncells, c->combo, c->repeat, r->cfg->repeat);
}

/* A result file could not be written: the run stops there, as disk_full
** when the results disk is full (resumable once there is room), else as
** io_error; the cell in hand stays unrecorded and its database kept. */
void runner_results_failed(struct runner *r, const char *what, int err)
{
    int full = fdio_disk_full(err);
    r->end = full ? "disk_full" : "io_error";
    snprintf(r->end_why, sizeof r->end_why, "%s: cannot write %.400s/%s: %s",
             full ? "the results disk is full" : "results not written", r->out, what,
             strerror(err));
    notice_line("sqlsoak: %s", r->end_why);
}

/* Where the run stopped, into r->where. */
void runner_note_where(struct runner *r, int i, int64_t chunks, const char *why)
{
    const struct config *cfg = r->cfg;
    char name[CELLNAME_MAX];
    snprintf(r->where, sizeof r->where, "%s after %" PRId64 " of %" PRId64 " chunks%s%s",
             runner_run_name(r, i, name, sizeof name), chunks,
             (cfg->rows + cfg->chunk - 1) / cfg->chunk, why ? ": " : "", why ? why : "");
}
