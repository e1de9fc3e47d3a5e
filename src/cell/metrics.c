/*
** metrics: the Prometheus textfile of a cell's state.  See metrics.h.
*/
#include "metrics.h"

#include "dims.h"
#include "latency.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The first line of every file sqlsoak writes; the first line 0.2.0 wrote
** (a file of an earlier run is replaced as well). */
static const char mark[] = "# sqlsoak --metrics: replaced after every chunk\n";
static const char mark_020[] = "# HELP sqlsoak_chunks_planned Chunks the cell will measure.\n";

/* 1 when path is a regular file that begins with one of the marks. */
static int is_ours(const char *path)
{
    char head[sizeof mark_020];
    struct stat st;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t got = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, head, sizeof head - 1) : -1;
    close(fd);
    if (got <= 0)
        return 0;
    head[got] = 0;
    return strncmp(head, mark, strlen(mark)) == 0 ||
           strncmp(head, mark_020, strlen(mark_020)) == 0;
}

int metrics_check(const char *path, char *abs, size_t absn, char *err, size_t errlen)
{
    char dir[PATH_MAX], real[PATH_MAX], tmp[PATH_MAX + 8];
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    struct stat st;
    if (strlen(base) + 4 > NAME_MAX) {
        snprintf(err, errlen, "--metrics %s: the file's name is longer than %d bytes (with .tmp)",
                 path, NAME_MAX);
        return -1;
    }
    if (strlen(path) >= sizeof dir) {
        snprintf(err, errlen, "--metrics: the path is longer than %d bytes", PATH_MAX - 1);
        return -1;
    }
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if (!dir[0])
        snprintf(dir, sizeof dir, "/");
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "--metrics %s: %s is not a folder", path, dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0 || !realpath(dir, real)) {
        snprintf(err, errlen, "--metrics %s: %s is not writable: %s", path, dir, strerror(errno));
        return -1;
    }
    int len = snprintf(abs, absn, "%s%s%s", real, strcmp(real, "/") ? "/" : "", base);
    if (len < 0 || (size_t)len + 4 >= absn || (size_t)len + 4 >= PATH_MAX) {
        snprintf(err, errlen, "--metrics %s: the path is longer than %d bytes (with .tmp)", path,
                 PATH_MAX - 1);
        return -1;
    }
    snprintf(tmp, sizeof tmp, "%s.tmp", abs);
    const char *bad = lstat(abs, &st) == 0 && !is_ours(abs)   ? abs
                      : lstat(tmp, &st) == 0 && !is_ours(tmp) ? tmp
                                                              : NULL;
    if (bad) {
        snprintf(err, errlen,
                 "--metrics %s: %s exists and is not a metrics file sqlsoak wrote: not "
                 "touched", path, bad);
        return -1;
    }
    return 0;
}

/* A new FILE.tmp, its mark written at once (so that a leftover of a kill
** is known as sqlsoak's): never one sqlsoak did not write (a leftover of
** its own is replaced). */
static FILE *open_tmp(const char *tmp)
{
    for (int tries = 0; tries < 2; tries++) {
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd >= 0) {
            FILE *f = write(fd, mark, strlen(mark)) == (ssize_t)strlen(mark)
                          ? fdopen(fd, "w")
                          : NULL;
            if (!f) {
                int e = errno;
                close(fd);
                unlink(tmp);
                errno = e;
            }
            return f;
        }
        if (errno != EEXIST)
            return NULL;
        if (!is_ours(tmp) || unlink(tmp) != 0) {
            errno = EEXIST;
            return NULL;
        }
    }
    return NULL;
}

/* A label value, escaped as the exposition format wants (\\, \", \n). */
static void put_value(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '\\' || *s == '"')
            fputc('\\', f);
        if (*s == '\n')
            fputs("\\n", f);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

