/*
** runkey: every key of run.json (runjson.h), top-level and nested, written
** once.  Whoever writes or reads run.json, its cells log (.run.cells) or a
** merged run.json names a key by its constant here, never by a string of
** its own: a key renamed here is renamed for writer and readers alike
** (tests/unit/test_source.c fails on a literal key elsewhere).
**
** It sits in src/sys/, the lowest layer, because sysinfo and devinfo write
** run.json's host and storage objects and may include nothing above them.
** Keys that come from another table are not here: a dimension's CSV
** column (dims.h: a cell's "requested" and "actual"), an SD class figure
** and class name (sdclass.h: "sd_class"'s "figures" and "minimums").
*/
#ifndef SQLSOAK_RUNKEY_H
#define SQLSOAK_RUNKEY_H

/* ---- the document's root ---- */
#define RUNKEY_TOOL "tool"                      /* "sqlsoak" */
#define RUNKEY_VERSION "version"                /* sqlsoak's version that wrote it */
#define RUNKEY_SCHEMA_VERSION "schema_version"
#define RUNKEY_COMMAND_LINE "command_line"      /* argv, each a string or {RUNKEY_HEX} */
#define RUNKEY_CWD "cwd"                        /* the working folder, as an argument is */
#define RUNKEY_OPTIONS "options"                /* every option's effective value, by name */
#define RUNKEY_START_TIME "start_time"
#define RUNKEY_END_TIME "end_time"
#define RUNKEY_STATUS "status"                  /* "running", "ok", "failed", "interrupted" */
#define RUNKEY_STATUS_DETAIL "status_detail"    /* a sentence beside the status */
#define RUNKEY_EXIT_STATUS "exit_status"        /* what sqlsoak run exited with */
#define RUNKEY_PID "pid"                        /* the process that runs it now */
#define RUNKEY_OUT_DIR "out_dir"                /* the results folder as created */
#define RUNKEY_DB_NAME "db_name"                /* the run's name in its databases' names */
#define RUNKEY_CELLS "cells"                    /* an entry per cell recorded, RUNKEY_CELL_... */
#define RUNKEY_CELLS_PLANNED "cells_planned"
#define RUNKEY_CELLS_LOG "cells_log"            /* the log's name while the run goes on */
#define RUNKEY_RUN_S "run_s"                    /* the run's time spent in cells so far */
/* the runs a run skipped without a row each (the rounds --repeat auto
** did not need): {RUNKEY_SKIPPED_RUNS: how many, RUNKEY_SKIPPED_WHY} */
#define RUNKEY_SKIPPED "runs_skipped"
#define RUNKEY_SKIPPED_RUNS "runs"
#define RUNKEY_SKIPPED_WHY "why"
#define RUNKEY_BASELINE_CELL "baseline_cell"    /* the cell ratios are against, resolved */
#define RUNKEY_RESUMES "resumes"                /* an entry per resume, RUNKEY_RESUME_... */
#define RUNKEY_LIBRARIES "libraries"            /* an entry per library, RUNKEY_LIB_... */
#define RUNKEY_HOST "host"                      /* RUNKEY_HOST_... */
#define RUNKEY_STORAGE "storage"                /* --db-dir's, RUNKEY_STORAGE_... */
#define RUNKEY_JOB "job"                        /* --job's file, RUNKEY_JOB_... */
#define RUNKEY_DEVICE_LIMITS "device_limits"    /* the probe's, RUNKEY_LIMITS_... */
#define RUNKEY_DEVICE_IDLE "device_idle"        /* its writes while idle, RUNKEY_IDLE_... */
#define RUNKEY_DEVICE_LIFE "device_life"        /* an eMMC's wear, RUNKEY_LIFE_... */
/* true when a round in lockstep (--interleave chunk) ran in more than one
** group (lockstep.h): its cells' chunks are then no pairs */
#define RUNKEY_LOCKSTEP_SPLIT "lockstep_rounds_split"
/* why a round's cells ran in lockstep or one after another, as the plan
** said it; what ran is the options' RUNKEY_OPT_INTERLEAVE, chunk or off */
#define RUNKEY_INTERLEAVE_WHY "interleave_why"
#define RUNKEY_MERGED_FROM "merged_from"        /* merge's shares, RUNKEY_MERGED_... */

