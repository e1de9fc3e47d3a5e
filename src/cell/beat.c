/*
** beat: see beat.h.
*/
#include "beat.h"
#include "fdio.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* The steps that are no phase, as SQLSOAK_TEST_HANG names them. */
static const char *const words[BEAT_PHASE] = {"open", "record", "between", "result"};

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
    if (step >= BEAT_PHASE && step < BEAT_COUNT)
        return phase_table[step - BEAT_PHASE].name;
    return step >= 0 && step < BEAT_PHASE ? words[step] : NULL;
}

const char *beat_text(const struct beat *b, char *buf, size_t n)
{
    if (b->step >= BEAT_PHASE && b->step < BEAT_COUNT) {
        snprintf(buf, n, "in the %s phase of chunk %" PRId64, beat_word(b->step), b->chunk);
        return buf;
    }
    switch (b->step) {
    case BEAT_OPEN: snprintf(buf, n, "opening its database and applying its settings"); break;
    case BEAT_RECORD: snprintf(buf, n, "recording chunk %" PRId64, b->chunk); break;
    case BEAT_CHUNK_END: snprintf(buf, n, "after chunk %" PRId64, b->chunk); break;
    default: snprintf(buf, n, "handing back its result"); break;
    }
    return buf;
}
