/*
** cmd_status: see cmd_status.h.  Everything comes from the results
** folder itself (run.json, chunks.csv, the owner lock), so it works on a
** detached run, a run in another terminal, or one that ended hours ago.
*/
#include "cmd_status.h"
#include "cellname.h"
#include "csvin.h"
#include "infile.h"
#include "owner.h"
#include "progress.h"
#include "runjson.h"
#include "runkey.h"
#include "units.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* The last row of chunks.csv (whole lines only) into *cr: 1, or 0 when
** there is none (no chunks.csv yet, or no row), or -1 with err when the
** file cannot be read (damaged, not a regular file: csvin.h). */
static int last_chunk(const char *dir, struct chunk_record *cr, char *err, size_t errlen)
{
    char path[4200];
    struct csvin t;
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    if (infile_absent(path))
        return 0;
    if (csvin_read(path, CSV_CHUNKS, &t, err, errlen) != 0)
        return -1;
    int rc = t.nrows > 0 && csvin_record(&t, CSV_CHUNKS, t.nrows - 1, cr) == 0;
    csvin_free(&t);
    return rc;
}

/* How long ago dir/chunks.csv was last written (its mtime), in s; -1
** unknown. */
static double since_last_chunk(const char *dir)
{
    char path[4200];
    struct stat st;
    struct timespec now;
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    if (stat(path, &st) != 0 || clock_gettime(CLOCK_REALTIME, &now) != 0)
        return -1;
    return (double)(now.tv_sec - st.st_mtim.tv_sec) + (now.tv_nsec - st.st_mtim.tv_nsec) / 1e9;
}

/* A chunk row this much later than the pace so far says (3 chunks' time,
** at least STALE_MIN_S) makes the eta stale: not printed. */
#define STALE_CHUNKS 3
#define STALE_MIN_S 5.0

static int64_t option_int(json_t *root, const char *name)
{
    json_t *v = json_object_get(json_object_get(root, RUNKEY_OPTIONS), name);
    return json_is_integer(v) ? (int64_t)json_integer_value(v) : 0;
}

/* The data rows of dir/trials.csv: a crash folder's record, since it has
** no chunks.  0 when there is none; -1 with err when it cannot be read. */
static int trials_recorded(const char *dir, char *err, size_t errlen)
{
    char path[4200];
    struct csvin t;
    snprintf(path, sizeof path, "%s/trials.csv", dir);
    if (infile_absent(path))
        return 0;
    if (csvin_read(path, CSV_TRIALS, &t, err, errlen) != 0)
        return -1;
    int k = t.nrows;
    csvin_free(&t);
    return k;
}

/* The cells of run.json's log by status, in the order each status first
** appears ("1 interrupted, 2 skipped"), into buf: "" when every cell is
** ok.  Sets *max_time when a cell stopped because --max-time was reached. */
static const char *by_status(json_t *cells, int *max_time, char *buf, size_t n)
{
    const char *seen[16];
    int count[16], ns = 0, all_ok = 1;
    size_t i, len = 0;
    json_t *c;
    *max_time = 0;
    buf[0] = 0;
    json_array_foreach(cells, i, c) {
        const char *st = json_string_value(json_object_get(c, RUNKEY_CELL_STATUS));
        const char *why = json_string_value(json_object_get(c, RUNKEY_CELL_REASON));
        int k = 0;
        if (!st)
            continue;
        all_ok &= strcmp(st, "ok") == 0;
        *max_time |= why && strncmp(why, "--max-time reached", 18) == 0;
        while (k < ns && strcmp(seen[k], st) != 0)
            k++;
        if (k == ns && ns < 16) {
            seen[ns] = st;
            count[ns++] = 0;
        }
        if (k < ns)
            count[k]++;
    }
    for (int k = 0; !all_ok && k < ns && len < n; k++)
        len += (size_t)snprintf(buf + len, n - len, "%s%d %s", k ? ", " : ": ", count[k], seen[k]);
    return buf;
}