/* an argument that is not UTF-8: {"hex": its bytes} */
#define RUNKEY_HEX "hex"

/* ---- a line of the cells log, .run.cells ---- */
#define RUNKEY_LOG_INDEX "index"                /* the cell's index in RUNKEY_CELLS */
#define RUNKEY_LOG_CELL "cell"                  /* its entry */

/* ---- an entry of "resumes" ---- */
#define RUNKEY_RESUME_TIME "time"
#define RUNKEY_RESUME_FROM "from"               /* where it was resumed */

/* ---- "job" ---- */
#define RUNKEY_JOB_GIVEN "given"                /* the path given */
#define RUNKEY_JOB_COPY "copy"                  /* the copy in the results folder */

/* ---- an entry of "cells" ---- */
#define RUNKEY_CELL_CELL "cell"                 /* its combination's number */
#define RUNKEY_CELL_REPEAT "repeat"
#define RUNKEY_CELL_WARMUP "warmup"
#define RUNKEY_CELL_STATUS "status"             /* as summary.csv's status */
#define RUNKEY_CELL_REASON "reason"
#define RUNKEY_CELL_REQUESTED "requested"       /* each dimension's value asked for */
#define RUNKEY_CELL_ACTUAL "actual"             /* each setting the library read back */
#define RUNKEY_CELL_CACHE_BYTES "cache_bytes"   /* the page cache it ran with, whether
                                                ** the library counts it in pages or KiB */
#define RUNKEY_CELL_CHUNKS "chunks"
#define RUNKEY_CELL_ROWS "rows"
#define RUNKEY_CELL_VERIFY_FAILURES "verify_failures"
#define RUNKEY_CELL_WALL_S "wall_s"
#define RUNKEY_CELL_SQLITE_VERSION "sqlite_version"
#define RUNKEY_CELL_SQLITE_SOURCE_ID "sqlite_source_id"
#define RUNKEY_CELL_SCHEMA "schema"             /* the table's SQL */
#define RUNKEY_CELL_RUN_S "run_s"               /* the run's run_s when it was recorded */
#define RUNKEY_CELL_HOST "host"                 /* merged: its share's host */
#define RUNKEY_CELL_STORAGE "storage"           /* merged: its share's storage */

/* ---- an entry of "libraries" ---- */
#define RUNKEY_LIB_PATH "path"                  /* as given */
#define RUNKEY_LIB_RESOLVED "resolved"          /* the file dlopen found */
#define RUNKEY_LIB_VERSION "version"
#define RUNKEY_LIB_VERSION_NUMBER "version_number"
#define RUNKEY_LIB_SOURCE_ID "source_id"
#define RUNKEY_LIB_THREADSAFE "threadsafe"
#define RUNKEY_LIB_COMPILE_OPTIONS "compile_options"
#define RUNKEY_LIB_CAPABILITIES "capabilities"  /* RUNKEY_CAP_... */
#define RUNKEY_LIB_BUILD "build"                /* a library sqlite get built: RUNKEY_BUILD_... */
#define RUNKEY_BUILD_COMMAND "command"          /* the compiler's command line */
#define RUNKEY_BUILD_SOURCE "source"            /* the archive's URL */
#define RUNKEY_CAP_WAL "wal"
#define RUNKEY_CAP_MAX_PAGE_SIZE "max_page_size"
#define RUNKEY_CAP_DEFAULT_PAGE_SIZE "default_page_size"
#define RUNKEY_CAP_NEGATIVE_CACHE_SIZE "negative_cache_size"
#define RUNKEY_CAP_DEFAULT_CACHE_SIZE "default_cache_size"  /* pages, or KiB when negative */
#define RUNKEY_CAP_MMAP "mmap"
#define RUNKEY_CAP_SYNCHRONOUS_EXTRA "synchronous_extra"
#define RUNKEY_CAP_COMPILE_OPTIONS "compile_options"  /* whether it can list them */

