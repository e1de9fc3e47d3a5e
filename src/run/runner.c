/*
** runner: see runner.h.  What `sqlsoak run` does, from end to end (run.c):
**
**   check everything (options, libraries, folders, free space): a bad input
**   ends here with exit 2 and nothing created
**   -> create the results folder, run.json, the CSV headers (session.h:
**      what run, resume and crash share up to here)
**   -> for each cell of the plan: a child process runs it (soak_cell) and
**      hands back its result through a pipe; chunks.csv is appended by the
**      child as each chunk ends, summary.csv and run.json's cells log
**      (runjson.h) by this process as each cell ends
**   -> summary.csv rewritten with the columns that compare cells, ranked
**      tables on stdout, the graphs, run.json written whole, the exit
**      status: 0 only when every results file was written and synced.
**
** Each cell runs in its own process so that libraries cannot interfere
** (each child touches one library only, with fresh state), and so that a
** crash inside a library costs one cell, not the night.  Those processes,
** one at a time or a lockstep group together, are runnercell.c's
** (runnercell.h).
*/
#include "runner.h"
#include "bisect.h"
#include "bisectskip.h"
#include "runnercell.h"
#include "fdio.h"
#include "baseline.h"
#include "headline.h"
#include "libterms.h"
#include "lockstep.h"
#include "cellname.h"
#include "clock.h"
#include "csvout.h"
#include "dbmark.h"
#include "devlimits.h"
#include "devwear.h"
#include "folder.h"
#include "metrics.h"
#include "modes.h"
#include "noise.h"
#include "pairseries.h"
#include "notice.h"
#include "plan.h"
#include "progress.h"
#include "runjson.h"
#include "runkey.h"
#include "cellentry.h"
#include "soak.h"
#include "cellstatus.h"
#include "sqlapi.h"
#include "stop.h"
#include "summary.h"
#include "summaryjson.h"
#include "sysinfo.h"
#include "units.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- results ---- */

/* The time the run has spent on its cells, over every resume, in run.json
** (run_s): --max-time bounds it, not the time since the last resume. */
static void note_run_time(struct runner *r)
{
    double s = r->spent_s + (clock_now_ns() - r->t_start) / 1e9;
    json_object_set_new(runjson_root(r->rj), RUNKEY_RUN_S, json_real(s));
}

/* fdatasync, where the filesystem can (EINVAL: it cannot, and says so). */
static int synced(int fd)
{
    return fdatasync(fd) == 0 || errno == EINVAL ? 0 : -1;
}

/* The cell's summary row (on disk before anything else), then its line in
** run.json's cells log.  0, or -1 with the run ended by results_failed. */
static int record_cell(struct runner *r, int idx, const struct cell_result *res)
{
    char line[4096];
    int len = csvout_row(CSV_SUMMARY, &res->sum, line, sizeof line);
    if (synced(r->chunks_fd) != 0) {
        runner_results_failed(r, "chunks.csv", errno);
        return -1;
    }
    if (len < 0 || csvout_append(r->summary_fd, line, len) != 0 || synced(r->summary_fd) != 0) {
        runner_results_failed(r, "summary.csv", len < 0 ? EOVERFLOW : errno);
        return -1;
    }
    r->results[r->nresults++] = res->sum;
    note_run_time(r);
    cellentry_add(r->rj, &r->cells[idx], res);
    if (runjson_log_last(r->rj, r->out) != 0) {
        runner_results_failed(r, ".run.cells", errno);
        return -1;
    }
    if (runjson_reserve(r->rj, r->out) != 0) {  /* run.json's room grows with its cells */
        runner_results_failed(r, ".run.json.reserve", errno);
        return -1;
    }
    return 0;
}

static int skip_cell(struct runner *r, int idx, const char *why)
{
    struct cell_result res;
    const struct cell *c = &r->cells[idx];
    memset(&res, 0, sizeof res);
    csvout_clear(CSV_SUMMARY, &res.sum);
    res.status = ST_SKIPPED;
    const struct sqlapi *api = &r->libs[c->v[DIM_LIB]];
    plan_cell_id(r->cfg, c, api->version, api->source_id, &res.sum.id);
    snprintf(res.sum.status, sizeof res.sum.status, "skipped");
    snprintf(res.sum.reason, sizeof res.sum.reason, "%s", why);
    return record_cell(r, idx, &res);
}

