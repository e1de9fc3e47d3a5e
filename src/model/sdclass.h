/*
** sdclass: the SD Association's Application Performance Classes, A1 and
** A2, as the Raspberry Pi's own SD card speed test (agnostics) checks a
** card against them: one table of their minimums, and a device's verdict
** from three figures.  Pure: figures in, verdict out; it measures nothing
** (devprobe does, as agnostics does: 4 KiB random writes and reads at
** queue depth 4 with O_DIRECT over a 64 MiB file).
**
** A class is met when every one of its figures is at or above its
** minimum; A2 asks A1's sequential write and more random I/O.  A verdict
** names every figure that misses, with the minimum it missed and the
** class's name: "below A1: random writes 320 IOPS (A1: 500)".
*/
#ifndef SQLSOAK_SDCLASS_H
#define SQLSOAK_SDCLASS_H

#include <stddef.h>

enum sdclass_figure {
    SDCLASS_SEQ_WRITE,     /* MB/s (10^6 bytes a second), sequential */
    SDCLASS_RAND_WRITE,    /* 4 KiB random write IOPS, queue depth 4 */
    SDCLASS_RAND_READ,     /* 4 KiB random read IOPS, queue depth 4 */
    SDCLASS_NFIGURES
};

/* A figure: its words in a verdict ("random writes"), its key in JSON,
** its unit. */
struct sdclass_figure_name {
    const char *words, *key, *unit;
};
extern const struct sdclass_figure_name sdclass_figures[SDCLASS_NFIGURES];

/* The classes from the lowest: name and the minimum of each figure. */
#define SDCLASS_NCLASSES 2
struct sdclass_class {
    const char *name;
    double min[SDCLASS_NFIGURES];
};
extern const struct sdclass_class sdclass_table[SDCLASS_NCLASSES];

/* Where the table's minimums come from, in words. */
extern const char sdclass_source[];

struct sdclass_miss {
    int cls;                       /* index in sdclass_table */
    enum sdclass_figure figure;
    double got;
};

struct sdclass_verdict {
    int met;                       /* classes met: 0 below A1, 1 A1, 2 A2 */
    int nmissed;                   /* the next class's figures that miss */
    struct sdclass_miss missed[SDCLASS_NFIGURES];
};

/* The verdict for figures got (indexed by enum sdclass_figure): the
** highest class all of whose minimums they reach, and the figures that
** miss the class above it, in the table's order (none when A2 is met).  A
** figure that is NaN or negative reaches no minimum. */
void sdclass_judge(const double got[SDCLASS_NFIGURES], struct sdclass_verdict *v);

/* The verdict's word: "A2", "A1" or "below A1". */
const char *sdclass_word(const struct sdclass_verdict *v);

/* The verdict in words into buf: "meets A2", "meets A1 (below A2: random
** reads 2,100 IOPS (A2: 4,000))", "below A1: random writes 320 IOPS (A1:
** 500), sequential write 8.1 MB/s (A1: 10.24)".  A figure that misses is
** rounded to the digits shown (IOPS whole, MB/s to 0.1), but cut down
** where rounding would make it its minimum (499.7 IOPS is "499"): it never
** reads as the minimum it missed.  Returns snprintf's length. */
int sdclass_say(const struct sdclass_verdict *v, char *buf, size_t n);

/* The table in words into buf, its source last: "A1: sequential write
** 10.24 MB/s, random writes 500 IOPS, random reads 1,500 IOPS; A2: ... (SD
** Association ...)".  Returns snprintf's length. */
int sdclass_say_table(char *buf, size_t n);

#endif
