/*
** notice: see notice.h.
*/
#include "notice.h"

#include "fdio.h"

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

void notice_line(const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (len < 0)
        return;
    if ((size_t)len > sizeof line - 2)
        len = (int)sizeof line - 2;
    line[len++] = '\n';
    fflush(stderr);
    (void)fdio_write_full(STDERR_FILENO, line, (size_t)len);
}