/* How a round's cells run, and why (r->lockstep_why): in lockstep, with
** the room its databases need at once, on the disk and in the page cache,
** and whether a round will run in groups (more than LOCKSTEP_MAX_CELLS
** cells, or databases past the free disk less --min-free: lockstep_fit,
** as runner_cell_group decides); or one after another.  Nothing for a
** plan of one cell a round that left --interleave to its default. */
static void print_lockstep_room(const struct runner *r)
{
    const char *given = interleave_names[r->cfg->interleave];
    char probe[4096];      /* a dry run's --db-dir may not exist yet */
    folder_existing_ancestor(r->db_dir, probe, sizeof probe);
    struct lockstep_room room;
    lockstep_room(r->cfg, r->cells, r->ncells, sysinfo_free_bytes(probe), &room);
    if (!r->lockstep) {
        if (room.widest > 1 && r->cfg->interleave == IL_OFF)
            printf("  --interleave off: the cells of a round one after another\n");
        else if (room.widest > 1)
            printf("  --interleave %s: the cells of a round one after another: %s\n", given,
                   r->lockstep_why);
        return;
    }
    int64_t ram = sysinfo_mem_available(), most = room.most;
    if (room.most_n == 1)
        printf("  --interleave %s: a round of one cell, its database about %" PRId64 " MiB",
               given, most >> 20);
    else
        printf("  --interleave %s: the %d cells of a round in lockstep, their databases about "
               "%" PRId64 " MiB together", given, room.most_n, most >> 20);
    if (ram > 0)
        printf(" (%" PRId64 " MiB of memory available: %s)", ram >> 20,
               most <= ram ? room.most_n == 1 ? "its page cache fits"
                                              : "their page caches fit together"
                           : "their page caches compete: reads may come from storage");
    if (room.group)
        printf("; a round runs in groups of %d cell%s (%s): its chunk pairs decide nothing\n",
               room.group, room.group == 1 ? "" : "s",
               room.most_n > LOCKSTEP_MAX_CELLS && room.group == LOCKSTEP_MAX_CELLS
                   ? "the most that run in lockstep at once"
                   : "its databases do not fit the free disk less --min-free together");
    else if (room.most_n == 1)
        printf(": nothing to pair it with\n");
    else if (r->cfg->interleave == IL_AUTO)
        printf(": %s; --interleave off runs them one after another\n", r->lockstep_why);
    else
        printf("; a round of more than %d cells, or that does not fit the free disk, runs in "
               "groups that do, and its chunk pairs then decide nothing\n", LOCKSTEP_MAX_CELLS);
}

void runner_print_plan(const struct runner *r)
{
    const struct config *cfg = r->cfg;
    int64_t biggest = 0, all = 0;
    for (int i = 0; i < r->ncells; i++) {
        int64_t b = plan_estimate_db_bytes(cfg, &r->cells[i]);
        biggest = b > biggest ? b : biggest;
        all += b;
    }
    printf("sqlsoak %s: %s%d run%s (%" PRId64 " cell%s x %s%" PRId64 " repeat%s%s), "
           "%" PRId64 " rows each in chunks of %" PRId64 "\n",
           SQLSOAK_VERSION, cfg->repeat_auto ? "up to " : "", r->ncells,
           r->ncells == 1 ? "" : "s", plan_combinations(cfg),
           plan_combinations(cfg) == 1 ? "" : "s", cfg->repeat_auto ? "up to " : "",
           cfg->repeat, cfg->repeat == 1 ? "" : "s", cfg->warmup ? " + warm-ups" : "",
           cfg->rows, cfg->chunk);
    if (cfg->followed[0])
        printf("  defaults that follow the options given: %s\n", cfg->followed);
    if (cfg->repeat_auto)
        printf("  --repeat auto: a round at a time until every comparison with the baseline "
               "is decided at 95%%\n");
    if (cfg->keep_db)
        printf("  databases in %s: about %" PRId64 " MiB in all (every one kept)\n", r->db_dir,
               all >> 20);
    else
        printf("  databases in %s: about %" PRId64 " MiB for the largest cell (each deleted "
               "when done)\n", r->db_dir, biggest >> 20);
    print_lockstep_room(r);
    if (cfg->sqlite_lib_by_release)
        printf("  libraries in release order, each by the version it reports\n");
    for (int i = 0; i < r->nlibs; i++)
        printf("  SQLite %s  %s\n", r->libs[i].version, r->libs[i].resolved);
    libterms_print_plan(r->libs, r->nlibs, r->cells, r->ncells, stdout);
    if (cfg->bisect) {
        const struct sqlapi *a = &r->libs[0], *b = &r->libs[r->nlibs - 1];
        int same = !strcmp(a->version, b->version);
        printf("  --bisect: SQLite %s and %s first, then the middle of each interval whose ends "
               "differ, down to neighbours: one step among %d libraries in %d of them, the "
               "others skipped and named\n", same ? a->path : a->version,
               same ? b->path : b->version, r->nlibs, bisect_runs_for_one_step(r->nlibs));
    }
    printf("  results %sin %s\n", cfg->dry_run ? "would be " : "", r->out);
    fflush(stdout);
}

