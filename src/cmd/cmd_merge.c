/*
** cmd_merge: see cmd_merge.h.  --out is refused first if a results
** folder would be overwritten; then every share is checked whole before
** the folder is made (merge.h), so that bad input creates nothing; the
** folder joined, its graphs are drawn (unless --no-plot).
*/
#include "cmd_merge.h"
#include "folder.h"
#include "merge.h"
#include "plot.h"

#include <stdio.h>
#include <sys/stat.h>

int cmd_merge(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    struct stat st;
    struct merge m;
    (void)argc, (void)argv;
    if (cfg->npos < 1 || !cfg->out || !*cfg->out) {
        snprintf(err, errlen, "usage: sqlsoak merge RESULTS_DIR... --out DIR");
        return 2;
    }
    if (stat(cfg->out, &st) == 0 && (!S_ISDIR(st.st_mode) || folder_has_entries(cfg->out))) {
        snprintf(err, errlen, "--out %s exists: a results folder is never overwritten", cfg->out);
        return 2;
    }
    if (folder_check_writable("--out", cfg->out, err, errlen))
        return 2;
    int status = merge_check(&m, cfg->pos, cfg->npos, cfg->out, err, errlen);
    if (status == 0 && merge_write(&m, err, errlen) != 0)
        status = 1;
    if (status == 0) {
        char hosts[1024];
        merge_hosts(&m, hosts, sizeof hosts);
        printf("merged %d shares into %s\n", m.count, cfg->out);
        if (hosts[0])
            printf("  the cells ran on different hosts (%s): a comparison across them compares "
                   "the boards too\n", hosts);
        fflush(stdout);
        int rc = cfg->no_plot ? 0 : plot_run(cfg->out, stdout, NULL);
        status = rc == 0 || rc == 1 ? 0 : 1;
    }
    merge_free(&m);
    return status;
}
