/*
** devlimits: see devlimits.h.
*/
#include "devlimits.h"
#include "beside.h"
#include "devprobe.h"
#include "sdclass.h"
#include "infile.h"
#include "runkey.h"
#include "sysinfo.h"
#include "testhook.h"
#include "units.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* The storage path is, or will be, on: its nearest existing ancestor's. */
static int storage_of(const char *path, struct storage_info *st)
{
    char p[PATH_MAX];
    struct stat sb;
    snprintf(p, sizeof p, "%s", path);
    while (stat(p, &sb) != 0) {
        if (strcmp(p, "/") == 0 || strcmp(p, ".") == 0)
            return -1;
        char up[PATH_MAX];
        snprintf(up, sizeof up, "%s", p);
        snprintf(p, sizeof p, "%s", dirname(up));
    }
    return sysinfo_storage(p, st);
}

/* --probe auto and new measure (auto reuses a fresh probe), long as auto
** does for a long plan; anything else but off names a results folder. */
static int probes(const char *probe)
{
    return probe && (strcmp(probe, "auto") == 0 || strcmp(probe, "new") == 0 ||
                     strcmp(probe, "long") == 0);
}

int devlimits_check(const struct config *cfg, const char *db_dir, void **given, char *err,
                 size_t errlen)
{
    *given = NULL;
    if (!cfg->probe || strcmp(cfg->probe, "off") == 0 || probes(cfg->probe))
        return 0;
    char path[PATH_MAX + 16];
    struct stat sb;
    snprintf(path, sizeof path, "%s%s", cfg->probe,
             stat(cfg->probe, &sb) == 0 && S_ISDIR(sb.st_mode) ? "/run.json" : "");
    char why[512];
    json_t *rj = infile_json(path, why, sizeof why);
    if (!rj) {
        snprintf(err, errlen, "--probe %s: %s", cfg->probe, why);
        return -1;
    }
    struct storage_info st;
    json_t *lim = json_object_get(rj, RUNKEY_DEVICE_LIMITS);
    int rc = -1;
    if (!json_is_object(lim))
        snprintf(err, errlen, "--probe %s: %s records no device_limits (it ran with --probe off)",
                 cfg->probe, path);
    else if (storage_of(db_dir, &st) != 0 ||
             !beside_same_storage(json_object_get(rj, RUNKEY_STORAGE), &st))
        snprintf(err, errlen,
                 "--probe %s: its limits were measured on other storage than --db-dir %s",
                 cfg->probe, db_dir);
    else {
        *given = json_deep_copy(lim);
        json_object_set_new(*given, RUNKEY_LIMITS_SOURCE, json_string(path));
        rc = *given ? 0 : -1;
        if (rc)
            snprintf(err, errlen, "out of memory");
    }
    json_decref(rj);
    return rc;
}

static void iso_time(time_t t, char *buf, size_t n)
{
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* When the limits of run.json rj were measured, in seconds since the
** epoch: device_limits' measured_at, else (a run from before it was
** recorded) the run's start, when its probe ran; -1 unknown. */
static double measured_at(const json_t *rj)
{
    const char *t = json_string_value(json_object_get(json_object_get(rj, RUNKEY_DEVICE_LIMITS),
                                                      RUNKEY_LIMITS_MEASURED_AT));
    if (!t)
        t = json_string_value(json_object_get(rj, RUNKEY_START_TIME));
    struct tm tm = {0};
    const char *end = t ? strptime(t, "%Y-%m-%dT%H:%M:%SZ", &tm) : NULL;
    return end && !*end ? (double)timegm(&tm) : -1;
}

struct fresh {
    struct storage_info st;
    double now;
    json_t *best;           /* a copy of the newest fresh probe so far */
    double best_at;
};

/* beside_each's fn: dir's run.json holds a probe of f's storage measured
** there (not taken from another folder), DEVLIMITS_FRESH_S old at most:
** the newest such into f->best. */
static int consider(const char *dir, void *ctx)
{
    struct fresh *f = ctx;
    char path[8500];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *rj = json_load_file(path, 0, NULL);
    json_t *lim = json_object_get(rj, RUNKEY_DEVICE_LIMITS);
    const char *source = json_string_value(json_object_get(lim, RUNKEY_LIMITS_SOURCE));
    double at = measured_at(rj);
    if (json_is_object(lim) && source && strcmp(source, "probe") == 0 && at >= 0 &&
        f->now >= at && f->now - at < DEVLIMITS_FRESH_S && at > f->best_at &&
        beside_same_storage(json_object_get(rj, RUNKEY_STORAGE), &f->st)) {
        char iso[32];
        json_decref(f->best);
        f->best = json_deep_copy(lim);
        f->best_at = at;
        iso_time((time_t)at, iso, sizeof iso);
        json_object_set_new(f->best, RUNKEY_LIMITS_SOURCE, json_string(path));
        json_object_set_new(f->best, RUNKEY_LIMITS_MEASURED_AT, json_string(iso));
    }
    json_decref(rj);
    return 0;
}

void *devlimits_fresh(const char *db_dir, const char *out, double now, double *age_s)
{
    struct fresh f = {.now = now, .best = NULL, .best_at = -1};
    *age_s = -1;
    if (storage_of(db_dir, &f.st) != 0)
        return NULL;
    beside_each(out, consider, &f);
    if (f.best)
        *age_s = now - f.best_at;
    return f.best;
}