/* ---- "host" ---- */
#define RUNKEY_HOST_HOSTNAME "hostname"
#define RUNKEY_HOST_KERNEL "kernel"
#define RUNKEY_HOST_CPU_MODEL "cpu_model"
#define RUNKEY_HOST_CPUS "cpus"
#define RUNKEY_HOST_RAM_BYTES "ram_bytes"

/* ---- "storage" ---- */
#define RUNKEY_STORAGE_FSTYPE "fstype"
#define RUNKEY_STORAGE_MOUNT_POINT "mount_point"
#define RUNKEY_STORAGE_MOUNT_OPTIONS "mount_options"
#define RUNKEY_STORAGE_DEVICE "device"          /* the mounted device's path */
#define RUNKEY_STORAGE_BLOCK_DEVICE "block_device"  /* its disk in /sys/block */
#define RUNKEY_STORAGE_MODEL "model"
#define RUNKEY_STORAGE_VENDOR "vendor"
#define RUNKEY_STORAGE_DEVICE_ID "device_id"    /* a hash of its cid or serial */
#define RUNKEY_STORAGE_ROTATIONAL "rotational"  /* the kernel's flag: 1, 0 */
#define RUNKEY_STORAGE_FREE_BYTES "free_bytes"
#define RUNKEY_STORAGE_TOTAL_BYTES "total_bytes"
#define RUNKEY_STORAGE_CARD "card"              /* an MMC/SD card's, RUNKEY_CARD_... */
#define RUNKEY_CARD_NAME "name"
#define RUNKEY_CARD_MANFID "manfid"
#define RUNKEY_CARD_OEMID "oemid"
#define RUNKEY_CARD_DATE "date"
#define RUNKEY_CARD_TYPE "type"                 /* "MMC", "SD" */

/* ---- "device_limits", as sqlsoak probe --json prints it too ---- */
#define RUNKEY_LIMITS_SOURCE "source"           /* "probe", or the run.json taken from */
#define RUNKEY_LIMITS_MEASURED_AT "measured_at"
#define RUNKEY_LIMITS_SECONDS "seconds"         /* the probe's time */
#define RUNKEY_LIMITS_FILE_BYTES "file_bytes"
#define RUNKEY_LIMITS_SEQ_WRITE "seq_write_mb_per_s"
#define RUNKEY_LIMITS_SEQ_READ "seq_read_mb_per_s"    /* 1 MiB reads at queue depth 1 */
#define RUNKEY_LIMITS_DIRTY_BYTES "dirty_limit_bytes" /* the page cache's dirty-page limit */
#define RUNKEY_LIMITS_FDATASYNC "write_fdatasync"       /* RUNKEY_OP_... */
#define RUNKEY_LIMITS_FSYNC "write_fsync"               /* RUNKEY_OP_... */
#define RUNKEY_LIMITS_RANDOM_READ "random_read_4k"      /* RUNKEY_OP_... */
/* random reads at each page size past 4 KiB, by its bytes ("16384"): RUNKEY_OP_... */
#define RUNKEY_LIMITS_RANDOM_READ_SIZED "random_read_by_page_size"
#define RUNKEY_LIMITS_DIRECT "direct"           /* whether reads bypassed the page cache */
#define RUNKEY_LIMITS_IN_RAM "in_ram"           /* the filesystem keeps files in RAM */
#define RUNKEY_LIMITS_READ_METHOD "read_method"
#define RUNKEY_LIMITS_RANDOM_WRITE_QD4 "random_write_4k_qd4"    /* RUNKEY_OP_... */
#define RUNKEY_LIMITS_RANDOM_READ_QD4 "random_read_4k_qd4"      /* RUNKEY_OP_... */
#define RUNKEY_LIMITS_QD4_FILE_BYTES "qd4_file_bytes"
#define RUNKEY_LIMITS_QD4_METHOD "qd4_method"
#define RUNKEY_LIMITS_SD_CLASS "sd_class"       /* RUNKEY_SDCLASS_... */
#define RUNKEY_OP_OPS "ops"
#define RUNKEY_OP_P50_US "p50_us"
#define RUNKEY_OP_P99_US "p99_us"
#define RUNKEY_OP_OPS_PER_S "ops_per_s"
#define RUNKEY_SDCLASS_VERDICT "verdict"        /* "A2", "A1", "below A1", "none" */
#define RUNKEY_SDCLASS_SAID "said"              /* the verdict in words */
#define RUNKEY_SDCLASS_FIGURES "figures"        /* the figures judged */
#define RUNKEY_SDCLASS_MISSED "missed"          /* RUNKEY_MISSED_... */
#define RUNKEY_SDCLASS_FILE_BYTES "file_bytes"
#define RUNKEY_SDCLASS_MINIMUMS "minimums"      /* by class and figure */
#define RUNKEY_SDCLASS_SOURCE "source"          /* where the minimums come from */
#define RUNKEY_MISSED_FIGURE "figure"
#define RUNKEY_MISSED_CLASS "class"
#define RUNKEY_MISSED_GOT "got"
#define RUNKEY_MISSED_MIN "min"

