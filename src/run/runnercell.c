/*
** runnercell: the plan's runs in their own processes (cellproc.h), as the
** runner starts them: one at a time, or the runs of a round that fit
** together on the disk as a lockstep group (--interleave chunk,
** lockstep.h).  A run's process that hands back no result leaves its
** cell unrecorded and its database kept, for resume.  See runnercell.h.
*/
#include "runnercell.h"
#include "runnerstate.h"
#include "cellname.h"
#include "cellproc.h"
#include "dbfile.h"
#include "csvout.h"
#include "lockstep.h"
#include "plan.h"
#include "runjson.h"
#include "runkey.h"
#include "stop.h"
#include "sysinfo.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What a cell's process is started with: its soak_env, and the names
** it is shown by (they outlive the process). */
struct runner_cell {
    struct soak_env env;
    char db[4400];
    char label[256];
    char name[CELLNAME_MAX];
};

/* rc for run idx of the plan, continuing from prior when not NULL, shown
** on pg, bound by deadline_ns (0: none). */
static void runner_cell_env(struct runner *r, int idx, const struct soak_prior *prior,
                            struct progress *pg, uint64_t deadline_ns, struct runner_cell *rc)
{
    const struct cell *c = &r->cells[idx];
    const struct sqlapi *api = &r->libs[c->v[DIM_LIB]];
    struct soak_env *env = &rc->env;
    memset(env, 0, sizeof *env);
    env->cfg = r->cfg;
    env->cell = c;
    env->api = api;
    plan_cell_id(r->cfg, c, api->version, api->source_id, &env->id);
    runner_db_path(r, c, rc->db, sizeof rc->db);
    env->db_path = rc->db;
    env->chunks_fd = r->chunks_fd;
    env->histograms_fd = r->histograms_fd;
    env->timeline_fd = r->timeline_fd;
    env->progress = pg;
    env->deadline_ns = deadline_ns;
    env->stop = &stop_signal;
    env->prior = prior;
    env->commit_fd = -1;
    env->beat_fd = -1;
    env->mark_fd = r->marks_fd;
    plan_cell_label(r->cfg, &env->id, rc->label, sizeof rc->label);
    runner_run_name(r, idx, rc->name, sizeof rc->name);
}

/* After rc's process ended as cellproc_run says (rc_proc 0, -1 or 1, why
** its line): 0 with *res, status hung when the watchdog killed it; or -1
** when the process handed back no result (killed by the OOM killer, say):
** *res then holds what chunks.csv recorded of it and why, the cell is left
** unrecorded and its database kept, for resume. */
static int runner_cell_ended(struct runner *r, const struct runner_cell *rc, int rc_proc,
                             const char *why, struct cell_result *res)
{
    if (rc_proc == 0)
        return 0;
    memset(res, 0, sizeof *res);
    csvout_clear(CSV_SUMMARY, &res->sum);
    res->status = rc_proc == 1 ? ST_HUNG : ST_INTERRUPTED;
    snprintf(res->sum.status, sizeof res->sum.status, "%s", status_names[res->status]);
    res->sum.id = rc->env.id;
    /* its figures from its chunks recorded: a cell killed in its verify
    ** keeps its whole measurement */
    cellproc_recorded(r->out, &rc->env.id, (r->cfg->rows + r->cfg->chunk - 1) / r->cfg->chunk,
                      r->cfg->chunk, &res->sum);
    snprintf(res->sum.reason, sizeof res->sum.reason, "%s", why);
    return rc_proc == 1 ? 0 : -1;    /* a hung cell is recorded; its database is kept */
}

/* Runs cell idx in its own process.  0 with *res (status hung when the
** watchdog killed it), or -1 when the process handed back no result
** (killed by the OOM killer, say): *res then holds what chunks.csv
** recorded of it and why, the cell is left unrecorded and its database
** kept, for resume. */
int runner_cell_run(struct runner *r, int idx, const struct soak_prior *prior,
                    struct progress *pg, uint64_t deadline_ns, struct cell_result *res)
{
    struct runner_cell rc;
    char why[200];
    runner_cell_env(r, idx, prior, pg, deadline_ns, &rc);
    pg->label = rc.label;
    snprintf(pg->name, sizeof pg->name, "%s", rc.name);
    int got = cellproc_run(&rc.env, r->cfg->watchdog_s, res, why, sizeof why);
    return runner_cell_ended(r, &rc, got, why, res);
}

