/*
** devinfo: which storage device it was, for run.json's storage record and
** the report's header.  Read under telemetry_root() (SQLSOAK_SYSROOT):
**   sys/block/DISK/device/vendor, model   SATA, SCSI, USB disks ("ATA",
**                                         "Samsung SSD 870"); NVMe: model
**   sys/block/mmcblkN/device/name, manfid, oemid, date, type
**                                         an SD card or eMMC: the card's
**                                         product name, manufacturer and
**                                         OEM ids (hex), "mm/yyyy", "SD"
**   sys/block/mmcblkN/device/life_time, pre_eol_info
**                                         an eMMC's own estimate of its
**                                         wear (JEDEC eMMC 5.0's EXT_CSD
**                                         DEVICE_LIFE_TIME_EST_TYP_A and _B,
**                                         PRE_EOL_INFO): "0x01 0x02", "0x01"
**   sys/block/DISK/device/serial, cid     its serial number; a card's CID
**                                         register (which holds its serial)
**   sys/block/sdX/device/vpd_pg80         a SCSI or SATA disk's serial,
**                                         in its VPD page 0x80 (binary)
** Never the serial number nor cid in the open (results get shared): only
** device_id, a hash (XXH64) of the cid, else of the model and serial, that
** tells two cards of one model apart and one card across nights.
** A field the device does not expose is "".  One that is not UTF-8 (a
** damaged card) is recorded as its bytes in hex, 0x first: "0xff53".
*/
#ifndef SQLSOAK_DEVINFO_H
#define SQLSOAK_DEVINFO_H

struct devinfo {
    char vendor[64], model[128];
    int mmc;                 /* an mmcblk device: the card fields apply */
    char name[64], manfid[32], oemid[32], date[32], type[16];
    char device_id[32];      /* "xxh64:" + 16 hex digits; "" when unknown */
};

/* Fills *d for whole disk disk ("sda", "mmcblk0"; "" leaves it empty). */
void devinfo_read(const char *root, const char *disk, struct devinfo *d);

/* Adds vendor and device_id (when known) and, for a card, "card": {name, manfid, oemid,
** date, type} to the jansson object storage (json_t *).  0 or -1. */
int devinfo_to_json(const struct devinfo *d, void *storage);

/* How the report names the device: "SD card SR64G (manfid 0x000003, oemid
** 0x5344, 04/2021)", "ATA Samsung SSD 870"; "" when nothing is known. */
void devinfo_say(const struct devinfo *d, char *buf, unsigned long n);

/* devinfo_say of run.json's storage record st (json_t *): 0, or -1 when
** it names neither a card nor a vendor and a model (buf then untouched). */
int devinfo_from_json(const void *st, char *buf, unsigned long n);

/* Whether the device of run.json's storage record st (json_t *) spins,
** as every title and table says it: "kernel: rotational", "kernel: not
** rotational" (the kernel's flag, which a VM's virtio disk sets whatever
** lies under it), or
** "unknown type" when the kernel did not say (run.json's rotational -1,
** as on tmpfs) or an older run.json has no such field. */
const char *devinfo_rotation_from_json(const void *st);

/* An eMMC's own wear estimate (SD cards and other disks report none).
** life_a, life_b: the estimates for its two kinds of memory (type A, SLC
** mode; type B, MLC), in tenths of its life used: 1 = 0-10% used, ..., 10
** = 90-100%, 11 = past its estimated life; 0 = not defined.  pre_eol: its
** reserved blocks, 1 normal, 2 warning (80% used), 3 urgent (90%); 0 not
** defined.  -1: not reported. */
struct devlife {
    int life_a, life_b, pre_eol;
};

/* Reads disk's life_time and pre_eol_info under root into *l.  0 when
** it reports either, else -1 (every field -1): a file absent, or not
** what the kernel writes (two hex bytes, one). */
int devinfo_life_read(const char *root, const char *disk, struct devlife *l);

/* *l as a jansson object (json_t *, new reference): life_time as the
** kernel writes it ("0x01 0x02") and its two values, pre_eol_info; a
** field not reported left out.  NULL when out of memory. */
void *devinfo_life_json(const struct devlife *l);

/* One estimate (life_a or life_b) in words: "0-10% of its life used",
** "past its estimated life", "not defined"; pre_eol in words: "normal",
** "warning (80% of its reserved blocks used)", "urgent (90% ...)". */
const char *devinfo_life_text(int est, char *buf, unsigned long n);
const char *devinfo_pre_eol_text(int pre_eol);

#endif
