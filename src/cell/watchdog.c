/*
** watchdog: see watchdog.h.
*/
#include "watchdog.h"
#include "units.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#define NS 1000000000ull

void watchdog_start(struct watchdog *w, int64_t fixed_s, uint64_t now_ns)
{
    assert(fixed_s >= 0);
    memset(w, 0, sizeof *w);
    w->fixed_s = fixed_s;
    w->floor_s = WATCHDOG_FLOOR_S;
    w->last_ns = now_ns;
    w->last.step = BEAT_OPEN;
}

void watchdog_resume(struct watchdog *w, uint64_t now_ns)
{
    w->last_ns = now_ns;
}

void watchdog_beat(struct watchdog *w, const struct beat *b, uint64_t now_ns)
{
    if (b->live) {              /* the phase's ops advanced */
        w->last_ns = now_ns;
        return;
    }
    if (b->step == BEAT_PHASE + PHASE_WRITE) {     /* a chunk's first phase */
        w->chunk_start_ns = now_ns;
        w->in_chunk = 1;
    }
    if (b->step == BEAT_CHUNK_END && w->in_chunk) {
        if (now_ns - w->chunk_start_ns > w->slowest_ns)
            w->slowest_ns = now_ns - w->chunk_start_ns;
        w->in_chunk = 0;
    }
    w->last = *b;
    w->last_ns = now_ns;
}

uint64_t watchdog_limit_ns(const struct watchdog *w)
{
    if (w->fixed_s)
        return (uint64_t)w->fixed_s * NS;
    if (!w->slowest_ns)
        return WATCHDOG_FIRST_S * NS;
    uint64_t k = WATCHDOG_FACTOR * w->slowest_ns, floor = (uint64_t)w->floor_s * NS;
    k = k > floor ? k : floor;
    return w->last.work > 1 ? (uint64_t)((double)k * w->last.work) : k;
}

uint64_t watchdog_deadline(const struct watchdog *w)
{
    return w->last_ns + watchdog_limit_ns(w);
}

const char *watchdog_reason(const struct watchdog *w, uint64_t now_ns, char *buf, size_t n)
{
    char doing[96], limit[160], slowest[24], work[24];
    if (w->fixed_s)
        snprintf(limit, sizeof limit, "--watchdog %llds", (long long)w->fixed_s);
    else if (w->slowest_ns && w->last.work > 1)
        snprintf(limit, sizeof limit,
                 "%dx its slowest chunk, %s, at least %lld s, times %s chunks' worth of work",
                 WATCHDOG_FACTOR, units_secs(w->slowest_ns / 1e9, slowest, sizeof slowest),
                 (long long)w->floor_s, units_whole(w->last.work, work, sizeof work));
    else if (w->slowest_ns)
        snprintf(limit, sizeof limit, "%dx its slowest chunk, %s, at least %lld s",
                 WATCHDOG_FACTOR, units_secs(w->slowest_ns / 1e9, slowest, sizeof slowest),
                 (long long)w->floor_s);
    else
        snprintf(limit, sizeof limit, "%d s before its first chunk", WATCHDOG_FIRST_S);
    /* whole seconds: the watchdog looks about once a second */
    snprintf(buf, n, "no progress for %lld s %s: killed (watchdog: %s)",
             (long long)((now_ns - w->last_ns) / 1000000000u), beat_text(&w->last, doing, sizeof doing), limit);
    return buf;
}
