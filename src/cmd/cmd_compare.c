/*
** cmd_compare: see cmd_compare.h.  Every check of the folders given comes
** before --out is made: a refused comparison creates nothing.
*/
#include "cmd_compare.h"
#include "compare.h"
#include "folder.h"
#include "plot.h"
#include "plotdata.h"
#include "stop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int cmd_compare(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    if (cfg->npos < 2 || !cfg->out || !*cfg->out) {
        snprintf(err, errlen, "usage: sqlsoak compare RESULTS_DIR RESULTS_DIR... --out DIR");
        return 2;
    }
    struct stat st;
    if (stat(cfg->out, &st) == 0 && (!S_ISDIR(st.st_mode) || folder_has_entries(cfg->out))) {
        snprintf(err, errlen, "--out %s exists: a results folder is never overwritten", cfg->out);
        return 2;
    }
    if (folder_check_writable("--out", cfg->out, err, errlen))
        return 2;
    for (int i = 0; i < cfg->npos; i++)
        for (int q = 0; q < i; q++)
            if (compare_same_folder(cfg->pos[q], cfg->pos[i])) {
                snprintf(err, errlen, "%s and %s are the same folder: compare different runs",
                         cfg->pos[q], cfg->pos[i]);
                return 2;
            }
    for (int i = 0; i < cfg->npos; i++)
        if (folder_inside(cfg->out, cfg->pos[i])) {
            snprintf(err, errlen, "--out %s is inside %s, a run compared: give a folder outside "
                     "every run", cfg->out, cfg->pos[i]);
            return 2;
        }
    struct plotdata_run *runs = calloc((size_t)cfg->npos, sizeof *runs);
    int loaded = 0, rc = 2;
    if (!runs) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    for (; loaded < cfg->npos; loaded++) {
        if (stat(cfg->pos[loaded], &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "%s: not a results folder", cfg->pos[loaded]);
            goto out;
        }
        if (plotdata_load(cfg->pos[loaded], &runs[loaded], err, errlen))
            goto out;
        if (compare_check_chunks(&runs[loaded], err, errlen)) {
            loaded++;
            goto out;
        }
        for (int q = 0; q < loaded; q++)
            if (strcmp(runs[q].name, runs[loaded].name) == 0) {
                size_t l = strlen(runs[loaded].name);
                snprintf(runs[loaded].name + (l < 140 ? l : 140), 20, " #%d", loaded + 1);
                break;
            }
    }
    int base = compare_baseline_of(cfg, runs, loaded, err, errlen);
    if (base < 0 || folder_mkdirs(cfg->out, err, errlen))
        goto out;
    stop_catch_runner();        /* a stop ends gnuplot too, and draws nothing more */
    rc = compare_write(runs, loaded, base, cfg->out, cfg->no_plot, err, errlen);
    if (rc == PLOT_STOPPED)
        rc = 130;
out:
    for (int i = 0; i < loaded; i++)
        plotdata_free(&runs[i]);
    free(runs);
    return rc;
}
