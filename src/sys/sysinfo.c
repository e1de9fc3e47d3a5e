/*
** sysinfo: what a run records about the machine it ran on (host, and the
** storage under the database folder: filesystem, mount, disk, model), and
** the per-process counters sampled around each chunk (/proc/self/io, RSS).
** See sysinfo.h.  Linux /proc and /sys; every reader degrades to "" / -1.
*/
#include "sysinfo.h"
#include "runkey.h"
#include "telemetry.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Copies len bytes of src into dst (size bytes), always NUL-terminated.
** When it must truncate, it does not cut a UTF-8 sequence in half, so that
** the result stays valid for json_string(). */
static void copy_span(char *dst, size_t size, const char *src, size_t len)
{
    if (size == 0)
        return;
    if (len >= size) {
        len = size - 1;
        /* src[len], the first byte left out, continues a sequence: leave
        ** out that sequence's lead byte and the rest of it too */
        while (len > 0 && ((unsigned char)src[len] & 0xC0) == 0x80)
            len--;
    }
    memcpy(dst, src, len);
    dst[len] = '\0';
}

static void copy_str(char *dst, size_t size, const char *src)
{
    copy_span(dst, size, src, strlen(src));
}

/* Strips leading and trailing whitespace in place; returns the start. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* Reads a small file whole into buf (NUL-terminated), without stdio or the
** heap, so the per-chunk samplers stay cheap.  Returns the length, or -1. */
static ssize_t read_small_file(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t got = 0;
    while (got + 1 < size) {
        ssize_t r = read(fd, buf + got, size - 1 - got);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            close(fd);
            return -1;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    buf[got] = '\0';
    return (ssize_t)got;
}

/* The first line of a small file, trimmed, into dst; "" when unreadable. */
static void read_line_file(const char *path, char *dst, size_t size)
{
    char buf[512];
    dst[0] = '\0';
    if (read_small_file(path, buf, sizeof buf) < 0)
        return;
    buf[strcspn(buf, "\n")] = '\0';
    copy_str(dst, size, trim(buf));
}

/* The value of "key: <integer>" at the start of a line of text; 0, or -1
** when absent. */
static int find_int_field(const char *text, const char *key, int64_t *out)
{
    size_t klen = strlen(key);
    for (const char *line = text; line && *line; ) {
        if (strncmp(line, key, klen) == 0) {
            char *end;
            errno = 0;
            long long v = strtoll(line + klen, &end, 10);
            if (errno == 0 && end != line + klen) {
                *out = (int64_t)v;
                return 0;
            }
        }
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return -1;
}

int sysinfo_io(struct io_counters *io)
{
    char buf[1024];
    io->read_bytes = -1;
    io->write_bytes = -1;
    if (read_small_file("/proc/self/io", buf, sizeof buf) <= 0)
        return -1;
    int64_t r, w;
    if (find_int_field(buf, "read_bytes:", &r) != 0 || find_int_field(buf, "write_bytes:", &w) != 0)
        return -1;
    io->read_bytes = r;
    io->write_bytes = w;
    return 0;
}

int64_t sysinfo_rss_kib(void)
{
    char buf[256];
    if (read_small_file("/proc/self/statm", buf, sizeof buf) <= 0)
        return -1;
    unsigned long long size, resident;
    if (sscanf(buf, "%llu %llu", &size, &resident) != 2)
        return -1;
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0)
        return -1;
    return (int64_t)(resident * (unsigned long long)page / 1024);
}

int64_t sysinfo_free_bytes(const char *path)
{
    struct statvfs vfs;
    if (statvfs(path, &vfs) != 0)
        return -1;
    return (int64_t)((uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize);
}

/* Decodes the \ooo escapes of /proc/self/mountinfo (space, tab, newline,
** backslash) in place. */
static void unescape_octal(char *s)
{
    char *out = s;
    while (*s) {
        if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
            s[3] >= '0' && s[3] <= '7') {
            *out++ = (char)(((s[1] - '0') << 6) | ((s[2] - '0') << 3) | (s[3] - '0'));
            s += 4;
        } else {
            *out++ = *s++;
        }
    }
    *out = '\0';
}

/* The next space-separated field of a mountinfo line, NUL-terminated in
** place (empty fields kept); NULL at the end of the line. */
static char *next_field(char **cursor)
{
    char *s = *cursor;
    if (!s || *s == '\0' || *s == '\n')
        return NULL;
    char *end = s + strcspn(s, " \n");
    if (*end == ' ') {
        *end = '\0';
        *cursor = end + 1;
    } else {
        *end = '\0';
        *cursor = NULL;
    }
    return s;
}

/* Is mount point mp a path prefix of (already resolved) path p? */
static int mount_contains(const char *mp, const char *p)
{
    size_t n = strlen(mp);
    if (n == 1 && mp[0] == '/')
        return p[0] == '/';
    if (n > 1 && mp[n - 1] == '/')
        n--;
    return strncmp(mp, p, n) == 0 && (p[n] == '/' || p[n] == '\0');
}

struct mount_entry {
    unsigned major, minor;
    char fstype[32];
    char mount_point[256];
    char mount_options[256];
    char device[64];
};

/* Picks the mountinfo entry of the filesystem holding real (on device
** dev): among the entries of that device, the longest mount point that
** contains real; else the first entry of that device; else, when no entry
** has the device, the longest mount point containing real.  Returns 0, or
** -1 when nothing fits. */
static int find_mount(dev_t dev, const char *real, struct mount_entry *best)
{
    /* a tree under telemetry_root() may bring its own mount table (the
    ** tests build the mounts they check); else the kernel's */
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/proc/self/mountinfo", telemetry_root());
    FILE *f = telemetry_root()[0] ? fopen(path, "re") : NULL;
    if (!f)
        f = fopen("/proc/self/mountinfo", "re");
    if (!f)
        return -1;
    /* rank: 3 = device and prefix, 2 = device only, 1 = prefix only */
    int best_rank = 0;
    size_t best_len = 0;
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) >= 0) {
        char *cur = line;
        char *fields[6];
        int n = 0;
        while (n < 6 && (fields[n] = next_field(&cur)) != NULL)
            n++;
        if (n < 6)
            continue;
        char *fld;
        while ((fld = next_field(&cur)) != NULL && strcmp(fld, "-") != 0)
            ;                                   /* optional fields */
        if (!fld)
            continue;
        char *fstype = next_field(&cur);
        char *source = next_field(&cur);
        if (!fstype)
            continue;
        unsigned maj, min;
        if (sscanf(fields[2], "%u:%u", &maj, &min) != 2)
            continue;
        char *mp = fields[4];
        unescape_octal(mp);
        int same_dev = maj == major(dev) && min == minor(dev);
        int prefix = mount_contains(mp, real);
        int rank = same_dev ? (prefix ? 3 : 2) : (prefix ? 1 : 0);
        size_t len = strlen(mp);
        /* ties on a prefix go to the later line: the mount on top */
        int better = rank > best_rank ||
                     (rank == best_rank && rank != 2 && rank != 0 && len >= best_len);
        if (!better)
            continue;
        best_rank = rank;
        best_len = len;
        best->major = maj;
        best->minor = min;
        unescape_octal(fstype);
        copy_str(best->fstype, sizeof best->fstype, fstype);
        copy_str(best->mount_point, sizeof best->mount_point, mp);
        unescape_octal(fields[5]);
        copy_str(best->mount_options, sizeof best->mount_options, fields[5]);
        best->device[0] = '\0';
        if (source) {
            unescape_octal(source);
            copy_str(best->device, sizeof best->device, source);
        }
    }
    free(line);
    fclose(f);
    return best_rank > 0 ? 0 : -1;
}

