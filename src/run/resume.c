/*
** resume: a run folder resumed, the work of `sqlsoak resume OUT_DIR`: an
** interrupted or killed run carried on from its last recorded chunk.
**
** The interrupted cell is one, or in lockstep (--interleave chunk) each
** cell of the round stopped inside (resumecell_group): every one is
** checked as below, and all go on together, each from its own last
** recorded chunk (lockstep.h).
**
** Everything is checked before anything is changed, and a check that
** fails is a clear error with exit 2:
**   run.json is sqlsoak's, the run did not finish (or failed with a cell
**   hung in its verify, every chunk recorded: resumerun.h), it is
**   not still going;
**   the original command line is read back exactly (every byte, see
**   runjson.h) and parses again into the options run.json recorded, and
**   summary.csv records a prefix of that plan;
**   the interrupted cell's database exists and holds exactly the rows of
**   its recorded chunks (or those plus part or all of the one chunk whose
**   row never reached chunks.csv), and the last recorded chunk's rows
**   verify against the generator;
**   a file in the place of an interrupted cell's database with no chunk
**   recorded is the one this run created (OUT/.databases, dbmark.h).
** No database is deleted unless those records prove it this run's; any
** other is kept, with a line saying so.
** Then: a half-written last CSV line is cut off, rows of an unrecorded
** chunk are deleted (the chunk is measured again), and the runner carries
** on, marking the chunks it runs as resumed (the rows its updates and
** deletes changed before the cut are put back as the last recorded chunk
** left them, resumecell_trim: the chunk runs again on the table it met); or,
** every cell recorded, the verifies the watchdog cut short run again
** and the run closes (resume_close).
**
** The steps are here, their order cmd_resume's (resume.h); the run read
** back from run.json is resumerun.h's, the interrupted cell's checks and
** rewind resumecell.h's.
*/
#include "resume.h"
#include "cellentry.h"
#include "cellname.h"
#include "csvin.h"
#include "csvupgrade.h"
#include "dbfile.h"
#include "dbmark.h"
#include "fdio.h"
#include "folder.h"
#include "histfile.h"
#include "notice.h"
#include "runner.h"
#include "runkey.h"
#include "session.h"
#include "stop.h"
#include "timeline.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* summary.csv must record a prefix of the plan; its rows become results. */
static int check_summary(struct runner *r, off_t *len, int *torn, char *err, size_t errlen)
{
    char path[4200];
    struct csvin t;
    snprintf(path, sizeof path, "%s/summary.csv", r->out);
    if (csvin_read_whole(path, CSV_SUMMARY, &t, len, torn, err, errlen))
        return -1;
    int ok = t.nrows <= r->ncells && csvupgrade_fits(&t, CSV_SUMMARY);
    for (int i = 0; ok && i < t.nrows; i++) {
        struct summary_record *rec = &r->results[i];
        ok = csvin_record(&t, CSV_SUMMARY, i, rec) == 0 &&
             rec->id.cell == r->cells[i].combo && rec->id.repeat == r->cells[i].repeat;
    }
    if (!ok)
        snprintf(err, errlen, "%s: does not match the run's plan", path);
    else
        r->nresults = t.nrows;
    csvin_free(&t);
    return ok ? 0 : -1;
}

