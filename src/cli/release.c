/*
** release: the release list; see release.h.
*/
#include "release.h"

#include "datadir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parts of number text into p[4] (missing ones 0); the count, or -1
** when text is not 3.N[.N[.N]]. */
static int parts(const char *text, long p[4])
{
    int n = 0;
    const char *s = text;
    memset(p, 0, 4 * sizeof *p);
    while (n < 4) {
        if (*s < '0' || *s > '9' || s - text > 12)
            return -1;
        char *end;
        p[n++] = strtol(s, &end, 10);
        s = end;
        if (!*s)
            break;
        if (*s++ != '.')
            return -1;
    }
    return *s || n < 2 || p[0] != 3 ? -1 : n;
}

int release_is_number(const char *text)
{
    long p[4];
    return parts(text, p) > 0;
}

int release_compare(const char *a, const char *b)
{
    long pa[4], pb[4];
    parts(a, pa);
    parts(b, pb);
    for (int i = 0; i < 4; i++)
        if (pa[i] != pb[i])
            return pa[i] < pb[i] ? -1 : 1;
    return 0;
}

int release_find(const struct releases *r, const char *version)
{
    if (!release_is_number(version))
        return -1;
    for (int i = 0; i < r->n; i++)
        if (release_compare(r->v[i].version, version) == 0)
            return i;
    return -1;
}

void release_free(struct releases *r)
{
    free(r->v);
    memset(r, 0, sizeof *r);
}

/* One line "version date file size sha3" into *rel; 0, or -1. */
static int parse_line(char *line, struct release *rel)
{
    char *field[5];
    int n = 0;
    for (char *save = NULL, *f = strtok_r(line, "\t\n", &save); f && n < 5;
         f = strtok_r(NULL, "\t\n", &save))
        field[n++] = f;
    if (n != 5 || !release_is_number(field[0]) || strlen(field[0]) >= sizeof rel->version ||
        strlen(field[1]) != 10 || strlen(field[2]) >= sizeof rel->file ||
        (strcmp(field[4], "-") != 0 && strlen(field[4]) != 64))
        return -1;
    memset(rel, 0, sizeof *rel);
    memcpy(rel->version, field[0], strlen(field[0]));
    memcpy(rel->date, field[1], 10);
    memcpy(rel->file, field[2], strlen(field[2]));
    rel->size = strcmp(field[3], "-") == 0 ? -1 : strtoll(field[3], NULL, 10);
    if (strcmp(field[4], "-") != 0)
        memcpy(rel->sha3, field[4], 64);
    return 0;
}

int release_load(struct releases *out, char *err, size_t errlen)
{
    char path[4096];
    memset(out, 0, sizeof *out);
    if (datadir_data("sqlite", "releases.tsv", path, sizeof path) != 0) {
        snprintf(err, errlen, "SQLite's release list: not found in %s", path);
        return -1;
    }
    FILE *f = fopen(path, "re");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return -1;
    }
    char line[512];
    int lineno = 0, cap = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (out->n == cap) {
            cap = cap ? 2 * cap : 256;
            struct release *v = realloc(out->v, (size_t)cap * sizeof *v);
            if (!v)
                break;
            out->v = v;
        }
        if (parse_line(line, &out->v[out->n]) != 0 ||
            (out->n && release_compare(out->v[out->n - 1].version, out->v[out->n].version) >= 0)) {
            snprintf(err, errlen, "%s:%d: not a release line in release order", path, lineno);
            fclose(f);
            release_free(out);
            return -1;
        }
        out->n++;
    }
    fclose(f);
    if (!out->n) {
        snprintf(err, errlen, "%s: no releases", path);
        release_free(out);
        return -1;
    }
    return 0;
}
