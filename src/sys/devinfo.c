/*
** devinfo: the storage device's identity from sysfs.  See devinfo.h.
*/
#include "devinfo.h"
#include "runkey.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* xxHash's own code compiled in, as kvgen.c has it: no library to link */
#define XXH_INLINE_ALL
#include <xxhash.h>

/* root/sys/block/disk/device/attr's first line, trimmed, into dst. */
static void attr(const char *root, const char *disk, const char *name, char *dst, size_t n)
{
    char path[4400];
    dst[0] = 0;
    snprintf(path, sizeof path, "%s/sys/block/%s/device/%s", root, disk, name);
    FILE *f = fopen(path, "re");
    if (!f)
        return;
    if (!fgets(dst, (int)n, f))
        dst[0] = 0;
    fclose(f);
    size_t len = strcspn(dst, "\r\n");
    while (len && dst[len - 1] == ' ')
        len--;
    dst[len] = 0;
}

/* d->device_id: "xxh64:" and 16 hex digits of the len bytes at bytes:
** the serial out of sight, though a serial of few bits (an SD card's 32)
** can be found again by trying each. */
static void device_id(struct devinfo *d, const void *bytes, size_t len)
{
    snprintf(d->device_id, sizeof d->device_id, "xxh64:%016llx",
             (unsigned long long)XXH64(bytes, len, 0));
}

/* A SCSI or SATA disk's serial from its VPD page 0x80 under root (a 4-byte
** header, the page's length in bytes 2-3, then the serial in ASCII, padded
** with blanks) into dst; "" when there is none. */
static void vpd_serial(const char *root, const char *disk, char *dst, size_t n)
{
    char path[4400];
    unsigned char page[256];
    dst[0] = 0;
    snprintf(path, sizeof path, "%s/sys/block/%s/device/vpd_pg80", root, disk);
    FILE *f = fopen(path, "re");
    if (!f)
        return;
    size_t got = fread(page, 1, sizeof page, f);
    fclose(f);
    if (got < 4 || page[1] != 0x80)
        return;
    size_t len = (size_t)page[2] << 8 | page[3], start = 4;
    if (len > got - 4)
        len = got - 4;
    while (len && page[start] == ' ')
        start++, len--;
    while (len && (page[start + len - 1] == ' ' || page[start + len - 1] == 0))
        len--;
    if (len >= n)
        len = n - 1;
    memcpy(dst, page + start, len);
    dst[len] = 0;
}

/* The device's identity: a card's cid (which holds its serial), else its
** model and serial (a SCSI or SATA disk's from VPD page 0x80 where the
** kernel shows no serial file); never either in the open. */
static void read_identity(const char *root, const char *disk, struct devinfo *d)
{
    char cid[128], serial[256], both[sizeof d->model + sizeof serial];
    _Static_assert(sizeof d->name <= sizeof d->model, "a card's name fits where a model does");
    if (d->mmc) {
        attr(root, disk, "cid", cid, sizeof cid);
        if (cid[0]) {
            device_id(d, cid, strlen(cid));
            return;
        }
    }
    attr(root, disk, "serial", serial, sizeof serial);
    if (!serial[0] && !d->mmc)
        vpd_serial(root, disk, serial, sizeof serial);
    if (!serial[0])
        return;
    /* the model's NUL kept between them: "ab"+"c" is not "a"+"bc" */
    const char *model = d->mmc ? d->name : d->model;
    size_t m = strlen(model) + 1;
    memcpy(both, model, m);
    memcpy(both + m, serial, strlen(serial));
    device_id(d, both, m + strlen(serial));
}

void devinfo_read(const char *root, const char *disk, struct devinfo *d)
{
    memset(d, 0, sizeof *d);
    if (!disk[0] || strchr(disk, '/') || strcmp(disk, "..") == 0)
        return;
    d->mmc = strncmp(disk, "mmcblk", 6) == 0;
    if (d->mmc) {
        attr(root, disk, "name", d->name, sizeof d->name);
        attr(root, disk, "manfid", d->manfid, sizeof d->manfid);
        attr(root, disk, "oemid", d->oemid, sizeof d->oemid);
        attr(root, disk, "date", d->date, sizeof d->date);
        attr(root, disk, "type", d->type, sizeof d->type);
    } else {
        attr(root, disk, "vendor", d->vendor, sizeof d->vendor);
        attr(root, disk, "model", d->model, sizeof d->model);
    }
    read_identity(root, disk, d);
}

/* s as a JSON string; when it is not UTF-8 (JSON holds nothing else),
** its bytes in hex, 0x first, as the kernel writes manfid and oemid. */
static json_t *text(const char *s)
{
    json_t *j = json_string(s);
    if (j)
        return j;
    char hex[2 * 128 + 3] = "0x";
    for (size_t i = 0; s[i] && 2 * i + 4 < sizeof hex; i++)
        snprintf(hex + 2 + 2 * i, 3, "%02x", (unsigned char)s[i]);
    return json_string(hex);
}

int devinfo_to_json(const struct devinfo *d, void *storage)
{
    json_t *o = storage;
    int err = 0;
    if (d->vendor[0])
        err |= json_object_set_new(o, RUNKEY_STORAGE_VENDOR, text(d->vendor));
    if (d->device_id[0])
        err |= json_object_set_new(o, RUNKEY_STORAGE_DEVICE_ID, json_string(d->device_id));
    if (!d->mmc)
        return err ? -1 : 0;
    json_t *c = json_object();
    const struct {
        const char *key, *v;
    } f[] = {{RUNKEY_CARD_NAME, d->name},   {RUNKEY_CARD_MANFID, d->manfid},
             {RUNKEY_CARD_OEMID, d->oemid}, {RUNKEY_CARD_DATE, d->date},
             {RUNKEY_CARD_TYPE, d->type}};
    for (size_t i = 0; c && i < sizeof f / sizeof *f; i++)
        err |= json_object_set_new(c, f[i].key, text(f[i].v));
    err |= !c || json_object_set_new(o, RUNKEY_STORAGE_CARD, c);
    return err ? -1 : 0;
}

