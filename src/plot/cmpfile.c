/*
** cmpfile: comparison.csv read back.  See cmpfile.h.
*/
#include "cmpfile.h"
#include "verdict.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int cmpfile_is_comparison(const char *dir)
{
    char path[4200];
    struct stat st;
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    if (stat(path, &st) == 0)
        return 0;
    snprintf(path, sizeof path, "%s/comparison.csv", dir);
    return stat(path, &st) == 0;
}

int cmpfile_load(const char *dir, struct cmpfile *c, char *err, size_t errlen)
{
    char path[4200];
    memset(c, 0, sizeof *c);
    const char *base = strrchr(dir, '/');
    base = base && base[1] ? base + 1 : dir;
    snprintf(c->name, sizeof c->name, "%s", base);
    snprintf(path, sizeof path, "%s/comparison.csv", dir);
    /* its columns are summary.csv's, with the run's before and the ratios
    ** after; one of 0.3.0, whose ratios took summary.csv's names again, is
    ** refused by csvin for the name it gives twice */
    if (csvin_read(path, CSV_SUMMARY, &c->t, err, errlen) != 0)
        return -1;
    c->match = csvin_col(&c->t, "match");
    c->run = csvin_col(&c->t, "run");
    c->baseline = csvin_col(&c->t, "baseline_run");
    for (int k = 0; k < CMPRATIO_COUNT; k++) {
        const char *part[3] = {"median", "lo", "hi"};
        for (int p = 0; p < 3; p++) {
            char col[96];
            snprintf(col, sizeof col, "%s_vs_baseline_run_%s", cmpratio_table[k].stem, part[p]);
            c->ratio[k][p] = csvin_col(&c->t, col);
        }
        char col[96];
        snprintf(col, sizeof col, "%s_vs_baseline_run_method", cmpratio_table[k].stem);
        c->method[k] = csvin_col(&c->t, col);
        snprintf(col, sizeof col, "%s_vs_baseline_run_pairs", cmpratio_table[k].stem);
        c->pairs[k] = csvin_col(&c->t, col);
    }
    c->repeats = csvin_col(&c->t, "vs_baseline_run_repeats");
    c->confidence = csvin_col(&c->t, "vs_baseline_run_confidence");
    if (c->match < 0 || c->run < 0 || c->baseline < 0 || c->ratio[0][0] < 0) {
        snprintf(err, errlen, "%s: not a comparison.csv of sqlsoak compare (no match, run or "
                         "baseline_run column)", path);
        csvin_free(&c->t);
        return -1;
    }
    return 0;
}

const char *cmpfile_str(const struct cmpfile *c, int row, int col)
{
    if (col < 0 || row < 0 || row >= c->t.nrows)
        return "";
    const char *s = c->t.cell[(size_t)row * (size_t)c->t.ncols + (size_t)col];
    return s ? s : "";
}

static double num(const char *s)
{
    char *end;
    double d = strtod(s, &end);
    return *s && !*end ? d : NAN;
}

int cmpfile_is_base(const struct cmpfile *c, int row)
{
    return strcmp(cmpfile_str(c, row, c->run), cmpfile_str(c, row, c->baseline)) == 0;
}

void cmpfile_verdict(const struct cmpfile *c, int row, int k, struct verdict *out)
{
    double rounds = num(cmpfile_str(c, row, c->repeats));
    /* an older file's chunk pairs, uncounted, are said as "its chunk pairs" */
    double pairs = num(cmpfile_str(c, row, c->pairs[k]));
    /* settled again by verdict.h's one rule, as compare settled it: a
    ** file's interval is the evidence, never a call of its own */
    int seq = verdict_method_of(cmpfile_str(c, row, c->method[k])) == VM_SEQUENTIAL;
    *out = (struct verdict){num(cmpfile_str(c, row, c->ratio[k][0])),
                            num(cmpfile_str(c, row, c->ratio[k][1])),
                            num(cmpfile_str(c, row, c->ratio[k][2])),
                            VC_NONE,
                            seq ? VM_SEQUENTIAL : VM_ROUNDS,
                            seq ? (pairs >= 1 ? (int)pairs : 0) : rounds >= 1 ? (int)rounds : 1,
                            0,
                            0};
    if (cmpfile_is_base(c, row))
        out->ratio = NAN;
    verdict_settle(out);
}

const char *cmpfile_ratio_text(const struct cmpfile *c, int row, int k, char *buf, size_t n)
{
    struct verdict d;
    if (cmpfile_is_base(c, row)) {
        snprintf(buf, n, "baseline");      /* the run the others are divided by */
        return buf;
    }
    cmpfile_verdict(c, row, k, &d);
    if (isnan(d.ratio)) {
        buf[0] = 0;
        return buf;
    }
    return verdict_text(&d, d.method == VM_SEQUENTIAL ? 0 : -1, buf, n);
}

void cmpfile_free(struct cmpfile *c)
{
    csvin_free(&c->t);
}
