/*
** reportdevice: the storage device in report.html.  See reportdevice.h.
*/
#include "reportdevice.h"
#include "html.h"

#include "cellname.h"
#include "devinfo.h"
#include "efficiency.h"
#include "infile.h"
#include "runkey.h"
#include "wear.h"
#include "units.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

/* The device's writes apart from the cells (run.json's device_idle,
** devwear.h), against its rate during them (bytes over seconds), and an
** eMMC's own wear estimate at the run's start and end (device_life). */
static void device_apart(FILE *f, const json_t *rj, double bytes, double wall)
{
    const json_t *idle = json_object_get(rj, RUNKEY_DEVICE_IDLE);
    double s = json_number_value(json_object_get(idle, RUNKEY_IDLE_SECONDS));
    double w = json_number_value(json_object_get(idle, RUNKEY_IDLE_WRITE_BYTES_PER_S));
    char a[40], b[40], c[40];
    fputs("<p>The device's count holds every writer of the device, not the database's "
          "alone: the filesystem's journal and metadata, and any other program writing to it. ",
          f);
    if (s > 0 && w >= 0) {
        fprintf(f, "While sqlsoak idled (%s before the first cell, after a sync of the "
                   "filesystem), the device wrote %s a second", units_secs(s, c, sizeof c),
                units_bytes(w, a, sizeof a));
        double share = wear_idle_share_pct(w, bytes, wall);
        if (!isnan(share))
            fprintf(f, ": %s of its %s a second during the cells", units_pct(share, c, sizeof c),
                    units_bytes(bytes / wall, b, sizeof b));
        fputs(".</p>\n", f);
    } else {
        fputs("Its writes while sqlsoak idled were not measured here.</p>\n", f);
    }
    const json_t *life = json_object_get(rj, RUNKEY_DEVICE_LIFE);
    if (!json_is_object(life))
        return;
    fputs("<p>Its own wear estimate (eMMC <code>life_time</code>, <code>pre_eol_info</code>):", f);
    static const char *const when[] = {RUNKEY_LIFE_START, RUNKEY_LIFE_END};
    for (int i = 0; i < 2; i++) {
        const json_t *o = json_object_get(life, when[i]);
        if (!json_is_object(o))
            continue;
        fprintf(f, " at the run's %s,", when[i]);
        if (json_is_integer(json_object_get(o, RUNKEY_LIFE_EST_A)))
            fprintf(f, " type A %s, type B %s,",
                    devinfo_life_text((int)json_integer_value(json_object_get(o,
                                      RUNKEY_LIFE_EST_A)), a, sizeof a),
                    devinfo_life_text((int)json_integer_value(json_object_get(o,
                                      RUNKEY_LIFE_EST_B)), b, sizeof b));
        if (json_is_integer(json_object_get(o, RUNKEY_LIFE_PRE_EOL)))
            fprintf(f, " pre-EOL %s,", devinfo_pre_eol_text((int)json_integer_value(
                                                   json_object_get(o, RUNKEY_LIFE_PRE_EOL))));
    }
    fputs(" as the device says it.</p>\n", f);
}

