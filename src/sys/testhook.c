/*
** testhook: see testhook.h.
*/
#include "testhook.h"
#include "notice.h"
#include "stop.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The row named by variable name, or -1. */
static int64_t env_row(const char *name)
{
    const char *e = getenv(name);
    return e && *e ? strtoll(e, NULL, 10) : -1;
}

int64_t testhook_corrupt_row(void)
{
    return env_row("SQLSOAK_TEST_CORRUPT_ROW");
}

int64_t testhook_stale_row(void)
{
    return env_row("SQLSOAK_TEST_STALE_ROW");
}

void testhook_slow_verify(void)
{
    int64_t ms = env_row("SQLSOAK_TEST_SLOW_VERIFY");
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    while (ms > 0 && nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

int64_t testhook_watchdog_floor_s(int64_t dflt)
{
    int64_t s = env_row("SQLSOAK_TEST_WATCHDOG_FLOOR");
    return s > 0 ? s : dflt;
}

double testhook_calibration_s(double dflt)
{
    int64_t s = env_row("SQLSOAK_TEST_CALIBRATION_S");
    return s > 0 ? (double)s : dflt;
}

int testhook_calibration_shapes(void)
{
    int64_t n = env_row("SQLSOAK_TEST_CALIBRATION_SHAPES");
    return n > 0 && n < 1000000 ? (int)n : 0;
}

double testhook_long_plan_s(double dflt)
{
    int64_t s = env_row("SQLSOAK_TEST_LONG_PLAN_S");
    return s > 0 ? (double)s : dflt;
}

/* Whether variable name is "1". */
static int env_on(const char *name)
{
    const char *e = getenv(name);
    return e && strcmp(e, "1") == 0;
}

int testhook_no_direct(void)
{
    return env_on("SQLSOAK_TEST_NO_DIRECT");
}

int testhook_orphan_cell(void)
{
    return env_on("SQLSOAK_TEST_ORPHAN_CELL");
}

int testhook_no_tmpfile(void)
{
    return env_on("SQLSOAK_TEST_NO_TMPFILE");
}

FILE *testhook_latency_file(void)
{
    const char *e = getenv("SQLSOAK_TEST_LATENCIES");
    return e && *e ? fopen(e, "ae") : NULL;
}

FILE *testhook_reader_latency_file(void)
{
    const char *e = getenv("SQLSOAK_TEST_READER_LATENCIES");
    FILE *f = e && *e ? fopen(e, "ae") : NULL;
    if (f)
        setvbuf(f, NULL, _IOLBF, 0);    /* a line per write(2): readers share it */
    return f;
}

/* Environment variable name's milliseconds, in ns; 0 unset. */
static uint64_t env_ms_ns(const char *name)
{
    int64_t ms = env_row(name);
    return ms > 0 ? (uint64_t)ms * 1000000u : 0;
}

uint64_t testhook_reader_spin_ns(void)
{
    return env_ms_ns("SQLSOAK_TEST_READER_SPIN");
}

uint64_t testhook_reader_spin_part_ns(void)
{
    return env_ms_ns("SQLSOAK_TEST_READER_SPIN_PART");
}

int testhook_reader_late(int reader)
{
    if (env_row("SQLSOAK_TEST_READER_LATE") != reader)
        return 0;
    notice_line("sqlsoak test hook: reader %d starts once the first chunk has ended",
                reader);
    return 1;
}

uint64_t testhook_hand_back_slack_ns(void)
{
    return env_ms_ns("SQLSOAK_TEST_HAND_BACK_SLACK_MS");
}

uint64_t testhook_reader_stall_ns(void)
{
    return env_ms_ns("SQLSOAK_TEST_READER_STALL");
}

int64_t testhook_ioerr_after_writes(void)
{
    return env_row("SQLSOAK_TEST_IOERR_AFTER_WRITES");
}

int64_t testhook_slow_sync_ms(void)
{
    int64_t ms = env_row("SQLSOAK_TEST_SLOW_SYNC_MS");
    return ms > 0 ? ms : 0;
}

int testhook_write_stall(int64_t *row, uint64_t *ns)
{
    const char *e = getenv("SQLSOAK_TEST_STALL");
    long long r, ms;
    if (!e || sscanf(e, "%lld:%lld", &r, &ms) != 2 || r < 0 || ms < 0)
        return 0;
    *row = r;
    *ns = (uint64_t)ms * 1000000u;
    return 1;
}

uint64_t testhook_write_slow_ns(const char *lib)
{
    int64_t us = env_row("SQLSOAK_TEST_SLOW");
    const char *e = getenv("SQLSOAK_TEST_SLOW_LIB");
    const char *colon = e ? strrchr(e, ':') : NULL;
    if (us <= 0 && colon && colon > e && lib) {     /* TEXT:US, TEXT in the library's path */
        char text[256];
        snprintf(text, sizeof text, "%.*s", (int)(colon - e), e);
        us = strstr(lib, text) ? strtoll(colon + 1, NULL, 10) : 0;
    }
    return us > 0 ? (uint64_t)us * 1000u : 0;
}

const char *testhook_sqlite_opt(const char *dflt)
{
    const char *e = getenv("SQLSOAK_TEST_SQLITE_OPT");
    return e && (strcmp(e, "-O0") == 0 || strcmp(e, "-O1") == 0) ? e : dflt;
}

const char *testhook_metrics_copy(void)
{
    const char *e = getenv("SQLSOAK_TEST_METRICS_COPY");
    return e && *e ? e : NULL;
}

/* Says what (then " (pid P)") on stderr, then waits until *stop is set
** (for ever when stop is NULL). */
static void hold(const char *what, volatile sig_atomic_t *stop)
{
    /* the stop signals blocked but in sigsuspend: none is missed between
    ** the test and the wait */
    sigset_t stops, was;
    stop_signals(&stops);
    sigprocmask(SIG_BLOCK, &stops, &was);
    notice_line("sqlsoak test hook: %s (pid %ld)", what, (long)getpid());
    while (!(stop && *stop))
        sigsuspend(&was);
    sigprocmask(SIG_SETMASK, &was, NULL);
}

void testhook_hang(int64_t cell, const char *step, int64_t chunk,
                   volatile sig_atomic_t *stop)
{
    const char *e = getenv("SQLSOAK_TEST_HANG");
    char want[64], any[64], what[128];
    if (!e || !*e)
        return;
    snprintf(want, sizeof want, "%" PRId64 ":%s:%" PRId64, cell, step, chunk);
    snprintf(any, sizeof any, "%" PRId64 ":%s:*", cell, step);
    size_t len = strncmp(e, want, strlen(want)) == 0 ? strlen(want)
                 : strncmp(e, any, strlen(any)) == 0 ? strlen(any)
                                                     : 0;
    if (!len)
        return;
    int until_killed = strcmp(e + len, ":kill") == 0;
    if (e[len] && !until_killed)
        return;
    snprintf(what, sizeof what, "cell %" PRId64 " hangs at %s of chunk %" PRId64, cell, step,
             chunk);
    hold(what, until_killed ? NULL : stop);
}

void testhook_hold_probe(const char *path, volatile sig_atomic_t *stop)
{
    char what[4400];
    if (!env_on("SQLSOAK_TEST_HOLD_PROBE"))
        return;
    snprintf(what, sizeof what, "the probe holds %s", path);
    hold(what, stop);
}

void testhook_hold_trial(int64_t trial)
{
    const char *p = getenv("SQLSOAK_TEST_HOLD_TRIAL");
    char what[64];
    while (p && *p) {
        char *end;
        long long t = strtoll(p, &end, 10);
        if (end == p)
            return;
        if (t == trial) {
            snprintf(what, sizeof what, "trial %" PRId64 " holds", trial);
            hold(what, NULL);
        }
        p = *end == ',' ? end + 1 : NULL;
    }
}

void testhook_reader_hold(int reader, const char *during, int64_t chunk)
{
    const char *e = getenv("SQLSOAK_TEST_READER_HOLD");
    char want[64];
    if (!e || !*e)
        return;
    snprintf(want, sizeof want, "%d:%s", reader, during);
    if (strcmp(e, want) != 0)
        return;
    notice_line("sqlsoak test hook: reader %d holds a read transaction during %s of chunk %"
                PRId64 " (pid %ld)", reader, during, chunk, (long)getpid());
    for (;;)
        pause();
}
