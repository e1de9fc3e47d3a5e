/*
** live: see live.h.
*/
#include "live.h"

#include "beat.h"

#include <math.h>
#include <string.h>

void live_open(struct live *l, int fd, uint64_t cell_ns)
{
    memset(l, 0, sizeof *l);
    l->fd = fd;
    l->cell_ns = cell_ns;
    for (int p = 0; p < PHASE_COUNT; p++)
        l->prev_s[p] = -1;
}

void live_phase(struct live *l, int64_t chunk, int phase, int64_t total, uint64_t now)
{
    l->chunk = chunk;
    l->phase = phase;
    l->total = total;
    l->begun_ns = l->sent_ns = now;
    l->sent_done = 0;
}

/* The chunk's time left at now: the phase's ops left at its rate so far,
** then the phases after it in the chunk (phase.h's order; commit lies
** inside write) at the previous chunk's times.  <0 when unknown. */
static double left_s(const struct live *l, int64_t done, uint64_t now)
{
    double in = (now - l->begun_ns) / 1e9, left = 0;
    if (done <= 0 || in <= 0)
        return -1;
    if (l->total > done)
        left = (double)(l->total - done) * in / (double)done;
    for (int p = l->phase + 1; p < PHASE_COUNT && l->phase != PHASE_VERIFY; p++)
        if (p != PHASE_COMMIT && p != PHASE_VERIFY && l->prev_s[p] > 0)
            left += l->prev_s[p];
    return left;
}

void live_tick(void *ctx, int64_t done, uint64_t now)
{
    struct live *l = ctx;
    if (l->fd < 0 || now - l->sent_ns < LIVE_EVERY_NS)
        return;
    struct beat b;
    memset(&b, 0, sizeof b);
    b.step = BEAT_PHASE + l->phase;
    b.live = 1;
    b.chunk = l->chunk;
    b.done = done;
    b.total = l->total;
    b.rate = (double)(done - l->sent_done) * 1e9 / (double)(now - l->sent_ns);
    b.left_s = left_s(l, done, now);
    b.elapsed_s = (now - l->cell_ns) / 1e9;
    l->sent_ns = now;
    l->sent_done = done;
    beat_write(l->fd, &b);
}

void live_chunk_end(struct live *l, const double s[PHASE_COUNT])
{
    for (int p = 0; p < PHASE_COUNT; p++)
        l->prev_s[p] = isnan(s[p]) ? -1 : s[p];
}
