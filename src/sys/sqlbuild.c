/*
** sqlbuild: a library's build record; see sqlbuild.h.
*/
#include "sqlbuild.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

int sqlbuild_value(const char *lib_path, const char *key, char *out, size_t n)
{
    char file[PATH_MAX + 32], line[4096];
    const char *slash = strrchr(lib_path, '/');
    if (!slash)
        return -1;
    snprintf(file, sizeof file, "%.*s/%s", (int)(slash - lib_path), lib_path, SQLBUILD_FILE);
    FILE *f = fopen(file, "re");
    size_t kl = strlen(key);
    int rc = -1;
    while (f && rc && fgets(line, sizeof line, f))
        if (strncmp(line, key, kl) == 0 && line[kl] == '\t') {
            line[strcspn(line, "\n")] = 0;
            snprintf(out, n, "%s", line + kl + 1);
            rc = 0;
        }
    if (f)
        fclose(f);
    return rc;
}
