/*
** Unit tests of the telemetry and device readers against the fixture
** trees of tests/fixtures/sysroot/ (a Raspberry Pi 4 with an SD card, a
** desktop with a SATA disk, a VM exposing none): each yields exactly the
** documented figures and device record, and what a tree lacks is NaN or
** "" (an empty field), never 0.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csvout.h"
#include "devinfo.h"
#include "telemetry.h"
#include "watch.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ROOT(name) SQLSOAK_SOURCE_DIR "/tests/fixtures/sysroot/" name

static void test_pi4(void **state)
{
    (void)state;
    struct telemetry_sample s;
    telemetry_sample(ROOT("pi4"), "mmcblk0", &s);
    assert_true(fabs(s.temp_c - 61.324) < 1e-9);    /* 61324 millidegrees */
    assert_true(fabs(s.cpu_mhz - 600.0) < 1e-9);    /* 600000 kHz */
    assert_string_equal(s.throttled, "0x50005");
    assert_true(s.reads == 8535 && s.writes == 11294 && s.io_ticks_ms == 47080);
    /* fields 3 and 7: sectors read and written */
    assert_true(s.read_sectors == 556954 && s.write_sectors == 346760);
}

static void test_desktop(void **state)
{
    (void)state;
    struct telemetry_sample s;
    telemetry_sample(ROOT("desktop"), "sda", &s);
    assert_true(fabs(s.temp_c - 45.0) < 1e-9);      /* the hotter of two zones */
    assert_true(fabs(s.cpu_mhz - 3400.0) < 1e-9);   /* the faster of two CPUs */
    assert_string_equal(s.throttled, "");
    assert_true(s.reads == 255999 && s.writes == 996852 && s.io_ticks_ms == 301795);
    assert_true(s.read_sectors == 12369153 && s.write_sectors == 36123024);
}

static void test_vm_has_none(void **state)
{
    (void)state;
    struct telemetry_sample a, b;
    struct chunk_record cr;
    telemetry_sample(ROOT("vm"), "vda", &a);
    telemetry_sample(ROOT("vm"), "vda", &b);
    assert_true(isnan(a.temp_c) && isnan(a.cpu_mhz) && isnan(a.reads));
    assert_string_equal(a.throttled, "");
    csvout_clear(CSV_CHUNKS, &cr);
    watch_telemetry(&a, &b, &cr);
    assert_true(isnan(cr.temp_c) && isnan(cr.cpu_mhz) && isnan(cr.device_busy_pct) &&
                isnan(cr.device_reads) && isnan(cr.device_writes) &&
                isnan(cr.dev_write_bytes) && isnan(cr.dev_read_bytes));
    assert_true(isnan(a.read_sectors) && isnan(a.write_sectors));
    /* written as empty fields, never 0 */
    char line[8192];
    assert_true(csvout_row(CSV_CHUNKS, &cr, line, sizeof line) > 0);
    /* the fields from temp_c to dev_read_bytes, one after the other */
    int from = csvout_column_of(CSV_CHUNKS, COL_temp_c);
    assert_int_equal(csvout_column_of(CSV_CHUNKS, COL_device_writes), from + 5);
    assert_int_equal(csvout_column_of(CSV_CHUNKS, COL_dev_write_bytes), from + 6);
    assert_int_equal(csvout_column_of(CSV_CHUNKS, COL_dev_read_bytes), from + 7);
    const char *p = line;
    for (int i = 0; i < from; i++)
        p = strchr(p, ',') + 1;
    assert_true(strncmp(p - 1, ",,,,,,,,,", 9) == 0);
}

/* No disk, or a disk the tree lacks: the device columns stay empty. */
static void test_no_disk(void **state)
{
    (void)state;
    struct telemetry_sample s;
    telemetry_sample(ROOT("pi4"), "", &s);
    assert_true(isnan(s.reads) && isnan(s.writes) && isnan(s.io_ticks_ms));
    assert_true(isnan(s.read_sectors) && isnan(s.write_sectors));
    telemetry_sample(ROOT("pi4"), "sda", &s);
    assert_true(isnan(s.reads));
    telemetry_sample(ROOT("pi4"), "../../etc", &s);
    assert_true(isnan(s.reads));
}