/* The whole disk under block device maj:min, by /sys/dev/block/MAJ:MIN:
** the device itself, or its parent when it is a partition.  Returns 0 with
** the name in disk ("sda", "mmcblk0", "dm-0"), or -1. */
static int whole_disk(unsigned maj, unsigned min, char *disk, size_t size)
{
    char link[PATH_MAX], dir[PATH_MAX], part[PATH_MAX + 16];
    snprintf(link, sizeof link, "%s/sys/dev/block/%u:%u", telemetry_root(), maj, min);
    if (!realpath(link, dir))
        return -1;
    snprintf(part, sizeof part, "%s/partition", dir);
    if (access(part, F_OK) == 0) {
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir)
            return -1;
        *slash = '\0';
    }
    const char *base = strrchr(dir, '/');
    base = base ? base + 1 : dir;
    if (*base == '\0')
        return -1;
    copy_str(disk, size, base);
    return 0;
}

int sysinfo_storage(const char *path, struct storage_info *st)
{
    memset(st, 0, sizeof *st);
    st->rotational = -1;
    st->free_bytes = -1;
    st->total_bytes = -1;

    struct stat sb;
    if (stat(path, &sb) != 0)
        return -1;
    char real[PATH_MAX];
    if (!realpath(path, real))
        copy_str(real, sizeof real, path);

    struct mount_entry m;
    memset(&m, 0, sizeof m);
    unsigned maj = major(sb.st_dev), min = minor(sb.st_dev);
    if (find_mount(sb.st_dev, real, &m) == 0) {
        copy_str(st->fstype, sizeof st->fstype, m.fstype);
        copy_str(st->mount_point, sizeof st->mount_point, m.mount_point);
        copy_str(st->mount_options, sizeof st->mount_options, m.mount_options);
        copy_str(st->device, sizeof st->device, m.device);
        maj = m.major;
        min = m.minor;
    }

    /* btrfs and the like report an anonymous device: try the source's */
    char disk[64];
    int found = whole_disk(maj, min, disk, sizeof disk) == 0;
    struct stat db;
    if (!found && strncmp(st->device, "/dev/", 5) == 0 && stat(st->device, &db) == 0 &&
        S_ISBLK(db.st_mode))
        found = whole_disk(major(db.st_rdev), minor(db.st_rdev), disk, sizeof disk) == 0;
    if (found) {
        char p[PATH_MAX], buf[64];
        const char *root = telemetry_root();
        copy_str(st->block_device, sizeof st->block_device, disk);
        snprintf(p, sizeof p, "%s/sys/block/%s/device/model", root, disk);
        read_line_file(p, st->model, sizeof st->model);
        if (st->model[0] == '\0') {
            snprintf(p, sizeof p, "%s/sys/block/%s/device/name", root, disk);
            read_line_file(p, st->model, sizeof st->model);
        }
        snprintf(p, sizeof p, "%s/sys/block/%s/queue/rotational", root, disk);
        read_line_file(p, buf, sizeof buf);
        if (strcmp(buf, "0") == 0 || strcmp(buf, "1") == 0)
            st->rotational = buf[0] - '0';
    }

    struct statvfs vfs;
    if (statvfs(path, &vfs) == 0) {
        st->free_bytes = (int64_t)((uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize);
        st->total_bytes = (int64_t)((uint64_t)vfs.f_blocks * (uint64_t)vfs.f_frsize);
    }
    return 0;
}

/* The CPU model from /proc/cpuinfo: the value of the first "model name"
** line, else of "Model" (Raspberry Pi), else of "Hardware" (older ARM). */
static void cpuinfo_model(char *dst, size_t size)
{
    static const char *const keys[] = {"model name", "Model", "Hardware"};
    const size_t nkeys = sizeof keys / sizeof keys[0];
    dst[0] = '\0';
    FILE *f = fopen("/proc/cpuinfo", "re");
    if (!f)
        return;
    char line[512];
    size_t best = nkeys;                  /* index in keys of what dst holds */
    int at_start = 1;                     /* line holds the start of a line */
    while (best > 0 && fgets(line, sizeof line, f)) {
        int starts = at_start;
        at_start = strchr(line, '\n') != NULL;
        char *colon = strchr(line, ':');
        if (!starts || !colon)
            continue;
        *colon = '\0';
        const char *key = trim(line);
        const char *v = trim(colon + 1);
        for (size_t i = 0; i < best; i++) {
            if (strcmp(key, keys[i]) == 0 && *v) {
                copy_str(dst, size, v);
                best = i;
                break;
            }
        }
    }
    fclose(f);
}

void sysinfo_host(struct host_info *h)
{
    memset(h, 0, sizeof *h);
    h->cpus = -1;
    h->ram_bytes = -1;

    char name[256];
    if (gethostname(name, sizeof name) == 0) {
        name[sizeof name - 1] = '\0';
        copy_str(h->hostname, sizeof h->hostname, name);
    }

    struct utsname u;
    if (uname(&u) == 0) {
        char k[4 * sizeof u.release + 8];
        snprintf(k, sizeof k, "%s %s %s %s", u.sysname, u.release, u.version, u.machine);
        copy_str(h->kernel, sizeof h->kernel, k);
    }

    cpuinfo_model(h->cpu_model, sizeof h->cpu_model);

    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n >= 1)
        h->cpus = n > INT_MAX ? INT_MAX : (int)n;

    char buf[8192];
    int64_t kib;
    if (read_small_file("/proc/meminfo", buf, sizeof buf) > 0 &&
        find_int_field(buf, "MemTotal:", &kib) == 0 && kib > 0)
        h->ram_bytes = kib * 1024;
}

