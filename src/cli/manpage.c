/*
** manpage: sqlsoak(1) in roff, generated from the command table
** (commands.c), the option table (options_doc) and the presets, so the
** page says what --help says.  `sqlsoak --man` prints it; make writes it
** to build/sqlsoak.1.
**
** What stays true: every text from a table goes through roff_text, so a
** leading dot or a backslash in a help line cannot become a roff request,
** and every dash is a \- (a real minus, copyable into a shell).
*/
#include "manpage.h"

#include "commands.h"
#include "options.h"
#include "preset.h"
#include "value.h"

#ifndef SQLSOAK_VERSION
#error "SQLSOAK_VERSION is set by the Makefile, from the VERSION file"
#endif

/* s as roff text: \e for a backslash, \- for a dash, \& before a dot or
** quote that would start a request. */
static void roff_text(FILE *f, const char *s)
{
    if (*s == '.' || *s == '\'')
        fputs("\\&", f);
    for (; *s; s++) {
        if (*s == '\\')
            fputs("\\e", f);
        else if (*s == '-')
            fputs("\\-", f);
        else
            fputc(*s, f);
    }
}

/* One option as a tagged paragraph: the option and its argument, its help,
** then its accepted words and default as --help gives them. */
static void option(FILE *f, const struct option_doc *d)
{
    fputs(".TP\n\\fB", f);
    roff_text(f, "--");
    roff_text(f, d->name);
    fputs("\\fR", f);
    if (d->arg) {
        fputs(" \\fI", f);
        roff_text(f, d->arg);
        fputs(d->list ? "\\fR,..." : "\\fR", f);
    }
    fputc('\n', f);
    roff_text(f, d->help);
    fputc('\n', f);
    if (d->words) {
        fputs(".br\nOne of:", f);
        for (int k = 0; d->words[k]; k++) {
            fputs(" \\fB", f);
            roff_text(f, d->words[k]);
            fputs("\\fR", f);
        }
        fputs(".\n", f);
    }
    if (d->def || !d->arg) {
        fputs(".br\nDefault: ", f);
        roff_text(f, d->def ? d->def : "off");
        fputs(".\n", f);
    }
}

static void commands_section(FILE *f)
{
    const struct command_doc *c;
    fputs(".SH COMMANDS\n", f);
    for (int i = 0; (c = commands_at(i)); i++) {
        fputs(".TP\n\\fBsqlsoak ", f);
        roff_text(f, c->name);
        fputs("\\fR ", f);
        roff_text(f, c->args);
        fputc('\n', f);
        roff_text(f, c->what);
        fputc('\n', f);
    }
}

static void options_section(FILE *f)
{
    const struct command_doc *c;
    struct option_doc d;
    fputs(".SH OPTIONS\n", f);
    fputs(value_grammar(), f);
    fputs("An option marked ,... takes a comma list: every combination is run as its own\n"
          "cell.\n"
          "Every command takes \\fB\\-\\-help\\fR.\n",
          f);
    for (int i = 0; (c = commands_at(i)); i++) {
        if (!options_doc(c->cmd, 0, &d))
            continue;
        fputs(".SS sqlsoak ", f);
        roff_text(f, c->name);
        fputc('\n', f);
        for (int k = 0; options_doc(c->cmd, k, &d); k++)
            option(f, &d);
    }
    const char *name, *what;
    fputs(".SS Presets (run \\-\\-preset NAME)\n", f);
    for (int i = 0; preset_doc(i, &name, &what); i++) {
        fputs(".TP\n\\fB", f);
        roff_text(f, name);
        fputs("\\fR\n", f);
        roff_text(f, what);
        fputc('\n', f);
    }
}

/* The exit statuses, in README's words (tests/e2e/cli_text.bats holds
** the two to each other). */
static const struct {
    int code;
    const char *what;
} exit_statuses[] = {
    {0, "the run finished and no cell failed: every cell measured and verified, or recorded "
        "as unsupported (the library refused a setting: a finding, with its reason), or "
        "overloaded (a paced writer, --write-rate, fell --backlog-limit behind: the storage "
        "cannot take that rate, a finding too), or interrupted or skipped because --max-time was reached (a limit you set; the cells' "
        "status says so)"},
    {1, "the run finished but a cell failed (verify_failed, disk_full, io_error, locked, hung, "
        "failed, and the cells skipped after one by --on-error stop), or the results could not "
        "be written (the run stops resumable, run.json disk_full or io_error), or a graph or "
        "report.html could not be written, and for compare, no cell matched"},
    {2, "bad usage or input, with one line naming it and nothing created, or a results folder "
        "another process owns"},
    {130, "interrupted by SIGINT, SIGTERM or SIGHUP, or a cell's process killed (resumable; "
          "after Ctrl-C while the graphs are drawn, every cell is recorded and sqlsoak plot DIR "
          "draws them)"},
};

