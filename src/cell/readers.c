/*
** readers: the reader processes of a cell, from the writer's side: each
** started (reader.h runs it), handed the next chunk, its tallies
** received and merged, ended.  See readers.h.
*/
#include "readers.h"
#include "clock.h"
#include "fdio.h"
#include "stop.h"
#include "testhook.h"
#include "units.h"

#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* How long the writer waits for a reader's tally beyond the busy timeout
** a reader may be waiting out in its busy handler first (readers_start
** adds the two): a reader stopped (SIGSTOP) holds the cell up no longer. */
#define HAND_BACK_SLACK_NS (10 * 1000000000ull)
/* How long an ending reader is given before it is killed. */
#define END_WAIT_NS 1000000000ull

/* Process pid's state letter in /proc (R running or runnable, D in an
** uninterruptible wait such as a read from a slow card, S asleep, T
** stopped); 0 when it cannot be read. */
static char proc_state(pid_t pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "re");
    size_t len = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[len] = 0;
    const char *paren = strrchr(buf, ')');     /* the name may hold spaces */
    return paren && paren[1] == ' ' ? paren[2] : 0;
}

/* 1 when process pid is stopped (by SIGSTOP, a terminal or a debugger). */
static int is_stopped(pid_t pid)
{
    char st = proc_state(pid);
    return st == 'T' || st == 't';
}

struct tally_wait {
    struct readers *r;
    int i;
};

/* Waits for the next part of reader i's tally: 0 once its pipe is
** readable, or -1 when it is not by the deadline (the busy timeout and
** HAND_BACK_SLACK_NS) and the reader is stopped (SIGSTOP, a debugger) or
** gone.  A live reader always hands its tally back once its read ends (a
** lock waits at most the busy timeout), so one that is late is slow, not
** stuck: the machine starves it of CPU, or a card answers its read
** slowly.  It is waited for again, the cell's watchdog being the bound of
** one that never answers.  A tally is larger than a pipe holds, so it
** arrives in parts, and a reader starved of CPU between two of them is
** waited for as before the first: this is called before each. */
static int tally_due(void *arg)
{
    struct tally_wait *w = arg;
    struct readers *r = w->r;
    int i = w->i;
    assert(i >= 0 && i < r->n);
    uint64_t deadline = clock_now_ns() + r->hand_back_ns;
    for (;;) {
        uint64_t now = clock_now_ns();
        struct pollfd p = {.fd = r->sp[i].fd[0], .events = POLLIN};
        int ms = now < deadline ? (int)((deadline - now + 999999) / 1000000) : 0;
        int k = poll(&p, 1, ms);
        if (k > 0)
            return 0;               /* data, or its end: the read says which */
        if (k < 0 && errno != EINTR)
            return -1;
        if (clock_now_ns() < deadline)
            continue;
        char st = proc_state(r->sp[i].pid);
        if (st == 0 || st == 'T' || st == 't' || st == 'Z' || st == 'X')
            return -1;
        deadline = clock_now_ns() + r->hand_back_ns;
    }
}

/* Reader i's tally read whole into r->got: 0, or -1 (a read's end first:
** the reader ended mid-tally). */
static int tally_read(struct readers *r, int i)
{
    struct tally_wait w = {r, i};
    return fdio_read_when(r->sp[i].fd[0], r->got, sizeof *r->got, tally_due, &w) == 0 ? 0 : -1;
}

