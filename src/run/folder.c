/*
** folder: see folder.h.
*/
#include "folder.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

int folder_has_entries(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    int found = 0;
    if (!d)
        return 0;
    while (!found && (e = readdir(d)))
        found = strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return found;
}

void folder_existing_ancestor(const char *path, char *out, size_t n)
{
    struct stat st;
    snprintf(out, n, "%s", path[0] ? path : ".");
    while (stat(out, &st) != 0) {
        char *slash = strrchr(out, '/');
        while (slash && slash > out && slash[1] == 0) {  /* trailing slashes */
            *slash = 0;
            slash = strrchr(out, '/');
        }
        if (!slash) {
            snprintf(out, n, ".");
            return;
        }
        if (slash == out)
            slash[1] = 0;          /* "/x" -> "/" */
        else
            *slash = 0;
    }
}

int folder_inside(const char *path, const char *dir)
{
    char anc[PATH_MAX], real[PATH_MAX], whole[2 * PATH_MAX], top[PATH_MAX];
    if (!realpath(dir, top))
        return 0;
    folder_existing_ancestor(path, anc, sizeof anc);
    if (!realpath(anc, real))
        return 0;
    /* the part of path below its existing ancestor ("." when path is bare) */
    size_t skip = strcmp(anc, ".") == 0 && strncmp(path, "./", 2) != 0 ? 0 : strlen(anc);
    if (skip > strlen(path))
        skip = strlen(path);
    snprintf(whole, sizeof whole, "%s/%s", real, path + skip);
    size_t len = strlen(top);
    if (strcmp(top, "/") == 0)
        return 1;
    return strncmp(whole, top, len) == 0 && (whole[len] == '/' || whole[len] == 0);
}

/* path fits the kernel's limits with the files sqlsoak makes in it: each
** component NAME_MAX bytes at most, and the whole, made absolute, with
** FOLDER_LONGEST_NAME more, shorter than PATH_MAX.  0, or -1 with err. */
static int check_length(const char *what, const char *path, char *err, size_t errlen)
{
    char cwd[PATH_MAX];
    size_t len = strlen(path);
    if (path[0] != '/')
        len += getcwd(cwd, sizeof cwd) ? strlen(cwd) + 1 : 0;
    if (len + FOLDER_LONGEST_NAME >= PATH_MAX) {
        snprintf(err, errlen,
                 "%s %.60s...: the path is longer than %d bytes with the files sqlsoak "
                 "makes in it (at most %d)", what, path, PATH_MAX - 1,
                 PATH_MAX - 1 - FOLDER_LONGEST_NAME);
        return -1;
    }
    for (const char *p = path; *p;) {
        size_t c = strcspn(p, "/");
        if (c > NAME_MAX) {
            snprintf(err, errlen, "%s %.60s...: a folder's name is longer than %d bytes", what,
                     path,
                     NAME_MAX);
            return -1;
        }
        p += c + (p[c] == '/');
    }
    return 0;
}

int folder_check_writable(const char *what, const char *path, char *err, size_t errlen)
{
    struct stat st;
    char anc[4096];
    if (!path[0]) {
        snprintf(err, errlen, "%s: empty path", what);
        return -1;
    }
    if (check_length(what, path, err, errlen))
        return -1;
    /* a symbolic link to nothing on the way would be followed by mkdir
    ** and open only once something was created */
    char up[4096];
    snprintf(up, sizeof up, "%s", path);
    while (stat(up, &st) != 0) {
        if (lstat(up, &st) == 0) {
            /* a link to nothing, unless what it names was made between the
            ** two looks (a run racing for the same --out): then it is there */
            if (S_ISLNK(st.st_mode) && stat(up, &st) != 0) {
                snprintf(err, errlen, "%s %s: %s is a symbolic link to nothing", what, path, up);
                return -1;
            }
            break;
        }
        char *slash = strrchr(up, '/');
        while (slash && slash > up && slash[1] == 0) {
            *slash = 0;
            slash = strrchr(up, '/');
        }
        if (!slash || slash == up)
            break;
        *slash = 0;
    }
    folder_existing_ancestor(path, anc, sizeof anc);
    struct statfs fs;
    if (statfs(anc, &fs) == 0 && (fs.f_type == PROC_SUPER_MAGIC || fs.f_type == SYSFS_MAGIC)) {
        snprintf(err, errlen, "%s %s: %s is a kernel filesystem (%s), not a place for files", what,
                 path, anc, fs.f_type == PROC_SUPER_MAGIC ? "proc" : "sysfs");
        return -1;
    }
    if (stat(anc, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s %s: %s is not a folder", what, path, anc);
        return -1;
    }
    if (access(anc, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "%s %s: %s is not writable", what, path, anc);
        return -1;
    }
    return 0;
}

int folder_mkdirs(const char *path, char *err, size_t errlen)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; ; p++) {
        if (*p == '/' || *p == 0) {
            char c = *p;
            *p = 0;
            if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "cannot create %s: %s", buf, strerror(errno));
                return -1;
            }
            *p = c;
            if (!c)
                break;
        }
    }
    return 0;
}

const char *folder_basename(const char *path)
{
    static const char empty[] = "";
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/')
        len--;
    const char *end = path + len;
    const char *p = end;
    while (p > path && p[-1] != '/')
        p--;
    return p < end ? p : empty;
}

void folder_safe_name(const char *name, char *out, size_t n)
{
    size_t i = 0;
    for (; name[i] && name[i] != '/' && i + 1 < n; i++) {
        char c = name[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '.' || c == '_' || c == '-';
        out[i] = ok ? c : '_';
    }
    out[i] = 0;
    if (i == 0)
        snprintf(out, n, "run");
}
