/*
** cmd_info: see cmd_info.h.  Probes run in a private temporary folder.
*/
#include "cmd_info.h"
#include "sqlapi.h"
#include "sqliteget.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *yes(int b)
{
    return b ? "yes" : "no";
}

static int show(const struct sqlapi *api, const char *tmp, char *err, size_t errlen)
{
    struct sqlcaps caps;
    if (sqlapi_probe(api, tmp, &caps, err, errlen))
        return -1;
    printf("%s\n", api->path);
    printf("  file               %s\n", api->resolved);
    printf("  version            %s (%d)\n", api->version, api->version_number);
    printf("  source id          %s\n", api->source_id[0] ? api->source_id : "(no sqlite3_sourceid)");
    printf("  threadsafe         %d\n", api->threadsafe());
    char how[4096];
    if (sqliteget_built(api->resolved, how, sizeof how) == 0)
        printf("  built by sqlsoak   %s\n", how);
    printf("  journal modes      delete truncate persist memory off%s\n", caps.wal ? " wal" : "");
    printf("  max page size      %d\n", caps.max_page_size);
    printf("  default page size  %d\n", caps.default_page_size);
    printf("  mmap_size          %s\n", yes(caps.mmap));
    printf("  negative cache     %s\n", yes(caps.negative_cache));
    printf("  default cache      %ld %s\n", labs(caps.default_cache),
           caps.default_cache < 0 ? "KiB" : "pages");
    printf("  synchronous=extra  %s\n", yes(caps.sync_extra));
    json_t *opts = sqlapi_compile_options_json(api);
    printf("  compile options   ");
    if (json_array_size(opts) == 0)
        printf(" (not reported)");
    for (size_t i = 0; i < json_array_size(opts); i++)
        printf(" %s", json_string_value(json_array_get(opts, i)));
    printf("\n");
    json_decref(opts);
    return 0;
}

int cmd_info(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    struct sqlapi libs[LIST_MAX];
    int n = 0, status = 0;
    for (; n < cfg->sqlite_lib.n; n++)
        if (sqlapi_open(&libs[n], cfg->sqlite_lib.v[n], err, errlen)) {
            status = 2;
            goto done;
        }
    const char *base = getenv("TMPDIR");
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s/sqlsoak-info-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp)) {
        snprintf(err, errlen, "cannot create a temporary folder in %s", base ? base : "/tmp");
        status = 1;
        goto done;
    }
    for (int i = 0; i < n && status == 0; i++) {
        if (i)
            printf("\n");
        if (show(&libs[i], tmp, err, errlen))
            status = 1;
    }
    rmdir(tmp);
done:
    for (int i = 0; i < n; i++)
        sqlapi_close(&libs[i]);
    return status;
}
