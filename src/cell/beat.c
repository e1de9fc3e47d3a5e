/*
** beat: see beat.h.
*/
#include "beat.h"
#include "fdio.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* POSIX's least PIPE_BUF: a beat is one write(2), never interleaved */
_Static_assert(sizeof(struct beat) <= 512, "a beat fits one atomic write");

/* The steps that are no phase, as SQLSOAK_TEST_HANG names them. */
static const char *const words[BEAT_PHASE] = {"open", "record", "between", "result"};

int beat_write(int fd, const struct beat *b)
{
    return fd < 0 ? 0 : fdio_write_full(fd, b, sizeof *b);
}

int beat_send(int fd, int step, int64_t chunk)
{
    struct beat b;
    memset(&b, 0, sizeof b);
    b.step = step;
    b.chunk = chunk;
    return beat_write(fd, &b);
}

void beat_chunk_end(struct beat *b, const struct chunk_record *cr)
{
    memset(b, 0, sizeof *b);
    b->step = BEAT_CHUNK_END;
    b->chunk = cr->chunk;
    b->done = cr->rows;
    b->elapsed_s = cr->elapsed_s;
    for (int p = 0; p < PHASE_COUNT; p++)
        b->ph_rate[p] = cr->ph[p].rate;
}

void beat_chunk_record(const struct beat *b, struct chunk_record *cr)
{
    assert(b->step == BEAT_CHUNK_END);
    memset(cr, 0, sizeof *cr);
    cr->chunk = b->chunk;
    cr->rows = b->done;
    cr->elapsed_s = b->elapsed_s;
    for (int p = 0; p < PHASE_COUNT; p++)
        cr->ph[p].rate = b->ph_rate[p];
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