int64_t sysinfo_mem_available(void)
{
    char buf[8192];
    int64_t kib;
    if (read_small_file("/proc/meminfo", buf, sizeof buf) > 0 &&
        find_int_field(buf, "MemAvailable:", &kib) == 0 && kib > 0)
        return kib * 1024;
    return -1;
}

int64_t sysinfo_dirty_limit(void)
{
    char buf[64];
    int64_t v = 0;
    /* vm.dirty_bytes, when set, is the limit; else vm.dirty_ratio percent
    ** of the memory the page cache can use, MemAvailable near enough */
    if (read_small_file("/proc/sys/vm/dirty_bytes", buf, sizeof buf) > 0 &&
        sscanf(buf, "%" SCNd64, &v) == 1 && v > 0)
        return v;
    int64_t avail = sysinfo_mem_available();
    if (avail > 0 && read_small_file("/proc/sys/vm/dirty_ratio", buf, sizeof buf) > 0 &&
        sscanf(buf, "%" SCNd64, &v) == 1 && v > 0)
        return avail / 100 * v;
    return -1;
}

/* A JSON string of s; bytes that are not valid UTF-8 (a mount point can
** hold any) become '?' rather than losing the value. */
static json_t *json_str(const char *s)
{
    json_t *j = json_string(s);
    if (j)
        return j;
    char buf[512];
    size_t n = 0;
    for (; s[n] && n + 1 < sizeof buf; n++)
        buf[n] = ((unsigned char)s[n] < 0x80) ? s[n] : '?';
    buf[n] = '\0';
    return json_string(buf);
}