/* A chunk's device figures are the differences of its two samples. */
static void test_chunk_differences(void **state)
{
    (void)state;
    struct telemetry_sample a, b;
    struct chunk_record cr;
    telemetry_sample(ROOT("pi4"), "mmcblk0", &a);
    b = a;
    b.at_ns = a.at_ns + 2000000000u;   /* 2 s later */
    b.reads += 10;
    b.writes += 250;
    b.io_ticks_ms += 500;
    b.read_sectors += 80;          /* 40 KiB */
    b.write_sectors += 2048;       /* 1 MiB */
    csvout_clear(CSV_CHUNKS, &cr);
    watch_telemetry(&a, &b, &cr);
    assert_true(cr.device_reads == 10 && cr.device_writes == 250);
    assert_true(cr.dev_read_bytes == 40960 && cr.dev_write_bytes == 1048576);
    assert_true(fabs(cr.device_busy_pct - 25.0) < 1e-9);
    assert_true(fabs(cr.temp_c - 61.324) < 1e-9);
    assert_string_equal(cr.throttled, "0x50005");
    /* counters that went backwards (a re-attached device): no figure */
    b.writes = a.writes - 1;
    watch_telemetry(&a, &b, &cr);
    assert_true(isnan(cr.device_writes) && isnan(cr.device_busy_pct));
    assert_true(isnan(cr.dev_write_bytes) && isnan(cr.dev_read_bytes));
    /* the sectors alone went backwards: no byte figure either */
    b.writes = a.writes + 250;
    b.write_sectors = a.write_sectors - 8;
    watch_telemetry(&a, &b, &cr);
    assert_true(isnan(cr.dev_write_bytes) && isnan(cr.device_writes));
    /* nothing written in the chunk: 0, measured */
    b = a;
    b.at_ns = a.at_ns + 1000000000u;
    watch_telemetry(&a, &b, &cr);
    assert_true(cr.dev_write_bytes == 0 && cr.dev_read_bytes == 0);
}

/* An eMMC's own wear estimate, from the Compute Module 4's tree: the two
** hex bytes of life_time and the one of pre_eol_info, in run.json's
** form and in words. */
static void test_emmc_life(void **state)
{
    (void)state;
    struct devlife l;
    char buf[64];
    assert_int_equal(devinfo_life_read(ROOT("cm4"), "mmcblk0", &l), 0);
    assert_int_equal(l.life_a, 1);
    assert_int_equal(l.life_b, 2);
    assert_int_equal(l.pre_eol, 1);
    json_t *o = devinfo_life_json(&l);
    char *text = json_dumps(o, JSON_SORT_KEYS);
    assert_string_equal(text, "{\"life_time\": \"0x01 0x02\", \"life_time_est_a\": 1, "
                              "\"life_time_est_b\": 2, \"pre_eol_info\": 1}");
    free(text);
    json_decref(o);
    assert_string_equal(devinfo_life_text(l.life_a, buf, sizeof buf), "0-10% of its life used");
    assert_string_equal(devinfo_life_text(l.life_b, buf, sizeof buf), "10-20% of its life used");
    assert_string_equal(devinfo_life_text(10, buf, sizeof buf), "90-100% of its life used");
    assert_string_equal(devinfo_life_text(11, buf, sizeof buf), "past its estimated life");
    assert_string_equal(devinfo_life_text(0, buf, sizeof buf), "not defined");
    assert_string_equal(devinfo_pre_eol_text(l.pre_eol), "normal");
    assert_string_equal(devinfo_pre_eol_text(3), "urgent (90% of its reserved blocks used)");
    /* an SD card (the Pi 4's) reports none, nor does a disk the tree lacks */
    assert_int_equal(devinfo_life_read(ROOT("pi4"), "mmcblk0", &l), -1);
    assert_true(l.life_a == -1 && l.life_b == -1 && l.pre_eol == -1);
    assert_int_equal(devinfo_life_read(ROOT("cm4"), "mmcblk1", &l), -1);
    assert_int_equal(devinfo_life_read(ROOT("cm4"), "../../etc", &l), -1);
}

