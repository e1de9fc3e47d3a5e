/*
** devprobe: the storage's own limits; see devprobe.h.
*/
#include "devprobe.h"
#include "clock.h"
#include "fdio.h"
#include "hist.h"
#include "rng.h"
#include "runkey.h"
#include "stop.h"
#include "sysinfo.h"
#include "testhook.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <jansson.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#define BLOCK 4096
#define SEQ_WRITE (1 << 20)
#define MIN_FILE ((int64_t)8 << 20)
#define WRITE_BEHIND (8 << 20)
#define MAX_FILE ((int64_t)1 << 30)
#define MIN_FREE ((int64_t)64 << 20)
#define MIN_OPS 5
#define QD 4                                /* agnostics' fio --iodepth */
#define QD4_FILE ((int64_t)64 << 20)        /* and its --size */
#define SCRATCH_PREFIX ".sqlsoak-probe."   /* then the pid */

/* The scratch file and what every step shares. */
struct scratch {
    char path[4200];
    int fd;
    unsigned char *buf;          /* SEQ_WRITE bytes, BLOCK-aligned (O_DIRECT) */
    struct rng rng;
    struct hist *h;
};

static int step_over(uint64_t start, double budget_s, int64_t ops)
{
    return stop_signal || (ops >= MIN_OPS && (double)(clock_now_ns() - start) / 1e9 >= budget_s);
}

static void fill(struct scratch *s, size_t len)
{
    /* not zeros: a compressing filesystem or controller would write less */
    for (size_t i = 0; i + 8 <= len; i += 8) {
        uint64_t v = rng_next(&s->rng);
        memcpy(s->buf + i, &v, 8);
    }
}

static void summarise(const struct hist *h, double elapsed_s, struct devprobe_op *op)
{
    op->ops = (int64_t)h->count;
    op->p50_us = (double)hist_percentile(h, 50) / 1e3;
    op->p99_us = (double)hist_percentile(h, 99) / 1e3;
    op->ops_per_s = elapsed_s > 0 ? (double)h->count / elapsed_s : 0;
}

/* 1 MiB writes up to the budget or the size cap, at least MIN_FILE, then
** fdatasync, all timed together.  Each MiB written is sent to the device
** at once and waited for WRITE_BEHIND later: without that the writes land
** in the page cache at memory speed until the dirty limits (hundreds of
** MiB with a few GiB of RAM), and on a slow device the final fdatasync
** then overruns the budget many times over (a 6 s probe took 64 s at
** 4 MB/s).  A pacing hint only: the final fdatasync reports the errors. */
static int seq_write(struct scratch *s, double budget_s, int64_t cap, struct devprobe *out)
{
    uint64_t start = clock_now_ns();
    int64_t bytes = 0;
    while (!stop_signal && bytes < cap &&
           (bytes < MIN_FILE || (double)(clock_now_ns() - start) / 1e9 < budget_s)) {
        fill(s, SEQ_WRITE);
        if (fdio_write_full(s->fd, s->buf, SEQ_WRITE) != 0)
            return -1;
        (void)sync_file_range(s->fd, bytes, SEQ_WRITE, SYNC_FILE_RANGE_WRITE);
        if (bytes >= WRITE_BEHIND)
            (void)sync_file_range(s->fd, bytes - WRITE_BEHIND, SEQ_WRITE,
                                  SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
                                      SYNC_FILE_RANGE_WAIT_AFTER);
        bytes += SEQ_WRITE;
    }
    if (fdatasync(s->fd) != 0)
        return -1;
    double el = (double)(clock_now_ns() - start) / 1e9;
    out->file_bytes = bytes;
    out->capped = bytes >= cap;
    out->seq_write_mb_s = el > 0 ? (double)bytes / 1e6 / el : 0;
    return 0;
}

