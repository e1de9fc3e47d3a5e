/*
** devinfo: which storage device it was, for run.json's storage record and
** the report's header.  Read under telemetry_root() (SQLSOAK_SYSROOT):
**   sys/block/DISK/device/vendor, model   SATA, SCSI, USB disks ("ATA",
**                                         "Samsung SSD 870"); NVMe: model
**   sys/block/mmcblkN/device/name, manfid, oemid, date, type
**                                         an SD card or eMMC: the card's
**                                         product name, manufacturer and
**                                         OEM ids (hex), "mm/yyyy", "SD"
** Never the serial number (nor cid, which holds it): results get shared.
** A field the device does not expose is "".  One that is not UTF-8 (a
** damaged card) is recorded as its bytes in hex, 0x first: "0xff53".
*/
#ifndef SQLSOAK_DEVINFO_H
#define SQLSOAK_DEVINFO_H

struct devinfo {
    char vendor[64], model[128];
    int mmc;                 /* an mmcblk device: the card fields apply */
    char name[64], manfid[32], oemid[32], date[32], type[16];
};

/* Fills *d for whole disk disk ("sda", "mmcblk0"; "" leaves it empty). */
void devinfo_read(const char *root, const char *disk, struct devinfo *d);

/* Adds vendor (when known) and, for a card, "card": {name, manfid, oemid,
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

#endif
