/*
** need: an application's load, `--need writes=200/s,reads=2000/s,read-p99=20ms,wal=256M`,
** that the headline holds each cell against.  Each item is a limit: a row
** written may cost at most 1/writes seconds, a read at most 1/reads, a
** read's p99 at most read-p99 (those three are costs, in µs), and a WAL
** cell's -wal file may hold at most wal bytes.  An item not given is NaN.
*/
#ifndef SQLSOAK_NEED_H
#define SQLSOAK_NEED_H

#include <stddef.h>

enum need_item { NEED_WRITES, NEED_READS, NEED_READ_P99, NEED_WAL, NEED_COUNT };
#define NEED_COSTS NEED_WAL      /* the items before it are costs in µs */

struct need {
    /* the most each may be: µs of a cost, bytes of the WAL; NaN not asked */
    double limit[NEED_COUNT];
    double asked[NEED_COUNT];      /* as given: rows/s, reads/s, µs or bytes */
};

/* The item's name as --need takes it ("writes"). */
extern const char *const need_names[NEED_COUNT];

/* Parses text into *out.  0, or -1 with one line in err naming the item. */
int need_parse(const char *text, struct need *out, char *err, size_t errlen);

/* The item as the user gave it, "200/s", "20 ms" or "256 MiB", into buf. */
const char *need_asked_text(const struct need *nd, enum need_item k, char *buf, size_t n);

/* Bytes in the binary units --need wal takes: "256 MiB", "41.2 MiB",
** "900 KiB"; the one size units.h does not give, so that a WAL is held
** against the need in the need's own units. */
const char *need_bytes_text(double bytes, char *buf, size_t n);

#endif
