/*
** modes: the words of SQLite's settings and of the workload's choices,
** as enums indexed the way SQLite numbers them where it does (PRAGMA
** synchronous answers 0..3 in sync_mode order).  Every module that speaks
** of a journal mode or a key order uses these; none needs the option
** parser for it.
*/
#ifndef SQLSOAK_MODES_H
#define SQLSOAK_MODES_H

enum journal_mode { JM_DELETE, JM_TRUNCATE, JM_PERSIST, JM_MEMORY, JM_WAL, JM_OFF };
enum sync_mode { SY_OFF, SY_NORMAL, SY_FULL, SY_EXTRA };
enum locking_mode { LM_NORMAL, LM_EXCLUSIVE };
enum key_order { KO_SEQ, KO_RANDOM };
enum read_from { RF_ALL, RF_CHUNK };
enum os_cache { OC_KEEP, OC_DROP };
enum device { DEV_HONEST, DEV_LYING };
enum on_off { OO_OFF, OO_ON };
enum report_format { REPORT_MARKDOWN, REPORT_JSON };     /* sqlsoak report --format */
/* SQLITE_CHECKPOINT_PASSIVE..TRUNCATE are 0..3: an explicit mode is its
** word's index less one */
enum checkpoint_mode { CK_AUTO, CK_PASSIVE, CK_FULL, CK_RESTART, CK_TRUNCATE };
enum key_type { KT_INT, KT_TEXT };
enum table_kind { TB_ROWID, TB_WITHOUT_ROWID };
enum index_kind { IX_NONE, IX_VALUE };
enum auto_vacuum { AV_NONE, AV_FULL, AV_INCREMENTAL };   /* as PRAGMA auto_vacuum answers */
enum delete_keys { DK_OLDEST, DK_UNIFORM };
/* --analyze: at each chunk's end, nothing, PRAGMA optimize, or ANALYZE */
enum analyze_kind { AZ_OFF, AZ_OPTIMIZE, AZ_FULL };
/* PRAGMA secure_delete, as it answers: 0 off, 1 on, 2 fast (3.20.0) */
enum secure_delete { SD_OFF, SD_ON, SD_FAST };

/* Each NULL-terminated, indexed by its enum. */
extern const char *const journal_names[];
extern const char *const sync_names[];
extern const char *const locking_names[];
extern const char *const key_order_names[];
extern const char *const read_from_names[];
extern const char *const os_cache_names[];
extern const char *const device_names[];
extern const char *const on_off_names[];
extern const char *const interleave_names[];     /* config.h's enum interleave */

/* --arrival: a paced writer's transactions come evenly spaced, or as a
** Poisson process (exponential gaps of the same mean). */
enum arrival { ARRIVAL_EVEN, ARRIVAL_POISSON };
extern const char *const arrival_names[];
extern const char *const report_format_names[];
extern const char *const checkpoint_names[];
extern const char *const key_type_names[];
extern const char *const table_names[];
extern const char *const index_names[];
extern const char *const auto_vacuum_names[];
extern const char *const delete_keys_names[];
extern const char *const analyze_names[];
extern const char *const secure_delete_names[];

#endif