/* A 4 KiB write over the file's first MiB, then sync (fdatasync or
** fsync), timed together, until the budget. */
static int write_sync(struct scratch *s, int full, double budget_s, struct devprobe_op *op)
{
    uint64_t start = clock_now_ns();
    hist_reset(s->h);
    for (int64_t i = 0; !step_over(start, budget_s, (int64_t)s->h->count); i++) {
        fill(s, BLOCK);
        uint64_t t0 = clock_now_ns();
        if (pwrite(s->fd, s->buf, BLOCK, (off_t)(i % 256) * BLOCK) != BLOCK ||
            (full ? fsync(s->fd) : fdatasync(s->fd)) != 0)
            return -1;
        hist_record(s->h, clock_now_ns() - t0);
    }
    summarise(s->h, (double)(clock_now_ns() - start) / 1e9, op);
    return 0;
}

/* The descriptor random reads use: O_DIRECT, else the file dropped from
** the page cache; out->read_method says which, and why. */
static int open_for_reads(struct scratch *s, const char *fstype, struct devprobe *out)
{
    const char *ram = out->in_ram ? "; the filesystem keeps files in RAM, so these are RAM "
                                    "reads, not a device's" : "";
    int fd = -1;
    errno = EINVAL;
    if (!testhook_no_direct())
        fd = open(s->path, O_RDONLY | O_DIRECT | O_CLOEXEC | O_NOFOLLOW);
    if (fd >= 0 && pread(fd, s->buf, BLOCK, 0) == BLOCK) {
        out->direct = 1;
        snprintf(out->read_method, sizeof out->read_method, "O_DIRECT%s", ram);
        return fd;
    }
    int e = errno;
    if (fd >= 0)
        close(fd);
    if ((fd = open(s->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) < 0)
        return -1;
    int dropped = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
    snprintf(out->read_method, sizeof out->read_method,
             "O_DIRECT unavailable on %s (%s): read through the page cache%s%s",
             fstype[0] ? fstype : "this filesystem", strerror(e),
             dropped ? " after dropping the file from it (posix_fadvise DONTNEED)" : "", ram);
    return fd;
}

/* 1 MiB reads from the file's start, at queue depth 1, until the budget
** or its end (again from the start only with O_DIRECT: through the page
** cache a second pass would be RAM's): the read bandwidth a table scan,
** or pages larger than 4 KiB read ahead, can reach.  Through the page
** cache the file is dropped from it again after, for the random reads. */
static int seq_read(struct scratch *s, int fd, double budget_s, struct devprobe *out)
{
    uint64_t start = clock_now_ns();
    int64_t bytes = 0, at = 0, n = out->file_bytes / SEQ_WRITE * SEQ_WRITE;
    while (n > 0 && !stop_signal &&
           (bytes == 0 || (double)(clock_now_ns() - start) / 1e9 < budget_s)) {
        if (at >= n) {
            if (!out->direct)
                break;
            at = 0;
        }
        if (pread(fd, s->buf, SEQ_WRITE, (off_t)at) != SEQ_WRITE)
            return -1;
        at += SEQ_WRITE;
        bytes += SEQ_WRITE;
    }
    double el = (double)(clock_now_ns() - start) / 1e9;
    out->seq_read_mb_s = el > 0 ? (double)bytes / 1e6 / el : 0;
    if (!out->direct)
        (void)posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    return 0;
}

/* The sequential read's share of the reads' budget; the random reads
** have the rest. */
#define SEQ_READ_SHARE (1.0 / 3)

/* Random reads of size bytes (a multiple of BLOCK, at most SEQ_WRITE) at
** aligned offsets of the file on fd (file_bytes long), until the budget,
** into *op. */
static int rand_read_size(struct scratch *s, int fd, int64_t file_bytes, int64_t size,
                          double budget_s, struct devprobe_op *op)
{
    uint64_t blocks = (uint64_t)(file_bytes / size), start = clock_now_ns();
    hist_reset(s->h);
    while (blocks > 0 && !step_over(start, budget_s, (int64_t)s->h->count)) {
        off_t at = (off_t)rng_below(&s->rng, blocks) * size;
        uint64_t t0 = clock_now_ns();
        if (pread(fd, s->buf, (size_t)size, at) != size)
            return -1;
        hist_record(s->h, clock_now_ns() - t0);
    }
    summarise(s->h, (double)(clock_now_ns() - start) / 1e9, op);
    return 0;
}

static int rand_read(struct scratch *s, const char *fstype, double budget_s, struct devprobe *out)
{
    int fd = open_for_reads(s, fstype, out);
    if (fd < 0)
        return -1;
    if (seq_read(s, fd, budget_s * SEQ_READ_SHARE, out) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    budget_s *= 1 - SEQ_READ_SHARE;
    /* the page sizes past 4 KiB share the random reads' time with it */
    budget_s /= 1 + out->nsized;
    for (int k = 0; k < out->nsized; k++)
        if (rand_read_size(s, fd, out->file_bytes, out->sized[k].bytes, budget_s,
                           &out->sized[k].op) != 0) {
            int e = errno;
            close(fd);
            errno = e;
            return -1;
        }
    uint64_t blocks = (uint64_t)(out->file_bytes / BLOCK), start = clock_now_ns();
    assert(blocks > 0);
    hist_reset(s->h);
    int rc = 0;
    while (rc == 0 && !step_over(start, budget_s, (int64_t)s->h->count)) {
        off_t at = (off_t)rng_below(&s->rng, blocks) * BLOCK;
        uint64_t t0 = clock_now_ns();
        if (pread(fd, s->buf, BLOCK, at) != BLOCK)
            rc = -1;
        else
            hist_record(s->h, clock_now_ns() - t0);
    }
    summarise(s->h, (double)(clock_now_ns() - start) / 1e9, &out->randread);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* What the QD threads of one step share. */
struct qd_step {
    int fd, write;
    uint64_t blocks, start, budget_ns;
    atomic_int done, failed;
};

struct qd_worker {
    pthread_t thread;
    struct qd_step *step;
    struct rng rng;
    struct hist *h;
    unsigned char *buf;          /* BLOCK bytes, BLOCK-aligned */
    int err;
};

/* One thread of a QD step: one 4 KiB pwrite or pread in flight at a time,
** at random 4 KiB-aligned offsets of the region, until the step's budget
** (and MIN_OPS between the threads), a stop, or another thread's error. */
static void *qd_worker_run(void *arg)
{
    struct qd_worker *w = arg;
    struct qd_step *st = w->step;
    while (!stop_signal && !atomic_load(&st->failed) &&
           (atomic_load(&st->done) < MIN_OPS || clock_now_ns() - st->start < st->budget_ns)) {
        off_t at = (off_t)rng_below(&w->rng, st->blocks) * BLOCK;
        uint64_t t0 = clock_now_ns();
        ssize_t got = st->write ? pwrite(st->fd, w->buf, BLOCK, at) : pread(st->fd, w->buf, BLOCK, at);
        if (got != BLOCK) {
            w->err = got < 0 ? errno : EIO;
            atomic_store(&st->failed, 1);
            break;
        }
        hist_record(w->h, clock_now_ns() - t0);
        atomic_fetch_add(&st->done, 1);
    }
    return NULL;
}

/* The descriptor the QD steps use, O_DIRECT, its first 4 KiB written or
** read to see that the filesystem takes it; -1 with out->qd4_method
** saying why not. */
static int open_qd(struct scratch *s, int write, const char *fstype, struct devprobe *out)
{
    int fd = -1;
    errno = EINVAL;
    if (!testhook_no_direct())
        fd = open(s->path, (write ? O_WRONLY : O_RDONLY) | O_DIRECT | O_CLOEXEC | O_NOFOLLOW);
    fill(s, BLOCK);
    if (fd >= 0 && (write ? pwrite(fd, s->buf, BLOCK, 0) : pread(fd, s->buf, BLOCK, 0)) == BLOCK)
        return fd;
    int e = errno;
    if (fd >= 0)
        close(fd);
    snprintf(out->qd4_method, sizeof out->qd4_method,
             "not measured: O_DIRECT unavailable on %s (%s)",
             fstype[0] ? fstype : "this filesystem", strerror(e));
    return -1;
}

/* 4 KiB random writes or reads at queue depth QD (QD threads, one I/O in
** flight each) over the region, with O_DIRECT, for budget_s: into op.
** 0, 1 when O_DIRECT was refused (nothing measured), -1 on an I/O error. */
static int rand_qd(struct scratch *s, int write, const char *fstype, double budget_s,
                   struct devprobe *out, struct devprobe_op *op)
{
    struct qd_step st = {.write = write, .blocks = (uint64_t)(out->qd4_bytes / BLOCK),
                         .budget_ns = (uint64_t)(budget_s * 1e9)};
    struct qd_worker w[QD];
    sigset_t stops, was;
    int started = 0, rc = 0, e = 0;
    if ((st.fd = open_qd(s, write, fstype, out)) < 0)
        return 1;
    assert(st.blocks > 0);
    fill(s, QD * BLOCK);
    memset(w, 0, sizeof w);
    hist_reset(s->h);
    /* the threads leave the stop signals to this one, which notes them
    ** (stop_signal) for all */
    stop_signals(&stops);
    pthread_sigmask(SIG_BLOCK, &stops, &was);
    st.start = clock_now_ns();
    for (int i = 0; i < QD; i++) {
        w[i].step = &st;
        rng_seed(&w[i].rng, rng_next(&s->rng));
        w[i].h = malloc(sizeof *w[i].h);
        if (!w[i].h || posix_memalign((void **)&w[i].buf, BLOCK, BLOCK) != 0) {
            rc = -1, e = ENOMEM;
            break;
        }
        hist_reset(w[i].h);
        /* not zeros: a compressing filesystem or controller would write less */
        memcpy(w[i].buf, s->buf + (size_t)i * BLOCK, BLOCK);
        if ((e = pthread_create(&w[i].thread, NULL, qd_worker_run, &w[i])) != 0) {
            rc = -1;
            break;
        }
        started++;
    }
    if (rc != 0)
        atomic_store(&st.failed, 1);
    pthread_sigmask(SIG_SETMASK, &was, NULL);
    for (int i = 0; i < started; i++) {
        pthread_join(w[i].thread, NULL);
        hist_merge(s->h, w[i].h);
        if (w[i].err && !e)
            rc = -1, e = w[i].err;
    }
    summarise(s->h, (double)(clock_now_ns() - st.start) / 1e9, op);
    for (int i = 0; i < QD; i++) {
        free(w[i].h);
        free(w[i].buf);
    }
    close(st.fd);
    errno = e;
    return rc;
}

/* The QD4 random writes, then reads, over the file's first 64 MiB (or
** all of it when smaller). */
static int qd4(struct scratch *s, const char *fstype, double budget_s, struct devprobe *out,
               const char **what)
{
    out->qd4_bytes = out->file_bytes < QD4_FILE ? out->file_bytes : QD4_FILE;
    int rc = (*what = "random write, QD4", rand_qd(s, 1, fstype, budget_s, out, &out->randwrite_qd4));
    if (rc == 0)
        rc = (*what = "random read, QD4", rand_qd(s, 0, fstype, budget_s, out, &out->randread_qd4));
    if (rc == 0) {
        out->qd4_direct = 1;
        snprintf(out->qd4_method, sizeof out->qd4_method, "O_DIRECT, %d threads%s", QD,
                 out->in_ram ? "; the filesystem keeps files in RAM, so these are RAM I/Os, "
                               "not a device's" : "");
    }
    return rc < 0 ? -1 : 0;
}

/* The probe's time between its steps, the whole seconds: the sequential
** write's 28% writes agnostics' 64 MiB at A1's 10.24 MB/s in a 30 s probe
** (--probe-time's default). */
static int measure(struct scratch *s, double seconds, int64_t cap, const char *fstype,
                   struct devprobe *out, const char **what)
{
    if ((*what = "sequential write", seq_write(s, seconds * 0.28, cap, out)) ||
        (*what = "write + fdatasync", write_sync(s, 0, seconds * 0.15, &out->fdatasync)) ||
        (*what = "write + fsync", write_sync(s, 1, seconds * 0.12, &out->fsync)) ||
        (*what = "random read", rand_read(s, fstype, seconds * 0.21, out)) ||
        qd4(s, fstype, seconds * 0.12, out, what))
        return -1;
    return 0;
}

/* Whether name is a probe's scratch file, ".sqlsoak-probe.PID": its pid. */
static long scratch_pid(const char *name)
{
    static const char prefix[] = SCRATCH_PREFIX;
    const char *p = name + sizeof prefix - 1;
    char *end;
    if (strncmp(name, prefix, sizeof prefix - 1) != 0 || *p < '1' || *p > '9')
        return 0;
    errno = 0;
    long pid = strtol(p, &end, 10);
    return errno || *end || pid > INT32_MAX ? 0 : pid;
}

int devprobe_sweep(const char *dir, char *said, size_t n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int removed = 0;
    said[0] = 0;
    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL) {
        long pid = scratch_pid(e->d_name);
        struct stat sb;
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        /* only a regular file of this user whose probe is gone: that is
        ** the file a killed probe made, and no one else's */
        if (pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH ||
            lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_uid != geteuid() ||
            unlink(path) != 0)
            continue;
        if (removed++ == 0)
            snprintf(said, n, "removed %s, the scratch file of a probe that ended without "
                     "removing it (pid %ld, gone)", path, pid);
    }
    closedir(d);
    if (removed > 1) {
        size_t len = strlen(said);
        snprintf(said + len, n - len, ", and %d more of other such probes", removed - 1);
    }
    return removed;
}

int devprobe_run(const char *dir, double seconds, const int64_t *pages, int npages,
                 struct devprobe *out, char *err, size_t errlen)
{
    struct scratch s;
    struct storage_info st;
    struct statvfs vfs;
    memset(out, 0, sizeof *out);
    memset(&s, 0, sizeof s);
    assert(seconds > 0);
    if (sysinfo_storage(dir, &st) != 0 || statvfs(dir, &vfs) != 0) {
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        return -2;
    }
    if (vfs.f_blocks == 0) {
        snprintf(err, errlen, "%s: a %s filesystem, which holds no blocks: not storage to probe",
                 dir,
                 st.fstype[0] ? st.fstype : "virtual");
        return -2;
    }
    out->in_ram = strcmp(st.fstype, "tmpfs") == 0 || strcmp(st.fstype, "ramfs") == 0;
    out->dirty_limit_bytes = sysinfo_dirty_limit();
    /* each page size past 4 KiB once, as many as fit (the buffer's size at most) */
    for (int i = 0; i < npages && out->nsized < DEVPROBE_SIZES; i++) {
        int seen = pages[i] <= BLOCK || pages[i] > SEQ_WRITE || pages[i] % BLOCK;
        for (int k = 0; k < out->nsized; k++)
            seen |= out->sized[k].bytes == pages[i];
        if (!seen)
            out->sized[out->nsized++].bytes = pages[i];
    }
    devprobe_sweep(dir, out->swept, sizeof out->swept);
    int64_t free_b = sysinfo_free_bytes(dir);
    if (free_b >= 0 && free_b < MIN_FREE) {
        snprintf(err, errlen, "%s: %lld MiB free, the probe needs %lld MiB", dir,
                 (long long)(free_b >> 20), (long long)(MIN_FREE >> 20));
        return -2;
    }
    int64_t cap = free_b < 0 ? MAX_FILE : free_b / 4 < MAX_FILE ? free_b / 4 : MAX_FILE;
    snprintf(s.path, sizeof s.path, "%s/" SCRATCH_PREFIX "%ld", dir, (long)getpid());
    s.fd = open(s.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (s.fd < 0) {
        snprintf(err, errlen, "%s: %s", s.path, strerror(errno));
        return -2;
    }
    testhook_hold_probe(s.path, &stop_signal);
    rng_seed(&s.rng, (uint64_t)clock_now_ns());
    s.h = malloc(sizeof *s.h);
    int rc = -1;
    const char *what = "memory";
    uint64_t start = clock_now_ns();
    if (s.h && posix_memalign((void **)&s.buf, BLOCK, SEQ_WRITE) == 0)
        rc = measure(&s, seconds, cap, st.fstype, out, &what);
    int e = errno;
    out->seconds = (double)(clock_now_ns() - start) / 1e9;
    close(s.fd);
    unlink(s.path);
    free(s.buf);
    free(s.h);
    if (stop_signal)
        snprintf(err, errlen, "interrupted");
    else if (rc != 0)
        snprintf(err, errlen, "%s: %s: %s", s.path, what, strerror(e));
    return stop_signal ? -1 : rc;
}

static json_t *op_json(const struct devprobe_op *op)
{
    return json_pack("{s:I, s:f, s:f, s:f}", RUNKEY_OP_OPS, (json_int_t)op->ops, RUNKEY_OP_P50_US,
                     op->p50_us, RUNKEY_OP_P99_US, op->p99_us, RUNKEY_OP_OPS_PER_S, op->ops_per_s);
}

/* The figures the class is judged on, by enum sdclass_figure. */
static void class_figures(const struct devprobe *p, double got[SDCLASS_NFIGURES])
{
    got[SDCLASS_SEQ_WRITE] = p->seq_write_mb_s;
    got[SDCLASS_RAND_WRITE] = p->randwrite_qd4.ops_per_s;
    got[SDCLASS_RAND_READ] = p->randread_qd4.ops_per_s;
}

int devprobe_sdclass(const struct devprobe *p, struct sdclass_verdict *v, char *said, size_t n)
{
    double got[SDCLASS_NFIGURES];
    memset(v, 0, sizeof *v);
    if (!p->qd4_direct) {
        snprintf(said, n, "no verdict: the random writes and reads at QD4 were %s; figures of "
                 "the page cache say nothing of a card's class", p->qd4_method);
        return 0;
    }
    if (p->in_ram) {
        snprintf(said, n, "no verdict: the filesystem keeps files in RAM, and RAM's figures "
                 "say nothing of a card's class");
        return 0;
    }
    class_figures(p, got);
    sdclass_judge(got, v);
    int len = sdclass_say(v, said, n);
    if (p->qd4_bytes < QD4_FILE && len >= 0 && (size_t)len < n)
        snprintf(said + len, n - (size_t)len, ", over %lld MiB, not %lld: %s",
                 (long long)(p->qd4_bytes >> 20), (long long)(QD4_FILE >> 20),
                 p->capped ? "the probe's file may take a quarter of the free space, no more"
                           : "the sequential write wrote no more in its share of --probe-time");
    return 1;
}

/* The class's minimums, by class and figure. */
static json_t *minimums_json(void)
{
    json_t *all = json_object();
    for (int c = 0; all && c < SDCLASS_NCLASSES; c++) {
        json_t *one = json_object();
        for (int f = 0; one && f < SDCLASS_NFIGURES; f++)
            json_object_set_new(one, sdclass_figures[f].key, json_real(sdclass_table[c].min[f]));
        json_object_set_new(all, sdclass_table[c].name, one);
    }
    return all;
}

/* run.json's and probe --json's sd_class: the verdict's word ("A2", "A1",
** "below A1", "none"), its words, the figures judged, those that missed
** (the class above the one met), the region, the minimums and their
** source. */
static json_t *sdclass_json(const struct devprobe *p)
{
    struct sdclass_verdict v;
    char said[1024];
    double got[SDCLASS_NFIGURES];
    int given = devprobe_sdclass(p, &v, said, sizeof said);
    json_t *figures = json_object(), *missed = json_array();
    class_figures(p, got);
    for (int f = 0; figures && f < SDCLASS_NFIGURES; f++)
        json_object_set_new(figures, sdclass_figures[f].key, json_real(got[f]));
    for (int i = 0; missed && i < v.nmissed; i++)
        json_array_append_new(missed,
                              json_pack("{s:s, s:s, s:f, s:f}", RUNKEY_MISSED_FIGURE,
                                        sdclass_figures[v.missed[i].figure].key,
                                        RUNKEY_MISSED_CLASS, sdclass_table[v.missed[i].cls].name,
                                        RUNKEY_MISSED_GOT, v.missed[i].got, RUNKEY_MISSED_MIN,
                                        sdclass_table[v.missed[i].cls].min[v.missed[i].figure]));
    return json_pack("{s:s, s:s, s:o, s:o, s:I, s:o, s:s}", RUNKEY_SDCLASS_VERDICT,
                     given ? sdclass_word(&v) : "none", RUNKEY_SDCLASS_SAID, said,
                     RUNKEY_SDCLASS_FIGURES, figures, RUNKEY_SDCLASS_MISSED, missed,
                     RUNKEY_SDCLASS_FILE_BYTES, (json_int_t)p->qd4_bytes, RUNKEY_SDCLASS_MINIMUMS,
                     minimums_json(), RUNKEY_SDCLASS_SOURCE, sdclass_source);
}

void *devprobe_to_json(const struct devprobe *p)
{
    json_t *j = json_pack("{s:f, s:I, s:f, s:f, s:o, s:o, s:o, s:b, s:b, s:s}",
                          RUNKEY_LIMITS_SECONDS, p->seconds, RUNKEY_LIMITS_FILE_BYTES,
                          (json_int_t)p->file_bytes, RUNKEY_LIMITS_SEQ_WRITE, p->seq_write_mb_s,
                          RUNKEY_LIMITS_SEQ_READ, p->seq_read_mb_s,
                          RUNKEY_LIMITS_FDATASYNC, op_json(&p->fdatasync), RUNKEY_LIMITS_FSYNC,
                          op_json(&p->fsync), RUNKEY_LIMITS_RANDOM_READ, op_json(&p->randread),
                          RUNKEY_LIMITS_DIRECT, p->direct, RUNKEY_LIMITS_IN_RAM, p->in_ram,
                          RUNKEY_LIMITS_READ_METHOD, p->read_method);
    json_t *sized = json_object();
    for (int k = 0; sized && k < p->nsized; k++) {
        char key[24];
        snprintf(key, sizeof key, "%lld", (long long)p->sized[k].bytes);
        json_object_set_new(sized, key, op_json(&p->sized[k].op));
    }
    if (j && sized && p->nsized)
        json_object_set(j, RUNKEY_LIMITS_RANDOM_READ_SIZED, sized);
    json_decref(sized);
    if (j && p->dirty_limit_bytes > 0)
        json_object_set_new(j, RUNKEY_LIMITS_DIRTY_BYTES, json_integer(p->dirty_limit_bytes));
    /* the QD4 figures and the class they meet, beside the older keys */
    json_t *qd4 = json_pack("{s:o, s:o, s:I, s:s, s:o}", RUNKEY_LIMITS_RANDOM_WRITE_QD4,
                            op_json(&p->randwrite_qd4), RUNKEY_LIMITS_RANDOM_READ_QD4,
                            op_json(&p->randread_qd4), RUNKEY_LIMITS_QD4_FILE_BYTES,
                            (json_int_t)p->qd4_bytes, RUNKEY_LIMITS_QD4_METHOD, p->qd4_method,
                            RUNKEY_LIMITS_SD_CLASS, sdclass_json(p));
    if (!j || !qd4 || json_object_update(j, qd4) != 0) {
        json_decref(j);
        j = NULL;
    }
    json_decref(qd4);
    return j;
}