/* Deletes the database of recorded cell idx: only the very file the cell
** created (or the one resume proved this run's, dbmark.h). */
static void remove_db(struct runner *r, int idx, const struct cell_result *res,
                      struct progress *pg)
{
    char db[4200], msg[4400];
    runner_db_path(r, &r->cells[idx], db, sizeof db);
    if (res->db_marked && !dbmark_remove(db, &res->db_mark, r->marks_fd) &&
        access(db, F_OK) == 0) {
        snprintf(msg, sizeof msg, "kept %s: it is not the file this run created", db);
        progress_note(pg, msg);
    }
}

/* Whether cell i is the last of its round (repeats interleave: plan.h). */
static int round_ends(const struct runner *r, int i)
{
    return i + 1 == r->ncells || r->cells[i + 1].repeat != r->cells[i].repeat;
}


/* Where a lockstep group stopped, its run i the first left unrecorded:
** r->where goes on with the chunks of the group's later runs. */
static void note_group_where(struct runner *r, const struct runner_cell_group *g, int i)
{
    for (int j = i + 1; j < g->end; j++) {
        char name[CELLNAME_MAX];
        size_t len = strlen(r->where);
        r->where_chunks += g->res[j - g->first].sum.chunks;
        snprintf(r->where + len, sizeof r->where - len, "; %s after %" PRId64 " chunks",
                 runner_run_name(r, j, name, sizeof name), g->res[j - g->first].sum.chunks);
    }
}