/* What SQLite wrote, by file (the counting VFS's summary columns), and
** its writes' two counts downstream: per cell its bytes per row to each
** file and its syncs per COMMIT, beside what the process wrote to the
** storage (the kernel's io_write_bytes, after the page cache merged
** rewrites of the same pages) and what reached the device (its own
** sectors written, others' writes included), and what the matrix writes
** to the device in an 8-hour night at that rate, when its cells ran long
** enough to be grown to one: wear is what reaches it. */
void reportdevice_writes(FILE *f, const struct plotdata_run *r)
{
    static const enum colid per_row[] = {COL_vfs_db_bytes_per_row, COL_vfs_journal_bytes_per_row,
                                         COL_vfs_wal_bytes_per_row, COL_vfs_other_bytes_per_row};
    static const char *const file[] = {"database", "journal", "WAL", "other"};
    double bytes = 0, dbytes = 0, wall = 0;  /* the process's (else SQLite's), the device's */
    int said = 0, kernel = 1, dev = 1;       /* every cell has the kernel's, the device's count */
    for (int i = 0; i < r->summary.nrows; i++) {
        const struct csvin *t = &r->summary;
        double rows = csvin_num(t, CSV_SUMMARY, i, COL_rows);
        double syncs = csvin_num(t, CSV_SUMMARY, i, COL_vfs_syncs_per_commit);
        if (strcmp(csvin_str(t, CSV_SUMMARY, i, COL_status), "ok") != 0 ||
            isnan(csvin_num(t, CSV_SUMMARY, i, per_row[0])))
            continue;
        if (!said++)
            fputs("<h2>Writes by file</h2>\n<p>A row's writes by three counts, each further "
                  "down: what SQLite wrote into its files (a counting VFS), per row inserted; "
                  "what the process wrote to the storage (the kernel's count of the pages it "
                  "dirtied, <code>io_write_bytes</code>): the page cache merges rewrites of the "
                  "same pages before they leave it, so this can be far smaller; and what "
                  "reached the device (its own count of the sectors it wrote, "
                  "<code>dev_write_bytes</code>): the pages, and the filesystem's journal and "
                  "metadata with them.</p>\n<ul>\n", f);
        char name[CELLNAME_MAX];
        fprintf(f, "<li>%s: ", plotdata_cell_name(r, t, CSV_SUMMARY, i, name, sizeof name));
        double all = 0;
        for (int k = 0; k < 4; k++) {
            double b = csvin_num(t, CSV_SUMMARY, i, per_row[k]);
            all += isnan(b) ? 0 : b;
        }
        char v[32];
        fprintf(f, "SQLite wrote %s bytes a row into its files (", units_number(all, v, sizeof v));
        for (int k = 0, n = 0; k < 4; k++) {
            double b = csvin_num(t, CSV_SUMMARY, i, per_row[k]);
            if (b > 0)
                fprintf(f, "%s%s %s", n++ ? ", " : "", file[k], units_number(b, v, sizeof v));
        }
        fputs(")", f);
        double kb = csvin_num(t, CSV_SUMMARY, i, COL_io_write_bytes_per_row);
        if (isnan(kb))
            kernel = 0;
        else
            fprintf(f, "; the process wrote %s to the storage%s", units_number(kb, v, sizeof v),
                    kb * 1.25 < all ? " (the page cache merged rewrites)" : "");
        double db = csvin_num(t, CSV_SUMMARY, i, COL_dev_write_bytes_per_row);
        if (isnan(db))
            dev = 0;
        else
            fprintf(f, "; %s reached the device", units_number(db, v, sizeof v));
        if (!isnan(syncs))
            fprintf(f, "; %s syncs per COMMIT", units_number(syncs, v, sizeof v));
        fputs("</li>\n", f);
        bytes += (isnan(kb) ? all : kb) * rows;
        dbytes += isnan(db) ? 0 : db * rows;
        wall += csvin_num(t, CSV_SUMMARY, i, COL_wall_s);
    }
    if (!said)
        return;
    fputs("</ul>\n", f);
    char path[4200], err[512];
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    json_t *rj = infile_absent(path) ? NULL : infile_json(path, err, sizeof err);
    if (dev)
        device_apart(f, rj, dbytes, wall);
    json_decref(rj);
    /* the night's bytes: the process's own (SQLite's where the kernel
    ** counts none), and the device's, which hold its other writers' too;
    ** grown to a night only from cells that ran an eighth of one: a page
    ** cache's flushes, checkpoints and the device's own cache settle over
    ** more than seconds */
    if (!(wall > 0))
        return;
    char mb[40], per[40], secs[40];
    fprintf(f, "<p>These cells wrote %s to the storage over %s (%s), %s a second",
            units_bytes(bytes, mb, sizeof mb), units_secs(wall, secs, sizeof secs),
            kernel ? "the kernel's count" : "SQLite's count: the kernel's is missing here",
            units_bytes(bytes / wall, per, sizeof per));
    if (wall < REPORTDEVICE_NIGHT_MIN_S) {
        fprintf(f, ": too short to grow to an 8-hour night (cells of %lld s or more state "
                   "one).</p>\n", (long long)REPORTDEVICE_NIGHT_MIN_S);    /* a setting, whole */
        return;
    }
    fprintf(f, "; grown from their %s to an 8-hour night at that rate, this matrix "
               "writes about %s to it", secs, units_bytes(bytes / wall * 8 * 3600, mb, sizeof mb));
    if (dev)
        fprintf(f, "; by the device's count, its other writers' included, about %s",
                units_bytes(dbytes / wall * 8 * 3600, mb, sizeof mb));
    fputs(".</p>\n", f);
}