/* The cell's labels, without the braces; extra ("stat=\"p50\"") last. */
static void put_labels(FILE *f, const struct cell_id *id, const char *extra_name,
                       const char *extra_value)
{
    char t[64];
    fprintf(f, "cell=\"%lld\",repeat=\"%lld\",sqlite_version=", (long long)id->cell,
            (long long)id->repeat);
    put_value(f, id->sqlite_version);
    for (int d = 0; d < DIM_COUNT; d++) {
        fprintf(f, ",%s=", dim_table[d].column);
        put_value(f, d == DIM_LIB ? id->sqlite_lib : dims_text(d, id->v[d], t, sizeof t));
    }
    fputs(",read_from=", f);
    put_value(f, id->read_from);
    if (extra_name) {
        fprintf(f, ",%s=", extra_name);
        put_value(f, extra_value);
    }
}

static void gauge(FILE *f, const struct cell_id *id, const char *name, const char *help,
                  double v)
{
    if (!isfinite(v))
        return;
    fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n%s{", name, help, name, name);
    put_labels(f, id, NULL, NULL);
    fprintf(f, "} %.17g\n", v);
}

/* A phase's latency figures (µs) as one gauge in seconds, labelled by
** figure; nothing when none was measured. */
static void latencies(FILE *f, const struct cell_id *id, const char *name, const char *help,
                      const double us[LAT_COUNT])
{
    int any = 0;
    for (int i = 0; i < LAT_COUNT; i++)
        any |= isfinite(us[i]);
    if (!any)
        return;
    fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
    for (int i = 0; i < LAT_COUNT; i++) {
        if (!isfinite(us[i]))
            continue;
        fprintf(f, "%s{", name);
        put_labels(f, id, "stat", latency_table[i].name);
        fprintf(f, "} %.9g\n", us[i] / 1e6);
    }
}

int metrics_write(const char *path, const struct cell_id *id, const struct chunk_record *cr,
                  int64_t nchunks, const char *status)
{
    char tmp[4200];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    FILE *f = open_tmp(tmp);
    if (!f)
        return -1;
    gauge(f, id, "sqlsoak_chunks_planned", "Chunks the cell will measure.", (double)nchunks);
    if (cr) {
        gauge(f, id, "sqlsoak_chunk", "The last chunk measured, 0-based.", (double)cr->chunk);
        gauge(f, id, "sqlsoak_rows", "Rows in the table.", (double)cr->rows);
        for (int p = 0; p < PHASE_COUNT; p++)
            if (phase_table[p].rate_metric)
                gauge(f, id, phase_table[p].rate_metric, phase_table[p].rate_help,
                      cr->ph[p].rate);
        for (int p = 0; p < PHASE_COUNT; p++)
            if (phase_table[p].latency_metric)
                latencies(f, id, phase_table[p].latency_metric, phase_table[p].latency_help,
                          cr->ph[p].us);
        gauge(f, id, "sqlsoak_write_stall_seconds",
              "Longest time without progress in the last chunk's write phase.",
              cr->write_stall_max_ms / 1e3);
        gauge(f, id, "sqlsoak_temperature_celsius", "Hottest thermal zone.", cr->temp_c);
        gauge(f, id, "sqlsoak_cpu_frequency_hertz", "CPU clock.", cr->cpu_mhz * 1e6);
        if (cr->throttled[0])
            gauge(f, id, "sqlsoak_throttled_flags",
                  "The Raspberry Pi firmware's get_throttled flags.",
                  (double)strtoul(cr->throttled, NULL, 16));
        gauge(f, id, "sqlsoak_last_chunk_timestamp_seconds", "When the last chunk ended.",
              cr->end_unix_s);
    }
    fputs("# HELP sqlsoak_cell_status The cell's status: running, or how it ended.\n"
          "# TYPE sqlsoak_cell_status gauge\nsqlsoak_cell_status{", f);
    put_labels(f, id, "status", status);
    fputs("} 1\n", f);
    int err = ferror(f);
    err |= fflush(f) != 0;
    err |= fclose(f) != 0;
    if (err || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
    return 0;
}
