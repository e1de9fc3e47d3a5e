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
    fputs(".SH OPTIONS\n"
          "Row counts take decimal suffixes (500k, 100M = 100,000,000); byte sizes take\n"
          "binary ones (4k = 4KiB = 4096, 1M = 1MiB).  An option marked ,... takes a comma\n"
          "list: every combination is run as its own cell.\n"
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
    fputs(".SH EXIT STATUS\n"
          ".TP\n0\nevery cell measured and verified\n"
          ".TP\n1\nthe run finished but a cell failed, or no graphs could be drawn\n"
          ".TP\n2\nbad usage or input: one line names it, and nothing is created\n"
          ".TP\n130\ninterrupted (resumable with \\fBsqlsoak resume\\fR)\n"
          ".SH ENVIRONMENT\n"
          ".TP\nSQLSOAK_PLOTS_DIR\n"
          "The folder of the gnuplot scripts (*.gp), instead of those found beside the\n"
          "executable.\n"
          ".SH FILES\n"
          "The gnuplot scripts and reference data are looked for beside the executable: in a\n"
          "checkout, \\fIbuild/sqlsoak\\fR uses \\fIplots/\\fR and \\fIdata/reference/\\fR;\n"
          "installed, \\fIPREFIX/bin/sqlsoak\\fR uses \\fIPREFIX/share/sqlsoak/plots/\\fR and\n"
          "\\fIPREFIX/share/sqlsoak/reference/\\fR.\n"
          ".SH SEE ALSO\n"
          ".BR gnuplot (1),\n"
          ".BR sqlite3 (1)\n",
          f);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
