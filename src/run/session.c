/*
** session: what `run`, `resume` and `crash` share from the command line
** to their first cell (session.h gives the order).
**
** What stays true: session_check creates nothing, so a bad input is one
** line, exit 2, and no file; session_create makes the results folder's
** owner (.owner) before anything else in it, and before --db-dir or the
** background; a signal during the checks stops the session before
** anything is created.
*/
#include "session.h"
#include "modes.h"
#include "baseline.h"
#include "bisect.h"
#include "dbmark.h"
#include "detach.h"
#include "devprobe.h"
#include "folder.h"
#include "need.h"
#include "owner.h"
#include "plan.h"
#include "possible.h"
#include "runjson.h"
#include "runkey.h"
#include "schedule.h"
#include "sqlapi.h"
#include "stop.h"
#include "sysinfo.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void session_init(struct runner *r, const struct config *cfg)
{
    memset(r, 0, sizeof *r);
    r->cfg = cfg;
    r->chunks_fd = r->summary_fd = r->histograms_fd = r->timeline_fd = -1;
    r->owner_fd = r->marks_fd = -1;
    if (cfg && cfg->db_dir)
        snprintf(r->db_dir, sizeof r->db_dir, "%s", cfg->db_dir);
    signal(SIGXFSZ, SIG_IGN);   /* a file-size limit must fail a write, not kill us */
    stop_catch_runner();        /* from the start: no moment a signal kills us */
}

/* ---- checks: nothing is created before they all pass ---- */

/* The rows the updates rewrite and the deletes remove exist from the
** first chunk on (schedule.h). */
static int check_schedule(const struct config *cfg, char *err, size_t errlen)
{
    int64_t hot = cfg->update_hot;
    if (hot > cfg->chunk) {
        snprintf(err, errlen, "--update-keys hot:%" PRId64 ": more hot rows than --chunk %" PRId64,
                 hot, cfg->chunk);
        return -1;
    }
    const struct list *u = &cfg->dim[DIM_UPDATES];
    for (int i = 0; i < u->n && !hot; i++)
        if (u->v[i] > cfg->chunk) {
            snprintf(err, errlen,
                     "--updates %" PRId64 " is larger than --chunk %" PRId64
                     ": --update-keys uniform rewrites a row at most once a chunk",
                     u->v[i], cfg->chunk);
            return -1;
        }
    const struct list *d = &cfg->dim[DIM_DELETES];
    for (int i = 0; i < d->n; i++)
        if (d->v[i] > cfg->chunk) {
            snprintf(err, errlen, "--deletes %" PRId64 " is larger than --chunk %" PRId64, d->v[i],
                     cfg->chunk);
            return -1;
        } else if (d->v[i] == cfg->chunk && cfg->delete_keys == DK_OLDEST && cfg->reads != 0 &&
                   cfg->cmd == CMD_RUN) {
            /* each chunk's deletes take the rows it wrote: no row to read */
            snprintf(err, errlen,
                     "--deletes %" PRId64 " equal to --chunk under --delete-keys oldest "
                     "leaves the table empty for every chunk's reads (use --reads 0)", d->v[i]);
            return -1;
        }
    return 0;
}

/* A paced writer's transactions fit in a chunk, and its pacing options
** pace something. */
static int check_paced(const struct config *cfg, char *err, size_t errlen)
{
    const struct list *rate = &cfg->dim[DIM_WRITE_RATE], *every = &cfg->dim[DIM_COMMIT_EVERY];
    int paced = 0;
    for (int i = 0; i < rate->n; i++)
        paced |= rate->v[i] > 0;
    for (int i = 0; paced && i < every->n; i++)
        if (every->v[i] > cfg->chunk) {
            snprintf(err, errlen,
                     "--commit-every %" PRId64 " is larger than --chunk %" PRId64
                     ": a paced writer (--write-rate) commits each transaction inside its chunk",
                     every->v[i], cfg->chunk);
            return -1;
        }
    /* their defaults are 0: even arrivals, no limit */
    static const int pacing[] = {DIM_ARRIVAL, DIM_LATENCY_LIMIT};
    const char *unpaced = NULL;
    for (size_t k = 0; !paced && k < sizeof pacing / sizeof *pacing; k++) {
        const struct list *l = &cfg->dim[pacing[k]];
        for (int i = 0; i < l->n; i++)
            if (l->v[i] != 0 && !unpaced)
                unpaced = dim_table[pacing[k]].opt.name;
    }
    if (!paced && !unpaced && cfg->backlog_limit_s != BACKLOG_LIMIT_DEFAULT_S)
        unpaced = "backlog-limit";
    if (unpaced) {
        snprintf(err, errlen, "--%s applies to a paced writer: give --write-rate too", unpaced);
        return -1;
    }
    return 0;
}

