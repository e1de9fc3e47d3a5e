/*
** fuzz_devinfo: the bytes as what sysfs says of the storage device (a
** damaged card's name is anything): split at NUL bytes into vendor,
** model, name, manfid, oemid, date, type, life_time, pre_eol_info,
** serial, cid and vpd_pg80,
** written as the files of a disk (sda) and of a card (mmcblk0) under a
** sysroot, read by devinfo_read, recorded in run.json's storage record
** and named as the report names it, from the device and from the record;
** and the eMMC's wear estimate read by devinfo_life_read.  What must
** hold: the record is JSON (every text UTF-8, or its bytes in hex), the
** name read back from the record is the device's, and a wear estimate is
** bytes (0-255) or not reported (-1), its record JSON that says so; the
** device's identity is none or "xxh64:" and 16 hex digits.
*/
#include "devinfo.h"
#include "fuzz.h"

#include <jansson.h>

static const char *const attrs[] = {"vendor", "model", "name",      "manfid",      "oemid",
                                    "date",   "type",  "life_time", "pre_eol_info",
                                    "serial", "cid",   "vpd_pg80"};
#define NATTRS (sizeof attrs / sizeof *attrs)

static void read_disk(const char *disk)
{
    struct devinfo d;
    devinfo_read(fuzz_dir(), disk, &d);
    json_t *st = json_object();
    FUZZ_CHECK(st != NULL);
    json_object_set_new(st, "model", json_string(d.model));
    FUZZ_CHECK(devinfo_to_json(&d, st) == 0);
    FUZZ_CHECK(!d.device_id[0] || (strlen(d.device_id) == 22 &&
                                   strncmp(d.device_id, "xxh64:", 6) == 0 &&
                                   strspn(d.device_id + 6, "0123456789abcdef") == 16));
    char *dump = json_dumps(st, JSON_COMPACT);
    FUZZ_CHECK(dump != NULL);
    json_t *back = json_loads(dump, 0, NULL);
    FUZZ_CHECK(back != NULL);
    char said[512] = "", from[512] = "";
    devinfo_say(&d, said, sizeof said);
    /* a text that is not UTF-8 is recorded in hex: named otherwise */
    const char *const fields[] = {d.vendor, d.model, d.name, d.manfid, d.oemid, d.date, d.type};
    int utf8 = 1;
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
        json_t *j = json_string(fields[i]);
        utf8 &= j != NULL;
        json_decref(j);
    }
    if (devinfo_from_json(back, from, sizeof from) == 0 && utf8)
        FUZZ_CHECK(strcmp(said, from) == 0);
    json_decref(back);
    free(dump);
    json_decref(st);
    struct devlife l;
    int rc = devinfo_life_read(fuzz_dir(), disk, &l);
    FUZZ_CHECK(l.life_a >= -1 && l.life_a <= 255 && l.life_b >= -1 && l.life_b <= 255);
    FUZZ_CHECK(l.pre_eol >= -1 && l.pre_eol <= 255 && (l.life_a < 0) == (l.life_b < 0));
    FUZZ_CHECK(rc == (l.life_a >= 0 || l.pre_eol >= 0 ? 0 : -1));
    json_t *life = devinfo_life_json(&l);
    FUZZ_CHECK(life != NULL);
    FUZZ_CHECK((json_object_get(life, "life_time") != NULL) == (l.life_a >= 0));
    FUZZ_CHECK((json_object_get(life, "pre_eol_info") != NULL) == (l.pre_eol >= 0));
    char words[64];
    devinfo_life_text(l.life_a, words, sizeof words);
    FUZZ_CHECK(devinfo_pre_eol_text(l.pre_eol) != NULL);
    json_decref(life);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    for (size_t i = 0; i < NATTRS; i++) {
        const uint8_t *nul = memchr(p, 0, (size_t)(end - p));
        size_t len = nul ? (size_t)(nul - p) : (size_t)(end - p);
        char name[64];
        snprintf(name, sizeof name, "sys/block/sda/device/%s", attrs[i]);
        fuzz_file(name, p, len);
        snprintf(name, sizeof name, "sys/block/mmcblk0/device/%s", attrs[i]);
        fuzz_file(name, p, len);
        p = nul ? nul + 1 : end;
    }
    read_disk("sda");
    read_disk("mmcblk0");
    return 0;
}