/* The ops a second of probe op key in limits lim. */
static double op_rate(const json_t *lim, const char *key)
{
    return json_number_value(json_object_get(json_object_get(lim, key), RUNKEY_OP_OPS_PER_S));
}

/* The device's own limits (run.json's device_limits, run --probe) and
** each measured cell against them (efficiency.h); nothing without them. */
void reportdevice_limits(FILE *f, const struct plotdata_run *r)
{
    char path[4200], err[512], said[1024];
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    json_t *rj = infile_absent(path) ? NULL : infile_json(path, err, sizeof err);
    json_t *lim = json_object_get(rj, RUNKEY_DEVICE_LIMITS);
    if (!json_is_object(lim)) {
        json_decref(rj);
        return;
    }
    fputs("<h2>How close to the device</h2>\n<p>The storage alone (<code>sqlsoak probe</code>", f);
    char secs[40], sync[24], fsync[24], reads[24], mbs[24];
    fprintf(f, ", %s): write + fdatasync %s/s, write + fsync %s/s, 4 KiB random reads %s/s (",
            units_secs(json_number_value(json_object_get(lim, RUNKEY_LIMITS_SECONDS)), secs,
                       sizeof secs),
            units_rate(op_rate(lim, RUNKEY_LIMITS_FDATASYNC), sync, sizeof sync),
            units_rate(op_rate(lim, RUNKEY_LIMITS_FSYNC), fsync, sizeof fsync),
            units_rate(op_rate(lim, RUNKEY_LIMITS_RANDOM_READ), reads, sizeof reads));
    html_esc(f, json_string_value(json_object_get(lim, RUNKEY_LIMITS_READ_METHOD)));
    fprintf(f, "), sequential write %s MB/s",
            units_number(json_number_value(json_object_get(lim, RUNKEY_LIMITS_SEQ_WRITE)), mbs,
                         sizeof mbs));
    /* a probe older than the read bandwidth's has none */
    double seq_read = json_number_value(json_object_get(lim, RUNKEY_LIMITS_SEQ_READ));
    if (seq_read > 0)
        fprintf(f, ", sequential read %s MB/s", units_number(seq_read, mbs, sizeof mbs));
    fputs(".", f);
    /* the SD card class, where the probe judged it (older run.json files
    ** have no sd_class) */
    const json_t *sd = json_object_get(lim, RUNKEY_LIMITS_SD_CLASS);
    const char *cls = json_string_value(json_object_get(sd, RUNKEY_SDCLASS_SAID));
    if (cls) {
        fputs(" SD card class, by 4 KiB random writes and reads at queue depth 4: ", f);
        html_esc(f, cls);
        fputs(" (", f);
        html_esc(f, json_string_value(json_object_get(sd, RUNKEY_SDCLASS_SOURCE)));
        fputs(").", f);
    }
    fputs("</p>\n<ul>\n", f);
    for (int i = 0; i < r->summary.nrows; i++) {
        struct efficiency e;
        if (strcmp(csvin_str(&r->summary, CSV_SUMMARY, i, COL_status), "ok") != 0 ||
            efficiency_of(lim, &r->summary, i, &e) != 0 || !efficiency_say(&e, said, sizeof said))
            continue;
        char name[CELLNAME_MAX];
        fprintf(f, "<li>%s: ",
                plotdata_cell_name(r, &r->summary, CSV_SUMMARY, i, name, sizeof name));
        html_esc(f, said);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
    json_decref(rj);
}