/* Cells in lockstep take turns: a reader, a pinned snapshot or a paced
** writer would go on working (or fall behind) while another cell has its
** turn, and measure the wait. */
static int check_interleave(const struct config *cfg, char *err, size_t errlen)
{
    if (cfg->interleave == IL_CHUNK && cfg->shard) {
        snprintf(err, errlen, "--interleave chunk cannot run with --shard: a share's cells would "
                 "run apart from the other shares'");
        return -1;
    }
    static const int busy[] = {DIM_READERS, DIM_PIN_READER, DIM_WRITE_RATE};
    for (size_t k = 0; cfg->interleave == IL_CHUNK && k < sizeof busy / sizeof *busy; k++) {
        const struct list *l = &cfg->dim[busy[k]];
        for (int i = 0; i < l->n; i++)
            if (l->v[i] != 0) {
                snprintf(err, errlen, "--interleave chunk cannot run with --%s: its cells would "
                         "keep working while another cell has its turn",
                         dim_table[busy[k]].opt.name);
                return -1;
            }
    }
    return 0;
}

static int check_workload(const struct config *cfg, char *err, size_t errlen)
{
    struct need need;
    if (cfg->need && need_parse(cfg->need, &need, err, errlen) != 0)
        return -1;
    if (cfg->chunk > cfg->rows) {
        snprintf(err, errlen, "--chunk %" PRId64 " is larger than --rows %" PRId64, cfg->chunk,
                 cfg->rows);
        return -1;
    }
    if (cfg->target_rows && cfg->target_rows < cfg->rows) {
        snprintf(err, errlen, "--target-rows %" PRId64 " is below --rows %" PRId64
                 ": the answer is for a table the run reaches or one it projects to, past it",
                 cfg->target_rows, cfg->rows);
        return -1;
    }
    return check_paced(cfg, err, errlen) || check_schedule(cfg, err, errlen) ||
           check_interleave(cfg, err, errlen) || bisect_check(cfg, err, errlen);
}

/* The results folder: --out, or data/runs/<date-time>, into out; checks
** that it holds no results and can be created.  0, or -1 with err. */
static int check_out(const struct config *cfg, char *out, size_t outlen, char *err, size_t errlen)
{
    if (cfg->out) {
        snprintf(out, outlen, "%s", cfg->out);
    } else {
        /* data/runs/<date-time>, or -2, -3... after it when that is taken */
        char stamp[32];
        time_t t = time(NULL);
        struct tm tm;
        localtime_r(&t, &tm);
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        for (int k = 1; k == 1 || (k < 1000 && access(out, F_OK) == 0); k++)
            snprintf(out, outlen, k == 1 ? "data/runs/%s" : "data/runs/%s-%d", stamp, k);
    }
    if (folder_has_entries(out)) {
        /* a run in its first moments (no run.json yet) may not hold its
        ** lock yet: wait for it, to name it */
        char rj[4200];
        snprintf(rj, sizeof rj, "%s/run.json", out);
        pid_t pid = access(rj, F_OK) == 0 ? owner_holder(out) : owner_holder_soon(out);
        if (pid > 0)
            snprintf(err, errlen, "--out %s: a run is going there (pid %ld): one process at a time",
                     out, (long)pid);
        else
            snprintf(err, errlen, "--out %s already holds results: choose another folder", out);
        return -1;
    }
    return folder_check_writable("--out", out, err, errlen);
}