/* The cells from first on, run first + j carried on from priors[j] when
** j < npriors and that is not NULL.  Returns 1 when a cell failed.  A run
** that stops early (a signal, a cell's process killed, a results file
** that cannot be written) sets r->end and r->where and leaves the cell in
** hand unrecorded with its database kept (in lockstep, its group's cells
** from it on): `sqlsoak resume` carries on there. */
static int cells_loop(struct runner *r, int first, const struct soak_prior *const *priors,
                      int npriors, uint64_t t_start)
{
    const struct soak_prior *prior = npriors > 0 ? priors[0] : NULL;
    const struct config *cfg = r->cfg;
    struct progress pg;
    progress_init(&pg, cfg->progress);
    pg.runs = r->ncells;
    double left_s = (double)cfg->max_time_s - r->spent_s;
    uint64_t deadline = !cfg->max_time_s ? 0
                        : left_s > 0    ? t_start + (uint64_t)(left_s * 1e9)
                                        : t_start;
    int failed = 0, i;
    char decided[96] = "";                  /* why --repeat auto stopped, once it did */
    struct runner_cell_group g = {0, 0, NULL, NULL};   /* the runs a lockstep group ran */
    int stop_failed = 0;                    /* a cell of this session failed */
    for (i = 0; i < r->nresults; i++)       /* cells recorded before a resume */
        failed |= cellstatus_failed(cellstatus_of(r->results[i].status));
    for (i = first; i < r->ncells && (!stop_signal || i < g.end); i++) {
        if (deadline && clock_now_ns() >= deadline && !(i == first && prior) && i >= g.end)
            break;      /* (a resumed cell runs a chunk and ends as interrupted) */
        char skip[256];
        if (cfg->bisect && !(i == first && prior) &&
            bisectskip_why(cfg, r->cells, r->ncells, i, r->results, r->nresults, skip,
                           sizeof skip)) {
            char name[CELLNAME_MAX];
            printf("%s: skipped: %s\n", runner_run_name(r, i, name, sizeof name), skip);
            fflush(stdout);
            if (skip_cell(r, i, skip) != 0) {
                runner_note_where(r, i, 0, r->end_why);
                runner_cell_group_free(&g);
                return failed;
            }
            continue;
        }
        struct cell_result res;
        int lost;
        if (r->lockstep) {
            int from = i - first < npriors ? i - first : npriors;
            if (i >= g.end &&
                runner_cell_group(r, i, priors ? priors + from : NULL, npriors - from, &pg,
                                  deadline, &g))
                return failed;
            res = g.res[i - g.first];
            lost = g.lost[i - g.first];
        } else {
            double done_s = (clock_now_ns() - t_start) / 1e9;
            pg.later_cells_s = i > first ? done_s / (i - first) * (r->ncells - i - 1) : -1;
            lost = runner_cell_run(r, i, i == first ? prior : NULL, &pg, deadline, &res);
            progress_done(&pg);
        }
        /* in lockstep the group's cells all ran: those before the first
        ** lost or stopped one are recorded, it and the rest are left to
        ** resume, which carries them on together */
        if (res.results_full || lost) {
            char why[400];
            snprintf(why, sizeof why, "%s%s", lost ? "" : "the results disk is full: ",
                     res.sum.reason);
            r->end = lost ? "interrupted" : "disk_full";
            runner_note_where(r, i, res.sum.chunks, why);
            note_group_where(r, &g, i);
            runner_cell_group_free(&g);
            return failed;
        }
        if (stop_signal && (res.status == ST_INTERRUPTED || !res.db_created)) {
            r->end = "interrupted";
            runner_note_where(r, i, res.sum.chunks, NULL);
            note_group_where(r, &g, i);
            runner_cell_group_free(&g);
            return failed;
        }
        if (res.status != ST_OK && res.status != ST_WARMUP) {
            char msg[512], name[CELLNAME_MAX];
            snprintf(msg, sizeof msg, "%s: %s: %s", runner_run_name(r, i, name, sizeof name),
                     status_names[res.status], res.sum.reason);
            progress_note(&pg, msg);
        }
        if (record_cell(r, i, &res) != 0) {
            runner_note_where(r, i, res.sum.chunks, r->end_why);
            runner_cell_group_free(&g);
            return failed;
        }
        if (res.db_created && !cfg->keep_db)
            remove_db(r, i, &res, &pg);     /* only now: a crash before this leaves it to resume */
        if (cellstatus_failed(res.status))
            failed = stop_failed = 1;
        /* --on-error stop: after the failed cell, or its group's last (recorded too) */
        if (stop_failed && cfg->on_error == OE_STOP && i + 1 >= g.end) {
            i++;
            break;
        }
        if (cfg->repeat_auto && round_ends(r, i) && r->cells[i].repeat >= 2 &&
            noise_decided(r->results, r->nresults, runner_baseline(r))) {
            snprintf(decided, sizeof decided, "--repeat auto: every comparison decided after "
                     "%" PRId64 " rounds", r->cells[i].repeat);
            printf("%s: the %d runs of the rounds after it are skipped\n", decided,
                   r->ncells - i - 1);
            fflush(stdout);
            i++;
            break;
        }
        if (i == first && !prior && r->ncells - first > 1 && !r->lockstep &&
            (res.status == ST_OK || res.status == ST_WARMUP)) {
            char eta[16], took[24];
            printf("the first run took %s; the whole matrix should take about %s\n",
                   units_secs(res.sum.wall_s, took, sizeof took),
                   progress_duration(res.sum.wall_s * (r->ncells - first), eta, sizeof eta));
            fflush(stdout);
        }
    }
    runner_cell_group_free(&g);
    if (stop_signal && i < r->ncells) {
        r->end = "interrupted";
        char name[CELLNAME_MAX];
        snprintf(r->where, sizeof r->where, "before %s", runner_run_name(r, i, name, sizeof name));
        return failed;
    }
    /* the rounds --repeat auto did not need are one record, not a row each:
    ** the run is complete without them */
    if (*decided && i < r->ncells) {
        runjson_set_skipped(runjson_root(r->rj), r->ncells - i, decided);
        if (runjson_write(r->rj, r->out) != 0) {   /* summary.json reads it from there */
            runner_results_failed(r, "run.json", errno);
            snprintf(r->where, sizeof r->where, "every round recorded: %s", r->end_why);
        }
        i = r->ncells;
    }
    for (; i < r->ncells; i++)
        if (skip_cell(r, i, failed && cfg->on_error == OE_STOP ? "--on-error stop"
                                                               : "--max-time reached")) {
            char name[CELLNAME_MAX];
            snprintf(r->where, sizeof r->where, "before %s: %s",
                     runner_run_name(r, i, name, sizeof name), r->end_why);
            break;
        }
    return failed;
}

