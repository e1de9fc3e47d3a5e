/*
** progress: see progress.h.
*/
#include "progress.h"

#include "stop.h"
#include "units.h"

#include <assert.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void progress_init(struct progress *p, int mode)
{
    p->enabled = mode != PG_NEVER;
    p->in_place = mode == PG_ALWAYS || (mode == PG_AUTO && isatty(STDERR_FILENO));
    p->dirty = 0;
    p->runs = 0;
    p->name[0] = 0;
    p->label = "";
    p->later_cells_s = -1;
    p->stop_acked = 0;
}

const char *progress_duration(double s, char *buf, int n)
{
    /* long long, not long: 2^31 s (an ETA of 68 years) overflows a 32-bit
    ** long; past ~10^18 s, or NaN, there is no integer to print */
    if (!(s >= 0 && s < 1e18)) {
        snprintf(buf, (size_t)n, "?");
        return buf;
    }
    long long t = (long long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, (size_t)n, "%lldh%02lldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, (size_t)n, "%lldm%02llds", t / 60, t % 60);
    else
        snprintf(buf, (size_t)n, "%llds", t);
    return buf;
}

void progress_chunk(struct progress *p, int64_t nchunks, const struct chunk_record *cr)
{
    char r[16], el[16], eta[16], all[16];
    if (!p->enabled)
        return;
    int64_t chunk = cr->chunk;
    double cell_left = cr->elapsed_s / (double)(chunk + 1) * (double)(nchunks - chunk - 1);
    double total_left = p->later_cells_s < 0 ? -1 : cell_left + p->later_cells_s;
    fprintf(stderr, "%s%s (%s)  chunk %" PRId64 " (%" PRId64 "/%" PRId64 ")  rows %" PRId64,
            p->in_place ? "\r\033[K" : "", p->name, p->label, chunk, chunk + 1, nchunks,
            cr->rows);
    for (int ph = 0; ph < PHASE_COUNT; ph++)
        if (phase_table[ph].shown)
            fprintf(stderr, "  %s %s/s", phase_table[ph].name, units_rate(cr->ph[ph].rate, r, sizeof r));
    fprintf(stderr, "  elapsed %s  eta %s", progress_duration(cr->elapsed_s, el, sizeof el),
            progress_duration(cell_left, eta, sizeof eta));
    if (p->runs > 1 && total_left >= 0)
        fprintf(stderr, " (run %s)", progress_duration(total_left, all, sizeof all));
    if (p->in_place) {
        p->dirty = 1;
    } else {
        fputc('\n', stderr);
    }
    fflush(stderr);
}

void progress_live(struct progress *p, int64_t nchunks, const struct beat *b)
{
    char r[16], el[16], noun[16];
    int ph = b->step - BEAT_PHASE;
    assert(b->live && ph >= 0 && ph < PHASE_COUNT);
    if (!p->enabled || !p->in_place)
        return;
    /* the ops' noun from the rate's unit: "rows/s" -> "rows" */
    snprintf(noun, sizeof noun, "%.*s", (int)strcspn(phase_table[ph].unit, "/"),
             phase_table[ph].unit);
    fprintf(stderr, "\r\033[K%s (%s)  chunk %" PRId64 " (%" PRId64 "/%" PRId64 ")  %s %" PRId64
            "/%" PRId64 " %s  %s/s  elapsed %s", p->name, p->label, b->chunk, b->chunk + 1, nchunks,
            phase_table[ph].name, b->done, b->total, noun, units_rate(b->rate, r, sizeof r),
            progress_duration(b->elapsed_s, el, sizeof el));
    p->dirty = 1;
    fflush(stderr);
}

void progress_stopping(struct progress *p, int sig, double left_s)
{
    char msg[200], about[48] = "", d[16];
    if (p->stop_acked)
        return;
    p->stop_acked = 1;
    if (left_s >= 0)    /* as the ETA says it: whole seconds, then minutes */
        snprintf(about, sizeof about, " (about %s)", progress_duration(left_s, d, sizeof d));
    if (sig == SIGINT)
        snprintf(msg, sizeof msg, "stopping after this chunk%s; Ctrl-C again to stop now", about);
    else
        snprintf(msg, sizeof msg, "%s: stopping after this chunk%s; a second %s stops now",
                 stop_signame(sig), about, stop_signame(sig));
    progress_note(p, msg);
}

int progress_stop_acked(const struct progress *p)
{
    return p->stop_acked;
}

void progress_note(struct progress *p, const char *msg)
{
    progress_done(p);
    fprintf(stderr, "%s\n", msg);
}

void progress_done(struct progress *p)
{
    if (p->dirty)
        fputc('\n', stderr);
    p->dirty = 0;
}