/* "3h 12m", "40m", "25s" */
static const char *age_text(double s, char *buf, size_t n)
{
    long m = (long)(s / 60);
    if (m >= 60)
        snprintf(buf, n, "%ldh %ldm", m / 60, m % 60);
    else if (m >= 1)
        snprintf(buf, n, "%ldm", m);
    else
        snprintf(buf, n, "%llds", (long long)llround(s));   /* an age, whole as the rest */
    return buf;
}

/* With --probe long, 1 when the plan is estimated to take long enough to
** probe for, saying so on stdout; else 0, said nowhere (a short run stays
** as it was). */
static int long_plan(double plan_s)
{
    char t[32];
    if (!(plan_s > DEVLIMITS_LONG_S))
        return 0;
    printf("the plan is estimated at about %s, over %lld minutes: ", age_text(plan_s, t, sizeof t),
           (long long)llround(DEVLIMITS_LONG_S / 60));
    return 1;
}

/* Probes db_dir's storage for --probe-time, saying so on stdout: its
** limits (json_t *, the caller's), or NULL when the probe failed. */
static json_t *probe_now(const struct config *cfg, const char *db_dir)
{
    json_t *lim = NULL;
    struct devprobe p;
    char err[512], iso[32];
    printf("probing %s for %llds (--probe off skips it)...\n", db_dir,
           (long long)cfg->probe_time_s);
    fflush(stdout);
    iso_time(time(NULL), iso, sizeof iso);
    const struct list *pages = &cfg->dim[DIM_PAGE_SIZE];
    int rc = devprobe_run(db_dir, (double)cfg->probe_time_s, pages->v, pages->n, &p, err,
                          sizeof err);
    if (p.swept[0])
        printf("  %s\n", p.swept);
    if (rc != 0) {
        printf("  the device probe failed: %s; no device limits\n", err);
    } else if ((lim = devprobe_to_json(&p)) != NULL) {
        json_object_set_new(lim, RUNKEY_LIMITS_SOURCE, json_string("probe"));
        json_object_set_new(lim, RUNKEY_LIMITS_MEASURED_AT, json_string(iso));
        char a[24], b[24], c[24], w[24], r[24];
        printf("  fdatasync %s/s, fsync %s/s, 4 KiB random reads %s/s (%s), "
               "sequential write %s MB/s, sequential read %s MB/s\n",
               units_rate(p.fdatasync.ops_per_s, a, sizeof a),
               units_rate(p.fsync.ops_per_s, b, sizeof b),
               units_rate(p.randread.ops_per_s, c, sizeof c),
               p.direct ? "direct" : "page cache dropped",
               units_number(p.seq_write_mb_s, w, sizeof w), units_number(p.seq_read_mb_s, r, sizeof r));
        struct sdclass_verdict v;
        char said[1024];
        devprobe_sdclass(&p, &v, said, sizeof said);
        if (p.qd4_direct)
            printf("  4 KiB random writes %s/s and reads %s/s at QD4; SD card class: %s\n",
                   units_rate(p.randwrite_qd4.ops_per_s, a, sizeof a),
                   units_rate(p.randread_qd4.ops_per_s, b, sizeof b), said);
        else
            printf("  SD card class: %s\n", said);
    }
    fflush(stdout);
    return lim;
}

void devlimits_record(const struct config *cfg, const char *db_dir, const char *out, void *root,
                      void *given, double plan_s)
{
    json_t *lim = given;
    double age;
    char ago[32];
    int is_long = cfg->probe && strcmp(cfg->probe, "long") == 0;
    if (is_long && !long_plan(plan_s))
        return;
    if (!lim && cfg->probe && (is_long || strcmp(cfg->probe, "auto") == 0) &&
        (lim = devlimits_fresh(db_dir, out, (double)time(NULL), &age)) != NULL) {
        printf("device limits from %s, probed %s ago on this filesystem (--probe new probes "
               "again)\n", json_string_value(json_object_get(lim, RUNKEY_LIMITS_SOURCE)),
               age_text(age, ago, sizeof ago));
    } else if (!lim && probes(cfg->probe)) {
        lim = probe_now(cfg, db_dir);
    } else if (lim) {
        printf("device limits from %s\n",
               json_string_value(json_object_get(lim, RUNKEY_LIMITS_SOURCE)));
    }
    if (lim)
        json_object_set_new(root, RUNKEY_DEVICE_LIMITS, lim);
}

int devlimits_after(const struct config *cfg, const char *db_dir, void *root, double run_s)
{
    char t[32];
    double long_s = testhook_long_plan_s(DEVLIMITS_LONG_S);
    if (!cfg->probe || strcmp(cfg->probe, "long") != 0 || cfg->dry_run ||
        json_object_get(root, RUNKEY_DEVICE_LIMITS) || !(run_s > long_s))
        return 0;
    char over[32];
    printf("the run took %s, over %s, without the device's limits: ", age_text(run_s, t, sizeof t),
           age_text(long_s, over, sizeof over));
    json_t *lim = probe_now(cfg, db_dir);
    if (lim)
        json_object_set_new(root, RUNKEY_DEVICE_LIMITS, lim);
    return lim != NULL;
}