/* The bytes database db and its side files hold. */
static int64_t db_files_bytes(const char *db)
{
    struct stat st;
    int64_t sum = stat(db, &st) == 0 ? st.st_size : 0;
    for (int i = 0; dbfile_sides[i]; i++) {
        char path[4400];
        if (dbfile_side(db, dbfile_sides[i], path, sizeof path) == 0 && stat(path, &st) == 0)
            sum += st.st_size;
    }
    return sum;
}

/* Member j of the k cells of a lockstep group rc[] found the database
** disk full: that disk is shared by the group, and another cell's files
** may have taken the room.  Its reason says so, with the cell that held
** the most besides it. */
static void note_shared_disk(const struct runner_cell *rc, int k, int j, struct cell_result *res)
{
    int most = -1;
    int64_t held = -1;
    for (int i = 0; i < k; i++) {
        int64_t b = i == j ? -1 : db_files_bytes(rc[i].db);
        if (b > held) {
            held = b;
            most = i;
        }
    }
    char name[CELLNAME_MAX];
    size_t len = strlen(res->sum.reason);
    snprintf(res->sum.reason + len, sizeof res->sum.reason - len,
             "; the disk is shared by the %d cells of its round in lockstep: %s's files held %"
             PRId64 " MiB as the round ended, this cell's %" PRId64 " MiB",
             k, cellname(name, sizeof name, rc[most].env.cell->combo, 1, 1), held >> 20,
             db_files_bytes(rc[j].db) >> 20);
}

void runner_cell_group_free(struct runner_cell_group *g)
{
    free(g->res);
    free(g->lost);
    g->res = NULL;
    g->lost = NULL;
}

/* Runs the lockstep group that starts at run i into *g: as many runs of
** its round as fit together on the disk (lockstep.h), run i + j from
** priors[j] when j < npriors and that is not NULL.  0, or -1 when there
** is no memory for it (the run then stops as interrupted). */
int runner_cell_group(struct runner *r, int i, const struct soak_prior *const *priors,
                      int npriors, struct progress *pg, uint64_t deadline,
                      struct runner_cell_group *g)
{
    int k = 0;
    while (i + k < r->ncells && r->cells[i + k].repeat == r->cells[i].repeat)
        k++;
    int64_t *bytes = calloc((size_t)k, sizeof *bytes);
    struct runner_cell *rc = calloc((size_t)k, sizeof *rc);
    struct lockstep_member *m = calloc((size_t)k, sizeof *m);
    runner_cell_group_free(g);
    g->res = calloc((size_t)k, sizeof *g->res);
    g->lost = calloc((size_t)k, sizeof *g->lost);
    int ok = bytes && rc && m && g->res && g->lost;
    if (ok) {
        for (int j = 0; j < k; j++)
            bytes[j] = plan_estimate_db_bytes(r->cfg, &r->cells[i + j]);
        int round = k;
        k = lockstep_fit(bytes, k < LOCKSTEP_MAX_CELLS ? k : LOCKSTEP_MAX_CELLS,
                         sysinfo_free_bytes(r->db_dir), r->cfg->min_free);
        /* cells of one round in two groups ran apart: no chunk pairs (on
        ** disk at once: the answer is read from there) */
        json_t *root = runjson_root(r->rj);
        if (k < round && !json_is_true(json_object_get(root, RUNKEY_LOCKSTEP_SPLIT))) {
            json_object_set_new(root, RUNKEY_LOCKSTEP_SPLIT, json_true());
            if (runjson_write(r->rj, r->out) != 0)
                runner_results_failed(r, "run.json", errno);
        }
        for (int j = 0; j < k; j++) {
            runner_cell_env(r, i + j, j < npriors ? priors[j] : NULL, pg, deadline, &rc[j]);
            m[j] = (struct lockstep_member){.env = &rc[j].env, .label = rc[j].label,
                                            .name = rc[j].name, .res = &g->res[j]};
        }
        pg->later_cells_s = -1;
        lockstep_run(m, k, r->cfg->watchdog_s, pg);
        for (int j = 0; j < k && k > 1; j++)
            if (m[j].got == 0 && g->res[j].status == ST_DISK_FULL && !g->res[j].results_full)
                note_shared_disk(rc, k, j, &g->res[j]);
        for (int j = 0; j < k; j++)
            g->lost[j] = runner_cell_ended(r, &rc[j], m[j].got, m[j].why, &g->res[j]);
        g->first = i;
        g->end = i + k;
    } else {
        runner_cell_group_free(g);
        r->end = "interrupted";
        runner_note_where(r, i, 0, "out of memory");
    }
    free(bytes);
    free(rc);
    free(m);
    return ok ? 0 : -1;
}
