/*
** dims: the table of matrix dimensions, and the text of their values.
** See dims.h.
*/
#include "dims.h"

#include "modes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNLIKE (CMD_RUN | CMD_CRASH)
#define LIBS (CMD_RUN | CMD_INFO | CMD_CRASH)

const struct dim dim_table[DIM_COUNT] = {
    [DIM_LIB] = {
        {"sqlite-lib", V_STR, VF_LIST, "libsqlite3.so.0", 0, 0, NULL, NULL, 0, LIBS,
         "SQLite libraries to load at run time: paths, sonames, or releases that sqlsoak sqlite "
         "get built, by number (3.7.3), range (3.7.0..3.8.11.1) or latest"},
        "sqlite_lib", "", "SQLite %s", "sqlite_version", 1, NULL, 0, DR_NONE, NULL, DC_ALWAYS},
    [DIM_PAGE_SIZE] = {
        {"page-size", V_BYTES, VF_LIST | VF_POW2, "4k", 512, 65536, NULL, NULL, 0, RUNLIKE,
         "page sizes in bytes, powers of two (binary suffixes: 4k = 4KiB = 4096)"},
        "page_size", "bytes", "%s pages", NULL, 1, "page_size", 10, DR_NUMBER, NULL, DC_ALWAYS},
    [DIM_JOURNAL] = {
        {"journal", V_ENUM, VF_LIST, "delete", 0, 0, journal_names, NULL, 0, RUNLIKE,
         "journal modes"},
        "journal_mode", "", "%s", NULL, 1, "journal_mode", 50, DR_WORD, NULL, DC_ALWAYS},
    [DIM_SYNC] = {
        {"sync", V_ENUM, VF_LIST, "full", 0, 0, sync_names, NULL, 0, RUNLIKE,
         "synchronous settings"},
        "synchronous", "", "%s", NULL, 1, "synchronous", 60, DR_NUMBER, NULL, DC_ALWAYS},
    [DIM_COMMIT_EVERY] = {
        {"commit-every", V_COUNT, VF_LIST, "chunk", 1, (int64_t)1 << 50, NULL, "chunk", 0,
         RUNLIKE,
         "rows per transaction inside a chunk (1 = one commit per row); 'chunk' = one per "
         "chunk; larger than --chunk: one transaction spans chunks, and reads run inside it"},
        "commit_every", "rows", "commits of %s rows", NULL, 0, NULL, 0, DR_NONE, NULL, DC_ALWAYS},
    /* 2 MiB, SQLite's own default since 3.12.0, for every library: one that
    ** knows only pages gets as many bytes in pages (settings.h) */
    [DIM_CACHE_SIZE] = {
        {"cache-size", V_INT, VF_LIST | VF_KIB, "-2000", -((int64_t)1 << 40), (int64_t)1 << 31,
         NULL, "default", VALUE_DEFAULT, CMD_RUN,
         "PRAGMA cache_size: pages, or KiB when negative, or a size in bytes (8MiB, 2000KiB: "
         "as -KiB); the same bytes for a library that knows only pages; 'default' = the "
         "library's own, which differs between releases"},
        "cache_size", "", "cache %s", NULL, 0, "cache_size", 20, DR_NUMBER, NULL, DC_ALWAYS},
    [DIM_MMAP_SIZE] = {
        {"mmap-size", V_BYTES, VF_LIST, "0", 0, (int64_t)1 << 46, NULL, "default",
         VALUE_DEFAULT, CMD_RUN,
         "PRAGMA mmap_size in bytes (0, the default, where a library has the pragma); "
         "'default' = the library's own, which its build may set"},
        "mmap_size", "bytes", "mmap %s", NULL, 0, "mmap_size", 30, DR_NUMBER, NULL, DC_ALWAYS},
    [DIM_KEY_ORDER] = {
        {"key-order", V_ENUM, VF_LIST, "seq", 0, 0, key_order_names, NULL, 0, RUNLIKE,
         "keys in insert order: seq (0..N-1) or random (a permutation, unique by "
         "construction)"},
        "key_order", "", "%s keys", NULL, 0, NULL, 0, DR_NONE, NULL, DC_ALWAYS},
    [DIM_VALUE_SIZE] = {
        {"value-size", V_BYTES, VF_LIST, "16", 0, 1 << 20, NULL, NULL, 0, RUNLIKE,
         "bytes per value, 0 to 1MiB"},
        "value_size", "bytes", "%s-byte values", NULL, 0, NULL, 0, DR_NONE, NULL, DC_ALWAYS},
    [DIM_LOCKING_MODE] = {
        {"locking-mode", V_ENUM, VF_LIST, "normal", 0, 0, locking_names, NULL, 0, RUNLIKE,
         "PRAGMA locking_mode: normal, or exclusive (the connection keeps its lock: no lock "
         "and unlock system calls around each autocommit read)"},
        "locking_mode", "", "%s locking", NULL, 0, "locking_mode", 40, DR_WORD, "normal",
        DC_ALWAYS},
    [DIM_WAL_AUTOCHECKPOINT] = {
        {"wal-autocheckpoint", V_COUNT, VF_LIST, "default", 0, ((int64_t)1 << 31) - 1, NULL,
         "default", VALUE_DEFAULT, RUNLIKE,
         "PRAGMA wal_autocheckpoint: checkpoint a WAL once it holds N pages (0 = never); "
         "'default' = the library's"},
        "wal_autocheckpoint", "pages", "autocheckpoint %s", NULL, 0, "wal_autocheckpoint", 70,
        DR_NUMBER, "default", DC_WAL},
    [DIM_OS_CACHE] = {
        {"os-cache", V_ENUM, VF_LIST, "keep", 0, 0, os_cache_names, NULL, 0, CMD_RUN,
         "before each read phase, the OS page cache of the database: keep it, or drop it "
         "(fdatasync, then POSIX_FADV_DONTNEED) so that reads come from the storage"},
        "os_cache", "", "OS cache: %s", NULL, 0, NULL, 0, DR_NONE, "keep", DC_ALWAYS},
    [DIM_DEVICE] = {
        {"device", V_ENUM, VF_LIST, "honest", 0, 0, device_names, NULL, 0, CMD_CRASH,
         "the simulated storage: honest (a sync makes writes durable) or lying (a sync is "
         "honoured or not at random; unhonoured ones wait for a later one)"},
        "device", "", "%s device", NULL, 0, NULL, 0, DR_NONE, "honest", DC_NONE},
    [DIM_POWERSAFE] = {
        {"powersafe-overwrite", V_ENUM, VF_LIST, "on", 0, 0, on_off_names, NULL, 0, CMD_CRASH,
         "what the simulated storage tells SQLite and does: on (a torn write damages only "
         "the bytes written) or off (it may damage the whole sectors it touches)"},
        "powersafe_overwrite", "", "powersafe %s", NULL, 0, NULL, 0, DR_NONE, "on", DC_NONE},
    [DIM_BUSY_TIMEOUT] = {
        {"busy-timeout", V_INT, VF_LIST, "5000", 0, ((int64_t)1 << 31) - 1, NULL, NULL, 0,
         CMD_RUN,
         "milliseconds a connection waits for another's lock before SQLITE_BUSY (0 = none); "
         "every wait is counted (writer_busy, writer_wait_s)"},
        /* before the column, no timeout: a writer alone waits on none */
        "busy_timeout_ms", "ms", "busy timeout %s ms", NULL, 0, NULL, 0, DR_NONE, "5000",
        DC_READERS},
    [DIM_CHECKPOINT] = {
        {"checkpoint", V_ENUM, VF_LIST, "auto", 0, 0, checkpoint_names, NULL, 0, CMD_RUN,
         "in WAL: auto (wal_autocheckpoint), or a checkpoint of that mode (passive, full, "
         "restart, truncate) after each chunk, timed as its own phase, with "
         "wal_autocheckpoint=0"},
        "checkpoint_mode", "", "checkpoint %s", NULL, 0, NULL, 0, DR_NONE, "auto", DC_WAL},
    [DIM_READERS] = {
        {"readers", V_COUNT, VF_LIST, "0", 0, 64, NULL, NULL, 0, CMD_RUN,
         "reader processes beside the writer, each with its own connection, reading "
         "committed rows at random through every phase (0 = none)"},
        "readers", "", "%s readers", NULL, 0, NULL, 0, DR_NONE, "0", DC_ALWAYS},
    [DIM_READ_DIST] = {
        {"read-dist", V_DIST, VF_LIST, "uniform", 0, 0, NULL, NULL, 0, CMD_RUN,
         "which rows the read phase asks for: uniform, zipf:S (0<S<1; the first rows "
         "written hottest), latest (zipf:0.99 from the newest row), hot:P (P% of reads to "
         "the first 1% of the rows)"},
        "read_dist", "", "%s reads", NULL, 0, NULL, 0, DR_NONE, "uniform", DC_ALWAYS},
    [DIM_KEY_TYPE] = {
        {"key-type", V_ENUM, VF_LIST, "int", 0, 0, key_type_names, NULL, 0, CMD_RUN,
         "the key column: int (INTEGER) or text (36-character UUID-style strings, in the "
         "order of the integer keys)"},
        "key_type", "", "%s keys", NULL, 0, NULL, 0, DR_NONE, "int", DC_ALWAYS},
    [DIM_TABLE] = {
        {"table", V_ENUM, VF_LIST, "rowid", 0, 0, table_names, NULL, 0, CMD_RUN,
         "the table: rowid, or without-rowid (WITHOUT ROWID: the rows stored in the "
         "primary key's B-tree)"},
        "table_kind", "", "%s table", NULL, 0, NULL, 0, DR_NONE, "rowid", DC_ALWAYS},
    [DIM_INDEX] = {
        {"index", V_ENUM, VF_LIST, "none", 0, 0, index_names, NULL, 0, CMD_RUN,
         "secondary index: none, or value (CREATE INDEX on the value column)"},
        "secondary_index", "", "index: %s", NULL, 0, NULL, 0, DR_NONE, "none", DC_ALWAYS},
    [DIM_UPDATES] = {
        {"updates", V_COUNT, VF_LIST, "0", 0, (int64_t)1 << 50, NULL, NULL, 0, RUNLIKE,
         "rows updated per chunk, after its write phase (their keys: --update-keys)"},
        "updates_per_chunk", "rows", "%s updates a chunk", NULL, 0, NULL, 0, DR_NONE, "0",
        DC_ALWAYS},
    [DIM_DELETES] = {
        {"deletes", V_COUNT, VF_LIST, "0", 0, (int64_t)1 << 50, NULL, NULL, 0, RUNLIKE,
         "rows deleted per chunk, after its update phase (their keys: --delete-keys)"},
        "deletes_per_chunk", "rows", "%s deletes a chunk", NULL, 0, NULL, 0, DR_NONE, "0",
        DC_ALWAYS},
    [DIM_AUTO_VACUUM] = {
        {"auto-vacuum", V_ENUM, VF_LIST, "none", 0, 0, auto_vacuum_names, NULL, 0, CMD_RUN,
         "PRAGMA auto_vacuum, set before the table: none, full (free pages returned at each "
         "COMMIT), incremental (returned by PRAGMA incremental_vacuum at each chunk's end)"},
        "auto_vacuum", "", "auto_vacuum %s", NULL, 0, "auto_vacuum", 15, DR_NUMBER, "none",
        DC_ALWAYS},
    [DIM_JOURNAL_SIZE_LIMIT] = {
        {"journal-size-limit", V_BYTES, VF_LIST, "default", 0, (int64_t)1 << 46, NULL,
         "default", VALUE_DEFAULT, RUNLIKE,
         "PRAGMA journal_size_limit: bytes a journal or WAL file is truncated to once it is "
         "reset (after a checkpoint, in WAL); 'default' = the library's, no limit"},
        /* it changes what a reset leaves on the storage, and so the time */
        "journal_size_limit", "bytes", "journal limit %s", NULL, 0, "journal_size_limit", 55,
        DR_NUMBER, "default", DC_ALWAYS},
    [DIM_PIN_READER] = {
        {"pin-reader", V_DURATION, VF_LIST, "0", 0, 86400, NULL, NULL, 0, CMD_RUN,
         "a reader beside the writer that holds a read transaction open this long, then at "
         "once another, as a report or a backup does (0 = none): in WAL no checkpoint resets "
         "the WAL past its snapshot; in a rollback journal the writer's COMMIT waits for it"},
        "pin_reader_s", "s", "snapshots of %s s", NULL, 0, NULL, 0, DR_NONE, "0", DC_ALWAYS},
    [DIM_WRITE_RATE] = {
        {"write-rate", V_COUNT, VF_LIST, "0", 0, (int64_t)1 << 40, NULL, NULL, 0, RUNLIKE,
         "rows a second offered to the writer, in transactions of --commit-every rows that "
         "arrive on a schedule (open loop): each one's latency runs from when it was due "
         "(0 = closed loop: each row as soon as the last is done)"},
        "write_rate", "rows/s", "%s rows/s", NULL, 0, NULL, 0, DR_NONE, "0", DC_ALWAYS},
    [DIM_ARRIVAL] = {
        {"arrival", V_ENUM, VF_LIST, "even", 0, 0, arrival_names, NULL, 0, RUNLIKE,
         "how a paced writer's transactions arrive (--write-rate): even (evenly spaced) or "
         "poisson (at random, exponential gaps of the same mean)"},
        "arrival", "", "%s arrivals", NULL, 0, NULL, 0, DR_NONE, "even", DC_PACED},
    [DIM_LATENCY_LIMIT] = {
        {"latency-limit", V_INT, VF_LIST, "0", 0, ((int64_t)1 << 31) - 1, NULL, NULL, 0,
         RUNLIKE,
         "milliseconds a paced transaction may take from when it was due: slower ones are "
         "counted late, and one that late before the writer begins it is skipped, as "
         "pgbench does (0 = no limit)"},
        "latency_limit_ms", "ms", "limit %s ms", NULL, 0, NULL, 0, DR_NONE, "0", DC_PACED},
    [DIM_ANALYZE] = {
        {"analyze", V_ENUM, VF_LIST, "off", 0, 0, analyze_names, NULL, 0, CMD_RUN,
         "the planner's statistics at each chunk's end, as applications keep them: off, "
         "optimize (PRAGMA optimize, SQLite's advice) or full (ANALYZE)"},
        "analyze_mode", "", "analyze %s", NULL, 0, NULL, 0, DR_NONE, "off", DC_ALWAYS},
    [DIM_SECURE_DELETE] = {
        {"secure-delete", V_ENUM, VF_LIST, "off", 0, 0, secure_delete_names, "default",
         VALUE_DEFAULT, CMD_RUN,
         "PRAGMA secure_delete: off (the default, where a library has the pragma), on "
         "(deleted content overwritten with zeros) or fast (3.20.0); 'default' = the "
         "library's own, which its build sets (SQLITE_SECURE_DELETE)"},
        /* before the column, each library's own */
        "secure_delete", "", "secure_delete %s", NULL, 0, "secure_delete", 25, DR_NUMBER,
        "default", DC_ALWAYS},
};