int runner_redo_cell(struct runner *r, int idx, const struct soak_prior *prior)
{
    struct progress pg;
    struct cell_result res;
    progress_init(&pg, r->cfg->progress);
    pg.runs = r->ncells;
    int lost = runner_cell_run(r, idx, prior, &pg, 0, &res);
    progress_done(&pg);
    if (lost || res.results_full || (stop_signal && !res.db_created)) {
        r->end = lost || stop_signal ? "interrupted" : "disk_full";
        runner_note_where(r, idx, res.sum.chunks,
                          lost || res.results_full ? res.sum.reason : NULL);
        return -1;
    }
    if (res.status != ST_OK && res.status != ST_WARMUP) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s: %s: %s", pg.name, status_names[res.status],
                 res.sum.reason);
        progress_note(&pg, msg);
    }
    r->results[idx] = res.sum;
    cellentry_set(r->rj, idx, &r->cells[idx], &res);
    if (res.db_created && !r->cfg->keep_db)
        remove_db(r, idx, &res, &pg);
    return 0;
}

void runner_shell_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    fputc('\'', f);
}

int64_t runner_baseline(const struct runner *r)
{
    int64_t cell = 1;
    char err[300];
    if (baseline_of_records(r->cfg->baseline, r->results, r->nresults, &cell, err,
                            sizeof err) != 0)
        cell = 1;   /* checked before the run began: only a run with no record left */
    return cell;
}

/* The headline (headline.h), from the files just written. */
static void print_headline(const struct runner *r)
{
    struct headline *h = malloc(sizeof *h);
    char err[4400];
    if (h && headline_load(r->out, r->cfg->baseline, h, err, sizeof err) == 0)
        headline_print(stdout, h);
    free(h);
}

/* Once every cell is recorded: the columns that compare cells need every
** round, so summary.csv is rewritten with them now (a kill before this
** leaves it to resume, which fills them again), and summary.json from it.
** A failure ends the run as results_failed says, resumable. */
static void close_summary(struct runner *r)
{
    char werr[4400];
    const char *failed = NULL;
    noise_fill(r->results, r->nresults, runner_baseline(r));
    pairseries_fill(r->out, r->results, r->nresults, runner_baseline(r));
    if (summary_rewrite(r->out, r->results, r->nresults, werr, sizeof werr) != 0)
        failed = "summary.csv";
    else if (summaryjson_write(r->out, werr, sizeof werr) != 0)
        failed = "summary.json";
    if (failed) {
        runner_results_failed(r, failed, errno);
        snprintf(r->where, sizeof r->where, "every cell recorded: %s", r->end_why);
    }
}

/* The graphs and report.html, by r->draw: NULL when drawn (or when
** gnuplot is missing: the drawing then says how to draw them later), else
** why not, for run.json's status_detail. */
static const char *draw_graphs(const struct runner *r, const struct run_ending *final)
{
    if (r->cfg->no_plot || !r->draw)
        return NULL;
    if (stop_signal)        /* the signal landed in the last cell */
        return "graphs not drawn: interrupted before drawing them";
    int rc = r->draw(r->out, stdout, final);
    if (stop_signal)
        return "graphs not drawn: interrupted while drawing them";
    return rc == 0 || rc == 1 ? NULL : "graphs not drawn: a graph or report.html could not be "
                                       "written (the run's output says which)";
}

