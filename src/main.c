/*
** main: subcommand dispatch.  The only place that calls exit().
*/
#include "compare.h"
#include "crash.h"
#include "info.h"
#include "options.h"
#include "plot.h"
#include "preset.h"
#include "resume.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SQLSOAK_VERSION
#define SQLSOAK_VERSION "0.0.0"
#endif

struct subcommand {
    const char *name;
    enum command cmd;
    const char *args;
    const char *what;
};

static const struct subcommand subcommands[] = {
    {"run", CMD_RUN, "[OPTIONS]", "insert rows chunk by chunk, time writes and point reads"},
    {"resume", CMD_RESUME, "RESULTS_DIR", "carry on an interrupted or killed run from its last chunk"},
    {"crash", CMD_CRASH, "[OPTIONS]", "simulated power cuts: what each journal and sync setting keeps"},
    {"plot", CMD_PLOT, "RESULTS_DIR", "(re)draw the graphs and report.html of a results folder"},
    {"compare", CMD_COMPARE, "DIR DIR... --out DIR", "overlay runs from several machines or storage"},
    {"info", CMD_INFO, "[--sqlite-lib PATH,...]", "what each SQLite library is and can do"},
};
#define NSUB (sizeof subcommands / sizeof subcommands[0])

static void usage(void)
{
    printf("sqlsoak %s: how SQLite's write and point-read cost grow as a table grows\n\n",
           SQLSOAK_VERSION);
    printf("usage: sqlsoak COMMAND [OPTIONS]\n\n");
    for (size_t i = 0; i < NSUB; i++)
        printf("  %-8s %-26s %s\n", subcommands[i].name, subcommands[i].args, subcommands[i].what);
    printf("\n  sqlsoak COMMAND --help   the options of one command\n"
           "  sqlsoak --version\n\n"
           "Row counts take decimal suffixes (500k, 100M = 100,000,000); byte sizes take\n"
           "binary ones (4k = 4KiB = 4096, 1M = 1MiB).  Options marked ',...' take a comma\n"
           "list: every combination is run as its own cell.\n");
}

static void command_help(const struct subcommand *s)
{
    printf("usage: sqlsoak %s %s\n%s\n\n", s->name, s->args, s->what);
    options_help(s->cmd);
    if (s->cmd == CMD_CRASH)
        printf("\nEach chunk ends with a COMMIT; crash trials do no reads.  Each trial is a\n"
               "row of trials.csv; its replay column holds the options (--replay SEED and\n"
               "the cell's settings) that run it again.\n");
    if (s->cmd == CMD_RUN) {
        printf("\nRow counts take decimal suffixes (500k, 100M = 100,000,000); byte sizes\n"
               "take binary ones (4k = 4KiB = 4096, 1M = 1MiB).\n\npresets:\n");
        preset_help();
    }
}

int main(int argc, char **argv)
{
    char err[1024] = "";
    if (argc < 2) {
        usage();
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage();
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("sqlsoak %s\n", SQLSOAK_VERSION);
        return 0;
    }
    const struct subcommand *sub = NULL;
    for (size_t i = 0; i < NSUB; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            sub = &subcommands[i];
    if (!sub) {
        fprintf(stderr, "sqlsoak: unknown command '%s' (see sqlsoak --help)\n", argv[1]);
        return 2;
    }
    struct config cfg;
    int help = 0, status;
    if (options_parse(&cfg, sub->cmd, argc - 2, argv + 2, &help, err, sizeof err) != 0) {
        fprintf(stderr, "sqlsoak %s: %s\n", sub->name, err);
        config_free(&cfg);
        return 2;
    }
    if (!help && cfg.npos && !(sub->cmd & (CMD_PLOT | CMD_COMPARE | CMD_RESUME))) {
        fprintf(stderr, "sqlsoak %s: unexpected argument '%s' (see --help)\n", sub->name,
                cfg.pos[0]);
        config_free(&cfg);
        return 2;
    }
    cfg.prog = argv[0];
    if (help) {
        command_help(sub);
        config_free(&cfg);
        return 0;
    }
    switch (sub->cmd) {
    case CMD_RUN: status = run_main(&cfg, argc, argv, err, sizeof err); break;
    case CMD_INFO: status = info_main(&cfg, err, sizeof err); break;
    case CMD_CRASH: status = crash_main(&cfg, argc, argv, err, sizeof err); break;
    case CMD_RESUME: status = resume_main(&cfg, err, sizeof err); break;
    case CMD_PLOT: status = plot_main(&cfg, err, sizeof err); break;
    case CMD_COMPARE: status = compare_main(&cfg, err, sizeof err); break;
    default: status = 2; break;
    }
    if (err[0])
        fprintf(stderr, "sqlsoak %s: %s\n", sub->name, err);
    config_free(&cfg);
    exit(status);
}
