/*
** headline: the answer of a run in a few sentences with figures, printed
** first: on the terminal at the end of a run and by `sqlsoak plot`, and
** for report.html and any export to put at their top.
**
** The sentences, in this order, each present only when its figures are:
**   HL_DIM      first, the verdict block: a line for each dimension that
**               varies, its values ranked by the rate they sustained and
**               one verdict between each and the next (headlinedims.h);
**   HL_ABSOLUTE the baseline cell's costs, and the fastest writer's;
**   HL_SCALING  how the baseline cell's write and read cost per op grew
**               from its first to its last full chunk, as a factor per
**               doubling of the table from a log-log fit over its chunks
**               with a 95% interval; when the cell stopped short of the
**               planned rows, what that slope means at the planned count;
**   HL_CACHE    where the reads came from, and what that means ("reads
**               came from RAM (100% cached): this is not the disk's read
**               speed; use --os-cache drop");
**   HL_UPDATES, HL_DELETES, HL_FREELIST
**               the baseline cell's updates and deletes, their rows a
**               chunk, rate and latency, and the freelist its deletes left
**               (churn.h), when it ran them;
**   HL_READERS  what the writer's COMMITs cost the readers, per journal
**               mode (readwait.h);
**   HL_DEVICE   (headline_load, when the run probed its storage) the
**               baseline cell against the device's own limits, and each
**               other cell the device bound (efficiency.h);
**   HL_CLAIM    for a preset that reproduces a published experiment, the
**               published claim beside this run's verdict (one table,
**               headlineclaims.c's claims[]);
**   HL_WRITES   the baseline cell's writes by the three counts (wear.h):
**               what SQLite wrote into its files, what the process wrote,
**               what reached the device, whose count holds every other
**               writer of it, and the share its writes while sqlsoak
**               idled (run.json's device_idle) are of its rate during the
**               cells;
**   HL_WEAR     each cell's wear: the device's bytes a row and per million
**               rows at its largest full chunk, projected to --target-rows,
**               and with --need writes=R/s the bytes a day and a year,
**               least first;
**   HL_WAL      each WAL cell's WAL, bounded or growing as the table grew
**               (walsize.h), with its evidence;
**   HL_PACED    each paced writer's cell (--write-rate): its transactions'
**               latency from when they were due at its largest table, the
**               late and skipped, where their time went, or that it was
**               overloaded (paced.h).
** The text is plain UTF-8, one sentence a line, no markup: a caller that
** writes HTML escapes it.  A finding may carry its figures, each named,
** with its unit and what it is of (a cell, a journal mode), for a program
** (summary.json): the numbers its sentence was written from.
**
** Use:
**     struct headline h;
**     if (headline_load(dir, NULL, &h, err, sizeof err) == 0) {
**         for (int i = 0; i < h.n; i++)   use h.line[i].kind, h.line[i].text
**         headline_print(stdout, &h);
**     }
** headline_build does the same from records in memory (the unit tests').
** Nothing to free: struct headline holds its sentences.
*/
#ifndef SQLSOAK_HEADLINE_H
#define SQLSOAK_HEADLINE_H

#include "headlineint.h"

#include <stddef.h>
#include <stdio.h>

/* The sentences of in into *out (out->n 0 when no cell measured). */
void headline_build(const struct headline_input *in, struct headline *out);

/* The same from the results folder dir: summary.csv, chunks.csv and
** run.json (its preset, --rows and --baseline; baseline, when not NULL,
** overrides the one run.json records).  Returns 0, or -1 with one line in
** err (a file unreadable, a --baseline that names no cell). */
int headline_load(const char *dir, const char *baseline, struct headline *out, char *err,
                  size_t errlen);

/* The kind's word in summary.json: "scaling", "reader_wait". */
const char *headline_kind_name(enum headline_kind k);

/* Writes h to f as plain text: "headline:" and a sentence a line,
** indented; nothing when h has none. */
void headline_print(FILE *f, const struct headline *h);

#endif
