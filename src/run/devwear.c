/*
** devwear: the device apart from the run's cells.  See devwear.h.
*/
#include "devwear.h"
#include "clock.h"
#include "devinfo.h"
#include "runkey.h"
#include "stop.h"
#include "sysinfo.h"
#include "telemetry.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The whole disk under db_dir into disk ("" when none is known). */
static void disk_of(const char *db_dir, char *disk, size_t n)
{
    struct storage_info st;
    disk[0] = 0;
    if (sysinfo_storage(db_dir, &st) == 0)
        snprintf(disk, n, "%s", st.block_device);
}

/* Sleeps until clock_now_ns() reaches until_ns; 0, or -1 when a stop
** signal came first. */
static int idle_until(uint64_t until_ns)
{
    for (;;) {
        if (stop_signal)
            return -1;
        uint64_t now = clock_now_ns();
        if (now >= until_ns)
            return 0;
        uint64_t left = until_ns - now;
        struct timespec ts = {(time_t)(left / 1000000000u), (long)(left % 1000000000u)};
        if (nanosleep(&ts, NULL) != 0 && errno != EINTR)
            return stop_signal ? -1 : 0;
    }
}

void devwear_idle(const char *db_dir, void *root, double seconds)
{
    char disk[64];
    struct telemetry_sample a, b;
    disk_of(db_dir, disk, sizeof disk);
    if (!disk[0])
        return;
    telemetry_sample(telemetry_root(), disk, &a);
    if (isnan(a.write_sectors))
        return;                 /* no statistics: no window to wait */
    /* what sqlsoak wrote before (the folders, a probe's file) on its way
    ** to the device first, so that the window holds the others' alone */
    int fd = open(db_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)syncfs(fd);
        close(fd);
    }
    telemetry_sample(telemetry_root(), disk, &a);
    if (idle_until(a.at_ns + (uint64_t)(seconds * 1e9)) != 0)
        return;
    telemetry_sample(telemetry_root(), disk, &b);
    double s = (double)(b.at_ns - a.at_ns) / 1e9;
    double w = (b.write_sectors - a.write_sectors) * TELEMETRY_SECTOR;
    double r = (b.read_sectors - a.read_sectors) * TELEMETRY_SECTOR;
    if (!(s > 0) || !(w >= 0) || !(r >= 0))
        return;                 /* a counter reset: no figure */
    json_object_set_new(root, RUNKEY_DEVICE_IDLE,
                        json_pack("{s:s, s:f, s:f, s:f}", RUNKEY_IDLE_BLOCK_DEVICE, disk,
                                  RUNKEY_IDLE_SECONDS, s, RUNKEY_IDLE_WRITE_BYTES_PER_S, w / s,
                                  RUNKEY_IDLE_READ_BYTES_PER_S, r / s));
}

void devwear_life(const char *db_dir, void *root, const char *when)
{
    char disk[64];
    struct devlife l;
    disk_of(db_dir, disk, sizeof disk);
    if (!disk[0] || devinfo_life_read(telemetry_root(), disk, &l) != 0)
        return;
    json_t *o = json_object_get(root, RUNKEY_DEVICE_LIFE);
    if (!json_is_object(o)) {
        o = json_object();
        if (!o || json_object_set_new(root, RUNKEY_DEVICE_LIFE, o) != 0)
            return;
    }
    json_object_set_new(o, RUNKEY_LIFE_BLOCK_DEVICE, json_string(disk));
    json_t *v = devinfo_life_json(&l);
    if (v)
        json_object_set_new(o, when, v);
}
