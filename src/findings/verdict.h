/*
** verdict: the one rule that decides whether two cells (or two sets of
** cells, or two runs) differ, and the three words it says it in.  Every
** comparison sqlsoak states is decided here: cells of a run over its
** rounds (noise.h), over its chunk pairs in lockstep (chunkpair.h), a
** dimension's values, a preset's claim, and `compare`'s runs.
**
** The call, from a ratio A/B's 95% interval:
**   a difference               the interval, at the two decimals printed,
**                              excludes 1.00;
**   no difference beyond 5%    the interval lies inside 1/1.05..1.05;
**   not decided                neither: it is said with what would decide.
** "Within noise" is never said of an interval that is merely wide:
** 0.70..2.88 is not decided.
**
** Rounds.  Each round gives one ratio of the two sides' rates (noise.h:
** what each sustained over its full chunks).  The ratio is exp of the mean
** of their logarithms and its interval Student's t on those logarithms
** (k - 1 degrees of freedom): it weighs how far from 1 the rounds lie
** against their spread, not how many there are.  Five rounds that all say
** 536..629x decide a difference; two that say 0.9 and 1.3 do not.  The
** assumption: the rounds' log-ratios are independent and near normal, as
** a drift that slows a whole round cancels in its ratio.  One round gives
** no interval: it is not decided, unless its chunk pairs decide it.
**
** One after another.  Cells of one round that did not run in lockstep,
** and a cell of two runs in `compare`, are decided by their chunk pairs
** at matched table sizes with an allowance for drift (chunkpair.h,
** chunkpair_as_sequential): only a difference far beyond what the
** machine's drift between them could make is called.  The interval of
** their blocks is widened at each end by 1.5x, or by the move the pairs
** show between their first half and their second when larger.  The
** assumption: the machine's speed differs between the two cells by no
** more than that; under a linear change of 20% and a step of 30% (1.42x
** together) simulated identical cells are called different in at most 5%
** of runs (test_sequential.c).  It never says no difference: the
** allowance alone is wider than 5%.
**
** Which evidence speaks: rounds (two or more) over chunk pairs in
** lockstep, over chunk pairs one after another (verdict_choose).  When
** rounds and chunk pairs both decided and call it differently, both are
** named and the sentence says they disagree.
*/
#ifndef SQLSOAK_VERDICT_H
#define SQLSOAK_VERDICT_H

#include <stddef.h>

/* The largest change "no difference" may hide: 5%. */
#define VERDICT_MARGIN 0.05

enum verdict_call { VC_NONE, VC_NOT_DECIDED, VC_NO_DIFFERENCE, VC_DIFFERENCE };
/* In the order they speak, the last first (verdict_choose). */
enum verdict_method { VM_NONE, VM_SEQUENTIAL, VM_LOCKSTEP, VM_ROUNDS };

struct verdict {
    double ratio, lo, hi;        /* A over B and its 95% interval; lo, hi NaN: none */
    enum verdict_call call;
    enum verdict_method method;
    int evidence;                /* rounds, or chunk pairs */
    int more_rounds;             /* rounds that would decide it, as the spread so far
                                 ** says; 0 unknown */
    int left_out;                /* chunk pairs straddling a resume, left out */
};

/* The call of a ratio's 95% interval lo..hi, as above; VC_NONE when
** either end is NaN. */
enum verdict_call verdict_call_of(double lo, double hi);

/* The same rule with a stated least change, for a comparison that names
** its own (history's boards: 10%): a difference only when the interval
** excludes 1 and the ratio is at least 1 + least from 1 (either way); no
** difference beyond least when the interval lies inside
** 1/(1 + least)..1 + least; else not decided. */
enum verdict_call verdict_call_beyond(double ratio, double lo, double hi, double least);

/* The verdict of k log-ratios (rounds), Student's t as above, into *out
** (method VM_ROUNDS; one: ratio alone, not decided). */
void verdict_of_logs(const double *logs, int k, struct verdict *out);

/* v's call from its ratio and interval, and for rounds not decided the
** rounds that would decide it, as their spread so far says. */
void verdict_settle(struct verdict *v);

/* As verdict_settle, of a verdict read back from a file that typed its
** call in word (summary.csv's write_verdict): that call stands where it
** names one.  The chunk pairs' own rule (too few blocks: not decided)
** is not in the interval alone, so the interval settled again could say
** a difference the pairs did not. */
void verdict_settle_typed(struct verdict *v, const char *word);

/* The call in words: "a difference", "no difference beyond 5%", "not
** decided"; "" for VC_NONE. */
const char *verdict_call_name(enum verdict_call c);

/* The same with the margin least, into buf: "no difference beyond 10%". */
const char *verdict_call_words(enum verdict_call c, double least, char *buf, size_t n);

/* The method in a word, summary.csv's: "rounds", "lockstep",
** "sequential", "". */
const char *verdict_method_name(enum verdict_method m);

/* The method of its word, as verdict_method_name gives it; VM_NONE for
** any other. */
enum verdict_method verdict_method_of(const char *word);

/* Its evidence: "6 rounds", "40 chunk pairs in lockstep", "40 chunk pairs
** one after another", into buf. */
const char *verdict_evidence_text(const struct verdict *v, char *buf, size_t n);

/* What would decide it, a not decided verdict of a run that interleaved
** (lockstep 1) or not (0), or of one not known (-1): "1 round and no lockstep; --repeat 6 or --interleave
** chunk can decide it", "3 rounds; about 9 would decide it". */
const char *verdict_deciding_text(const struct verdict *v, int lockstep, char *buf, size_t n);

/* The verdict as a table and a sentence give it: "1.86x (1.62..2.10): a
** difference, from 40 chunk pairs in lockstep"; "1.40x (0.70..2.88): not
** decided, from 5 rounds; about 12 would decide it"; "1.32x: not decided:
** 1 round and no lockstep; --repeat 6 or --interleave chunk can decide
** it"; "-" with no ratio. */
const char *verdict_text(const struct verdict *v, int lockstep, char *buf, size_t n);

/* The same after the ratio, for a sentence that says the ratio its own
** way: " (1.62..2.10): a difference, from 40 chunk pairs in lockstep";
** "" with no ratio. */
const char *verdict_tail_text(const struct verdict *v, int lockstep, char *buf, size_t n);

/* One verdict of two: the rounds' (r) and the chunk pairs' (p: in
** lockstep, one after another, or method VM_NONE when there are none).
** Rounds speak when there are two or more, else the chunk pairs: a run
** of one round states p, in lockstep or one after another.  Returns 1
** when both decided and disagree (the caller names both, saying so),
** else 0; *out the one. */
int verdict_choose(const struct verdict *r, const struct verdict *p, struct verdict *out);

#endif
