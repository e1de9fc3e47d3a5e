/*
** commands: the subcommand table; see commands.h.
*/
#include "commands.h"

#include "nearest.h"

#include <string.h>

static const struct command_doc commands[] = {
    {"run", CMD_RUN, "[OPTIONS]", "insert rows chunk by chunk, time writes and point reads"},
    {"resume", CMD_RESUME, "RESULTS_DIR", "carry on an interrupted or killed run from its last chunk"},
    {"crash", CMD_CRASH, "[OPTIONS]", "simulated power cuts: what each journal and sync setting keeps"},
    {"plot", CMD_PLOT, "RESULTS_DIR", "(re)draw the graphs and report.html of a results folder"},
    {"compare", CMD_COMPARE, "DIR DIR... --out DIR", "overlay runs from several machines or storage"},
    {"report", CMD_REPORT, "[--format markdown] RESULTS_DIR", "the run's answer and summary table as markdown, for an issue"},
    {"merge", CMD_MERGE, "DIR... --out DIR", "join the shares of one matrix (run --shard K/N) into one folder"},
    {"status", CMD_STATUS, "RESULTS_DIR", "how far a run got, whether it is still going, its ETA"},
    {"probe", CMD_PROBE, "[--db-dir DIR]", "what the storage can do without SQLite: syncs, reads, writes, SD card class"},
    {"info", CMD_INFO, "[--sqlite-lib PATH,...]", "what each SQLite library is and can do"},
    {"sqlite", CMD_SQLITE, "get|list|clear [VERSION...]",
     "SQLite releases fetched from sqlite.org by number, built alike, for --sqlite-lib"},
};
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

const struct command_doc *commands_at(int i)
{
    return i >= 0 && i < NCOMMANDS ? &commands[i] : NULL;
}

const struct command_doc *commands_find(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

const char *commands_nearest(const char *name)
{
    struct nearest near;
    nearest_init(&near, name, strlen(name));
    for (int i = 0; i < NCOMMANDS; i++)
        nearest_offer(&near, commands[i].name);
    return nearest_word(&near);
}