/* Commands a newcomer types first, each with what it does. */
static const struct {
    const char *what, *command;
} examples[] = {
    {"A quick soak (5M rows, DELETE and WAL journals), its results in data/runs/<date-time>/:",
     "sqlsoak run --preset quick"},
    {"A night on an SD card, then carrying it on after an interruption:",
     "sqlsoak run --rows 100M --chunk 1M --db-dir /mnt/sdcard/soak --out data/runs/sd"},
    {"", "sqlsoak resume data/runs/sd"},
    {"How far a run got, from another terminal:", "sqlsoak status data/runs/sd"},
    {"Page sizes against each other, each cell three times:",
     "sqlsoak run --rows 20M --page-size 1k,4k,16k,64k --repeat 3 --shuffle --max-time 8h"},
    {"What synchronous=OFF risks when the power goes:",
     "sqlsoak crash --journal delete,wal --sync off,full"},
    {"Two disks' runs cell by cell, the SSD divided by the SD card:",
     "sqlsoak compare data/runs/sd data/runs/ssd --out data/runs/sd-vs-ssd"},
};

static void examples_section(FILE *f)
{
    fputs(".SH EXAMPLES\n", f);
    for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) {
        if (*examples[i].what) {
            fputs(".PP\n", f);
            roff_text(f, examples[i].what);
            fputc('\n', f);
        }
        fputs(".PP\n.RS\n.B ", f);
        roff_text(f, examples[i].command);
        fputs("\n.RE\n", f);
    }
}

int manpage_print(FILE *f)
{
    fputs(".TH SQLSOAK 1 \"\" \"sqlsoak " SQLSOAK_VERSION "\" \"User Commands\"\n"
          ".SH NAME\n"
          "sqlsoak \\- how SQLite's write and point\\-read cost grow as a table grows\n"
          ".SH SYNOPSIS\n"
          ".B sqlsoak\n"
          ".I COMMAND\n"
          "[\\fIOPTIONS\\fR]\n"
          ".br\n"
          ".B sqlsoak\n"
          "\\fICOMMAND\\fR \\fB\\-\\-help\\fR\n"
          ".br\n"
          ".B sqlsoak\n"
          "\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n"
          ".SH DESCRIPTION\n"
          "sqlsoak inserts rows into SQLite in commit chunks and, for every chunk, times the\n"
          "write phase and a phase of random point SELECTs, verifying every value it reads.\n"
          "It runs a matrix of settings (page size, journal mode, synchronous, commit size,\n"
          "cache size, mmap size, key order, value size, SQLite library), writes CSV and\n"
          "draws the scaling graphs with gnuplot into the results folder, with report.html.\n",
          f);
    commands_section(f);
    options_section(f);
    examples_section(f);
    fputs(".SH EXIT STATUS\n", f);
    for (size_t i = 0; i < sizeof exit_statuses / sizeof *exit_statuses; i++) {
        fprintf(f, ".TP\n%d\n", exit_statuses[i].code);
        roff_text(f, exit_statuses[i].what);
        fputc('\n', f);
    }
    fputs(".SH ENVIRONMENT\n"
          ".TP\nSQLSOAK_PLOTS_DIR\n"
          "The folder of the gnuplot scripts (*.gp), instead of those found beside the\n"
          "executable.\n"
          ".SH FILES\n"
          "The gnuplot scripts, reference data and presets are looked for beside the\n"
          "executable: in a checkout, \\fIbuild/sqlsoak\\fR uses \\fIplots/\\fR,\n"
          "\\fIdata/reference/\\fR and \\fIdata/presets/\\fR; installed,\n"
          "\\fIPREFIX/bin/sqlsoak\\fR uses \\fIPREFIX/share/sqlsoak/plots/\\fR,\n"
          "\\fIPREFIX/share/sqlsoak/reference/\\fR and \\fIPREFIX/share/sqlsoak/presets/\\fR.\n"
          "A preset is the job file \\fINAME.conf\\fR there.\n"
          ".SH SEE ALSO\n"
          ".BR gnuplot (1),\n"
          ".BR sqlite3 (1)\n",
          f);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
