/*
** devwear: the storage device under --db-dir apart from the run's cells,
** for run.json, so that what it counted during them can be read:
**   device_idle  what it wrote and read while sqlsoak idled: its sectors
**                (/sys/block/DISK/stat, telemetry.h) over a short window
**                before the first cell, after a syncfs of --db-dir's
**                filesystem (what sqlsoak itself had written before is
**                then not counted as another writer's), in bytes/s.  Its
**                counts during the cells (chunks.csv's dev_write_bytes)
**                hold every writer of the device: this is the others'
**                share, at rest.
**   device_life  an eMMC's own estimate of its wear (devinfo.h's
**                life_time and pre_eol_info), read at the run's start and
**                again at its end (a resume's end replaces the end).
** Each is left out where the device does not expose it (tmpfs, an
** overlay, an SD card's wear), and the idle window is not waited then.
** Nothing here fails a run: a file unreadable is a figure not recorded.
*/
#ifndef SQLSOAK_DEVWEAR_H
#define SQLSOAK_DEVWEAR_H

/* The idle window's length, in seconds. */
#define DEVWEAR_IDLE_S 1.0

/* Samples the disk under db_dir for seconds while sqlsoak does nothing,
** into run.json's root object (json_t *) as device_idle: {block_device,
** seconds, write_bytes_per_s, read_bytes_per_s}.  A stop signal ends the
** wait at once, and nothing is recorded. */
void devwear_idle(const char *db_dir, void *root, double seconds);

/* The eMMC wear of the disk under db_dir into run.json's root object as
** device_life: {block_device, when: {life_time, life_time_est_a,
** life_time_est_b, pre_eol_info}}, when "start" or "end" (runkey.h). */
void devwear_life(const char *db_dir, void *root, const char *when);

#endif
