/*
** beat: see beat.h.
*/
#include "beat.h"
#include "fdio.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *const words[BEAT_COUNT] = {"open", "write", "read", "record", "between",
                                              "verify", "result"};

int beat_send(int fd, int step, int64_t chunk)
{
    struct beat b;
    if (fd < 0)
        return 0;
    memset(&b, 0, sizeof b);
    b.step = step;
    b.chunk = chunk;
    return fdio_write_full(fd, &b, sizeof b);
}

const char *beat_word(int step)
{
    return step >= 0 && step < BEAT_COUNT ? words[step] : NULL;
}

const char *beat_text(const struct beat *b, char *buf, size_t n)
{
    switch (b->step) {
    case BEAT_OPEN: snprintf(buf, n, "opening its database and applying its settings"); break;
    case BEAT_WRITE: snprintf(buf, n, "in the write phase of chunk %" PRId64, b->chunk); break;
    case BEAT_READ:
        snprintf(buf, n, "after the write phase of chunk %" PRId64 " (the OS cache, the reads)",
                 b->chunk);
        break;
    case BEAT_RECORD: snprintf(buf, n, "recording chunk %" PRId64, b->chunk); break;
    case BEAT_CHUNK_END: snprintf(buf, n, "after chunk %" PRId64, b->chunk); break;
    case BEAT_VERIFY: snprintf(buf, n, "in the --verify scan"); break;
    default: snprintf(buf, n, "handing back its result"); break;
    }
    return buf;
}