/* What the kernel would not write is no estimate: one byte for two, a
** word, a value past a byte; the rest of the record is kept. */
static void test_emmc_life_malformed(void **state)
{
    (void)state;
    static const struct {
        const char *life_time, *pre_eol;
        int a, b, e;
    } cases[] = {
        {"0x0b 0x0a\n", "0x03\n", 11, 10, 3},
        {"0x01\n", "0x02\n", -1, -1, 2},
        {"0x01 0x02 0x03\n", "", -1, -1, -1},
        {"worn out\n", "0x01 junk\n", -1, -1, -1},
        {"0x100 0x01\n", "0x1ff\n", -1, -1, -1},
        {"1 2\n", "1\n", 1, 2, 1},
    };
    char root[] = "/tmp/sqlsoak-devlife-XXXXXX", path[512];
    static const char *const dirs[] = {"sys", "sys/block", "sys/block/mmcblk0",
                                       "sys/block/mmcblk0/device"};
    assert_non_null(mkdtemp(root));
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        snprintf(path, sizeof path, "%s/%s", root, dirs[i]);
        assert_int_equal(mkdir(path, 0755), 0);
    }
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        const char *names[] = {"life_time", "pre_eol_info"};
        const char *texts[] = {cases[k].life_time, cases[k].pre_eol};
        for (int j = 0; j < 2; j++) {
            snprintf(path, sizeof path, "%s/sys/block/mmcblk0/device/%s", root, names[j]);
            FILE *f = fopen(path, "w");
            assert_non_null(f);
            fputs(texts[j], f);
            fclose(f);
        }
        struct devlife l;
        int rc = devinfo_life_read(root, "mmcblk0", &l);
        assert_int_equal(l.life_a, cases[k].a);
        assert_int_equal(l.life_b, cases[k].b);
        assert_int_equal(l.pre_eol, cases[k].e);
        assert_int_equal(rc, cases[k].a >= 0 || cases[k].e >= 0 ? 0 : -1);
    }
    for (int j = 0; j < 2; j++) {
        snprintf(path, sizeof path, "%s/sys/block/mmcblk0/device/%s", root,
                 j ? "pre_eol_info" : "life_time");
        unlink(path);
    }
    for (size_t i = sizeof dirs / sizeof *dirs; i-- > 0;) {
        snprintf(path, sizeof path, "%s/%s", root, dirs[i]);
        rmdir(path);
    }
    rmdir(root);
}

/* Without cpufreq, the CPU clock comes from /proc/cpuinfo's "cpu MHz". */
static void test_cpuinfo_fallback(void **state)
{
    (void)state;
    char root[] = "/tmp/sqlsoak-telemetry-XXXXXX", path[256];
    assert_non_null(mkdtemp(root));
    snprintf(path, sizeof path, "%s/proc", root);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/proc/cpuinfo", root);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("processor\t: 0\ncpu MHz\t\t: 2596.102\n\nprocessor\t: 1\ncpu MHz\t\t: 1200.000\n", f);
    fclose(f);
    struct telemetry_sample s;
    telemetry_sample(root, "", &s);
    assert_true(fabs(s.cpu_mhz - 2596.102) < 1e-9);
    assert_true(isnan(s.temp_c));
    remove(path);
    snprintf(path, sizeof path, "%s/proc", root);
    rmdir(path);
    rmdir(root);
}

static void test_devinfo_card(void **state)
{
    (void)state;
    struct devinfo d;
    char say[256];
    devinfo_read(ROOT("pi4"), "mmcblk0", &d);
    assert_true(d.mmc);
    assert_string_equal(d.name, "SR64G");
    assert_string_equal(d.manfid, "0x000003");
    assert_string_equal(d.oemid, "0x5344");
    assert_string_equal(d.date, "04/2021");
    assert_string_equal(d.type, "SD");
    json_t *o = json_object();
    assert_int_equal(devinfo_to_json(&d, o), 0);
    char *text = json_dumps(o, JSON_SORT_KEYS);
    assert_string_equal(text, "{\"card\": {\"date\": \"04/2021\", \"manfid\": \"0x000003\", "
                              "\"name\": \"SR64G\", \"oemid\": \"0x5344\", \"type\": \"SD\"}, "
                              "\"device_id\": \"xxh64:d771ecd5997d8b70\"}");
    /* the cid, hashed (XXH64, seed 0, of its text as the kernel writes it):
    ** never the serial number, nor the cid that holds it */
    assert_null(strstr(text, "8a5b3c2d"));
    assert_null(strstr(text, "0353445352363447"));
    free(text);
    json_decref(o);
    devinfo_say(&d, say, sizeof say);
    assert_string_equal(say, "SD card SR64G (manfid 0x000003, oemid 0x5344, 04/2021)");
}