void devinfo_say(const struct devinfo *d, char *buf, unsigned long n)
{
    if (d->mmc)
        snprintf(buf, n, "%s card %s (manfid %s, oemid %s, %s)", d->type[0] ? d->type : "MMC",
                 d->name[0] ? d->name : "?", d->manfid[0] ? d->manfid : "?",
                 d->oemid[0] ? d->oemid : "?", d->date[0] ? d->date : "date unknown");
    else
        snprintf(buf, n, "%s%s%s", d->vendor, d->vendor[0] && d->model[0] ? " " : "", d->model);
}

int devinfo_from_json(const void *st, char *buf, unsigned long n)
{
    const json_t *o = st, *card = json_object_get(o, RUNKEY_STORAGE_CARD);
    struct devinfo d;
    memset(&d, 0, sizeof d);
    const char *vendor = json_string_value(json_object_get(o, RUNKEY_STORAGE_VENDOR));
    const char *model = json_string_value(json_object_get(o, RUNKEY_STORAGE_MODEL));
    /* a vendor alone (virtio's "0x1af4") names nothing a reader knows */
    if (!json_is_object(card) && !(vendor && *vendor && model && *model))
        return -1;
    const struct {
        const char *key;
        char *dst;
        size_t size;
    } f[] = {{RUNKEY_CARD_NAME, d.name, sizeof d.name},
             {RUNKEY_CARD_MANFID, d.manfid, sizeof d.manfid},
             {RUNKEY_CARD_OEMID, d.oemid, sizeof d.oemid},
             {RUNKEY_CARD_DATE, d.date, sizeof d.date},
             {RUNKEY_CARD_TYPE, d.type, sizeof d.type},
             {RUNKEY_STORAGE_MODEL, d.model, sizeof d.model}};
    d.mmc = json_is_object(card);
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) {
        const char *v = json_string_value(json_object_get(i < 5 ? card : o, f[i].key));
        snprintf(f[i].dst, f[i].size, "%s", v ? v : "");
    }
    snprintf(d.vendor, sizeof d.vendor, "%s", vendor ? vendor : "");
    devinfo_say(&d, buf, n);
    return 0;
}

const char *devinfo_rotation_from_json(const void *st)
{
    const json_t *rot = json_object_get(st, RUNKEY_STORAGE_ROTATIONAL);
    json_int_t v = json_is_integer(rot) ? json_integer_value(rot) : -1;
    /* the kernel's flag, named as such: a VM's virtio disk says 1 whatever
    ** lies under it */
    return v == 1 ? "kernel: rotational" : v == 0 ? "kernel: not rotational" : "unknown type";
}

/* A hex byte as the kernel writes it, "0x0b" (or without its 0x): 0-255
** at *p, advancing it past the digits; -1 when there is none. */
static int hex_byte(const char **p)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    char *end;
    if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F')))
        return -1;
    unsigned long v = strtoul(s, &end, 16);
    if (end == s || end - s > 2 || v > 255)
        return -1;
    *p = end;
    return (int)v;
}

/* Nothing but blanks left at p. */
static int blank(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return *p == 0;
}

int devinfo_life_read(const char *root, const char *disk, struct devlife *l)
{
    char buf[64];
    const char *p;
    l->life_a = l->life_b = l->pre_eol = -1;
    if (!disk[0] || strchr(disk, '/') || strcmp(disk, "..") == 0)
        return -1;
    attr(root, disk, "life_time", buf, sizeof buf);
    p = buf;
    int a = hex_byte(&p), b = a >= 0 ? hex_byte(&p) : -1;
    if (a >= 0 && b >= 0 && blank(p)) {
        l->life_a = a;
        l->life_b = b;
    }
    attr(root, disk, "pre_eol_info", buf, sizeof buf);
    p = buf;
    int e = hex_byte(&p);
    if (e >= 0 && blank(p))
        l->pre_eol = e;
    return l->life_a >= 0 || l->pre_eol >= 0 ? 0 : -1;
}

void *devinfo_life_json(const struct devlife *l)
{
    json_t *o = json_object();
    int err = !o;
    if (o && l->life_a >= 0) {
        char t[16];
        snprintf(t, sizeof t, "0x%02x 0x%02x", l->life_a, l->life_b);
        err |= json_object_set_new(o, RUNKEY_LIFE_TIME, json_string(t));
        err |= json_object_set_new(o, RUNKEY_LIFE_EST_A, json_integer(l->life_a));
        err |= json_object_set_new(o, RUNKEY_LIFE_EST_B, json_integer(l->life_b));
    }
    if (o && l->pre_eol >= 0)
        err |= json_object_set_new(o, RUNKEY_LIFE_PRE_EOL, json_integer(l->pre_eol));
    if (err) {
        json_decref(o);
        return NULL;
    }
    return o;
}

const char *devinfo_life_text(int est, char *buf, unsigned long n)
{
    if (est >= 1 && est <= 10)
        snprintf(buf, n, "%d-%d%% of its life used", (est - 1) * 10, est * 10);
    else if (est == 11)
        snprintf(buf, n, "past its estimated life");
    else
        snprintf(buf, n, "not defined");
    return buf;
}

const char *devinfo_pre_eol_text(int pre_eol)
{
    switch (pre_eol) {
    case 1: return "normal";
    case 2: return "warning (80% of its reserved blocks used)";
    case 3: return "urgent (90% of its reserved blocks used)";
    default: return "not defined";
    }
}
