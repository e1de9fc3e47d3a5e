/*
** busy: the counting busy handler.  See busy.h.
*/
#include "busy.h"

#include "clock.h"

#include <errno.h>
#include <math.h>
#include <time.h>

int64_t busy_timeout_ms(const struct cell *c)
{
    return c->v[DIM_BUSY_TIMEOUT];
}

/* SQLite's own delays (sqliteDefaultBusyCallback), in ms. */
static const int delays_ms[] = {1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100};
#define NDELAYS (int)(sizeof delays_ms / sizeof *delays_ms)

static void sleep_ns(uint64_t ns)
{
    struct timespec ts = {(time_t)(ns / 1000000000u), (long)(ns % 1000000000u)};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

int busy_handler(void *ctx, int count)
{
    struct busy *b = ctx;
    uint64_t now = clock_now_ns(), limit = (uint64_t)b->timeout_ms * 1000000u;
    b->calls++;
    if (count == 0)
        b->wait_start = b->left = now;
    /* SQLite's retry since the last sleep is part of the wait: on a loaded
    ** machine it can take a good part of it, and the wait counted must be
    ** the one the give-up below is decided on */
    b->wait_ns += now - b->left;
    uint64_t waited = now - b->wait_start;
    if (waited >= limit)
        return 0;
    uint64_t d = (uint64_t)delays_ms[count < NDELAYS ? count : NDELAYS - 1] * 1000000u;
    sleep_ns(d < limit - waited ? d : limit - waited);
    b->left = clock_now_ns();
    b->wait_ns += b->left - now;
    return 1;
}

int busy_install(struct busy *b, const struct sqlapi *api, sqlite3 *db, int64_t timeout_ms)
{
    b->timeout_ms = timeout_ms;
    b->calls = 0;
    b->wait_ns = 0;
    b->counted = api->busy_handler != NULL;
    if (!b->counted)
        return api->busy_timeout(db, (int)timeout_ms);
    return api->busy_handler(db, busy_handler, b);
}

void busy_take(struct busy *b, double *calls, double *wait_s)
{
    *calls = b->counted ? (double)b->calls : NAN;
    *wait_s = b->counted ? b->wait_ns / 1e9 : NAN;
    b->calls = 0;
    b->wait_ns = 0;
}
