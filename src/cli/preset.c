/*
** preset: the published experiments sqlsoak reproduces, and its own
** standard runs.  docs/guide.md tells the story of each.
**
** This table is the one list of the presets: their names, what each runs
** and its options, for --help, the man page and the completions, which
** need them with no file at hand.  What --preset NAME runs is the shipped
** job file data/presets/NAME.conf (installed in share/sqlsoak/presets/),
** read as --job reads one, so that a user reads the very lines a preset
** runs and can start a job file from one.  A new or changed preset is
** both a row here and its file: tests/unit/test_preset.c fails until each
** file parses to exactly its row's options, and every file has a row.
*/
#include "preset.h"

#include <stdio.h>
#include <string.h>

struct preset {
    const char *name;
    const char *what;
    const char *const args[16];
};

static const struct preset presets[] = {
    {"2014", "the 2014 SATA test: 100M rows in 1M-row commits, 1M reads of the chunk just written",
     {"--rows=100M", "--chunk=1M", "--reads=chunk", "--read-from=chunk", "--journal=delete",
      "--sync=full", "--page-size=4k", "--key-order=seq", "--probe=auto", NULL}},
    {"txn", "one commit per row against one transaction per batch of 64, 256, 1024 rows",
     {"--rows=4096", "--chunk=1024", "--commit-every=1,64,256,1024", "--reads=0",
      "--journal=delete", "--sync=full", "--repeat=5", "--warmup=1", NULL}},
    {"journal", "journal modes delete, memory, wal x sync full, off; one 1M-row transaction",
     {"--rows=1M", "--chunk=100k", "--commit-every=1M", "--reads=0",
      "--journal=delete,memory,wal", "--sync=full,off", NULL}},
    {"pages", "page sizes 1k..64k on the 2014 shape, 20M rows (is 4k fastest?)",
     {"--rows=20M", "--chunk=1M", "--reads=chunk", "--read-from=chunk", "--journal=delete",
      "--sync=full", "--page-size=1k,2k,4k,8k,16k,32k,64k", "--shuffle", NULL}},
    {"quick", "what `make run` runs: 5M rows in 500k chunks, half a minute to a few minutes",
     {"--rows=5M", "--chunk=500k", "--reads=100k", "--journal=delete,wal", "--sync=full",
      NULL}},
    {"overnight", "an 8-hour matrix for SD-card class storage: 2 page sizes x 2 journals x 2 "
                  "syncs, reads from the storage (OS cache dropped)",
     {"--rows=20M", "--chunk=1M", "--reads=200k", "--page-size=4k,16k", "--journal=delete,wal",
      "--sync=full,normal", "--os-cache=drop", "--shuffle", "--max-time=8h", "--probe=auto",
      NULL}},
    {"readers", "the journal comparison made concurrent: delete and wal x sync full, normal "
                "x 0, 1, 4 reader processes, the table growing past a 16 MiB page cache",
     {"--rows=2M", "--chunk=100k", "--reads=10k", "--journal=delete,wal", "--sync=full,normal",
      "--readers=0,1,4", "--cache-size=-16384", NULL}},
    {"sd-card", "the overnight matrix with a read phase sized for a card: 20k cold reads a chunk",
     {"--rows=20M", "--chunk=1M", "--reads=20k", "--page-size=4k,16k", "--journal=delete,wal",
      "--sync=full,normal", "--os-cache=drop", "--shuffle", "--max-time=8h", "--probe=auto",
      NULL}},
    {"uuid", "does SQLite still scale with UUID keys? random integer against text keys, in a "
             "rowid and a WITHOUT ROWID table, 10M rows",
     {"--rows=10M", "--chunk=1M", "--reads=100k", "--key-order=random", "--key-type=int,text",
      "--table=rowid,without-rowid", NULL}},
    /* the next two take the update and delete phases' options */
    {"updates", "page sizes 1k..64k x the same 1000 hot rows updated again and again on a "
                "growing table (are 1k pages faster for updates?)",
     {"--rows=5M", "--chunk=500k", "--reads=100k", "--page-size=1k,2k,4k,8k,16k,32k,64k",
      "--updates=100k", "--update-keys=hot:1000", "--shuffle", NULL}},
    {"churn", "inserts with the oldest rows deleted (a retention window), under each "
              "auto_vacuum mode: is the space reused?",
     {"--rows=5M", "--chunk=500k", "--reads=100k", "--deletes=250k", "--delete-keys=oldest",
      "--auto-vacuum=none,full,incremental", NULL}},
};
#define NPRESETS (sizeof presets / sizeof presets[0])

const char *const *preset_args(const char *name)
{
    for (size_t i = 0; i < NPRESETS; i++)
        if (strcmp(presets[i].name, name) == 0)
            return presets[i].args;
    return NULL;
}

const char *preset_names(void)
{
    static char buf[160];
    if (!buf[0])
        for (size_t i = 0; i < NPRESETS; i++) {
            strncat(buf, i ? ", " : "", sizeof buf - strlen(buf) - 1);
            strncat(buf, presets[i].name, sizeof buf - strlen(buf) - 1);
        }
    return buf;
}

int preset_doc(int i, const char **name, const char **what)
{
    if (i < 0 || i >= (int)NPRESETS)
        return 0;
    *name = presets[i].name;
    *what = presets[i].what;
    return 1;
}

void preset_help(void)
{
    for (size_t i = 0; i < NPRESETS; i++) {
        printf("  %-10s %s\n  %-10s", presets[i].name, presets[i].what, "");
        for (int k = 0; presets[i].args[k]; k++)
            printf(" %s", presets[i].args[k]);
        printf("\n");
    }
}
