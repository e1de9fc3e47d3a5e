/*
** cmd_probe: see cmd_probe.h.
*/
#include "cmd_probe.h"
#include "devinfo.h"
#include "devprobe.h"
#include "notice.h"
#include "sdclass.h"
#include "stop.h"
#include "sysinfo.h"
#include "telemetry.h"
#include "units.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* "ext4 on /dev/sda1 (ATA Samsung SSD 870)" */
static void storage_name(const char *dir, char *buf, size_t n)
{
    struct storage_info st;
    struct devinfo d;
    char dev[256] = "";
    sysinfo_storage(dir, &st);
    devinfo_read(telemetry_root(), st.block_device, &d);
    devinfo_say(&d, dev, sizeof dev);
    snprintf(buf, n, "%s on %s%s%s%s", st.fstype[0] ? st.fstype : "unknown filesystem",
             st.device[0] ? st.device : "an unknown device", dev[0] ? " (" : "", dev,
             dev[0] ? ")" : "");
}

static void op_line(const char *what, const struct devprobe_op *op, const char *unit)
{
    char p50[24], p99[24], rate[24];
    printf("  %-26s p50 %9s  p99 %9s  %10s %s  (%lld ops)\n", what,
           units_secs(op->p50_us / 1e6, p50, sizeof p50),
           units_secs(op->p99_us / 1e6, p99, sizeof p99),
           units_rate(op->ops_per_s, rate, sizeof rate), unit, (long long)op->ops);
}

int cmd_probe(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    struct stat sb;
    struct devprobe p;
    if (stat(cfg->db_dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "--db-dir %s: %s", cfg->db_dir,
                 stat(cfg->db_dir, &sb) != 0 ? strerror(errno) : "not a folder");
        return 2;
    }
    stop_catch_runner();
    const struct list *pages = &cfg->dim[DIM_PAGE_SIZE];
    int rc = devprobe_run(cfg->db_dir, (double)cfg->probe_time_s, pages->v, pages->n, &p, err,
                          errlen);
    if (p.swept[0])
        notice_line("sqlsoak probe: %s", p.swept);
    if (rc != 0)
        return stop_signal ? 130 : rc == -2 ? 2 : 1;
    if (cfg->json) {
        json_t *j = devprobe_to_json(&p);
        rc = j && json_dumpf(j, stdout, JSON_INDENT(2)) == 0 ? 0 : 1;
        json_decref(j);
        printf("\n");
        return rc;
    }
    char where[512];
    storage_name(cfg->db_dir, where, sizeof where);
    char secs[24], mbs[24];
    printf("probe of %s: %s, %s\n", cfg->db_dir, where, units_secs(p.seconds, secs, sizeof secs));
    printf("  %-26s %9s MB/s  (%lld MiB written, then fdatasync)\n", "sequential write",
           units_number(p.seq_write_mb_s, mbs, sizeof mbs), (long long)(p.file_bytes >> 20));
    op_line("4 KiB write + fdatasync", &p.fdatasync, "ops/s");
    op_line("4 KiB write + fsync", &p.fsync, "ops/s");
    printf("  %-26s %9s MB/s  (1 MiB reads, as the random reads below)\n", "sequential read",
           units_number(p.seq_read_mb_s, mbs, sizeof mbs));
    op_line("4 KiB random read, QD1", &p.randread, "IOPS ");
    for (int k = 0; k < p.nsized; k++) {
        char what[40];
        snprintf(what, sizeof what, "%lld KiB random read, QD1", (long long)(p.sized[k].bytes >> 10));
        op_line(what, &p.sized[k].op, "IOPS ");
    }
    printf("  random reads over the %lld MiB file: %s\n", (long long)(p.file_bytes >> 20),
           p.read_method);
    if (p.qd4_direct) {
        op_line("4 KiB random write, QD4", &p.randwrite_qd4, "IOPS ");
        op_line("4 KiB random read, QD4", &p.randread_qd4, "IOPS ");
        printf("  random I/O at QD4 over the file's first %lld MiB: %s\n",
               (long long)(p.qd4_bytes >> 20), p.qd4_method);
    } else {
        printf("  random I/O at QD4: %s\n", p.qd4_method);
    }
    struct sdclass_verdict v;
    char said[1024];
    devprobe_sdclass(&p, &v, said, sizeof said);
    printf("  SD card class: %s\n", said);
    sdclass_say_table(said, sizeof said);
    printf("  class minimums: %s\n", said);
    return 0;
}
