/*
** sdclass: see sdclass.h.
*/
#include "sdclass.h"

#include <math.h>
#include <stdio.h>

const struct sdclass_figure_name sdclass_figures[SDCLASS_NFIGURES] = {
    [SDCLASS_SEQ_WRITE] = {"sequential write", "seq_write_mb_per_s", "MB/s"},
    [SDCLASS_RAND_WRITE] = {"random writes", "random_write_iops", "IOPS"},
    [SDCLASS_RAND_READ] = {"random reads", "random_read_iops", "IOPS"},
};

/* The SD Association's Application Performance Class minimums (SD
** Physical Layer Specification 5.1 for A1, 6.0 for A2), as the Raspberry
** Pi's agnostics SD card speed test checks them with fio: 4 KiB random
** writes and reads at queue depth 4, and a sequential write of at least
** 10,000 in fio's terse output, whose bandwidths are KiB/s: 10.24 MB/s,
** a little above the Association's 10 MB/s.  A card between the two fails
** the Pi's test, and so it fails here. */
#define SDCLASS_SEQ_MIN (10000 * 1024 / 1e6)
const struct sdclass_class sdclass_table[SDCLASS_NCLASSES] = {
    {"A1", {[SDCLASS_SEQ_WRITE] = SDCLASS_SEQ_MIN, [SDCLASS_RAND_WRITE] = 500,
            [SDCLASS_RAND_READ] = 1500}},
    {"A2", {[SDCLASS_SEQ_WRITE] = SDCLASS_SEQ_MIN, [SDCLASS_RAND_WRITE] = 2000,
            [SDCLASS_RAND_READ] = 4000}},
};

const char sdclass_source[] = "SD Association Application Performance Class A1/A2 minimums, "
                              "as the Raspberry Pi agnostics SD card speed test checks them";

static int reaches(double got, double min)
{
    return got >= min;     /* false for NaN */
}

void sdclass_judge(const double got[SDCLASS_NFIGURES], struct sdclass_verdict *v)
{
    v->met = 0;
    v->nmissed = 0;
    for (int c = 0; c < SDCLASS_NCLASSES; c++) {
        int all = 1;
        for (int f = 0; f < SDCLASS_NFIGURES; f++)
            all &= reaches(got[f], sdclass_table[c].min[f]);
        if (!all)
            break;
        v->met = c + 1;
    }
    if (v->met == SDCLASS_NCLASSES)
        return;
    for (int f = 0; f < SDCLASS_NFIGURES; f++)
        if (!reaches(got[f], sdclass_table[v->met].min[f]))
            v->missed[v->nmissed++] = (struct sdclass_miss){v->met, (enum sdclass_figure)f, got[f]};
}

const char *sdclass_word(const struct sdclass_verdict *v)
{
    return v->met > 0 ? sdclass_table[v->met - 1].name : "below A1";
}

/* x >= 0, whole, grouped by thousands ("1,500") into buf. */
static void grouped(double x, char *buf, size_t n)
{
    char d[32];
    int len = snprintf(d, sizeof d, "%.0f", x);
    size_t o = 0;
    for (int i = 0; i < len && o + 1 < n; i++) {
        if (i > 0 && (len - i) % 3 == 0 && o + 2 < n)
            buf[o++] = ',';
        buf[o++] = d[i];
    }
    buf[o] = 0;
}

/* A figure that missed min, rounded to the digits shown, or cut down to
** them where rounding would make it read as min itself. */
static void shown(enum sdclass_figure f, double got, double min, char *buf, size_t n)
{
    double scale = f == SDCLASS_SEQ_WRITE ? 10 : 1;
    double cut = round(got * scale) / scale;
    if (!(got >= 0))
        cut = 0;
    else if (cut >= min)
        cut = floor(got * scale) / scale;
    if (f == SDCLASS_SEQ_WRITE)
        snprintf(buf, n, "%.1f", cut);
    else
        grouped(cut, buf, n);
}

static void minimum(enum sdclass_figure f, double min, char *buf, size_t n)
{
    if (f == SDCLASS_SEQ_WRITE)
        snprintf(buf, n, "%g", min);
    else
        grouped(min, buf, n);
}

int sdclass_say(const struct sdclass_verdict *v, char *buf, size_t n)
{
    char list[512] = "";
    size_t len = 0;
    for (int i = 0; i < v->nmissed; i++) {
        const struct sdclass_miss *m = &v->missed[i];
        double min = sdclass_table[m->cls].min[m->figure];
        char got[32], want[32];
        shown(m->figure, m->got, min, got, sizeof got);
        minimum(m->figure, min, want, sizeof want);
        len += (size_t)snprintf(list + len, len < sizeof list ? sizeof list - len : 0,
                                "%s%s %s %s (%s: %s)", i ? ", " : "",
                                sdclass_figures[m->figure].words, got,
                                sdclass_figures[m->figure].unit, sdclass_table[m->cls].name, want);
    }
    if (v->met == SDCLASS_NCLASSES)
        return snprintf(buf, n, "meets %s", sdclass_word(v));
    if (v->met == 0)
        return snprintf(buf, n, "below %s: %s", sdclass_table[0].name, list);
    return snprintf(buf, n, "meets %s (below %s: %s)", sdclass_word(v),
                    sdclass_table[v->met].name, list);
}

int sdclass_say_table(char *buf, size_t n)
{
    size_t len = 0;
    for (int c = 0; c < SDCLASS_NCLASSES; c++) {
        len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s:", c ? "; " : "",
                                sdclass_table[c].name);
        for (int f = 0; f < SDCLASS_NFIGURES; f++) {
            char want[32];
            minimum((enum sdclass_figure)f, sdclass_table[c].min[f], want, sizeof want);
            len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s %s %s %s",
                                    f ? "," : "", sdclass_figures[f].words, want,
                                    sdclass_figures[f].unit);
        }
    }
    return (int)len + snprintf(buf + len, len < n ? n - len : 0, " (%s)", sdclass_source);
}
