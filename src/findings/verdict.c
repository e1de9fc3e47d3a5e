/*
** verdict: a comparison decided, and said in three words.  See verdict.h.
*/
#include "verdict.h"

#include "absolute.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Past this many rounds a call is not worth promising. */
#define VERDICT_MOST_ROUNDS 60

/* The call of lo..hi with no difference inside 1/(1 + margin)..1 + margin. */
static enum verdict_call call_within(double lo, double hi, double margin)
{
    if (isnan(lo) || isnan(hi))
        return VC_NONE;
    /* at the two decimals printed: "1.00..1.00" is never a difference */
    if (round(lo * 100) > 100 || round(hi * 100) < 100)
        return VC_DIFFERENCE;
    if (lo >= 1 / (1 + margin) && hi <= 1 + margin)
        return VC_NO_DIFFERENCE;
    return VC_NOT_DECIDED;
}

enum verdict_call verdict_call_of(double lo, double hi)
{
    return call_within(lo, hi, VERDICT_MARGIN);
}

enum verdict_call verdict_call_beyond(double ratio, double lo, double hi, double least)
{
    enum verdict_call c = call_within(lo, hi, least);
    /* a difference smaller than the least stated is not called one: the
    ** ratio at the two decimals printed, so that "1.10x" passes 10% */
    if (c == VC_DIFFERENCE && round(100 * fmax(ratio, 1 / ratio)) < round(100 * (1 + least)))
        return VC_NOT_DECIDED;
    return c;
}

/* The rounds, k or more, whose t interval about mean with this spread
** would first be decided; 0 when none up to VERDICT_MOST_ROUNDS. */
static int rounds_to_decide(double mean, double sd, int k)
{
    double margin = log(1 + VERDICT_MARGIN);
    for (int n = k > 2 ? k : 2; n <= VERDICT_MOST_ROUNDS; n++) {
        double half = absolute_t975(n - 1) * sd / sqrt(n);
        if (fabs(mean) > half || fabs(mean) + half < margin)
            return n;
    }
    return 0;
}

void verdict_of_logs(const double *logs, int k, struct verdict *out)
{
    double sum = 0, ss = 0;
    memset(out, 0, sizeof *out);
    out->method = VM_ROUNDS;
    out->evidence = k;
    out->ratio = out->lo = out->hi = NAN;
    for (int i = 0; i < k; i++)
        sum += logs[i];
    double mean = k ? sum / k : NAN;
    out->ratio = exp(mean);
    out->call = k ? VC_NOT_DECIDED : VC_NONE;
    if (k < 2)
        return;
    for (int i = 0; i < k; i++)
        ss += (logs[i] - mean) * (logs[i] - mean);
    double sd = sqrt(ss / (k - 1)), half = absolute_t975(k - 1) * sd / sqrt(k);
    out->lo = exp(mean - half);
    out->hi = exp(mean + half);
    verdict_settle(out);
}

void verdict_settle(struct verdict *v)
{
    v->call = isnan(v->ratio) ? VC_NONE
              : isnan(v->lo)  ? VC_NOT_DECIDED
                              : verdict_call_of(v->lo, v->hi);
    v->more_rounds = 0;
    if (v->call != VC_NOT_DECIDED || v->method != VM_ROUNDS || v->evidence < 2)
        return;
    /* the rounds' spread, back from the interval it gave */
    int k = v->evidence;
    double sd = log(v->hi / v->lo) / 2 * sqrt(k) / absolute_t975(k - 1);
    v->more_rounds = rounds_to_decide(log(v->ratio), sd, k + 1);
}

const char *verdict_call_name(enum verdict_call c)
{
    static char margin[40];
    return verdict_call_words(c, VERDICT_MARGIN, margin, sizeof margin);
}

const char *verdict_call_words(enum verdict_call c, double least, char *buf, size_t n)
{
    switch (c) {
    case VC_DIFFERENCE:
        return "a difference";
    case VC_NO_DIFFERENCE:
        snprintf(buf, n, "no difference beyond %lld%%", (long long)llround(100 * least));
        return buf;
    case VC_NOT_DECIDED:
        return "not decided";
    default:
        return "";
    }
}

static const char *const method_names[] = {
    [VM_NONE] = "", [VM_SEQUENTIAL] = "sequential", [VM_LOCKSTEP] = "lockstep",
    [VM_ROUNDS] = "rounds"};

const char *verdict_method_name(enum verdict_method m)
{
    return m >= VM_NONE && m <= VM_ROUNDS ? method_names[m] : "";
}

