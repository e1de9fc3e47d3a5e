/*
** merge: the results folders of one matrix run in shares (`run --shard
** K/N`, on several boards) joined into one results folder, as one run of
** the whole matrix would have left it: the work of `sqlsoak merge DIR...
** --out DIR`, in the steps cmd_merge takes.
**
** Refused in one line, exit 2, nothing created: a folder that is not a
** finished run of a share; folders of different options or seeds (every
** option but --shard must be the same); shares of different N, a share
** given twice or one missing; a share that is damaged or disagrees with
** itself (shareaudit.h), or that another sqlsoak version wrote; --out
** inside a share.  Every share is checked before anything is created;
** when writing fails, what merge created is removed again.
**
** The joined folder: chunks.csv, histograms.csv and timeline.csv hold
** every share's rows; summary.csv its cells in the order of round and
** combination, with the columns that compare cells filled again over all
** of them (noise.h); run.json is the first share's, with every share's
** cells, each with the host and storage it ran on, and "merged_from"
** naming the folders; summary.json made from summary.csv.  Its graphs
** and report.html are then drawn by the command (plot.h).
*/
#include "merge.h"
#include "baseline.h"
#include "csvin.h"
#include "fdio.h"
#include "folder.h"
#include "infile.h"
#include "noise.h"
#include "plan.h"
#include "runjson.h"
#include "runkey.h"
#include "shareaudit.h"
#include "summary.h"
#include "summaryjson.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct merge_share {
    const char *dir;
    json_t *rj;
    int k, n;                   /* share k of n (--shard K/N) */
};

/* Options that say where a share ran and how it was watched, not what it
** measured: each board has its own. */
static const char *const local_options[] = {
    RUNKEY_OPT_SHARD,    RUNKEY_OPT_OUT,      RUNKEY_OPT_DB_DIR,     RUNKEY_OPT_PROGRESS,
    RUNKEY_OPT_NO_PLOT,  RUNKEY_OPT_DETACH,   RUNKEY_OPT_METRICS,    RUNKEY_OPT_KEEP_DB,
    RUNKEY_OPT_ON_ERROR, RUNKEY_OPT_WATCHDOG, RUNKEY_OPT_MIN_FREE,   RUNKEY_OPT_TIMELINE_INTERVAL,
    RUNKEY_OPT_PROBE,    RUNKEY_OPT_PROBE_TIME, RUNKEY_OPT_MAX_TIME,
};

json_t *merge_plan_options(const json_t *rj)
{
    json_t *o = json_deep_copy(json_object_get(rj, RUNKEY_OPTIONS));
    for (size_t i = 0; o && i < sizeof local_options / sizeof *local_options; i++)
        json_object_del(o, local_options[i]);
    return o;
}

