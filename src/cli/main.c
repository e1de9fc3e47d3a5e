/*
** main: subcommand dispatch.  The only place that calls exit().
*/
#include "commands.h"
#include "compare.h"
#include "reportcmd.h"
#include "completion.h"
#include "crash.h"
#include "info.h"
#include "merge.h"
#include "probe.h"
#include "manpage.h"
#include "options.h"
#include "plot.h"
#include "preset.h"
#include "resume.h"
#include "run.h"
#include "sqliteget.h"
#include "status.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SQLSOAK_VERSION
#error "SQLSOAK_VERSION is set by the Makefile, from the VERSION file"
#endif

static void usage(void)
{
    printf("sqlsoak %s: how SQLite's write and point-read cost grow as a table grows\n\n",
           SQLSOAK_VERSION);
    printf("usage: sqlsoak COMMAND [OPTIONS]\n\n");
    const struct command_doc *c;
    for (int i = 0; (c = commands_at(i)); i++)
        printf("  %-8s %-26s %s\n", c->name, c->args, c->what);
    printf("\n  sqlsoak COMMAND --help   the options of one command\n"
           "  sqlsoak --version\n\n"
           "Row counts take decimal suffixes (500k, 100M = 100,000,000); byte sizes take\n"
           "binary ones (4k = 4KiB = 4096, 1M = 1MiB).  Options marked ',...' take a comma\n"
           "list: every combination is run as its own cell.\n");
}

static void command_help(const struct command_doc *s)
{
    printf("usage: sqlsoak %s %s\n%s\n\n", s->name, s->args, s->what);
    options_help(s->cmd);
    if (s->cmd == CMD_CRASH)
        printf("\nEach chunk ends with a COMMIT; crash trials do no reads.  Each trial is a\n"
               "row of trials.csv; its replay column holds the options (--replay SEED and\n"
               "the cell's settings) that run it again.\n");
    if (s->cmd == CMD_COMPARE)
        printf("\nCells match when their settings and SQLite version are the same (and so\n"
               "their repeat); each run's write rate, read rate and read p99 are divided by\n"
               "the baseline run's.  --out gets comparison.csv, plots/ and report.html.  Exit\n"
               "status: 0 when at least one cell matched, 1 when none did, 2 on bad input\n"
               "(a folder given twice included: nothing is created).\n");
    if (s->cmd == CMD_RUN) {
        printf("\nRow counts take decimal suffixes (500k, 100M = 100,000,000); byte sizes\n"
               "take binary ones (4k = 4KiB = 4096, 1M = 1MiB).\n\npresets:\n");
        preset_help();
    }
}

/* Descriptors 0-2 open before any file is: a closed one (2>&-) would
** otherwise be the next file opened, and messages meant for the terminal
** would be written into a results file.  0, or -1 when /dev/null cannot
** be opened. */
static int std_fds_open(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1)
            continue;
        int nul = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (nul != fd) {
            if (nul >= 0)
                close(nul);
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    char err[1024] = "";
    if (std_fds_open() != 0)
        return 2;
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
    /* the generators of build/sqlsoak.1 and build/sqlsoak.bash (make) */
    if (strcmp(argv[1], "--man") == 0 && argc == 2)
        return manpage_print(stdout) == 0 ? 0 : 1;
    if (strcmp(argv[1], "--completion") == 0) {
        int rc = argc == 3 ? completion_print(argv[2], stdout) : 1;
        if (rc == 1 && (argc != 3 || strcmp(argv[2], "bash") != 0)) {
            fprintf(stderr, "sqlsoak: usage: sqlsoak --completion bash|zsh|fish\n");
            return 2;
        }
        return rc == 0 ? 0 : 1;
    }
    const struct command_doc *sub = commands_find(argv[1]);
    if (!sub) {
        const char *meant = commands_nearest(argv[1]);
        if (meant)
            fprintf(stderr, "sqlsoak: unknown command '%s': did you mean %s? (see sqlsoak --help)\n",
                    argv[1], meant);
        else
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
    if (!help && cfg.npos && !(sub->cmd & (CMD_PLOT | CMD_COMPARE | CMD_RESUME | CMD_STATUS | CMD_REPORT | CMD_MERGE | CMD_SQLITE))) {
        if (cfg.stray_after)   /* a shell glob's words, say */
            fprintf(stderr, "sqlsoak %s: unexpected argument '%s' after --%s's value: lists are "
                    "comma-separated (--%s A,B, not A B as a shell glob gives)\n", sub->name,
                    cfg.pos[0], cfg.stray_after, cfg.stray_after);
        else
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
    case CMD_RESUME: status = resume_main(&cfg, plot_run, err, sizeof err); break;
    case CMD_PLOT: status = plot_main(&cfg, err, sizeof err); break;
    case CMD_COMPARE: status = compare_main(&cfg, err, sizeof err); break;
    case CMD_STATUS: status = status_main(&cfg, err, sizeof err); break;
    case CMD_REPORT: status = reportcmd_main(&cfg, err, sizeof err); break;
    case CMD_PROBE: status = probe_main(&cfg, err, sizeof err); break;
    case CMD_MERGE: status = merge_main(&cfg, err, sizeof err); break;
    case CMD_SQLITE: status = sqliteget_main(&cfg, err, sizeof err); break;
    default: status = 2; break;
    }
    if (err[0])
        fprintf(stderr, "sqlsoak %s: %s\n", sub->name, err);
    config_free(&cfg);
    exit(status);
}