int cmd_status(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    if (cfg->npos != 1) {
        snprintf(err, errlen, "usage: sqlsoak status RESULTS_DIR");
        return 2;
    }
    const char *dir = cfg->pos[0];
    struct runjson *rj = runjson_load(dir, err, errlen);
    if (!rj)
        return 2;
    struct chunk_record cr;
    int have_chunk = last_chunk(dir, &cr, err, errlen);
    if (have_chunk < 0) {
        runjson_free(rj);
        return 2;
    }
    json_t *root = runjson_root(rj);
    const char *st = json_string_value(json_object_get(root, RUNKEY_STATUS));
    const char *detail = json_string_value(json_object_get(root, RUNKEY_STATUS_DETAIL));
    pid_t owner = owner_holder(dir);
    size_t recorded = json_array_size(json_object_get(root, RUNKEY_CELLS));
    json_t *planned = json_object_get(root, RUNKEY_CELLS_PLANNED);
    int64_t rows = option_int(root, RUNKEY_OPT_ROWS), chunk = option_int(root, RUNKEY_OPT_CHUNK);
    int64_t nchunks = chunk > 0 ? (rows + chunk - 1) / chunk : 0;
    char a[32], e1[16], e2[16], counts[400];
    int max_time, trials = trials_recorded(dir, err, errlen);
    if (trials < 0) {
        runjson_free(rj);
        return 2;
    }
    by_status(json_object_get(root, RUNKEY_CELLS), &max_time, counts, sizeof counts);

    printf("%s: %s", dir, st);
    if (max_time)
        printf(", stopped by --max-time");
    if (owner > 0)
        printf(", owned by pid %ld (alive)", (long)owner);
    else if (strcmp(st, "running") == 0)
        printf(", but no process owns it: killed, `sqlsoak resume` carries it on");
    printf("\n");
    if (detail)
        printf("  %s\n", detail);
    printf("  runs recorded: %zu", recorded);
    if (json_is_integer(planned))
        printf(" of %" JSON_INTEGER_FORMAT, json_integer_value(planned));
    printf("%s\n", counts);
    char skipped_why[160];
    int64_t skipped = runjson_skipped(root, skipped_why, sizeof skipped_why);
    if (skipped)
        printf("  %" PRId64 " runs skipped: %s\n", skipped, skipped_why);

    if (have_chunk && nchunks > 0) {
        int64_t done = cr.chunk + 1;
        double per_chunk = cr.elapsed_s / (double)done;
        char name[CELLNAME_MAX];
        printf("  last chunk: %s, chunk %" PRId64 " (%" PRId64 " of %" PRId64 "), rows %" PRId64,
               cellname(name, sizeof name, cr.id.cell, cr.id.repeat, runjson_repeats(root)),
               cr.chunk, done, nchunks, cr.rows);
        for (int p = 0; p < PHASE_COUNT; p++)
            if (phase_table[p].shown)
                printf(", %s %s %s", phase_table[p].name, units_rate(cr.ph[p].rate, a, sizeof a),
                       phase_table[p].unit);
        printf(", cell elapsed %s\n", progress_duration(cr.elapsed_s, e1, sizeof e1));
        double since = since_last_chunk(dir);
        double stale_s = STALE_CHUNKS * per_chunk > STALE_MIN_S ? STALE_CHUNKS * per_chunk
                                                                : STALE_MIN_S;
        if (owner > 0 && !isnan(per_chunk) && since > stale_s) {
            /* whole seconds: a stall is counted, not measured to a fraction */
            printf("  eta: none: no progress for %lld s (a chunk took about %s so far)\n",
                   (long long)llround(since),
                   progress_duration(per_chunk, e1, sizeof e1));
        } else if (owner > 0 && !isnan(per_chunk)) {
            double cell_left = per_chunk * (double)(nchunks - done);
            double later = json_is_integer(planned)
                               ? (double)(json_integer_value(planned) - (json_int_t)recorded - 1) *
                                     per_chunk * (double)nchunks
                               : 0;
            printf("  eta: this cell %s, the run about %s (from this cell's pace so far)\n",
                   progress_duration(cell_left, e1, sizeof e1),
                   progress_duration(cell_left + (later > 0 ? later : 0), e2, sizeof e2));
        }
    } else if (trials > 0) {
        printf("  trials recorded: %d (trials.csv)\n", trials);
    } else {
        printf("  no chunk recorded yet\n");
    }
    if (owner <= 0 && strcmp(st, "ok") != 0 && strcmp(st, "failed") != 0)
        printf("  to carry on: %s resume '%s'\n", cfg->prog ? cfg->prog : "sqlsoak", dir);
    runjson_free(rj);
    return 0;
}
