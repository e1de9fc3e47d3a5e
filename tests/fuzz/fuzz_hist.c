/*
** fuzz_hist: the bytes as the text of a latency histogram (a field of
** histograms.csv).  What must hold: a histogram read is one hist_to_text
** writes back, which reads back the same; its percentiles lie within
** [min, max] and do not fall as p rises.
*/
#include "fuzz.h"
#include "hist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size), *buf = malloc(HIST_TEXT_MAX);
    struct hist *h = malloc(sizeof *h), *again = malloc(sizeof *again);
    FUZZ_CHECK(buf && h && again);
    if (hist_from_text(h, text) == 0) {
        FUZZ_CHECK(hist_to_text(h, buf, HIST_TEXT_MAX) >= 0);
        FUZZ_CHECK(hist_from_text(again, buf) == 0);
        FUZZ_CHECK(memcmp(h, again, sizeof *h) == 0);
        uint64_t last = 0;
        static const double ps[] = {1, 50, 90, 99, 99.9, 100};
        for (size_t i = 0; h->count && i < sizeof ps / sizeof ps[0]; i++) {
            uint64_t v = hist_percentile(h, ps[i]);
            FUZZ_CHECK(v >= h->min && v <= h->max && v >= last);
            last = v;
        }
    }
    free(again);
    free(h);
    free(buf);
    free(text);
    return 0;
}