/* Why database file db is not this run's to delete, in words.  An empty
** file with no record is what a kill leaves where a database is born
** under its name (no O_TMPFILE, dbmark.h): still not proved ours. */
static const char *unproved(const struct dbmark_book *b, const char *db)
{
    struct stat st;
    int empty = lstat(db, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0;
    return b->missing                 ? "the folder, of an older sqlsoak, records no database "
                                        "it created"
           : dbmark_book_find(b, db) ? "it is not the file this run created"
           : empty ? "the folder has no record that this run created it (an empty file: a run "
                     "killed as it created its database leaves one)"
                   : "the folder has no record that this run created it";
}

/* The identity the folder recorded for db when db is still that file,
** else NULL: proof that this run created it (dbmark.h). */
static const struct dbmark *proof(const struct dbmark_book *b, const char *db)
{
    const struct dbmark *m = dbmark_book_find(b, db);
    struct dbmark now;
    return m && dbmark_of_path(db, &now) == 0 && dbmark_same(&now, m) ? m : NULL;
}

/* db or one of its side files exists: its path into buf. */
static int db_left(const char *db, char *buf, size_t n)
{
    snprintf(buf, n, "%s", db);
    return access(db, F_OK) == 0 || dbfile_side_exists(db, buf, n);
}

/* Recorded cell i is resumerun_verify_unfinished: its verify runs again. */
static int verify_again(const struct runner *r, int i)
{
    assert(i >= 0 && i < r->nresults);
    const struct summary_record *rec = &r->results[i];
    return resumerun_verify_unfinished(rec->status, rec->chunks, r->cfg->rows, r->cfg->chunk,
                                       r->cfg->verify);
}

static int any_verify_again(const struct runner *r)
{
    for (int i = 0; i < r->nresults; i++)
        if (verify_again(r, i))
            return 1;
    return 0;
}

/* A kill between a cell's summary row and the deletion of its database
** leaves the database behind: removed as the run would have (unless
** --keep-db) when the folder proves it this run's; any other file of its
** name (another run's, kept by a cell that failed on it) is kept. */
static void remove_recorded_databases(const struct runner *r, const struct dbmark_book *b)
{
    if (r->cfg->keep_db)
        return;
    for (int i = 0; i < r->nresults; i++) {
        char db[4200], left[4200];
        if (verify_again(r, i))
            continue;                   /* its verify runs again on it */
        runner_db_path(r, &r->cells[i], db, sizeof db);
        const struct dbmark *m = dbmark_book_find(b, db);
        if (db_left(db, left, sizeof left) && !(m && dbmark_remove(db, m, r->marks_fd)))
            printf("kept %s: %s\n", left, unproved(b, db));
    }
}

/* The interrupted cell's database: proved this run's (fd->prior, so that
** the runner deletes it once the cell is recorded), or, with no chunk
** recorded, refused when it is there and not proved ours. */
static int check_ownership(const struct dbmark_book *b, struct resumecell *fd, const char *db,
                           char *err, size_t errlen)
{
    char left[4200];
    const struct dbmark *m = proof(b, db);
    if (m) {
        fd->prior.db_marked = 1;
        fd->prior.db_mark = *m;
    } else if (!fd->recorded && db_left(db, left, sizeof left)) {
        snprintf(err, errlen, "%s: %s: not touched; delete it to resume", left, unproved(b, db));
        return -1;
    }
    return 0;
}

/* The cells summary.csv records, and the time the run has spent on them.
** 0, or -1 with err. */
static int read_recorded(struct resume *rs, char *err, size_t errlen)
{
    struct runner *r = &rs->r;
    if (check_summary(r, &rs->summary_len, &rs->summary_torn, err, errlen))
        return -1;
    /* a kill between a cell's summary row and its line in run.json's log
    ** left run.json one cell short: summary.csv is the record */
    cellentry_fit(r->rj, r->cells, r->results, r->nresults);
    double run_s = runjson_run_s(r->rj, &rs->at_cell);
    r->spent_s = rs->at_cell > run_s ? rs->at_cell : run_s;
    return dbmark_book_load(rs->out, &rs->book, err, errlen);
}

/* Interrupted run first + j: its chunks, its database against them and
** whose it is, its histograms, into rs->fds[j]; *hist_len is at most
** histograms.csv's length without rows of its unrecorded chunk.  0, or -1
** with err. */
static int check_run(struct resume *rs, int j, off_t *hist_len, char *err, size_t errlen)
{
    struct runner *r = &rs->r;
    struct resumecell *fd = &rs->fds[j];
    off_t len;
    fd->first = r->nresults + j;
    if (resumecell_chunks(r, fd, err, errlen) ||
        (j == rs->nfds - 1 && resumecell_lockstep(r, fd, err, errlen)))
        return -1;
    runner_db_path(r, &r->cells[fd->first], fd->db, sizeof fd->db);
    if ((fd->recorded && resumecell_database(r, fd, fd->db, err, errlen)) ||
        check_ownership(&rs->book, fd, fd->db, err, errlen))
        return -1;
    const struct cell *cell = &r->cells[fd->first];
    if (histfile_restore(rs->out, cell->combo, cell->repeat, fd->recorded,
                         &fd->prior.stats.lat, fd->prior.stats.rd.lat, &fd->prior.stats.txn,
                         &len, err, errlen))
        return -1;
    *hist_len = j == 0 || len < *hist_len ? len : *hist_len;
    return 0;
}

/* The interrupted runs (in lockstep, the rest of the round), and the
** timeline; rs->hist_len is histograms.csv's length without the rows of
** unrecorded chunks that end it (cut_histograms).  0, or -1 with err. */
static int check_interrupted(struct resume *rs, char *err, size_t errlen)
{
    struct runner *r = &rs->r;
    assert(r->nresults < r->ncells);    /* a run with every cell recorded closes instead */
    rs->nfds = resumecell_group(r, r->nresults);
    if (!(rs->fds = calloc((size_t)rs->nfds, sizeof *rs->fds))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    double elapsed = 0;
    for (int j = 0; j < rs->nfds; j++) {
        if (check_run(rs, j, &rs->hist_len, err, errlen))
            return -1;
        elapsed += rs->fds[j].recorded ? rs->fds[j].prior.elapsed_s : 0;
    }
    if (timeline_resumable(rs->out, err, errlen))
        return -1;
    /* the time spent: up to the last chunk recorded, a kill -9 included
    ** (run.json's run_s is only as recent as its last write) */
    if (rs->at_cell + elapsed > r->spent_s)
        r->spent_s = rs->at_cell + elapsed;
    json_object_set_new(runjson_root(r->rj), RUNKEY_RUN_S, json_real(r->spent_s));
    return 0;
}

/* A round in lockstep that cannot go on: err goes on naming the round's
** databases that are there (with their side files), kept, and how to
** give the run up. */
static void name_round_databases(const struct resume *rs, char *err, size_t errlen)
{
    const struct runner *r = &rs->r;
    size_t len = strlen(err);
    int named = 0;
    for (int j = 0; j < rs->nfds && len < errlen; j++) {
        char db[4200], left[4200];
        runner_db_path(r, &r->cells[r->nresults + j], db, sizeof db);
        if (!db_left(db, left, sizeof left))
            continue;
        int n = named ? snprintf(err + len, errlen - len, ", %s", folder_basename(db))
                      : snprintf(err + len, errlen - len, "; the databases of its round in "
                                 "lockstep are kept in %s: %s", r->db_dir, folder_basename(db));
        len += n > 0 ? (size_t)n : 0;
        named = 1;
    }
    if (named && len < errlen)
        snprintf(err + len, errlen - len, " (and their -journal, -wal, -shm): delete them to "
                 "give the run up");
}

/* name in the folder cut back to len.  0, or -1 with err. */
static int cut_back(const char *out, const char *name, off_t len, char *err, size_t errlen)
{
    char path[4200];
    assert(len >= 0);
    snprintf(path, sizeof path, "%s/%s", out, name);
    if (truncate(path, len) == 0)
        return 0;
    snprintf(err, errlen, "%s: cannot cut off its half-written line: %s", path, strerror(errno));
    return -1;
}

/* name in the folder, opened for appending, or -1 with err. */
static int reopen(const char *out, const char *name, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", out, name);
    int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd < 0)
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return fd;
}

/* The results files opened for appending, timeline.csv without the rows
** of an unrecorded chunk.  0, or -1 with err (and errno). */
static int reopen_results(struct runner *r, const char *out, char *err, size_t errlen)
{
    if ((r->timeline_fd = timeline_resume(out, err, errlen)) < 0 ||
        (r->chunks_fd = reopen(out, "chunks.csv", err, errlen)) < 0 ||
        (r->summary_fd = reopen(out, "summary.csv", err, errlen)) < 0 ||
        (r->histograms_fd = reopen(out, "histograms.csv", err, errlen)) < 0)
        return -1;
    return 0;
}

/* histograms.csv without rows of unrecorded chunks or a half line: cut
** back to rs->hist_len, or in lockstep, where rows of other cells may follow
** a cell's unrecorded ones, rewritten without them.  0, or -1 with err. */
static int cut_histograms(const struct resume *rs, char *err, size_t errlen)
{
    if (rs->nfds == 1)
        return cut_back(rs->out, "histograms.csv", rs->hist_len, err, errlen);
    struct histfile_run *drop = calloc((size_t)rs->nfds, sizeof *drop);
    if (!drop) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int j = 0; j < rs->nfds; j++) {
        const struct cell *c = &rs->r.cells[rs->fds[j].first];
        drop[j] = (struct histfile_run){c->combo, c->repeat, rs->fds[j].recorded};
    }
    int rc = histfile_drop(rs->out, drop, rs->nfds, err, errlen), e = errno;
    free(drop);
    errno = e;
    return rc;
}

