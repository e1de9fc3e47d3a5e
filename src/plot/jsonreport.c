/*
** jsonreport: a results folder as one JSON object.  See jsonreport.h.
** Its keys are that document's own, spelled here; run.json's are
** runkey.h's.
*/
#include "jsonreport.h"
#include "headline.h"
#include "heldrate.h"
#include "plotdata.h"
#include "summaryjson.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>

/* What the JSON reports print: indented, keys in the order set. */
#define JSONREPORT_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12))

int jsonreport_run(FILE *f, const char *dir, char *err, size_t errlen)
{
    struct plotdata_run r;
    if (plotdata_load(dir, &r, err, errlen) != 0)
        return 2;
    json_t *summary = summaryjson_build(dir, err, errlen);
    if (!summary) {
        plotdata_free(&r);
        return 2;
    }
    json_t *lines = json_array();
    struct headline *h = malloc(sizeof *h);
    char why[512];
    if (h && headline_load(dir, NULL, h, why, sizeof why) == 0)
        for (int i = 0; i < h->n; i++)
            json_array_append_new(lines, json_string(h->line[i].text));
    free(h);
    json_t *o = json_pack("{s:s,s:s,s:s,s:o,s:o}", "kind", "run", "name", r.name, "description",
                          r.desc, "headline", lines, "summary", summary);
    plotdata_free(&r);
    int rc = o && json_dumpf(o, f, JSONREPORT_FLAGS) == 0 && fputc('\n', f) != EOF ? 0 : 1;
    json_decref(o);
    return rc;
}

/* A field as a number, null when empty or not one. */
static json_t *number(const char *s)
{
    char *end;
    double d = strtod(s, &end);
    return *s && !*end && !isnan(d) ? json_real(d) : json_null();
}

/* A figure as a number, null when not measured. */
static json_t *real(double v)
{
    return isnan(v) ? json_null() : json_real(v);
}

static json_t *integer(const char *s)
{
    char *end;
    long long v = strtoll(s, &end, 10);
    return *s && !*end ? json_integer(v) : json_null();
}

int jsonreport_compare(FILE *f, const struct cmpfile *c)
{
    const struct csvin *t = &c->t;
    json_t *matches = json_array();
    for (int i = 0; i < t->nrows; i++) {
        json_t *ratios = json_object();
        for (int k = 0; k < CMPRATIO_COUNT; k++) {
            char text[200];
            struct verdict d;
            /* typed as the text says it: "baseline" in its rows, null unmeasured */
            cmpfile_verdict(c, i, k, &d);
            int base = cmpfile_is_base(c, i), none = isnan(d.ratio);
            json_object_set_new(
                ratios, cmpratio_table[k].stem,
                json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:s}", "median",
                          number(cmpfile_str(c, i, c->ratio[k][0])), "lo",
                          number(cmpfile_str(c, i, c->ratio[k][1])), "hi",
                          number(cmpfile_str(c, i, c->ratio[k][2])), "verdict",
                          base   ? json_string("baseline")
                          : none ? json_null()
                                 : json_string(verdict_call_name(d.call)),
                          "method",
                          base || none ? json_null() : json_string(verdict_method_name(d.method)),
                          /* the chunk pairs that decided it, as comparison.csv counts them */
                          "pairs", integer(cmpfile_str(c, i, c->pairs[k])), "text", cmpfile_ratio_text(c, i, k, text, sizeof text)));
        }
        json_array_append_new(
            matches,
            json_pack("{s:o,s:s,s:o,s:o,s:s,s:o,s:o,s:o}", "match",
                      integer(cmpfile_str(c, i, c->match)), "run", cmpfile_str(c, i, c->run),
                      colid_name(COL_cell), integer(csvin_str(t, CSV_SUMMARY, i, COL_cell)),
                      colid_name(COL_repeat), integer(csvin_str(t, CSV_SUMMARY, i, COL_repeat)),
                      colid_name(COL_status), csvin_str(t, CSV_SUMMARY, i, COL_status),
                      /* the rates the ratios divide (cmpratio.h), and the
                      ** rankings: heldrate.h's, under the column they are of */
                      colid_name(heldrate_column(t, i, PHASE_WRITE)),
                      real(heldrate_at(t, i, PHASE_WRITE)),
                      colid_name(heldrate_column(t, i, PHASE_READ)),
                      real(heldrate_at(t, i, PHASE_READ)), "ratios", ratios));
    }
    json_t *o = json_pack("{s:s,s:s,s:s,s:o}", "kind", "comparison", "name", c->name, "baseline",
                          t->nrows ? cmpfile_str(c, 0, c->baseline) : "", "matches", matches);
    int rc = o && json_dumpf(o, f, JSONREPORT_FLAGS) == 0 && fputc('\n', f) != EOF ? 0 : 1;
    json_decref(o);
    return rc;
}