static int load_share(struct merge_share *s, char *err, size_t errlen)
{
    char path[4200], why[4400];
    snprintf(path, sizeof path, "%s/run.json", s->dir);
    if (!(s->rj = infile_json(path, why, sizeof why))) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    const char *shard = json_string_value(
        json_object_get(json_object_get(s->rj, RUNKEY_OPTIONS), RUNKEY_OPT_SHARD));
    const char *status = json_string_value(json_object_get(s->rj, RUNKEY_STATUS));
    json_int_t planned = json_integer_value(json_object_get(s->rj, RUNKEY_CELLS_PLANNED));
    if (!shard || plan_shard_parse(shard, &s->k, &s->n, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s: not a share of a matrix (run without --shard K/N)", s->dir);
        return -1;
    }
    if (!status || strcmp(status, "running") == 0 ||
        (json_int_t)json_array_size(json_object_get(s->rj, RUNKEY_CELLS)) +
                (json_int_t)runjson_skipped(s->rj, why, sizeof why) != planned) {
        snprintf(err, errlen, "%s: share %s did not finish (status %s): resume it first", s->dir,
                 shard, status ? status : "unknown");
        return -1;
    }
    return 0;
}

/* Every share of one plan, each once.  0, or -1 with err. */
static int check_shares(struct merge_share *s, int count, char *err, size_t errlen)
{
    json_t *first = merge_plan_options(s[0].rj);
    int rc = 0;
    for (int i = 0; rc == 0 && i < count; i++) {
        json_t *o = merge_plan_options(s[i].rj);
        if (s[i].n != s[0].n) {
            snprintf(err, errlen, "%s is share %d of %d, %s of %d: not shares of one matrix",
                     s[i].dir, s[i].k, s[i].n, s[0].dir, s[0].n);
            rc = -1;
        } else if (!json_equal(o, first)) {
            const char *key, *bad = "?";
            json_t *v;
            json_object_foreach(first, key, v) if (!json_equal(v, json_object_get(o, key))) {
                bad = key;
                break;
            }
            snprintf(err, errlen, "%s and %s ran different plans (--%s differs): not shares of one "
                     "matrix", s[0].dir, s[i].dir, bad);
            rc = -1;
        }
        for (int j = 0; rc == 0 && j < i; j++)
            if (s[j].k == s[i].k) {
                snprintf(err, errlen, "share %d of %d is given twice: %s and %s", s[i].k, s[i].n,
                         s[j].dir, s[i].dir);
                rc = -1;
            }
        json_decref(o);
    }
    if (rc == 0 && count != s[0].n) {
        int missing = 1;
        for (int k = 1; k <= s[0].n; k++) {
            int have = 0;
            for (int i = 0; i < count; i++)
                have |= s[i].k == k;
            if (!have) {
                missing = k;
                break;
            }
        }
        snprintf(err, errlen, "share %d of %d is missing: give every share's folder", missing,
                 s[0].n);
        rc = -1;
    }
    json_decref(first);
    return rc;
}

/* The first line of dir/name, into buf.  0, or -1. */
static int header_of(const char *dir, const char *name, char *buf, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "re");
    int ok = f && fgets(buf, (int)n, f) && strchr(buf, '\n');
    if (f)
        fclose(f);
    return ok ? 0 : -1;
}

static const char *const joined_files[] = {"chunks.csv", "histograms.csv", "timeline.csv",
                                           "summary.csv"};
#define NJOINED (int)(sizeof joined_files / sizeof *joined_files)

/* Every share's files have the same header (one sqlsoak wrote them). */
static int check_headers(const struct merge_share *s, int count, char *err, size_t errlen)
{
    static char a[65536], b[65536];
    for (int f = 0; f < NJOINED; f++)
        for (int i = 0; i < count; i++) {
            int bad = header_of(s[i].dir, joined_files[f], b, sizeof b) != 0;
            if (!bad && i == 0)
                memcpy(a, b, sizeof a);
            if (bad || strcmp(a, b) != 0) {
                snprintf(err, errlen, "%s/%s: %s", s[i].dir, joined_files[f],
                         bad ? "missing or without a header" :
                               "its columns differ from the first share's (another sqlsoak "
                               "version): cannot merge");
                return -1;
            }
        }
    return 0;
}

/* name's header, then the lines after the header of each share's name. */
static int join_file(const struct merge_share *s, int count, const char *out, const char *name)
{
    char path[4200], *text;
    size_t len;
    char err[4400];
    snprintf(path, sizeof path, "%s/%s", out, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644), rc = fd < 0 ? -1 : 0;
    for (int i = 0; rc == 0 && i < count; i++) {
        char from[4200];
        snprintf(from, sizeof from, "%s/%s", s[i].dir, name);
        if (infile_read(from, &text, &len, err, sizeof err) != 0) {
            rc = -1;
            break;
        }
        const char *body = memchr(text, '\n', len);
        size_t skip = body ? (size_t)(body + 1 - text) : len;
        if (i == 0)
            skip = 0;
        rc = fdio_write_full(fd, text + skip, len - skip);
        free(text);
    }
    if (fd >= 0 && (fsync(fd) != 0 || close(fd) != 0))
        rc = -1;
    return rc;
}

static int by_round_then_cell(const void *a, const void *b)
{
    const struct summary_record *x = a, *y = b;
    if (x->id.repeat != y->id.repeat)
        return x->id.repeat < y->id.repeat ? -1 : 1;
    return (x->id.cell > y->id.cell) - (x->id.cell < y->id.cell);
}

