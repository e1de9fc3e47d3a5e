/*
** nearest: the word of a table a typo most likely meant.  See nearest.h.
*/
#include "nearest.h"

#include <string.h>

/* Words longer than this are no option's, command's or value's. */
#define WORD_MAX 63

/* The optimal-string-alignment distance of a[0..la) and b[0..lb): edits,
** with a swap of two adjacent letters one edit. */
static int distance(const char *a, size_t la, const char *b, size_t lb)
{
    int d[WORD_MAX + 1][WORD_MAX + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] != b[j - 1];
            int best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

void nearest_init(struct nearest *n, const char *typed, size_t len)
{
    n->typed = typed;
    n->len = len;
    n->best = NULL;
    n->score = 4;
}

void nearest_offer(struct nearest *n, const char *word)
{
    size_t lw = strlen(word);
    if (n->len > WORD_MAX || lw > WORD_MAX || n->len == 0)
        return;
    int score = distance(n->typed, n->len, word, lw);
    if (score > 2 || score >= (int)n->len)
        score = n->len >= 2 && lw > n->len && strncmp(word, n->typed, n->len) == 0 ? 3 : 4;
    if (score < n->score) {
        n->score = score;
        n->best = word;
    }
}

void nearest_offer_all(struct nearest *n, const char *const *words)
{
    for (int i = 0; words && words[i]; i++)
        nearest_offer(n, words[i]);
}

const char *nearest_word(const struct nearest *n)
{
    return n->score <= 3 ? n->best : NULL;
}