int dims_find(const char *column)
{
    for (int d = 0; d < DIM_COUNT; d++)
        if (strcmp(dim_table[d].column, column) == 0)
            return d;
    return -1;
}

const char *dims_text(int d, int64_t v, char *buf, size_t n)
{
    return value_text(&dim_table[d].opt, v, buf, n);
}

const char *dims_field(int d, const char *text)
{
    return text && *text ? text : dim_table[d].absent ? dim_table[d].absent : "";
}

int dims_parse(int d, const char *text, int64_t *v)
{
    char err[160];
    return value_parse(&dim_table[d].opt, dims_field(d, text), v, err, sizeof err);
}

const char *dims_human(int d, const char *text, char *buf, size_t n)
{
    int64_t v;
    text = dims_field(d, text);
    if (d != DIM_LIB && dims_parse(d, text, &v) == 0)
        return value_human(&dim_table[d].opt, v, buf, n);
    snprintf(buf, n, "%s", text);
    return buf;
}

const char *dims_label(int d, const char *text, char *buf, size_t n)
{
    char human[64];
    snprintf(buf, n, dim_table[d].label, dims_human(d, text, human, sizeof human));
    return buf;
}

int dims_is_option_default(int d, const char *text)
{
    const struct value_spec *s = &dim_table[d].opt;
    char err[160];
    int64_t v, def;
    if (d == DIM_LIB)
        return 0;
    return dims_parse(d, text, &v) == 0 && value_parse(s, s->def, &def, err, sizeof err) == 0 &&
           v == def;
}

int dims_is_default(int d, int64_t v)
{
    const struct value_spec *s = &dim_table[d].opt;
    return s->special && s->special_value == VALUE_DEFAULT && v == VALUE_DEFAULT;
}

int dims_cost(int d, const int64_t v[DIM_COUNT])
{
    switch (dim_table[d].cost) {
    case DC_ALWAYS:
        return 1;
    case DC_WAL:
        return v[DIM_JOURNAL] == JM_WAL;
    case DC_READERS:
        return v[DIM_READERS] > 0 || v[DIM_PIN_READER] > 0;
    case DC_PACED:
        return v[DIM_WRITE_RATE] > 0;
    default:
        return 0;
    }
}

int dims_apply_order(int order[DIM_COUNT])
{
    int n = 0;
    for (int d = 0; d < DIM_COUNT; d++)
        if (dim_table[d].pragma)
            order[n++] = d;
    /* insertion sort: a handful of rows */
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && dim_table[order[k]].apply_order <
                                     dim_table[order[k - 1]].apply_order; k--) {
            int t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    return n;
}