/* The bytes free on the disk that holds (or will hold) path; -1 unknown. */
static int64_t free_under(const char *path)
{
    char probe[4096];
    folder_existing_ancestor(path, probe, sizeof probe);
    return sysinfo_free_bytes(probe);
}

/* Free space for the largest cell (or every cell with --keep-db). */
static int check_space(const struct runner *r, char *err, size_t errlen)
{
    const struct config *cfg = r->cfg;
    int64_t need = 0, biggest = 0;
    for (int i = 0; i < r->ncells; i++) {
        int64_t b = plan_estimate_db_bytes(cfg, &r->cells[i]);
        biggest = b > biggest ? b : biggest;
        need += cfg->keep_db ? b : 0;
    }
    if (!cfg->keep_db)
        need = biggest;
    int64_t free_b = free_under(r->db_dir);
    if (free_b >= 0 && free_b < need + cfg->min_free) {
        snprintf(err, errlen,
                 "--db-dir %s: needs about %" PRId64 " MiB%s plus --min-free %" PRId64
                 " MiB, only %" PRId64 " MiB free",
                 r->db_dir, need >> 20, cfg->keep_db ? " (every database is kept)" : "",
                 cfg->min_free >> 20, free_b >> 20);
        return -1;
    }
    return 0;
}

/* Room a session needs under --out before it starts: run.json's reserve
** (RUNJSON_RESERVE_MIN) and the files made at the start (the CSV headers,
** run.json, .owner), with room to spare.  A disk with less could not even
** say that it is full, and would leave a folder that is not yet a run. */
#define RESULTS_START_BYTES (RUNJSON_RESERVE_MIN + 64 * 1024)

/* Free space under the results folder for the session's first files. */
static int check_results_space(const char *out, char *err, size_t errlen)
{
    int64_t free_b = free_under(out);
    if (free_b >= 0 && free_b < RESULTS_START_BYTES) {
        snprintf(err, errlen,
                 "--out %s: only %" PRId64 " KiB free on its disk, a run needs %d KiB "
                 "there (room kept for run.json)",
                 out, free_b >> 10, RESULTS_START_BYTES >> 10);
        return -1;
    }
    return 0;
}

static int load_libraries(struct runner *r, char *err, size_t errlen)
{
    for (int i = 0; i < r->cfg->sqlite_lib.n; i++) {
        if (sqlapi_open(&r->libs[i], r->cfg->sqlite_lib.v[i], err, errlen))
            return -1;
        r->nlibs = i + 1;
    }
    return 0;
}