/* How reader i ended, reaped: into err. */
static void ended(struct readers *r, int i, char *err, size_t errlen)
{
    assert(i >= 0 && i < r->n);
    int st = 0;
    int stopped = is_stopped(r->sp[i].pid);
    if (spawn_reap(&r->sp[i], &st, clock_now_ns() + END_WAIT_NS) != 0)
        snprintf(err, errlen, "reader %d of %d stopped answering%s", i + 1, r->n,
                 stopped ? " (its process is stopped)" : "");
    else if (WIFSIGNALED(st))
        snprintf(err, errlen, "reader %d of %d was killed by %s", i + 1, r->n,
                 stop_signame(WTERMSIG(st)));
    else
        snprintf(err, errlen, "reader %d of %d ended (exit status %d)", i + 1, r->n,
                 WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

/* Reader i's tally into r->got: 0, or -1 with err. */
static int receive(struct readers *r, int i, char *err, size_t errlen)
{
    assert(i >= 0 && i < r->n);
    if (r->sp[i].pid <= 0 || r->sp[i].fd[0] < 0) {   /* reaped, or given up on */
        snprintf(err, errlen, "reader %d of %d had ended", i + 1, r->n);
        return -1;
    }
    if (tally_read(r, i) != 0) {
        ended(r, i, err, errlen);
        return -1;
    }
    if (r->got->error[0]) {
        snprintf(err, errlen, "%s", r->got->error);
        return -1;
    }
    return 0;
}

int readers_start(struct readers *r, const struct readers_conf *conf, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (conf->n <= 0)
        return 0;
    if (conf->n - (conf->pin_ns > 0) > SHAREDPAGE_READERS_MAX) {   /* the pinning one has no slot */
        snprintf(err, errlen, "at most %d readers", SHAREDPAGE_READERS_MAX);
        return -1;
    }
    assert(conf->n <= (int)(sizeof r->sp / sizeof *r->sp));
    r->hand_back_ns = (uint64_t)conf->busy_timeout_ms * 1000000u +
                      (testhook_hand_back_slack_ns() ? testhook_hand_back_slack_ns()
                                                     : HAND_BACK_SLACK_NS);
    r->got = malloc(sizeof *r->got);
    r->page = sharedpage_create(conf->first_chunk);
    if (!r->got || !r->page) {
        snprintf(err, errlen, "readers: %s", strerror(errno ? errno : ENOMEM));
        readers_stop(r, 0, NULL, 0);
        return -1;
    }
    for (int i = 0; i < conf->n; i++) {
        struct reader_start st = {conf, r->page, i};
        /* the child has its copy of st from the fork on */
        if (spawn_start(&r->sp[i], 1, reader_body, &st, err, errlen) != 0) {
            readers_stop(r, 0, NULL, 0);
            return -1;
        }
        r->n = i + 1;
    }
    return 0;
}

void readers_open(struct readers *r, int64_t committed)
{
    if (r->page)
        sharedpage_commit(r->page, committed);
}

int readers_pinned(struct readers *r, char *err, size_t errlen)
{
    uint64_t deadline = clock_now_ns() + r->hand_back_ns;
    int last = r->n - 1;
    assert(!r->page || r->n > 0);       /* readers_start started every one, or none */
    while (r->page && !atomic_load_explicit(&r->page->pinned, memory_order_acquire)) {
        /* before its snapshot it hands back nothing but a failure (no chunk
        ** has ended): its tally says why */
        struct pollfd p = {.fd = r->sp[last].fd[0], .events = POLLIN};
        if (p.fd >= 0 && poll(&p, 1, 0) > 0) {
            if (receive(r, last, err, errlen) == 0)
                snprintf(err, errlen, "reader %d of %d (the one pinning snapshots) ended", last + 1,
                         r->n);
            return -1;
        }
        if (clock_now_ns() > deadline) {
            char in[24];
            snprintf(err, errlen, "reader %d of %d (the one pinning snapshots) took none in %s",
                     last + 1, r->n, units_secs((double)r->hand_back_ns / 1e9, in, sizeof in));
            return -1;
        }
        reader_sleep_ns(READER_IDLE_NS);
    }
    return 0;
}

int readers_chunk(struct readers *r, int64_t chunk, struct readers_tally *out, char *err,
                  size_t errlen)
{
    readers_tally_reset(out);
    out->chunk = chunk;
    if (!r->page)
        return 0;
    atomic_store_explicit(&r->page->chunk, chunk + 1, memory_order_release);
    for (int i = 0; i < r->n; i++) {
        if (receive(r, i, err, errlen) != 0)
            return -1;
        readers_tally_merge(out, r->got);
    }
    return 0;
}

int readers_stop(struct readers *r, int tallies, char *err, size_t errlen)
{
    int rc = 0;
    if (r->page)
        atomic_store_explicit(&r->page->quit, 1, memory_order_release);
    for (int i = 0; i < r->n; i++) {
        char one[256];
        if (tallies && r->sp[i].pid > 0 && r->sp[i].fd[0] >= 0 &&
            receive(r, i, one, sizeof one) != 0 && rc == 0) {
            rc = -1;
            if (err)
                snprintf(err, errlen, "%s", one);
        }
        int st;
        if (r->sp[i].pid > 0 && spawn_reap(&r->sp[i], &st, clock_now_ns() + END_WAIT_NS) == 1) {
            spawn_kill(&r->sp[i], SIGKILL);   /* one that did not end by the page */
            spawn_reap(&r->sp[i], &st, clock_now_ns() + END_WAIT_NS);
        }
    }
    sharedpage_destroy(r->page);
    free(r->got);
    r->page = NULL;
    r->got = NULL;
    r->n = 0;
    return rc;
}