/* summary.csv of every cell, compared across all of them. */
static int join_summary(const struct merge_share *s, int count, const char *out, char *err,
                        size_t errlen)
{
    struct summary_record *recs = NULL;
    int nrec = 0, rc = 0;
    for (int i = 0; rc == 0 && i < count; i++) {
        char path[4200];
        struct csvin t;
        snprintf(path, sizeof path, "%s/summary.csv", s[i].dir);
        if (csvin_read(path, CSV_SUMMARY, &t, err, errlen) != 0)
            return -1;
        struct summary_record *more = realloc(recs, sizeof *recs * (size_t)(nrec + t.nrows + 1));
        if (!more)
            rc = -1;
        else
            recs = more;
        for (int r = 0; rc == 0 && r < t.nrows; r++)
            rc = csvin_record(&t, CSV_SUMMARY, r, &recs[nrec++]);
        csvin_free(&t);
    }
    if (rc == 0) {
        qsort(recs, (size_t)nrec, sizeof *recs, by_round_then_cell);
        /* the baseline the shares ran with (--baseline is an option of the plan) */
        int64_t base = 1;
        const char *text = json_string_value(
            json_object_get(json_object_get(s[0].rj, RUNKEY_OPTIONS), RUNKEY_OPT_BASELINE));
        if (baseline_of_records(text, recs, nrec, &base, err, errlen) != 0)
            base = 1;
        noise_fill(recs, nrec, base);
        rc = summary_rewrite(out, recs, nrec, err, errlen);
        if (rc == 0)
            rc = summaryjson_write(out, err, errlen);
    } else {
        snprintf(err, errlen, "out of memory");
    }
    free(recs);
    return rc;
}

/* The first share's run.json, with every share's cells (each with its
** host and storage) and the folders it was merged from. */
static int join_run_json(const struct merge_share *s, int count, const char *out)
{
    json_t *rj = json_deep_copy(s[0].rj), *cells = json_array(), *from = json_array();
    json_int_t planned = 0, skipped = 0;
    char why[160] = "", share_why[160];
    for (int i = 0; i < count; i++) {
        /* the rounds each share's --repeat auto did not need, summed */
        int64_t k_skipped = runjson_skipped(s[i].rj, share_why, sizeof share_why);
        if (k_skipped && *why && strcmp(why, share_why) != 0)
            snprintf(share_why, sizeof share_why, "--repeat auto: each share decided apart");
        if (k_skipped)
            snprintf(why, sizeof why, "%s", share_why);
        skipped += k_skipped;
        json_t *host = json_object_get(s[i].rj, RUNKEY_HOST);
        json_t *st = json_object_get(s[i].rj, RUNKEY_STORAGE);
        size_t k;
        json_t *c;
        json_array_foreach(json_object_get(s[i].rj, RUNKEY_CELLS), k, c) {
            json_t *copy = json_deep_copy(c);
            json_object_set(copy, RUNKEY_CELL_HOST, host ? host : json_null());
            json_object_set(copy, RUNKEY_CELL_STORAGE, st ? st : json_null());
            json_array_append_new(cells, copy);
        }
        planned += json_integer_value(json_object_get(s[i].rj, RUNKEY_CELLS_PLANNED));
        const char *shard = json_string_value(
            json_object_get(json_object_get(s[i].rj, RUNKEY_OPTIONS), RUNKEY_OPT_SHARD));
        json_array_append_new(
            from, json_pack("{s:s, s:s, s:O?}", RUNKEY_MERGED_FOLDER, s[i].dir,
                            RUNKEY_MERGED_SHARD, shard, RUNKEY_MERGED_HOSTNAME,
                            json_object_get(host, RUNKEY_HOST_HOSTNAME)));
    }
    json_object_set_new(rj, RUNKEY_CELLS, cells);
    json_object_set_new(rj, RUNKEY_CELLS_PLANNED, json_integer(planned));
    runjson_set_skipped(rj, skipped, why);
    json_object_set_new(rj, RUNKEY_MERGED_FROM, from);
    json_object_set_new(rj, RUNKEY_OUT_DIR, json_string(out));
    json_object_del(json_object_get(rj, RUNKEY_OPTIONS), RUNKEY_OPT_SHARD);
    char path[4200];
    snprintf(path, sizeof path, "%s/run.json", out);
    int rc = json_dump_file(rj, path, JSON_INDENT(2) | JSON_SORT_KEYS);
    json_decref(rj);
    return rc;
}

