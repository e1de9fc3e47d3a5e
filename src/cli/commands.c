/*
** commands: the subcommand table; see commands.h.
*/
#include "commands.h"
#include "compare.h"
#include "crash.h"
#include "dbcmd.h"
#include "historycmd.h"
#include "info.h"
#include "merge.h"
#include "nearest.h"
#include "plot.h"
#include "probe.h"
#include "reportcmd.h"
#include "resume.h"
#include "run.h"
#include "sqliteget.h"
#include "status.h"

#include <string.h>

/* A command that needs only its options, in the table's one signature. */
#define OPTIONS_ONLY(fn)                                                          \
    static int act_##fn(const struct config *cfg, int argc, char **argv, char *err,     \
                        size_t errlen)                                            \
    {                                                                             \
        (void)argc, (void)argv;                                                   \
        return fn(cfg, err, errlen);                                              \
    }
OPTIONS_ONLY(info_main)
OPTIONS_ONLY(plot_main)
OPTIONS_ONLY(compare_main)
OPTIONS_ONLY(status_main)
OPTIONS_ONLY(reportcmd_main)
OPTIONS_ONLY(probe_main)
OPTIONS_ONLY(merge_main)
OPTIONS_ONLY(sqliteget_main)
OPTIONS_ONLY(dbcmd_main)
OPTIONS_ONLY(historycmd_main)

/* resume draws the graphs of the run it ends: the drawing is lent to it
** from up here (the run layer knows nothing of plot's). */
static int act_resume(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    return resume_main(cfg, plot_run, err, errlen);
}

static const struct command_doc commands[] = {
    {"run", CMD_RUN, "[OPTIONS]", "insert rows chunk by chunk, time writes and point reads", run_main, 0},
    {"resume", CMD_RESUME, "RESULTS_DIR", "carry on an interrupted or killed run from its last chunk", act_resume, 1},
    {"crash", CMD_CRASH, "[OPTIONS]", "simulated power cuts: what each journal and sync setting keeps", crash_main, 0},
    {"plot", CMD_PLOT, "RESULTS_DIR", "(re)draw the graphs and report.html of a results folder", act_plot_main, 1},
    {"compare", CMD_COMPARE, "DIR DIR... --out DIR", "overlay runs from several machines or storage", act_compare_main, 1},
    {"report", CMD_REPORT, "[--format markdown] RESULTS_DIR", "the run's answer and summary table as markdown, for an issue", act_reportcmd_main, 1},
    {"merge", CMD_MERGE, "DIR... --out DIR", "join the shares of one matrix (run --shard K/N) into one folder", act_merge_main, 1},
    {"db", CMD_DB, "add DIR... | merge DB... [--db FILE]", "keep results folders in one SQLite database, every night remembered", act_dbcmd_main, 1},
    {"history", CMD_HISTORY, "[--db FILE] [--format markdown|json] [--out DIR]", "each series of nights: its figures over time and the nights they changed", act_historycmd_main, 0},
    {"status", CMD_STATUS, "RESULTS_DIR", "how far a run got, whether it is still going, its ETA", act_status_main, 1},
    {"probe", CMD_PROBE, "[--db-dir DIR]", "what the storage can do without SQLite: syncs, reads, writes, SD card class", act_probe_main, 0},
    {"info", CMD_INFO, "[--sqlite-lib PATH,...]", "what each SQLite library is and can do", act_info_main, 0},
    {"sqlite", CMD_SQLITE, "get|list|clear [VERSION...]",
     "SQLite releases fetched from sqlite.org by number, built alike, for --sqlite-lib", act_sqliteget_main, 1},
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