/* Every check passed: the changes that carry the run on.  Databases of
** recorded cells removed (when proved the run's), half lines cut off, the
** rows of an unrecorded chunk deleted, the results files opened for
** appending.  0, or -1 with err. */
static int prepare(struct resume *rs, char *err, size_t errlen)
{
    struct runner *r = &rs->r;
    const struct resumecell *fd0 = &rs->fds[0];
    assert(fd0->first == r->nresults);   /* check_interrupted's runs */
    if (session_open_marks(r, 0, err, errlen))
        return -1;
    remove_recorded_databases(r, &rs->book);
    if ((fd0->torn && cut_back(rs->out, "chunks.csv", fd0->chunks_len, err, errlen)) ||
        (rs->summary_torn && cut_back(rs->out, "summary.csv", rs->summary_len, err, errlen)) ||
        cut_histograms(rs, err, errlen) ||
        csvupgrade_file(rs->out, CSV_CHUNKS, err, errlen) ||  /* an older sqlsoak's columns */
        csvupgrade_file(rs->out, CSV_SUMMARY, err, errlen) ||
        csvupgrade_file(rs->out, CSV_HISTOGRAMS, err, errlen))
        return -1;
    for (int j = 0; j < rs->nfds; j++) {
        struct resumecell *fd = &rs->fds[j];
        if (!fd->recorded) {
            if (fd->prior.db_marked)    /* this run's own, with no chunk: start the cell anew */
                dbmark_remove(fd->db, &fd->prior.db_mark, r->marks_fd);
        } else if ((fd->trim_rows > 0 || fd->rewind) &&
                   resumecell_trim(r, fd, fd->db, err, errlen)) {
            return -1;
        }
    }
    return reopen_results(r, rs->out, err, errlen);
}

