/*
** jobfile: see jobfile.h.  Only the syntax is checked here; each line's
** option and value are checked by options.c, as on the command line.
*/
#include "jobfile.h"
#include "fdio.h"
#include "infile.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text of one line, comments and surrounding blanks cut off, in place. */
static char *trimmed(char *s)
{
    for (char *p = s; *p; p++)
        if ((*p == '#' || *p == ';') && (p == s || isspace((unsigned char)p[-1]))) {
            *p = 0;
            break;
        }
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        s[--len] = 0;
    return s;
}

/* One line's text as "--name[=value]" into *arg.  0, or -1 with why. */
static int parse_line(char *s, char **arg, const char **why)
{
    size_t nl = 0;
    while (isalnum((unsigned char)s[nl]) || s[nl] == '-' || s[nl] == '_')
        nl++;
    char *rest = s + nl;
    while (isspace((unsigned char)*rest))
        rest++;
    if (nl == 0 || (*rest && *rest != '=')) {
        *why = "expected 'name = value' or a flag's name";
        return -1;
    }
    const char *val = NULL;
    if (*rest == '=') {
        char *v = rest + 1;
        while (isspace((unsigned char)*v))
            v++;
        size_t vl = strlen(v);
        if (vl >= 2 && v[0] == '"' && v[vl - 1] == '"') {
            v[vl - 1] = 0;
            v++;
        } else if (strchr(v, '"')) {
            *why = "a value's double quotes go round all of it";
            return -1;
        }
        val = v;
    }
    size_t len = nl + 4 + (val ? strlen(val) : 0);
    if (!(*arg = malloc(len))) {
        *why = "out of memory";
        return -1;
    }
    for (size_t i = 0; i < nl; i++)
        s[i] = s[i] == '_' ? '-' : s[i];
    snprintf(*arg, len, "--%.*s%s%s", (int)nl, s, val ? "=" : "", val ? val : "");
    return 0;
}

int jobfile_read(const char *path, struct job *job, char *err, size_t errlen)
{
    char *text;
    size_t size;
    memset(job, 0, sizeof *job);
    if (infile_read(path, &text, &size, err, errlen)) {
        if (errno == ENOENT || errno == EACCES)   /* else infile's own words */
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    const char *nul = memchr(text, 0, size);
    if (nul) {
        int at = 1;
        for (const char *q = text; q < nul; q++)
            at += *q == '\n';
        snprintf(err, errlen, "%s:%d: a NUL byte: not a job file", path, at);
        free(text);
        return -1;
    }
    int lines = 1, rc = 0;
    for (size_t i = 0; i < size; i++)
        lines += text[i] == '\n';
    job->v = calloc((size_t)lines, sizeof *job->v);
    char *p = text;
    for (int line = 1; rc == 0 && job->v && p && *p; line++) {
        char *end = strchr(p, '\n');
        if (end)
            *end = 0;
        const char *why = NULL;
        char *s = trimmed(p);
        if (*s && parse_line(s, &job->v[job->n].arg, &why) != 0) {
            snprintf(err, errlen, "%s:%d: %s", path, line, why);
            rc = -1;
        } else if (*s) {
            job->v[job->n++].line = line;
        }
        p = end ? end + 1 : NULL;
    }
    if (!job->v) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    free(text);
    if (rc)
        jobfile_free(job);
    return rc;
}

void jobfile_free(struct job *job)
{
    for (int i = 0; i < job->n; i++)
        free(job->v[i].arg);
    free(job->v);
    memset(job, 0, sizeof *job);
}

/* A new file at path holding len bytes of text.  0, or -1 with errno. */
static int write_new(const char *path, const char *text, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    if (fdio_write_full(fd, text, len) != 0 || fsync(fd) != 0) {
        int e = errno;
        close(fd);
        unlink(path);
        errno = e;
        return -1;
    }
    return close(fd);
}

int jobfile_copy(const char *path, const char *dir, char *err, size_t errlen)
{
    char *text, to[4200];
    size_t len;
    if (infile_read(path, &text, &len, err, errlen))
        return -1;
    snprintf(to, sizeof to, "%s/job.conf", dir);
    int rc = write_new(to, text, len);
    if (rc)
        snprintf(err, errlen, "cannot write %s: %s", to, strerror(errno));
    free(text);
    return rc;
}

int jobfile_write(const char *path, const char *text, size_t len, char *err, size_t errlen)
{
    if (write_new(path, text, len) == 0)
        return 0;
    snprintf(err, errlen, "--save-job %s: %s", path,
             errno == EEXIST ? "the file exists: not overwritten" : strerror(errno));
    return -1;
}
