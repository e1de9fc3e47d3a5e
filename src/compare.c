/*
** compare: `sqlsoak compare DIR DIR... --out DIR`.  Reads every results
** folder first (any bad one: exit 2, nothing created), matches cells by
** their settings and SQLite version (not the library's path), writes
** comparison.csv (one row per matched cell per run, with the run's host
** and storage), lists what could not be matched, and draws the overlays
** with the graph scripts of plots/ in "compare" mode.
*/
#include "compare.h"

#include "folder.h"
#include "graphs.h"
#include "plot.h"
#include "plotdata.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* One RFC 4180 field. */
static void csv_field(FILE *f, const char *s, int first)
{
    if (!first)
        fputc(',', f);
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* How many runs hold key (as a counted summary row), and that row in each. */
static int holders(struct plotdata_run *runs, int nr, const char *key, int *row)
{
    int k = 0;
    for (int r = 0; r < nr; r++) {
        row[r] = -1;
        for (int i = 0; i < runs[r].summary.nrows && row[r] < 0; i++) {
            char kb[512];
            if (csvin_num(&runs[r].summary, CSV_SUMMARY, i, "repeat") < 1)
                continue;
            plotdata_key(&runs[r], i, 1, kb, sizeof kb);
            if (strcmp(kb, key) == 0)
                row[r] = i;
        }
        k += row[r] >= 0;
    }
    return k;
}

static void csv_row(FILE *f, int match, const struct plotdata_run *r, int row)
{
    char m[32];
    snprintf(m, sizeof m, "%d", match);
    fprintf(f, "%d", CSV_SCHEMA_VERSION);
    csv_field(f, m, 0);
    csv_field(f, r->name, 0);
    csv_field(f, r->dir, 0);
    csv_field(f, r->host, 0);
    csv_field(f, r->storage, 0);
    for (int c = 1; c < csvout_ncolumns(CSV_SUMMARY); c++)
        csv_field(f, csvin_str(&r->summary, CSV_SUMMARY, row, csvout_column_name(CSV_SUMMARY, c)),
                  0);
    fputc('\n', f);
}

/* Matches, writes comparison.csv and the series; returns the number of
** series, or -1. */
static int match_runs(struct plotdata_run *runs, int nr, FILE *csv, struct plotdata_series *s,
                      int *row)
{
    int n = 0, groups = 0, unmatched = 0;
    fputs("schema_version,match,run,run_dir,host,storage", csv);
    for (int c = 1; c < csvout_ncolumns(CSV_SUMMARY); c++)
        fprintf(csv, ",%s", csvout_column_name(CSV_SUMMARY, c));
    fputc('\n', csv);
    for (int r = 0; r < nr; r++)
        for (int i = 0; i < runs[r].summary.nrows; i++) {
            char key[512];
            if (csvin_num(&runs[r].summary, CSV_SUMMARY, i, "repeat") < 1)
                continue;
            plotdata_key(&runs[r], i, 1, key, sizeof key);
            int k = holders(runs, nr, key, row);
            if (row[r] != i)
                continue;             /* a duplicate of a row already seen */
            if (k < 2) {
                if (!unmatched++)
                    printf("cells found in one run only (not compared):\n");
                printf("  %s: cell %s (SQLite %s, page %s, %s, %s, commit %s)\n", runs[r].name,
                       csvin_str(&runs[r].summary, CSV_SUMMARY, i, "cell"),
                       csvin_str(&runs[r].summary, CSV_SUMMARY, i, "sqlite_version"),
                       csvin_str(&runs[r].summary, CSV_SUMMARY, i, "page_size"),
                       csvin_str(&runs[r].summary, CSV_SUMMARY, i, "journal_mode"),
                       csvin_str(&runs[r].summary, CSV_SUMMARY, i, "synchronous"),
                       csvin_str(&runs[r].summary, CSV_SUMMARY, i, "commit_every"));
                continue;
            }
            int first = 1;
            for (int q = 0; q < r; q++)
                first &= row[q] < 0;
            if (!first)
                continue;             /* matched when its first holder was seen */
            groups++;
            for (int q = 0; q < nr; q++) {
                if (row[q] < 0)
                    continue;
                csv_row(csv, groups, &runs[q], row[q]);
                if (!(csvin_num(&runs[q].summary, CSV_SUMMARY, row[q], "chunks") > 0))
                    continue;
                memset(&s[n], 0, sizeof s[n]);
                s[n].run = &runs[q];
                s[n].sumrow = row[q];
                s[n].group = groups;
                s[n].variant = q + 1;
                snprintf(s[n].label, sizeof s[n].label, "%s", runs[q].name);
                n++;
            }
        }
    printf("%d cell%s matched across %d runs, %d unmatched\n", groups, groups == 1 ? "" : "s",
           nr, unmatched);
    return n;
}

static int compare_draw(struct plotdata_run *runs, int nr, const char *out, char *err, size_t en)
{
    char path[4200], plots[4200], data[4300], common[512], desc[2048];
    int total = 0, rc = 0;
    for (int r = 0; r < nr; r++)
        total += runs[r].summary.nrows;
    struct plotdata_series *s = calloc((size_t)total + 1, sizeof *s);
    int *row = calloc((size_t)nr, sizeof *row);
    const char **vn = calloc((size_t)nr, sizeof *vn);
    snprintf(path, sizeof path, "%s/comparison.csv", out);
    FILE *csv = s && row && vn ? fopen(path, "w") : NULL;
    if (!csv) {
        snprintf(err, en, "cannot write %s: %s", path, strerror(errno));
        rc = 1;
        goto done;
    }
    int n = match_runs(runs, nr, csv, s, row);
    if (fclose(csv) != 0) {
        snprintf(err, en, "cannot write %s: %s", path, strerror(errno));
        rc = 1;
        goto done;
    }
    printf("comparison: %s\n", path);
    if (n == 0)
        goto done;
    plotdata_label(s, n, common, sizeof common);
    size_t len = (size_t)snprintf(desc, sizeof desc, "%s\n", common);
    for (int r = 0; r < nr && len < sizeof desc; r++) {
        vn[r] = runs[r].name;
        len += (size_t)snprintf(desc + len, sizeof desc - len, "%s%s: %s, %s", r ? " · " : "",
                                runs[r].name, runs[r].host, runs[r].storage);
    }
    snprintf(plots, sizeof plots, "%s/plots", out);
    snprintf(data, sizeof data, "%s/data", plots);
    if (folder_mkdirs(data, err, en) ||
        plotdata_write_series(data, s, n, vn, nr, err, en)) {
        rc = 1;
        goto done;
    }
    unsigned have = GRAPHS_CHUNKS | GRAPHS_VERSIONS;
    for (int r = 0; r < nr; r++)
        have |= plot_measured(&runs[r]);
    if (plot_draw(data, plots, desc, "compare", have, "", stdout) != 0)
        rc = 1;
    else
        printf("graphs: %s/\n", plots);
done:
    free(s);
    free(row);
    free(vn);
    return rc;
}

int compare_main(const struct config *cfg, char *err, size_t n)
{
    if (cfg->npos < 2 || !cfg->out || !*cfg->out) {
        snprintf(err, n, "usage: sqlsoak compare RESULTS_DIR RESULTS_DIR... --out DIR");
        return 2;
    }
    struct stat st;
    if (stat(cfg->out, &st) == 0 && (!S_ISDIR(st.st_mode) || folder_has_entries(cfg->out))) {
        snprintf(err, n, "--out %s exists: a results folder is never overwritten", cfg->out);
        return 2;
    }
    if (folder_check_writable("--out", cfg->out, err, n))
        return 2;
    struct plotdata_run *runs = calloc((size_t)cfg->npos, sizeof *runs);
    int loaded = 0, rc = 2;
    if (!runs) {
        snprintf(err, n, "out of memory");
        return 2;
    }
    for (; loaded < cfg->npos; loaded++) {
        if (stat(cfg->pos[loaded], &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(err, n, "%s: not a results folder", cfg->pos[loaded]);
            goto out;
        }
        if (plotdata_load(cfg->pos[loaded], &runs[loaded], err, n))
            goto out;
        for (int q = 0; q < loaded; q++)
            if (strcmp(runs[q].name, runs[loaded].name) == 0) {
                size_t l = strlen(runs[loaded].name);
                snprintf(runs[loaded].name + (l < 140 ? l : 140), 20, " #%d", loaded + 1);
                break;
            }
    }
    if (folder_mkdirs(cfg->out, err, n))
        goto out;
    rc = compare_draw(runs, loaded, cfg->out, err, n);
out:
    for (int i = 0; i < loaded; i++)
        plotdata_free(&runs[i]);
    free(runs);
    return rc;
}
