/*
** commands: the subcommand table; see commands.h.
*/
#include "commands.h"
#include "cmd_compare.h"
#include "cmd_crash.h"
#include "cmd_db.h"
#include "cmd_history.h"
#include "cmd_info.h"
#include "cmd_merge.h"
#include "cmd_plot.h"
#include "cmd_probe.h"
#include "cmd_report.h"
#include "cmd_resume.h"
#include "cmd_run.h"
#include "cmd_sqlite.h"
#include "cmd_status.h"
#include "nearest.h"

#include <string.h>

static const struct command_doc commands[] = {
    {"run", CMD_RUN, "[OPTIONS]", "insert rows chunk by chunk, time writes and point reads", cmd_run, 0},
    {"resume", CMD_RESUME, "RESULTS_DIR", "carry on an interrupted or killed run from its last chunk", cmd_resume, 1},
    {"crash", CMD_CRASH, "[OPTIONS]", "simulated power cuts: what each journal and sync setting keeps", cmd_crash, 0},
    {"plot", CMD_PLOT, "RESULTS_DIR", "(re)draw the graphs and report.html of a results folder", cmd_plot, 1},
    {"compare", CMD_COMPARE, "DIR DIR... --out DIR", "overlay runs from several machines or storage", cmd_compare, 1},
    {"report", CMD_REPORT, "[--format markdown] RESULTS_DIR", "the run's answer and summary table as markdown, for an issue", cmd_report, 1},
    {"merge", CMD_MERGE, "DIR... --out DIR", "join the shares of one matrix (run --shard K/N) into one folder", cmd_merge, 1},
    {"db", CMD_DB, "add DIR... | merge DB... [--db FILE]", "keep results folders in one SQLite database, every night remembered", cmd_db, 1},
    {"history", CMD_HISTORY, "[--db FILE] [--format markdown|json] [--out DIR]", "each series of nights: its figures over time and the nights they changed", cmd_history, 0},
    {"status", CMD_STATUS, "RESULTS_DIR", "how far a run got, whether it is still going, its ETA", cmd_status, 1},
    {"probe", CMD_PROBE, "[--db-dir DIR]", "what the storage can do without SQLite: syncs, reads, writes, SD card class", cmd_probe, 0},
    {"info", CMD_INFO, "[--sqlite-lib PATH,...]", "what each SQLite library is and can do", cmd_info, 0},
    {"sqlite", CMD_SQLITE, "get|list|clear [VERSION...]",
     "SQLite releases fetched from sqlite.org by number, built alike, for --sqlite-lib", cmd_sqlite, 1},
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
