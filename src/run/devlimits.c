/*
** devlimits: see limits.h.
*/
#include "devlimits.h"
#include "devprobe.h"
#include "sdclass.h"
#include "infile.h"
#include "sysinfo.h"

#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

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

/* run.json's storage record names the same filesystem as st? */
static int same_storage(const json_t *rec, const struct storage_info *st)
{
    static const char *const keys[] = {"fstype", "device", "mount_point"};
    const char *mine[] = {st->fstype, st->device, st->mount_point};
    for (int i = 0; i < 3; i++) {
        const char *v = json_string_value(json_object_get(rec, keys[i]));
        if (!v || strcmp(v, mine[i]) != 0)
            return 0;
    }
    return 1;
}

int devlimits_check(const struct config *cfg, const char *db_dir, void **given, char *err,
                 size_t n)
{
    *given = NULL;
    if (!cfg->probe || strcmp(cfg->probe, "off") == 0 || strcmp(cfg->probe, "auto") == 0)
        return 0;
    char path[PATH_MAX + 16];
    struct stat sb;
    snprintf(path, sizeof path, "%s%s", cfg->probe,
             stat(cfg->probe, &sb) == 0 && S_ISDIR(sb.st_mode) ? "/run.json" : "");
    char why[512];
    json_t *rj = infile_json(path, why, sizeof why);
    if (!rj) {
        snprintf(err, n, "--probe %s: %s", cfg->probe, why);
        return -1;
    }
    struct storage_info st;
    json_t *lim = json_object_get(rj, "device_limits");
    int rc = -1;
    if (!json_is_object(lim))
        snprintf(err, n, "--probe %s: %s records no device_limits (it ran with --probe off)",
                 cfg->probe, path);
    else if (storage_of(db_dir, &st) != 0 || !same_storage(json_object_get(rj, "storage"), &st))
        snprintf(err, n, "--probe %s: its limits were measured on other storage than --db-dir %s",
                 cfg->probe, db_dir);
    else {
        *given = json_deep_copy(lim);
        json_object_set_new(*given, "source", json_string(path));
        rc = *given ? 0 : -1;
        if (rc)
            snprintf(err, n, "out of memory");
    }
    json_decref(rj);
    return rc;
}

void devlimits_record(const struct config *cfg, const char *db_dir, void *root, void *given)
{
    json_t *lim = given;
    if (!lim && cfg->probe && strcmp(cfg->probe, "auto") == 0) {
        struct devprobe p;
        char err[512];
        printf("probing %s for %llds (--probe off skips it)...\n", db_dir,
               (long long)cfg->probe_time_s);
        fflush(stdout);
        int rc = devprobe_run(db_dir, (double)cfg->probe_time_s, &p, err, sizeof err);
        if (p.swept[0])
            printf("  %s\n", p.swept);
        if (rc != 0) {
            printf("  the device probe failed: %s; no device limits\n", err);
        } else if ((lim = devprobe_to_json(&p)) != NULL) {
            json_object_set_new(lim, "source", json_string("probe"));
            printf("  fdatasync %.0f/s, fsync %.0f/s, 4 KiB random reads %.0f/s (%s), "
                   "sequential write %.1f MB/s\n",
                   p.fdatasync.ops_per_s, p.fsync.ops_per_s, p.randread.ops_per_s,
                   p.direct ? "direct" : "page cache dropped", p.seq_write_mb_s);
            struct sdclass_verdict v;
            char said[1024];
            devprobe_sdclass(&p, &v, said, sizeof said);
            if (p.qd4_direct)
                printf("  4 KiB random writes %.0f/s and reads %.0f/s at QD4; SD card class: %s\n",
                       p.randwrite_qd4.ops_per_s, p.randread_qd4.ops_per_s, said);
            else
                printf("  SD card class: %s\n", said);
        }
        fflush(stdout);
    } else if (lim) {
        printf("device limits from %s\n", json_string_value(json_object_get(lim, "source")));
    }
    if (lim)
        json_object_set_new(root, "device_limits", lim);
}
