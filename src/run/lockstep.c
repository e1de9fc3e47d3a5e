/*
** lockstep: see lockstep.h.  Every cell of the group is started at once,
** gated (cellproc.h): it opens its database and waits.  Then, step by
** step, each cell still running is given one turn (its next chunk, or its
** end once its chunks are done), and its chunk's end is awaited before
** the next cell's turn: one cell works at a time, so the machine
** measures one chunk at a time, as without interleaving.  A cell that
** ends early (failed, hung, stopped) has no more turns.  A resumed cell's
** turns count from its recorded chunks (lockstep_turns).
*/
#include "lockstep.h"
#include "cellproc.h"
#include "dims.h"
#include "modes.h"
#include "plan.h"
#include "stop.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(LOCKSTEP_MAX_CELLS < STOP_MAX_CHILDREN, "a lockstep group's processes at once");

int lockstep_order(int64_t step, int j, int count)
{
    return step % 2 == 0 ? j : count - 1 - j;
}

int lockstep_fit(const int64_t *db_bytes, int count, int64_t free_bytes, int64_t min_free)
{
    int64_t used = 0;
    int k = 0;
    for (; k < count; k++) {
        used += db_bytes[k];
        if (k > 0 && free_bytes >= 0 && used > free_bytes - min_free)
            break;
    }
    return k > 0 ? k : 1;
}

void lockstep_room(const struct config *cfg, const struct cell *cells, int ncells,
                   int64_t free_bytes, struct lockstep_room *out)
{
    int64_t round = 0;
    int n = 0, first = 0;
    memset(out, 0, sizeof *out);
    int64_t *bytes = calloc((size_t)ncells + 1, sizeof *bytes);
    for (int i = 0; i < ncells; i++) {
        int64_t b = plan_estimate_db_bytes(cfg, &cells[i]);
        round += b;
        n++;
        if (bytes)
            bytes[i] = b;
        if (i + 1 == ncells || cells[i + 1].repeat != cells[i].repeat) {
            int cap = n < LOCKSTEP_MAX_CELLS ? n : LOCKSTEP_MAX_CELLS;
            int k = bytes ? lockstep_fit(bytes + first, cap, free_bytes, cfg->min_free) : cap;
            if (k < n && (!out->group || k < out->group))
                out->group = k;
            out->most_n = round > out->most ? n : out->most_n;
            out->most = round > out->most ? round : out->most;
            out->widest = n > out->widest ? n : out->widest;
            round = n = 0;
            first = i + 1;
        }
    }
    free(bytes);
}

const char *lockstep_refused(const struct config *cfg, const char **opt)
{
    if (cfg->shard) {
        *opt = "shard";
        return "a share's cells would run apart from the other shares'";
    }
    static const int busy[] = {DIM_READERS, DIM_PIN_READER, DIM_WRITE_RATE};
    for (size_t k = 0; k < sizeof busy / sizeof *busy; k++) {
        const struct list *l = &cfg->dim[busy[k]];
        for (int i = 0; i < l->n; i++)
            if (l->v[i] != 0) {
                *opt = dim_table[busy[k]].opt.name;
                return "its cells would keep working while another cell has its turn";
            }
    }
    return NULL;
}

int lockstep_choose(const struct config *cfg, const struct lockstep_room *room,
                    int64_t free_bytes, char *reason, size_t n)
{
    const char *opt = NULL, *refused = lockstep_refused(cfg, &opt);
    if (cfg->interleave != IL_AUTO) {
        snprintf(reason, n, "as --interleave %s asks", interleave_names[cfg->interleave]);
        return cfg->interleave == IL_CHUNK;
    }
    if (room->widest < 2)
        snprintf(reason, n, "a round of one cell: nothing to pair it with");
    else if (refused)
        snprintf(reason, n, "--%s: %s", opt, refused);
    else if (room->widest > LOCKSTEP_MAX_CELLS)
        snprintf(reason, n, "a round of %d cells, more than the %d that run in lockstep at once",
                 room->widest, LOCKSTEP_MAX_CELLS);
    else if (room->group)
        snprintf(reason, n, "a round's databases, about %" PRId64 " MiB together, do not fit the "
                 "%" PRId64 " MiB free under --db-dir less --min-free %" PRId64 " MiB",
                 room->most >> 20, free_bytes >> 20, cfg->min_free >> 20);
    else {
        snprintf(reason, n, "a round's databases fit the free disk together");
        return 1;
    }
    return 0;
}

/* Gives m's cell its turn, shown on pg.  1 while it runs on. */
static int turn(struct lockstep_member *m, struct cellproc *cp, struct progress *pg)
{
    pg->label = m->label;
    if (strcmp(pg->name, m->name) != 0) {
        progress_done(pg);          /* another cell's line */
        snprintf(pg->name, sizeof pg->name, "%s", m->name);
    }
    int got = cellproc_step(cp);
    if (got == 2)
        return 1;
    m->got = cellproc_finish(cp, got, m->why, sizeof m->why);
    return 0;
}

int lockstep_turns(const int64_t *done, const int *running, int count, int *turns)
{
    int64_t step = INT64_MAX;
    int n = 0;
    for (int k = 0; k < count; k++)
        if (running[k] && done[k] < step)
            step = done[k];
    for (int j = 0; j < count; j++) {
        int k = lockstep_order(step, j, count);
        if (running[k] && done[k] == step)
            turns[n++] = k;
    }
    return n;
}

/* The chunks cell m had recorded before this session: its prior's. */
static int64_t chunks_before(const struct lockstep_member *m)
{
    return m->env->prior ? m->env->prior->chunks : 0;
}

void lockstep_run(struct lockstep_member *m, int count, int64_t watchdog_s,
                  struct progress *pg)
{
    struct cellproc *cp = calloc((size_t)count, sizeof *cp);
    int *running = calloc((size_t)count, sizeof *running), left = 0;
    int64_t *done = calloc((size_t)count, sizeof *done);   /* each cell's turns, chunks first */
    int *turns = calloc((size_t)count, sizeof *turns);
    for (int k = 0; k < count; k++) {
        m[k].got = -1;
        if (!cp || !running || !done || !turns)
            snprintf(m[k].why, sizeof m[k].why, "out of memory");
        else if (cellproc_start(&cp[k], m[k].env, watchdog_s, 1, m[k].res, m[k].why,
                                sizeof m[k].why) == 0) {
            running[k] = 1;
            done[k] = chunks_before(&m[k]);
            left++;
        }
    }
    for (int nt; left > 0 && (nt = lockstep_turns(done, running, count, turns)) > 0;)
        for (int t = 0; t < nt; t++) {
            int k = turns[t];
            done[k]++;
            if (!(running[k] = turn(&m[k], &cp[k], pg)))
                left--;
        }
    free(turns);
    progress_done(pg);
    free(cp);
    free(running);
    free(done);
}