int session_plan(struct runner *r, char *err, size_t errlen)
{
    assert(r->cfg && !r->cells && !r->nlibs);
    if (load_libraries(r, err, errlen) || plan_build(r->cfg, &r->cells, &r->ncells, err, errlen))
        return -1;
    if (!(r->results = calloc((size_t)r->ncells, sizeof *r->results))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* --baseline names a cell of the plan (baseline.h). */
static int check_baseline(const struct runner *r, char *err, size_t errlen)
{
    if (!r->cfg->baseline)
        return 0;
    struct cell_id *ids = calloc((size_t)r->ncells + 1, sizeof *ids);
    int64_t cell;
    if (!ids) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < r->ncells; i++) {
        const struct sqlapi *api = &r->libs[r->cells[i].v[DIM_LIB]];
        plan_cell_id(r->cfg, &r->cells[i], api->version, api->source_id, &ids[i]);
    }
    int rc = baseline_resolve(r->cfg->baseline, ids, r->ncells, &cell, err, errlen);
    free(ids);
    return rc;
}

int session_check(struct runner *r, int argc, char **argv, char *err, size_t errlen)
{
    const struct config *cfg = r->cfg;
    if (check_workload(cfg, err, errlen))
        return -1;
    if (load_libraries(r, err, errlen) || check_out(cfg, r->out, sizeof r->out, err, errlen) ||
        folder_check_writable("--db-dir", r->db_dir, err, errlen) ||
        plan_build(cfg, &r->cells, &r->ncells, err, errlen) ||
        possible_check(r, r->lib_wal, err, errlen) || check_baseline(r, err, errlen) ||
        check_space(r, err, errlen) ||
        check_results_space(r->out, err, errlen))
        return -1;
    r->prog = argv[0];
    r->results = calloc((size_t)r->ncells, sizeof *r->results);
    r->rj = runjson_new(cfg, argc, argv);
    if (!r->results || !r->rj) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* ---- creation: each check has passed ---- */

/* Creates the results folder r->out (the default one under a name no
** other run has taken).  0, or -1 with err. */
static int make_out(struct runner *r, char *err, size_t errlen)
{
    if (r->cfg->out)
        return folder_mkdirs(r->out, err, errlen);
    /* the default folder is made here, not found: a run started in the
    ** same second (on another disk, say) takes the next name */
    if (folder_mkdirs("data/runs", err, errlen))
        return -1;
    char base[sizeof r->out];
    snprintf(base, sizeof base, "%s", r->out);
    for (int k = 2; mkdir(r->out, 0755) != 0; k++) {
        if (errno != EEXIST || k > 1000) {
            snprintf(err, errlen, "cannot create %s: %s", r->out, strerror(errno));
            return -1;
        }
        snprintf(r->out, sizeof r->out, "%.4000s-%d", base, k);
    }
    return 0;
}

int session_create(struct runner *r, int detach, int *status, char *err, size_t errlen)
{
    if (stop_signal) {          /* stopped while checking: nothing created */
        snprintf(err, errlen, "interrupted before the run began: nothing created");
        *status = 130;
        return -1;
    }
    /* from here on, things are created: errors are run failures */
    *status = 1;
    if (make_out(r, err, errlen))
        return -1;
    /* the folder's owner before anything else is made: a run that lost the
    ** race for it creates nothing, and hears so in its terminal */
    r->owner_fd = detach ? owner_claim(r->out, err, errlen) : owner_take(r->out, 1, err, errlen);
    if (r->owner_fd < 0) {
        *status = 2;
        return -1;
    }
    if (folder_mkdirs(r->db_dir, err, errlen))
        return -1;
    char swept[4600];
    if (devprobe_sweep(r->db_dir, swept, sizeof swept) > 0)
        printf("%s\n", swept);
    if (detach) {
        int bg = detach_to_log(r->out, r->prog, r->owner_fd, err, errlen);
        if (bg != 0) {
            r->owner_fd = -1;   /* closed by detach, whatever the outcome */
            *status = bg > 0 ? 0 : 1;
            return -1;
        }
    }
    return 0;
}

void session_describe(struct runner *r)
{
    runner_name_databases(r);
    json_object_set_new(runjson_root(r->rj), RUNKEY_DB_NAME, json_string(r->run_name));
    json_object_set_new(runjson_root(r->rj), RUNKEY_CELLS_PLANNED, json_integer(r->ncells));
    runjson_set_out(r->rj, r->out);
    struct host_info host;
    struct storage_info storage;
    sysinfo_host(&host);
    sysinfo_storage(r->db_dir, &storage);
    runjson_set_host(r->rj, &host, &storage);
    for (int i = 0; i < r->nlibs; i++) {
        struct sqlcaps caps;
        char perr[256];
        if (sqlapi_probe(&r->libs[i], r->db_dir, &caps, perr, sizeof perr) == 0)
            runjson_add_library(r->rj, &r->libs[i], &caps);
    }
}

/* ---- the results files ---- */

int session_open_csv(const char *dir, const char *name, enum csv_file f, char *err, size_t errlen)
{
    char path[4200], header[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
    int len = csvout_header(f, header, sizeof header);
    if (fd < 0 || len < 0 || csvout_append(fd, header, len) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

int session_open_marks(struct runner *r, int fresh, char *err, size_t errlen)
{
    char path[4200];
    assert(r->marks_fd < 0);
    snprintf(path, sizeof path, "%s/%s", r->out, DBMARK_FILE);
    r->marks_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC |
                                 (fresh ? O_EXCL : 0), 0644);
    if (r->marks_fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
