/*
** telemetry: the device around the database, sampled at each chunk's
** start and end: the hottest thermal zone, the CPU clock, the Raspberry Pi
** firmware's throttled flags, and the storage device's counters.  What the
** machine does not expose is NaN (an empty field), never a 0.
**
** Files read, under the root telemetry_root() names ("" = the real /):
**   sys/class/thermal/thermal_zoneN/temp          millidegrees Celsius
**   sys/devices/system/cpu/cpuN/cpufreq/scaling_cur_freq   kHz (the highest)
**   proc/cpuinfo "cpu MHz"                        when cpufreq is absent
**   sys/devices/platform/soc/soc:firmware/get_throttled    hex flags
**   sys/block/DISK/stat                           fields 1 (reads
**       completed), 3 (sectors read), 5 (writes completed), 7 (sectors
**       written), 10 (io_ticks, ms busy); a sector is 512 bytes whatever
**       the device's own (Documentation/block/stat.rst)
** SQLSOAK_SYSROOT=FOLDER reads them under FOLDER instead of /: the tests
** run these readers (and devinfo's) against fixture trees.
*/
#ifndef SQLSOAK_TELEMETRY_H
#define SQLSOAK_TELEMETRY_H

#include <stdint.h>

struct telemetry_sample {
    uint64_t at_ns;          /* clock_now_ns() of the sample */
    double temp_c, cpu_mhz;  /* NaN: not exposed */
    char throttled[16];      /* "0x50005"; "" not exposed */
    double reads, writes, io_ticks_ms;  /* the disk's counters; NaN: no disk */
    double read_sectors, write_sectors; /* 512 bytes each; NaN: no disk */
};

/* Bytes in a sector of /sys/block/DISK/stat. */
#define TELEMETRY_SECTOR 512

/* The root the files are read under: $SQLSOAK_SYSROOT, or "". */
const char *telemetry_root(void);

/* Samples the machine; disk is the whole disk ("mmcblk0", "sda"), or ""
** for none. */
void telemetry_sample(const char *root, const char *disk, struct telemetry_sample *s);

#endif