int runner_execute(struct runner *r, int first, const struct soak_prior *const *priors,
                   int npriors)
{
    const struct config *cfg = r->cfg;
    const char *prog = r->prog ? r->prog : "sqlsoak";
    stop_catch_runner();        /* again: resume and crash come here too */
    r->t_start = clock_now_ns();
    int failed = 0;
    if (runjson_reserve(r->rj, r->out) != 0) {
        /* no room for run.json's last words: no cell is begun */
        runner_results_failed(r, ".run.json.reserve", errno);
        char name[CELLNAME_MAX] = "closing the run";
        if (first < r->ncells)
            runner_run_name(r, first, name, sizeof name);
        snprintf(r->where, sizeof r->where, "before %s: %s", name, r->end_why);
    } else {
        /* a resume's rounds may decide otherwise than those before it */
        runjson_set_skipped(runjson_root(r->rj), 0, "");
        failed = cells_loop(r, first, priors, npriors, r->t_start);
    }
    if (!r->end) {
        /* a first long run on the storage had no estimate to probe for:
        ** its limits now, for its answer */
        if (devlimits_after(cfg, r->db_dir, runjson_root(r->rj),
                            r->spent_s + (clock_now_ns() - r->t_start) / 1e9) &&
            runjson_write(r->rj, r->out) != 0)
            runner_results_failed(r, "run.json", errno);
    }
    if (!r->end)
        close_summary(r);
    /* the answer first, then the rankings it comes from */
    print_headline(r);
    int nchunks, lockstep;
    struct chunk_record *chunks = pairseries_chunks(r->out, &nchunks, &lockstep);
    summary_print(stdout, cfg, r->results, r->nresults, chunks, nchunks, lockstep,
                  runner_baseline(r));
    free(chunks);
    /* the cell the ratios are against, resolved (options.baseline is as typed) */
    json_object_set_new(runjson_root(r->rj), RUNKEY_BASELINE_CELL,
                        json_integer(runner_baseline(r)));
    /* drawn while run.json still says running: a kill here leaves the run
    ** to resume, which closes it and draws them; report.html is told the
    ** ending run.json will have */
    struct run_ending final = {.exit_status = failed ? 1 : 0};
    snprintf(final.status, sizeof final.status, "%s", failed ? "failed" : "ok");
    runjson_now_iso(final.end_time, sizeof final.end_time);
    const char *graphs = r->end ? NULL : draw_graphs(r, &final);
    note_run_time(r);
    runjson_set_status(r->rj, r->end ? r->end : failed ? "failed" : "ok",
                       r->end ? r->where : graphs);
    if (!r->end)
        runjson_set_end(r->rj, final.end_time,
                        graphs ? (stop_signal ? 130 : 1) : final.exit_status);
    /* an eMMC's own wear estimate as the cells left it (devwear.h) */
    devwear_life(r->db_dir, runjson_root(r->rj), RUNKEY_LIFE_END);
    runjson_unreserve(r->out);
    int written = runjson_write(r->rj, r->out) == 0;
    if (!written)
        notice_line("sqlsoak: cannot write %s/run.json: %s", r->out, strerror(errno));
    printf("\nresults: %s (chunks.csv, summary.csv, run.json)\n", r->out);
    if (r->end) {
        /* what stopped it, and whether a chunk was measured at all */
        int64_t measured = r->where_chunks;
        for (int i = 0; i < r->nresults; i++)
            measured += r->results[i].chunks;
        const char *cause = strcmp(r->end, "interrupted") == 0 ? stop_cause() : "";
        printf("%s%s%s %s; %s.\nto carry on%s: %s resume ", cause, *cause ? ": " : "",
               strcmp(r->end, "interrupted") == 0 ? "interrupted" : "stopped", r->where,
               measured ? "the chunks measured are kept" : "no chunk was measured",
               strcmp(r->end, "disk_full") == 0 ? " once there is room" : "", prog);
        runner_shell_quote(stdout, r->out);
        printf("\n");
        fflush(stdout);
        return strcmp(r->end, "interrupted") == 0 ? 130 : 1;
    }
    if (graphs) {
        printf("%s; every cell is recorded.\nto draw them: %s plot ",
               !stop_signal ? "graphs not drawn"
               : strstr(graphs, "before") ? "interrupted before the graphs were drawn"
                                          : "interrupted while drawing the graphs",
               prog);
        runner_shell_quote(stdout, r->out);
        printf("\n");
        fflush(stdout);
        return stop_signal ? 130 : 1;
    }
    return failed || !written ? 1 : 0;
}

void runner_release(struct runner *r)
{
    if (r->chunks_fd >= 0)
        close(r->chunks_fd);
    if (r->summary_fd >= 0)
        close(r->summary_fd);
    if (r->histograms_fd >= 0)
        close(r->histograms_fd);
    if (r->timeline_fd >= 0)
        close(r->timeline_fd);
    if (r->owner_fd >= 0)
        close(r->owner_fd);
    if (r->marks_fd >= 0)
        close(r->marks_fd);
    runjson_free(r->rj);
    free(r->results);
    free(r->cells);
    for (int i = 0; i < r->nlibs; i++)
        sqlapi_close(&r->libs[i]);
    r->chunks_fd = r->summary_fd = r->histograms_fd = r->timeline_fd = r->owner_fd = -1;
    r->marks_fd = -1;
    r->rj = NULL;
    r->results = NULL;
    r->cells = NULL;
    r->nlibs = 0;
}