/* The results disk filled as the folder was readied (a rewrite needs room
** for its copy): the run stays resumable, and run.json says so, as a run
** stopped by its own full disk does.  e: the failure's errno. */
static void prepare_failed(struct resume *rs, int e, const char *why)
{
    if (!fdio_disk_full(e))
        return;
    runjson_set_status(rs->r.rj, "disk_full", why);
    runjson_unreserve(rs->out);         /* the room kept for run.json's last words */
    if (runjson_write(rs->r.rj, rs->out) != 0)
        return;
    printf("stopped: the results disk is full; the chunks measured are kept.\n"
           "to carry on once there is room: %s resume ", rs->r.prog ? rs->r.prog : "sqlsoak");
    runner_shell_quote(stdout, rs->out);
    printf("\n");
}

int resume_prepare(struct resume *rs, char *err, size_t errlen)
{
    if (prepare(rs, err, errlen) == 0)
        return 0;
    prepare_failed(rs, errno, err);
    return -1;
}

void resume_announce(struct resume *rs)
{
    const struct runner *r = &rs->r;
    const struct config *cfg = &rs->cfg;
    char where[1024] = "";
    for (int j = 0; j < rs->nfds; j++) {
        char name[CELLNAME_MAX];
        size_t len = strlen(where);
        snprintf(where + len, sizeof where - len, "%s%s after %" PRId64 " of %" PRId64 " chunks",
                 j ? "; " : "", runner_run_name(r, rs->fds[j].first, name, sizeof name),
                 rs->fds[j].recorded, (cfg->rows + cfg->chunk - 1) / cfg->chunk);
    }
    json_object_set_new(runjson_root(r->rj), RUNKEY_PID, json_integer(getpid()));
    runjson_add_resume(r->rj, where);
    runjson_write(r->rj, rs->out);
    printf("resuming %s at %s%s\n", rs->out, where,
           rs->fds[0].torn ? " (a half-written line of chunks.csv was dropped)" : "");
    if (rs->nfds > 1)
        printf("  the %d runs of the round go on in lockstep, from each one's last recorded "
               "chunk\n", rs->nfds);
    for (int j = 0; j < rs->nfds; j++) {
        const struct resumecell *fd = &rs->fds[j];
        char who[CELLNAME_MAX + 2] = "";    /* which run, when there are several */
        if (rs->nfds > 1) {
            runner_run_name(r, fd->first, who, sizeof who - 2);
            strcat(who, ": ");
        }
        if (fd->trimmed > 0)
            printf("  %s%" PRId64 " rows of the unrecorded chunk were deleted; it is measured "
                   "again\n", who, fd->trimmed);
        if (fd->restored > 0)
            printf("  %s%" PRId64 " rows of its updates and deletes were put back as the last "
                   "recorded chunk left them\n", who, fd->restored);
        if (fd->recorded && !fd->prior.db_marked && !cfg->keep_db)
            printf("  %s will be kept when its cell ends: %s\n", fd->db,
                   unproved(&rs->book, fd->db));
    }
    fflush(stdout);
}

