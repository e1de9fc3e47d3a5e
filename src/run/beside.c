/*
** beside: see beside.h.
*/
#include "beside.h"
#include "folder.h"
#include "runkey.h"

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

int beside_each(const char *out, int (*fn)(const char *dir, void *ctx), void *ctx)
{
    char parent[4096], dir[8400];
    snprintf(parent, sizeof parent, "%s", out);
    char *slash = strrchr(parent, '/');
    if (slash)
        *(slash == parent ? slash + 1 : slash) = 0;
    else
        snprintf(parent, sizeof parent, ".");
    DIR *d = opendir(parent);
    int rc = 0;
    for (struct dirent *de; !rc && d && (de = readdir(d));) {
        if (de->d_name[0] == '.' || strcmp(de->d_name, folder_basename(out)) == 0)
            continue;
        snprintf(dir, sizeof dir, "%s/%s", parent, de->d_name);
        rc = fn(dir, ctx);
    }
    if (d)
        closedir(d);
    return rc;
}

int beside_same_storage(const void *rec, const struct storage_info *st)
{
    static const char *const keys[] = {RUNKEY_STORAGE_FSTYPE, RUNKEY_STORAGE_DEVICE,
                                       RUNKEY_STORAGE_MOUNT_POINT};
    const char *mine[] = {st->fstype, st->device, st->mount_point};
    for (int i = 0; i < 3; i++) {
        const char *v = json_string_value(json_object_get(rec, keys[i]));
        if (!v || strcmp(v, mine[i]) != 0)
            return 0;
    }
    return 1;
}