/* A card field that is not UTF-8 (a damaged card, an odd reader) is
** recorded as its bytes in hex, never dropped: JSON holds only UTF-8. */
static void test_devinfo_not_utf8(void **state)
{
    (void)state;
    char root[] = "/tmp/sqlsoak-devinfo-XXXXXX", path[512], say[256];
    static const char *const dirs[] = {"sys", "sys/block", "sys/block/mmcblk0",
                                       "sys/block/mmcblk0/device"};
    static const struct { const char *name, *text; } files[] = {
        {"oemid", "\xff\x53\n"}, {"name", "SR64G\n"}, {"type", "S\xe9\n"}};
    assert_non_null(mkdtemp(root));
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        snprintf(path, sizeof path, "%s/%s", root, dirs[i]);
        assert_int_equal(mkdir(path, 0755), 0);
    }
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/sys/block/mmcblk0/device/%s", root, files[i].name);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(files[i].text, f);
        fclose(f);
    }
    struct devinfo d;
    devinfo_read(root, "mmcblk0", &d);
    json_t *o = json_object();
    assert_int_equal(devinfo_to_json(&d, o), 0);
    json_t *card = json_object_get(o, "card");
    assert_string_equal(json_string_value(json_object_get(card, "oemid")), "0xff53");
    assert_string_equal(json_string_value(json_object_get(card, "type")), "0x53e9");
    assert_string_equal(json_string_value(json_object_get(card, "name")), "SR64G");
    assert_int_equal(devinfo_from_json(o, say, sizeof say), 0);
    assert_string_equal(say, "0x53e9 card SR64G (manfid ?, oemid 0xff53, date unknown)");
    json_decref(o);
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/sys/block/mmcblk0/device/%s", root, files[i].name);
        unlink(path);
    }
    for (size_t i = sizeof dirs / sizeof *dirs; i-- > 0;) {
        snprintf(path, sizeof path, "%s/%s", root, dirs[i]);
        rmdir(path);
    }
    rmdir(root);
}

