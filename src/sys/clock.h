/*
** clock: time as an integer with its unit in the name, from one clock
** (CLOCK_MONOTONIC: never steps back, unaffected by NTP jumps).
*/
#ifndef SQLSOAK_CLOCK_H
#define SQLSOAK_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t clock_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
