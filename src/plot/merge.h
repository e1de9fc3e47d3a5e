/*
** merge: the shares of one matrix (`run --shard K/N`) merged into one
** results folder, in the steps `sqlsoak merge DIR... --out DIR`
** (cmd_merge.h) takes:
**
**   merge_check   every share loaded and checked whole; creates nothing
**   merge_write   the folder made and the shares joined into it; on a
**                 failure, what it made removed again
**   merge_hosts   the hosts the shares ran on, to say so
**   merge_free
**
** See merge.c.
*/
#ifndef SQLSOAK_MERGE_H
#define SQLSOAK_MERGE_H

#include <jansson.h>

#include <stddef.h>

/* The shares in hand and the folder they are joined into. */
struct merge {
    struct merge_share *s;      /* a share a folder given, in their order */
    int count;
    const char *out;            /* the folder made (--out): not owned */
};

/* The shares in folders dirs[0..count-1] (count >= 1) into *m, checked
** to be joined into out: each a finished share, of one plan, every share
** once, whole and agreeing with itself, of one sqlsoak's columns, out
** inside none.  Creates nothing.  Returns 0; 2 with err for bad input; 1
** with err out of memory.  Free m with merge_free either way. */
int merge_check(struct merge *m, char *const *dirs, int count, const char *out, char *err,
                size_t errlen);

/* The folder m->out made (with the folders above it that are missing) and
** the checked shares joined into it: chunks.csv, histograms.csv,
** timeline.csv, summary.csv, summary.json, run.json.  0, or -1 with err,
** every file and folder it made removed again. */
int merge_write(struct merge *m, char *err, size_t errlen);

/* "a, b, c", the hosts the shares ran on, into buf, when they ran on
** more than one; else "". */
void merge_hosts(const struct merge *m, char *buf, size_t n);

void merge_free(struct merge *m);

/* The options of a run's run.json (rj) that make its plan: all but those
** that say where it ran and how it was watched (--shard, --out, --db-dir,
** --progress...), which each board has its own.  A new reference. */
json_t *merge_plan_options(const json_t *rj);

#endif
