/*
** cmd_report: `sqlsoak report`.  See cmd_report.h.
*/
#include "cmd_report.h"
#include "cmpfile.h"
#include "jsonreport.h"
#include "mdreport.h"
#include "modes.h"

#include <stdio.h>
#include <sys/stat.h>

int cmd_report(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    struct stat st;
    if (cfg->npos != 1) {
        snprintf(err, errlen, "usage: sqlsoak report [--format markdown|json] RESULTS_DIR");
        return 2;
    }
    const char *dir = cfg->pos[0];
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: not a results folder", dir);
        return 2;
    }
    int json = cfg->report_format == REPORT_JSON, rc;
    if (cmpfile_is_comparison(dir)) {
        struct cmpfile c;
        if (cmpfile_load(dir, &c, err, errlen) != 0)
            return 2;
        if (json)
            rc = jsonreport_compare(stdout, &c);
        else
            mdreport_compare(stdout, &c), rc = 0;
        cmpfile_free(&c);
    } else {
        rc = json ? jsonreport_run(stdout, dir, err, errlen) : mdreport_run(stdout, dir, err,
                                                                            errlen);
        if (rc)
            return rc;
    }
    return fflush(stdout) == 0 && !rc ? 0 : 1;
}
