/*
** sysinfo: the host and storage fingerprint of a run, and the per-process
** counters sampled around each chunk (/proc/self/io, RSS).
**
** Every reader degrades gracefully: a file of /proc or /sys that does not
** exist (a container, another kernel) leaves its field empty or -1, never
** an error.  Nothing here allocates except sysinfo_*_json().  The disk
** under a folder (/sys/dev/block, /sys/block) is looked up under
** SQLSOAK_SYSROOT when set, as telemetry.h's files are.
*/
#ifndef SQLSOAK_SYSINFO_H
#define SQLSOAK_SYSINFO_H

#include <stdint.h>

/* Bytes this process caused to be read from / written to storage
** (/proc/self/io read_bytes, write_bytes).  -1 when unavailable. */
struct io_counters {
    int64_t read_bytes;
    int64_t write_bytes;
};

/* Fills *io; returns 0, or -1 (fields set to -1) when /proc/self/io is
** missing or unreadable. */
int sysinfo_io(struct io_counters *io);

/* Resident set size of this process in KiB, from /proc/self/statm; -1 when
** unavailable. */
int64_t sysinfo_rss_kib(void);

/* Bytes free for an unprivileged writer (statvfs f_bavail * f_frsize) on
** the filesystem holding path; -1 when statvfs fails. */
int64_t sysinfo_free_bytes(const char *path);

/* The storage under a folder, as far as the kernel tells. */
struct storage_info {
    char fstype[32];        /* "ext4", "vfat", "tmpfs"; "" unknown */
    char mount_point[256];  /* longest mount point containing the path */
    char mount_options[256];/* "rw,relatime,..." */
    char device[64];        /* "/dev/sda1", "/dev/mmcblk0p2"; "" unknown */
    char block_device[64];  /* whole disk in /sys/block: "sda", "mmcblk0" */
    char model[128];        /* /sys/block/X/device/model or name; "" unknown */
    int rotational;         /* /sys/block/X/queue/rotational: 1, 0, -1 unknown */
    int64_t free_bytes;     /* as sysinfo_free_bytes(); -1 unknown */
    int64_t total_bytes;    /* f_blocks * f_frsize; -1 unknown */
};

/* Fills *st for the filesystem holding path (which must exist).  Uses
** /proc/self/mountinfo (ROOT/proc/self/mountinfo when telemetry_root()
** names a tree that has one) and /sys/block.  Returns 0, or -1 when path cannot
** be stat'ed (fields then empty / -1). */
int sysinfo_storage(const char *path, struct storage_info *st);

/* The host: kernel (uname), CPU model and count, RAM. */
struct host_info {
    char hostname[128];
    char kernel[256];       /* "Linux 6.1.0-18-amd64 #1 SMP ... x86_64" */
    char cpu_model[128];    /* /proc/cpuinfo "model name" (or "Model" on ARM) */
    int cpus;               /* online CPUs */
    int64_t ram_bytes;      /* MemTotal */
};

void sysinfo_host(struct host_info *h);

/* /proc/meminfo's MemAvailable, in bytes; -1 unknown. */
int64_t sysinfo_mem_available(void);

/* The bytes of dirty pages the page cache holds before writers must wait
** for the device: /proc/sys/vm/dirty_bytes, else dirty_ratio percent of
** MemAvailable; -1 unknown. */
int64_t sysinfo_dirty_limit(void);

/* jansson objects (json_t *, new reference) describing the above, for
** run.json's host and storage (their keys: runkey.h). */
void *sysinfo_storage_json(const struct storage_info *st);
void *sysinfo_host_json(const struct host_info *h);

#endif
