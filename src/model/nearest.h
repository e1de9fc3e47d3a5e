/*
** nearest: the word of a table a typo most likely meant ("runn": run,
** "--rwos": --rows, "wall": wal), for a "did you mean" beside an error.
**
** A word is a candidate when it is within Damerau-Levenshtein distance 2
** of what was typed (an adjacent transposition counting 1), less than
** the typed word's own length, or when the typed word is a prefix of it
** (of two letters or more); the nearest wins, a prefix counting as
** distance 3, the first offered among equals.  Cost: O(len^2) a word.
*/
#ifndef SQLSOAK_NEAREST_H
#define SQLSOAK_NEAREST_H

#include <stddef.h>

struct nearest {
    const char *typed;
    size_t len;                   /* typed's length: it need not end there */
    const char *best;             /* the nearest word offered so far, or NULL */
    int score;                    /* its distance, 3 for a prefix */
};

/* Starts a search for the word nearest to typed's first len bytes. */
void nearest_init(struct nearest *n, const char *typed, size_t len);

/* Offers word (not copied: it must outlive the search). */
void nearest_offer(struct nearest *n, const char *word);

/* Offers each word of a NULL-terminated table. */
void nearest_offer_all(struct nearest *n, const char *const *words);

/* The nearest word offered, or NULL when none is a candidate. */
const char *nearest_word(const struct nearest *n);

#endif
