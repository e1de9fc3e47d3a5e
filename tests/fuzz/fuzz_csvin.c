/*
** fuzz_csvin: the bytes as a CSV file sqlsoak reads back (a results
** folder copied, hand-edited or damaged), read as every schema csvin
** knows, whole and up to its last whole line, every field then fetched
** as text and as a number, every row as its typed record (as resume and
** status read them); and as the histograms.csv resume restores a
** cell's latency histogram from.  What must hold: a refusal says why; a
** file read has the fields it claims; what is kept ends on a line.
*/
#include "csvin.h"
#include "fuzz.h"
#include "hist.h"
#include "histfile.h"

#include <math.h>

/* Room for a record of any schema (csvout_from_csvin). */
union any_record {
    struct chunk_record chunk;
    struct summary_record summary;
    struct histogram_record histogram;
    struct trial_record trial;
    struct durability_record durability;
    struct timeline_record timeline;
};

static void walk(const struct csvin *t, enum csv_file f)
{
    FUZZ_CHECK(t->ncols > 0 && t->nrows >= 0);
    union any_record *rec = malloc(sizeof *rec);
    FUZZ_CHECK(rec != NULL);
    for (int r = 0; r < t->nrows; r++)
        FUZZ_CHECK(csvin_record(t, f, r, rec) == 0);
    FUZZ_CHECK(csvin_record(t, f, t->nrows, rec) == -1);
    free(rec);
    for (int r = 0; r < t->nrows; r++)
        for (int c = 0; c < t->ncols; c++) {
            FUZZ_CHECK(csvin_col(t, t->name[c]) == c);
            const char *s = csvin_str_named(t, r, t->name[c]);
            double d = csvin_num_named(t, r, t->name[c]);
            FUZZ_CHECK(s != NULL && (*s || isnan(d)));
        }
    FUZZ_CHECK(*csvin_str_named(t, t->nrows, t->name[0]) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("histograms.csv", data, size);
    for (int f = CSV_CHUNKS; f <= CSV_TIMELINE; f++) {
        struct csvin t;
        char err[8192] = "";
        if (csvin_read(path, (enum csv_file)f, &t, err, sizeof err) == 0) {
            walk(&t, (enum csv_file)f);
            csvin_free(&t);
        } else {
            FUZZ_CHECK(err[0] && t.ncols == 0 && t.nrows == 0);
        }
        off_t whole = -1;
        int torn = -1;
        err[0] = 0;
        if (csvin_read_whole(path, (enum csv_file)f, &t, &whole, &torn, err, sizeof err) == 0) {
            FUZZ_CHECK(whole >= 0 && (size_t)whole <= size && (torn == 0 || torn == 1));
            FUZZ_CHECK(whole == 0 || data[whole - 1] == '\n');
            walk(&t, (enum csv_file)f);
            csvin_free(&t);
        } else {
            FUZZ_CHECK(err[0]);
        }
    }
    /* resume restoring cell 1 repeat 1's histograms (the readers' too) of
    ** its first 3 chunks */
    struct hist *h = malloc(sizeof *h), *rh = malloc(sizeof *rh * HISTFILE_READER_HISTS);
    FUZZ_CHECK(h != NULL && rh != NULL);
    off_t whole = -1;
    char err[8192] = "";
    if (histfile_restore(fuzz_dir(), 1, 1, 3, h, rh, NULL, &whole, err, sizeof err) == 0)
        FUZZ_CHECK(whole >= 0 && (size_t)whole <= size && (whole == 0 || data[whole - 1] == '\n'));
    else
        FUZZ_CHECK(err[0]);
    free(h);
    free(rh);
    return 0;
}