int resume_carry_on(struct resume *rs, char *err, size_t errlen)
{
    const struct soak_prior **priors = calloc((size_t)rs->nfds, sizeof *priors);
    if (!priors) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    for (int j = 0; j < rs->nfds; j++)
        priors[j] = rs->fds[j].recorded ? &rs->fds[j].prior : NULL;
    int status = runner_execute(&rs->r, rs->fds[0].first, priors, rs->nfds);
    free(priors);
    return status;
}

/* Recorded cell i, whose verify runs again: its chunks, its database
** against them and whose it is, its reads' histograms, into *fd (its
** prior stats for the caller to free).  0, or -1 with err. */
static int check_verify_cell(struct resume *rs, int i, struct resumecell *fd, char *err,
                             size_t errlen)
{
    struct runner *r = &rs->r;
    assert(i >= 0 && i < r->nresults);
    const struct cell *c = &r->cells[i];
    char db[4200];
    off_t hist_len;
    memset(fd, 0, sizeof *fd);
    fd->first = i;
    runner_db_path(r, c, db, sizeof db);
    if (resumecell_chunks(r, fd, err, errlen) || resumecell_database(r, fd, db, err, errlen) ||
        check_ownership(&rs->book, fd, db, err, errlen))
        return -1;
    return histfile_restore(rs->out, c->combo, c->repeat, fd->recorded, &fd->prior.stats.lat,
                            fd->prior.stats.rd.lat, &fd->prior.stats.txn, &hist_len, err, errlen);
}

/* Each recorded cell verify_again, checked (pass 0: nothing changes) or
** run again (pass 1).  0, or -1 with err (pass 0) or with the run ended
** (pass 1: r->end). */
static int verify_cells(struct resume *rs, int pass, char *err, size_t errlen)
{
    struct runner *r = &rs->r;
    struct resumecell fd;
    assert(pass == 0 || pass == 1);
    for (int i = 0; i < r->nresults; i++) {
        if (!verify_again(r, i))
            continue;
        int rc = check_verify_cell(rs, i, &fd, err, errlen);
        if (rc == 0 && pass) {
            char name[CELLNAME_MAX];
            printf("resuming %s at %s: every chunk recorded, its verify was cut short: it runs "
                   "again\n", rs->out, runner_run_name(r, i, name, sizeof name));
            fflush(stdout);
            rc = runner_redo_cell(r, i, &fd.prior);
        }
        cellstats_free(&fd.prior.stats);
        if (rc)
            return -1;
    }
    return 0;
}

