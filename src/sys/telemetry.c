/*
** telemetry: thermal zones, CPU clock, throttling and disk counters.  See
** telemetry.h.
*/
#include "telemetry.h"

#include "clock.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *telemetry_root(void)
{
    const char *e = getenv("SQLSOAK_SYSROOT");
    return e ? e : "";
}

/* The first line of root/rel into buf; 0, or -1 when it cannot be read
** or is empty. */
static int read_text(const char *root, const char *rel, char *buf, size_t n)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    FILE *f = fopen(path, "re");
    if (!f)
        return -1;
    int ok = fgets(buf, (int)n, f) != NULL;
    fclose(f);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\r\n")] = 0;
    return buf[0] ? 0 : -1;
}

/* A number file: NaN when absent or not a number. */
static double read_num(const char *root, const char *rel)
{
    char buf[64], *end;
    if (read_text(root, rel, buf, sizeof buf))
        return NAN;
    double v = strtod(buf, &end);
    return end != buf ? v : NAN;
}

/* The largest of a number file found under each entry of dir whose name
** begins with prefix followed by a digit: NaN when none. */
static double max_over(const char *root, const char *dir, const char *prefix, const char *file)
{
    char path[4400];
    double best = NAN;
    snprintf(path, sizeof path, "%s/%s", root, dir);
    DIR *d = opendir(path);
    if (!d)
        return NAN;
    size_t pl = strlen(prefix);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, pl) != 0 || e->d_name[pl] < '0' || e->d_name[pl] > '9')
            continue;
        char rel[1200];
        snprintf(rel, sizeof rel, "%s/%s/%s", dir, e->d_name, file);
        double v = read_num(root, rel);
        if (isfinite(v) && !(v <= best))
            best = v;
    }
    closedir(d);
    return best;
}

/* The highest "cpu MHz" of /proc/cpuinfo (x86 and others without cpufreq). */
static double cpuinfo_mhz(const char *root)
{
    char path[4400], line[512];
    double best = NAN;
    snprintf(path, sizeof path, "%s/proc/cpuinfo", root);
    FILE *f = fopen(path, "re");
    if (!f)
        return NAN;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "cpu MHz", 7) != 0 || !colon)
            continue;
        char *end;
        double v = strtod(colon + 1, &end);
        if (end != colon + 1 && !(v <= best))
            best = v;
    }
    fclose(f);
    return best;
}

void telemetry_sample(const char *root, const char *disk, struct telemetry_sample *s)
{
    char buf[256];
    memset(s, 0, sizeof *s);
    s->at_ns = clock_now_ns();
    double mdeg = max_over(root, "sys/class/thermal", "thermal_zone", "temp");
    s->temp_c = mdeg / 1000.0;
    double khz = max_over(root, "sys/devices/system/cpu", "cpu", "cpufreq/scaling_cur_freq");
    s->cpu_mhz = isfinite(khz) ? khz / 1000.0 : cpuinfo_mhz(root);
    if (read_text(root, "sys/devices/platform/soc/soc:firmware/get_throttled", buf,
                  sizeof buf) == 0) {
        char *end;
        unsigned long v = strtoul(buf, &end, 16);
        if (end != buf)
            snprintf(s->throttled, sizeof s->throttled, "0x%lx", v);
    }
    s->reads = s->writes = s->io_ticks_ms = s->read_sectors = s->write_sectors = NAN;
    char rel[160];
    unsigned long long f[10];
    snprintf(rel, sizeof rel, "sys/block/%s/stat", disk);
    if (disk[0] && !strchr(disk, '/') && read_text(root, rel, buf, sizeof buf) == 0 &&
        sscanf(buf, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2],
               &f[3], &f[4], &f[5], &f[6], &f[7], &f[8], &f[9]) == 10) {
        s->reads = (double)f[0];
        s->read_sectors = (double)f[2];
        s->writes = (double)f[4];
        s->write_sectors = (double)f[6];
        s->io_ticks_ms = (double)f[9];
    }
}