/* Writes len bytes to root/sys/block/disk/device/name, making its folders. */
static void put_bytes(const char *root, const char *disk, const char *name, const void *bytes,
                      size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/sys/block/%s/device", root, disk);
    for (char *p = path + strlen(root) + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(path, 0755);
            *p = '/';
        }
    mkdir(path, 0755);
    snprintf(path + strlen(path), sizeof path - strlen(path), "/%s", name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
}

static void put_attr(const char *root, const char *disk, const char *name, const char *text)
{
    put_bytes(root, disk, name, text, strlen(text));
}

/* disk's device_id under root, as run.json's storage gets it (malloc'd
** JSON text of that storage object into *json); NULL when it has none. */
static const char *id_of(const char *root, const char *disk, char **json)
{
    static char id[32];
    struct devinfo d;
    devinfo_read(root, disk, &d);
    json_t *o = json_object();
    assert_int_equal(devinfo_to_json(&d, o), 0);
    *json = json_dumps(o, JSON_SORT_KEYS);
    const char *v = json_string_value(json_object_get(o, "device_id"));
    snprintf(id, sizeof id, "%s", v ? v : "");
    json_decref(o);
    return v ? id : NULL;
}

/* Two cards of one model, maker and date, and two disks of one model, are
** two devices by device_id: a hash of the cid (a card's), else of model
** and serial; the same on every read; neither serial nor cid in the open. */
static void test_devinfo_device_id(void **state)
{
    (void)state;
    char root[] = "/tmp/sqlsoak-devid-XXXXXX", a[32], b[32], *json;
    assert_non_null(mkdtemp(root));
    static const char *const cards[] = {"mmcblk0", "mmcblk1"};
    static const char *const cids[] = {"0353445352363447808a5b3c2d0154b00\n",
                                       "035344535236344780c1d2e3f40154b00\n"};
    for (int i = 0; i < 2; i++) {
        put_attr(root, cards[i], "name", "SR64G\n");
        put_attr(root, cards[i], "date", "04/2021\n");
        put_attr(root, cards[i], "cid", cids[i]);
        put_attr(root, cards[i], "serial", i ? "0xc1d2e3f4\n" : "0x8a5b3c2d\n");
    }
    put_attr(root, "sda", "model", "Samsung SSD 870\n");
    put_attr(root, "sda", "serial", "S6PNNS0T123456A\n");
    put_attr(root, "sdb", "model", "Samsung SSD 870\n");
    put_attr(root, "sdb", "serial", "S6PNNS0T123456B\n");
    put_attr(root, "sdc", "model", "Samsung SSD 870\n");
    /* a card whose kernel shows its serial but no cid */
    put_attr(root, "mmcblk2", "name", "SR64G\n");
    put_attr(root, "mmcblk2", "serial", "0x8a5b3c2d\n");
    static const char *const secret[] = {"8a5b3c2d", "c1d2e3f4", "0353445352", "S6PNNS0T"};

    const char *const disks[][2] = {{"mmcblk0", "mmcblk1"}, {"sda", "sdb"}};
    for (int k = 0; k < 2; k++) {
        const char *id = id_of(root, disks[k][0], &json);
        assert_non_null(id);
        snprintf(a, sizeof a, "%s", id);
        assert_int_equal(strlen(a), 6 + 16);
        assert_int_equal(strncmp(a, "xxh64:", 6), 0);
        assert_int_equal(strspn(a + 6, "0123456789abcdef"), 16);
        for (size_t s = 0; s < sizeof secret / sizeof *secret; s++)
            assert_null(strstr(json, secret[s]));
        free(json);
        assert_string_equal(id_of(root, disks[k][0], &json), a); /* stable */
        free(json);
        snprintf(b, sizeof b, "%s", id_of(root, disks[k][1], &json));
        for (size_t s = 0; s < sizeof secret / sizeof *secret; s++)
            assert_null(strstr(json, secret[s]));
        free(json);
        assert_string_not_equal(a, b);
    }
    const char *serial_only = id_of(root, "mmcblk2", &json);
    assert_non_null(serial_only);
    assert_null(strstr(json, "8a5b3c2d"));
    free(json);
    /* a SATA disk with no serial file: its VPD page 0x80's serial, blanks
    ** around it, gives the id its serial file gives */
    static const char pg80[] = "\x00\x80\x00\x14   S6PNNS0T123456A  ";
    put_attr(root, "sdd", "model", "Samsung SSD 870\n");
    put_bytes(root, "sdd", "vpd_pg80", pg80, sizeof pg80 - 1);
    snprintf(a, sizeof a, "%s", id_of(root, "sda", &json));
    free(json);
    const char *vpd = id_of(root, "sdd", &json);
    assert_non_null(vpd);
    assert_string_equal(vpd, a);
    assert_null(strstr(json, "S6PNNS0T"));
    free(json);
    /* the model alone identifies no one device: no id */
    assert_null(id_of(root, "sdc", &json));
    free(json);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -r '%s'", root);
    assert_int_equal(system(cmd), 0);
}

static void test_devinfo_sata(void **state)
{
    (void)state;
    struct devinfo d;
    char say[256];
    devinfo_read(ROOT("desktop"), "sda", &d);
    assert_false(d.mmc);
    assert_string_equal(d.vendor, "ATA");
    assert_string_equal(d.model, "Samsung SSD 870");
    json_t *o = json_object();
    assert_int_equal(devinfo_to_json(&d, o), 0);
    assert_string_equal(json_string_value(json_object_get(o, "vendor")), "ATA");
    assert_null(json_object_get(o, "card"));
    json_decref(o);
    devinfo_say(&d, say, sizeof say);
    assert_string_equal(say, "ATA Samsung SSD 870");
}

static void test_devinfo_vm(void **state)
{
    (void)state;
    struct devinfo d;
    char say[256];
    devinfo_read(ROOT("vm"), "vda", &d);
    assert_false(d.mmc);
    assert_string_equal(d.vendor, "");
    assert_string_equal(d.model, "");
    json_t *o = json_object();
    assert_int_equal(devinfo_to_json(&d, o), 0);
    assert_int_equal(json_object_size(o), 0);
    json_decref(o);
    devinfo_say(&d, say, sizeof say);
    assert_string_equal(say, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pi4),
        cmocka_unit_test(test_desktop),
        cmocka_unit_test(test_vm_has_none),
        cmocka_unit_test(test_no_disk),
        cmocka_unit_test(test_chunk_differences),
        cmocka_unit_test(test_cpuinfo_fallback),
        cmocka_unit_test(test_devinfo_card),
        cmocka_unit_test(test_devinfo_not_utf8),
        cmocka_unit_test(test_devinfo_device_id),
        cmocka_unit_test(test_devinfo_sata),
        cmocka_unit_test(test_devinfo_vm),
        cmocka_unit_test(test_emmc_life),
        cmocka_unit_test(test_emmc_life_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