enum verdict_method verdict_method_of(const char *word)
{
    for (int m = VM_SEQUENTIAL; m <= VM_ROUNDS; m++)
        if (strcmp(word, method_names[m]) == 0)
            return (enum verdict_method)m;
    return VM_NONE;
}

void verdict_settle_typed(struct verdict *v, const char *word)
{
    verdict_settle(v);
    for (int c = VC_NOT_DECIDED; c <= VC_DIFFERENCE; c++)
        if (v->call != VC_NONE && strcmp(word, verdict_call_name((enum verdict_call)c)) == 0)
            v->call = (enum verdict_call)c;
}

/* Whether v's evidence is chunk pairs, in lockstep or one after another. */
static int of_pairs(const struct verdict *v)
{
    return v->method == VM_LOCKSTEP || v->method == VM_SEQUENTIAL;
}

const char *verdict_evidence_text(const struct verdict *v, char *buf, size_t n)
{
    const char *how = v->method == VM_LOCKSTEP ? "in lockstep" : "one after another";
    if (of_pairs(v) && v->evidence <= 0)   /* a count summary.csv does not keep */
        snprintf(buf, n, "its chunk pairs %s", how);
    else if (of_pairs(v))
        snprintf(buf, n, "%d chunk pair%s %s", v->evidence, v->evidence == 1 ? "" : "s", how);
    else
        snprintf(buf, n, "%d round%s", v->evidence, v->evidence == 1 ? "" : "s");
    return buf;
}

const char *verdict_deciding_text(const struct verdict *v, int lockstep, char *buf, size_t n)
{
    if (v->method == VM_ROUNDS && v->evidence < 2)
        snprintf(buf, n, "1 round%s; --repeat 6%s can decide it",
                 lockstep > 0 ? ", its chunk pairs too few" : lockstep == 0 ? " and no lockstep" : "",
                 lockstep == 0 ? " or --interleave chunk" : "");
    else if (v->method == VM_LOCKSTEP)
        snprintf(buf, n, "--repeat 6 or more chunks can decide it");
    else if (v->method == VM_SEQUENTIAL)
        snprintf(buf, n, "--repeat 6 or --interleave chunk can decide it");
    else if (v->more_rounds > 0)
        snprintf(buf, n, "about %d rounds would decide it", v->more_rounds);
    else
        snprintf(buf, n, "its rounds spread too far for %d rounds to decide it",
                 VERDICT_MOST_ROUNDS);
    return buf;
}

const char *verdict_tail_text(const struct verdict *v, int lockstep, char *buf, size_t n)
{
    char ev[64], why[128], range[48];
    verdict_evidence_text(v, ev, sizeof ev);
    units_range(v->lo, v->hi, range, sizeof range);
    if (isnan(v->ratio))
        buf[0] = 0;
    else if (isnan(v->lo) && of_pairs(v))
        snprintf(buf, n, ": not decided, from %s; %s", ev,
                 verdict_deciding_text(v, lockstep, why, sizeof why));
    else if (isnan(v->lo))
        snprintf(buf, n, ": not decided: %s", verdict_deciding_text(v, lockstep, why, sizeof why));
    else if (v->call == VC_NOT_DECIDED)
        snprintf(buf, n, " (%s): not decided, from %s; %s", range, ev,
                 verdict_deciding_text(v, lockstep, why, sizeof why));
    else
        snprintf(buf, n, " (%s): %s, from %s", range, verdict_call_name(v->call), ev);
    return buf;
}

const char *verdict_text(const struct verdict *v, int lockstep, char *buf, size_t n)
{
    char tail[256], ratio[32];
    if (isnan(v->ratio))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%s%s", units_ratio(v->ratio, ratio, sizeof ratio),
                 verdict_tail_text(v, lockstep, tail, sizeof tail));
    return buf;
}

int verdict_choose(const struct verdict *r, const struct verdict *p, struct verdict *out)
{
    int pairs = p && of_pairs(p) && !isnan(p->ratio);
    *out = r->evidence < 2 && pairs ? *p : *r;
    if (!pairs || r->evidence < 2)
        return 0;
    int decided = (r->call == VC_DIFFERENCE || r->call == VC_NO_DIFFERENCE) &&
                  (p->call == VC_DIFFERENCE || p->call == VC_NO_DIFFERENCE);
    return decided && (r->call != p->call ||
                       (r->call == VC_DIFFERENCE && (r->ratio > 1) != (p->ratio > 1)));
}