void merge_hosts(const struct merge *m, char *buf, size_t n)
{
    const struct merge_share *s = m->s;
    int count = m->count;
    size_t len = 0;
    int distinct = 0;
    buf[0] = 0;
    for (int i = 0; i < count; i++) {
        const char *h = json_string_value(
            json_object_get(json_object_get(s[i].rj, RUNKEY_HOST), RUNKEY_HOST_HOSTNAME));
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = json_equal(
                json_object_get(json_object_get(s[j].rj, RUNKEY_HOST), RUNKEY_HOST_HOSTNAME),
                json_object_get(json_object_get(s[i].rj, RUNKEY_HOST), RUNKEY_HOST_HOSTNAME));
        if (!seen && len < n) {
            len += (size_t)snprintf(buf + len, n - len, "%s%s", distinct ? ", " : "",
                                    h ? h : "?");
            distinct++;
        }
    }
    if (distinct < 2)
        buf[0] = 0;
}

/* Removes what merge made of out after a failure: the files it writes,
** then out and the folders above it that folder_mkdirs created, up to
** the ancestor that existed (anc).  Nothing else is touched. */
static void unmake(const char *out, const char *anc)
{
    static const char *const made[] = {"run.json", "summary.json", "summary.csv"};
    char path[4200];
    for (int f = 0; f < NJOINED + 3; f++) {
        snprintf(path, sizeof path, "%s/%s", out, f < NJOINED ? joined_files[f] : made[f - NJOINED]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s", out);
    while (strcmp(path, anc) != 0 && rmdir(path) == 0) {
        char *slash = strrchr(path, '/');
        while (slash && slash > path && slash[1] == 0) {
            *slash = 0;
            slash = strrchr(path, '/');
        }
        if (!slash || slash == path)
            break;
        *slash = 0;
    }
}

/* Every share checked: of one plan, whole and agreeing with itself, and
** --out not inside one.  0, or -1 with err. */
static int check_all(struct merge_share *s, int count, const char *out, char *err, size_t errlen)
{
    for (int i = 0; i < count; i++)
        if (load_share(&s[i], err, errlen) != 0)
            return -1;
    if (check_shares(s, count, err, errlen) != 0)
        return -1;
    for (int i = 0; i < count; i++) {
        if (folder_inside(out, s[i].dir)) {
            snprintf(err, errlen, "--out %s is inside the share %s: give a folder outside every "
                     "share", out, s[i].dir);
            return -1;
        }
        if (shareaudit_check(s[i].dir, s[i].rj, err, errlen) != 0)
            return -1;
    }
    return check_headers(s, count, err, errlen);
}

int merge_check(struct merge *m, char *const *dirs, int count, const char *out, char *err,
                size_t errlen)
{
    assert(count >= 1);
    memset(m, 0, sizeof *m);
    if (!(m->s = calloc((size_t)count, sizeof *m->s))) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    m->count = count;
    m->out = out;
    for (int i = 0; i < count; i++)
        m->s[i].dir = dirs[i];
    return check_all(m->s, count, out, err, errlen) ? 2 : 0;
}

int merge_write(struct merge *m, char *err, size_t errlen)
{
    char anc[4200];
    folder_existing_ancestor(m->out, anc, sizeof anc);
    if (folder_mkdirs(m->out, err, errlen))
        return -1;
    for (int f = 0; f < NJOINED - 1; f++)
        if (join_file(m->s, m->count, m->out, joined_files[f]) != 0) {
            snprintf(err, errlen, "cannot write %s/%s: %s", m->out, joined_files[f],
                     strerror(errno));
            unmake(m->out, anc);
            return -1;
        }
    if (join_summary(m->s, m->count, m->out, err, errlen) == 0 &&
        join_run_json(m->s, m->count, m->out) == 0)
        return 0;
    if (!err[0])
        snprintf(err, errlen, "cannot write %s: %s", m->out, strerror(errno));
    unmake(m->out, anc);
    return -1;
}

void merge_free(struct merge *m)
{
    for (int i = 0; i < m->count; i++)
        json_decref(m->s[i].rj);
    free(m->s);
    m->s = NULL;
    m->count = 0;
}