/* ---- "device_idle" ---- */
#define RUNKEY_IDLE_BLOCK_DEVICE "block_device"
#define RUNKEY_IDLE_SECONDS "seconds"
#define RUNKEY_IDLE_WRITE_BYTES_PER_S "write_bytes_per_s"
#define RUNKEY_IDLE_READ_BYTES_PER_S "read_bytes_per_s"

/* ---- "device_life": the disk, and the estimate at the run's start and
** end, each RUNKEY_LIFE_... as the kernel's eMMC attributes say it ---- */
#define RUNKEY_LIFE_BLOCK_DEVICE "block_device"
#define RUNKEY_LIFE_START "start"
#define RUNKEY_LIFE_END "end"
#define RUNKEY_LIFE_TIME "life_time"            /* the attribute as read, "0x01 0x02" */
#define RUNKEY_LIFE_EST_A "life_time_est_a"
#define RUNKEY_LIFE_EST_B "life_time_est_b"
#define RUNKEY_LIFE_PRE_EOL "pre_eol_info"

/* ---- an entry of "merged_from" ---- */
#define RUNKEY_MERGED_FOLDER "folder"
#define RUNKEY_MERGED_SHARD "shard"             /* its --shard K/N */
#define RUNKEY_MERGED_HOSTNAME "hostname"

/* ---- "options": each option's long name, as the option table
** (optiontable.c) spells it and options.c writes it; those a reader asks
** for by name ---- */
#define RUNKEY_OPT_BASELINE "baseline"
#define RUNKEY_OPT_CHUNK "chunk"
#define RUNKEY_OPT_COMMIT_EVERY "commit-every"
#define RUNKEY_OPT_DB_DIR "db-dir"
#define RUNKEY_OPT_DELETE_KEYS "delete-keys"
#define RUNKEY_OPT_DETACH "detach"
#define RUNKEY_OPT_INTERLEAVE "interleave"
#define RUNKEY_OPT_KEEP_DB "keep-db"
#define RUNKEY_OPT_MAX_TIME "max-time"
#define RUNKEY_OPT_METRICS "metrics"
#define RUNKEY_OPT_MIN_FREE "min-free"
#define RUNKEY_OPT_NEED "need"
#define RUNKEY_OPT_NO_PLOT "no-plot"
#define RUNKEY_OPT_ON_ERROR "on-error"
#define RUNKEY_OPT_OUT "out"
#define RUNKEY_OPT_PRESET "preset"
#define RUNKEY_OPT_PROBE "probe"
#define RUNKEY_OPT_PROBE_TIME "probe-time"
#define RUNKEY_OPT_PROGRESS "progress"
#define RUNKEY_OPT_READ_FROM "read-from"
#define RUNKEY_OPT_READER_RATE "reader-rate"
#define RUNKEY_OPT_READS "reads"
#define RUNKEY_OPT_REPEAT "repeat"
#define RUNKEY_OPT_ROWS "rows"
#define RUNKEY_OPT_SHARD "shard"
#define RUNKEY_OPT_TARGET_ROWS "target-rows"
#define RUNKEY_OPT_TIMELINE_INTERVAL "timeline-interval"
#define RUNKEY_OPT_TRIALS "trials"
#define RUNKEY_OPT_UPDATE_KEYS "update-keys"
#define RUNKEY_OPT_VERIFY "verify"
#define RUNKEY_OPT_WATCHDOG "watchdog"

#endif