/* Sets key to value (stolen); returns nonzero on failure. */
static int set(json_t *o, const char *key, json_t *value)
{
    return json_object_set_new(o, key, value) != 0;
}

void *sysinfo_storage_json(const struct storage_info *st)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    int err = 0;
    err |= set(o, RUNKEY_STORAGE_FSTYPE, json_str(st->fstype));
    err |= set(o, RUNKEY_STORAGE_MOUNT_POINT, json_str(st->mount_point));
    err |= set(o, RUNKEY_STORAGE_MOUNT_OPTIONS, json_str(st->mount_options));
    err |= set(o, RUNKEY_STORAGE_DEVICE, json_str(st->device));
    err |= set(o, RUNKEY_STORAGE_BLOCK_DEVICE, json_str(st->block_device));
    err |= set(o, RUNKEY_STORAGE_MODEL, json_str(st->model));
    err |= set(o, RUNKEY_STORAGE_ROTATIONAL, json_integer(st->rotational));
    err |= set(o, RUNKEY_STORAGE_FREE_BYTES, json_integer(st->free_bytes));
    err |= set(o, RUNKEY_STORAGE_TOTAL_BYTES, json_integer(st->total_bytes));
    if (err) {
        json_decref(o);
        return NULL;
    }
    return o;
}

void *sysinfo_host_json(const struct host_info *h)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    int err = 0;
    err |= set(o, RUNKEY_HOST_HOSTNAME, json_str(h->hostname));
    err |= set(o, RUNKEY_HOST_KERNEL, json_str(h->kernel));
    err |= set(o, RUNKEY_HOST_CPU_MODEL, json_str(h->cpu_model));
    err |= set(o, RUNKEY_HOST_CPUS, json_integer(h->cpus));
    err |= set(o, RUNKEY_HOST_RAM_BYTES, json_integer(h->ram_bytes));
    if (err) {
        json_decref(o);
        return NULL;
    }
    return o;
}