int resume_stopped(char *err, size_t errlen)
{
    if (!stop_signal)
        return 0;
    snprintf(err, errlen, "interrupted before the run began: nothing changed");
    return 1;
}

/* A run with every cell recorded (failed, or killed as it closed) whose
** unfinished work is verifies the watchdog cut short: each is checked,
** then run again, and the run closed as it would have been.  Returns the
** exit status. */
static int resume_verifies(struct resume *rs, char *err, size_t errlen)
{
    struct runner *r = &rs->r;
    assert(r->nresults == r->ncells);
    if (verify_cells(rs, 0, err, errlen))
        return 2;
    if (resume_stopped(err, errlen))
        return 130;
    if (session_open_marks(r, 0, err, errlen))
        return 1;
    remove_recorded_databases(r, &rs->book);
    if (reopen_results(r, rs->out, err, errlen)) {
        prepare_failed(rs, errno, err);
        return 1;
    }
    json_object_set_new(runjson_root(r->rj), RUNKEY_PID, json_integer(getpid()));
    runjson_add_resume(r->rj, "every cell recorded: the verifies cut short run again");
    runjson_set_status(r->rj, "running", NULL);
    runjson_write(r->rj, rs->out);
    err[0] = 0;
    if (verify_cells(rs, 1, err, errlen) && err[0]) {   /* a stop sets r->end instead */
        notice_line("sqlsoak resume: %s", err);
        err[0] = 0;
    }
    return runner_execute(r, r->ncells, NULL, 0);
}

int resume_open(struct resume *rs, const struct config *args, run_draw_fn *draw, char *err,
                size_t errlen)
{
    memset(rs, 0, sizeof *rs);
    rs->book = (struct dbmark_book){NULL, 0, 0, 1};
    session_init(&rs->r, NULL);     /* its options come from run.json */
    rs->r.draw = draw;
    if (args->npos != 1) {
        snprintf(err, errlen, "usage: sqlsoak resume RESULTS_FOLDER");
        return -1;
    }
    if (!realpath(args->pos[0], rs->out)) {
        snprintf(err, errlen, "%s: %s", args->pos[0], strerror(errno));
        return -1;
    }
    if (resumerun_read(&rs->r, &rs->cfg, rs->out, args, &rs->run, err, errlen) ||
        read_recorded(rs, err, errlen))
        return -1;
    assert(rs->r.nresults <= rs->r.ncells);     /* summary.csv records a prefix of the plan */
    return 0;
}

int resume_all_recorded(const struct resume *rs)
{
    return rs->r.nresults == rs->r.ncells;
}

int resume_close(struct resume *rs, char *err, size_t errlen)
{
    assert(resume_all_recorded(rs));
    if (any_verify_again(&rs->r))
        return resume_verifies(rs, err, errlen);
    /* stopped between the last cell and the final run.json */
    printf("every cell of %s is recorded: closing the run\n", rs->out);
    if (session_open_marks(&rs->r, 0, err, errlen))
        return 2;
    remove_recorded_databases(&rs->r, &rs->book);
    return runner_execute(&rs->r, rs->r.ncells, NULL, 0);
}

int resume_check(struct resume *rs, char *err, size_t errlen)
{
    if (check_interrupted(rs, err, errlen) == 0)
        return 0;
    if (rs->nfds > 1)
        name_round_databases(rs, err, errlen);
    return -1;
}

void resume_release(struct resume *rs)
{
    runner_release(&rs->r);
    dbmark_book_free(&rs->book);
    for (int j = 0; j < rs->nfds; j++)
        cellstats_free(&rs->fds[j].prior.stats);
    free(rs->fds);
    rs->fds = NULL;
    rs->nfds = 0;
    runjson_free_argv(rs->run.argv);
    rs->run.argv = NULL;
    free(rs->run.cwd);
    rs->run.cwd = NULL;
    if (rs->cfg.codec)
        rs->cfg.codec->release(&rs->cfg);
}
