/*
** embed: see embed.h.  The file is read whole first (infile: a regular
** file only, bounded), so that a file that cannot be read leaves nothing
** half-written in the page.
*/
#include "embed.h"

#include "infile.h"

#include <stdlib.h>

int embed_data_uri(FILE *f, const char *path, const char *mime)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *buf, why[300];
    size_t n;
    if (infile_read(path, &buf, &n, why, sizeof why) != 0)
        return -1;
    const unsigned char *p = (const unsigned char *)buf;
    fprintf(f, "data:%s;base64,", mime);
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
                     (i + 2 < n ? p[i + 2] : 0);
        fputc(b64[v >> 18 & 63], f);
        fputc(b64[v >> 12 & 63], f);
        fputc(i + 1 < n ? b64[v >> 6 & 63] : '=', f);
        fputc(i + 2 < n ? b64[v & 63] : '=', f);
    }
    free(buf);
    return 0;
}
